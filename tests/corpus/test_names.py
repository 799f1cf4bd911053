"""The corpus's table of names that may start a sentence, and the parser reading it (on
sentences written here)."""

from __future__ import annotations

from klareco.corpus.names import initial_forms, sentence_initial_names
from klareco.parse import parse

# "Bruna" is a name inside sentences here; "verda" a word; "Longe" starts only verse lines.
TEXTS = [
    "Hieraŭ Bruna kantis en la ĝardeno.",
    "La infanoj aŭskultis, kiam Bruna ridis.",
    "La herbo estas verda, kaj la Verda Monto staras tie.",
    "Ni vidis la Verdan Monton kaj la Verdan Lagon.",
    "Ni iris tra la kampo\nLonge, ĝis la vespero\nLonge ni kantis.",
    "Li diris: Venu al mi!",
    "Venu, ni iru al Petro.",
]


def test_a_form_capitalised_inside_sentences_and_never_lowercase_is_a_name() -> None:
    table = sentence_initial_names(TEXTS)
    assert "bruna" in table
    assert "verda" not in table  # written in lowercase too
    assert "verdan" in table  # capitalised twice, never lowercase: a name's accusative
    assert "longe" not in table  # only at the start of verse lines
    assert "venu" not in table  # after a colon a sentence starts
    assert "petro" not in table  # capitalised only once


def test_a_name_seen_once_is_not_enough() -> None:
    assert sentence_initial_names(["Tiam Bruna venis."]) == frozenset()
    assert "bruna" in sentence_initial_names(["Tiam Bruna venis."] * 2)


def test_the_forms_that_start_sentences() -> None:
    assert initial_forms("Bruna kantis. Tiam Petro diris: „Venu!“") == {"bruna", "tiam", "venu"}
    assert initial_forms("– Bruna, kie vi estas?") == {"bruna"}
    assert initial_forms("la infano dormas") == set()


def test_a_sentence_starting_with_a_name_of_the_table_reads_it_as_its_subject() -> None:
    plain = parse("Bruna kantis bele.")
    assert plain.words[0].pos == "ADJ"  # by its shape: brun·a, an adjective
    named = parse("Bruna kantis bele.", frozenset({"bruna"}))
    assert named.words[0].is_name and named.words[0].lemma == "Bruna"
    assert named.main is not None and named.main.subject is not None
    assert named.main.subject.head == 0
    # an adverb's shape (direction: ruben → rube·n) gives way too
    assert parse("Ruben iris al la kampo.", frozenset({"ruben"})).words[0].is_name
    # after a colon a sentence starts again
    said = parse("Kaj ŝi diris: Bruna venos.", frozenset({"bruna"}))
    assert said.words[4].is_name


def test_a_word_not_in_the_table_keeps_its_reading_at_a_sentence_start() -> None:
    sentence = parse("Bela estas la tago.", frozenset({"bruna"}))
    assert sentence.words[0].pos == "ADJ" and not sentence.words[0].is_name
    inside = parse("Tiam Bruna kantis.", frozenset())
    assert inside.words[1].is_name  # inside a sentence a capital is enough, as before
