#!/usr/bin/env python
"""Stage-1 latency on the full corpus, warm and in-process, and the index's size.

    python scripts/benchmarks/bench_stage1.py [--gold ../shared/eval/qa-dev.jsonl] [--rounds 20]

Needs a built store (`klareco build`). For every dev-set question, timed separately:
  keywords  parse the question and take its keywords
  rank      BM25 over the index → top-100 positions and scores (the stage-1 ranking)
  stage 1   keywords + rank: question text in, 100 candidate ids and scores out
  search    stage 1 + fetching the 100 sentences' text and citations from SQLite
Medians and 95th percentiles over all questions × rounds, after one warm-up round.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from klareco.config import default_dev_set
from klareco.evaluation import load_gold, percentile
from klareco.parse import parse
from klareco.retrieval.keywords import keywords
from klareco.retrieval.search import Searcher


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, default=default_dev_set())
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    questions = [item["question"] for item in load_gold(args.gold)]

    started = time.perf_counter()
    searcher = Searcher.load(retriever="bm25")
    load_ms = (time.perf_counter() - started) * 1000
    arrays = searcher.index.arrays
    size = arrays.indptr.nbytes + arrays.documents.nbytes + arrays.weights.nbytes + sum(
        len(t.encode()) + 1 for t in arrays.vocabulary)

    timings: dict[str, list[float]] = {"keywords": [], "rank": [], "stage 1": [], "search": []}
    for round_number in range(args.rounds + 1):
        for question in questions:
            t0 = time.perf_counter()
            found = keywords(parse(question))
            t1 = time.perf_counter()
            searcher.rank([(k.term, k.weight) for k in found], 100)
            t2 = time.perf_counter()
            searcher.search(question, 100, "bm25")
            t3 = time.perf_counter()
            if round_number == 0:
                continue  # warm-up
            timings["keywords"].append((t1 - t0) * 1000)
            timings["rank"].append((t2 - t1) * 1000)
            timings["stage 1"].append((t2 - t0) * 1000)
            timings["search"].append((t3 - t2) * 1000)

    print(f"questions: {len(questions)} × {args.rounds} rounds; index: "
          f"{len(arrays.vocabulary):,} terms, {len(arrays.documents):,} postings, "
          f"{size / 1e6:.1f} MB; built in {searcher.store.stats().get('index_seconds', '?')} s "
          f"(during klareco build); load {load_ms:.0f} ms")
    for name, values in timings.items():
        print(f"{name:9} median {statistics.median(values):6.3f} ms   "
              f"p95 {percentile(values, 0.95):6.3f} ms")


if __name__ == "__main__":
    main()
