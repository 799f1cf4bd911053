"""The four ways a file is damaged in the suite, applied in place."""

from __future__ import annotations

import os
from pathlib import Path

BLOCK = 4096
FLIPPED = 64  # bytes inverted in the middle


def truncate(path: Path) -> None:
    """Cut the file to half its length."""
    os.truncate(path, path.stat().st_size // 2)


def flip(path: Path) -> None:
    """Invert ``FLIPPED`` bytes in the middle of the file."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    for n in range(middle, min(middle + FLIPPED, len(data))):
        data[n] ^= 0xFF
    _rewrite(path, bytes(data))


def zero(path: Path) -> None:
    """Overwrite a block in the middle of the file with zero bytes (to its end, if shorter)."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    end = min(middle + BLOCK, len(data))
    data[middle:end] = bytes(end - middle)
    _rewrite(path, bytes(data))


def delete(path: Path) -> None:
    path.unlink()


def _rewrite(path: Path, data: bytes) -> None:
    """Write in place, as a failing disk or a stray program would: same inode, same size."""
    with path.open("r+b") as handle:
        handle.write(data)


def damage_blob(store: Path, name: str, how: str) -> None:
    """Damage the index blob ``name`` inside the store (through SQLite, so the file stays a
    valid database and only the blob is wrong)."""
    import sqlite3

    db = sqlite3.connect(store)
    try:
        if how == "delete":
            db.execute("DELETE FROM index_blobs WHERE name = ?", (name,))
        else:
            data = bytearray(db.execute("SELECT data FROM index_blobs WHERE name = ?",
                                        (name,)).fetchone()[0])
            middle = len(data) // 2
            if how == "truncate":
                data = data[:middle]
            elif how == "flip":
                for n in range(middle, min(middle + FLIPPED, len(data))):
                    data[n] ^= 0xFF
            else:
                end = min(middle + BLOCK, len(data))
                data[middle:end] = bytes(end - middle)
            db.execute("UPDATE index_blobs SET data = ? WHERE name = ?", (bytes(data), name))
        db.commit()
    finally:
        db.close()


DAMAGES = {"truncate": truncate, "flip": flip, "zero": zero, "delete": delete}
