"""Where Klareco keeps what it builds: one home for that fact."""

import fcntl
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from klareco.errors import writing


def data_home() -> Path:
    """The data directory: ``$KLARECO_HOME`` if set, else the per-user data dir.

    Built artefacts (corpus copy, SQLite store, indexes) live here, never in git.
    """
    explicit = os.environ.get("KLARECO_HOME")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "klareco"


def prepare_home(home: Path) -> None:
    """Make sure a build can write ``home``: create it if needed and write a scratch file.
    ``HomeError`` naming the path and why (read-only, not a directory, no space …) before
    anything is fetched or built."""
    with writing(home):
        home.mkdir(parents=True, exist_ok=True)
        descriptor, probe = tempfile.mkstemp(prefix=".write-test.", suffix=".partial", dir=home)
        os.close(descriptor)
        os.unlink(probe)


def remove_partials(home: Path) -> None:
    """Files a killed build left half-written (each writer names them ``.NAME.*.partial``);
    never a finished artefact."""
    for leftover in home.glob(".*.partial"):
        if leftover.is_file():
            leftover.unlink(missing_ok=True)


BUILD_LOCK = ".build.lock"


@contextmanager
def build_lock(home: Path) -> Iterator[None]:
    """Hold ``home``'s build lock: one build at a time writes a data directory. A second build
    (``klareco ask`` building what is missing while ``klareco build`` runs, a server's child
    build) waits here, then finds the first one's work done; without the lock each removed the
    other's half-written files. The kernel releases it when a build dies."""
    with writing(home):
        home.mkdir(parents=True, exist_ok=True)
        handle = (home / BUILD_LOCK).open("a")
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another build of {home} to finish …", file=sys.stderr,
                  flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def cache_home() -> Path:
    """Where Klareco keeps what it can remake at any time (the built grammar parsers):
    ``$XDG_CACHE_HOME/klareco``, else ``~/.cache/klareco``."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "klareco"


def project_root() -> Path:
    """The source checkout this package was installed from (editable installs and tests)."""
    return Path(__file__).resolve().parent.parent


def shipped_file(folder: str, name: str) -> Path:
    """A file that ships inside the package: ``weights`` (the trained models, ``models/`` in
    the checkout) or ``sources`` (the corpus manifest, ``corpus/`` in the checkout)."""
    return Path(str(resources.files(f"klareco.{folder}") / name))


def default_mirror() -> Path | None:
    """``../shared/corpus`` beside the checkout, where tests and CI find the default corpus."""
    candidate = project_root().parent / "shared" / "corpus"
    return candidate if (candidate / "sources.json").is_file() else None


def default_dev_set() -> Path | None:
    """``../shared/eval/qa-dev.jsonl`` beside the checkout, when it is there."""
    candidate = project_root().parent / "shared" / "eval" / "qa-dev.jsonl"
    return candidate if candidate.is_file() else None


DEV_FILES = ("qa-dev.jsonl", "qa-dev-2.jsonl")  # the development set: both files, one union


def default_dev_sets() -> list[Path]:
    """Every file of the development set beside the checkout (``../shared/eval``)."""
    folder = project_root().parent / "shared" / "eval"
    return [folder / name for name in DEV_FILES if (folder / name).is_file()]
