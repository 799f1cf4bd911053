"""``klareco serve``: the JSON API and the web page, on Starlette and uvicorn.

    GET /api/ask?q=…                          the ``klareco ask --json`` object
    GET /api/search?q=…&k=10&retriever=hybrid  the ``klareco search --json`` object
    GET /api/parse?q=…[&format=conllu]          the sentence's AST (JSON) or CoNLL-U
    GET /api/health                             build fingerprint, corpus size, model ids
    GET /                                       the page (static/: HTML, CSS, JS; no CDN)

Errors are JSON ``{"error": message}``: 400 for bad input, 404/405 for other paths and
methods, 413/414 for a body or an overlong query, 503 while the corpus is being built (or the
engine could not be loaded), 500 when a built file turns out damaged.

The page's three files are read into memory when the app is made, by fixed names: no part of
a request ever becomes a path.

The engine is loaded once. With more than one answering process (``--workers``, default one
per core), they are forked from the process that loaded it, and one HTTP process gives each
request to the first of them free (``klareco.serving.pool``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from klareco import __version__
from klareco.artifacts import nothing_built
from klareco.engine import Engine, needs_build, settle_for_many_answers
from klareco.errors import DamagedError, InputError, KlarecoError
from klareco.parse import parse
from klareco.parse.conllu import to_conllu
from klareco.retrieval.search import RETRIEVERS
from klareco.serving.pool import INTERNAL_ERROR, Job, PoolHost, Reply, Timing, Workers, answer

log = logging.getLogger("klareco.serve")

MAX_TEXT = 1000  # characters of a question or of text to parse
MAX_QUERY = 4096  # bytes of a whole query string (percent-encoded text is 3–6 per letter)
MAX_K = 100  # sentences one search may return
MAX_OPEN_CONNECTIONS = 64  # uvicorn answers 503 beyond these
MAX_DEFAULT_WORKERS = 4
WARM_UP_QUESTION = "Kiu estas la reĝo?"  # asked once before forking, to load what loads late
STATIC = {  # URL path → (file in static/, media type)
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
SECURITY_HEADERS = [
    # everything the page uses comes from this server: no CDN, no inline code
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # the page links out to its sources
]


class Unavailable(Exception):
    """The engine cannot answer yet (the corpus is being built) or at all (it failed)."""


class EngineHost:
    """The engine of a server of one process, used from one thread (more: ``PoolHost``).

    Every call into the engine runs on one worker thread, in the order asked. The engine
    holds a SQLite connection, which Python's sqlite3 lets only the thread that opened it use,
    and answering is pure-Python work that holds the GIL: measured (docs/measurements.md:
    ``bench_serve.py --engine-threads``), 2 or 4 threads with an engine each answer no more
    questions per second than one. A request's time queued for the thread is reported apart
    from its time in the engine (the ``Server-Timing`` header: ``wait`` and ``engine``).

    ``load(building)`` makes the engine; it calls ``building(reason)`` when it must first build
    the corpus, and meanwhile the API answers 503; ``stop()`` ends that build.
    """

    def __init__(self, load: Callable[[Callable[[str], None]], Engine],
                 stop: Callable[[], None] | None = None) -> None:
        self._load = load
        self._stop = stop  # ends a build in progress when the server stops
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="klareco-engine")
        self.state = "loading"  # loading → (building →) ready | failed
        self.reason: str | None = None  # why it is building, or why it failed
        self.damaged: DamagedError | None = None  # the load failed on a damaged file
        self.engine: Engine | None = None
        self.health: dict[str, Any] = {}

    def start(self) -> None:
        """Begin loading (on the engine's thread); requests queue behind it."""
        self._thread.submit(self._prepare)

    def _prepare(self) -> None:
        def building(reason: str) -> None:
            self.state, self.reason = "building", reason
            log.warning("%s: building it now; the API answers 503 until it is done", reason)

        try:
            engine = self._load(building)
            self.health = {**_health(engine), "processes": {"http": os.getpid(),
                                                            "answering": [os.getpid()]}}
        except Exception as error:  # reported to every request, not raised in the thread
            self.state = "failed"
            self.damaged = error if isinstance(error, DamagedError) else None
            self.reason = str(error) if isinstance(error, KlarecoError) else repr(error)
            log.error("the engine could not be loaded: %s", self.reason)
            return
        self.engine, self.state, self.reason = engine, "ready", None

    def check(self) -> None:
        """Raise ``Unavailable`` unless a request can be answered (now, or after the load)."""
        if self.state == "building":
            raise Unavailable(f"the corpus is being built ({self.reason}); try again in a "
                              "minute")
        if self.damaged is not None:  # a 500 naming the file: waiting will not mend it
            raise self.damaged
        if self.state == "failed":
            raise Unavailable(f"the engine could not be loaded: {self.reason}")

    async def run(self, job: Job) -> Reply:
        """``job`` answered on the engine's thread, and the time it waited and ran."""
        self.check()
        asked = time.perf_counter()

        def work() -> tuple[int, bytes, float, float]:
            began = time.perf_counter()
            if self.engine is None:
                self.check()
                raise Unavailable("the engine is not loaded")
            status, body = answer(self.engine, job)
            return status, body, began, time.perf_counter()

        status, body, began, ended = await asyncio.wrap_future(self._thread.submit(work))
        return Reply(status, body, Timing((began - asked) * 1000, (ended - began) * 1000))

    def close(self) -> None:
        if self._stop is not None:
            self._stop()

        def close_engine() -> None:
            if self.engine is not None:
                self.engine.close()

        self._thread.submit(close_engine)
        self._thread.shutdown(wait=False, cancel_futures=False)


def _health(engine: Engine) -> dict[str, Any]:
    """What identifies this server's build (computed once, when it is loaded)."""
    from klareco.experts.factoid import RANKER_PATH
    from klareco.models.files import file_sha256

    store = engine.store
    return {
        "status": "ready", "version": __version__, "retriever": engine.retriever,
        "fingerprint": store.info.get("fingerprint"), "analyzer": store.info.get("analyzer"),
        "corpus": {"documents": len(engine.documents), "sentences": store.count("sentences")},
        "models": {"encoder": engine.model_id,
                   "answer_ranker": f"answer-ranker@{file_sha256(RANKER_PATH)[:12]}"},
    }


def create_app(host: EngineHost | PoolHost) -> Starlette:
    """The ASGI app over ``host``'s engine (loaded when the app starts) or answering
    processes."""
    pages = {path: (resources.files("klareco.serving").joinpath("static", name).read_bytes(),
                    media) for path, (name, media) in STATIC.items()}

    async def page(request: Request) -> Response:
        body, media = pages[request.url.path]
        return Response(body, media_type=media, headers={"cache-control": "no-cache"})

    async def ask(request: Request) -> Response:
        return await answered(Job("ask", _text(request)))

    async def search(request: Request) -> Response:
        return await answered(Job("search", _text(request), _integer(request, "k", 10, 1, MAX_K),
                                  _choice(request, "retriever", RETRIEVERS)))

    async def answered(job: Job) -> Response:
        started = time.perf_counter()
        reply = await host.run(job)
        return _timed(Response(reply.body, reply.status, media_type="application/json"),
                      started, reply.timing)

    async def parse_text(request: Request) -> Response:
        text = _text(request)
        output = _choice(request, "format", ("json", "conllu"))
        # The parser touches no file and keeps no state between calls but its caches
        # (functools' caches, safe across threads; Lark makes a fresh parser state for each
        # call), so it runs in Starlette's thread pool, even while the corpus is being built.
        sentence = await run_in_threadpool(parse, text)
        if output == "conllu":
            return PlainTextResponse(to_conllu(sentence, None))
        return JSONResponse(sentence.to_dict())

    async def health(request: Request) -> Response:
        try:
            host.check()
        except Unavailable as error:
            return JSONResponse({"status": host.state, "error": str(error)}, 503)
        if host.state != "ready":
            return JSONResponse({"status": host.state}, 503, headers={"retry-after": "1"})
        return JSONResponse(host.health)

    @asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        host.start()
        yield
        host.close()

    routes = [Route(path, page, methods=["GET"]) for path in STATIC] + [
        Route("/api/ask", ask, methods=["GET"]),
        Route("/api/search", search, methods=["GET"]),
        Route("/api/parse", parse_text, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        HTTPException: _http_error, BadRequest: _bad_request, Unavailable: _unavailable,
        KlarecoError: _klareco_error, Exception: _internal_error})
    app.add_middleware(_Limits)
    return app


class BadRequest(Exception):
    """A request parameter that is missing or out of range (400, with this message)."""


def _text(request: Request) -> str:
    text = request.query_params.get("q", "")
    if not text.strip():
        raise BadRequest("give the text as q, e.g. /api/ask?q=Kiu%20estas%20Ofelio%3F")
    if len(text) > MAX_TEXT:
        raise BadRequest(f"q is {len(text)} characters long; at most {MAX_TEXT} are read")
    # control characters have no place in a sentence: they become spaces
    return "".join(" " if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text)


def _integer(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}") from None
    if not low <= value <= high:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}")
    return value


