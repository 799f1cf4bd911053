"""The Tree-LSTM encoder: batching, word order, the model file and its vocabulary check."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from klareco.models.encoder import Encoder, ModelError, default_model_path
from klareco.parse import parse

SENTENCES = [
    "Petro helpis sian fraton Paŭlo sur la kampo.",
    "La hundo vidas la katon.",
    "Kiu estas Ofelio?",
    "En la vespero la reĝo konstruis la turon kaj la muron.",
    "Ho!",
    "La knabo, kiun mi vidis hieraŭ, diris, ke li venos morgaŭ al Parizo.",
]


@pytest.fixture(scope="module")
def encoder() -> Encoder:
    return Encoder.untrained(seed=3)


def vectors(encoder: Encoder, texts: list[str]) -> np.ndarray:
    return encoder.encode([parse(t) for t in texts])


def test_vectors_are_unit_length(encoder: Encoder) -> None:
    found = vectors(encoder, SENTENCES)
    assert found.shape == (len(SENTENCES), encoder.dim) and found.dtype == np.float32
    assert np.allclose(np.linalg.norm(found, axis=1), 1.0, atol=1e-5)


def test_batching_gives_the_same_vectors_as_one_at_a_time(encoder: Encoder) -> None:
    together = vectors(encoder, SENTENCES)
    alone = np.stack([vectors(encoder, [t])[0] for t in SENTENCES])
    assert np.abs(together - alone).max() < 1e-5


@pytest.mark.parametrize("orders", [
    ("La hundo vidas la katon.", "La katon vidas la hundo.", "Vidas la hundo la katon."),
    ("Kain mortigis Habelon sur la kampo.", "Sur la kampo Habelon mortigis Kain."),
])
def test_word_order_permutations_give_near_identical_vectors(encoder: Encoder,
                                                             orders: tuple[str, ...]) -> None:
    found = vectors(encoder, list(orders))
    assert (found @ found[0]).min() > 0.999


def test_different_roles_give_different_vectors(encoder: Encoder) -> None:
    found = vectors(encoder, ["La hundo vidas la katon.", "La kato vidas la hundon."])
    assert found[0] @ found[1] < 0.999


def test_saved_model_loads_with_weights_only(encoder: Encoder, tmp_path: Path) -> None:
    path = tmp_path / "m.pt"
    encoder.save(path, {"note": "test"})
    raw = torch.load(path, weights_only=True)
    assert raw["vocabulary_hash"] == encoder.vocabulary.hash
    loaded = Encoder.load(path)
    assert loaded.model_id.startswith("tree-lstm@")
    # stored in half precision: the vectors move only a little
    assert np.abs(vectors(loaded, SENTENCES) - vectors(encoder, SENTENCES)).max() < 2e-2


def test_vocabulary_mismatch_refuses_to_load(encoder: Encoder, tmp_path: Path) -> None:
    path = tmp_path / "m.pt"
    encoder.save(path)
    raw = torch.load(path, weights_only=True)
    raw["vocabulary_hash"] = "0" * 64
    torch.save(raw, path)
    with pytest.raises(ModelError, match="another vocabulary"):
        Encoder.load(path)


def test_not_a_model_file_fails_clearly(tmp_path: Path) -> None:
    path = tmp_path / "m.pt"
    path.write_bytes(b"not a model")
    with pytest.raises(ModelError, match="cannot read model file"):
        Encoder.load(path)
    with pytest.raises(ModelError, match="not found"):
        Encoder.load(tmp_path / "missing.pt")


def test_the_committed_model_loads() -> None:
    path = default_model_path()
    torch.load(path, weights_only=True)
    assert Encoder.load(path).dim > 0
