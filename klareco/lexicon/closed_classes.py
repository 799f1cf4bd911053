"""Esperanto's closed word classes: the one home of these facts in Klareco.

Open-class roots come from the ``literumilo`` dictionary (see ``roots.py``); everything that is a
fixed, small list of the grammar itself lives here: the article, pronouns, the correlative table,
prepositions, conjunctions, subordinators, particles, primitive adverbs, interjections and
numerals. Part-of-speech names are Universal Dependencies UPOS tags.
"""

from dataclasses import dataclass

ARTICLE = "la"
ELIDED_ARTICLE = "l'"


@dataclass(frozen=True)
class PersonalPronoun:
    """A personal pronoun with the UD features it carries in the nominative."""

    form: str
    person: str | None  # "0" is UD's value for the impersonal "oni"
    number: str | None  # None for "vi", which is both singular and plural
    reflexive: bool = False


PERSONAL_PRONOUNS: dict[str, PersonalPronoun] = {
    p.form: p
    for p in (
        PersonalPronoun("mi", "1", "Sing"),
        PersonalPronoun("ci", "2", "Sing"),
        PersonalPronoun("vi", "2", None),
        PersonalPronoun("li", "3", "Sing"),
        PersonalPronoun("ŝi", "3", "Sing"),
        PersonalPronoun("ĝi", "3", "Sing"),
        PersonalPronoun("ni", "1", "Plur"),
        PersonalPronoun("ili", "3", "Plur"),
        PersonalPronoun("oni", "0", "Plur"),
        PersonalPronoun("si", None, None, reflexive=True),
    )
}

# The correlative table: five beginnings × nine endings (ki-u, ti-o, ĉi-am, neni-es …).
CORRELATIVE_PREFIXES: dict[str, str] = {  # beginning → UD PronType
    "ki": "Rel",
    "ti": "Dem",
    "i": "Ind",
    "ĉi": "Tot",
    "neni": "Neg",
}


@dataclass(frozen=True)
class CorrelativeSuffix:
    """What a correlative ending means and how it inflects."""

    suffix: str
    meaning: str  # individual, thing, quality, place, time, manner, reason, possessor, quantity
    upos: str
    takes_plural: bool
    takes_accusative: bool


CORRELATIVE_SUFFIXES: dict[str, CorrelativeSuffix] = {
    s.suffix: s
    for s in (
        CorrelativeSuffix("u", "individual", "DET", True, True),
        CorrelativeSuffix("o", "thing", "PRON", False, True),
        CorrelativeSuffix("a", "quality", "DET", True, True),
        CorrelativeSuffix("e", "place", "ADV", False, True),  # -en: direction
        CorrelativeSuffix("am", "time", "ADV", False, False),
        CorrelativeSuffix("el", "manner", "ADV", False, False),
        CorrelativeSuffix("al", "reason", "ADV", False, False),
        CorrelativeSuffix("es", "possessor", "DET", False, False),
        CorrelativeSuffix("om", "quantity", "DET", False, False),
    )
}



def split_correlative(text: str) -> tuple[str, str] | None:
    """(beginning, ending) when ``text`` is a bare correlative (kiom → ki, om), else None."""
    for prefix in CORRELATIVE_PREFIXES:
        if text.startswith(prefix) and text[len(prefix):] in CORRELATIVE_SUFFIXES:
            return prefix, text[len(prefix):]
    return None


PREPOSITIONS = frozenset(
    """al anstataŭ antaŭ apud ĉe ĉirkaŭ da de depost dum ekster el en ĝis inter je kontraŭ krom
    kun laŭ malantaŭ malgraŭ per po por post preter pri pro sen sub super sur tra trans""".split()
)

# Prepositions that may also open a clause or an infinitive phrase (UD: SCONJ there).
CLAUSE_PREPOSITIONS = frozenset({"anstataŭ", "antaŭ", "dum", "ĝis", "krom", "por", "post", "sen"})

# Prepositions after which an accusative marks direction (UD Case=Lat), not an object.
DIRECTIONAL_PREPOSITIONS = frozenset(
    {"antaŭ", "apud", "ĉe", "ĉirkaŭ", "ekster", "en", "inter", "post", "preter", "sub", "super",
     "sur", "trans"}
)

COORDINATING_CONJUNCTIONS = frozenset({"kaj", "aŭ", "sed", "nek", "ol", "plus", "minus"})

SUBORDINATING_CONJUNCTIONS = frozenset({"ke", "ĉar", "se", "kvankam", "apenaŭ", "kvazaŭ"})

# Words UD tags PART in Esperanto: negation, degree, focus and question particles.
PARTICLES = frozenset(
    "ne ĉi pli plej malpli malplej tre tro nur mem ankaŭ ajn eĉ jen jes ĉu ja".split()
)

# The degree particles: before an adjective they say how much of it ("la pli juna", "la
# plej bela", "tro granda").
DEGREE_PARTICLES = frozenset("pli plej malpli malplej tre tro".split())

# Adverbs that are roots without an ending (the -e adverbs are open-class words).
PRIMITIVE_ADVERBS = frozenset(
    """jam nun hodiaŭ hieraŭ morgaŭ postmorgaŭ antaŭhieraŭ baldaŭ ankoraŭ tuj tamen for plu
    almenaŭ preskaŭ do des ju ĵus ambaŭ adiaŭ nepre""".split()
)

INTERJECTIONS = frozenset("ho ha fi ve nu aĥ hura bis ah oh he hej halo ŭa".split())

# Cardinal digits and multipliers; "dudek", "ducent", "tridek" are digit + multiplier.
CARDINAL_DIGITS: dict[str, int] = {
    "nul": 0, "unu": 1, "du": 2, "tri": 3, "kvar": 4, "kvin": 5, "ses": 6, "sep": 7, "ok": 8,
    "naŭ": 9,
}
CARDINAL_MULTIPLIERS: dict[str, int] = {"dek": 10, "cent": 100, "mil": 1000}

# Words that deny their clause: "Ana ne dormis" answers "Ĉu Ana dormis?" with "ne"; so do
# "nek" and every correlative of neni- in every form ("li havis neniun filon").
NEGATION_WORDS = frozenset({
    "ne", "nek", "neniu", "neniun", "neniuj", "neniujn", "nenio", "nenion", "nenies",
    "nenie", "nenien", "neniam", "neniel", "nenial", "neniom"})

# Third-person personal pronouns: "mortigis lin" refers back to someone named before.
THIRD_PERSON_PRONOUNS = frozenset(p.form for p in PERSONAL_PRONOUNS.values() if p.person == "3")


def function_word_pos(form: str) -> str | None:
    """UPOS of an uninflected closed-class word, or None when the form is not one."""
    if form == ARTICLE or form == ELIDED_ARTICLE:
        return "DET"
    if form in PREPOSITIONS:
        return "ADP"
    if form in COORDINATING_CONJUNCTIONS:
        return "CCONJ"
    if form in SUBORDINATING_CONJUNCTIONS:
        return "SCONJ"
    if form in PARTICLES:
        return "PART"
    if form in PRIMITIVE_ADVERBS:
        return "ADV"
    if form in INTERJECTIONS:
        return "INTJ"
    return None
