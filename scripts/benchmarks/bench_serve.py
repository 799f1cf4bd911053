#!/usr/bin/env python
"""`klareco serve` under load on loopback: N /api/ask requests, C at a time.

    python scripts/benchmarks/bench_serve.py [--requests 400] [--concurrency 8] [--url URL]
                                             [--workers N]
    python scripts/benchmarks/bench_serve.py --engine-threads 1,2,4 [--requests 240]

Without --url it starts `klareco serve --port 0 [--workers N]` over the data directory
(`klareco build` first; without --workers, serve's default: one process per core) and stops
it after. Each of the C clients keeps one HTTP/1.1 connection and asks the questions below in
turn. Reported, in ms:

  client   the whole request as the client sees it (connection, queueing, transfer)
  app      the handler's time, from the server's Server-Timing header: waiting for an
           engine + answering + JSON (not uvicorn's HTTP parsing)
  engine   engine.ask and its JSON, in the answering process (no waiting)
  wait     the time queued for an engine (in the HTTP process's queue, or sent ahead to an
           answering process that is still busy)

and the memory of the server's processes (the sum of their proportional set sizes: a page
shared by two processes counts half in each) after a warm-up, after the first quarter of the
measured requests, and at the end; ``engine busy`` is the engines' time answering over the
run's time, summed over the answering processes (1.0 each: the engines are the bottleneck);
``CPU a request`` is the CPU time (user and system, from /proc) the server's processes and
this client's spent over the run, by request: with C clients on N busy cores, the app's p50
is about C / N times the server's and the client's together.

--engine-threads compares, in this process and without HTTP, how many asks per second 1, 2, 4
threads answer, each thread with an engine of its own (SQLite wants that), in turns: whether
threads would answer faster than one engine thread (they do not: hence processes).

The questions are written for this benchmark (none is from the development set); answers are
never cached, so each request runs the whole engine.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

QUESTIONS = [
    "Kiu estas Ofelio?", "Kion konstruis Noa?", "Kie loĝis Abraham?", "Kiun amis Jakob?",
    "Ĉu Kain mortigis Habelon?", "Kiu estas Mitrandiro?", "Kiu estas Laerto?",
    "Kiu estas Horacio?", "Kiu vendis Jozefon?", "Kiom da filoj havis Noa?",
    "Kiun edzinigis Isaak?", "Kiu estis la patro de Salomono?",
]


@dataclass
class LoadReport:
    """What one run measured (times in ms, memory in MB)."""

    requests: int
    concurrency: int
    seconds: float
    errors: list[str] = field(default_factory=list)
    client: list[float] = field(default_factory=list)
    app: list[float] = field(default_factory=list)
    engine: list[float] = field(default_factory=list)
    wait: list[float] = field(default_factory=list)
    memory_mb: dict[str, float] = field(default_factory=dict)
    cpu_ms: dict[str, float] = field(default_factory=dict)  # by request: server, client

    def summary(self) -> dict[str, object]:
        def spread(values: list[float]) -> dict[str, float]:
            return {"p50": round(percentile(values, 50), 2),
                    "p95": round(percentile(values, 95), 2),
                    "max": round(max(values, default=0.0), 2)}

        return {"requests": self.requests, "concurrency": self.concurrency,
                "errors": len(self.errors), "seconds": round(self.seconds, 2),
                "requests_per_second": round(self.requests / self.seconds, 1),
                "engine_busy": round(sum(self.engine) / 1000 / self.seconds, 3),
                "client_ms": spread(self.client), "app_ms": spread(self.app),
                "engine_ms": spread(self.engine), "wait_ms": spread(self.wait),
                "memory_mb": self.memory_mb, "cpu_ms_per_request": self.cpu_ms}


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile, nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def _read_each(pid: int, name: str) -> list[str]:
    """/proc/PROCESS/``name`` of process ``pid`` and of each of its children (the server's
    workers); a worker that stopped just now is left out."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    found = []
    for process in [pid, *map(int, children)]:
        try:
            found.append(Path(f"/proc/{process}/{name}").read_text())
        except FileNotFoundError:
            continue
    return found


