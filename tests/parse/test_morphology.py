"""Word segmentation and features: the words the parser issue names, and more of each kind."""

import pytest

from klareco.parse import analyze_word


def segments(form: str) -> list[str]:
    return [m.text for m in analyze_word(form).morphemes]


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        ("malsanulejo", ["mal", "san", "ul", "ej", "o"]),
        ("lernejestro", ["lern", "ej", "estr", "o"]),
        ("ekkuris", ["ek", "kur", "is"]),
        ("hundidoj", ["hund", "id", "o", "j"]),
        ("nekredeble", ["ne", "kred", "ebl", "e"]),
        ("bonege", ["bon", "eg", "e"]),
        ("rapide", ["rapid", "e"]),
        ("refari", ["re", "far", "i"]),
        ("belulino", ["bel", "ul", "in", "o"]),
        ("resanigos", ["re", "san", "ig", "os"]),
        ("akvobirdo", ["akv", "o", "bird", "o"]),
        # more words of the same kinds
        ("malbonulo", ["mal", "bon", "ul", "o"]),
        ("kuracistino", ["kurac", "ist", "in", "o"]),
        ("gepatrojn", ["ge", "patr", "o", "j", "n"]),
        ("dormejo", ["dorm", "ej", "o"]),
        ("rekonstrui", ["re", "konstru", "i"]),
        ("grandega", ["grand", "eg", "a"]),
        ("manĝaĵon", ["manĝ", "aĵ", "o", "n"]),
        ("katidojn", ["kat", "id", "o", "j", "n"]),
        ("ekdormis", ["ek", "dorm", "is"]),
        ("vaporŝipo", ["vapor", "ŝip", "o"]),
        # a correlative opens compounds whatever its dictionary entry says
        ("kiomfoje", ["kiom", "foj", "e"]),
        ("tiomfoje", ["tiom", "foj", "e"]),
    ],
)
def test_segmentation(form: str, expected: list[str]) -> None:
    assert segments(form) == expected
    assert analyze_word(form).known


def test_rapide_is_never_rap_id() -> None:
    word = analyze_word("rapide")
    assert word.roots == ("rapid",)
    assert word.suffixes == ()
    assert word.pos == "ADV"


def test_compound_head_is_last_root() -> None:
    word = analyze_word("akvobirdo")
    assert word.roots == ("akv", "bird")
    assert word.pos == "NOUN"


@pytest.mark.parametrize(
    ("form", "feats"),
    [
        ("resanigos", {"Mood": "Ind", "Tense": "Fut", "VerbForm": "Fin"}),
        ("vidus", {"Mood": "Sub", "VerbForm": "Fin"}),  # as UD registers it for Esperanto
        ("vidu", {"Mood": "Imp", "VerbForm": "Fin"}),
        ("vidi", {"VerbForm": "Inf"}),
        ("ekkuris", {"Mood": "Ind", "Tense": "Past", "VerbForm": "Fin"}),
        ("kuras", {"Mood": "Ind", "Tense": "Pres", "VerbForm": "Fin"}),
    ],
)
def test_verb_forms(form: str, feats: dict[str, str]) -> None:
    word = analyze_word(form)
    assert word.pos == "VERB"
    assert dict(word.feats) == feats


@pytest.mark.parametrize(
    ("form", "participle", "tense", "voice", "pos", "lemma", "verb_form"),
    [
        ("vidinta", "int", "Past", "Act", "VERB", "vidi", "Part"),
        ("vidota", "ot", "Fut", "Pass", "VERB", "vidi", "Part"),
        ("vidita", "it", "Past", "Pass", "VERB", "vidi", "Part"),
        ("vidanta", "ant", "Pres", "Act", "VERB", "vidi", "Part"),
        ("legata", "at", "Pres", "Pass", "VERB", "legi", "Part"),
        ("manĝonte", "ont", "Fut", "Act", "VERB", "manĝi", "Ger"),
    ],
)
def test_participles_are_verb_forms(form: str, participle: str, tense: str, voice: str,
                                    pos: str, lemma: str, verb_form: str) -> None:
    word = analyze_word(form)
    assert participle in [m.text for m in word.morphemes if m.kind == "participle"]
    assert (word.pos, word.lemma) == (pos, lemma)
    assert word.feat("Tense") == tense
    assert word.feat("Voice") == voice
    assert word.feat("VerbForm") == verb_form


