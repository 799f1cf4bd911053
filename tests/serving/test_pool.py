"""The answering pool of `klareco serve --workers N` (klareco.serving.pool), with made-up
engines on threads in place of forked processes: every request is answered, by an answerer
that is free; an answerer that stops mid-request fails that request alone; a new one joins."""

from __future__ import annotations

import asyncio
import math
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from klareco.errors import DamagedError, EmptyInputError
from klareco.serving.pool import AnswererLost, Job, PoolHost, answer, answer_forever


class MadeUpEngine:
    """Answers a question with its text in capitals and its own name; ``slow`` questions
    take half a second; ``"nan"`` gives a score that JSON cannot hold."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.searcher = SimpleNamespace(search=self._search)

    def ask(self, text: str) -> Any:
        if not text.strip():
            raise EmptyInputError("the question holds no text")
        if text == "damaged":
            raise DamagedError("/made/up/klareco.sqlite", "cut short")
        if text == "fails":
            raise RuntimeError("a bug")
        if text.startswith("slow"):
            time.sleep(0.5)
        value = math.nan if text == "nan" else 1.0
        return SimpleNamespace(to_dict=lambda: {"answer": text.upper(), "by": self.name,
                                                "confidence": value})

    def _search(self, text: str, k: int, retriever: str) -> Any:
        return SimpleNamespace(to_dict=lambda chosen: {"query": text, "k": k,
                                                       "retriever": chosen})


def test_answer_gives_status_and_json_body() -> None:
    engine = MadeUpEngine("a")
    assert answer(engine, Job("ask", "Zorbo")) == (
        200, b'{"answer":"ZORBO","by":"a","confidence":1.0}')
    assert answer(engine, Job("search", "Zorbo", 3, "bm25")) == (
        200, b'{"query":"Zorbo","k":3,"retriever":"bm25"}')
    assert answer(engine, Job("ask", " "))[0] == 400
    status, body = answer(engine, Job("ask", "damaged"))
    assert status == 500 and b"/made/up/klareco.sqlite" in body
    assert answer(engine, Job("ask", "fails")) == (
        500, b'{"error":"internal error (the server\'s log has the details)"}')
    assert answer(engine, Job("ask", "nan"))[0] == 500  # never NaN in JSON


def test_a_job_travels_as_json() -> None:
    job = Job("search", "Kiu estas Bertilo?", 5, "dense")
    assert Job.from_bytes(job.to_bytes()) == job


def test_an_answerer_stops_quietly_when_the_http_process_is_gone() -> None:
    ours, theirs = socket.socketpair()
    data = Job("ask", "slow Zorbo").to_bytes()
    ours.sendall(struct.pack("<I", len(data)) + data)
    threading.Timer(0.1, ours.close).start()  # gone while the answer is being made
    answer_forever(MadeUpEngine("a"), theirs)  # returns rather than raising
    theirs.close()


class Pool:
    """A PoolHost in an event loop of its own, with answerers on threads."""

    def __init__(self, names: list[str]) -> None:
        self.control, self.http_control = socket.socketpair(socket.AF_UNIX,
                                                            socket.SOCK_SEQPACKET)
        self.theirs: list[socket.socket] = []  # the answerers' ends, by number
        ends = {n: self._answerer(name) for n, name in enumerate(names)}
        self.host = PoolHost(ends, self.http_control, {"status": "ready"})
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self._start())

    def _answerer(self, name: str) -> socket.socket:
        ours, theirs = socket.socketpair()
        self.theirs.append(theirs)

        def answering() -> None:
            try:
                answer_forever(MadeUpEngine(name), theirs)
            except OSError:  # its end was shut: it has "died"
                pass

        threading.Thread(target=answering, daemon=True).start()
        return ours

    def close(self) -> None:
        async def stop() -> None:
            self.host.close()  # its tasks are cancelled; they close their connections
            await asyncio.sleep(0.05)

        self.loop.run_until_complete(stop())
        self.loop.close()
        for end in [*self.theirs, self.control, self.http_control]:
            end.close()

    def kill(self, number: int) -> None:
        """Answerer ``number``'s end shuts, as when its process dies."""
        self.theirs[number].shutdown(socket.SHUT_RDWR)

    async def _start(self) -> None:
        self.host.start()
        await asyncio.sleep(0.05)  # each answerer's connection is opened

    def ask_all(self, texts: list[str]) -> list[Any]:
        async def asked() -> list[Any]:
            return await asyncio.gather(*(self.host.run(Job("ask", t)) for t in texts),
                                        return_exceptions=True)
        return self.loop.run_until_complete(asked())

    def join(self, pid: int, name: str) -> None:
        end = self._answerer(name)
        socket.send_fds(self.control, [f"new {pid}".encode()], [end.fileno()])
        end.close()
        self.loop.run_until_complete(asyncio.sleep(0.1))


