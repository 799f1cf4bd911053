"""The stamps that keep verification cheap: a file unchanged since it was hashed is not read
again, and any write to it, even one that restores its size and modification time, makes it
hashed again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from klareco import integrity
from klareco.errors import DamagedError


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    partial = tmp_path / ".artefact.partial"
    partial.write_bytes(b"built bytes " * 1000)
    integrity.install(partial, tmp_path / "artefact")
    return tmp_path / "artefact"


def _no_hashing(*_: object, **__: object) -> str:
    raise AssertionError("the file was hashed")


def test_an_unchanged_file_is_not_read_again(installed: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(integrity, "file_digest", _no_hashing)
    integrity.verify(installed)  # the build's stamp stands
    with pytest.raises(AssertionError, match="hashed"):
        integrity.verify(installed, full=True)  # the doctor's check always reads


def test_a_write_that_restores_size_and_time_is_still_seen(installed: Path) -> None:
    before = installed.stat()
    data = bytearray(installed.read_bytes())
    data[100] ^= 0x01
    with installed.open("r+b") as handle:
        handle.write(data)
    os.utime(installed, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert installed.stat().st_size == before.st_size
    with pytest.raises(DamagedError, match="checksum differs"):
        integrity.verify(installed)


def test_a_file_copied_elsewhere_is_hashed_there(installed: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in (installed.name, integrity.CHECKSUMS_NAME):
        (copy / name).write_bytes((installed.parent / name).read_bytes())
    hashed = []
    real = integrity.file_digest
    monkeypatch.setattr(integrity, "file_digest",
                        lambda path, *a, **k: hashed.append(path) or real(path, *a, **k))
    integrity.verify(copy / installed.name)
    integrity.verify(copy / installed.name)
    assert hashed == [copy / installed.name]  # once, then stamped
