"""The judging rules of ``../shared/eval/README.md``, and nothing else.

Every comparison is made on text passed through :func:`klareco.text.normalize_for_judging`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from klareco.text import normalize_for_judging

ABSTAIN_TEXT = "Mi ne scias."
"""What the engine says when it does not know; judged as an abstention."""

MAX_ANSWER_WORDS = 12
"""A short answer longer than this many words counts as wrong."""

MIN_UNIT_WORDS = 4
"""A unit contained in an evidence string is a hit only if it has at least this many words."""

SHORT_ANSWER_CHARS = 3
"""Accepted answers of at most this many characters must match as a whole word."""

_NORMALIZED_ABSTAIN = normalize_for_judging(ABSTAIN_TEXT)


def _word_count(normalized: str) -> int:
    return len(normalized.split())


def _contains_word(text: str, word: str) -> bool:
    """True if ``word`` occurs in ``text`` with no letter or digit directly on either side."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def _starts_with_word(text: str, word: str) -> bool:
    """True if ``text`` is ``word`` or begins with ``word`` followed by a non-word character."""
    return re.match(rf"{re.escape(word)}(?!\w)", text) is not None


def is_retrieval_hit(unit_text: str, evidence: Iterable[str]) -> bool:
    """Whether a retrieved unit (sentence, verse or passage) is a hit for an item's evidence.

    A hit if the normalised unit contains a normalised evidence string, or a normalised
    evidence string contains the unit's whole normalised text and the unit has at least
    :data:`MIN_UNIT_WORDS` words. Empty units and empty evidence strings never hit.
    """
    unit = normalize_for_judging(unit_text)
    if not unit:
        return False
    long_enough = _word_count(unit) >= MIN_UNIT_WORDS
    for passage in evidence:
        wanted = normalize_for_judging(passage)
        if not wanted:
            continue
        if wanted in unit or (long_enough and unit in wanted):
            return True
    return False


def is_abstention(answer: str | None) -> bool:
    """Whether the system declined to answer: ``None``, an empty answer or :data:`ABSTAIN_TEXT`.

    The abstain text is compared after normalisation, so ``"mi ne scias"`` counts too.
    """
    if answer is None:
        return True
    normalized = normalize_for_judging(answer)
    return normalized in ("", _NORMALIZED_ABSTAIN)


def is_correct_answer(answer: str | None, item: Mapping[str, Any]) -> bool:
    """Judge the system's short ``answer`` against one gold ``item``.

    - Unanswerable items (``answers == []``): correct only if the system abstained.
    - Answerable items: an abstention is wrong, and so is an answer of more than
      :data:`MAX_ANSWER_WORDS` words.
    - ``cxu`` items: correct if the answer is, or starts with, the accepted ``jes``/``ne``
      as a word.
    - Other items: correct if the answer contains one of the accepted answers; an accepted
      answer of at most :data:`SHORT_ANSWER_CHARS` characters must match as a whole word.
    """
    accepted = [normalize_for_judging(text) for text in item.get("answers") or []]
    accepted = [text for text in accepted if text]
    if not accepted:
        return is_abstention(answer)
    if answer is None or is_abstention(answer):
        return False
    given = normalize_for_judging(answer)
    if _word_count(given) > MAX_ANSWER_WORDS:
        return False
    if item.get("type") == "cxu":
        return any(_starts_with_word(given, text) for text in accepted)
    for text in accepted:
        if len(text) <= SHORT_ANSWER_CHARS:
            if _contains_word(given, text):
                return True
        elif text in given:
            return True
    return False
