"""The Dask build equals the single-process build, byte for byte (on the fixture sources)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from klareco.artifacts import dense_paths, store_path
from klareco.build import build_all
from klareco.corpus.manifest import Manifest

pytest.importorskip("dask.distributed")


def _store_contents(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table; the build's own timing left out of its stats."""
    db = sqlite3.connect(path)
    try:
        tables = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        contents = {table: db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
                    for table in tables}
    finally:
        db.close()
    info = dict(contents.pop("build_info"))
    stats = json.loads(info.pop("stats"))
    stats.pop("index_seconds")
    contents["build_info"] = sorted(info.items()) + [("stats", json.dumps(stats))]
    return contents


def test_the_dask_build_on_two_workers_equals_the_single_process_build(
        tmp_path: Path, fixture_corpus: Path, fixture_manifest: Manifest,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from dask.distributed import LocalCluster

    import klareco.distributed
    import klareco.retrieval.dense

    # small partitions and batches, so the fixture corpus makes several of each
    monkeypatch.setattr(klareco.distributed, "PARSE_PARTITION", 10)
    monkeypatch.setattr(klareco.distributed, "ENCODE_PARTITION_BATCHES", 2)
    monkeypatch.setattr(klareco.retrieval.dense, "ENCODE_BATCH", 4)
    single, distributed = tmp_path / "single", tmp_path / "dask"
    one = build_all(single, fixture_corpus, manifest=fixture_manifest, progress=False)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        two = build_all(distributed, fixture_corpus, manifest=fixture_manifest,
                        progress=False, dask=cluster.scheduler_address)
    assert one.corpus.sentences == two.corpus.sentences > 3 * 10  # several partitions
    assert two.corpus.parsed == two.corpus.sentences
    assert _store_contents(store_path(single)) == _store_contents(store_path(distributed))
    single_index, single_meta = dense_paths(single)
    dask_index, dask_meta = dense_paths(distributed)
    assert single_index.read_bytes() == dask_index.read_bytes()  # every vector, every bit
    assert json.loads(single_meta.read_text())["count"] == one.corpus.sentences
    assert not list(distributed.glob(".partitions*"))  # partition files are removed


def test_an_unreachable_scheduler_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import klareco.distributed
    from klareco.distributed import dask_client
    from klareco.errors import KlarecoError

    monkeypatch.setattr(klareco.distributed, "CONNECT_SECONDS", 1)
    with pytest.raises(KlarecoError, match="Dask scheduler"):
        with dask_client("tcp://127.0.0.1:9"):
            pass
