"""End to end: `klareco build` over the default corpus (../shared/corpus), then its store."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from klareco.artifacts import store_path
from klareco.build import build_store
from klareco.cli import main
from klareco.config import default_mirror
from klareco.corpus.store import Store

MIRROR = default_mirror()
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(MIRROR is None, reason="../shared/corpus is not beside the checkout"),
]


@pytest.fixture(scope="module")
def home(real_home: Path) -> Path:
    return real_home


def test_sentence_count_and_known_rate(home: Path) -> None:
    with Store(store_path(home)) as store:
        stats = store.stats()
    assert 100_000 <= stats["sentences"] <= 125_000
    assert stats["documents"] == 107
    assert stats["known_token_rate"] >= 0.98


def test_every_stored_offset_reproduces_its_sentence(home: Path) -> None:
    checked = 0
    with Store(store_path(home)) as store:
        for passage, spans in store.passages_with_sentences():
            for start, end, text in spans:
                assert passage[start:end] == text
                checked += 1
        assert checked == store.count("sentences")


def test_rebuild_with_unchanged_inputs_takes_seconds(home: Path) -> None:
    started = time.perf_counter()
    assert build_store(home, MIRROR, progress=False).up_to_date
    assert time.perf_counter() - started < 10


def test_stats_command_prints_the_interface_keys(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KLARECO_HOME", str(home))
    with pytest.raises(SystemExit) as done:
        main(["corpus", "stats", "--json"])
    assert done.value.code == 0
    stats = json.loads(capsys.readouterr().out)
    for key in ("documents", "sentences", "tokens", "known_token_rate"):
        assert key in stats


def test_search_over_the_real_corpus(home: Path) -> None:
    from klareco.retrieval.search import Searcher

    searcher = Searcher.load(home)
    for retriever in ("bm25", "hybrid"):
        assert searcher.search("Mitrandiro", retriever=retriever).hits == []
        hits = searcher.search("Kiu vendis Jozefon?", 10, retriever).hits
        assert any(h.citation == "Genezo 37:28" for h in hits)
    hybrid = searcher.search("Kiu vendis Jozefon?", 100, "hybrid").hits
    bm25 = searcher.search("Kiu vendis Jozefon?", 100, "bm25").hits
    assert {h.sentence_id for h in hybrid} == {h.sentence_id for h in bm25}  # a rerank
    assert all(h.score_dense is not None and h.k_pos is not None for h in hybrid)
    dense = searcher.search("Kiu vendis Jozefon?", 5, "dense").hits
    assert len(dense) == 5 and all(h.score_lexical is None for h in dense)


def test_stored_vectors_match_fresh_encoding(home: Path) -> None:
    from klareco.models.encoder import Encoder
    from klareco.retrieval.dense import DenseIndex

    encoder = Encoder.load()
    with Store(store_path(home)) as store:
        dense = DenseIndex.load(store, encoder, home)
        positions = [0, 5_000, 60_000, store.count("sentences") - 1]
        fresh = encoder.encode(store.asts_at(positions))
    assert abs(dense.vectors(positions) - fresh).max() < 1e-4


def test_dense_index_of_another_model_is_refused(home: Path, tmp_path: Path) -> None:
    from klareco.errors import KlarecoError
    from klareco.models.encoder import Encoder
    from klareco.retrieval.dense import DenseIndex

    other = Encoder.untrained(seed=1)
    other.save(tmp_path / "other.pt")
    with Store(store_path(home)) as store, pytest.raises(KlarecoError, match="klareco build"):
        DenseIndex.load(store, Encoder.load(tmp_path / "other.pt"), home)
