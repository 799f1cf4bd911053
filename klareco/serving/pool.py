"""``klareco serve --workers N``: the engine loaded once, N answering processes forked from
it, and one HTTP process that gives each request to the first answerer free.

    Supervisor   loads the engine, forks the others, replaces an answerer that dies
    ├── HTTP     uvicorn and the app (``create_app``); requests queue in ``PoolHost``
    └── answerer × N   ``engine.ask`` / ``search`` on its main thread, one request at a time

Why one queue rather than N servers on one listening socket: the kernel gives each new
connection to one server process for good, and a client's keep-alive connections can fall
unevenly (5 and 3 of 8): the requests of the busier process then wait while the other idles
(the load test's p50 went from 18–20 ms to 26–28 ms in such runs). Here no answerer idles while
a request waits, and an answerer's engine has its process's GIL to itself: no event loop
beside it takes turns with it.

An answerer and the HTTP process talk over a socket pair. A request is its length (4 bytes)
and the ``Job`` as JSON; a reply is a header (the body's length, the HTTP status, and when the
answerer began and ended, on the monotonic clock every process shares) and the JSON body
(``answer``). An answerer that dies is replaced: the supervisor tells the HTTP process it is
gone, forks another and passes the HTTP process its end of the new pair over a control socket
(``socket.send_fds``); the request it was answering, if any, gets a 500. If the HTTP process
dies, the server stops with an error: the answerers have no one to answer.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import signal
import socket
import struct
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from klareco.engine import MANY_ANSWERS_GC_THRESHOLD, Engine
from klareco.errors import InputError, KlarecoError

log = logging.getLogger("klareco.serve")

STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
INTERNAL_ERROR = "internal error (the server's log has the details)"
_JOB_HEADER = struct.Struct("<I")  # the job's length
_REPLY_HEADER = struct.Struct("<IHdd")  # the body's length, status, began, ended


@dataclass(frozen=True)
class Job:
    """What a request asks of the engine: to ``ask`` a question, or to ``search`` (``k``
    sentences, by ``retriever``). Plain values, so that it travels as JSON."""

    kind: str  # ask | search
    text: str
    k: int = 10
    retriever: str = "hybrid"

    def to_bytes(self) -> bytes:
        return json.dumps(asdict(self), ensure_ascii=False).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Job:
        return cls(**json.loads(data))


@dataclass(frozen=True)
class Timing:
    """Where a request's time went, in ms: queued for an engine, then inside it."""

    wait: float
    engine: float


@dataclass(frozen=True)
class Reply:
    """A job's HTTP status, its JSON body, and its timing."""

    status: int
    body: bytes
    timing: Timing


def render(value: Any) -> bytes:
    """JSON as the API writes it (Starlette's ``JSONResponse``'s form); a NaN or an infinity
    is an error, never written."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


def answer(engine: Engine, job: Job) -> tuple[int, bytes]:
    """The status and JSON body of ``job``'s response: 200 and the ``ask --json`` or
    ``search --json`` object; 400 for input the engine refuses (text with nothing to read);
    500 for a damaged build (the message names the file) or any other failure."""
    try:
        if job.kind == "ask":
            found = engine.ask(job.text).to_dict()
        elif job.kind == "search":
            found = engine.searcher.search(job.text, job.k, job.retriever).to_dict(
                job.retriever)
        else:
            raise ValueError(f"no such job: {job.kind!r}")
        return 200, render(found)
    except InputError as error:  # the request is at fault
        return 400, render({"error": str(error)})
    except KlarecoError as error:
        log.error("%s: %s", job.kind, error)
        return 500, render({"error": str(error)})
    except Exception:
        log.exception("%s of %r failed", job.kind, job.text)
        return 500, render({"error": INTERNAL_ERROR})


def _receive(end: socket.socket, size: int) -> bytes | None:
    """``size`` bytes from ``end``, or None once the other side has closed it."""
    data = bytearray()
    while len(data) < size:
        chunk = end.recv(size - len(data))
        if not chunk:
            return None
        data += chunk
    return bytes(data)


def answer_forever(engine: Engine, end: socket.socket) -> None:
    """An answerer's life: read a job, answer it, write the reply, until the HTTP process
    closes its end of the pair."""
    while (header := _receive(end, _JOB_HEADER.size)) is not None:
        data = _receive(end, _JOB_HEADER.unpack(header)[0])
        if data is None:
            return
        began = time.monotonic()
        status, body = answer(engine, Job.from_bytes(data))
        try:
            end.sendall(_REPLY_HEADER.pack(len(body), status, began, time.monotonic()) + body)
        except (BrokenPipeError, ConnectionResetError):  # the HTTP process has stopped
            return


class AnswererLost(KlarecoError):
    """The process answering a request stopped before it replied."""


PIPELINE = 2  # jobs sent ahead to an answerer: the next waits in its socket, not in a wakeup


@dataclass(eq=False)
class _Feed:
    """The HTTP process's view of one answerer."""

    pid: int
    writer: asyncio.StreamWriter
    reader: asyncio.StreamReader
    sent: deque[tuple[Job, asyncio.Future]] = field(default_factory=deque)  # oldest first
    freed: float = 0.0  # when it last replied
    gone: bool = False


