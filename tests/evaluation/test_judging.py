"""The judging rules of ../shared/eval/README.md, on hand-written cases."""

from __future__ import annotations

import pytest

from klareco.evaluation.judging import (
    ABSTAIN_TEXT,
    is_abstention,
    is_correct_answer,
    is_retrieval_hit,
)

EVIDENCE = ["Kaj Ŝi ŝanĝis sian nomon al “Ofelio”, ĉar ŝi volis."]


def item(answers: list[str], kind: str = "kiu") -> dict:
    return {"id": "t", "question": "?", "type": kind, "answers": answers, "evidence": []}


# Retrieval hits


def test_unit_containing_the_evidence_is_a_hit() -> None:
    unit = "Tiam venis la reĝo. Kaj ŝi ŝanĝis sian nomon al «Ofelio», ĉar ŝi volis. Fino."
    assert is_retrieval_hit(unit, EVIDENCE)


def test_x_system_and_quotes_are_normalised_before_matching() -> None:
    unit = 'KAJ SXI SXANGXIS SIAN NOMON AL "OFELIO", CXAR SXI VOLIS!'
    assert is_retrieval_hit(unit, EVIDENCE)


def test_unit_inside_evidence_needs_four_words() -> None:
    assert is_retrieval_hit("ŝanĝis sian nomon al", EVIDENCE)
    assert not is_retrieval_hit("sian nomon al", EVIDENCE)
    assert not is_retrieval_hit("Ofelio", EVIDENCE)


def test_unrelated_or_empty_unit_is_no_hit() -> None:
    assert not is_retrieval_hit("La reĝo mortis en la ĝardeno hieraŭ.", EVIDENCE)
    assert not is_retrieval_hit("", EVIDENCE)
    assert not is_retrieval_hit("Kaj ŝi ŝanĝis sian nomon", [])
    assert not is_retrieval_hit("Kaj ŝi ŝanĝis sian nomon", [""])


def test_any_of_two_evidence_strings_may_hit() -> None:
    evidence = ["Neniu tia frazo ekzistas ie ajn.", "La kato dormas sur la tapiŝo."]
    assert is_retrieval_hit("Hodiaŭ la kato dormas sur la tapiŝo.", evidence)


# Answers


def test_answer_containing_an_accepted_answer_is_correct() -> None:
    gold = item(["Habel", "Habelon"])
    assert is_correct_answer("Li mortigis Habelon.", gold)
    assert is_correct_answer("habel", gold)
    assert not is_correct_answer("Kain", gold)


def test_x_system_and_apostrophes_in_answers() -> None:
    gold = item(["ĉapelon kaj ŝuojn", "l’ ĉapelo"])
    assert is_correct_answer("la cxapelon kaj sxuojn", gold)
    assert is_correct_answer("L'ĈAPELON KAJ ŜUOJN", gold)
    assert is_correct_answer("jen l' ĉapelo", gold)


def test_short_accepted_answer_must_match_a_whole_word() -> None:
    gold = item(["sep"])
    assert is_correct_answer("sep", gold)
    assert is_correct_answer("Sep tagojn.", gold)
    assert not is_correct_answer("sepdek", gold)
    assert not is_correct_answer("la sepa tago", gold)
    numbers = item(["712"])
    assert is_correct_answer("712 jarojn", numbers)
    assert not is_correct_answer("1712", numbers)


def test_longer_accepted_answer_may_match_inside_a_word() -> None:
    assert is_correct_answer("Habelon", item(["Habel"]))


def test_answer_over_twelve_words_is_wrong() -> None:
    gold = item(["Habelon"])
    twelve = "Kain mortigis Habelon en la kampo kiam ili estis tie kune hieraŭ"
    assert len(twelve.split()) == 12
    assert is_correct_answer(twelve, gold)
    assert not is_correct_answer(twelve + " vespere", gold)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Jes", True),
        ("jes.", True),
        ("Jes, li mortis.", True),
        ("jesa", False),
        ("Ne", False),
        ("Ne, jes.", False),
        ("Mi kredas ke jes", False),
        (None, False),
    ],
)
def test_cxu_items_accept_an_answer_that_is_or_starts_with_the_word(
    answer: str | None, expected: bool
) -> None:
    assert is_correct_answer(answer, item(["jes"], kind="cxu")) is expected


def test_cxu_item_expecting_no() -> None:
    gold = item(["ne"], kind="cxu")
    assert is_correct_answer("Ne, li ne eniris.", gold)
    assert not is_correct_answer("Nenio", gold)
    assert not is_correct_answer("Jes", gold)


def test_unanswerable_items_need_an_abstention() -> None:
    gold = item([])
    assert is_correct_answer(None, gold)
    assert is_correct_answer(ABSTAIN_TEXT, gold)
    assert is_correct_answer("mi ne scias", gold)
    assert not is_correct_answer("Habelon", gold)


def test_abstaining_on_an_answerable_item_is_wrong() -> None:
    gold = item(["ne"], kind="cxu")
    assert not is_correct_answer(ABSTAIN_TEXT, gold)
    assert not is_correct_answer(None, item(["Habel"]))


def test_is_abstention() -> None:
    assert is_abstention(None)
    assert is_abstention("Mi ne scias.")
    assert is_abstention("  MI NE SCIAS ")
    assert is_abstention("")
    assert not is_abstention("Mi ne scias, ĉu jes.")
    assert not is_abstention("Ne.")
