"""Acceptance over the default corpus: an assistant starts `klareco mcp` on stdio, lists the
tools and calls them as issue 21 asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.serving.client import over_stdio, text_of

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def session(real_home: Path) -> dict[str, Any]:
    """One stdio session on the built default corpus; its results, by name."""

    async def steps(client: Client) -> dict[str, Any]:
        return {
            "tools": await client.list_tools(),
            "ask": await client.call_tool("ask", {"question": "Kiu estas Ofelio?"}),
            "parse": await client.call_tool("parse", {"text": "La hundon vidas la kato."}),
            "search": await client.call_tool("search", {"query": "Kain Habel", "k": 3}),
            "no question": await client.call_tool("ask", {}),
            "k of 0": await client.call_tool("search", {"query": "Kain Habel", "k": 0}),
        }

    results, stderr = over_stdio(real_home, steps)
    results["stderr"] = stderr
    return results


def test_four_tools_are_listed(session: dict[str, Any]) -> None:
    assert sorted(t.name for t in session["tools"].tools) == [
        "ask", "explain_word", "parse", "search"]


def test_ask_ofelio_cites_hamleto(session: dict[str, Any]) -> None:
    data = session["ask"].structured_content
    assert not session["ask"].is_error and "filino de Polonio" in data["answer"]
    cited = data["evidence"][data["answer_evidence"]]
    assert cited["title"] == "Hamleto" and cited["doc_id"] == "hamleto" and cited["passage"]


def test_parse_finds_the_object_by_its_case(session: dict[str, Any]) -> None:
    assert session["parse"].structured_content["object"]["text"].lower() == "la hundon"


def test_search_gives_three_cited_sentences(session: dict[str, Any]) -> None:
    hits = session["search"].structured_content["hits"]
    assert len(hits) == 3
    for hit in hits:
        assert hit["text"] and hit["label"] and hit["snippet_id"] and hit["license"]
        assert hit["passage"].startswith("klareco://passage/")


@pytest.mark.parametrize("call", ["no question", "k of 0"])
def test_a_malformed_call_is_a_tool_error_of_one_line(session: dict[str, Any], call: str) -> None:
    result = session[call]
    assert result.is_error
    assert text_of(result).startswith("error: ") and "\n" not in text_of(result)
    assert "Traceback" not in session["stderr"]