class PoolHost:
    """The HTTP process's side of the pool: the app's engine host (``create_app``).

    A request goes to the answerer with the fewest jobs, of those freed last (its caches are
    the warmest: one answerer answers a lone client's questions). Each answerer is sent up to
    ``PIPELINE`` jobs at once, so that it begins the next as soon as it has replied, without
    waiting for this process to be scheduled; the other requests wait in one queue, and the
    first answerer to reply takes the oldest."""

    state = "ready"  # the engine was loaded before the pool was made
    reason: str | None = None
    damaged = None

    def __init__(self, ends: dict[int, socket.socket], control: socket.socket,
                 health: dict[str, Any]) -> None:
        self._ends = ends  # answerer pid → this process's end of its pair
        self._control = control  # where the supervisor sends the ends of new answerers
        self._health = health
        self._waiting: deque[tuple[Job, asyncio.Future]] = deque()  # none could take them
        self._feeds: dict[int, _Feed] = {}  # answering now, by pid
        self._reading: dict[int, asyncio.Task] = {}  # answerer pid → the task reading replies
        self._started = False

    @property
    def answerers(self) -> list[int]:
        """The pids answering now."""
        return sorted(self._feeds)

    @property
    def health(self) -> dict[str, Any]:
        return {**self._health, "processes": {"http": os.getpid(),
                                              "answering": self.answerers}}

    def start(self) -> None:
        """Begin feeding the answerers (inside the app's event loop)."""
        self._started = True
        for pid, end in self._ends.items():
            self._join(pid, end)
        asyncio.get_running_loop().add_reader(self._control.fileno(), self._from_supervisor)

    def check(self) -> None:
        """Every request can be answered: the engine was loaded before the pool started."""

    async def run(self, job: Job) -> Reply:
        """``job`` answered by the first answerer free."""
        assert self._started, "the pool was not started"
        asked = time.monotonic()
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._give((job, future))
        status, body, began, ended = await future
        return Reply(status, body, Timing((began - asked) * 1000, (ended - began) * 1000))

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self._control.fileno())
        for task in self._reading.values():
            task.cancel()

    def _give(self, item: tuple[Job, asyncio.Future]) -> None:
        """A job to the least busy answerer that can take one (of those, the one freed last),
        or to the queue."""
        ready = [f for f in self._feeds.values() if len(f.sent) < PIPELINE and not f.gone]
        if not ready:
            self._waiting.append(item)
            return
        feed = min(ready, key=lambda f: (len(f.sent), -f.freed))
        if feed.reader.at_eof():  # it died a moment ago: its reader has not yet seen it
            feed.gone = True
            self._give(item)
            return
        data = item[0].to_bytes()
        feed.writer.write(_JOB_HEADER.pack(len(data)) + data)
        feed.sent.append(item)

    def _give_waiting(self) -> None:
        """Jobs of the queue to answerers that can take them."""
        while self._waiting and any(len(f.sent) < PIPELINE and not f.gone
                                    for f in self._feeds.values()):
            item = self._waiting.popleft()
            if not item[1].cancelled():  # its client is still there
                self._give(item)

    def _from_supervisor(self) -> None:
        """A message of the supervisor: ``new PID`` with the end of a new answerer's pair, or
        ``gone PID`` for one that has died."""
        message, fds, _, _ = socket.recv_fds(self._control, 64, 1)
        if not message:  # the supervisor is gone: it will send no more
            asyncio.get_running_loop().remove_reader(self._control.fileno())
            return
        verb, pid = message.decode().split()
        if verb == "new":
            self._join(int(pid), socket.socket(fileno=fds[0]))
        elif (task := self._reading.get(int(pid))) is not None:
            task.cancel()

    def _join(self, pid: int, end: socket.socket) -> None:
        task = asyncio.get_running_loop().create_task(self._read_replies(pid, end))
        self._reading[pid] = task
        task.add_done_callback(lambda _: self._reading.pop(pid, None))

    async def _read_replies(self, pid: int, end: socket.socket) -> None:
        """Read the answerer ``pid``'s replies, and send it the next job as each comes, until
        it stops (its pair reads EOF) or the supervisor says it is gone (the task is
        cancelled). The job it was answering then gets a 500; those sent after it go to
        other answerers."""
        reader, writer = await asyncio.open_connection(sock=end)
        feed = self._feeds[pid] = _Feed(pid, writer, reader)
        self._give_waiting()
        try:
            while True:
                size, status, began, ended = _REPLY_HEADER.unpack(
                    await reader.readexactly(_REPLY_HEADER.size))
                body = await reader.readexactly(size)
                _, future = feed.sent.popleft()
                feed.freed = time.monotonic()
                if not future.done():  # (its client may have gone)
                    future.set_result((status, body, began, ended))
                self._give_waiting()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # it died: the supervisor replaces it
        finally:
            feed.gone = True
            del self._feeds[pid]
            writer.close()
            if feed.sent:
                _, future = feed.sent.popleft()
                if not future.done():
                    log.error("server process %d stopped while it answered", pid)
                    future.set_exception(AnswererLost(
                        "the server process answering this stopped (the server's log says "
                        "why); another takes its place"))
            for item in feed.sent:  # never begun
                if not item[1].done():
                    self._give(item)


