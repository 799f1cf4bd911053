"""Stage-1 search over a store built from the fixture sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.corpus.build import build
from klareco.corpus.manifest import Manifest
from klareco.retrieval.bm25 import BM25Index, build_bm25
from klareco.retrieval.search import Searcher


def test_bm25_prefers_rarer_and_repeated_terms() -> None:
    docs = [["hund", "kur"], ["hund", "hund", "dorm"], ["kat", "dorm"], ["kur"]]
    index = BM25Index(build_bm25(docs), len(docs))
    ids, scores = index.score([("hund", 1.0)])
    ranked = [int(i) for _, i in sorted(zip(-scores, ids, strict=True))]
    assert ranked == [1, 0]
    ids, _ = index.score([("nenio", 1.0)])
    assert len(ids) == 0


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    from tests.corpus.conftest import FIXTURES, make_source

    root = tmp_path_factory.mktemp("mirror")
    layout = [("drama", "tekstaro/drama.xml", "drama.xml", "tei-xml"),
              ("GEN", "biblio/01-GENepo.usfm", "book.usfm", "usfm")]
    sources = []
    for source_id, file, name, fmt in layout:
        data = (FIXTURES / name).read_bytes()
        (root / file).parent.mkdir(parents=True, exist_ok=True)
        (root / file).write_bytes(data)
        sources.append(make_source(source_id, file, data, fmt))
    home = tmp_path_factory.mktemp("home")
    build(home, root, manifest=Manifest(tuple(sources)), progress=False, workers=1)
    return Searcher.load(home)


def test_unknown_name_finds_nothing_and_says_so(searcher: Searcher) -> None:
    result = searcher.search("Mitrandiro")
    assert result.hits == []
    assert result.message is not None and "mitrandiro" in result.message


def test_stop_words_only_say_so(searcher: Searcher) -> None:
    result = searcher.search("Kiu estas li?")
    assert result.hits == []
    assert result.message is not None and "content words" in result.message


def test_hits_are_ranked_and_deterministic(searcher: Searcher) -> None:
    some_text = next(searcher.store.sentences()).text
    first = searcher.search(some_text, 5)
    second = searcher.search(some_text, 5)
    assert first.hits and first.hits == second.hits
    scores = [h.score for h in first.hits]
    assert scores == sorted(scores, reverse=True)
    assert [h.rank for h in first.hits] == list(range(1, len(first.hits) + 1))
    assert any(h.text == some_text for h in first.hits)


def test_k_limits_the_hits(searcher: Searcher, tmp_path: Path) -> None:
    text = next(searcher.store.sentences()).text
    assert len(searcher.search(text, 1).hits) == 1
