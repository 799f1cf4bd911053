"""Fixtures shared by several test folders."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from klareco.build import build_all, build_store
from klareco.config import default_mirror
from klareco.corpus.manifest import Manifest


@pytest.fixture(scope="session")
def fixture_sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Manifest]:
    """A mirror folder holding the small fixture sources (a drama, Genesis) and their
    manifest."""
    from tests.corpus.conftest import FIXTURES, make_source

    root = tmp_path_factory.mktemp("mirror")
    layout = [("drama", "tekstaro/drama.xml", "drama.xml", "tei-xml"),
              ("GEN", "biblio/01-GENepo.usfm", "book.usfm", "usfm")]
    sources = []
    for source_id, file, name, fmt in layout:
        data = (FIXTURES / name).read_bytes()
        (root / file).parent.mkdir(parents=True, exist_ok=True)
        (root / file).write_bytes(data)
        sources.append(make_source(source_id, file, data, fmt))
    return root, Manifest(tuple(sources))


@pytest.fixture(scope="session")
def fixture_home(tmp_path_factory: pytest.TempPathFactory,
                 fixture_sources: tuple[Path, Manifest]) -> Path:
    """A data directory with a store built from the small fixture sources (a drama, Genesis)."""
    mirror, manifest = fixture_sources
    home = tmp_path_factory.mktemp("home")
    build_store(home, mirror, manifest=manifest, progress=False, workers=1)
    return home


@pytest.fixture(scope="session")
def dense_fixture_home(fixture_home: Path) -> Path:
    """The fixture store with its dense index (made with torch, as `klareco build` does)."""
    from klareco.artifacts import store_path
    from klareco.corpus.store import Store
    from klareco.models.encoder import Encoder
    from klareco.retrieval.dense import build_dense

    with Store(store_path(fixture_home)) as store:
        build_dense(store, Encoder.load(), fixture_home, progress=False)
    return fixture_home


@pytest.fixture(scope="session")
def real_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory built from the default corpus (../shared/corpus): store and dense
    index, built once per test session (about 90 s)."""
    mirror = default_mirror()
    if mirror is None:
        pytest.skip("../shared/corpus is not beside the checkout")
    home = tmp_path_factory.mktemp("klareco-home")
    build_all(home, mirror, progress=False)
    return home


def damaged_copy(home: Path, tmp_path: Path) -> Path:
    """A copy of ``home`` whose BM25 weights are NaN, as a damaged store can give them."""
    from klareco.artifacts import store_path

    copy = tmp_path / "damaged"
    shutil.copytree(home, copy)
    with sqlite3.connect(store_path(copy)) as db:
        size = len(db.execute("SELECT data FROM index_blobs WHERE name = 'bm25.weights'"
                              ).fetchone()[0])
        nan = np.full(size // 4, np.nan, dtype=np.float32).tobytes()
        db.execute("UPDATE index_blobs SET data = ? WHERE name = 'bm25.weights'", (nan,))
    return copy