class Workers:
    """The supervisor: forks the answerers and the HTTP process from the process that loaded
    the engine (its pages stay shared until written), replaces an answerer that dies, and
    stops them all on SIGINT or SIGTERM. Why processes: answering holds the GIL, so threads
    in one process answer no more questions per second than one (``bench_serve.py
    --engine-threads``)."""

    RESTARTS = 5  # answerer deaths tolerated within RESTART_WINDOW seconds before giving up
    RESTART_WINDOW = 60.0

    def __init__(self, sock: socket.socket, engine: Engine, count: int,
                 serve_http: Callable[[PoolHost, socket.socket], None],
                 health: dict[str, Any]) -> None:
        self.sock, self.engine, self.count = sock, engine, count
        self.serve_http = serve_http  # runs the app over a PoolHost on the listening socket
        self.health = health
        self.answerers: dict[int, int] = {}  # pid → answerer number
        self.http: int | None = None  # the HTTP process's pid
        self.held: list[socket.socket] = []  # sockets of this process that children close
        self.control: socket.socket | None = None  # this end of the control pair
        self.stopping = False
        self.deaths: list[float] = []  # when answerers died, for RESTARTS
        self.failure: str | None = None  # why the server stopped

    def run(self) -> None:
        previous = {sig: signal.signal(sig, self._stop) for sig in STOP_SIGNALS}
        # The loaded engine's objects go to the collector's permanent generation: a child's
        # collections then never touch them, and their pages stay shared with this process.
        gc.freeze()
        try:
            self.control, http_control = socket.socketpair(socket.AF_UNIX,
                                                           socket.SOCK_SEQPACKET)
            self.held = [self.sock, self.control, http_control]
            ends = dict(self._start_answerer(number) for number in range(self.count))
            if not self.stopping:
                pool = PoolHost(ends, http_control, self.health)
                self.http = self._fork(lambda: self.serve_http(pool, self.sock), keep=[
                    self.sock, http_control, *ends.values()], ignore_interrupt=False)
            for held in self.held:  # the HTTP process holds them now
                if held is not self.control:
                    held.close()
            self.held = [self.control]
            while self.answerers or self.http is not None:
                pid, status = os.wait()
                if pid == self.http:
                    self.http = None
                    if not self.stopping:  # run() raises it: the command's error line
                        self.failure = f"the HTTP process stopped ({_how(status)})"
                    self._stop()
                elif pid in self.answerers:
                    number = self.answerers.pop(pid)
                    # an answerer ends by itself (exit 0) only when the HTTP process has
                    # closed its pair: that process is gone, and run() stops the rest
                    if not self.stopping and os.waitstatus_to_exitcode(status) != 0:
                        self._tell(f"gone {pid}")
                        self._replace(number, status)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            if self.control is not None:
                self.control.close()
            self.engine.close()
        if self.failure:
            raise KlarecoError(self.failure)

    def _replace(self, number: int, status: int) -> None:
        now = time.monotonic()
        self.deaths = [t for t in self.deaths if now - t < self.RESTART_WINDOW] + [now]
        if len(self.deaths) > self.RESTARTS:
            self.failure = (f"server process {number + 1} stopped ({_how(status)}), the "
                            f"{len(self.deaths)}th in {self.RESTART_WINDOW:.0f} s: giving up "
                            "(the messages above say why)")
            self._stop()  # the others stop too; run() raises once they have
            return
        log.warning("server process %d stopped (%s): starting another", number + 1,
                    _how(status))
        pid, end = self._start_answerer(number)
        self._tell(f"new {pid}", end)
        self.held.remove(end)
        end.close()

    def _tell(self, message: str, end: socket.socket | None = None) -> None:
        """Send the HTTP process ``message`` (and ``end``, a new answerer's end of its pair)."""
        assert self.control is not None
        try:
            socket.send_fds(self.control, [message.encode()],
                            [end.fileno()] if end is not None else [])
        except OSError:  # the HTTP process is gone: run() stops the rest
            pass

    def _start_answerer(self, number: int) -> tuple[int, socket.socket]:
        """Fork answerer ``number``: its pid, and the HTTP process's end of its pair."""
        ours, theirs = socket.socketpair()
        engine = self.engine

        def answering() -> None:
            engine.store.reconnect()  # SQLite: a connection of its own
            # the loaded engine is frozen already (run): only the collector's pace is set
            gc.set_threshold(*MANY_ANSWERS_GC_THRESHOLD)
            answer_forever(engine, theirs)

        pid = self._fork(answering, keep=[theirs], ignore_interrupt=True, also=[ours])
        theirs.close()
        self.held.append(ours)  # the next answerer must not hold it: its EOF would not come
        self.answerers[pid] = number
        return pid, ours

    def _fork(self, work: Callable[[], None], keep: list[socket.socket],
              ignore_interrupt: bool, also: list[socket.socket] = ()) -> int:
        """Run ``work`` in a child process, which closes this process's sockets but ``keep``;
        its pid. An answerer ignores Ctrl-C (the terminal sends it to every process): the
        HTTP process finishes what it is answering first, then the answerers stop."""
        # No stop signal may reach the child before it has dropped this process's handlers.
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            pid = os.fork()
        except OSError:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
            raise
        if pid:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
            return pid
        code = 1
        try:
            for sig in STOP_SIGNALS:  # uvicorn installs its own
                signal.signal(sig, signal.SIG_DFL)
            if ignore_interrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
            for held in [*self.held, *also]:
                if all(held is not kept for kept in keep):
                    held.close()
            work()
            code = 0
        except BaseException:
            log.exception("a server process failed")
        finally:
            os._exit(code)  # never back into the supervisor's code

    def _stop(self, *_: object) -> None:
        """Stop the HTTP process; the answerers stop when it has (their pairs close), or now
        if it is gone."""
        self.stopping = True
        for pid in [self.http] if self.http is not None else list(self.answerers):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass


def _how(status: int) -> str:
    return (f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
            else f"exit {os.waitstatus_to_exitcode(status)}")
