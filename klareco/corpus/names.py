"""Which capitalised words of a corpus are names: a truecasing table for sentence starts.

Mid-sentence, a capital marks a name, and the parser reads one so. At a sentence's start
every word has a capital, so there the parser reads a name by its shape alone, and a name
shaped like a word is read as that word: ``Bruna kantis`` as an adjective ``brun·a`` that
qualifies nothing, ``Ruben iris`` as a directional adverb. The corpus says better: a form it
writes with a capital inside sentences, and (almost) never in lowercase, is a name at a
sentence's start too. The table is a fact of the corpus, so the build makes it from all the
sentences' texts before parsing them (``klareco.corpus.build``) and keeps it in the store.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping

from klareco.lexicon.orthography import normalize_word

# A word: letters, inner hyphens or apostrophes (Bet-Leĥem); digits and punctuation end it.
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
# What may stand between a sentence break and the word after it (as the parser skips them).
_SKIPPED = set(" \t\r\"'“”„«»‹›‘’—–-")
_BREAKS = set(".!?;:…")
# A form is a name when the corpus capitalises it inside sentences at least this often, and
# writes it in lowercase less than once for every LOWERCASE_SHARE capitalised uses (a name
# that is also a rare word, a lowercase typo). Priors, not fitted.
MIN_CAPITALISED = 2
LOWERCASE_SHARE = 10
# The build_info key under which the store keeps the table (sorted JSON): a later build knows
# which stored sentences were parsed with another table, and a search parses questions with it.
STORE_KEY = "initial_names"


def _key(form: str) -> str:
    return normalize_word(form).lower()


def _place(text: str, start: int) -> str:
    """Where a word starting at ``start`` stands: ``initial`` (the text's first word, or the
    first after a sentence break), ``line`` (the first of a line: verse capitalises those),
    or ``inside``."""
    n = start - 1
    line = False
    while n >= 0 and (text[n] in _SKIPPED or text[n] == "\n"):
        line = line or text[n] == "\n"
        n -= 1
    if n < 0 or text[n] in _BREAKS:
        return "initial"
    return "line" if line else "inside"


def initial_forms(text: str) -> set[str]:
    """The forms (lowercase) of the capitalised words that start a sentence in ``text``: the
    words whose reading the table can change."""
    return {_key(m.group()) for m in _WORD.finditer(text)
            if m.group()[:1].isupper() and _place(text, m.start()) == "initial"}


def sentence_initial_names(texts: Iterable[str]) -> frozenset[str]:
    """The forms (lowercase) that ``texts`` write as names: capitalised inside sentences at
    least ``MIN_CAPITALISED`` times and seldom in lowercase (``LOWERCASE_SHARE``). The
    parser reads such a form as a name also where it starts a sentence."""
    capitalised: Counter[str] = Counter()
    lowercase: Counter[str] = Counter()
    for text in texts:
        for match in _WORD.finditer(text):
            form = match.group()
            if form[:1].islower():
                lowercase[_key(form)] += 1
            elif form[:1].isupper() and not form.isupper() and \
                    _place(text, match.start()) == "inside":
                capitalised[_key(form)] += 1
    return frozenset(form for form, count in capitalised.items()
                     if count >= MIN_CAPITALISED and lowercase[form] * LOWERCASE_SHARE < count)


def stored_names(info: Mapping[str, str]) -> frozenset[str]:
    """The table a store's ``build_info`` (``info``) keeps; empty for a store built before
    there was one."""
    return frozenset(json.loads(info.get(STORE_KEY, "[]")))
