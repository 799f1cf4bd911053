"""Errors raised by the corpus stage (fetching, reading)."""

from klareco.errors import KlarecoError


class CorpusError(KlarecoError):
    """A corpus source is missing, damaged or unreadable; the message names the file and the fix."""
