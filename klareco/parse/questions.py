"""Which role a question word asks about: the one home of the question-word → role map."""

from klareco.lexicon.closed_classes import TIME_AND_MEASURE_ROOTS

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

# A preposition before a ki- word ("al kiu", "per kio", "de kie") → the role it asks about.
PREPOSITION_ROLES: dict[str, str] = {
    "al": "indirect_object",
    "per": "instrument",
    "kun": "company",
    "de": "source",
    "el": "source",
    "pro": "reason",
    "por": "purpose",
    "pri": "topic",
    "en": "place",
    "sur": "place",
    "sub": "place",
    "ĉe": "place",
    "apud": "place",
    "ĝis": "time",
    "dum": "time",
    "post": "time",
    "antaŭ": "time",
}

# "Kiel vi nomiĝas?" asks for a name, not a manner.
NAMING_ROOTS = frozenset({"nom", "nomiĝ", "nomad"})


def role_of(
    suffix: str,
    case: str | None,
    preposition: str | None = None,
    copular: bool = False,
    verb_root: str | None = None,
    noun_root: str | None = None,
) -> str:
    """The role a question word asks about, from its form and what governs it."""
    if suffix == "es":
        return "possessor"  # pro kies artikolo: the preposition governs the possessed noun
    if preposition:
        if noun_root in TIME_AND_MEASURE_ROOTS:
            return "time"
        return PREPOSITION_ROLES.get(preposition, "adjunct")
    if suffix == "el" and verb_root in NAMING_ROOTS:
        return "name"
    if noun_root in TIME_AND_MEASURE_ROOTS and suffix in ("u", "a"):
        return "time"
    key = f"{suffix}:{case or 'Nom'}" if suffix in ("u", "o", "a", "e") else suffix
    role = CORRELATIVE_ROLES.get(key, "adjunct")
    if role == "subject" and copular:
        return "predicate"
    return role
