"""The facts of Esperanto that finding and answering read: one home each, true to the lexicon."""

from __future__ import annotations

import importlib

import pytest

from klareco.lexicon import affixes, semantics
from klareco.lexicon.roots import load_roots
from klareco.parse import analyze_word, parse


def test_every_root_in_the_tables_is_in_the_dictionary() -> None:
    roots = load_roots()
    tables = (semantics.TIME_AND_MEASURE_ROOTS | semantics.MONTH_ROOTS
              | semantics.NAMING_ROOTS | semantics.DEGREE_AND_STANCE_ROOTS
              | semantics.BIRTH_ROOTS | semantics.SAYING_ROOTS
              | set(semantics.MEASURED_IN)
              | {r for units in semantics.MEASURED_IN.values() for r in units}
              | semantics.money_units() | {semantics.MONEY_ROOT})
    assert sorted(r for r in tables if r not in roots) == []


def test_every_class_in_the_tables_is_one_the_dictionary_uses() -> None:
    classes = {r.semantic_class for r in load_roots().values() if r.semantic_class}
    assert semantics.PERSON_CLASSES <= classes
    assert semantics.PLACE_CLASSES <= classes


def test_every_copula_is_a_root_with_known_suffixes() -> None:
    roots = load_roots()
    for copula in semantics.COPULAS:
        assert copula[0] in roots or copula[0] in affixes.SUFFIXES  # iĝi: a suffix as a root
        word = analyze_word("".join(copula) + "is")
        assert (*word.roots, *word.suffixes) == copula
        assert word.is_copula


@pytest.mark.parametrize("module, names", [
    ("klareco.lexicon.closed_classes", ("COPULAR_ROOTS", "TIME_AND_MEASURE_ROOTS")),
    ("klareco.parse.questions", ("PREPOSITION_ROLES", "NAMING_ROOTS")),
    ("klareco.experts.factoid.candidates", ("PREPOSITION_SLOTS", "NAMING_ROOTS",
                                            "MONTH_ROOTS")),
    ("klareco.experts.factoid.features", ("PERSON_CLASSES", "PLACE_CLASSES",
                                          "MEASURED_IN")),
    ("klareco.training.questions", ("_PLACE_PREPOSITIONS", "_TIME_PREPOSITIONS",
                                    "_SOURCE_PREPOSITIONS", "_PERSON_CLASSES")),
])
def test_the_old_homes_hold_no_copy(module: str, names: tuple[str, ...]) -> None:
    loaded = importlib.import_module(module)
    for name in names:
        value = getattr(loaded, name, None)
        # an import of the one definition is fine; a table of its own is not
        assert value is None or value is getattr(semantics, name.lstrip("_"), object()), name


def test_fariĝi_is_a_copula_but_fari_is_not() -> None:
    became = parse("La knabo fariĝis reĝo.")
    assert became.verb is not None and became.verb.is_copula
    assert became.predicate is not None
    made = parse("La knabo faris tablon.")
    assert made.verb is not None and not made.verb.is_copula
    assert made.object is not None


def test_a_preposition_role_is_read_the_same_in_questions_and_in_evidence() -> None:
    # "super kio" asks for a place, as "super la tablo" gives one
    assert parse("Super kio flugis la birdo?").question.role == "place"
    assert semantics.PREPOSITION_ROLES["super"] == "place"
    assert parse("Al kiu vi donis la libron?").question.role == "indirect_object"


def test_a_naming_verb_makes_kiel_ask_for_a_name() -> None:
    assert parse("Kiel vi nomiĝas?").question.role == "name"
    assert parse("Kiel oni nomis la hundon?").question.role == "name"
    assert parse("Kiel vi fartas?").question.role == "manner"


def test_a_noun_of_time_makes_its_accusative_an_adjunct() -> None:
    sentence = parse("Ŝi laboris la tutan someron.")
    assert sentence.object is None
    assert any(sentence.words[a.head].form == "someron" for a in sentence.main.adjuncts)


def test_every_person_suffix_is_a_suffix() -> None:
    assert semantics.PERSON_SUFFIXES | semantics.PERSON_KEEPING_SUFFIXES <= affixes.SUFFIXES