def test_noun_of_a_participle_is_a_noun() -> None:
    word = analyze_word("lernanto")
    assert (word.pos, word.lemma, word.stem) == ("NOUN", "lernanto", "lernant")
    assert dict(word.feats) == {"Case": "Nom", "Number": "Sing"}


@pytest.mark.parametrize(
    ("form", "prefix", "suffix", "case", "number", "pos"),
    [
        ("kiun", "ki", "u", "Acc", "Sing", "DET"),
        ("tiujn", "ti", "u", "Acc", "Plur", "DET"),
        ("ĉiuj", "ĉi", "u", "Nom", "Plur", "DET"),
        ("neniam", "neni", "am", None, None, "ADV"),
        ("kies", "ki", "es", None, None, "DET"),
        ("kion", "ki", "o", "Acc", "Sing", "PRON"),
        ("tien", "ti", "e", None, None, "ADV"),
        ("ial", "i", "al", None, None, "ADV"),
        ("kiom", "ki", "om", None, None, "DET"),
        ("kiajn", "ki", "a", "Acc", "Plur", "DET"),
    ],
)
def test_correlatives(form: str, prefix: str, suffix: str, case: str | None,
                      number: str | None, pos: str) -> None:
    word = analyze_word(form)
    assert word.correlative == (prefix, suffix)
    assert word.feat("Case") == case
    assert word.feat("Number") == number
    assert word.pos == pos
    assert word.to_dict()["correlative"] == {"prefix": prefix, "suffix": suffix}


@pytest.mark.parametrize(
    ("form", "lemma", "case", "number", "person"),
    [
        ("mian", "mi", "Acc", "Sing", "1"),
        ("siajn", "si", "Acc", "Plur", "3"),
        ("viaj", "vi", "Nom", "Plur", "2"),
        ("ilia", "ili", "Nom", "Sing", "3"),
    ],
)
def test_possessives(form: str, lemma: str, case: str, number: str, person: str | None) -> None:
    word = analyze_word(form)
    assert (word.pos, word.lemma) == ("PRON", lemma)  # as in the official UD treebanks
    assert word.feat("Poss") == "Yes"
    assert (word.feat("Case"), word.feat("Number"), word.feat("Person")) == (case, number, person)


@pytest.mark.parametrize(("form", "lemma", "case"), [("min", "mi", "Acc"), ("sin", "si", "Acc"),
                                                      ("ili", "ili", "Nom")])
def test_pronouns(form: str, lemma: str, case: str) -> None:
    word = analyze_word(form)
    assert (word.pos, word.lemma, word.feat("Case")) == ("PRON", lemma, case)


@pytest.mark.parametrize("form", ["du", "dek", "ducent", "dudek", "tricent", "mil", "naŭdek"])
def test_cardinals(form: str) -> None:
    word = analyze_word(form)
    assert word.pos == "NUM"
    assert word.known


def test_compound_cardinal_is_digit_and_multiplier() -> None:
    assert segments("ducent") == ["du", "cent"]
    assert segments("sepdek") == ["sep", "dek"]


@pytest.mark.parametrize(("form", "expected"), [
    ("dekdu", ["dek", "du"]),
    ("dudekkvin", ["du", "dek", "kvin"]),
    ("tricentsesdekok", ["tri", "cent", "ses", "dek", "ok"]),
    ("dekmil", ["dek", "mil"]),
])
def test_whole_number_written_as_one_word(form: str, expected: list[str]) -> None:
    word = analyze_word(form)
    assert (word.pos, segments(form)) == ("NUM", expected)


@pytest.mark.parametrize("form", ["dutri", "kvinok", "dekkvinses"])
def test_two_digits_side_by_side_are_no_number(form: str) -> None:
    assert analyze_word(form).pos != "NUM"


def test_ordinal_is_adjective_of_the_numeral() -> None:
    word = analyze_word("unua")
    assert (word.pos, word.lemma, word.stem, word.roots) == ("ADJ", "unua", "unu", ("unu",))


@pytest.mark.parametrize(("form", "case", "number"), [
    ("3a", "Nom", "Sing"), ("3an", "Acc", "Sing"), ("12aj", "Nom", "Plur"),
    ("12ajn", "Acc", "Plur")])
def test_an_ordinal_in_digits_is_an_adjective_with_case_and_number(form: str, case: str,
                                                                  number: str) -> None:
    word = analyze_word(form)
    assert (word.pos, word.roots) == ("ADJ", (form.rstrip("ajn"),))
    assert (word.feat("Case"), word.feat("Number")) == (case, number)


