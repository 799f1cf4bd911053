"""Keywords come from the question's AST: names and content roots, never function words."""

import pytest

from klareco.parse import parse
from klareco.retrieval.bm25 import BM25Index, build_bm25
from klareco.retrieval.keywords import (
    CONVERSE_WEIGHT,
    DESCRIBED_WEIGHT,
    context_terms,
    described_terms,
    keywords,
    terms,
)


def texts(question: str) -> list[str]:
    """The question's own keywords (not the mark a definition question adds, tested below)."""
    return [k.text for k in keywords(parse(question)) if k.kind != "described"]


def test_name_only() -> None:
    assert texts("Kiu estas Mitrandiro?") == ["mitrandiro"]


def test_copula_is_never_a_keyword() -> None:
    found = texts("Li estas feliĉa.")
    assert "feliĉ" in found and "est" not in found


@pytest.mark.parametrize("question", ["Kiu fariĝis reĝo?", "Kiu montriĝis reĝo?",
                                      "Kiu restis reĝo?"])
def test_a_copula_built_on_a_content_root_gives_no_keyword(question: str) -> None:
    # fariĝi and montriĝi link a subject to its predicate: only reĝo is asked about
    assert texts(question) == ["reĝ"]


def test_a_naming_copula_keeps_its_naming_root() -> None:
    # "Kiel nomiĝis la reĝo?" asks for a name, which "lia nomo estis …" gives
    assert texts("Kiel nomiĝis la reĝo?") == ["nom", "reĝ"]


def test_the_root_a_copula_is_built_on_stays_a_keyword_elsewhere() -> None:
    # (fari with an "el" phrase, what was made of it: "Kion faris la reĝo?" asks an action,
    # whose verb is no keyword, below)
    assert texts("Kion faris la reĝo el oro?") == ["far", "reĝ", "or"]
    assert "far" in texts("La fariĝo de la mondo.")


def test_verb_root_and_name() -> None:
    found = texts("Kiun vidis Petro?")
    assert "petro" in found  # a name as written, lowercased
    assert "vid" in found


def test_derived_word_gives_root_and_stem() -> None:
    found = texts("Kie estas la lernejo?")
    assert found == ["lern", "lernej"]


@pytest.mark.parametrize(
    "question",
    ["Kiu estas li?", "Kio estas tio?", "Kie ili estas?", "Ĉu vi estas tie?", "Kiam?"],
)
def test_only_function_words_give_nothing(question: str) -> None:
    assert texts(question) == []


def test_question_words_and_pronouns_never_appear() -> None:
    found = texts("Kiam kaj kie mi vidis vian fraton?")
    assert set(found) == {"vid", "frat"}


def test_name_forms_share_one_term() -> None:
    def name_terms(text: str) -> set[str]:
        return set(terms(parse(text)))

    assert name_terms("Li vidis Habelon.") & name_terms("Tie staris Habel.") == {"habel"}
    assert "mitrandir" in name_terms("Ni vidis Mitrandiron.")


def test_a_names_plural_shares_its_singulars_term() -> None:
    # a people's name: one of them or many, asked in either number
    def name_terms(text: str) -> set[str]:
        return {k.term for k in keywords(parse(text)) if k.kind == "name"}

    assert name_terms("Kien iris la Zorbujanoj?") == {"zorbujan"}
    assert name_terms("La Zorbujano vidis la Zorbujanojn.") == {"zorbujan"}


def test_adverbs_contribute_their_root() -> None:
    assert "long" in texts("Kiom longe li fastis?")


def test_digit_numbers_are_terms() -> None:
    found = keywords(parse("Kiam mortis Zamenhof en 1917?"))
    assert any(k.term == "1917" and k.kind == "number" for k in found)


def test_hyphenated_words_give_each_part() -> None:
    found = set(texts("Ŝi portis nigre-grizan mantelon."))
    assert {"nigr", "griz", "mantel"} <= found


def test_context_terms_from_title_and_heads() -> None:
    found = context_terms("Hamleto, Reĝido de Danujo", ["Akto Unua", "Sceno II"])
    assert "hamlet" in found and "reĝid" in found and "akt" in found
    assert len(found) == len(set(found))


def test_context_terms_skip_empty_headings() -> None:
    assert context_terms("", ["", "   "]) == []


def test_a_name_read_as_words_gives_its_roots_at_a_stems_weight() -> None:
    # "Herbeno" is also herb-en-o: those roots let it meet its sentence-initial form, but the
    # name is what the question asks about, so they weigh no more than an extra stem
    weights = {k.term: k.weight for k in keywords(parse("Kien iris Herbeno?"))}
    assert weights["herben"] == 1.0 and weights["ir"] == 1.0
    assert weights["herb"] == weights["en"] == 0.5


def test_a_root_said_as_a_word_of_its_own_keeps_its_weight() -> None:
    weights = {k.term: k.weight for k in keywords(parse("Ĉu Herbeno manĝis herbon?"))}
    assert weights["herb"] == 1.0


def described(question: str) -> list[str]:
    return [k.term for k in keywords(parse(question)) if k.kind == "described"]


