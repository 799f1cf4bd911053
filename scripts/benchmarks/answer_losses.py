#!/usr/bin/env python
"""Where answers are lost: for each answerable question of a gold file, the first stage that
failed it.

    python scripts/benchmarks/answer_losses.py --gold FILE [--gold FILE …] [--json]

Needs a built corpus (`klareco build`). Gold files are in the dev set's form
(`../shared/eval/README.md`), judged by its rules; a held-out generated set written by
`scripts/eval_generated.py --items FILE` is read too, its source sentences as the evidence and
its answers judged as `eval_generated.py` judges them (`klareco.training.reader.is_right`).
Each answerable question falls in exactly one row, the first that applies:

  not read       no sentence the expert read (the top EVIDENCE_DEPTH) is an evidence hit
  no candidate   an evidence sentence was read, but no option of the expert is a right answer
  outranked      a right option exists, but the best option is wrong
  withheld       the best option is right, but its confidence is under the threshold
  right          answered right

Unanswerable questions are counted as withheld (right) or answered (wrong). The rows say
which stage to work on; the lines per difficulty (direct, paraphrase, inference; "generated"
for a generated set) and per question form say for which questions.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from tqdm import tqdm

from klareco.engine import SEARCH_DEPTH, Engine
from klareco.evaluation import load_gold
from klareco.evaluation.judging import is_correct_answer, is_retrieval_hit
from klareco.experts.factoid import EVIDENCE_DEPTH, FactoidExpert
from klareco.training.heldout import as_gold, read_items
from klareco.training.reader import is_right

STAGES = ("not read", "no candidate", "outranked", "withheld", "right")


Judge = Callable[[str], bool]  # whether an answer to the item is right


def read_gold(path: Path) -> list[tuple[dict[str, Any], Judge]]:
    """The items of a dev-form gold file, or of a held-out generated set (`eval_generated.py
    --items`), each with how its answers are judged."""
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    if '"evidence"' in first:
        return [(item, partial(lambda i, a: is_correct_answer(a, i), item))
                for item in load_gold(path)]
    held_out = read_items(path)
    return [(item, partial(is_right, h.generated))
            for item, h in zip(as_gold(held_out), held_out, strict=True)]


def loss(engine: Engine, expert: FactoidExpert, item: Mapping[str, Any], right: Judge) -> str:
    """The first stage that failed an answerable ``item`` (one of ``STAGES``)."""
    response = engine.ask(item["question"], ranked=SEARCH_DEPTH)
    if not response.abstained and right(response.text):
        return "right"
    read = response.hits[:EVIDENCE_DEPTH]
    if not any(is_retrieval_hit(hit.text, item["evidence"]) for hit in read):
        return "not read"
    result = engine.searcher.search(item["question"], SEARCH_DEPTH, engine.retriever,
                                    keep=EVIDENCE_DEPTH)
    if result.ast is None:
        return "no candidate"
    options = expert.options(result.ast, engine.expert_evidence(result))
    if not any(right(option.text) for option in options[1:]):
        return "no candidate"
    best = (response.trace.get("expert") or {}).get("candidate")
    if best is None or not right(best):
        return "outranked"
    return "withheld"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, action="append", required=True)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args()

    engine = Engine.load()
    expert = next(e for e in engine.registry.experts if isinstance(e, FactoidExpert))
    report: dict[str, Any] = {}
    for path in args.gold:
        items = read_gold(path)
        stages: Counter[str] = Counter()
        by_form: dict[str, Counter[str]] = defaultdict(Counter)
        by_difficulty: dict[str, Counter[str]] = defaultdict(Counter)
        unanswerable: Counter[str] = Counter()
        for item, right in tqdm(items, desc=path.name, unit="q"):
            if not item["answers"]:
                response = engine.ask(item["question"])
                unanswerable["withheld" if response.abstained else "answered"] += 1
                continue
            stage = loss(engine, expert, item, right)
            stages[stage] += 1
            by_form[item.get("type", "?")][stage] += 1
            by_difficulty[item.get("difficulty", "?")][stage] += 1
        report[path.name] = {"answerable": {s: stages[s] for s in STAGES},
                             "unanswerable": dict(unanswerable),
                             **{f"by_{key}": {name: {s: c[s] for s in STAGES}
                                              for name, c in sorted(
                                                  groups.items(), key=lambda p: -p[1].total())}
                                for key, groups in (("difficulty", by_difficulty),
                                                    ("form", by_form))}}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    for name, found in report.items():
        total = sum(found["answerable"].values())
        print(f"{name}: {total} answerable, unanswerable {found['unanswerable']}")
        for stage, count in found["answerable"].items():
            print(f"  {stage:<13} {count:>5}  {count / max(total, 1):.3f}")
        for key in ("difficulty", "form"):
            print(f"  {key:<12}    n  " + "  ".join(f"{s:>12}" for s in STAGES))
            for name, counts in found[f"by_{key}"].items():
                n = sum(counts.values())
                print(f"  {name:<12} {n:>4}  " + "  ".join(f"{counts[s] / n:>12.2f}"
                                                          for s in STAGES))


if __name__ == "__main__":
    main()
