"""The HTTP API and the page's files, through Starlette's test client, over the fixture build."""

from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from klareco.artifacts import store_path
from klareco.engine import Engine
from klareco.errors import KlarecoError
from klareco.parse import parse
from klareco.serving.http import MAX_QUERY, MAX_TEXT, EngineHost, create_app, preload_engine
from tests.conftest import damaged_copy
from tests.serving.conftest import get_json, run_on_a_taken_port, running_server

QUESTION = "Kiun helpis Tobio?"  # the fixture Genesis: "Kaj Tobio … helpis lin" → Elio


def client_over(load: Callable[[Callable[[str], None]], Engine]) -> TestClient:
    return TestClient(create_app(EngineHost(load)), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def client(dense_fixture_home: Path) -> Iterator[TestClient]:
    with client_over(lambda building: Engine.load(dense_fixture_home)) as test_client:
        yield test_client


def test_ask_gives_the_ask_json_object(client: TestClient, dense_fixture_home: Path) -> None:
    response = client.get("/api/ask", params={"q": QUESTION})
    assert response.status_code == 200
    data = response.json()
    engine = Engine.load(dense_fixture_home)
    expected = engine.ask(QUESTION).to_dict()
    engine.close()
    for payload in (data, expected):
        payload["trace"].pop("timings_ms")
    assert data == expected  # the object `klareco ask --json` prints
    assert data["answer"] == "Elio"
    first = data["evidence"][0]
    start = data["answer_offsets"]["start"] - first["offsets"]["start"]
    end = data["answer_offsets"]["end"] - first["offsets"]["start"]
    assert first["text"][start:end] == "Elio"
    assert [first["text"][s:e] for s, e in first["matched"]] == ["Tobio", "Tobio", "helpis"]


def test_ask_reports_where_its_time_went(client: TestClient) -> None:
    timing = client.get("/api/ask", params={"q": QUESTION}).headers["server-timing"]
    parts = dict(part.strip().split(";dur=") for part in timing.split(","))
    assert set(parts) == {"wait", "engine", "app"}
    assert float(parts["app"]) >= float(parts["engine"]) > 0


def test_x_system_questions_are_understood(client: TestClient) -> None:
    data = client.get("/api/ask", params={"q": "Kiun helpis Tobio?"}).json()
    typed = client.get("/api/ask", params={"q": "kiun helpis tobio"}).json()
    assert typed["answer"] == data["answer"]
    parsed = client.get("/api/parse", params={"q": "Cxu la hundo mangxas?"}).json()
    assert [w["form"] for w in parsed["words"]][:1] == ["Cxu"]
    assert parsed["type"] == "question" and parsed["words"][0]["known"]


def test_search_gives_the_search_json_object(client: TestClient) -> None:
    data = client.get("/api/search", params={"q": "Tobio Elio", "k": 2,
                                             "retriever": "bm25"}).json()
    assert data["retriever"] == "bm25" and len(data["hits"]) <= 2
    assert data["hits"][0]["citation"] == "Genezo 4:8"
    assert {"query", "keywords", "candidates", "message", "hits"} <= data.keys()
    hybrid = client.get("/api/search", params={"q": "Tobio Elio"}).json()
    assert hybrid["retriever"] == "hybrid" and hybrid["hits"][0]["score_dense"] is not None


def test_parse_as_json_and_as_conllu(client: TestClient) -> None:
    data = client.get("/api/parse", params={"q": "La hundon vidas la kato."}).json()
    assert data == parse("La hundon vidas la kato.").to_dict()
    assert data["object"]["text"] == "La hundon"
    response = client.get("/api/parse", params={"q": "Kiun vidis Petro?",
                                                "format": "conllu"})
    assert response.status_code == 200 and response.headers["content-type"].startswith(
        "text/plain")
    # UD conventions: a standalone "kiun" is a pronoun; each sentence has an id and its text
    assert "\tKiun\tkiu\tPRON\t" in response.text
    assert response.text.startswith("# sent_id = ")
    assert "# text = Kiun vidis Petro?\n" in response.text


def test_health_names_the_build(client: TestClient, dense_fixture_home: Path) -> None:
    data = client.get("/api/health").json()
    assert data["status"] == "ready"
    with sqlite3.connect(store_path(dense_fixture_home)) as db:
        sentences = db.execute("SELECT COUNT(*) FROM sentences").fetchone()[0]
        fingerprint = db.execute(
            "SELECT value FROM build_info WHERE key = 'fingerprint'").fetchone()[0]
    assert data["corpus"] == {"documents": 2, "sentences": sentences}
    assert data["fingerprint"] == fingerprint
    assert data["models"]["encoder"].startswith("tree-lstm@")
    assert data["models"]["answer_ranker"].startswith("answer-ranker@")
    # one process: it speaks HTTP and answers
    assert data["processes"] == {"http": os.getpid(), "answering": [os.getpid()]}


@pytest.mark.parametrize(("path", "params", "status", "message"), [
    ("/api/ask", {}, 400, "give the text as q"),
    ("/api/ask", {"q": "   "}, 400, "give the text as q"),
    ("/api/ask", {"q": "a" * (MAX_TEXT + 1)}, 400, f"at most {MAX_TEXT}"),
    ("/api/search", {"q": "Tobio", "k": "0"}, 400, "k must be a whole number from 1 to 100"),
    ("/api/search", {"q": "Tobio", "k": "dek"}, 400, "k must be a whole number"),
    ("/api/search", {"q": "Tobio", "retriever": "grep"}, 400, "retriever must be one of"),
    ("/api/parse", {"q": "La hundo.", "format": "xml"}, 400, "format must be one of"),
    ("/api/nothing", {}, 404, "no such page"),
    ("/etc/passwd", {}, 404, "no such page"),
    ("/static/../../pyproject.toml", {}, 404, "no such page"),
])
def test_bad_requests_get_a_json_error(client: TestClient, path: str, params: dict,
                                       status: int, message: str) -> None:
    response = client.get(path, params=params)
    assert response.status_code == status
    assert message in response.json()["error"]


def test_request_limits(client: TestClient) -> None:
    response = client.post("/api/ask?q=x", content=b"{}")
    assert response.status_code == 413 and "no body" in response.json()["error"]
    response = client.get("/api/ask?q=" + "a" * (MAX_QUERY + 1))
    assert response.status_code == 414
    response = client.delete("/api/ask?q=x")
    assert response.status_code == 405 and response.json() == {"error": "only GET is served"}


def test_the_page_and_its_files_come_from_the_app(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'src="/app.js"' in page.text and 'href="/style.css"' in page.text
    assert "Kiu estas Ofelio?" in page.text and "http" not in page.text  # no CDN
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/style.css").headers["content-type"].startswith("text/css")


def test_503_while_the_corpus_is_being_built() -> None:
    built = threading.Event()

    def load(building: Callable[[str], None]) -> Engine:
        building("the corpus is not built yet")
        built.wait(30)
        raise KlarecoError("the build was stopped")

    with client_over(load) as test_client:
        deadline = time.monotonic() + 10
        while test_client.get("/api/health").json()["status"] != "building":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        response = test_client.get("/api/ask", params={"q": QUESTION})
        assert response.status_code == 503 and response.headers["retry-after"]
        assert "being built" in response.json()["error"]
        assert test_client.get("/api/search", params={"q": "Tobio"}).status_code == 503
        assert test_client.get("/api/health").status_code == 503
        # the parser needs no corpus: it answers meanwhile
        assert test_client.get("/api/parse", params={"q": "La hundo."}).status_code == 200
        built.set()
        while test_client.get("/api/health").json()["status"] == "building":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        response = test_client.get("/api/ask", params={"q": QUESTION})
        assert response.status_code == 503
        assert response.json()["error"] == ("the engine could not be loaded: "
                                            "the build was stopped")


def test_a_damaged_build_is_a_500_naming_the_file(dense_fixture_home: Path,
                                                  tmp_path: Path) -> None:
    home = damaged_copy(dense_fixture_home, tmp_path)
    with client_over(lambda building: Engine.load(home, retriever="bm25")) as test_client:
        response = test_client.get("/api/ask", params={"q": QUESTION})
    assert response.status_code == 500
    assert str(store_path(home)) in response.json()["error"]
    assert "damaged" in response.json()["error"]


def test_concurrent_requests_get_the_answers_of_one_at_a_time(client: TestClient) -> None:
    questions = [QUESTION, "Kiu parolis kun Elio?", "Kie falis pluvo?", "Kio estis griza?"]
    alone = {q: client.get("/api/ask", params={"q": q}).json()["answer"] for q in questions}
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(
            lambda q: (q, client.get("/api/ask", params={"q": q}).json()["answer"]),
            questions * 6))
    assert all(answer == alone[q] for q, answer in together)


def test_the_parser_gives_the_same_trees_from_many_threads() -> None:
    # /api/parse runs the parser outside the engine's thread: it must be thread-safe
    texts = [f"La {n}-a hundo de Petro vidis la katojn en la ĝardeno." for n in range(40)]
    texts += ["Kiun vidis Petro?", "Malsanulejo estas konstruaĵo.", "Ĉu vi venos morgaŭ?"]
    alone = [json.dumps(parse(text).to_dict()) for text in texts]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda text: json.dumps(parse(text).to_dict()), texts * 4))
    assert together == alone * 4


