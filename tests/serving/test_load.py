"""`klareco serve` under load on loopback, over the default corpus: 400 /api/ask requests, 8 at
a time, with the client of scripts/benchmarks/bench_serve.py. No request may fail, the run is
bounded in time, and the server's memory must not grow; the latencies are printed (the README
has the figures, measured with the benchmark itself)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from klareco.config import project_root
from tests.serving.conftest import running_server

pytestmark = pytest.mark.corpus

REQUESTS, CONCURRENCY = 400, 8
TIME_LIMIT = 240.0  # seconds for the whole run: about 6 s on an idle machine
GROWTH_LIMIT_MB = 8.0  # resident memory gained over the last three quarters of the run


def bench_serve() -> ModuleType:
    path = project_root() / "scripts" / "benchmarks" / "bench_serve.py"
    spec = importlib.util.spec_from_file_location("bench_serve", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_400_asks_8_at_a_time(real_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = bench_serve()
    with running_server(real_home) as server:
        report = bench.measure(server.url, server.pid, REQUESTS, CONCURRENCY)
    summary = report.summary()
    with capsys.disabled():
        print(f"\nklareco serve, {REQUESTS} asks {CONCURRENCY} at a time: "
              f"{json.dumps(summary)}")
    assert report.errors == []
    assert len(report.client) == REQUESTS
    assert report.seconds < TIME_LIMIT
    memory = report.memory_mb
    assert memory["at_end"] - memory["after_quarter"] <= GROWTH_LIMIT_MB, memory
    # every request went through the engine: no answer came from anywhere else
    assert min(report.engine) > 0
