"""Keywords come from the question's AST: names and content roots, never function words."""

import pytest

from klareco.parse import parse
from klareco.retrieval.keywords import context_terms, keywords, terms


def texts(question: str) -> list[str]:
    return [k.text for k in keywords(parse(question))]


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
    assert texts("Kion faris la reĝo?") == ["far", "reĝ"]
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
