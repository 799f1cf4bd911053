"""Collections of one's own texts: the readers, the build into a folder of its own, and
rebuilding after adding a file (on small texts written here)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from klareco.artifacts import collection_home, store_path
from klareco.build import STORE_INDEXERS, build_collection
from klareco.corpus.collection import (
    build_collection_store,
    find_files,
    markdown_sections,
    read_documents,
)
from klareco.corpus.errors import CorpusError
from klareco.corpus.store import Store
from klareco.engine import Engine
from klareco.errors import KlarecoError
from klareco.retrieval.search import Searcher

TEXTS = {
    "karlo.txt": "Karlo loĝas en Berlino.\nLi laboras en banko.\n\n\nLia hundo nomiĝas Rikso.\n",
    "marta.txt": "Marta estas kuracisto.\n\nŜi vojaĝis al Romo per trajno.\n",
    "petro.txt": "Petro aĉetis novan biciklon en la urbo.\n",
}


def _write(folder: Path, texts: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def three_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _write(tmp_path_factory.mktemp("src") / "notoj", TEXTS)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, three_files: Path) -> Path:
    home = tmp_path_factory.mktemp("home")
    build_collection("notoj", [three_files], home, progress=False, workers=1)
    return home


def test_plain_text_paragraphs_are_split_on_blank_lines(three_files: Path) -> None:
    documents = read_documents(find_files([three_files]))
    assert [d.doc_id for d in documents] == ["notoj/karlo.txt", "notoj/marta.txt",
                                             "notoj/petro.txt"]
    karlo = documents[0]
    passages = [p for _, p in karlo.passages()]
    assert [p.passage_id for p in passages] == ["p1", "p2"]
    assert passages[0].text == "Karlo loĝas en Berlino. Li laboras en banko."
    data = (three_files / "karlo.txt").read_bytes()
    assert karlo.sha256 == hashlib.sha256(data).hexdigest()
    assert karlo.source_url == (three_files / "karlo.txt").resolve().as_uri()


def test_markdown_headings_become_sections_and_markup_is_dropped() -> None:
    sections, title = markdown_sections(
        "# Vojaĝo\n\nMarta vojaĝis al **Romo** per [trajno](http://x).\n\n```\nkodo\n```\n"
        "## Reveno\n\n- Ŝi revenis en *majo*.\n- Ŝi portis donacon.\n")
    assert title == "Vojaĝo"
    texts = [(s.heads, p.passage_id, p.text) for s in sections for p in s.passages]
    assert texts == [(("Vojaĝo",), "p1", "Marta vojaĝis al Romo per trajno."),
                     (("Vojaĝo", "Reveno"), "p2", "Ŝi revenis en majo."),
                     (("Vojaĝo", "Reveno"), "p3", "Ŝi portis donacon.")]


def test_json_lines_give_one_document_per_line(tmp_path: Path) -> None:
    lines = [{"id": "a1", "title": "Unua", "text": "Unu frazo.\n\nDua alineo."},
             {"id": "a2", "title": "Dua", "text": "Alia teksto."}]
    path = tmp_path / "artikoloj.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    documents = read_documents(find_files([path]))
    assert [(d.doc_id, d.title, len(d.passages())) for d in documents] == [
        ("a1", "Unua", 2), ("a2", "Dua", 1)]
    assert documents[0].source_url.endswith("artikoloj.jsonl#a1")
    first_line = path.read_bytes().splitlines()[0]
    assert documents[0].sha256 == hashlib.sha256(first_line).hexdigest()
    path.write_text('{"id": "a3"}\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="line 1"):
        read_documents(find_files([path]))


def test_unreadable_sources_are_named(tmp_path: Path) -> None:
    (tmp_path / "bildo.png").write_bytes(b"\x89PNG")
    with pytest.raises(CorpusError, match="unknown format"):
        find_files([tmp_path / "bildo.png"])
    with pytest.raises(CorpusError, match="no readable file"):
        find_files([tmp_path])
    with pytest.raises(CorpusError, match="no such file"):
        find_files([tmp_path / "nenio.txt"])
    with pytest.raises(KlarecoError, match="collection name"):
        collection_home("../alia", tmp_path)


def test_a_collection_lives_in_its_own_folder(built: Path) -> None:
    folder = built / "collections" / "notoj"
    assert store_path(folder).is_file() and (folder / "dense.faiss").is_file()
    assert not store_path(built).exists()  # the default corpus's place is left alone


def test_questions_are_answered_from_the_collection_with_file_and_paragraph(
        built: Path) -> None:
    engine = Engine.load(built, collection="notoj")
    try:
        response = engine.ask("Kie loĝas Karlo?")
        assert response.answer is not None and "Berlino" in response.answer
        evidence = response.evidence[0]
        assert evidence.citation.doc_id == "notoj/karlo.txt"
        assert evidence.citation.offsets["passage_id"] == "p1"
        assert "notoj/karlo.txt#p1" in evidence.label
        assert evidence.citation.source_url.startswith("file://")
        assert evidence.citation.rev == hashlib.sha256(TEXTS["karlo.txt"].encode()).hexdigest()
    finally:
        engine.close()


def test_a_missing_collection_says_how_to_build_it(built: Path) -> None:
    with pytest.raises(KlarecoError, match="--source"):
        Engine.load(built, collection="alia")


def _rows(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return [db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
                for table in ("documents", "sections", "passages", "sentences", "index_blobs")]
    finally:
        db.close()


def test_adding_a_file_parses_only_that_file(tmp_path: Path, three_files: Path) -> None:
    source = _write(tmp_path / "notoj", TEXTS)
    home = tmp_path / "home"
    first = build_collection_store(home, [source], indexers=STORE_INDEXERS, progress=False,
                                   workers=1)
    assert (first.parsed, first.reused) == (6, 0)
    (source / "zofia.txt").write_text("Zofia skribas leteron.\n\nŜi sendas ĝin.\n",
                                      encoding="utf-8")
    (source / "marta.txt").write_text("Marta estas kuracisto en Romo.\n", encoding="utf-8")
    second = build_collection_store(home, None, indexers=STORE_INDEXERS, progress=False,
                                    workers=1)  # the sources it was built from
    assert (second.documents, second.sentences) == (4, 7)
    assert (second.parsed, second.reused) == (3, 4)  # marta.txt changed, zofia.txt is new
    fresh = build_collection_store(tmp_path / "fresh", [source], indexers=STORE_INDEXERS,
                                   progress=False, workers=1)
    assert fresh.reused == 0
    assert _rows(store_path(home)) == _rows(store_path(tmp_path / "fresh"))
    with Store(store_path(home)) as store:
        assert store.stats()["sentences"] == 7
    again = build_collection_store(home, [source], indexers=STORE_INDEXERS, progress=False)
    assert again.up_to_date


def test_a_name_that_starts_a_sentence_is_read_as_the_corpus_writes_it(
        tmp_path: Path) -> None:
    # "Bruna" is a name inside two sentences of one file, so the other file's sentence that
    # it starts reads it as one; once a new file writes "bruna" as a word, that sentence is
    # parsed again (its file unchanged) and reads an adjective
    source = _write(tmp_path / "bruna", {
        "a.txt": "Hieraŭ Bruna kantis.\n\nTiam Bruna ridis.\n",
        "b.txt": "Bruna dancis en la ĝardeno.\n"})
    home = tmp_path / "home"
    build_collection_store(home, [source], indexers=STORE_INDEXERS, progress=False, workers=1)
    with Store(store_path(home)) as store:
        first = next(ast for ast in store.asts_at([0, 1, 2]) if ast.text.startswith("Bruna"))
        assert first.words[0].is_name and first.main is not None
        assert first.main.subject is not None and first.main.subject.head == 0
    searcher = Searcher.load(home, retriever="bm25")  # a query's first word reads the same
    try:
        found = searcher.search("Bruna dancis en la ĝardeno?", retriever="bm25")
    finally:
        searcher.close()
    assert "bruna" in {k.term for k in found.keywords}
    assert found.hits and found.hits[0].text.startswith("Bruna")
    (source / "c.txt").write_text("La ŝtofo estis bruna.\n", encoding="utf-8")
    second = build_collection_store(home, None, indexers=STORE_INDEXERS, progress=False,
                                    workers=1)
    assert (second.parsed, second.reused) == (2, 2)  # c.txt, and b.txt's sentence again
    with Store(store_path(home)) as store:
        again = next(ast for ast in store.asts_at([0, 1, 2, 3])
                     if ast.text.startswith("Bruna"))
        assert not again.words[0].is_name


def test_the_command_line_builds_and_asks_a_collection(tmp_path: Path,
                                                       three_files: Path) -> None:
    env = {**os.environ, "KLARECO_HOME": str(tmp_path / "home")}

    def klareco(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "klareco", *args], env=env,
                              capture_output=True, text=True, timeout=300, check=False)

    built = klareco("build", "--source", str(three_files), "--name", "miaj")
    assert built.returncode == 0, built.stderr
    assert "3 documents, 6 sentences" in built.stdout
    asked = klareco("ask", "--collection", "miaj", "Kie loĝas Karlo?")
    assert asked.returncode == 0 and "Berlino" in asked.stdout
    found = klareco("search", "--collection", "miaj", "--retriever", "bm25", "biciklon")
    assert "petro.txt#p1" in found.stdout
    missing = klareco("ask", "--collection", "nenia", "Kie loĝas Karlo?")
    assert missing.returncode != 0
    assert missing.stderr.startswith("error: ") and "Traceback" not in missing.stderr


@pytest.mark.corpus
def test_a_collection_of_hamlet_answers_who_ophelia_is(tmp_path: Path) -> None:
    from klareco.config import default_mirror

    mirror = default_mirror()
    if mirror is None:
        pytest.skip("../shared/corpus is not beside the checkout")
    build_collection("hamlet", [mirror / "tekstaro" / "hamleto.xml"], tmp_path, progress=False)
    engine = Engine.load(tmp_path, collection="hamlet")
    try:
        response = engine.ask("Kiu estas Ofelio?")
        assert response.answer == "filino de Polonio"
        assert response.evidence[0].citation.doc_id == "hamleto.xml"
    finally:
        engine.close()


def test_a_repeated_sentence_is_parsed_once(tmp_path: Path) -> None:
    text = "Karlo dormas.\n\nKarlo dormas.\n\nMarta kantas."
    source = _write(tmp_path / "ripeto", {"r.txt": text})
    report = build_collection_store(tmp_path / "home", [source], indexers=STORE_INDEXERS,
                                    progress=False, workers=1)
    assert (report.sentences, report.parsed) == (3, 2)
    with Store(store_path(tmp_path / "home")) as store:
        first, second, _ = store.asts_at([0, 1, 2])
        assert first == second and first.text == "Karlo dormas."


def test_the_mcp_tools_answer_from_a_collection_and_name_a_missing_one(built: Path) -> None:
    from klareco.mcp_server import KlarecoTools, call_tool, tool_specs

    tools = KlarecoTools(built)
    try:
        specs = {spec.name: spec for spec in tool_specs(tools)}
        schema = specs["ask"].definition().input_schema
        assert "collection" in schema["properties"] and schema["required"] == ["question"]
        answered = tools.ask("Kie loĝas Karlo?", collection="notoj")
        assert "Berlino" in answered["answer"]
        assert answered["evidence"][0]["doc_id"] == "notoj/karlo.txt"
        hits = tools.search("Marta", 1, "hybrid", collection="notoj")["hits"]
        assert hits[0]["doc_id"] == "notoj/marta.txt"
        missing = call_tool(specs, "ask", {"question": "Kiu?", "collection": "nenia"})
        assert missing.is_error
        text = missing.content[0].text
        assert text.startswith("error: ") and "\n" not in text and "--source" in text
    finally:
        tools.close()


def test_serve_answers_from_a_collection(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    from klareco.serving.http import ChildBuild, EngineHost, create_app

    monkeypatch.setenv("KLARECO_HOME", str(built))
    loader = ChildBuild("notoj")
    with TestClient(create_app(EngineHost(loader.load, loader.stop))) as client:
        data = client.get("/api/ask", params={"q": "Kie loĝas Karlo?"}).json()
    assert "Berlino" in data["answer"] and data["evidence"][0]["doc_id"] == "notoj/karlo.txt"
    assert loader.child is None  # a collection is never built by the server
