#!/usr/bin/env python
"""One-shot commands from a cold shell: wall time of `klareco ask`, `klareco search --retriever
bm25` and `klareco parse`, each against `python -c "import numpy, faiss"` run alongside.

    python scripts/benchmarks/bench_cold.py [--runs 9] [--parts]

Needs a built corpus (`klareco build`). Each command runs once untimed (the page cache and
Python's bytecode cache fill, as on any installed system; PYTHONDONTWRITEBYTECODE is left out
of the commands' environment so that Klareco's own modules get a cache like numpy's), then
`--runs` times, the commands taking turns so that a busy machine slows all alike. Prints each
median and its ratio to the baseline's median, and the load average before and after.

`--parts` also shows where one-shot `ask` spends its time: its imports by top-level package
(`python -X importtime`), and its start-up work part by part, timed in a fresh process that
does the same work in the same order (`python -m cProfile -m klareco ask …` found the parts;
under the profiler, Python code slows more than C code, so its milliseconds are not used).
Each is shown as its share of the median one-shot `ask`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

QUESTION = "Kiu estas Ofelio?"
def commands(question: str) -> dict[str, list[str]]:
    klareco = shutil.which("klareco") or str(Path(sys.executable).parent / "klareco")
    return {
        "numpy+faiss": [sys.executable, "-c", "import numpy, faiss"],
        "ask": [klareco, "ask", question],
        "search bm25": [klareco, "search", "--retriever", "bm25", "-k", "3", question],
        "parse": [klareco, "parse", question],
    }


def environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall_times(runs: int, question: str) -> dict[str, list[float]]:
    """Seconds per run of every command, after one untimed run each."""
    found: dict[str, list[float]] = defaultdict(list)
    env = environment()
    todo = commands(question)
    for round_number in range(runs + 1):
        for name, command in todo.items():
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            if round_number:
                found[name].append(time.perf_counter() - started)
    return found


def import_times(question: str) -> dict[str, float]:
    """Milliseconds of one-shot `ask`'s imports, by top-level package."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "klareco", "ask", question],
                          check=True, capture_output=True, text=True, env=environment())
    by_package: dict[str, float] = defaultdict(float)
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "| imported package" in line:
            continue
        own, _, name = line.removeprefix("import time:").split("|")
        by_package[name.strip().split(".")[0]] += int(own) / 1000  # self time: no double count
    return dict(by_package)


def startup_parts(question: str) -> dict[str, float]:
    """Milliseconds of each part of a one-shot `ask`'s start-up work, from a fresh process
    (``--child-parts``)."""
    done = subprocess.run([sys.executable, __file__, "--child-parts", "--question", question],
                          check=True, capture_output=True, text=True, env=environment())
    return json.loads(done.stdout)


def child_parts(question: str) -> None:
    """Do a one-shot `ask`'s start-up work part by part, in its order, and print each part's
    milliseconds as JSON. Each part is cached or kept by what loads it later, so the engine
    reuses the lexicon, the vocabulary and the parsers timed here."""
    found: dict[str, float] = {}
    started = time.perf_counter()

    def done(part: str) -> None:
        nonlocal started
        now = time.perf_counter()
        found[part] = (now - started) * 1000
        started = now

    import klareco.cli  # noqa: F401 - what the command imports before it starts working
    from klareco.artifacts import store_path
    from klareco.corpus.store import Store
    from klareco.engine import Engine
    from klareco.experts.factoid import RANKER_PATH
    from klareco.experts.factoid.model import Ranker
    from klareco.lexicon.roots import load_roots
    from klareco.models.numpy_encoder import NumpyEncoder
    from klareco.models.vocabulary import vocabulary
    from klareco.parse.morphology import lalr_parser
    from klareco.retrieval.dense import DenseIndex
    from klareco.retrieval.index import load_bm25

    done("imports")
    load_roots()
    done("lexicon: roots from literumilo")
    vocabulary()
    done("encoder vocabulary")
    lalr_parser("word.lark"), lalr_parser("sentence.lark")
    done("grammar: the two Lark parsers")
    store = Store(store_path())
    done("SQLite: open read-only, build info")
    load_bm25(store)
    done("BM25 blobs")
    encoder = NumpyEncoder.load()
    done("Tree-LSTM weights (numpy mirror)")
    DenseIndex.load(store, encoder)
    done("FAISS index (mapped)")
    Ranker.load(RANKER_PATH)
    done("answer ranker")
    engine = Engine.load()
    started = time.perf_counter()  # the engine reloads the BM25 blobs and the index: not shown
    engine.ask(question)
    done("the question: parse, stages 1 and 2, expert")
    print(json.dumps(found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--question", default=QUESTION)
    parser.add_argument("--parts", action="store_true",
                        help="also show imports and start-up work of one-shot ask")
    parser.add_argument("--child-parts", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_parts:
        child_parts(args.question)
        return

    load_before = os.getloadavg()[0]
    times = wall_times(args.runs, args.question)
    load_after = os.getloadavg()[0]
    baseline = statistics.median(times["numpy+faiss"])
    print(f"one-shot wall time, median of {args.runs} runs (load average {load_before:.2f} "
          f"before, {load_after:.2f} after)")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:12} {median * 1000:7.0f} ms   {median / baseline:5.2f}× numpy+faiss   "
              f"(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})")
    if not args.parts:
        return
    ask = statistics.median(times["ask"]) * 1000
    imports = import_times(args.question)
    total = sum(imports.values())
    print(f"\none-shot ask ({ask:.0f} ms): imports by package (-X importtime), {total:.0f} ms "
          f"in all, {total / ask:.0%}")
    for name, ms in sorted(imports.items(), key=lambda item: -item[1])[:12]:
        print(f"  {name:32} {ms:6.1f} ms  {ms / ask:6.1%}")
    print(f"\none-shot ask ({ask:.0f} ms): start-up work, part by part")
    for part, ms in startup_parts(args.question).items():
        print(f"  {part:44} {ms:6.1f} ms  {ms / ask:6.1%}")


if __name__ == "__main__":
    main()
