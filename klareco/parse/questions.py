"""Which role a question word asks about: the one home of the question-word → role map, and
of the verb that stands for the action a question asks (``pro_verb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from klareco.lexicon.semantics import (
    NAMING_ROOTS,
    PREPOSITION_ROLES,
    PRO_VERBS,
    TIME_AND_MEASURE_ROOTS,
)

if TYPE_CHECKING:
    from klareco.parse.ast import Sentence

# A ki- correlative by its ending (and, for -u/-o, its case) → the role it asks about.
CORRELATIVE_ROLES: dict[str, str] = {
    "u:Nom": "subject",  # kiu venis? (with a copula: the predicate, see role_of)
    "u:Acc": "object",  # kiun vi vidis?
    "o:Nom": "subject",
    "o:Acc": "object",
    "a:Nom": "quality",
    "a:Acc": "quality",
    "e:Nom": "place",  # kie?
    "e:Acc": "direction",  # kien?
    "am": "time",
    "el": "manner",
    "al": "reason",
    "es": "possessor",
    "om": "quantity",
}


def role_of(
    suffix: str,
    case: str | None,
    preposition: str | None = None,
    copular: bool = False,
    verb_roots: tuple[str, ...] = (),
    noun_root: str | None = None,
    adjective: bool = False,
) -> str:
    """The role a question word asks about, from its form and what governs it: a
    preposition before it (``al kiu``), the roots of its clause's verb (``kiel … nomiĝas``)
    and the noun it qualifies (``en kiu jaro``); ``adjective``: the word is an adjective
    made of the correlative (``kioma``)."""
    if suffix == "es":
        return "possessor"  # pro kies artikolo: the preposition governs the possessed noun
    if suffix == "om" and adjective and noun_root in TIME_AND_MEASURE_ROOTS:
        return "time"  # je kioma horo, la kioma tago: which in the order of hours, of days
    if suffix == "om":
        return "quantity"  # dum kiom da tagoj: the preposition governs the counted noun
    if preposition:
        if noun_root in TIME_AND_MEASURE_ROOTS:
            return "time"
        return PREPOSITION_ROLES.get(preposition, "adjunct")
    if suffix == "el" and NAMING_ROOTS & set(verb_roots):
        return "name"
    if noun_root in TIME_AND_MEASURE_ROOTS and suffix in ("u", "a"):
        return "time"
    key = f"{suffix}:{case or 'Nom'}" if suffix in ("u", "o", "a", "e") else suffix
    role = CORRELATIVE_ROLES.get(key, "adjunct")
    if role == "subject" and copular:
        return "predicate"
    return role


def pro_verb(question: Sentence) -> int | None:
    """The index of the main verb that stands for the action a question asks, with "kio" in
    the role ``PRO_VERBS`` gives it: "Kion faris Petro?", "Kion Petro faros al ŝi?", "Kio
    okazis al Petro?". Its answer is said by another verb, so the evidence need not hold it
    (stage 1 leaves it out; the factoid expert asks for a verb phrase). None for any other
    question, and for a "fari" with an "el" phrase ("Kion Petro faris el la ligno?" asks
    what he made) or a predicate ("Kio fariĝis …"; "fariĝi" is a copula, and has a suffix)."""
    asked, main, words = question.question, question.main, question.words
    if asked is None or main is None or main.verb is None or asked.index is None or \
            asked.preposition is not None or main.predicate is not None or \
            asked.index not in main.words or (asked.word or "").lower() != "kio":
        return None
    verb = words[main.verb]
    if len(verb.roots) != 1 or verb.prefixes or verb.suffixes or \
            PRO_VERBS.get(verb.roots[0]) != asked.role:
        return None
    if any(phrase.preposition_form(words) == "el" for phrase in main.adjuncts):
        return None  # a thing made of something
    return main.verb
