"""The index arrays mapped from the array file beside the store, and the fallback to the store."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from klareco.artifacts import store_path
from klareco.corpus.store import Store, arrays_path, write_arrays
from klareco.integrity import CHECKSUMS_NAME, forget, install


def test_the_build_writes_the_arrays_beside_the_store_and_they_are_mapped(
        fixture_home: Path) -> None:
    path = store_path(fixture_home)
    assert arrays_path(path).is_file()
    with Store(path) as store:
        for name, dtype in (("bm25.indptr", np.int64), ("bm25.documents", np.int32),
                            ("bm25.weights", np.float32), ("trees.offsets", np.int64)):
            mapped = store.index_array(name, dtype)
            assert isinstance(mapped, np.memmap)
            assert mapped.tobytes() == store.index_blob(name)


def test_an_open_store_keeps_reading_its_own_array_file_after_a_new_one_is_installed(
        fixture_home: Path, tmp_path: Path) -> None:
    # a build installs its array file under the same name while a reader of the previous
    # build is open: the reader's offsets describe the file it opened, not the new one
    for name in (store_path(fixture_home).name, arrays_path(store_path(fixture_home)).name,
                 CHECKSUMS_NAME):
        shutil.copy(fixture_home / name, tmp_path / name)
    path = store_path(tmp_path)
    with Store(path) as store:
        before = store.index_array("bm25.weights", np.float32).copy()
        partial = tmp_path / ".arrays.partial"
        write_arrays(partial, {"other": b"\xff" * 64}, "another build")
        install(partial, arrays_path(path))
        assert np.array_equal(store.index_array("bm25.weights", np.float32), before)


def test_an_array_file_of_another_build_is_not_used(fixture_home: Path, tmp_path: Path) -> None:
    path = store_path(tmp_path)
    for name in (path.name, CHECKSUMS_NAME):
        shutil.copy(fixture_home / name, tmp_path / name)
    # installed as a build killed between the array file and its store leaves it
    partial = tmp_path / ".arrays.partial"
    write_arrays(partial, {"bm25.indptr": np.arange(3, dtype=np.int64).tobytes()},
                 "another build")
    install(partial, arrays_path(path))
    with Store(path) as store:
        read = store.index_array("bm25.indptr", np.int64)
        assert not isinstance(read, np.memmap)
        assert read.tobytes() == store.index_blob("bm25.indptr")
    forget(arrays_path(path))  # as a store built before array files
    arrays_path(path).unlink()
    with Store(path) as store:  # no array file at all: the store's own arrays
        assert store.index_array("bm25.weights", np.float32).size > 0


def test_arrays_of_every_size_round_trip(tmp_path: Path) -> None:
    from klareco.corpus.store import _read_array_header

    blobs = {"a": b"", "b": np.arange(5, dtype=np.int32).tobytes(), "c": b"x" * 130}
    write_arrays(tmp_path / "f.arrays", blobs, "fp")
    header = _read_array_header(tmp_path / "f.arrays")
    assert header is not None and header[0] == "fp"
    data = (tmp_path / "f.arrays").read_bytes()
    for name, (offset, size) in header[1].items():
        assert offset % 64 == 0 and data[offset:offset + size] == blobs[name]
