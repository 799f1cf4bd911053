"""The typed AST: what a word is (properties read once, on ``Word``) and a lossless JSON form."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import pytest

from klareco.corpus.store import decode_ast, encode_ast
from klareco.parse import analyze_word, parse
from klareco.parse.ast import Sentence

SENTENCES = [
    "Petro helpis sian fraton Paŭlo sur la kampo.",
    "La knabo, kiun mi vidis hieraŭ, diris, ke li venos al Varsovio.",
    "Kiom da jaroj vivis la maljuna reĝo?",
    "Ŝi portis nigre-grizan mantelon la 14an de aprilo 1917.",
    "Al kiu vi donis la libron de via patro, kaj kial?",
    "Ho!",
    "Ŝi kuris en la ĝardenon de l' vilaĝo Zorbufo.",  # direction, elision, an unknown name
]


@pytest.mark.parametrize("text", SENTENCES)
def test_a_sentence_round_trips_through_its_json(text: str) -> None:
    sentence = parse(text)
    data = json.loads(json.dumps(sentence.to_dict(), ensure_ascii=False))
    assert Sentence.from_dict(data) == sentence


@pytest.mark.parametrize("text", SENTENCES)
def test_a_stored_sentence_is_the_parsed_one_without_morphemes(text: str) -> None:
    sentence = parse(text)

    def bare(word):  # type: ignore[no-untyped-def]
        return replace(word, morphemes=(), parts=tuple(bare(p) for p in word.parts))

    assert decode_ast(encode_ast(sentence)) == replace(
        sentence, words=tuple(bare(w) for w in sentence.words))


@pytest.mark.parametrize("text", SENTENCES)
def test_a_stored_sentence_keeps_its_tags_and_terms_without_deriving_them_again(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = parse(text)
    expected = [(w.xpos, w.case, w.index_terms, w.terms) for w in sentence.words]
    blob = encode_ast(sentence)

    def not_again(word):  # type: ignore[no-untyped-def]
        raise AssertionError(f"{word.form} was derived again")

    module = sys.modules["klareco.parse.ast"]
    monkeypatch.setattr(module, "_own_tags", not_again)
    monkeypatch.setattr(module, "_index_terms", not_again)
    assert [(w.xpos, w.case, w.index_terms, w.terms)
            for w in decode_ast(blob).words] == expected


def test_names_numerals_and_content_words() -> None:
    words = {w.form: w for w in parse("Petro trifoje vidis tri belajn hundojn tre rapide.").words}
    assert words["Petro"].is_name and not words["hundojn"].is_name
    assert words["trifoje"].is_numeral and words["tri"].is_numeral
    assert not words["rapide"].is_numeral
    assert words["belajn"].is_content and words["rapide"].is_content
    assert not words["tre"].is_content  # an adverb without a root carries nothing
    assert words["Petro"].content_roots == ("petro",)
    assert words["hundojn"].content_roots == ("hund",)


@pytest.mark.parametrize("form, copula", [
    ("estas", True), ("fariĝis", True), ("nomiĝos", True), ("restu", True), ("estanta", False),
    ("faris", False), ("refariĝis", False), ("estro", False),
])
def test_copulas_are_verbs_built_exactly_on_a_copula(form: str, copula: bool) -> None:
    assert analyze_word(form).is_copula is copula


def test_a_hyphenated_word_carries_its_parts_and_their_terms() -> None:
    word = analyze_word("nigre-griza")
    assert [p.form for p in word.parts] == ["nigre", "griza"]
    assert word.terms == ("nigr", "griz")
    assert analyze_word("griza").parts == ()


def test_index_terms_of_words() -> None:
    words = {w.form: w for w in parse("Habelon vidis la lernejestro en 1917 kaj tie.").words}
    assert [(t.term, t.kind) for t in words["Habelon"].index_terms] == [("habel", "name")]
    assert words["lernejestro"].terms == ("lern", "lernejestr")
    assert words["1917"].terms == ("1917",)
    assert words["kaj"].terms == () and words["tie"].terms == ()
