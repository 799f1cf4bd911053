"""Fetch the corpus files named in the manifest, verifying every byte.

Copying from a local mirror and downloading from upstream are one code path: a mirror file is
read through a ``file://`` URL, exactly as an ``https://`` one is downloaded, and the same size
and sha256 checks apply. Fetching is atomic: files land in a temporary folder beside the
destination, and only when every one of them has been verified are they moved into place.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from tqdm import tqdm

from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Manifest, Source, load_manifest
from klareco.errors import cannot_write
from klareco.integrity import file_digest

CHUNK_SIZE = 1 << 16
DEFAULT_TIMEOUT_S = 60.0
DEFAULT_ATTEMPTS = 3
USER_AGENT = "klareco-corpus-fetch"


class _TransferError(Exception):
    """A transfer that broke or delivered the wrong bytes."""

    def __init__(self, message: str, hint: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.hint = hint
        self.retryable = retryable


@dataclass(frozen=True)
class FetchReport:
    """What a fetch did: the sources it wrote and those already present and verified."""

    dest_dir: Path
    fetched: tuple[str, ...] = field(default=())
    skipped: tuple[str, ...] = field(default=())


def source_location(source: Source, mirror: Path | None) -> str:
    """The URL bytes for ``source`` are read from: the mirror's file, else upstream."""
    if mirror is None:
        return source.url
    return (Path(mirror).resolve() / source.file).as_uri()


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file."""
    return file_digest(path, "sha256")


def fetch(
    dest_dir: Path | str,
    mirror: Path | str | None = None,
    progress: bool = True,
    *,
    manifest: Manifest | Path | str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    attempts: int = DEFAULT_ATTEMPTS,
    backoff_s: float = 1.0,
) -> FetchReport:
    """Make ``dest_dir`` hold every manifest file, byte-exact, each verified by its sha256.

    ``mirror``: a folder laid out like the manifest's ``file`` paths (e.g. ``../shared/corpus``);
    without it files are downloaded from their pinned upstream URLs. Files already in
    ``dest_dir`` with the right sha256 are kept. Raises ``CorpusError`` naming the file and the
    fix when a file is missing, damaged or cannot be downloaded; ``dest_dir`` is then unchanged.
    A broken download is tried up to ``attempts`` times, waiting ``backoff_s`` × try between;
    ``timeout`` bounds each network operation.
    """
    dest = Path(dest_dir)
    mirror_dir = Path(mirror) if mirror is not None else None
    if mirror_dir is not None and not mirror_dir.is_dir():
        raise CorpusError(
            f"Corpus mirror {mirror_dir} is not a folder; point --mirror at a copy of the corpus "
            "(such as ../shared/corpus) or leave it out to download from upstream."
        )
    if not isinstance(manifest, Manifest):
        manifest = load_manifest(manifest)

    wanted: list[Source] = []
    skipped: list[str] = []
    for source in manifest:
        present = dest / source.file
        if present.is_file() and sha256_of(present) == source.sha256:
            skipped.append(source.id)
        else:
            wanted.append(source)
    if not wanted:
        return FetchReport(dest, (), tuple(skipped))

    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}.partial-", dir=dest.parent))
    try:
        total = sum(source.bytes for source in wanted)
        show = progress and sys.stderr.isatty()
        with tqdm(total=total, unit="B", unit_scale=True, desc="corpus", disable=not show) as bar:
            for source in wanted:
                location = source_location(source, mirror_dir)
                _fetch_one(
                    source,
                    location,
                    staging / source.file,
                    timeout,
                    attempts,
                    backoff_s,
                    bar.update,
                )
        _move_into_place(staging, dest, wanted)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return FetchReport(dest, tuple(source.id for source in wanted), tuple(skipped))


def _move_into_place(staging: Path, dest: Path, sources: list[Source]) -> None:
    """Move verified files from ``staging`` into ``dest``; one rename when dest is new."""
    if not dest.exists():
        # The whole verified tree appears at once.
        os.replace(staging, dest)
        return
    for source in sources:
        target = dest / source.file
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging / source.file, target)


def _fetch_one(
    source: Source,
    location: str,
    target: Path,
    timeout: float,
    attempts: int,
    backoff_s: float,
    on_bytes: Callable[[int], None],
) -> None:
    """Copy one source to ``target`` and verify it, trying again after a broken transfer."""
    target.parent.mkdir(parents=True, exist_ok=True)
    attempts = max(1, attempts)
    last_problem = ""
    hint = "Check the network (or the mirror) and run the fetch again"
    for attempt in range(1, attempts + 1):
        try:
            _transfer(source, location, target, timeout, on_bytes)
            return
        except FileNotFoundError:
            raise CorpusError(
                f"{source.file} is missing from the corpus mirror ({location}); point --mirror "
                "at a complete copy of the corpus or leave it out to download from upstream."
            ) from None
        except _TransferError as problem:
            last_problem, hint = str(problem), problem.hint
            if not problem.retryable:
                target.unlink(missing_ok=True)
                break
        except urllib.error.HTTPError as error:
            if error.code == 404:
                raise CorpusError(
                    f"{source.file} was not found upstream ({location}, HTTP 404); the pinned "
                    "commit may be gone: fetch from a mirror with --mirror DIR."
                ) from None
            last_problem = f"HTTP {error.code} {error.reason}"
        except urllib.error.URLError as error:
            if isinstance(error.reason, FileNotFoundError):
                raise CorpusError(
                    f"{source.file} is missing from the corpus mirror ({location}); point "
                    "--mirror at a complete copy of the corpus or leave it out to download "
                    "from upstream."
                ) from None
            last_problem = f"cannot connect: {error.reason}"
        except (OSError, http.client.HTTPException) as error:
            last_problem = f"{type(error).__name__}: {error}"
        target.unlink(missing_ok=True)
        if attempt < attempts:
            time.sleep(backoff_s * attempt)
    raise CorpusError(
        f"Could not fetch {source.file} from {location}: {last_problem}. {hint}; "
        "the corpus folder was left unchanged."
    )


def _transfer(
    source: Source,
    location: str,
    target: Path,
    timeout: float,
    on_bytes: Callable[[int], None],
) -> None:
    """Stream ``location`` into ``target``; raise ``_TransferError`` unless size and hash match."""
    local = location.startswith("file:")
    request = urllib.request.Request(location, headers={"User-Agent": USER_AGENT})
    digest = hashlib.sha256()
    received = 0
    with urllib.request.urlopen(request, timeout=timeout) as response, \
            _writable(target) as out:
        length = response.headers.get("Content-Length") if not local else None
        declared = int(length) if length and length.isdigit() else None
        while True:
            try:
                chunk = response.read(CHUNK_SIZE)
            except http.client.IncompleteRead as error:
                raise _TransferError(
                    f"the transfer was cut short after {received + len(error.partial)} of "
                    f"{source.bytes} bytes",
                    "Check the network and run the fetch again",
                ) from None
            if not chunk:
                break
            try:
                out.write(chunk)
            except OSError as error:  # the disk, not the transfer: trying again cannot help
                raise cannot_write(target.parent, error) from None
            digest.update(chunk)
            received += len(chunk)
            on_bytes(len(chunk))
    if declared is not None and received < declared:
        # The server promised more than it sent: a broken transfer, even if the bytes so far
        # happen to be complete.
        raise _TransferError(
            f"the transfer was cut short after {received} of the {declared} bytes announced",
            "Check the network and run the fetch again",
        )
    if received != source.bytes:
        raise _TransferError(
            f"received {received} of the expected {source.bytes} bytes (truncated or changed)",
            _mismatch_hint(local),
            retryable=not local,
        )
    if digest.hexdigest() != source.sha256:
        raise _TransferError(
            f"checksum mismatch: expected sha256 {source.sha256}, got {digest.hexdigest()} "
            "(the file differs from the pinned version)",
            _mismatch_hint(local),
            retryable=not local,
        )


def _writable(target: Path) -> BinaryIO:
    try:
        return target.open("wb")
    except OSError as error:
        raise cannot_write(target.parent, error) from None


def _mismatch_hint(local: bool) -> str:
    """What to do when the bytes are not the pinned ones."""
    if local:
        return (
            "The mirror's copy is not the pinned version: re-sync the mirror from upstream, or "
            "leave out --mirror to download"
        )
    return (
        "Run the fetch again; if it keeps failing, upstream changed and corpus/sources.json "
        "needs review (scripts/make_manifest.py)"
    )
