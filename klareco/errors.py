"""The project's own exceptions, and the one place that turns any failure a person can cause or
meet (bad input, a damaged build, a home that cannot be written) into one line and an exit
code. The CLI prints ``error: <line>``; other front ends can show the same line."""

from __future__ import annotations

import errno
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BUILD_FIX = "run `klareco build`"


class KlarecoError(Exception):
    """Base class of every error Klareco raises on purpose.

    The message is meant for a person: it says what went wrong and, where there is one, the fix.
    """

    exit_code = 1


class InputError(KlarecoError, ValueError):
    """The text or file a person gave cannot be used (empty, not UTF-8, malformed)."""

    exit_code = 2  # as click's usage errors: the command was asked the wrong thing


class EmptyInputError(InputError):
    """The text holds nothing to work on (empty, only whitespace or control characters)."""


class DamagedError(KlarecoError):
    """A built file is missing, cut short or changed since the build wrote it; rebuilding is
    the fix (``fix`` says another where there is one: a model file is restored, not built).
    Never answered around: an answer from a damaged index can be silently wrong."""

    def __init__(self, path: Path | str, detail: str, fix: str = BUILD_FIX) -> None:
        super().__init__(f"{path} is damaged ({detail}): {fix}")
        self.path = Path(path)


class HomeError(KlarecoError):
    """The data directory (``$KLARECO_HOME``) or a file in it cannot be created or written."""


# Reasons in a person's words for the OS errors a home meets; others keep the OS's wording.
_REASONS = {
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a part of the path is a file, not a directory",
    errno.EEXIST: "it is a file, not a directory",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "the disk quota is exceeded",
}


def os_reason(error: OSError) -> str:
    """Why an OS call failed, in a few words."""
    if error.errno in _REASONS:
        return _REASONS[error.errno]
    return (error.strerror or str(error)).lower()


def cannot_write(path: Path | str, error: OSError) -> HomeError:
    """The error for a failed write under ``path`` (the file the OS names, if it names one)."""
    where = error.filename if error.filename else path
    return HomeError(f"cannot write {where}: {os_reason(error)}")


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Any OS error inside becomes one ``HomeError`` naming the path and the reason."""
    try:
        yield
    except OSError as error:
        raise cannot_write(path, error) from None


# C0 and C1 controls except tab and newline; carriage returns go too ("\r\n" → "\n").
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")  # undecodable bytes, as Python hands them over


def printable(text: str) -> str:
    """``text`` safe to echo: control characters dropped (tab and newline kept), lone
    surrogates, which no terminal encoding can print, as U+FFFD."""
    return _CONTROLS.sub("", _SURROGATES.sub("\ufffd", text))


def one_line(text: str) -> str:
    """``text`` safe to print as one line: printable, line breaks spaced."""
    return " ".join(printable(text).split("\n"))


def user_message(error: BaseException) -> tuple[str, int] | None:
    """The line to show for ``error`` (without ``error:``) and the exit code; ``None`` for an
    error that is a bug, which keeps its traceback."""
    if isinstance(error, KlarecoError):
        return one_line(str(error)), error.exit_code
    if isinstance(error, OSError):  # files a command reads or writes: name it and the reason
        where = f"{error.filename}: " if error.filename else ""
        return one_line(f"{where}{os_reason(error)}"), 1
    return None
