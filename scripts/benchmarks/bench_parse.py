#!/usr/bin/env python
"""Parse throughput on real sentences, one process pinned to one core, cache cold and warm.

    python scripts/benchmarks/bench_parse.py [--sentences 5000] [--repeats 5]

Sentences come from the default corpus (../shared/corpus, read with the project's own
readers); with --gold FILE.conllu they come from a CoNLL-U treebank's ``# text`` lines.
Prints sentences per second: the cold pass empties the per-word analysis cache first; the
warm figure is the median of the repeats over the same sentences. Each figure is given per
second of wall-clock time and per second of this process's CPU time, which other processes
on a loaded machine change less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from klareco.parse import parse
from klareco.parse.morphology import cache_clear


def corpus_sentences(limit: int) -> list[str]:
    from klareco.config import default_mirror
    from klareco.corpus.reader import iter_sentences

    mirror = default_mirror()
    if mirror is None:
        sys.exit("../shared/corpus not found: pass --gold FILE.conllu instead")
    texts: list[str] = []
    # Every n-th sentence, so that all kinds of text (Bible, drama, prose) are in the sample.
    step = 20
    for n, sentence in enumerate(iter_sentences(mirror)):
        if n % step == 0:
            texts.append(sentence.text)
            if len(texts) >= limit:
                break
    return texts


def gold_sentences(path: Path, limit: int) -> list[str]:
    texts = [line.split("=", 1)[1].strip() for line in path.read_text("utf-8").splitlines()
             if line.startswith("# text")]
    return texts[:limit]


def throughput(texts: list[str]) -> tuple[float, float]:
    """Sentences per second of wall-clock time and per second of CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    for text in texts:
        parse(text)
    return (len(texts) / (time.perf_counter() - start),
            len(texts) / (time.process_time() - cpu))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sentences", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--gold", type=Path, help="take sentences from this CoNLL-U file")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    texts = gold_sentences(args.gold, args.sentences) if args.gold else corpus_sentences(
        args.sentences)
    parse("La hundo kuras.")  # load the grammars and the dictionary outside the timing
    cache_clear()
    cold, cold_cpu = throughput(texts)
    runs = [throughput(texts) for _ in range(args.repeats)]
    warm = [wall for wall, _ in runs]
    warm_cpu = [cpu for _, cpu in runs]
    words = sum(len(t.split()) for t in texts)
    print(f"sentences: {len(texts)} ({words / len(texts):.1f} words each on average)")
    print(f"cold cache: {cold:,.0f} sentences/s ({cold_cpu:,.0f} per CPU-second)")
    print(f"warm cache: {statistics.median(warm):,.0f} sentences/s "
          f"(median of {args.repeats}; min {min(warm):,.0f}, max {max(warm):,.0f}); "
          f"{statistics.median(warm_cpu):,.0f} per CPU-second")
    print(f"warm/cold: {statistics.median(warm) / cold:.2f}x")


if __name__ == "__main__":
    main()