Pools = Callable[[list[str]], Pool]  # a pool of answerers of these names


@pytest.fixture
def pools() -> Iterator[Pools]:
    made: list[Pool] = []

    def make(names: list[str]) -> Pool:
        made.append(Pool(names))
        return made[-1]

    yield make
    for pool in made:
        pool.close()


def by(reply: Any) -> str:
    return reply.body.decode().split('"by":"')[1].split('"')[0]


def test_each_request_goes_to_an_answerer_that_is_free(pools: Pools) -> None:
    pool = pools(["a", "b"])
    replies = pool.ask_all(["slow Zorbo", *[f"Petro {n}" for n in range(6)]])
    assert [r.status for r in replies] == [200] * 7
    assert replies[0].timing.engine >= 450
    # while one answerer reads the slow question, the other answers the rest, but the one
    # sent ahead to the slow one (PIPELINE = 2), which waits for it
    slow, other = by(replies[0]), "b" if by(replies[0]) == "a" else "a"
    assert sorted(by(r) for r in replies[1:]) == sorted([slow] + [other] * 5)
    assert sum(r.timing.wait < 400 for r in replies[1:]) == 5


def test_one_request_at_a_time_goes_to_the_answerer_freed_last(pools: Pools) -> None:
    pool = pools(["a", "b"])
    answered_by = {by(pool.ask_all([f"Zorbo {n}"])[0]) for n in range(6)}
    assert len(answered_by) == 1  # its caches stay warm


def test_jobs_sent_ahead_to_an_answerer_that_dies_go_to_another(pools: Pools) -> None:
    pool = pools(["a", "b"])
    pool.loop.call_later(0.2, pool.kill, 0)  # a dies in the middle of its first job
    replies = pool.ask_all(["slow Zorbo", "slow Mirela", "Bertilo"])  # Bertilo: after Zorbo
    assert isinstance(replies[0], AnswererLost)
    assert [(r.status, by(r)) for r in replies[1:]] == [(200, "b"), (200, "b")]
    assert pool.host.answerers == [1]


def test_an_answerer_that_stops_fails_only_its_own_request(pools: Pools) -> None:
    pool = pools(["a", "b"])
    pool.loop.call_later(0.2, pool.kill, 0)  # mid-answer
    replies = pool.ask_all(["slow Zorbo", "slow Mirela"])
    assert sum(isinstance(r, AnswererLost) for r in replies) == 1
    assert sum(getattr(r, "status", 0) == 200 for r in replies) == 1
    assert pool.host.answerers == [1]
    later = pool.ask_all(["Bertilo", "Petro"])
    assert [by(r) for r in later] == ["b", "b"]


def test_an_answerer_that_stops_while_idle_leaves_its_next_request_to_another(pools: Pools) -> None:
    pool = pools(["a", "b"])
    pool.kill(0)
    pool.loop.run_until_complete(asyncio.sleep(0.1))  # its end of the pair reads EOF
    replies = pool.ask_all([f"Zorbo {n}" for n in range(4)])
    assert [by(r) for r in replies] == ["b"] * 4
    assert pool.host.answerers == [1]


def test_an_answerer_the_supervisor_says_is_gone_takes_no_more_requests(pools: Pools) -> None:
    pool = pools(["a", "b"])
    socket.send_fds(pool.control, [b"gone 0"], [])
    pool.loop.run_until_complete(asyncio.sleep(0.1))
    assert pool.host.answerers == [1]
    assert [by(r) for r in pool.ask_all(["Zorbo", "Mirela"])] == ["b", "b"]


def test_a_new_answerer_joins_and_answers(pools: Pools) -> None:
    pool = pools(["a"])
    pool.join(7, "c")
    assert sorted(pool.host.answerers) == [0, 7]
    assert pool.host.health["processes"]["answering"] == [0, 7]
    replies = pool.ask_all(["slow Zorbo", "Bertilo"])
    assert {by(r) for r in replies} == {"a", "c"}


@pytest.mark.parametrize("kind", ["ask", "search"])
def test_the_pool_replies_with_the_engines_json(kind: str, pools: Pools) -> None:
    pool = pools(["a"])

    async def run() -> Any:
        return await pool.host.run(Job(kind, "Mirela", 2, "bm25"))

    reply = pool.loop.run_until_complete(run())
    assert reply.status == 200
    assert reply.body.startswith(b'{"answer":"MIRELA"' if kind == "ask" else b'{"query"')
