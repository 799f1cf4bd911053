"""Which role a question word asks about: the one home of the question-word → role map."""

from klareco.lexicon.semantics import NAMING_ROOTS, PREPOSITION_ROLES, TIME_AND_MEASURE_ROOTS

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
) -> str:
    """The role a question word asks about, from its form and what governs it: a
    preposition before it (``al kiu``), the roots of its clause's verb (``kiel … nomiĝas``)
    and the noun it qualifies (``en kiu jaro``)."""
    if suffix == "es":
        return "possessor"  # pro kies artikolo: the preposition governs the possessed noun
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
