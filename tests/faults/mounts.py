"""Folders that cannot be written, and a nearly full disk, for the home cases."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tmpfs(where: Path, size: int) -> Iterator[Path]:
    """A tmpfs of ``size`` bytes mounted at ``where`` (skips the test where mounting is not
    allowed: it needs root, in a container that permits it)."""
    where.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                       check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as error:
        pytest.skip(f"cannot mount a tmpfs here ({error}): it needs root where mounting is "
                    "allowed")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False, capture_output=True)


@contextmanager
def read_only(where: Path, content: Path | None = None) -> Iterator[Path]:
    """A read-only folder at ``where``, holding a copy of ``content`` as ``where/home`` when
    given. As root, permission bits do not stop writes, so it is a tmpfs remounted
    read-only; as another user, the permission bits do."""
    if os.geteuid() != 0:
        where.mkdir(parents=True)
        if content is not None:
            shutil.copytree(content, where / "home")
        for folder in [where, *where.rglob("*")]:
            if folder.is_dir():
                folder.chmod(0o555)
        try:
            yield where
        finally:
            for folder in [where, *where.rglob("*")]:
                if folder.is_dir():
                    folder.chmod(0o755)
        return
    with tmpfs(where, 64 << 20):
        if content is not None:
            shutil.copytree(content, where / "home")
        subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True,
                       capture_output=True, timeout=30)
        yield where


def disk_use(folder: Path) -> int:
    """Bytes ``folder`` takes on a tmpfs: each file and folder rounded up to whole pages."""
    page = os.sysconf("SC_PAGE_SIZE")
    return sum(-(-max(p.stat().st_size, 1) // page) * page for p in [folder, *folder.rglob("*")])
