"""Checksums of what the build writes, recorded when it writes them and verified before use.

Every artefact of a data directory (the store, the dense index and its metadata) is moved into
place by ``install``, which records its size and checksum in ``checksums.json`` beside it
first. Readers call ``verify`` before they trust a file: a file that is missing, of another
size or with another checksum is a ``DamagedError`` naming it ("run `klareco build`").

What this costs at load time. Hashing is xxh3-128, about 7 times faster than blake2b on the
build's files (docs/measurements.md). Even so, hashing the default corpus's built files takes
about as long as the rest of loading the engine, so a verified file is remembered:
its checksum is stamped in Klareco's cache folder with the file's size, inode, modification
and change times. A later load whose ``stat`` still matches the stamp skips the hashing; any write
to the file (a byte flipped in place, a copy, a truncation) changes its change time, which no
program can set back, so the file is hashed again. Damage that bypasses the file system (a
failing disk) keeps the stamp valid: ``klareco doctor`` hashes everything, and the query-time
checks (finite scores, unit vectors, readable rows) catch what a question touches.

The install protocol keeps a killed build harmless: the new checksum is added to the file's
accepted ones before the rename and the old one dropped after it, so at every moment the file
in place matches a recorded checksum.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import xxhash

from klareco.config import cache_home
from klareco.errors import DamagedError

ALGORITHM = "xxh3_128"
CHECKSUMS_NAME = "checksums.json"  # in each data directory: what the build wrote there
STAMPS_NAME = "verified.json"  # in the cache folder: files hashed since their last change
_CHUNK = 1 << 22
_HASHERS: dict[str, Callable[[], Any]] = {ALGORITHM: xxhash.xxh3_128, "sha256": hashlib.sha256}


def digest_bytes(data: bytes | memoryview) -> str:
    """The checksum of bytes held in memory (index blobs)."""
    return xxhash.xxh3_128_hexdigest(data)


def file_digest(path: Path, algorithm: str = ALGORITHM, *, remember: bool = False) -> str:
    """The checksum of a file. With ``remember``, a file unchanged since it was last hashed
    (the stamp's ``stat`` matches) is not read again."""
    if remember:
        stamped = _stamped_digest(path, algorithm)
        if stamped is not None:
            return stamped
    hasher = _HASHERS[algorithm]()
    # Read in chunks, not mapped: a file cut short while mapped kills the process (SIGBUS).
    buffer = bytearray(_CHUNK)
    view = memoryview(buffer)
    with path.open("rb", buffering=0) as handle:
        while count := handle.readinto(buffer):
            hasher.update(view[:count])
    digest = hasher.hexdigest()
    if remember:
        _stamp(path, algorithm, digest)
    return digest


# --------------------------------------------------------------------------- the record


def checksums_path(home: Path) -> Path:
    return home / CHECKSUMS_NAME


def recorded(home: Path) -> dict[str, list[dict[str, Any]]]:
    """Each artefact's accepted ``{"size", "digest"}`` entries (usually one) in ``home``;
    ``DamagedError`` when the record is missing or unreadable."""
    path = checksums_path(home)
    try:
        payload = json.loads(path.read_bytes())
        files = payload["files"]
        if payload["algorithm"] != ALGORITHM or not isinstance(files, dict):
            raise ValueError(f"not a record of {ALGORITHM} checksums")
    except FileNotFoundError:
        raise DamagedError(path, "missing: nothing records what the build wrote") from None
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise DamagedError(path, f"unreadable: {error}") from None
    return files


def _recorded_or_empty(home: Path) -> dict[str, list[dict[str, Any]]]:
    try:
        return recorded(home)
    except DamagedError:
        return {}  # a build rewrites a damaged record; what it lost is rebuilt


def _write_record(home: Path, files: dict[str, list[dict[str, Any]]]) -> None:
    payload = json.dumps({"algorithm": ALGORITHM, "files": files}, indent=1, sort_keys=True)
    _write_atomically(checksums_path(home), payload.encode())


def install(partial: Path, target: Path) -> None:
    """Move the finished file ``partial`` to ``target``, its checksum recorded first (see the
    module's docstring); afterwards ``target`` is known verified."""
    with partial.open("rb") as handle:
        os.fsync(handle.fileno())  # its bytes are on disk before any record names them
    entry = {"size": partial.stat().st_size, "digest": file_digest(partial)}
    home, name = target.parent, target.name
    files = _recorded_or_empty(home)
    accepted = [e for e in files.get(name, []) if e != entry] if target.exists() else []
    files[name] = accepted + [entry]
    _write_record(home, files)
    os.replace(partial, target)
    files[name] = [entry]
    _write_record(home, files)
    _stamp(target, ALGORITHM, entry["digest"])


def forget(target: Path) -> None:
    """Drop ``target``'s record (before the file itself is removed)."""
    files = _recorded_or_empty(target.parent)
    if files.pop(target.name, None) is not None:
        _write_record(target.parent, files)


def verify(path: Path, *, full: bool = False) -> None:
    """``DamagedError`` unless ``path`` is as the build recorded it. Cheap when the file is
    unchanged since it was last verified; ``full`` hashes it regardless."""
    accepted = recorded(path.parent).get(path.name)
    if not accepted:
        raise DamagedError(path, f"no checksum of it in {CHECKSUMS_NAME}")
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DamagedError(path, "missing") from None
    if size not in {e["size"] for e in accepted}:
        expected = " or ".join(f"{e['size']:,}" for e in accepted)
        raise DamagedError(path, f"{size:,} bytes where the build wrote {expected}")
    digests = {e["digest"] for e in accepted}
    if not full and _stamped_digest(path, ALGORITHM) in digests:
        return
    try:
        digest = file_digest(path)
    except OSError as error:
        raise DamagedError(path, f"unreadable: {error.strerror or error}") from None
    if digest not in digests:
        raise DamagedError(path, "its checksum differs from the one recorded when it was built")
    _stamp(path, ALGORITHM, digest)


def is_intact(path: Path) -> bool:
    """Whether ``path`` is as the build recorded it, fully hashed (the build's own check
    before it keeps a file)."""
    try:
        verify(path, full=True)
    except DamagedError:
        return False
    return True


# --------------------------------------------------------------------------- stamps


def _stamps_path() -> Path:
    return cache_home() / STAMPS_NAME


def _signature(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]


_stamps_seen: tuple[Path, list[int] | None, dict[str, Any]] | None = None


def _read_stamps() -> dict[str, Any]:
    """The stamps, parsed once per process while their file is unchanged."""
    global _stamps_seen
    path = _stamps_path()
    signature = _signature(path)
    if _stamps_seen is not None and _stamps_seen[:2] == (path, signature):
        return _stamps_seen[2]
    try:
        stamps = json.loads(path.read_bytes())
    except (OSError, ValueError):
        stamps = {}
    stamps = stamps if isinstance(stamps, dict) else {}
    _stamps_seen = (path, signature, stamps)
    return stamps


def _stamped_digest(path: Path, algorithm: str) -> str | None:
    stamp = _read_stamps().get(f"{algorithm}:{path.resolve()}")
    signature = _signature(path)
    if isinstance(stamp, dict) and signature is not None and stamp.get("stat") == signature:
        return stamp.get("digest")
    return None


def _stamp(path: Path, algorithm: str, digest: str) -> None:
    """Remember that ``path``, as it is now, has ``digest``. Best effort: a cache folder that
    cannot be written only means hashing again next time."""
    signature = _signature(path)
    if signature is None:
        return
    stamps = {key: value for key, value in dict(_read_stamps()).items()
              if Path(key.split(":", 1)[-1]).exists()}  # forget files that are gone
    stamps[f"{algorithm}:{path.resolve()}"] = {"stat": signature, "digest": digest}
    try:
        _stamps_path().parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(_stamps_path(), json.dumps(stamps).encode())
    except OSError:
        pass


def _write_atomically(path: Path, data: bytes) -> None:
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with partial.open("wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
