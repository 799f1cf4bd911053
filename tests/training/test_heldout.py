"""The held-out split and the report on generated questions."""

from __future__ import annotations

from klareco.engine import Response
from klareco.training.heldout import HeldOutItem, Judged, held_out_documents, report
from klareco.training.questions import GeneratedQuestion


def test_the_split_is_stable_and_grows_with_its_share() -> None:
    ids = [f"verko-{n}" for n in range(2000)]
    small, large = held_out_documents(ids, 0.1), held_out_documents(ids, 0.3)
    assert small == held_out_documents(reversed(ids), 0.1)
    assert small < large
    assert 0.07 < len(small) / len(ids) < 0.13 and 0.26 < len(large) / len(ids) < 0.34


def _judged(form: str, answerable: bool, answer: str | None, confidence: float,
            right: bool) -> Judged:
    generated = GeneratedQuestion("Kiun vidis Ana?", ("petr",), yes_no=False, form=form)
    item = HeldOutItem(generated, generated.text, answerable,
                       form if answerable else "unanswerable")
    return Judged(item, Response(item.text, answer, confidence, []), right)


def test_the_report_counts_each_kind_of_answer() -> None:
    judged = [
        _judged("kiun", True, "Petron", 0.9, True),
        _judged("kiun", True, "Paŭlon", 0.7, False),
        _judged("kie", True, None, 0.1, False),
        _judged("kiun", False, None, 0.2, True),
        _judged("kiun", False, "Petron", 0.6, False),
    ]
    figures = report(judged)
    assert (figures["n"], figures["answerable"]) == (5, 3)
    assert figures["answer_accuracy"] == round(1 / 3, 4)
    assert figures["abstain_accuracy"] == 0.5
    assert figures["false_abstain_rate"] == round(1 / 3, 4)
    assert (figures["confident"], figures["confident_right"]) == (3, round(1 / 3, 4))
    assert figures["by_form"]["kiun"] == {"n": 2, "accuracy": 0.5}
    assert figures["by_form"]["unanswerable"] == {"n": 2, "accuracy": 0.5}
