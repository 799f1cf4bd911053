"""`klareco serve` as a child process, for the tests that need a real server."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 60.0  # seconds for the server to print its address and load the engine


@dataclass(frozen=True)
class Server:
    url: str  # http://127.0.0.1:PORT/
    pid: int
    process: subprocess.Popen[str]

    def workers(self) -> list[int]:
        """The pids of the server's worker processes (its children)."""
        path = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        return sorted(map(int, path.read_text().split()))


def get_json(url: str, timeout: float = 30.0) -> tuple[int, dict]:
    """Status and JSON body of a GET, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@contextmanager
def running_server(home: Path, *options: str) -> Iterator[Server]:
    """`klareco serve --port 0 OPTIONS…` over ``home`` (any free loopback port), ready to
    answer."""
    env = {**os.environ, "KLARECO_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "klareco", "serve", "--port", "0",
                                *options], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", first)
        assert found, f"no address in the server's first line: {first!r}"
        url = found.group(0)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                status, _ = get_json(url + "api/health", timeout=5)
            except OSError:
                status = 0
            if status == 200:
                break
            assert time.monotonic() < deadline, f"the server was not ready in {START_TIMEOUT} s"
            assert process.poll() is None, "the server stopped (its messages are above)"
            time.sleep(0.2)
        yield Server(url, process.pid, process)
    finally:
        process.send_signal(signal.SIGINT)  # as Ctrl-C: uvicorn shuts down cleanly
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_on_a_taken_port(args: list[str]) -> tuple[int, subprocess.CompletedProcess[str]]:
    """``klareco ARGS… PORT`` while another socket listens on PORT: the port and the run."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "klareco", *args, str(port)],
                              capture_output=True, text=True, timeout=60, check=False)
    return port, done
