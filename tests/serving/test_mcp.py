"""``klareco mcp`` on the fixture store: each tool and resource, their schemas, and their
errors; in-process through the MCP client, and as a subprocess over stdio and HTTP."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from klareco.artifacts import STORE_NAME
from klareco.cli import cli
from klareco.corpus.store import arrays_path
from klareco.engine import Engine
from klareco.errors import KlarecoError
from klareco.integrity import CHECKSUMS_NAME
from klareco.mcp_server import (
    PASSAGE_TEMPLATE,
    WORKS_URI,
    KlarecoTools,
    build_server,
    call_tool,
    passage_uri,
    tool_specs,
)
from tests.serving.client import over_stdio, text_of
from tests.serving.conftest import run_on_a_taken_port

CITATION_KEYS = {"text", "label", "title", "doc_id", "section_id", "snippet_id", "source_url",
                 "offsets", "license", "rev", "score_final", "k_final", "passage"}


@pytest.fixture(scope="module")
def tools(fixture_home: Path) -> KlarecoTools:
    # the fixture store has no dense index: the bm25 engine answers
    tools = KlarecoTools(engine=Engine.load(fixture_home, retriever="bm25"))
    yield tools
    tools.close()


@pytest.fixture(scope="module")
def specs(tools: KlarecoTools) -> dict:
    return {spec.name: spec for spec in tool_specs(tools)}


def in_memory(tools: KlarecoTools, steps: Any) -> Any:
    """Run ``steps`` with the SDK's client connected to the server in-process."""

    async def session() -> Any:
        async with Client(build_server(tools)) as client:
            return await steps(client)

    return anyio.run(session)


# --- the tools as functions --------------------------------------------------------------

def test_ask_answers_with_cited_evidence_and_its_passage(tools: KlarecoTools) -> None:
    data = tools.ask("Kiun helpis Tobio?")
    assert data["answer"] == "Elio" and data["abstained"] is False
    first = data["evidence"][0]
    assert CITATION_KEYS <= first.keys() and first["label"] == "Genezo 4:8"
    assert first["passage"] == passage_uri("GEN", first["offsets"]["passage_id"])


def test_ask_abstains_with_its_reason(tools: KlarecoTools) -> None:
    data = tools.ask("Kiu estas Mitrandiro?")
    assert data["abstained"] is True and data["answer"] == "Mi ne scias."
    assert "does not mention the name Mitrandiro" in data["message"]


def test_search_gives_k_cited_sentences(tools: KlarecoTools) -> None:
    data = tools.search("Tobio helpis", 2, "bm25")
    assert data["retriever"] == "bm25" and [k["text"] for k in data["keywords"]][:1] == ["tobio"]
    assert len(data["hits"]) <= 2 and data["hits"][0]["label"] == "Genezo 4:8"
    for rank, hit in enumerate(data["hits"], 1):
        assert CITATION_KEYS <= hit.keys() and hit["k_final"] == rank
        assert hit["model"] is None  # a bm25 ranking used no encoder


def test_search_says_why_nothing_was_found(tools: KlarecoTools) -> None:
    data = tools.search("Mitrandiro", 5, "bm25")
    assert data["hits"] == [] and "nothing found" in data["message"]


def test_parse_gives_roles_from_case_in_every_format(tools: KlarecoTools) -> None:
    ast = tools.parse("La hundon vidas la kato.", "json")
    assert isinstance(ast, dict)
    assert ast["object"]["text"].lower() == "la hundon" and ast["subject"]["text"] == "la kato"
    conllu = tools.parse("La hundon vidas la kato.", "conllu")
    assert isinstance(conllu, str) and "\thundon\thundo\tNOUN\t" in conllu and "\tobj\t" in conllu
    assert "object: la hundon" in str(tools.parse("La hundon vidas la kato.", "tree")).lower()


def test_explain_word_gives_morphemes_with_dictionary_entries(tools: KlarecoTools) -> None:
    data = tools.explain_word("malsanulejo")
    assert data["segmentation"] == "mal-san-ul-ej-o" and data["pos"] == "NOUN"
    kinds = [(m["text"], m["kind"]) for m in data["morphemes"]]
    assert kinds == [("mal", "prefix"), ("san", "root"), ("ul", "suffix"), ("ej", "suffix"),
                     ("o", "ending")]
    root = data["morphemes"][1]["dictionary"]
    assert root["pos"] == "ADJ" and "semantic_class" in root


def test_explain_word_reads_case_class_and_unknown_words(tools: KlarecoTools) -> None:
    dog = tools.explain_word("hundojn")
    assert dog["feats"] == {"Case": "Acc", "Number": "Plur"}
    assert dog["morphemes"][0]["dictionary"]["semantic_class"] == "MAMULO"
    made_up = tools.explain_word("blurfa")
    assert made_up["known"] is False and made_up["pos"] == "ADJ"
    assert "dictionary" not in made_up["morphemes"][0]