@pytest.mark.parametrize(("question", "expected"), [
    ("Kiu estas Mitrandiro?", ["=mitrandir"]),
    ("Kio estis Esperanto?", ["=esperant"]),
    ("Kiu estas Petro Kovalski?", ["=petr", "=kovalski"]),
    # anything more than the name asks something else than who it is
    ("Kiu estas la amiko de Mitrandiro?", []),  # (a kin noun searches it: see below)
    ("Kiu vidis Mitrandiron?", []),
    ("Kie estas Mitrandiro?", []),
    ("Kiu estas la reĝo?", []),
])
def test_a_question_asking_who_a_name_is_searches_for_its_description(
        question: str, expected: list[str]) -> None:
    assert described(question) == expected


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Ofelio, filino de Polonio, venis.", ["=ofeli"]),
    ("Petro Kovalski, juĝisto, venis.", ["=petr", "=kovalski"]),
    # no apposition: a relative clause, names in a list, no comma
    ("Ofelio, kiu venis, ridis.", []),
    ("Petro, Paŭlo kaj Johano venis.", []),
    ("La reĝo, mia patro, venis.", []),
])
def test_a_sentence_is_marked_under_the_names_its_appositions_describe(
        sentence: str, expected: list[str]) -> None:
    ast = parse(sentence)
    assert described_terms(ast) == expected
    assert [t for t in terms(ast) if t.startswith("=")] == expected


def test_the_describing_sentence_ranks_first_for_who_a_name_is() -> None:
    sentences = ["Ofelio kantis kaj ploris.", "Ofelio venis.",
                 "Tiam Ofelio, la filino de Polonio, eniris en la salonon de la reĝo."]
    index = BM25Index(build_bm25([terms(parse(s)) for s in sentences]), len(sentences))
    found = keywords(parse("Kiu estas Ofelio?"))
    positions, scores = index.score([(k.term, k.weight) for k in found])
    assert int(positions[scores.argmax()]) == 2
    # without the mark, the shortest sentence naming her would win
    positions, scores = index.score([(k.term, k.weight) for k in found
                                     if k.kind != "described"])
    assert int(positions[scores.argmax()]) == 1


def _kin(question: str) -> list[tuple[str, float, str]]:
    return [(k.term, k.weight, k.kind) for k in keywords(parse(question))
            if k.kind in ("converse", "described")]


def test_a_kin_question_searches_the_converse_nouns_and_the_description() -> None:
    assert _kin("Kiu estis la patro de Bertilo?") == [
        ("fil", CONVERSE_WEIGHT, "converse"), ("filin", CONVERSE_WEIGHT, "converse"),
        ("nask", CONVERSE_WEIGHT, "converse"), ("=bertil", DESCRIBED_WEIGHT, "described")]
    assert _kin("Kiel nomiĝis la nepo de Zorbo?")[:2] == [
        ("av", CONVERSE_WEIGHT, "converse"), ("avin", CONVERSE_WEIGHT, "converse")]
    # kies asks it too: whose son someone was is who his parent was
    assert _kin("Kies filo estis Bertilo?") == [
        ("nask", CONVERSE_WEIGHT, "converse"), ("patr", CONVERSE_WEIGHT, "converse"),
        ("patrin", CONVERSE_WEIGHT, "converse"), ("=bertil", DESCRIBED_WEIGHT, "described")]
    # asked for a woman, no noun that does not say the sex: the verb of bearing says it
    assert [t for t, _, _ in _kin("Kiu estis la patrino de Bertilo?")] == ["nask", "=bertil"]
    # asked for a name, the naming root weighs as a stem: the converse sentence lacks it
    weights = {k.term: k.weight for k in keywords(parse("Kiel nomiĝis la patro de Bertilo?"))}
    assert weights["nom"] == 0.5 and weights["patr"] == 1.0
    assert {k.term: k.weight for k in keywords(parse("Kiel nomiĝis la reĝo de Bertilo?"))
            }["nom"] == 1.0
    # a title noun with its name after it is that person: the name is the kin noun's owner
    assert _kin("Kiu estis la patro de la juĝisto Bertilo?") == _kin(
        "Kiu estis la patro de Bertilo?")
    assert _kin("Kiu estis la patro de la juĝisto?") == []
    # a converse of the kin noun's own root is already searched by that root
    assert _kin("Kiu estis la edzino de Bertilo?") == [("=bertil", DESCRIBED_WEIGHT,
                                                         "described")]
    # no name to be kin of, no question, a noun that is no kin, or a question that asks
    # something else than who the kin is (yes or no, where, whom): nothing added
    for text in ("Kiu estis la patro?", "Bertilo estis la patro de Zorbo.",
                 "Kiu estis la reĝo de Zorbo?", "Ĉu Bertilo estas la patro de Zorbo?",
                 "Kie loĝis la patro de Zorbo?", "Kiun vidis la patro de Zorbo?",
                 "Kies filon vidis Bertilo?"):
        assert _kin(text) == []


def test_the_converse_sentence_ranks_first_for_a_kin_question() -> None:
    sentences = ["Bertilo kaj lia patro venis.", "Bertilo dormis.",
                 "Tiam Bertilo, la filo de Zorbo, eniris en la salonon."]
    index = BM25Index(build_bm25([terms(parse(s)) for s in sentences]), len(sentences))
    found = keywords(parse("Kiu estis la patro de Bertilo?"))
    positions, scores = index.score([(k.term, k.weight) for k in found])
    assert int(positions[scores.argmax()]) == 2
    positions, scores = index.score([(k.term, k.weight) for k in found
                                     if k.kind not in ("converse", "described")])
    assert int(positions[scores.argmax()]) == 0


def test_the_verb_standing_for_an_asked_action_is_no_keyword() -> None:
    terms = [k.term for k in keywords(parse("Kion faris Zorbo en la urbo?"))]
    assert "far" not in terms and {"zorb", "urb"} <= set(terms)
    assert "okaz" not in [k.term for k in keywords(parse("Kio okazis al Zorbo?"))]
    # "fari" that makes something of something is the question's own verb
    assert "far" in [k.term for k in keywords(parse("Kion Zorbo faris el la ligno?"))]
