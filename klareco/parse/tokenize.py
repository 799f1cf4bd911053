"""Split sentence text into word and punctuation tokens with character offsets."""

import re
from collections.abc import Callable

# Letters are any Unicode letters (\w without digits and underscore).
_L = r"[^\W\d_]"
_TOKEN_RE = re.compile(
    rf"""
    (?:{_L}{{1,3}}\.){{2,}}                       # dotted abbreviations: k.t.p. t.e. p.K.
  | {_L}+(?:-{_L}+)*(?:['’]{_L}+)*['’]?           # words, hyphenated (D-ro), elided (l', hund')
  | \d+(?:[.,:]\d+)*(?:-{_L}+|(?:ajn|aj|an|a)(?!\w))?  # numbers, ordinals (15-a, 15a, 15an)
  | \.\.\.|…                                      # ellipsis
  | \S                                            # any other character on its own
    """,
    re.VERBOSE,
)


def tokenize(text: str, keeps_elision: Callable[[str, bool], bool]
             ) -> list[tuple[str, int, int]]:
    """Tokens of ``text`` as (form, start, end) with ``text[start:end] == form``.

    A word's final apostrophe is elision (``l'``, ``hund'``) only when
    ``keeps_elision(form, quoted)`` accepts the form with it; otherwise it is a closing quote
    and becomes its own token. ``quoted``: a single quote is open before the word (``'``, ``‘``
    or ``’`` right before a letter), so that its apostrophe may well close it.
    """
    tokens: list[tuple[str, int, int]] = []
    quoted = False
    for match in _TOKEN_RE.finditer(text):
        form = match.group()
        start, end = match.span()
        if len(form) > 1 and form[-1] in "'’" and form[-2].isalpha() and \
                not keeps_elision(form, quoted):
            tokens.append((form[:-1], start, end - 1))
            tokens.append((form[-1], end - 1, end))
            quoted = False
        else:
            tokens.append((form, start, end))
            if form in _SINGLE_QUOTES:  # opens when a word follows it at once, else closes
                quoted = end < len(text) and text[end].isalpha()
    return tokens


_SINGLE_QUOTES = ("'", "‘", "’")