def test_explain_word_takes_one_word(tools: KlarecoTools) -> None:
    with pytest.raises(KlarecoError, match="takes one word, and 'la hundo' has 2"):
        tools.explain_word("la hundo")


def test_works_list_titles_authors_and_licences(tools: KlarecoTools) -> None:
    works = {work["doc_id"]: work for work in tools.works()}
    assert works.keys() == {"drama", "GEN"}
    assert works["drama"]["authors"] == ["A. Aŭtoro"] and works["drama"]["license"]
    assert {"title", "translator", "year", "source_url"} <= works["GEN"].keys()


def test_a_passage_by_its_citation_ids(tools: KlarecoTools) -> None:
    data = tools.passage("drama", "bx28")
    assert data["text"] == "Ho! Kiu venas?" and data["headings"] == ["Akto 1.", "Sceno 1."]
    assert data["uri"] == "klareco://passage/drama/bx28" and data["license"]
    with pytest.raises(KlarecoError, match="no passage 'bx99' in the work 'drama'"):
        tools.passage("drama", "bx99")


def test_the_engine_loads_on_first_use_and_a_failed_load_is_tried_again(
        fixture_home: Path, tmp_path: Path) -> None:
    tools = KlarecoTools(tmp_path, retriever="bm25")
    assert tools.parse("Kiu venas?", "json")["question"]["word"] == "kiu"  # no engine needed
    with pytest.raises(KlarecoError, match="run `klareco build`"):
        tools.search("Tobio", 1, "bm25")
    store = fixture_home / STORE_NAME
    for path in (store, arrays_path(store), fixture_home / CHECKSUMS_NAME):  # built meanwhile
        shutil.copy(path, tmp_path / path.name)
    assert tools.search("Tobio", 1, "bm25")["hits"][0]["label"] == "Genezo 4:8"
    engine = tools.engine
    tools.ask("Kiun helpis Tobio?")
    assert tools.engine is engine  # loaded once
    tools.close()


# --- arguments, schemas and errors -------------------------------------------------------

def test_schemas_come_from_the_cli_options(specs: dict) -> None:
    search = specs["search"].definition().input_schema
    k_option = next(p for p in cli.commands["search"].params if p.name == "k")
    assert search["required"] == ["query"] and search["additionalProperties"] is False
    assert search["properties"]["k"] == {
        "description": "How many sentences to return.", "type": "integer",
        "minimum": k_option.type.min, "maximum": k_option.type.max, "default": 10}
    retriever = next(p for p in cli.commands["search"].params if p.name == "retriever")
    assert search["properties"]["retriever"]["enum"] == list(retriever.type.choices)
    parse_format = specs["parse"].definition().input_schema["properties"]["format"]
    assert set(parse_format["enum"]) >= {"json", "conllu"} and parse_format["default"] == "json"
    for spec in specs.values():
        assert len(spec.description) > 200  # written for a model to read


@pytest.mark.parametrize(("name", "arguments", "message"), [
    ("ask", {}, "error: Missing argument 'question'."),
    ("search", {"query": "Tobio", "k": 0},
     "error: Invalid value for 'k': 0 is not in the range 1<=x<=1000."),
    ("search", {"query": "Tobio", "retriever": "fuzzy"},
     "error: Invalid value for 'retriever': 'fuzzy' is not one of 'hybrid', 'bm25', 'dense'."),
    ("ask", {"question": "Kiu?", "top_k": 3}, "error: No such option 'top_k'."),
    ("parse", {"text": " "}, "error: nothing to parse: the text is empty"),
    ("summarise", {}, "error: no tool 'summarise' (tools: ask, search, parse, explain_word)"),
])
def test_a_malformed_call_is_a_tool_error_of_one_line(specs: dict, name: str,
                                                      arguments: dict, message: str) -> None:
    result = call_tool(specs, name, arguments)
    assert result.is_error and text_of(result) == message


def test_argument_messages_are_the_clis(specs: dict, fixture_home: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "klareco", "search", "-k", "0", "Tobio"],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "KLARECO_HOME": str(fixture_home)})
    cli_reason = done.stderr.strip().split(": ", 1)[1].split("'-k': ", 1)[1]
    tool_reason = text_of(call_tool(specs, "search", {"query": "Tobio", "k": 0}))
    assert done.returncode != 0 and tool_reason.endswith(": " + cli_reason.removesuffix(
        " (see --help)"))


def test_a_missing_build_is_the_clis_error_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "klareco", "search", "Tobio"],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "KLARECO_HOME": str(tmp_path)})
    specs = {spec.name: spec for spec in tool_specs(KlarecoTools(tmp_path))}
    result = call_tool(specs, "search", {"query": "Tobio"})
    assert done.returncode == 1 and result.is_error
    assert text_of(result) == done.stderr.strip() and "run `klareco build`" in done.stderr


