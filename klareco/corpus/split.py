"""Split a passage into sentences, returning character offsets into the passage text.

Rules (Esperanto prose, drama and verse):

- A sentence ends at ``.``, ``!``, ``?``, ``…`` (or a run such as ``?!``, ``...``), together with
  any closing quotes or brackets right after it, when the next word starts a sentence: a
  capital letter, possibly after an opening quote, bracket or dialogue dash. So
  ``„Kiu?” li diris.`` and ``Kiu? – demandis li.`` stay one sentence, ``Jes. – Kaj vi?`` is two.
- In verse (lines separated by ``\\n``) a line ending with a terminator ends the sentence; a line
  without one continues it, whatever the case of the next line.
- A period after an abbreviation that leads into more text (``S-ro``, ``ekz.``, ``t. e.``,
  ``p.``) or after an initial (``L. L. Zamenhof``) ends nothing.
- Colons and semicolons never split; a piece without letters (``1.``, ``…``) joins its neighbour.
"""

from __future__ import annotations

import re

from klareco.corpus.abbreviations import CLOSING_ABBREVIATIONS, LEADING_ABBREVIATIONS

# A terminator run and the closing quotes/brackets glued to it.
_TERMINATOR = re.compile(r"[.!?…]+[”’\"»›)\]“']*")
_OPENERS = "„“\"«‹‚‘'([–—-"
_DASHES = "–—-"
_HAS_LETTER = re.compile(r"[^\W\d_]")
_INITIAL_SEPARATORS = re.compile(r"[.-]+")
# A list number opening a sentence: "2. Alia", "IV. La", "(3) Dum".
_LIST_NUMBER = re.compile(r"(?:\d{1,3}[.)]|[IVXLC]{1,6}[.)]|\(\d{1,3}\))\s+")
# Characters that may precede a token (an opening bracket or quote before an abbreviation).
_TOKEN_LEAD = re.compile(r"^[(\[„“\"«‚‘']+")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text``: ``text[start:end]`` is a sentence, trimmed of whitespace."""
    spans: list[tuple[int, int]] = []
    length = len(text)
    start = _skip_space(text, 0)
    if start == length:
        return spans
    for match in _TERMINATOR.finditer(text):
        end = match.end()
        if end < start:
            continue
        if end < length and not text[end].isspace():
            continue  # "3.5", "U.E.A", "vorto.”kaj": not followed by a space
        following = _skip_space(text, end)
        if following == length:
            break
        line_end = "\n" in text[end:following]
        if not line_end and not _starts_sentence(text, following):
            continue
        if match.group().startswith(".") and not match.group().startswith("..."):
            if _is_abbreviation_or_initial(text, match.start()):
                continue
        if not _HAS_LETTER.search(text, start, end):
            continue  # "1." or "–" alone: keep it with what follows
        spans.append((start, end))
        start = following
    end = _trim_end(text, length)
    if start < end:
        if spans and not _HAS_LETTER.search(text, start, end):
            spans[-1] = (spans[-1][0], end)  # a trailing "…" belongs to the last sentence
        else:
            spans.append((start, end))
    return spans


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def _trim_end(text: str, end: int) -> int:
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


def _starts_sentence(text: str, index: int) -> bool:
    """Whether a sentence can start at ``index``: a capital, maybe after openers or a dash."""
    length = len(text)
    number = _LIST_NUMBER.match(text, index)
    if number:
        index = number.end()
    while index < length and (text[index] in _OPENERS or text[index] == " "):
        index += 1
    return index < length and text[index].isupper()


def _is_abbreviation_or_initial(text: str, period: int) -> bool:
    """Whether the period at ``period`` closes a leading abbreviation or an initial."""
    before = text[:period]
    tokens = before.split()[-3:]
    if not tokens:
        return False
    last = _TOKEN_LEAD.sub("", tokens[-1])
    if _is_initials(last):
        return True
    # Longest first, so that "k. t. p." is read as one (closing) abbreviation.
    for size in range(len(tokens), 0, -1):
        pieces = [_TOKEN_LEAD.sub("", token) for token in tokens[-size:]]
        if size > 1 and not all(piece.endswith(".") for piece in pieces[:-1]):
            continue
        candidate = ("".join(pieces) + ".").lower()
        if size > 1 and len(candidate) > 8:
            continue
        if candidate in LEADING_ABBREVIATIONS:
            return True
        if candidate in CLOSING_ABBREVIATIONS:
            return False  # "k. t. p." can end a sentence, whatever its last letter looks like
    return False


def _is_initials(token: str) -> bool:
    """ "L", "L.-L", "H.C": single capital letters joined by periods or hyphens."""
    parts = [part for part in _INITIAL_SEPARATORS.split(token) if part]
    return bool(parts) and all(len(part) == 1 and part.isupper() for part in parts)
