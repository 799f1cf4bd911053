"""The kinds of answer a question asks for, and those a sentence holds (stage 2's check)."""

from __future__ import annotations

import pytest

from klareco.parse import parse
from klareco.retrieval.kinds import (
    CAUSE,
    MANNER,
    NAME,
    NUMBER,
    PLACE_ADVERB,
    TIME,
    asked_kinds,
    preposition_bit,
    sentence_kinds,
)


def _fits(question: str, sentence: str) -> bool:
    return bool(asked_kinds(parse(question)) & sentence_kinds(parse(sentence)))


@pytest.mark.parametrize(("question", "holds", "lacks"), [
    ("Kiom da jaroj vivis Bertilo?", "Bertilo vivis tridek jarojn.",
     "Bertilo vivis longe en la urbo."),
    ("Kiam venis Zorbo?", "Zorbo venis en la dua tago.", "Zorbo venis al la urbo."),
    ("Kiam venis Zorbo?", "Zorbo venis, kiam la suno leviĝis.", "Zorbo venis kun Ingrid."),
    ("Per kio Zorbo batis la hundon?", "Zorbo batis la hundon per bastono.",
     "Zorbo batis la hundon en la korto."),
    ("Kial Ingrid ploris?", "Ingrid ploris, ĉar ŝi perdis la ringon.",
     "Ingrid ploris en la ĝardeno."),
    ("Kie loĝis Bertilo?", "Bertilo loĝis sur la monto.", "Bertilo loĝis tridek jarojn."),
    ("Kiel Zorbo kuris?", "Zorbo kuris rapide.", "Zorbo kuris al la domo."),
    ("Kiel nomiĝis la patro de Ingrid?", "Ŝia patro estis Zelpo.", "Ŝia patro estis riĉa."),
    ("De kie venis Mirza?", "Mirza venis el la arbaro.", "Mirza venis al la arbaro."),
    # a share and a sum of money with its sign are amounts
    ("Kiom el la pomoj prenis Zorbo?", "Zorbo prenis duonon de la pomoj.",
     "Zorbo prenis la pomojn."),
    ("Kiom da mono pagis Zorbo?", "Zorbo pagis £5.", "Zorbo pagis la prezon."),
])
def test_a_sentence_fits_the_kind_its_answer_must_be(question: str, holds: str,
                                                      lacks: str) -> None:
    assert _fits(question, holds)
    assert not _fits(question, lacks)


@pytest.mark.parametrize("question", [
    "Kiu batis la hundon?",  # who: a noun phrase, which nearly every sentence has
    "Kion manĝis Zorbo?",
    "Kia estis la domo?",
    "Ĉu Zorbo venis?",
    "De kiu estis batita la hundo?",  # who did it: said without "de" in the active voice
    "Zorbo venis hejmen.",  # no question at all
])
def test_questions_of_no_particular_kind_get_no_check(question: str) -> None:
    assert asked_kinds(parse(question)) == 0


def test_each_word_gives_its_kind() -> None:
    kinds = sentence_kinds(parse("En 1907 Zorbo rapide iris hejmen, ĉar li estis laca."))
    for kind in (NUMBER, TIME, NAME, MANNER, PLACE_ADVERB, CAUSE, preposition_bit("en")):
        assert kinds & kind
    assert not kinds & preposition_bit("per")
    assert preposition_bit("hundo") == 0  # no preposition: no bit
