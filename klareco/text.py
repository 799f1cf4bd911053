"""Text normalisation shared by the evaluation and the corpus checks, and how every command
takes text from a person: one home for each rule.

Text a person gives (an argument, stdin, a file) must be UTF-8; control characters other than
tab and newline are dropped before anything reads or echoes it (an ESC would drive the
terminal); text with nothing left but whitespace is an ``EmptyInputError`` (exit 2) for every
command and for ``Engine.ask`` and ``Searcher.search`` alike.
"""

from __future__ import annotations

import re
import unicodedata

from klareco.errors import EmptyInputError, InputError, printable
from klareco.lexicon.orthography import from_x_system

# Typographic apostrophes and quotes, as the judging rules list them.
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"'})
_WHITESPACE = re.compile(r"\s+")


def _is_edge_noise(character: str) -> bool:
    return character.isspace() or unicodedata.category(character).startswith("P")


def normalize_for_judging(text: str) -> str:
    """Normalise text before any comparison, as ``../shared/eval/README.md`` defines it.

    Unicode NFC; lowercase; x-system to letters (``cx`` → ``ĉ`` …); typographic apostrophes
    and quotes to ASCII; whitespace runs to one space; leading and trailing punctuation removed.
    """
    text = from_x_system(unicodedata.normalize("NFC", text).lower())
    text = _WHITESPACE.sub(" ", text.translate(_QUOTES))
    start, end = 0, len(text)
    while start < end and _is_edge_noise(text[start]):
        start += 1
    while end > start and _is_edge_noise(text[end - 1]):
        end -= 1
    return text[start:end]


def decode_input(data: bytes, source: str) -> str:
    """Bytes a person gave (stdin, a file) as text; ``InputError`` naming ``source`` when they
    are not UTF-8. A byte-order mark is dropped."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{source} is not UTF-8 text (byte 0x{data[error.start]:02x} at "
                         f"offset {error.start})") from None


def argument_text(text: str, name: str) -> str:
    """A command-line argument as text. Python hands undecodable argument bytes over as lone
    surrogates; those make it an ``InputError`` naming the argument."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{name} is not UTF-8 text") from None
    return text


def require_text(text: str, what: str) -> str:
    """``text`` without control characters; ``EmptyInputError`` ("``what`` is empty") when
    nothing but whitespace is left."""
    cleaned = printable(text)
    if not cleaned.strip():
        raise EmptyInputError(f"{what} is empty")
    return cleaned
