#!/usr/bin/env python
"""How often the engine's best answer is right at each confidence, on people's questions (the
development set) and on questions generated from held-out documents.

    python scripts/reliability.py [--items FILE] [--count 3000] [--seed 11]

Needs a built corpus (`klareco build`). Every question is asked with no abstention threshold,
so each gets its best answer and that answer's confidence; an unanswerable question's answer
is always wrong. A confidence that means the same on both sets would let a threshold chosen on
generated questions carry over to people's. --items reads the held-out questions that
`scripts/eval_generated.py --items` wrote (else they are made as that script makes them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

from klareco.config import default_dev_sets
from klareco.engine import Engine
from klareco.evaluation import evidence_texts, load_gold
from klareco.evaluation.judging import is_correct_answer
from klareco.training.heldout import held_out_items, read_items
from klareco.training.reader import is_right

BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.0001)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=Path, help="held-out questions (JSON lines)")
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()

    engine = Engine.load(threshold=0.0)
    progress = sys.stderr.isatty()
    gold = [item for path in default_dev_sets() for item in load_gold(path)]
    people = []
    for item in tqdm(gold, desc="dev", disable=not progress):
        response = engine.ask(item["question"])
        if response.answer is not None:
            people.append((response.confidence, is_correct_answer(response.answer, item)))
    exclude = evidence_texts()
    items = (read_items(args.items) if args.items is not None and args.items.is_file()
             else held_out_items(engine, args.count, args.seed, exclude, progress))
    generated = []
    for item in tqdm(items, desc="held-out", disable=not progress):
        response = engine.ask(item.text)
        if response.answer is not None:
            generated.append((response.confidence,
                              item.answerable and is_right(item.generated, response.answer)))

    print("confidence     development set         held-out generated")
    print("               answers  right          answers  right")
    for low, high in zip(BINS, BINS[1:], strict=False):
        row = f"[{low:.2f}, {min(high, 1.0):.2f}{']' if high > 1 else ')'}"
        for found in (people, generated):
            inside = [right for confidence, right in found if low <= confidence < high]
            share = f"{sum(inside) / len(inside):.2f}" if inside else "–"
            row += f"   {len(inside):7d}  {share:>5}   "
        print(row)


if __name__ == "__main__":
    main()
