"""What kind of answer a question asks for, and which kinds a sentence holds: stage 2's check.

A question word asks for one kind of answer: "Kiom …?" a number, "Kiam …?" a time, "Per
kio …?" a phrase with "per", "Kial …?" a cause. A sentence with nothing of that kind cannot
answer the question, however many of its words it shares; among stage 1's candidates, one that
holds an answer of the asked kind is the likelier evidence. Stage 2 can add a bonus to the
fused score of such a candidate (``fusion.Fusion.kind_bonus``, 1 by default; off in stops 53–60,
when the dev set's unanswerable questions seemed to pay for it, which the written tuning
questions of stop 61 do not show: docs/measurements.md).

The kinds are a coarse, word-level reading of what the answer expert checks on each candidate
span (``experts.factoid.candidates.fits_question``): coarse, so that every stored sentence's
kinds fit in one integer, computed once at build (``sentence_kinds``), and stage 2 checks all
of its candidates with one array lookup. The question's kinds are read from its parse
(``asked_kinds``). Questions of who, what or which kind (``kiu``, ``kion``, ``kia``) ask for
a noun phrase or an adjective, which nearly every sentence has: they get no check.
"""

from __future__ import annotations

from klareco.lexicon.closed_classes import PREPOSITIONS
from klareco.lexicon.semantics import (
    PREPOSITION_ROLES,
    is_currency_sign,
    is_fraction,
    is_ordinal,
    is_time,
    says_how,
)
from klareco.parse.ast import Sentence, Word

# One bit per preposition ("per kio" asks for a "per" phrase), then the kinds of no fixed
# preposition.
_PREPOSITION_BITS = {p: 1 << n for n, p in enumerate(sorted(PREPOSITIONS))}
_NEXT = len(_PREPOSITION_BITS)
NUMBER = 1 << _NEXT  # a numeral: "tri", "1907"
TIME = 1 << (_NEXT + 1)  # a noun of time, a month, a year, an ordinal, a "kiam" clause
NAME = 1 << (_NEXT + 2)  # a proper name
CAUSE = 1 << (_NEXT + 3)  # "ĉar", "tial": why
MANNER = 1 << (_NEXT + 4)  # an adverb in -e that says how ("rapide")
PLACE_ADVERB = 1 << (_NEXT + 5)  # "tie", "hejme", "hejmen", "supren"
assert _NEXT + 6 <= 63, "the kinds must fit a signed 64-bit integer"

# Subordinators and adverbs that tell when (a "kiam" clause answers "Kiam …?") or why.
_TIME_WORDS = frozenset({"kiam", "dum", "ĝis"})
_CAUSE_WORDS = frozenset({"ĉar", "tial"})
_PLACE_ADVERBS = frozenset({"tie", "tien", "hejme", "hejmen"})


def preposition_bit(preposition: str) -> int:
    """The kind bit of a phrase with ``preposition`` (0 for a word that is none)."""
    return _PREPOSITION_BITS.get(preposition, 0)


def _bits(*prepositions: str) -> int:
    found = 0
    for preposition in prepositions:
        found |= preposition_bit(preposition)
    return found


_PLACE_PREPOSITIONS = _bits(*(p for p, role in PREPOSITION_ROLES.items() if role == "place"))

# The kinds each asked role takes, any one of them enough; a role missing here gets no check.
ASKED: dict[str, int] = {
    "quantity": NUMBER,
    "time": TIME | NUMBER,  # "en la 1907"
    "reason": CAUSE | _bits("pro", "por"),
    "purpose": CAUSE | _bits("por"),
    "name": NAME,
    "possessor": _bits("de"),  # "la filo de Zorbo"
    "source": _bits("de", "el"),
    "direction": _bits("al", "en") | PLACE_ADVERB,
    "place": _PLACE_PREPOSITIONS | PLACE_ADVERB,
    "manner": MANNER | _bits("per", "kun", "laŭ"),
}


def word_kinds(word: Word) -> int:
    """The kinds one word gives its sentence."""
    form = word.form.lower()
    found = preposition_bit(form) if word.xpos == "ADP" else 0
    if word.is_numeral or form.isdigit() or is_fraction(word) or is_currency_sign(word):
        found |= NUMBER  # (a share, "dekonon", is an amount too)
    if is_time(word) or is_ordinal(word) or form in _TIME_WORDS:
        found |= TIME
    if word.is_name:
        found |= NAME
    if form in _CAUSE_WORDS:
        found |= CAUSE
    if word.xpos == "ADV" and word.roots and says_how(word.roots):
        found |= MANNER
    if form in _PLACE_ADVERBS or word.directional:
        found |= PLACE_ADVERB
    return found


def sentence_kinds(sentence: Sentence) -> int:
    """Every kind of answer ``sentence`` holds somewhere, as bits."""
    found = 0
    for word in sentence.words:
        found |= word_kinds(word)
    return found


def asked_kinds(question: Sentence) -> int:
    """The kinds of answer the parsed ``question`` asks for, any one enough (0: it asks for
    none in particular, or is no question). A question with a preposition before its question
    word asks for a phrase with that preposition ("Per kio …?", "Kun kiu …?", "Al kiu …?"),
    unless the preposition only says the role is time, place or cause ("En kiu jaro …?",
    "Pro kio …?"). "De kiu estis vidita …?" asks who did it: in the active voice, no "de"."""
    asked = question.question
    if asked is None:
        return 0
    preposition = asked.preposition or ""
    if preposition == "de" and any(_passive_participle(w) for w in question.words):
        return 0
    if preposition and asked.role not in ASKED:
        return preposition_bit(preposition)
    return ASKED.get(asked.role, 0)


def _passive_participle(word: Word) -> bool:
    return word.feat("VerbForm") == "Part" and word.feat("Voice") == "Pass"
