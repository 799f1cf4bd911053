#!/usr/bin/env python
"""Stage-2 speed on the full corpus: corpus-side encoding throughput, query-side latency.

    python scripts/benchmarks/bench_stage2.py [--sentences 20000] [--rounds 10]

Needs a built store and dense index (`klareco build`).
  encode     stored trees of N corpus sentences → unit vectors with the torch encoder
             (batches of 512, as the build encodes), sentences per second, median of 3 runs
  hybrid     whole `search(question, 100, "hybrid")`: parse, keywords, BM25 top 100, encode
             the question (numpy, as answering does), cosine with the 100 stored vectors,
             fusion, fetching the hits;
             per dev question, median and p95 over questions × rounds after a warm-up round
  bm25       the same search with stage 1 only, as the baseline in the same process
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import torch

from klareco.config import default_dev_set
from klareco.evaluation import load_gold, percentile
from klareco.models.encoder import Encoder
from klareco.models.treebank import TreeBank
from klareco.retrieval.search import Searcher


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, default=default_dev_set())
    parser.add_argument("--sentences", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()

    searcher = Searcher.load(retriever="hybrid")
    encoder = Encoder.load()
    bank = TreeBank.load(searcher.store)
    trees = bank.trees(range(min(args.sentences, len(bank))))
    rates = []
    for _ in range(3):
        started = time.perf_counter()
        encoder.encode_trees(trees, batch_size=512)
        rates.append(len(trees) / (time.perf_counter() - started))
    print(f"encode: {statistics.median(rates):,.0f} sentences/s (median of 3, {len(trees):,} "
          f"sentences, {torch.get_num_threads()} threads; runs: "
          f"{', '.join(f'{r:,.0f}' for r in rates)})")

    questions = [item["question"] for item in load_gold(args.gold)]
    timings: dict[str, list[float]] = {"bm25": [], "hybrid": []}
    for round_number in range(args.rounds + 1):
        for question in questions:
            for retriever, values in timings.items():
                started = time.perf_counter()
                searcher.search(question, 100, retriever)
                if round_number:
                    values.append((time.perf_counter() - started) * 1000)
    for retriever, values in timings.items():
        print(f"{retriever:7} search median {statistics.median(values):6.2f} ms   "
              f"p95 {percentile(values, 0.95):6.2f} ms   ({len(values)} queries)")
    ratio = statistics.median(timings["hybrid"]) / statistics.median(timings["bm25"])
    print(f"hybrid / bm25 median: {ratio:.2f}×")


if __name__ == "__main__":
    main()
