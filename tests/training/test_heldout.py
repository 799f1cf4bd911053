"""The held-out split and the report on generated questions."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from klareco.engine import Response
from klareco.training.heldout import HeldOutItem, Judged, as_gold, report, with_antecedent
from klareco.training.questions import GeneratedQuestion
from klareco.training.split import held_out_documents, training_documents, tuning_documents


def test_the_split_is_stable_and_grows_with_its_share() -> None:
    ids = [f"verko-{n}" for n in range(2000)]
    small, large = held_out_documents(ids, 0.1), held_out_documents(ids, 0.3)
    assert small == held_out_documents(reversed(ids), 0.1)
    assert small < large
    assert 0.07 < len(small) / len(ids) < 0.13 and 0.26 < len(large) / len(ids) < 0.34


def test_training_tuning_and_held_out_documents_do_not_overlap() -> None:
    ids = [f"verko-{n}" for n in range(2000)]
    held, tuning, training = (held_out_documents(ids), tuning_documents(ids),
                              training_documents(ids))
    assert not held & tuning and not held & training and not tuning & training
    assert held | tuning | training == set(ids)
    assert 0.07 < len(tuning) / len(ids) < 0.13


def _judged(form: str, answerable: bool, answer: str | None, confidence: float,
            right: bool, candidate_right: bool = False) -> Judged:
    generated = GeneratedQuestion("Kiun vidis Ana?", ("petr",), yes_no=False, form=form)
    item = HeldOutItem(generated, generated.text, answerable,
                       form if answerable else "unanswerable")
    return Judged(item, Response(item.text, answer, confidence, []), right, candidate_right)


def test_the_report_counts_each_kind_of_answer() -> None:
    judged = [
        _judged("kiun", True, "Petron", 0.9, True),
        _judged("kiun", True, "Paŭlon", 0.7, False),
        _judged("kie", True, None, 0.1, False, candidate_right=True),
        _judged("kiun", False, None, 0.2, True),
        _judged("kiun", False, "Petron", 0.6, False),
    ]
    figures = report(judged)
    assert (figures["n"], figures["answerable"]) == (5, 3)
    assert figures["answer_accuracy"] == round(1 / 3, 4)
    assert figures["abstain_accuracy"] == 0.5
    assert figures["false_abstain_rate"] == round(1 / 3, 4)
    assert (figures["confident"], figures["confident_right"]) == (3, round(1 / 3, 4))
    # the withheld answer to the kie question was right: a candidate, not an answer
    assert figures["candidate_accuracy"] == round(1 / 3, 4)
    assert figures["by_form"]["kie"] == {"n": 1, "accuracy": 0.0, "candidate_accuracy": 1.0}
    assert figures["by_form"]["kiun"] == {"n": 2, "accuracy": 0.5, "candidate_accuracy": 0.0}
    assert figures["by_form"]["unanswerable"] == {"n": 2, "accuracy": 0.5,
                                                  "candidate_accuracy": None}


def test_the_report_places_the_source_sentence_in_the_ranking_and_as_read() -> None:
    @dataclass
    class FakeHit:
        text: str

    said = "Ana vidis Petron en la ĝardeno de sia onklo."
    other = "La hundo dormis en la ĝardeno de la najbaro."
    generated = GeneratedQuestion("Kiun vidis Ana?", ("petr",), yes_no=False, form="kiun",
                                  sentence=said)
    item = HeldOutItem(generated, generated.text, True, "kiun")
    hits = [FakeHit(other), FakeHit(said)]
    response = Response(item.text, "Petron", 0.9, [], hits=hits, reading=hits[::-1])
    figures = report([Judged(item, response, True, True)])
    assert (figures["mrr@10"], figures["read_mrr@10"]) == (0.5, 1.0)


def test_generated_questions_become_gold_items_with_their_sentence_as_evidence() -> None:
    made = GeneratedQuestion("Kiun vidis Ana?", ("petr",), yes_no=False, form="kiun",
                             sentence="Ana vidis Petron en la ĝardeno.", sentence_id="x#0")
    answerable = HeldOutItem(made, made.text, True, "kiun")
    swapped = HeldOutItem(made, "Kiun vidis Mara?", False, "unanswerable")
    gold = as_gold([answerable, swapped])
    assert gold[0]["evidence"] == ["Ana vidis Petron en la ĝardeno."]
    assert gold[0]["answers"] == ["petr"] and gold[0]["question"] == "Kiun vidis Ana?"
    assert gold[1]["evidence"] == [] and gold[1]["answers"] == []


def test_questions_that_do_not_record_their_sentence_cannot_judge_retrieval() -> None:
    made = GeneratedQuestion("Kiun vidis Ana?", ("petr",), yes_no=False, form="kiun")
    with pytest.raises(ValueError, match="make them again"):
        as_gold([HeldOutItem(made, made.text, True, "kiun")])


def test_the_pronoun_of_a_question_becomes_the_name_of_the_sentence_before() -> None:
    assert with_antecedent("Kion aĉetis li en la urbo?", "Bertilo") == \
        "Kion aĉetis Bertilo en la urbo?"
    assert with_antecedent("Kiu vidis ŝin?", "Klara") == "Kiu vidis Klaran?"
    assert with_antecedent("Kiu vidis lin?", "Ŝeŭtil") == "Kiu vidis Ŝeŭtilon?"


def test_no_pronoun_or_two_give_no_question() -> None:
    assert with_antecedent("Kion aĉetis Klara?", "Bertilo") is None
    assert with_antecedent("Ĉu li vidis ŝin?", "Bertilo") is None
    assert with_antecedent("Kion faris la lingvisto?", "Bertilo") is None  # "li" inside a word