def resident_mb(pid: int) -> float:
    """The memory of process ``pid`` and its children, as the sum of their proportional set
    sizes (Linux: /proc/PID/smaps_rollup), in MB."""
    return sum(next(int(line.split()[1]) for line in rollup.splitlines()
                    if line.startswith("Pss:")) / 1024
               for rollup in _read_each(pid, "smaps_rollup"))


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) that process ``pid`` and its children have used, in
    seconds (Linux: /proc/PID/stat; its fields after the command's closing parenthesis)."""
    ticks = 0
    for stat in _read_each(pid, "stat"):
        fields = stat.rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _server_timing(header: str) -> dict[str, float]:
    return {name.strip(): float(value) for name, value in
            (part.split(";dur=") for part in header.split(",") if ";dur=" in part)}


def hammer(url: str, total: int, concurrency: int, questions: list[str] = QUESTIONS,
           on_progress: Callable[[int], None] | None = None,
           timeout: float = 60.0) -> LoadReport:
    """``total`` GET /api/ask requests from ``concurrency`` clients at once."""
    parts = urllib.parse.urlsplit(url)
    report = LoadReport(total, concurrency, 0.0)
    lock = threading.Lock()
    counter = iter(range(total))

    def client() -> None:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        try:
            while True:
                with lock:
                    n = next(counter, None)
                if n is None:
                    return
                path = "/api/ask?" + urllib.parse.urlencode({"q": questions[n % len(questions)]})
                started = time.perf_counter()
                try:
                    connection.request("GET", path)
                    response = connection.getresponse()
                    body = response.read()
                    elapsed = (time.perf_counter() - started) * 1000
                    if response.status != 200:
                        raise RuntimeError(f"{response.status}: {body[:200]!r}")
                    json.loads(body)
                    timing = _server_timing(response.getheader("server-timing") or "")
                except (OSError, RuntimeError, ValueError, http.client.HTTPException) as error:
                    connection.close()
                    connection = http.client.HTTPConnection(parts.hostname, parts.port,
                                                            timeout=timeout)
                    with lock:
                        report.errors.append(f"{path}: {error!r}")
                    continue
                with lock:
                    report.client.append(elapsed)
                    report.app.append(timing.get("app", float("nan")))
                    report.engine.append(timing.get("engine", float("nan")))
                    report.wait.append(timing.get("wait", float("nan")))
                    done = len(report.client) + len(report.errors)
                if on_progress is not None:
                    on_progress(done)
        finally:
            connection.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.seconds = time.perf_counter() - started
    return report


def measure(url: str, pid: int | None, total: int, concurrency: int) -> LoadReport:
    """A warm-up round (every question twice, one at a time), then the measured run, with
    the server's memory after the warm-up, after a quarter of the run and at the end.

    For the run, the client's own objects go to the collector's permanent generation: a
    client with a large heap (the test runner, after a thousand tests) otherwise sweeps it
    while it asks, and slows the server's engines on the memory they share (a client of
    3 million objects: engine p50 5.01 against 4.49 ms with them frozen, docs/measurements.md).
    """
    hammer(url, 2 * len(QUESTIONS), 1)
    gc.collect()
    gc.freeze()
    try:
        return _measured(url, pid, total, concurrency)
    finally:
        gc.unfreeze()


def _measured(url: str, pid: int | None, total: int, concurrency: int) -> LoadReport:
    memory: dict[str, float] = {}
    if pid is not None:
        memory["after_warm_up"] = round(resident_mb(pid), 1)

    def progress(done: int) -> None:
        if pid is not None and done == total // 4:
            memory["after_quarter"] = round(resident_mb(pid), 1)

    server_before = cpu_seconds(pid) if pid is not None else 0.0
    client_before = _own_cpu_seconds()
    report = hammer(url, total, concurrency, on_progress=progress)
    client = _own_cpu_seconds() - client_before
    if pid is not None:
        memory["at_end"] = round(resident_mb(pid), 1)
        report.cpu_ms["server"] = round((cpu_seconds(pid) - server_before) / total * 1000, 2)
    report.cpu_ms["client"] = round(client / total * 1000, 2)
    report.memory_mb = memory
    return report


def _own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def engine_threads(counts: list[int], asks: int, rounds: int = 2) -> list[tuple[int, float]]:
    """Asks per second with each count of threads, each with its own engine, in turns."""
    from klareco.engine import Engine

    def worker(ready: threading.Barrier, share: int) -> None:
        engine = Engine.load()  # in the thread that uses it: SQLite's rule
        for n in range(2 * len(QUESTIONS)):  # warm
            engine.ask(QUESTIONS[n % len(QUESTIONS)])
        ready.wait()
        ready.wait()
        for n in range(share):
            engine.ask(QUESTIONS[n % len(QUESTIONS)])
        engine.close()

    found = []
    for _ in range(rounds):
        for count in counts:
            ready = threading.Barrier(count + 1)
            threads = [threading.Thread(target=worker, args=(ready, asks // count))
                       for _ in range(count)]
            for thread in threads:
                thread.start()
            ready.wait()
            started = time.perf_counter()
            ready.wait()
            for thread in threads:
                thread.join()
            found.append((count, asks // count * count / (time.perf_counter() - started)))
    return found


def start_server(env: dict[str, str] | None = None, workers: int | None = None
                 ) -> tuple[subprocess.Popen, str]:
    """`klareco serve --port 0 [--workers N]`, once it answers /api/health with 200."""
    command = [sys.executable, "-m", "klareco", "serve", "--port", "0"]
    if workers is not None:
        command += ["--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://[^ ]+/", line)
    if not found:
        process.kill()
        raise RuntimeError(f"the server did not print its address: {line!r}")
    url = found.group(0)
    parts = urllib.parse.urlsplit(url)
    deadline = time.monotonic() + 600  # it may have to build the corpus first
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return process, url
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server stopped")
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server was not ready in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--workers", type=int,
                        help="server processes of the server started (default: serve's own)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--engine-threads", help="e.g. 1,2,4: asks per second in-process "
                        "with that many threads, each with its own engine")
    args = parser.parse_args()
    if args.engine_threads:
        counts = [int(n) for n in args.engine_threads.split(",")]
        print(f"load average (1 min) before: {os.getloadavg()[0]:.2f}")
        for count, rate in engine_threads(counts, args.requests):
            print(f"  {count} thread(s), an engine each: {rate:.1f} asks/s")
        print(f"load average (1 min) after: {os.getloadavg()[0]:.2f}")
        return

    process = None
    url = args.url
    if url is None:
        process, url = start_server(workers=args.workers)
    try:
        load_before = os.getloadavg()[0]
        report = measure(url, process.pid if process else None, args.requests,
                         args.concurrency)
        load_after = os.getloadavg()[0]
    finally:
        if process is not None:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
    summary = report.summary()
    summary["load_average_1min"] = {"before": round(load_before, 2),
                                    "after": round(load_after, 2)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{report.requests} requests, {report.concurrency} at a time: "
          f"{summary['errors']} errors, {summary['seconds']} s "
          f"({summary['requests_per_second']} requests/s)")
    for key in ("client_ms", "app_ms", "engine_ms", "wait_ms"):
        values = summary[key]
        print(f"  {key:<10} p50 {values['p50']:>8.2f}  p95 {values['p95']:>8.2f}  "
              f"max {values['max']:>8.2f}")
    print(f"  engine busy {summary['engine_busy']:.0%} of the run")
    print(f"  memory (MB) {summary['memory_mb']}")
    print(f"  CPU a request (ms) {summary['cpu_ms_per_request']}")
    print(f"  load average (1 min) before / after: {load_before:.2f} / {load_after:.2f}")
    for error in report.errors[:5]:
        print(f"  error: {error}")


if __name__ == "__main__":
    main()