def test_an_unexpected_failure_is_one_line_without_a_traceback(
        tools: KlarecoTools, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(word: str) -> dict:
        raise RuntimeError("a bug\nwith two lines")

    monkeypatch.setattr(tools, "explain_word", broken)
    result = call_tool({s.name: s for s in tool_specs(tools)}, "explain_word", {"word": "x"})
    assert result.is_error and text_of(result) == (
        "error: the explain_word tool failed unexpectedly (RuntimeError); the server's log "
        "has the details")


def test_values_are_converted_as_the_cli_converts_them(specs: dict) -> None:
    result = call_tool(specs, "search", {"query": "Tobio", "k": "1", "retriever": "bm25"})
    assert not result.is_error and len(result.structured_content["hits"]) == 1


# --- through the MCP client, in-process ----------------------------------------------------

def test_the_client_lists_four_tools_and_the_resources(tools: KlarecoTools) -> None:
    async def steps(client: Client) -> tuple:
        return (await client.list_tools(), await client.list_resources(),
                await client.list_resource_templates())

    listed, resources, templates = in_memory(tools, steps)
    assert [t.name for t in listed.tools] == ["ask", "search", "parse", "explain_word"]
    assert all(t.annotations.read_only_hint for t in listed.tools)
    assert [r.uri for r in resources.resources] == [WORKS_URI]
    assert [t.uri_template for t in templates.resource_templates] == [PASSAGE_TEMPLATE]


def test_the_client_calls_a_tool_and_reads_a_cited_passage(tools: KlarecoTools) -> None:
    async def steps(client: Client) -> tuple:
        asked = await client.call_tool("ask", {"question": "Kiun helpis Tobio?"})
        uri = asked.structured_content["evidence"][0]["passage"]
        return asked, await client.read_resource(uri), await client.read_resource(WORKS_URI)

    asked, passage, works = in_memory(tools, steps)
    assert not asked.is_error and json.loads(text_of(asked))["answer"] == "Elio"
    data = json.loads(passage.contents[0].text)
    assert data["passage_id"] == "GEN 4:8" and "Tobio helpis lin" in data["text"]
    assert {w["doc_id"] for w in json.loads(works.contents[0].text)} == {"drama", "GEN"}


def test_an_unknown_resource_is_a_protocol_error_of_one_line(tools: KlarecoTools) -> None:
    async def steps(client: Client) -> list[str]:
        messages = []
        for uri in ("klareco://passage/GEN/GEN%2099%3A1", "klareco://nothing"):
            with pytest.raises(MCPError) as caught:
                await client.read_resource(uri)
            messages.append(caught.value.error.message)
        return messages

    passage, unknown = in_memory(tools, steps)
    assert passage == ("error: no passage 'GEN 99:1' in the work 'GEN': passage ids are the "
                       "doc_id and offsets.passage_id of a citation")
    assert unknown.startswith("error: no resource 'klareco://nothing'") and "\n" not in unknown


# --- as a subprocess ---------------------------------------------------------------------

def test_over_stdio_parse_works_and_a_missing_index_is_a_tool_error(fixture_home: Path,
                                                                    tmp_path: Path) -> None:
    async def steps(client: Client) -> tuple:
        return (await client.list_tools(),
                await client.call_tool("parse", {"text": "La hundon vidas la kato."}),
                await client.call_tool("ask", {"question": "Kiun helpis Tobio?"}))

    (listed, parsed, asked), stderr = over_stdio(tmp_path, steps)
    assert len(listed.tools) == 4
    assert parsed.structured_content["object"]["text"] == "La hundon"
    assert asked.is_error and text_of(asked).startswith("error: no corpus store at ")
    assert "Traceback" not in stderr


def _wait_for_url(process: subprocess.Popen) -> str:
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        found = re.search(r"http://\S+/mcp", line)
        if found:
            return found.group(0)
    raise AssertionError("the server printed no URL")


def test_over_http_on_loopback(tmp_path: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "klareco", "mcp", "--http", "0"],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env={**os.environ, "KLARECO_HOME": str(tmp_path)})
    try:
        url = _wait_for_url(process)
        assert url.startswith("http://127.0.0.1:")

        async def session() -> tuple:
            async with Client(url) as client:
                return (await client.list_tools(),
                        await client.call_tool("explain_word", {"word": "lernejestro"}))

        listed, explained = anyio.run(session)
        assert len(listed.tools) == 4
        assert explained.structured_content["segmentation"] == "lern-ej-estr-o"
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_port_in_use_is_one_error_line(tmp_path: Path) -> None:
    port, done = run_on_a_taken_port(["mcp", "--http"])
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"error: cannot serve on 127.0.0.1 port {port} ")
