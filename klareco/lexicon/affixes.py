"""The affix and ending inventory of Esperanto: the one home of these facts in Klareco."""

# Official prefixes, plus prepositions and adverbs that work as prefixes (el-ĵeti, for-iri,
# ne-kredebla). The value is the cost the segmenter pays for using one (see morphology.py).
PREFIXES: dict[str, float] = {
    "bo": 1.0, "dis": 1.0, "ek": 1.0, "eks": 1.0, "fi": 1.2, "ge": 1.0, "mal": 1.0, "mis": 1.0,
    "pra": 1.0, "re": 1.0,
    # prepositional and adverbial prefixes
    "al": 1.1, "antaŭ": 1.1, "apud": 1.1, "ĉe": 1.2, "ĉirkaŭ": 1.1, "de": 1.1, "ekster": 1.1,
    "el": 1.1, "en": 1.1, "for": 1.1, "ĝis": 1.2, "inter": 1.1, "kontraŭ": 1.1, "kun": 1.1,
    "laŭ": 1.1, "ne": 1.1, "per": 1.2, "post": 1.1, "preter": 1.1, "pri": 1.1, "pro": 1.2,
    "sen": 1.1, "sub": 1.1, "super": 1.1, "sur": 1.1, "tra": 1.1, "trans": 1.1, "kvazaŭ": 1.2,
    "vic": 1.2, "ĉef": 1.2,
}

SUFFIXES: frozenset[str] = frozenset(
    """aĉ ad aĵ an ar ĉj ebl ec eg ej em end er estr et id ig iĝ il in ind ing ism ist nj obl on
    op uj ul um""".split()
)

# Participle suffixes → (UD Tense, UD Voice). (The ETB treebank writes Tense=Pass for the past
# ones: klareco.parse.conventions.)
PARTICIPLES: dict[str, tuple[str, str]] = {
    "ant": ("Pres", "Act"), "int": ("Past", "Act"), "ont": ("Fut", "Act"),
    "at": ("Pres", "Pass"), "it": ("Past", "Pass"), "ot": ("Fut", "Pass"),
}

# Vowels that may join the roots of a compound (akv-o-birdo, unu-a-taga).
LINKING_VOWELS: frozenset[str] = frozenset({"o", "a"})

NOUN_ENDING = "o"
ADJECTIVE_ENDING = "a"
ADVERB_ENDING = "e"
PLURAL = "j"
ACCUSATIVE = "n"
ELISION = "'"

# Verb endings → UD features.
VERB_ENDINGS: dict[str, dict[str, str]] = {
    "as": {"Mood": "Ind", "Tense": "Pres"},
    "is": {"Mood": "Ind", "Tense": "Past"},
    "os": {"Mood": "Ind", "Tense": "Fut"},
    "us": {"Mood": "Cnd"},
    "u": {"Mood": "Imp"},
    "i": {"VerbForm": "Inf"},
}

# Every grammatical ending with what may follow it, longest first so that "ojn" is tried
# before "o". Elision (hund' for hundo) stands for the noun ending.
ENDING_SEQUENCES: tuple[tuple[str, ...], ...] = tuple(
    sorted(
        [
            ("o",), ("o", "j"), ("o", "n"), ("o", "j", "n"),
            ("a",), ("a", "j"), ("a", "n"), ("a", "j", "n"),
            ("e",), ("e", "n"),
            *((v,) for v in VERB_ENDINGS),
            ("'",),
        ],
        key=lambda seq: -len("".join(seq)),
    )
)
