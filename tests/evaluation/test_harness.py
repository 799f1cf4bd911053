"""The evaluation harness on a tiny hand-made gold with a fake retriever and answerer."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from klareco.errors import KlarecoError
from klareco.evaluation.harness import evaluate, format_table, load_gold

# Made-up items in the dev set's form (none of them is a dev item).
GOLD = [
    {
        "id": "a1",
        "question": "Kiun renkontis Bertilo?",
        "type": "kiun",
        "answers": ["Marta", "Martan"],
        "evidence": ["Bertilo renkontis sian fratinon Marta ĉe la rivero."],
        "difficulty": "direct",
    },
    {
        "id": "a2",
        "question": "Ĉu la ponto falis?",
        "type": "cxu",
        "answers": ["ne"],
        "evidence": ["kaj tamen la malnova ponto ne falas."],
        "difficulty": "paraphrase",
    },
    {
        "id": "a3",
        "question": "Kiom da ŝafoj havis Bertilo?",
        "type": "kiom",
        "answers": ["tricent dek du", "312"],
        "evidence": ["la tuta grego de Bertilo estis tricent dek du ŝafoj"],
        "difficulty": "paraphrase",
    },
    {
        "id": "u1",
        "question": "Kiu estis la patrino de Bertilo?",
        "type": "kiu",
        "answers": [],
        "evidence": [],
        "difficulty": "unanswerable",
    },
]

FILLER = "Tiu ĉi frazo tute ne rilatas al la demando."


@dataclass
class FakeHit:
    text: str
    sentence_id: str
    score: float


def ranked(texts: list[str]) -> list[FakeHit]:
    return [FakeHit(t, f"s{i}", 1.0 / (i + 1)) for i, t in enumerate(texts)]


# a1: hit at rank 1; a2: hit at rank 3; a3: no hit in the 100 returned; u1: anything.
RESULTS = {
    "a1": ranked(["Bertilo renkontis sian fratinon Marta ĉe la rivero.", FILLER]),
    "a2": ranked([FILLER, FILLER, "Kaj tamen la malnova ponto ne falas.", FILLER]),
    "a3": ranked([FILLER] * 100),
    "u1": ranked([FILLER]),
}
ANSWERS = {"a1": "Martan", "a2": None, "a3": "312 ŝafojn", "u1": "Klara"}


class FakeEngine:
    def __init__(self) -> None:
        self.by_question = {item["question"]: item["id"] for item in GOLD}
        self.search_calls: list[tuple[str, int]] = []

    def search(self, question: str, k: int) -> list[FakeHit]:
        self.search_calls.append((question, k))
        return RESULTS[self.by_question[question]]

    def answer(self, question: str) -> str | None:
        return ANSWERS[self.by_question[question]]


def test_metrics_match_hand_computation() -> None:
    engine = FakeEngine()
    report = evaluate(GOLD, engine.search, engine.answer)
    assert report["n"] == 4
    assert report["answerable"] == 3
    assert report["recall@100"] == round(2 / 3, 4)
    assert report["hit@1"] == round(1 / 3, 4)
    assert report["hit@5"] == round(2 / 3, 4)
    assert report["mrr@10"] == round((1 + 1 / 3) / 3, 4)
    assert report["answer_accuracy"] == round(2 / 3, 4)  # a1, a3 right; a2 abstained
    assert report["abstain_accuracy"] == 0.0  # u1 answered "Klara"
    assert report["false_abstain_rate"] == round(1 / 3, 4)
    assert set(report["latency_ms"]) == {"p50", "p95"}
    assert 0 <= report["latency_ms"]["p50"] <= report["latency_ms"]["p95"]
    assert engine.search_calls == [(item["question"], 100) for item in GOLD]
    assert [(r["id"], r["rank"], r["answer"], r["correct"]) for r in report["per_item"]] == [
        ("a1", 1, "Martan", True),
        ("a2", 3, None, False),
        ("a3", None, "312 ŝafojn", True),
        ("u1", None, "Klara", False),
    ]
    by = report["by_difficulty"]
    assert by["direct"] == {"n": 1, "recall@100": 1.0, "hit@5": 1.0, "mrr@10": 1.0,
                            "answer_accuracy": 1.0}
    assert by["paraphrase"] == {"n": 2, "recall@100": 0.5, "hit@5": 0.5,
                                "mrr@10": round(1 / 6, 4), "answer_accuracy": 0.5}
    assert by["unanswerable"]["recall@100"] is None
    assert by["unanswerable"]["answer_accuracy"] == 0.0


def test_report_has_exactly_the_documented_keys() -> None:
    engine = FakeEngine()
    report = evaluate(GOLD, engine.search, engine.answer)
    assert set(report) == {
        "n",
        "answerable",
        "recall@100",
        "hit@1",
        "hit@5",
        "mrr@10",
        "read",
        "answer_accuracy",
        "abstain_accuracy",
        "false_abstain_rate",
        "latency_ms",
        "by_difficulty",
        "per_item",
    }
    json.dumps(report)  # serialisable as it is


def test_abstaining_on_unanswerable_counts_as_correct() -> None:
    engine = FakeEngine()
    report = evaluate(GOLD[3:], engine.search, lambda question: "Mi ne scias.")
    assert report["abstain_accuracy"] == 1.0
    assert report["answerable"] == 0
    assert report["recall@100"] is None
    assert report["answer_accuracy"] is None


def test_answer_fields_are_none_without_an_answerer() -> None:
    engine = FakeEngine()
    report = evaluate(GOLD, engine.search)
    assert report["answer_accuracy"] is None
    assert report["abstain_accuracy"] is None
    assert report["false_abstain_rate"] is None
    assert report["recall@100"] == round(2 / 3, 4)
    assert all(row["answer"] is None and row["correct"] is None for row in report["per_item"])


def test_results_beyond_k_are_ignored() -> None:
    item = dict(GOLD[0], id="deep")
    deep = ranked([FILLER] * 100 + [GOLD[0]["evidence"][0]])
    report = evaluate([item], lambda question, k: deep)
    assert report["recall@100"] == 0.0


def test_mrr_counts_only_the_top_ten() -> None:
    item = GOLD[0]
    late = ranked([FILLER] * 10 + [item["evidence"][0]])
    report = evaluate([item], lambda question, k: late)
    assert report["recall@100"] == 1.0
    assert report["hit@5"] == 0.0
    assert report["mrr@10"] == 0.0


def test_the_order_read_is_judged_beside_the_ranking() -> None:
    item = GOLD[0]
    searched = ranked([FILLER, FILLER, item["evidence"][0]])
    read = [searched[2], searched[0], searched[1]]  # the answerer read the third first
    report = evaluate([item], lambda question, k: searched, read=lambda question: read)
    assert report["mrr@10"] == round(1 / 3, 4) and report["hit@1"] == 0.0
    assert report["read"] == {"hit@1": 1.0, "hit@5": 1.0, "mrr@10": 1.0}
    assert evaluate([item], lambda question, k: searched)["read"] is None
    assert "MRR@10, as read" in format_table(report)


def test_evidence_may_be_cited_by_sentence_id() -> None:
    item = {key: value for key, value in GOLD[0].items() if key != "evidence"}
    item["evidence_sentences"] = ["s2"]  # the third sentence, whatever its text says
    found = ranked([FILLER, FILLER, "Alia frazo, kiu diras la saman aferon."])
    report = evaluate([item], lambda question, k: found)
    assert report["recall@100"] == 1.0 and report["mrr@10"] == round(1 / 3, 4)
    assert evaluate([item], lambda question, k: found[:2])["recall@100"] == 0.0


def test_k_below_100_is_refused() -> None:
    with pytest.raises(KlarecoError, match="at least 100"):
        evaluate(GOLD, FakeEngine().search, k=10)


def test_empty_gold() -> None:
    report = evaluate([], FakeEngine().search)
    assert report["n"] == 0
    assert report["latency_ms"] == {"p50": None, "p95": None}


def test_format_table_shows_the_figures() -> None:
    engine = FakeEngine()
    table = format_table(evaluate(GOLD, engine.search, engine.answer))
    assert "recall@100" in table and "66.7 %" in table
    assert "MRR@10" in table and "0.4444" in table
    assert "paraphrase" in table
    without = format_table(evaluate(GOLD, engine.search))
    assert "–" in without


def test_load_gold_reads_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(
        "\n".join(json.dumps(item, ensure_ascii=False) for item in GOLD) + "\n\n",
        encoding="utf-8",
    )
    assert load_gold(path) == GOLD


def test_load_gold_missing_file(tmp_path: Path) -> None:
    with pytest.raises(KlarecoError, match="not found"):
        load_gold(tmp_path / "absent.jsonl")


def test_load_gold_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(GOLD[0]) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(KlarecoError, match="line 2"):
        load_gold(path)


def test_load_gold_names_a_missing_field(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps({"id": "x", "question": "Kiu?"}) + "\n", encoding="utf-8")
    with pytest.raises(KlarecoError, match="line 1.*'answers'"):
        load_gold(path)


def test_load_gold_takes_evidence_as_sentence_ids(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    cited = {"id": "c", "question": "Kiu?", "answers": ["Ana"], "evidence_sentences": ["s1"]}
    path.write_text(json.dumps(cited) + "\n", encoding="utf-8")
    assert load_gold(path) == [cited]
    path.write_text(json.dumps({**cited, "evidence_sentences": "s1"}) + "\n", encoding="utf-8")
    with pytest.raises(KlarecoError, match="line 1.*'evidence_sentences'"):
        load_gold(path)
    del cited["evidence_sentences"]
    path.write_text(json.dumps(cited) + "\n", encoding="utf-8")
    with pytest.raises(KlarecoError, match="line 1.*'evidence'"):
        load_gold(path)


def test_real_dev_set_loads_when_present() -> None:
    path = Path(__file__).resolve().parents[3] / "shared" / "eval" / "qa-dev.jsonl"
    if not path.exists():
        pytest.skip("the shared dev set is absent")
    items = load_gold(path)
    assert len(items) == 97
    assert sum(1 for item in items if not item["answers"]) == 14
