#!/usr/bin/env python
"""Train the factoid expert's answer ranker on questions generated from the built corpus.

    python scripts/train_reader.py [--count 16000] [--tuning 3000] [--seed 7] [--out FILE]
                                   [--workers N] [--written FILE] [--written-weight 10]

Needs a built corpus (`klareco build`). Makes labelled questions from the training documents
and the tuning documents (`klareco/training/reader.py`), adds the questions people wrote over
the training documents (`questions/written-training.jsonl`), trains the ranker with Adam,
chooses the abstention threshold on the tuning questions, and writes the model
(`models/answer_ranker.pt`) with its figures. The gold items' evidence sentences are never
used; the dev set is not read for anything else. Measure the result with `klareco eval` and
`scripts/eval_generated.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from functools import partial
from pathlib import Path

from klareco.engine import Engine
from klareco.evaluation import evidence_texts, load_gold
from klareco.experts.factoid import RANKER_PATH
from klareco.training.card import write_ranker_card
from klareco.training.reader import (
    TRAINING_QUESTIONS,
    TUNING_QUESTIONS,
    WRITTEN_WEIGHT,
    train_reader,
)

WRITTEN = Path(__file__).resolve().parents[1] / "questions" / "written-training.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=TRAINING_QUESTIONS,
                        help="training questions")
    parser.add_argument("--tuning", type=int, default=TUNING_QUESTIONS,
                        help="tuning questions (they choose the threshold)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hidden", type=int, default=0, help="hidden units of the ranker "
                        "(0: linear, the shipped choice; see the README)")
    parser.add_argument("--out", type=Path, default=RANKER_PATH)
    parser.add_argument("--cache", type=Path, help="keep the labelled questions in this file "
                        "(read when it exists), to try training choices without remaking them")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes that search and read the questions (default: one per "
                             "core; the ranker is the same with any number)")
    parser.add_argument("--gold", type=Path, action="append",
                        help="gold files whose evidence sentences are left out "
                             "(default: the dev set beside the checkout)")
    parser.add_argument("--written", type=Path, default=WRITTEN,
                        help="questions people wrote over the training documents "
                             "(default: %(default)s)")
    parser.add_argument("--written-weight", type=int, default=WRITTEN_WEIGHT,
                        help="how many generated questions each written one counts as "
                             "(0: none)")
    args = parser.parse_args()

    started = time.perf_counter()
    engine = Engine.load(threshold=0.0)
    exclude = evidence_texts(args.gold)
    written = load_gold(args.written) if args.written_weight else []
    ranker, report = train_reader(engine, args.seed, args.count, args.tuning, exclude,
                                  cache=args.cache, hidden_units=args.hidden,
                                  load=partial(Engine.load, threshold=0.0),
                                  workers=args.workers, written=written,
                                  written_weight=args.written_weight)
    ranker.info["minutes"] = round((time.perf_counter() - started) / 60, 1)
    ranker.save(args.out)
    command = "python scripts/train_reader.py " + shlex.join(sys.argv[1:])
    card = write_ranker_card(args.out, ranker.info, command.strip())
    sweep = report.pop("sweep")
    print(json.dumps({**report, "minutes": ranker.info["minutes"]}, indent=1,
                     ensure_ascii=False))
    print("threshold  answer_accuracy  abstain_accuracy  false_abstain_rate  (tuning documents)")
    for threshold, (answered, abstained, withheld) in sweep.items():
        print(f"{float(threshold):9.2f}  {answered:15.4f}  {abstained:16.4f}  {withheld:18.4f}")
    print(f"wrote {args.out} and {card}")


if __name__ == "__main__":
    main()
