#!/usr/bin/env python
"""What the Model Context Protocol adds to a call: `klareco mcp` over stdio, called by the MCP
SDK's client as an assistant calls it, against the engine's own time for the same call.

    python scripts/benchmarks/bench_mcp.py [--calls 50] [--warmup 5]

Needs a built corpus (`klareco build`). The questions are the dev set's (read from
../shared/eval at run time), the first CALLS of them; each is asked once per tool.
  ask      the tool call's round trip, measured by the client, against the engine's time
           for that same call inside the server (the response's trace: timings_ms.total):
           the difference is the protocol, JSON and process hop, call by call. The same
           question through `Engine.ask` in this process is shown beside it.
  search   `search(query, k=10)` round trip against `Searcher.search` + `Engine.cite` for
           the same query in this process, alternated call by call
  parse    `parse(text)` round trip against `klareco.parse(text)` + `to_dict()` here
The first WARMUP calls of each (the server loads its engine on the first ask) are not
counted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from klareco import parse
from klareco.config import default_dev_sets
from klareco.engine import Engine
from klareco.evaluation import load_gold, percentile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    args = parser.parse_args()
    questions = [item["question"] for path in default_dev_sets() for item in load_gold(path)]
    if len(questions) < args.calls + args.warmup:
        sys.exit(f"error: {len(questions)} dev questions, fewer than --calls + --warmup")
    questions = questions[:args.calls + args.warmup]
    engine = Engine.load()
    timings = anyio.run(measure, engine, questions, args.warmup)
    print(f"{args.calls} calls each over stdio; load average "
          f"{os.getloadavg()[0]:.2f}")
    local = timings.pop("ask (this process)")
    for name, (tool, own, label) in timings.items():
        overhead = [t - o for t, o in zip(tool, own, strict=True)]
        print(f"{name:6} tool call median {statistics.median(tool):6.2f} ms   {label} median "
              f"{statistics.median(own):6.2f} ms   overhead median "
              f"{statistics.median(overhead):5.2f} ms, p95 {percentile(overhead, 0.95):5.2f} "
              f"ms, max {max(overhead):5.2f} ms")
    print(f"(ask's engine time inside the server vs here: median "
          f"{statistics.median(timings['ask'][1]):.2f} vs {statistics.median(local[1]):.2f} ms)")


async def measure(engine: Engine, questions: list[str], warmup: int
                  ) -> dict[str, tuple[list[float], list[float], str]]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "klareco", "mcp"],
                                   env=dict(os.environ))
    tool: dict[str, list[float]] = {"ask": [], "search": [], "parse": []}
    own: dict[str, list[float]] = {"ask": [], "ask (this process)": [], "search": [],
                                   "parse": []}
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(params, errlog=quiet), read_timeout_seconds=120) as client:
            for n, question in enumerate(questions):
                counted = n >= warmup
                started = time.perf_counter()
                result = await client.call_tool("ask", {"question": question})
                round_trip = _ms(started)
                server_engine = result.structured_content["trace"]["timings_ms"]["total"]
                started = time.perf_counter()
                engine.ask(question)
                here = _ms(started)
                if counted:
                    tool["ask"].append(round_trip)
                    own["ask"].append(server_engine)
                    own["ask (this process)"].append(here)

                started = time.perf_counter()
                await client.call_tool("search", {"query": question, "k": 10})
                round_trip = _ms(started)
                started = time.perf_counter()
                found = engine.searcher.search(question, 10, engine.retriever)
                [item.to_dict() for item in engine.cite(found.hits, found.retriever)]
                here = _ms(started)
                if counted:
                    tool["search"].append(round_trip)
                    own["search"].append(here)

                started = time.perf_counter()
                await client.call_tool("parse", {"text": question})
                round_trip = _ms(started)
                started = time.perf_counter()
                parse(question).to_dict()
                here = _ms(started)
                if counted:
                    tool["parse"].append(round_trip)
                    own["parse"].append(here)
    return {
        "ask": (tool["ask"], own["ask"], "engine in the server"),
        "search": (tool["search"], own["search"], "search + cite here"),
        "parse": (tool["parse"], own["parse"], "parse here"),
        "ask (this process)": (tool["ask"], own["ask (this process)"], "Engine.ask here"),
    }


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


if __name__ == "__main__":
    main()
