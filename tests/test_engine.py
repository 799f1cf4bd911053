"""The engine over the store built from the fixture sources: answers, citations, abstention."""

from __future__ import annotations

import gc
import math
from pathlib import Path

import numpy as np
import pytest

from klareco.artifacts import store_path
from klareco.corpus.store import Store
from klareco.engine import MANY_ANSWERS_GC_THRESHOLD, Engine, settle_for_many_answers
from klareco.errors import KlarecoError
from klareco.experts.base import Answer

PAYLOAD_KEYS = {"doc_id", "section_id", "snippet_id", "source_url", "offsets", "license",
                "index_hash", "model", "analyzer", "rev", "score_lexical", "score_dense",
                "score_final", "k_pos", "k_final"}


@pytest.fixture(scope="module")
def engine(fixture_home: Path) -> Engine:
    return Engine.load(fixture_home, retriever="bm25")


def test_answers_from_the_fixture_corpus(engine: Engine) -> None:
    response = engine.ask("Kiun helpis Tobio?")
    assert response.answer == "Elio" and not response.abstained
    # the sentence the answer stands in is always evidence item 1
    assert response.answer_evidence == 0 and response.evidence[0].label == "Genezo 4:8"
    assert response.trace["keywords"] and "total" in response.trace["timings_ms"]
    # the evidence is shown in the order the expert read the hits; the ranking stays
    ranked = engine.ask("Kiun helpis Tobio?", ranked=100)
    assert [h.text for h in ranked.reading[:len(ranked.evidence)]] == \
        [item.text for item in ranked.evidence]
    assert sorted(h.rank for h in ranked.reading) == [h.rank for h in ranked.hits[:10]]
    assert [h.rank for h in ranked.hits] == list(range(1, len(ranked.hits) + 1))
    assert ranked.trace["expert"]["read_ranks"] == [h.rank for h in ranked.reading]


def test_an_answer_reads_its_rows_in_one_store_query(engine: Engine,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = engine.searcher.store
    queries: list[list[int]] = []
    reading = store.sentences_at
    monkeypatch.setattr(store, "sentences_at",
                        lambda positions, evidence=False: queries.append(positions) or
                        reading(positions, evidence))
    response = engine.ask("Kiun helpis Tobio?")
    # the hits, and the sentences before those read: their text, AST and names together
    assert len(queries) == 1 and response.answer == "Elio"
    assert {hit.position for hit in response.hits} <= set(queries[0])


def test_cited_spans_reread_from_the_stored_passages(engine: Engine) -> None:
    response = engine.ask("Kiun helpis Tobio?")
    with Store(store_path(engine.searcher.store.path.parent)) as store:
        for item in response.evidence:
            offsets = item.citation.offsets
            passage = store.passage_text(item.citation.doc_id, offsets["passage_id"])
            assert passage is not None
            assert passage[offsets["start"]:offsets["end"]] == item.text
        sentence = response.evidence[response.answer_evidence or 0].citation.offsets
        passage = store.passage_text(response.evidence[0].citation.doc_id,
                                     sentence["passage_id"]) or ""
        span = response.answer_offsets or {}
        assert passage[span["start"]:span["end"]] == response.answer


def test_json_form_carries_the_full_citation_payload(engine: Engine) -> None:
    data = engine.ask("Kiun helpis Tobio?").to_dict()
    assert data["answer"] == "Elio" and data["abstained"] is False
    for item in data["evidence"]:
        assert PAYLOAD_KEYS <= item.keys()
        assert item["offsets"]["unit"] == "char" and len(item["rev"]) == 64


def test_answers_are_deterministic(engine: Engine) -> None:
    first = engine.ask("Kiun helpis Tobio?").to_dict()
    second = engine.ask("Kiun helpis Tobio?").to_dict()
    for data in (first, second):
        data["trace"].pop("timings_ms")
    assert first == second


def test_unknown_name_abstains_and_says_why(engine: Engine) -> None:
    response = engine.ask("Kiu estas Mitrandiro?")
    assert response.abstained and response.text == "Mi ne scias."
    assert "does not mention the name Mitrandiro" in (response.message or "")


def test_a_store_from_another_analyzer_fails_fast(fixture_home: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("klareco.engine.analyzer_fingerprint", lambda: "another")
    with pytest.raises(KlarecoError, match="run `klareco build`"):
        Engine.load(fixture_home, retriever="bm25")


def test_a_missing_build_fails_fast(tmp_path: Path) -> None:
    with pytest.raises(KlarecoError, match="klareco build"):
        Engine.load(tmp_path, retriever="bm25")


def test_a_nan_cosine_stops_the_answer_naming_the_dense_index(dense_fixture_home: Path
                                                              ) -> None:
    engine = Engine.load(dense_fixture_home)
    stage2 = engine.searcher.stage2
    assert stage2 is not None
    stage2.vectors = lambda positions: np.full((len(positions), stage2.encoder.dim), np.nan)
    with pytest.raises(KlarecoError, match=r"dense.faiss is damaged \(a cosine is not finite\)"):
        engine.ask("Kiun helpis Tobio?")
    engine.close()


def test_a_nan_confidence_stops_the_answer_naming_the_ranker(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.registry, "answer",
                        lambda question, evidence: Answer("Elio", math.nan, 0, "factoid"))
    with pytest.raises(KlarecoError, match="answer_ranker.pt is damaged"):
        engine.ask("Kiun helpis Tobio?")


def test_a_process_settled_for_many_answers_leaves_the_loaded_engine_to_the_collector(
        engine: Engine) -> None:
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        settle_for_many_answers()
        assert gc.get_threshold() == MANY_ANSWERS_GC_THRESHOLD
        assert gc.get_freeze_count() > frozen  # the engine's objects among them
        assert engine.ask("Kiun helpis Petro?").question == "Kiun helpis Petro?"
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
