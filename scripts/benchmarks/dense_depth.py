#!/usr/bin/env python
"""How many of the dense search's nearest sentences should join stage 1's candidates in the
hybrid rerank (`klareco.retrieval.search.DENSE_DEPTH`).

    python scripts/benchmarks/dense_depth.py [--depths 0,10,20,50,100] [--count 2000]
        [--tuning FILE] [--generated FILE] [--gold FILE …]

Needs a built store and dense index (`klareco build`). For each depth, the hybrid search's
recall@100, hit@1, hit@5, MRR@10 and median latency on:

  tuning      answerable questions generated from the tuning documents (what chooses the
              depth; written to --tuning FILE when it does not exist, read when it does)
  held-out    a held-out generated set (`scripts/eval_generated.py --items FILE`), if given
  dev         the dev set as a check (default: both files beside the checkout)

The depth is chosen on the tuning rows alone; the others are reported, never used to choose.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import klareco.retrieval.search as search_module
from klareco.config import default_dev_sets
from klareco.engine import Engine
from klareco.evaluation import evaluate, evidence_texts, load_gold
from klareco.training.heldout import as_gold, generated_gold, read_items
from klareco.training.split import tuning_documents


def tuning_set(engine: Engine, path: Path | None, count: int, seed: int) -> list[dict[str, Any]]:
    """Answerable questions from the tuning documents, as gold items (read from or written
    to ``path``)."""
    if path is not None and path.is_file():
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    items = generated_gold(engine.store, tuning_documents(engine.documents), count, seed,
                           evidence_texts())
    if path is not None:
        path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items),
                        encoding="utf-8")
    return items


def measure(engine: Engine, items: list[dict[str, Any]]) -> dict[str, float]:
    """Hybrid retrieval figures of ``items`` and the median search time (ms)."""
    times: list[float] = []

    def search(question: str, k: int) -> list[Any]:
        started = time.perf_counter()
        hits = engine.searcher.search(question, k, "hybrid").hits
        times.append((time.perf_counter() - started) * 1000)
        return hits

    report = evaluate(items, search)
    return {key: report[key] for key in ("recall@100", "hit@1", "hit@5", "mrr@10")} | {
        "median_ms": round(statistics.median(times), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depths", default="0,10,20,50,100")
    parser.add_argument("--count", type=int, default=2000, help="tuning questions")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--tuning", type=Path, help="the tuning questions' file")
    parser.add_argument("--generated", type=Path, help="a held-out generated set")
    parser.add_argument("--gold", type=Path, action="append", help="dev files (a check)")
    args = parser.parse_args()

    engine = Engine.load()
    sets = {"tuning": tuning_set(engine, args.tuning, args.count, args.seed)}
    if args.generated is not None:
        sets["held-out"] = as_gold(read_items(args.generated))
    sets["dev"] = [item for path in (args.gold or default_dev_sets()) for item in
                   load_gold(path)]
    print("depth  set        recall@100  hit@1   hit@5   MRR@10  median ms")
    for depth in (int(d) for d in args.depths.split(",")):
        search_module.DENSE_DEPTH = depth
        for name, items in sets.items():
            found = measure(engine, items)
            print(f"{depth:>5}  {name:<9}  {found['recall@100']:>10.4f}  {found['hit@1']:.4f}  "
                  f"{found['hit@5']:.4f}  {found['mrr@10']:.4f}  {found['median_ms']:>9.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