def test_elided_article_and_noun() -> None:
    article = analyze_word("l'")
    assert (article.pos, article.lemma, article.elided) == ("DET", "la", True)
    typographic = analyze_word("l’")
    assert typographic.lemma == "la"
    noun = analyze_word("hund'")
    assert (noun.pos, noun.ending, noun.elided, noun.roots) == ("NOUN", "o", True, ("hund",))
    assert noun.lemma == "hundo"


@pytest.mark.parametrize(("form", "letters", "lemma"),
                         [("cxu", "ĉu", "ĉu"), ("sxipo", "ŝip", "ŝipo"),
                          ("mangxas", "manĝ", "manĝi"), ("auxto", "aŭt", "aŭto")])
def test_x_system(form: str, letters: str, lemma: str) -> None:
    word = analyze_word(form)
    assert word.known
    assert (word.stem, word.lemma) == (letters, lemma)


def test_h_system_is_a_fallback() -> None:
    assert analyze_word("chu").lemma == "ĉu"
    assert analyze_word("manghas").lemma == "manĝi"
    # a real "gh" across morphemes is kept when the plain spelling is understood
    assert analyze_word("flughaveno").roots == ("flug", "haven")


@pytest.mark.parametrize(("form", "roots", "suffixes"), [
    ("korpogardistoj", ("korp", "gard"), ("ist",)),
    ("kortuŝeco", ("kor", "tuŝ"), ("ec",)),
    ("ruĝbarbuloj", ("ruĝ", "barb"), ("ul",)),
    ("arbotrunkoj", ("arb", "trunk"), ()),
])
def test_a_lowercase_compound_with_suffixes_is_read_by_its_roots(
        form: str, roots: tuple[str, ...], suffixes: tuple[str, ...]) -> None:
    # two roots, a link and a suffix cost more than one unknown piece at a name's price
    word = analyze_word(form)
    assert word.known
    assert (word.roots, word.suffixes) == (roots, suffixes)


def test_a_capitalised_unknown_word_is_not_cut_into_short_roots() -> None:
    # "Te-odor-o" would be a compound of known roots; as a name it is one
    word = analyze_word("Teodoro")
    assert (word.pos, word.known, word.roots) == ("PROPN", False, ("teodor",))


def test_unknown_capitalised_word_is_a_proper_name() -> None:
    word = analyze_word("Mitrandiro")
    assert word.pos == "PROPN"
    assert word.proper
    assert not word.known
    assert word.lemma == "Mitrandiro"


def test_name_without_ending() -> None:
    word = analyze_word("Kain")
    assert (word.pos, word.proper, word.known) == ("PROPN", True, False)
    assert word.feats == ()  # no Esperanto ending: no case or number to show


def test_unknown_lowercase_word_keeps_its_ending() -> None:
    word = analyze_word("ŝrumpfojn")
    assert not word.known
    assert word.pos == "NOUN"
    assert word.feat("Case") == "Acc"
    assert word.feat("Number") == "Plur"


@pytest.mark.parametrize(("form", "lemma", "stem"), [
    ("malsanulejon", "malsanulejo", "malsanulej"), ("Hundoj", "hundo", "hund"),
    ("belajn", "bela", "bel"), ("rapide", "rapide", "rapid"), ("hejmen", "hejme", "hejm"),
    ("mortigis", "mortigi", "mortig"), ("estus", "esti", "est"), ("kiun", "kiu", "kiu"),
    ("vin", "vi", "vi"), ("hieraŭ", "hieraŭ", "hieraŭ"), ("Mitrandiron", "Mitrandiro",
                                                          "Mitrandiro"),
])
def test_lemma_is_the_dictionary_form_and_stem_the_lemma_without_ending(
        form: str, lemma: str, stem: str) -> None:
    word = analyze_word(form)
    assert (word.lemma, word.stem) == (lemma, stem)


def test_lexicon_semantic_class_is_carried() -> None:
    assert analyze_word("Parizo").semantic_class == "URBO"


@pytest.mark.parametrize("form", ["amintus", "estintas", "farotis", "vidatu"])
def test_participle_with_verb_ending(form: str) -> None:
    word = analyze_word(form)
    assert word.pos == "VERB"
    assert word.feat("Voice") in ("Act", "Pass")


def test_open_root_is_not_shadowed_by_a_closed_form() -> None:
    # the dictionary also lists "vi.n" (you, accusative); "vino" is still wine
    assert segments("vino") == ["vin", "o"]
    assert analyze_word("vin").pos == "PRON"
