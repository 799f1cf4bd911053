#!/usr/bin/env python
"""Fit the factoid expert's confidence model on questions generated from the built corpus.

    python scripts/fit_confidence.py [--count 4000] [--seed 7] [--out FILE]

Needs a built corpus (`klareco build`). Generates answerable questions from sentences the
encoder was not trained on and unanswerable ones by swapping a name
(`klareco/training/confidence.py`), asks each through the engine, fits a logistic model of
"the answer is right" on 80 % of them and reports its ROC AUC and log loss on the other 20 %.
With --gold it also prints, for the dev set, the figures of `klareco eval` at a range of
abstention thresholds: the dev set chooses the threshold (klareco/engine.py), never the weights.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from klareco.config import default_dev_set
from klareco.engine import Engine
from klareco.evaluation import load_gold
from klareco.experts.factoid import CALIBRATOR_PATH, FactoidExpert
from klareco.experts.registry import Registry
from klareco.training.confidence import L2, fit_calibrator, make_examples

THRESHOLDS = tuple(n / 100 for n in range(1, 31))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=4000, help="generated questions")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--l2", type=float, default=L2, help="weight penalty")
    parser.add_argument("--out", type=Path, default=CALIBRATOR_PATH)
    parser.add_argument("--gold", type=Path, default=default_dev_set(),
                        help="gold items: their evidence sentences are not used; the dev "
                             "figures are printed per threshold")
    args = parser.parse_args()

    engine = Engine.load()
    gold = load_gold(args.gold) if args.gold and args.gold.exists() else []
    exclude = [text for item in gold for text in item.get("evidence", [])]
    examples = make_examples(engine, args.count, args.seed, exclude)
    calibrator, report = fit_calibrator(examples, args.seed, args.l2)
    calibrator.save(args.out)
    print(json.dumps(report, indent=1))
    print("weights:", json.dumps(dict(zip(calibrator.features,
                                          (round(w, 3) for w in calibrator.weights),
                                          strict=True))))
    print(f"wrote {args.out}")
    if gold:
        engine.registry = Registry([FactoidExpert(calibrator)])
        print("threshold  answer_accuracy  abstain_accuracy  false_abstain_rate")
        for threshold in THRESHOLDS:
            engine.threshold = threshold
            figures = engine.evaluate(gold)
            print(f"{threshold:9.2f}  {figures['answer_accuracy']:15.4f}  "
                  f"{figures['abstain_accuracy']:16.4f}  {figures['false_abstain_rate']:18.4f}")


if __name__ == "__main__":
    main()