def _choice(request: Request, name: str, choices: tuple[str, ...]) -> str:
    value = request.query_params.get(name, choices[0])
    if value not in choices:
        raise BadRequest(f"{name} must be one of {', '.join(choices)}")
    return value


def _timed(response: Response, started: float, timing: Timing) -> Response:
    """The response with a ``Server-Timing`` header (ms): ``wait`` queued for an engine,
    ``engine`` inside it (with the JSON), ``app`` the handler's whole time."""
    total = (time.perf_counter() - started) * 1000
    response.headers["server-timing"] = (f"wait;dur={timing.wait:.3f}, engine;dur="
                                         f"{timing.engine:.3f}, app;dur={total:.3f}")
    return response


def _error(message: str, status: int, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse({"error": message}, status, headers=headers)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    message = {404: "no such page: the API is under /api/ (ask, search, parse, health)",
               405: "only GET is served"}.get(error.status_code, str(error.detail))
    return _error(message, error.status_code, dict(error.headers or {}))


async def _bad_request(request: Request, error: Exception) -> Response:
    return _error(str(error), 400)


async def _unavailable(request: Request, error: Exception) -> Response:
    return _error(str(error), 503, {"retry-after": "30"})


async def _klareco_error(request: Request, error: Exception) -> Response:
    if isinstance(error, InputError):  # empty text and the like: the request is at fault
        return _error(str(error), 400)
    log.error("%s: %s", request.url.path, error)
    return _error(str(error), 500)  # a damaged build: the message names the file


async def _internal_error(request: Request, error: Exception) -> Response:
    log.exception("%s failed", request.url.path)
    return _error(INTERNAL_ERROR, 500)


class _Limits:
    """Request limits before any handler runs: no body (the API is GET only), a bounded
    query string; and the security headers on every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        refusal = None
        if len(scope["query_string"]) > MAX_QUERY:
            refusal = (414, f"the query string is longer than {MAX_QUERY} bytes")
        elif headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
            refusal = (413, "requests take no body: the API is GET only")

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        if refusal is not None:
            await _error(refusal[1], refusal[0])(scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)


class ChildBuild:
    """How ``serve`` loads its engine: a missing or stale build is made by a ``klareco build``
    child process, so that the build's forked workers and torch stay out of the server.
    Stopping the server stops that child; a build is atomic, so the previous one stays."""

    def __init__(self, collection: str | None = None) -> None:
        self.child: subprocess.Popen[bytes] | None = None
        self.collection = collection

    def load(self, building: Callable[[str], None]) -> Engine:
        if self.collection is not None:  # built from its own sources, never by `serve`
            return Engine.load(collection=self.collection)

        def build_missing(reason: str) -> None:
            building(reason)
            self.child = subprocess.Popen([sys.executable, "-m", "klareco", "build"])
            code = self.child.wait()
            if code != 0:
                raise KlarecoError(f"`klareco build` failed (exit {code}): see its messages")

        return Engine.load_or_build(build_missing)

    def stop(self) -> None:
        if self.child is not None and self.child.poll() is None:
            self.child.terminate()


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port), or a one-line error."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        # with the protocol getaddrinfo gives (TCP): asyncio turns Nagle's algorithm off only
        # on sockets that name it, and with Nagle on, a response written in two parts waits
        # for the client's delayed ACK (~40 ms a request on Linux)
        sock = socket.socket(info[0], socket.SOCK_STREAM, info[2])
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(2048)
    except OSError as error:
        raise KlarecoError(f"cannot listen on {host}:{port}: {error.strerror or error}"
                           ) from None
    return sock


def default_workers() -> int:
    """Server processes by default: one per core, at most ``MAX_DEFAULT_WORKERS``. An engine
    answers on one core (its work holds the GIL), so more processes than cores only queue."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, MAX_DEFAULT_WORKERS))


def serve(host: str, port: int, collection: str | None = None, workers: int = 1) -> None:
    """Run the server over the default corpus, or over ``collection``, until Ctrl-C (or
    SIGTERM); prints its address first. With ``workers`` > 1 the engine is loaded once and
    that many processes forked from it answer, fed by one HTTP process (``Workers``); when
    the corpus must be built first, one process answers (503 while it builds), as with
    ``workers`` = 1."""
    sock = listen(host, port)
    address = sock.getsockname()
    shown = f"http://{f'[{address[0]}]' if ':' in address[0] else address[0]}:{address[1]}/"
    logging.basicConfig(level=logging.WARNING, format="klareco serve: %(message)s")
    engine = preload_engine(collection) if workers > 1 and hasattr(os, "fork") else None
    if engine is not None:
        print(f"Klareco serving on {shown} ({workers} answering processes; Ctrl-C stops)",
              flush=True)
        Workers(sock, engine, workers, lambda pool, sock: _run(create_app(pool), sock),
                _health(engine)).run()
        return
    if workers > 1:
        log.warning("the corpus must be built first: one process answers, also after the "
                    "build; start the server again for %d", workers)
    loader = ChildBuild(collection)

    def load(building: Callable[[str], None]) -> Engine:
        engine = loader.load(building)
        settle_for_many_answers()
        return engine

    app = create_app(EngineHost(load, loader.stop))
    print(f"Klareco serving on {shown} (Ctrl-C stops)", flush=True)
    _run(app, sock)


def _run(app: ASGIApp, sock: socket.socket) -> None:
    """uvicorn serving ``app`` on ``sock`` until it is told to stop."""
    import uvicorn

    # The server's own limits: at most MAX_OPEN_CONNECTIONS at once (503 beyond), 16 KB of
    # request line and headers, idle connections closed after 5 s.
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            limit_concurrency=MAX_OPEN_CONNECTIONS, timeout_keep_alive=5,
                            h11_max_incomplete_event_size=16 * 1024, server_header=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops cleanly, then raises the Ctrl-C again
        pass


def preload_engine(collection: str | None) -> Engine | None:
    """The engine, loaded and warmed, for ``Workers`` to share; None when the default corpus
    must be built first (a collection is never built by ``serve``: its errors are raised)."""
    if collection is None and nothing_built():
        return None
    try:
        engine = Engine.load(collection=collection)
    except KlarecoError as error:
        if collection is None and needs_build(error):
            return None
        raise
    # what loads on first use (the answer ranker) loads here, once, for every process
    engine.ask(WARM_UP_QUESTION)
    return engine
