#!/usr/bin/env python
"""How the engine answers questions generated from held-out documents.

    python scripts/eval_generated.py [--count 3000] [--seed 11] [--json]

Needs a built corpus (`klareco build`). A fifth of the documents, chosen by a hash of their id,
is held out (`klareco/training/heldout.py`); from their sentences that the encoder was not
trained on, and that hold no evidence of the dev set, the question generator makes one question
each, and half of those naming someone get another name of the corpus (unanswerable).
Prints the figures `klareco eval` gives the dev set, and answer accuracy per question form.
"""

from __future__ import annotations

import argparse
import json
import sys

from klareco.config import default_dev_set
from klareco.engine import Engine
from klareco.evaluation import load_gold
from klareco.training.heldout import held_out_items, judge, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="generated questions")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()

    engine = Engine.load()
    gold = []
    for name in ("qa-dev.jsonl", "qa-dev-2.jsonl"):
        dev = default_dev_set()
        path = dev.with_name(name) if dev else None
        if path is not None and path.is_file():
            gold += load_gold(path)
    exclude = [text for item in gold for text in item.get("evidence", [])]
    progress = sys.stderr.isatty()
    items = held_out_items(engine, args.count, args.seed, exclude, progress)
    figures = report(judge(engine, items, progress))
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    print(f"{figures['n']} questions from held-out documents ({figures['answerable']} "
          "answerable)")
    for key in ("answer_accuracy", "abstain_accuracy", "false_abstain_rate", "confident_right"):
        print(f"  {key:<20} {figures[key]}")
    print(f"  {'confident (>= 0.5)':<20} {figures['confident']}")
    print("form            n   accuracy")
    for form, row in figures["by_form"].items():
        print(f"{form:<12} {row['n']:>4}   {row['accuracy']}")


if __name__ == "__main__":
    main()
