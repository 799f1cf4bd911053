"""Questions as people type them: the text the parser reads (``klareco.retrieval.query``)."""

import pytest

from klareco.parse import parse
from klareco.retrieval.query import question_text

CORPUS_NAMES = {"bertil", "ŝeŭtil"}  # made-up names a corpus might hold


def is_name(term: str) -> bool:
    return term in CORPUS_NAMES


@pytest.mark.parametrize("typed", [
    "Kiun vidis Bertilo",
    "Kiun vidis Bertilo?!",
    "Kiun vidis Bertilo? 😀",
    "Kiun vidis Bertilo ?  ",
    "Kiun vidis Bertilo 🙂",
])
def test_the_end_of_a_question_is_one_question_mark(typed: str) -> None:
    assert question_text(typed, is_name) == "Kiun vidis Bertilo?"


def test_a_question_word_after_a_preposition_still_makes_a_question() -> None:
    assert question_text("Al kiu skribis Bertilo", is_name) == "Al kiu skribis Bertilo?"


@pytest.mark.parametrize("typed", ["Bertilo vidis la hundon.", "Bertilo vidis la hundon!",
                                   "la granda hundo"])
def test_text_without_a_question_word_keeps_its_own_ending(typed: str) -> None:
    assert question_text(typed, is_name) == typed


def test_a_lower_case_word_the_lexicon_lacks_is_the_corpus_name_it_spells() -> None:
    text = question_text("kiun vidis bertilo?", is_name)
    assert text == "kiun vidis Bertilo?"
    ast = parse(text)
    assert ast.subject is not None and ast.words[ast.subject.head].is_name


def test_a_lower_case_word_no_name_of_the_corpus_spells_stays_as_typed() -> None:
    assert question_text("kiun vidis gromplo?", is_name) == "kiun vidis gromplo?"


def test_common_words_are_never_taken_for_names() -> None:
    # "vidis" is a known word: it stays lower case even if a name were indexed under it
    assert question_text("kiun vidis bertilo?", lambda term: True) == "kiun vidis Bertilo?"


def test_x_system_is_read_everywhere_including_names() -> None:
    assert question_text("Cxu Sxeuxtilo dormas?", is_name) == "Ĉu Ŝeŭtilo dormas?"


def test_h_system_names_are_respelled_when_the_corpus_has_them() -> None:
    assert question_text("Kie dormas Sheutilo?", is_name) == "Kie dormas Ŝeŭtilo?"
