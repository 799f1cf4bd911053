"""The IVF index of large corpora: nprobe chosen for recall, and the build and load around it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import faiss
import numpy as np

from klareco.artifacts import dense_ivf_path, dense_paths, store_path
from klareco.corpus.store import Store, arrays_path
from klareco.integrity import CHECKSUMS_NAME, install
from klareco.retrieval.ivf import TARGET_RECALL, build_ivf, cells_for, recall_at


def _clustered(count: int, dim: int, centres: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    middle = rng.standard_normal((centres, dim)).astype(np.float32)
    points = middle[rng.integers(0, centres, count)] + 0.3 * rng.standard_normal(
        (count, dim)).astype(np.float32)
    return points / np.linalg.norm(points, axis=1, keepdims=True)


def test_recall_counts_the_exact_neighbours_found_ties_included() -> None:
    vectors = np.array([[1, 0], [1, 0], [0.8, 0.6], [0, 1]], dtype=np.float32)
    question = np.array([[1, 0]], dtype=np.float32)
    flat = faiss.IndexFlatIP(2)
    flat.add(vectors)
    exact_scores, exact = flat.search(question, 2)
    assert set(exact[0]) == {0, 1}
    # sentence 1 repeats sentence 0: either one is an exact neighbour
    assert recall_at(np.array([[1, 0]]), exact_scores, vectors, question) == 1.0
    assert recall_at(np.array([[1, 2]]), exact_scores, vectors, question) == 0.5
    assert recall_at(np.array([[3, -1]]), exact_scores, vectors, question) == 0.0


def test_nprobe_is_the_smallest_that_reaches_the_recall_target() -> None:
    vectors = _clustered(20_000, 32, 40, seed=1)
    questions = _clustered(200, 32, 40, seed=2)
    flat = faiss.IndexFlatIP(32)
    flat.add(vectors)
    choice = build_ivf(flat, questions)
    assert choice.nlist == cells_for(20_000) > 1
    assert choice.recall >= TARGET_RECALL
    assert choice.index.nprobe == choice.nprobe < choice.nlist  # it searches part of the cells
    exact_scores, _ = flat.search(questions, 100)
    choice.index.nprobe = max(1, choice.nprobe // 2)
    _, fewer = choice.index.search(questions, 100)
    if choice.nprobe > 1:  # fewer cells miss the target
        assert recall_at(fewer, exact_scores, vectors, questions) < TARGET_RECALL


def test_a_large_build_adds_an_ivf_index_that_the_dense_search_uses(fixture_home: Path,
                                                                    tmp_path: Path) -> None:
    from klareco.models.encoder import Encoder
    from klareco.models.numpy_encoder import NumpyEncoder
    from klareco.parse import parse
    from klareco.retrieval.dense import DenseIndex, build_dense

    home = tmp_path / "home"
    home.mkdir()
    store = store_path(fixture_home)
    for path in (store, arrays_path(store), fixture_home / CHECKSUMS_NAME):
        shutil.copy(path, home / path.name)
    encoder = Encoder.load()
    asked: list[int] = []

    def questions(store: Store, model: Encoder) -> np.ndarray:
        asked.append(store.count("sentences"))
        return model.encode([parse("Kiu mortigis Habelon?"), parse("Kie estas la reĝo?")])

    with Store(store_path(home)) as store:
        build_dense(store, encoder, home, progress=False, questions=questions, ivf_min=10**9)
        assert not dense_ivf_path(home).exists() and not asked  # a small corpus: exact only
        build_dense(store, encoder, home, progress=False, force=True, questions=questions,
                    ivf_min=1)
        assert asked and dense_ivf_path(home).is_file()
        meta = json.loads(dense_paths(home)[1].read_text())
        assert meta["ivf"]["recall@100"] >= TARGET_RECALL and meta["ivf"]["nprobe"] >= 1
        ivf_made = dense_ivf_path(home).stat().st_mtime_ns
        report = build_dense(store, encoder, home, progress=False, questions=questions,
                             ivf_min=1)
        assert report.up_to_date and dense_ivf_path(home).stat().st_mtime_ns == ivf_made
        flat_made = dense_paths(home)[0].stat().st_mtime_ns
        meta["ivf"]["rule"] = "an older rule"  # as an earlier version's build recorded it
        partial = home / ".meta.partial"
        partial.write_text(json.dumps(meta))
        install(partial, dense_paths(home)[1])
        report = build_dense(store, encoder, home, progress=False, questions=questions,
                             ivf_min=1)  # the IVF index alone is made again
        assert not report.up_to_date and dense_ivf_path(home).stat().st_mtime_ns != ivf_made
        assert dense_paths(home)[0].stat().st_mtime_ns == flat_made
        dense = DenseIndex.load(store, NumpyEncoder.load(), home)
        assert dense.ivf is not None
        query = encoder.encode([parse("Kiu mortigis Habelon?")])[0]
        positions, _ = dense.search(query, 5)
        _, exact = dense.index.search(query.reshape(1, -1), 5)
        assert list(positions) == list(exact[0])
