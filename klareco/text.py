"""Text normalisation shared by the evaluation and the corpus checks: one home for the rule."""

from __future__ import annotations

import re
import unicodedata

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