def test_klareco_serve_starts_and_stops(dense_fixture_home: Path) -> None:
    with running_server(dense_fixture_home) as server:
        status, data = get_json(server.url + "api/ask?q=Kiun%20helpis%20Tobio%3F")
        assert status == 200 and data["answer"] == "Elio"


def _answering(server_url: str) -> tuple[int, list[int]]:
    """The server's HTTP process and its answering processes, as /api/health names them."""
    processes = get_json(server_url + "api/health")[1]["processes"]
    return processes["http"], processes["answering"]


def test_answerers_share_one_engine_and_a_dead_one_is_replaced(dense_fixture_home: Path
                                                               ) -> None:
    question = "api/ask?q=Kiun%20helpis%20Tobio%3F"
    with running_server(dense_fixture_home, "--workers", "2") as server:
        front, first = _answering(server.url)
        assert len(first) == 2 and sorted([front, *first]) == server.workers()
        for _ in range(6):
            assert get_json(server.url + question)[1]["answer"] == "Elio"
        status, found = get_json(server.url + "api/search?q=Tobio&k=100&retriever=bm25")
        assert status == 200 and "Tobio" in found["hits"][0]["text"]
        assert [h["rank"] for h in found["hits"]] == list(range(1, len(found["hits"]) + 1))
        status, error = get_json(server.url + "api/search?q=Tobio&retriever=grep")
        assert status == 400 and "retriever must be one of" in error["error"]
        status, tree = get_json(server.url + "api/parse?q=Petro%20vidis%20Mirelan.")
        assert status == 200 and tree["subject"]
        os.kill(first[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while (_answering(server.url)[1] == first or len(_answering(server.url)[1]) != 2) \
                and time.monotonic() < deadline:
            time.sleep(0.1)
        now = _answering(server.url)[1]
        assert len(now) == 2 and first[0] not in now and first[1] in now
        assert sorted([front, *now]) == server.workers()
        for _ in range(6):
            assert get_json(server.url + question)[1]["answer"] == "Elio"
        everyone = server.workers()
    for pid in everyone:  # SIGINT to the server stopped the others too
        assert not Path(f"/proc/{pid}").exists() or "zombie" in \
            Path(f"/proc/{pid}/status").read_text()


def test_a_request_whose_answerer_dies_gets_a_500(dense_fixture_home: Path) -> None:
    question = "api/ask?q=Kiun%20helpis%20Tobio%3F"
    with running_server(dense_fixture_home, "--workers", "2") as server:
        _, answering = _answering(server.url)
        for pid in answering:  # both hold still: the request waits inside one of them
            os.kill(pid, signal.SIGSTOP)
        with ThreadPoolExecutor(1) as pool:
            pending = pool.submit(get_json, server.url + question)
            time.sleep(0.5)
            for pid in answering:
                os.kill(pid, signal.SIGKILL)
            status, body = pending.result(timeout=30)
        assert status == 500 and "stopped" in body["error"]
        deadline = time.monotonic() + 30
        while len(_answering(server.url)[1]) != 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert get_json(server.url + question)[1]["answer"] == "Elio"


def test_the_server_stops_with_an_error_when_its_http_process_dies(dense_fixture_home: Path
                                                                   ) -> None:
    with running_server(dense_fixture_home, "--workers", "2") as server:
        front, answering = _answering(server.url)
        os.kill(front, signal.SIGKILL)
        assert server.process.wait(timeout=30) == 1  # the error line is on its stderr
        for pid in answering:  # they had no one to answer: gone too
            assert not Path(f"/proc/{pid}").exists() or "zombie" in \
                Path(f"/proc/{pid}/status").read_text()


def test_workers_wait_for_a_build_to_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           dense_fixture_home: Path) -> None:
    # nothing built: one process serves (503 while it builds); a built home is loaded once
    monkeypatch.setenv("KLARECO_HOME", str(tmp_path))
    assert preload_engine(None) is None
    monkeypatch.setenv("KLARECO_HOME", str(dense_fixture_home))
    engine = preload_engine(None)
    assert engine is not None and engine.ask(QUESTION).text == "Elio"
    engine.close()
    with pytest.raises(KlarecoError, match="nothing-here"):
        preload_engine("nothing-here")  # a collection is never built by serve


def test_an_answer_is_not_held_back_by_the_network(dense_fixture_home: Path) -> None:
    # Nagle's algorithm held each response's second part for the client's delayed ACK (~40 ms
    # a request on Linux); asyncio turns it off only on sockets that say they are TCP
    question = "/api/ask?q=Kiun%20helpis%20Tobio%3F"
    with running_server(dense_fixture_home, "--workers", "1") as server:
        parts = urllib.parse.urlsplit(server.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        overheads = []
        for _ in range(12):  # one keep-alive connection, as a page or a client keeps one
            started = time.perf_counter()
            connection.request("GET", question)
            response = connection.getresponse()
            response.read()
            elapsed = (time.perf_counter() - started) * 1000
            app = float(response.getheader("server-timing").split("app;dur=")[1])
            overheads.append(elapsed - app)
        connection.close()
    assert sorted(overheads)[len(overheads) // 2] < 20, overheads


def test_a_taken_port_is_a_one_line_error() -> None:
    port, done = run_on_a_taken_port(["serve", "--port"])
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert len(done.stderr.strip().splitlines()) == 1
