#!/usr/bin/env python
"""Latency of answering over the full corpus: warm in-process `Engine.ask`, and a one-shot
`klareco ask` from the shell with interpreter start included.

    python scripts/benchmarks/bench_ask.py [--rounds 5] [--shell-runs 7] [--torch-encoder]

Needs a built corpus (`klareco build`).
  first      Engine.ask the first time each dev question is asked (after a few
             questions of the benchmark's own have loaded the engine): caches of the
             question's parse and of the sections it reads are cold, as for a new question
  ask        Engine.ask per dev question (parse, stage 1, stage 2, expert, citations),
             median and p95 over questions × rounds after that first round
  search     the hybrid search alone in the same process, as the baseline
  one-shot   `klareco ask "Kiu estas Ofelio?"` as a subprocess, median of the runs

`--torch-encoder` encodes the questions with the torch encoder instead of the numpy one
answering uses (as Klareco did before; the same vectors to 1e-5), to compare the two warm.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from klareco.config import default_dev_set
from klareco.engine import Engine
from klareco.evaluation import load_gold, percentile

# Questions of the benchmark's own that load the engine's models before the first round.
WARM_UP = ["Kiu estas la reĝo?", "Kion manĝis la knabo?", "Kie loĝis la fiŝisto?"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, default=default_dev_set())
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--shell-runs", type=int, default=7)
    parser.add_argument("--torch-encoder", action="store_true",
                        help="encode the questions with torch, as before answering used numpy")
    args = parser.parse_args()

    engine = Engine.load()
    if args.torch_encoder:
        from klareco.models.encoder import Encoder
        from klareco.retrieval.search import Stage2

        stage2 = engine.searcher.stage2
        assert stage2 is not None
        engine.searcher.stage2 = Stage2(Encoder.load(), stage2.vectors, stage2.fusion,
                                        stage2.dense)
    questions = [item["question"] for item in load_gold(args.gold)]
    for question in WARM_UP:
        engine.ask(question)
    timings: dict[str, list[float]] = {"first": [], "ask": [], "search": []}
    for round_number in range(args.rounds + 1):
        for question in questions:
            started = time.perf_counter()
            engine.ask(question)
            middle = time.perf_counter()
            engine.searcher.search(question, 100)
            ended = time.perf_counter()
            if round_number:
                timings["ask"].append((middle - started) * 1000)
                timings["search"].append((ended - middle) * 1000)
            else:
                timings["first"].append((middle - started) * 1000)
    for name, values in timings.items():
        print(f"{name:7} median {statistics.median(values):6.2f} ms   "
              f"p95 {percentile(values, 0.95):6.2f} ms   ({len(values)} queries)")
    print(f"ask / search median: "
          f"{statistics.median(timings['ask']) / statistics.median(timings['search']):.2f}×")

    command = shutil.which("klareco") or str(Path(sys.executable).parent / "klareco")
    runs = []
    for _ in range(args.shell_runs):
        started = time.perf_counter()
        subprocess.run([command, "ask", "Kiu estas Ofelio?"], check=True,
                       capture_output=True)
        runs.append(time.perf_counter() - started)
    if runs:  # --shell-runs 0 measures the warm engine alone
        print(f"one-shot `klareco ask`: median {statistics.median(runs):.2f} s over "
              f"{len(runs)} runs ({', '.join(f'{r:.2f}' for r in runs)})")


if __name__ == "__main__":
    main()