def test_a_person_is_known_by_root_suffix_participle_or_pronoun() -> None:
    sentence = parse("La junulino, la urbestro, la parolanto, la reĝo kaj ŝi vidis ĝin "
                     "en la junulejo apud la domo.")
    person = {w.form: w.is_person for w in sentence.words if w.pos in ("NOUN", "PRON")}
    assert person == {"junulino": True, "urbestro": True, "parolanto": True, "reĝo": True,
                      "ŝi": True, "ĝin": False, "junulejo": False, "domo": False}


@pytest.mark.parametrize(("adverb", "how"), [
    ("rapide", True), ("malrapide", True), ("laŭte", True), ("fine", False), ("tute", False),
    ("vere", False), ("poste", False), ("kune", False), ("unue", False), ("dufoje", False),
    ("vespere", False)])
def test_an_adverb_says_how_unless_it_says_when_how_far_or_how_sure(adverb: str,
                                                                     how: bool) -> None:
    assert semantics.says_how(analyze_word(adverb).roots) is how


def test_every_kin_noun_is_a_dictionary_noun_and_its_converses_answer_back() -> None:
    for stem, converses in semantics.KIN_CONVERSES.items():
        for noun in (stem, *converses):
            word = analyze_word(noun + "o")
            assert word.known and word.xpos == "NOUN" and word.terms[-1] == noun, noun
        # if Petro is Zorbo's son, Zorbo is Petro's parent: each converse leads back
        assert all(stem in semantics.KIN_CONVERSES[c] for c in converses), stem
    # the feminine kin nouns are the ones with -in-, and every sex-blind one is a kin noun
    assert all(analyze_word(n + "o").suffixes[-1:] == ("in",) for n in semantics.FEMININE_KIN)
    assert semantics.FEMININE_KIN | semantics.SEX_BLIND_KIN <= set(semantics.KIN_CONVERSES)
    # a parent's converse is a child and the other way round
    for parent in semantics.PARENT_NOUNS:
        assert semantics.KIN_CONVERSES[parent] == semantics.CHILD_NOUNS


def test_a_noun_may_name_a_kind_of_place_unless_the_dictionary_says_it_names_another_kind(
        ) -> None:
    assert semantics.may_name_a_place("urb") and semantics.may_name_a_place("land")
    assert semantics.may_name_a_place("insul")  # of the class GEOGRAFIO
    assert semantics.may_name_a_place("strat")  # of no class: it may be a place
    assert not semantics.may_name_a_place("best")  # ANIMALO
    assert not semantics.may_name_a_place("arb")


def test_money_is_counted_in_coins_and_in_the_weights_that_were_money() -> None:
    assert {"dolar", "rubl", "denar", "funt", "sikl"} <= semantics.units_of("mon")
    assert semantics.units_of("aĝ") == frozenset(semantics.MEASURED_IN["aĝ"])
    assert semantics.units_of("ŝaf") == {"ŝaf"}


@pytest.mark.parametrize(("form", "ordinal"), [
    ("sepa", True), ("10-a", True), ("10an", True), ("10", False), ("granda", False)])
def test_an_ordinal_is_an_adjective_of_numerals_in_words_or_digits(form: str,
                                                                  ordinal: bool) -> None:
    word = next(w for w in parse(f"la {form} tago").words if w.form == form)
    assert semantics.is_ordinal(word) is ordinal


@pytest.mark.parametrize(("form", "share"), [
    ("duono", True), ("dekonon", True), ("triona", True), ("kvarone", True),
    ("dudekono", True), ("dekonaĵon", False), ("dekon", False), ("pomon", False)])
def test_a_share_is_a_numeral_with_on(form: str, share: bool) -> None:
    word = next(w for w in parse(f"Zorbo prenis {form}.").words if w.form == form)
    assert semantics.is_fraction(word) is share


def test_a_currency_sign_stands_for_a_coin() -> None:
    words = parse("Zorbo pagis £50 kaj 3 pomojn.").words
    assert [w.form for w in words if semantics.is_currency_sign(w)] == ["£"]
