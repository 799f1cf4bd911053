"""Run a retriever (and optionally an answerer) over a gold file and compute the metrics.

The report's keys are those of ``klareco eval --json`` in ``DESIGN.md`` ("Interfaces"), plus
``by_difficulty``, ``read`` (the order the answerer read the top in) and ``per_item`` for
debugging.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from klareco.config import default_dev_sets
from klareco.errors import EmptyInputError, InputError, KlarecoError
from klareco.evaluation.judging import is_abstention, is_correct_answer, is_retrieval_hit
from klareco.text import decode_input, require_text

REQUIRED_FIELDS: dict[str, type] = {
    "id": str,
    "question": str,
    "answers": list,
}
"""Fields every gold item must have, with their JSON types."""
EVIDENCE_FIELDS = ("evidence", "evidence_sentences")
"""An item gives its evidence as quoted passages (``evidence``), as the ids of the corpus
sentences that hold it (``evidence_sentences``, as ``search --json`` prints them: a file made
so quotes no corpus text), or both; at least one, a list."""

RECALL_DEPTH = 100
MRR_DEPTH = 10
HIT_DEPTHS = (1, 5)
DIGITS = 4


class Hit(Protocol):
    """One retrieved unit, as the retriever returns it."""

    text: str
    sentence_id: str
    score: float


SearchFn = Callable[[str, int], Sequence[Hit]]
"""``search(question, k)``: the top ``k`` units for a question, best first."""

AnswerFn = Callable[[str], str | None]
"""``answer(question)``: a short answer, or ``None`` to abstain."""

SearchReadFn = Callable[[str], Sequence[Hit]]
"""``read(question)``: the top units in the order the answerer read (and shows) them."""


def load_gold(path: str | Path) -> list[dict[str, Any]]:
    """Read a gold JSONL file: one JSON object per line; blank lines are skipped.

    Raises :class:`KlarecoError` if the file cannot be read, and :class:`InputError` (naming
    the file, and the line where there is one) when it is not UTF-8, holds no item, or a line
    is not a JSON object with :data:`REQUIRED_FIELDS`, a list in one of
    :data:`EVIDENCE_FIELDS` and a question that is not empty.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise KlarecoError(f"gold file not found: {path}") from None
    except OSError as error:
        raise KlarecoError(f"cannot read gold file {path}: {error.strerror or error}") from None
    items: list[dict[str, Any]] = []
    for number, line in enumerate(decode_input(data, f"gold file {path}").splitlines(),
                                  start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise InputError(f"{where}: not valid JSON ({error.msg})") from None
        if not isinstance(item, dict):
            raise InputError(f"{where}: expected a JSON object")
        for field, kind in REQUIRED_FIELDS.items():
            if not isinstance(item.get(field), kind):
                raise InputError(f"{where}: field {field!r} missing or not a {kind.__name__}")
        given = [name for name in EVIDENCE_FIELDS if name in item]
        if not given or any(not isinstance(item[name], list) for name in given):
            raise InputError(f"{where}: field 'evidence' or 'evidence_sentences' missing or "
                             "not a list")
        item["question"] = require_text(item["question"], f"{where}: the question")
        items.append(item)
    if not items:
        raise EmptyInputError(f"gold file {path} holds no questions")
    return items


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` (0–1) percentile of ``values``, interpolating linearly between ranks."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * share
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def evidence_texts(paths: Iterable[Path] | None = None) -> list[str]:
    """Every evidence text of the gold files at ``paths`` (default: the development set beside
    the checkout): the sentences that questions generated for training or measuring must not
    be made from."""
    chosen = default_dev_sets() if paths is None else paths
    return [text for path in chosen for item in load_gold(path)
            for text in item.get("evidence", [])]


def _ratio(count: float, total: int) -> float | None:
    return None if total == 0 else round(count / total, DIGITS)


def first_hit_rank(hits: Iterable[Hit], evidence: Sequence[str],
                   sentence_ids: Collection[str] = ()) -> int | None:
    """The 1-based rank of the first of ``hits`` that is a hit for ``evidence``, or is one of
    the sentences ``sentence_ids``; None if there is none."""
    for rank, hit in enumerate(hits, start=1):
        if (sentence_ids and hit.sentence_id in sentence_ids) or \
                is_retrieval_hit(hit.text, evidence):
            return rank
    return None


def evaluate(
    items: Sequence[Mapping[str, Any]],
    search: SearchFn,
    answer: AnswerFn | None = None,
    k: int = RECALL_DEPTH,
    read: SearchReadFn | None = None,
) -> dict[str, Any]:
    """Evaluate ``search`` (and ``answer`` when given) on the gold ``items``.

    ``k`` must be at least 100 (else :class:`KlarecoError`).
    ``search(question, k)`` is called once per item and timed with :func:`time.perf_counter`;
    only its first ``k`` results are judged. Retrieval metrics count answerable items only:
    ``recall@100`` and ``hit@1``/``hit@5`` are the shares of them with a hit in the top 100, 1,
    5; ``mrr@10`` is the mean of 1/rank of the first hit within the top 10 (else 0).
    ``answer_accuracy`` is over answerable items, ``abstain_accuracy`` over unanswerable ones,
    ``false_abstain_rate`` the share of answerable items the answerer declined. Without an
    answerer those three are ``None``; a metric with no items to count is ``None`` too.
    ``read(question)``, when given, is the order the answerer read the top units in (the
    order ``ask`` shows its evidence): ``read`` reports hit@1/hit@5/MRR@10 of that order.
    Floats are rounded to 4 places.
    """
    if k < RECALL_DEPTH:
        raise KlarecoError(f"k must be at least {RECALL_DEPTH} to report recall@{RECALL_DEPTH}")
    latencies: list[float] = []
    per_item: list[dict[str, Any]] = []
    reciprocal_sum = read_reciprocal_sum = 0.0
    hits_at = dict.fromkeys(HIT_DEPTHS, 0)
    read_hits_at = dict.fromkeys(HIT_DEPTHS, 0)
    answerable = found = 0
    answerable_correct = unanswerable = unanswerable_correct = false_abstains = 0
    for item in items:
        question = item["question"]
        start = time.perf_counter()
        results = list(search(question, k))[:k]
        latencies.append((time.perf_counter() - start) * 1000.0)
        is_answerable = bool(item.get("answers"))
        rank: int | None = None
        if is_answerable:
            answerable += 1
            evidence = item.get("evidence", [])
            sentence_ids = set(item.get("evidence_sentences", []))
            rank = first_hit_rank(results[:RECALL_DEPTH], evidence, sentence_ids)
            if rank is not None:
                found += 1
                for depth in HIT_DEPTHS:
                    hits_at[depth] += rank <= depth
                if rank <= MRR_DEPTH:
                    reciprocal_sum += 1.0 / rank
            if read is not None:
                read_rank = first_hit_rank(read(question), evidence, sentence_ids)
                if read_rank is not None:
                    for depth in HIT_DEPTHS:
                        read_hits_at[depth] += read_rank <= depth
                    if read_rank <= MRR_DEPTH:
                        read_reciprocal_sum += 1.0 / read_rank
        given: str | None = None
        correct: bool | None = None
        if answer is not None:
            given = answer(question)
            correct = is_correct_answer(given, item)
            if is_answerable:
                answerable_correct += correct
                false_abstains += is_abstention(given)
            else:
                unanswerable += 1
                unanswerable_correct += correct
        per_item.append({"id": item.get("id"), "difficulty": item.get("difficulty"),
                         "answerable": is_answerable, "rank": rank, "answer": given,
                         "correct": correct})
    with_answers = answer is not None
    report: dict[str, Any] = {
        "n": len(per_item),
        "answerable": answerable,
        f"recall@{RECALL_DEPTH}": _ratio(found, answerable),
        **{f"hit@{depth}": _ratio(hits_at[depth], answerable) for depth in HIT_DEPTHS},
        f"mrr@{MRR_DEPTH}": _ratio(reciprocal_sum, answerable),
        "read": None if read is None else {
            **{f"hit@{depth}": _ratio(read_hits_at[depth], answerable) for depth in HIT_DEPTHS},
            f"mrr@{MRR_DEPTH}": _ratio(read_reciprocal_sum, answerable)},
        "answer_accuracy": _ratio(answerable_correct, answerable) if with_answers else None,
        "abstain_accuracy": _ratio(unanswerable_correct, unanswerable) if with_answers else None,
        "false_abstain_rate": _ratio(false_abstains, answerable) if with_answers else None,
        "latency_ms": {
            "p50": round(percentile(latencies, 0.5), DIGITS) if latencies else None,
            "p95": round(percentile(latencies, 0.95), DIGITS) if latencies else None,
        },
        "by_difficulty": _by_difficulty(per_item, with_answers),
        "per_item": per_item,
    }
    return report


def _by_difficulty(per_item: Sequence[Mapping[str, Any]], with_answers: bool
                   ) -> dict[str, dict[str, Any]]:
    """Recall@100, hit@5, MRR@10 and answer accuracy of each ``difficulty`` the items name
    (``direct``, ``paraphrase``, ``inference``, ``unanswerable``)."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for row in per_item:
        if row.get("difficulty"):
            groups.setdefault(str(row["difficulty"]), []).append(row)
    table = {}
    for name, rows in groups.items():
        answerable = [r for r in rows if r["answerable"]]
        ranks = [r["rank"] for r in answerable]
        table[name] = {
            "n": len(rows),
            f"recall@{RECALL_DEPTH}": _ratio(sum(r is not None for r in ranks), len(ranks)),
            "hit@5": _ratio(sum(r is not None and r <= 5 for r in ranks), len(ranks)),
            f"mrr@{MRR_DEPTH}": _ratio(sum(1.0 / r for r in ranks if r is not None
                                           and r <= MRR_DEPTH), len(ranks)),
            "answer_accuracy": _ratio(sum(bool(r["correct"]) for r in rows), len(rows))
            if with_answers else None,
        }
    return table


def _show(value: float | None, percent: bool = True) -> str:
    if value is None:
        return "–"
    return f"{value * 100:.1f} %" if percent else f"{value:.4f}"


def format_table(report: Mapping[str, Any]) -> str:
    """A short human-readable table of the report's figures (``per_item`` left out)."""
    latency = report.get("latency_ms") or {}
    rows = [
        ("items", str(report["n"])),
        ("answerable", str(report["answerable"])),
        ("recall@100", _show(report["recall@100"])),
        ("hit@1", _show(report["hit@1"])),
        ("hit@5", _show(report["hit@5"])),
        ("MRR@10", _show(report["mrr@10"], percent=False)),
    ]
    read = report.get("read")
    if read:  # the order the answerer read the top in, as ask shows the evidence
        rows += [("hit@5, as read", _show(read["hit@5"])),
                 ("MRR@10, as read", _show(read["mrr@10"], percent=False))]
    rows += [
        ("answer accuracy (answerable)", _show(report["answer_accuracy"])),
        ("abstain accuracy (unanswerable)", _show(report["abstain_accuracy"])),
        ("false abstain rate", _show(report["false_abstain_rate"])),
    ]
    for key in ("p50", "p95"):
        value = latency.get(key)
        rows.append((f"search latency {key}", "–" if value is None else f"{value:.1f} ms"))
    width = max(len(name) for name, _ in rows)
    lines = [f"{name:<{width}}  {value:>10}" for name, value in rows]
    groups = report.get("by_difficulty") or {}
    if groups:
        lines += ["", f"{'difficulty':<14} {'n':>4} {'recall@100':>10} {'hit@5':>7} "
                  f"{'MRR@10':>7} {'answer':>7}"]
        for name, row in groups.items():
            lines.append(f"{name:<14} {row['n']:>4} {_show(row['recall@100']):>10} "
                         f"{_show(row['hit@5']):>7} {_show(row['mrr@10'], False):>7} "
                         f"{_show(row['answer_accuracy']):>7}")
    return "\n".join(lines)
