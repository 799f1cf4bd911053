"""The numpy Tree-LSTM answering uses: the torch encoder's vectors, from the model's mirror."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from klareco.experts.factoid import RANKER_PATH
from klareco.experts.factoid.model import Ranker
from klareco.models.encoder import Encoder
from klareco.models.files import ModelError, mirror_path
from klareco.models.numpy_encoder import NumpyEncoder, default_model_path
from klareco.parse import parse

SENTENCES = [
    "Petro helpis sian fraton Paŭlo sur la kampo.",
    "Kiun helpis Petro?",
    "La knabo, kiun mi vidis hieraŭ, diris, ke li venos morgaŭ al Parizo.",
    "Ho!",
    "Kie naskiĝis la reĝo, kiam lia patro mortis?",
]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("model") / "m.pt"
    Encoder.untrained(seed=5, embedding_dim=24, hidden_dim=32, output_dim=16).save(
        path, {"note": "test"})
    return path


def test_numpy_gives_the_torch_vectors(saved: Path) -> None:
    sentences = [parse(text) for text in SENTENCES]
    torch_vectors = Encoder.load(saved).encode(sentences)
    numpy_encoder = NumpyEncoder.load(saved)
    together = numpy_encoder.encode(sentences)
    alone = np.stack([numpy_encoder.encode([s])[0] for s in sentences])
    assert together.dtype == np.float32 and together.shape == torch_vectors.shape
    assert np.abs(together - torch_vectors).max() < 1e-5
    assert np.abs(alone - torch_vectors).max() < 1e-5
    assert numpy_encoder.encode([]).shape == (0, numpy_encoder.dim)


def test_its_products_run_on_the_calling_thread_alone(saved: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # OpenBLAS's own threads spin between products and take the CPU from the rest of an
    # answer; the limit holds during the forward pass only, and the caller's setting returns
    from threadpoolctl import threadpool_info

    import klareco.models.numpy_encoder as module

    def blas_threads() -> list[int]:
        return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]

    encoder = NumpyEncoder.load(saved)
    seen: list[list[int]] = []
    hidden = module.NumpyEncoder._hidden

    def watched(self: NumpyEncoder, stacked: object) -> np.ndarray:
        seen.append(blas_threads())
        return hidden(self, stacked)

    monkeypatch.setattr(module.NumpyEncoder, "_hidden", watched)
    before = blas_threads()
    encoder.encode([parse(SENTENCES[0])])
    assert seen and seen[0] and all(count == 1 for count in seen[0])
    assert blas_threads() == before


def test_both_encoders_name_the_model_alike(saved: Path) -> None:
    numpy_encoder, torch_encoder = NumpyEncoder.load(saved), Encoder.load(saved)
    assert numpy_encoder.model_id == torch_encoder.model_id
    assert numpy_encoder.dim == torch_encoder.dim == 16
    assert numpy_encoder.metadata == torch_encoder.metadata == {"note": "test"}


def test_a_mirror_of_another_model_file_is_refused(saved: Path, tmp_path: Path) -> None:
    path = tmp_path / "m.pt"
    shutil.copy(saved, path)
    shutil.copy(mirror_path(saved), mirror_path(path))
    Encoder.untrained(seed=6, embedding_dim=8, hidden_dim=8, output_dim=8).save(path)
    shutil.copy(mirror_path(saved), mirror_path(path))  # the old mirror beside the new file
    with pytest.raises(ModelError, match="m.pt is damaged, or was changed without its mirror"):
        NumpyEncoder.load(path)
    mirror_path(path).unlink()
    with pytest.raises(ModelError, match="export_weights.py"):
        NumpyEncoder.load(path)


def test_the_committed_models_and_their_mirrors_belong_together() -> None:
    path = default_model_path()
    assert NumpyEncoder.load(path).model_id == Encoder.load(path).model_id
    assert Ranker.load(RANKER_PATH).weights
