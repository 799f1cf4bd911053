"""Training questions made from sentence ASTs."""

from __future__ import annotations

import random

from klareco.parse import parse
from klareco.training.questions import make_question


def questions(text: str, tries: int = 60) -> set[str]:
    ast = parse(text)
    made = {make_question(ast, random.Random(seed)) for seed in range(tries)}
    return {q for q in made if q}


def test_subject_and_object_are_asked_for_with_the_right_case() -> None:
    made = questions("Kain mortigis Habelon.")
    assert any(q.startswith("Kiun ") and "Kain" in q for q in made)
    assert any(q.startswith("Kiu ") and "Habelon" in q for q in made)
    assert all(q.endswith("?") for q in made)


def test_things_are_asked_with_kio() -> None:
    made = questions("Dio kreis la ĉielon.")
    assert any(q.startswith("Kion ") for q in made)


def test_place_adjunct_is_asked_with_kie_or_its_preposition() -> None:
    made = questions("Kain mortigis Habelon sur la kampo.")
    assert any(q.startswith(("Kie ", "Sur kio ")) and "kampo" not in q for q in made)


def test_the_same_seed_gives_the_same_question() -> None:
    ast = parse("En la komenco Dio kreis la ĉielon kaj la teron.")
    assert make_question(ast, random.Random(5)) == make_question(ast, random.Random(5))


def test_no_question_without_a_verb() -> None:
    assert questions("Sceno IV.") == set()


def test_generated_questions_parse_as_questions() -> None:
    for question in questions("La reĝino metis dudek matracojn sur la pizon."):
        assert parse(question).type == "question"


def test_counted_phrases_are_asked_with_kiom_da() -> None:
    made = questions("La reĝino metis dudek matracojn sur la pizon.")
    assert any(q.startswith("Kiom da matracoj ") for q in made)
