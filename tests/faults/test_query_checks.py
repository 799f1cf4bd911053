"""Damage the checksums cannot see: a file changed under a stamp that still says "verified"
(as a failing disk would change it, without the file system knowing). The checks made while
answering still refuse: every vector a question reads is a finite unit vector, every index
blob matches its own checksum, and SQLite errors or missing rows name the store."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import faiss
import numpy as np
import pytest

from klareco import integrity
from klareco.artifacts import DENSE_INDEX_NAME, STORE_NAME
from klareco.corpus.store import arrays_path
from klareco.retrieval.search import Searcher
from tests.faults.conftest import QUESTION, Outcome
from tests.faults.damage import damage_blob


def _as_if_unchanged(path: Path) -> None:
    """Stamp ``path`` as verified with the checksum the build recorded, whatever it holds
    now: what a stamp taken before the disk changed the file looks like."""
    digest = integrity.recorded(path.parent)[path.name][0]["digest"]
    integrity._stamp(path, integrity.ALGORITHM, digest)


def _top_position(home: Path) -> int:
    searcher = Searcher.load(home, "hybrid")
    try:
        return searcher.search(QUESTION, 1).hits[0].position
    finally:
        searcher.close()


def _overwrite_vector(path: Path, position: int, values: np.ndarray) -> None:
    """Write ``values`` over the stored vector at ``position`` of a flat FAISS file (its
    vectors are the file's last ntotal × d float32 values)."""
    index = faiss.read_index(str(path))
    row = index.d * 4
    offset = path.stat().st_size - index.ntotal * row + position * row
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(np.broadcast_to(values.astype(np.float32), (index.d,)).tobytes())


@pytest.mark.parametrize("value", [2.6e37, np.nan, 0.0, 0.9 / np.sqrt(512)],
                         ids=["huge", "nan", "zero", "norm-0.9"])
@pytest.mark.parametrize("retriever", ["hybrid", "dense"])
def test_a_damaged_vector_a_question_reads_is_refused(home: Path,
                                                      klareco: Callable[..., Outcome],
                                                      value: float, retriever: str) -> None:
    path = home / DENSE_INDEX_NAME
    position = _top_position(home)
    _overwrite_vector(path, position, np.array([value]))
    _as_if_unchanged(path)
    outcome = klareco("ask", "--retriever", retriever, QUESTION)
    # (dense: the fixture's 22 sentences are all among a question's 100 neighbours; over a
    # large corpus a whole-index search reads, and checks, only the vectors it returns)
    line = outcome.assert_one_error(1, DENSE_INDEX_NAME)
    assert "stored vector" in line and outcome.out == ""


def test_a_damaged_index_blob_is_refused_by_its_own_checksum(
        home: Path, klareco: Callable[..., Outcome]) -> None:
    arrays = arrays_path(home / STORE_NAME)  # without its array file the store reads blobs
    integrity.forget(arrays)
    arrays.unlink()
    damage_blob(home / STORE_NAME, "bm25.weights", "flip")
    _as_if_unchanged(home / STORE_NAME)
    klareco("search", "--retriever", "bm25", QUESTION).assert_one_error(
        1, STORE_NAME, "'bm25.weights' differs from its checksum")


def test_a_missing_sentence_row_is_refused(home: Path,
                                           klareco: Callable[..., Outcome]) -> None:
    db = sqlite3.connect(home / STORE_NAME)
    db.execute("DELETE FROM sentences WHERE text LIKE '%Tobio helpis%'")
    db.commit()
    db.close()
    _as_if_unchanged(home / STORE_NAME)
    line = klareco("ask", QUESTION).assert_one_error(1, STORE_NAME)
    assert "missing" in line


def test_a_damaged_sqlite_page_is_refused(home: Path,
                                          klareco: Callable[..., Outcome]) -> None:
    path = home / STORE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    found = data.find(b"Tobio helpis")
    assert found > 0
    start = found - found % page
    data[start:start + page] = bytes(page)
    with path.open("r+b") as handle:
        handle.write(bytes(data))
    _as_if_unchanged(path)
    klareco("ask", QUESTION).assert_one_error(1, STORE_NAME)
