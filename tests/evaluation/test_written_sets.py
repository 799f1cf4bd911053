"""The written question sets (questions/): their form, and their evidence in the corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.artifacts import store_path
from klareco.corpus.store import Store
from klareco.evaluation import load_gold
from klareco.training.split import held_out_documents, training_documents, tuning_documents

QUESTIONS = Path(__file__).resolve().parents[2] / "questions"
SETS = {"written-training.jsonl": training_documents, "written-tuning.jsonl": tuning_documents,
        "written-heldout.jsonl": held_out_documents}
DIFFICULTIES = {"direct", "paraphrase", "inference", "unanswerable"}


@pytest.mark.parametrize("name", sorted(SETS))
def test_a_written_set_is_gold_with_its_evidence_by_sentence_id(name: str) -> None:
    items = load_gold(QUESTIONS / name)
    assert len({item["id"] for item in items}) == len(items) >= 200
    for item in items:
        assert item["difficulty"] in DIFFICULTIES and "evidence" not in item
        answerable = item["difficulty"] != "unanswerable"
        assert bool(item["answers"]) == answerable == bool(item["evidence_sentences"])
        if item["type"] == "cxu" and answerable:  # (one the corpus cannot settle has none)
            assert item["answers"] in (["jes"], ["ne"])


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(SETS))
def test_a_written_set_asks_only_of_its_own_side_of_the_split(name: str,
                                                              real_home: Path) -> None:
    with Store(store_path(real_home)) as store:
        side = SETS[name](store.documents())
        for item in load_gold(QUESTIONS / name):
            assert item["source"] in side
            for sentence_id in item["evidence_sentences"]:
                row = store.sentence(sentence_id)
                assert row is not None and row.doc_id == item["source"], sentence_id
