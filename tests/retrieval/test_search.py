"""Stage-1 search over a store built from the fixture sources."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from klareco.parse import parse
from klareco.retrieval.bm25 import BM25Index, build_bm25, idf
from klareco.retrieval.search import Searcher


def test_bm25_prefers_rarer_and_repeated_terms() -> None:
    docs = [["hund", "kur"], ["hund", "hund", "dorm"], ["kat", "dorm"], ["kur"]]
    index = BM25Index(build_bm25(docs), len(docs))
    ids, scores = index.score([("hund", 1.0)])
    ranked = [int(i) for _, i in sorted(zip(-scores, ids, strict=True))]
    assert ranked == [1, 0]
    ids, _ = index.score([("nenio", 1.0)])
    assert len(ids) == 0


def test_postings_list_the_documents_of_a_term() -> None:
    docs = [["hund", "kur"], ["hund", "hund", "dorm"], ["kat", "dorm"]]
    index = BM25Index(build_bm25(docs), len(docs))
    assert sorted(index.postings("hund").tolist()) == [0, 1]
    assert sorted(index.postings("dorm").tolist()) == [1, 2]
    assert index.postings("nenio").tolist() == []


def test_coverage_is_the_idf_weighted_share_of_the_query_a_document_holds() -> None:
    docs = [["hund", "kur"], ["hund", "hund", "hund"], ["kat", "dorm"], ["kur"]]
    index = BM25Index(build_bm25(docs), len(docs))
    # a term that no document holds is no part of the share
    query = [("hund", 1.0), ("kur", 0.5), ("nenio", 1.0)]
    covered = index.coverage(query, np.array([0, 1, 2, 3]))
    hund, kur = 1.0 * idf(4, 2), 0.5 * idf(4, 2)
    assert covered.tolist() == pytest.approx([1.0, hund / (hund + kur), 0.0,
                                              kur / (hund + kur)])
    # a repeated term counts once: the share held, not BM25's saturating frequency
    assert covered[1] < covered[0]
    assert index.coverage([("nenio", 1.0)], np.array([0, 1])).tolist() == [0.0, 0.0]


@pytest.fixture(scope="module")
def searcher(fixture_home: Path) -> Searcher:
    return Searcher.load(fixture_home, retriever="bm25")


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


@pytest.fixture(scope="module")
def hybrid(fixture_home: Path) -> Searcher:
    from klareco.artifacts import store_path
    from klareco.corpus.store import Store
    from klareco.models.encoder import Encoder
    from klareco.retrieval.dense import build_dense

    with Store(store_path(fixture_home)) as store:
        build_dense(store, Encoder.load(), fixture_home, progress=False)
    return Searcher.load(fixture_home, retriever="hybrid")


def test_hybrid_reranks_the_stage1_candidates(hybrid: Searcher) -> None:
    question = "Kiun helpis Tobio?"
    lexical = hybrid.search(question, 100, "bm25").hits
    reranked = hybrid.search(question, 100, "hybrid").hits
    assert reranked and {h.sentence_id for h in reranked} == {h.sentence_id for h in lexical}
    assert all(h.score_dense is not None and h.k_pos is not None for h in reranked)
    assert [h.score for h in reranked] == sorted((h.score for h in reranked), reverse=True)
    assert reranked == hybrid.search(question, 100, "hybrid").hits  # deterministic


def test_dense_neighbours_join_the_hybrid_candidates_when_asked(
        hybrid: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    import klareco.retrieval.search as search

    question = "Kiun helpis Tobio?"
    lexical = {h.sentence_id for h in hybrid.search(question, 100, "bm25").hits}
    nearest = hybrid.search(question, 3, "dense").hits
    monkeypatch.setattr(search, "DENSE_DEPTH", 3)
    joined = hybrid.search(question, 100, "hybrid").hits
    ids = {h.sentence_id for h in joined}
    assert ids == lexical | {h.sentence_id for h in nearest}
    assert ids - lexical, "the fixture should have a near sentence without the keywords"
    for hit in joined:
        if hit.sentence_id in lexical:
            assert hit.k_pos is not None and hit.score_lexical is not None
        else:  # no stage-1 rank, and no BM25 score: it holds no keyword
            assert hit.k_pos is None and hit.score_lexical is None
    assert [h.score for h in joined] == sorted((h.score for h in joined), reverse=True)


@pytest.mark.parametrize("retriever", ["bm25", "hybrid", "dense"])
def test_keep_returns_the_head_of_the_same_ranking(hybrid: Searcher, retriever: str) -> None:
    question = "Kiu parolis en la unua tago laŭ Genezo?"
    whole = hybrid.search(question, 100, retriever).hits
    assert len(whole) > 2
    assert hybrid.search(question, 100, retriever, keep=2).hits == whole[:2]


def test_hybrid_keeps_nothing_found_for_unknown_names_and_stop_words(hybrid: Searcher) -> None:
    assert hybrid.search("Kiu estas Mitrandiro?").hits == []
    result = hybrid.search("Kiu estas li?")
    assert result.hits == [] and "no content words" in (result.message or "")


def test_dense_searches_the_whole_index(hybrid: Searcher) -> None:
    hits = hybrid.search("Kiun helpis Tobio?", 3, "dense").hits
    assert len(hits) == 3 and all(h.score_lexical is None for h in hits)


def test_bm25_searcher_refuses_stage2_retrievers(searcher: Searcher) -> None:
    from klareco.errors import KlarecoError

    with pytest.raises(KlarecoError, match="needs the encoder"):
        searcher.search("Kain", 5, "hybrid")


def test_ranking_sorts_only_the_top_but_keeps_the_full_order() -> None:
    from klareco.retrieval.bm25 import BM25Arrays, BM25Index

    rng = np.random.default_rng(3)
    candidates = np.arange(5000, dtype=np.int32)
    scores = rng.integers(1, 40, 5000).astype(np.float32)  # many ties
    id_rank = rng.permutation(5000).astype(np.int32)
    arrays = BM25Arrays(["t"], np.array([0, 5000], dtype=np.int64), candidates, scores)
    searcher = Searcher.__new__(Searcher)
    searcher.index, searcher.id_rank = BM25Index(arrays, 5000), id_rank
    for k in (1, 7, 100, 5000, 6000):
        positions, top, matched = searcher.rank([("t", 1.0)], k)
        full = np.lexsort((id_rank[candidates], -scores))[:k]
        assert matched == 5000
        assert list(positions) == list(candidates[full]) and list(top) == list(scores[full])


def test_matches_are_every_document_with_a_query_term_in_order() -> None:
    from klareco.retrieval.bm25 import BM25Index, build_bm25

    rng = np.random.default_rng(5)
    words = [f"t{n}" for n in range(30)]
    documents = [list(rng.choice(words, rng.integers(1, 6))) for _ in range(400)]
    index = BM25Index(build_bm25(documents), len(documents))
    for query in ([("t1", 1.0)], [("t1", 1.0), ("t2", 0.5), ("t3", 0.7)], [("nenio", 1.0)],
                  [("t4", 1.0), ("t4", 0.5), ("t9", 2.0)], [("t5", 0.0), ("t6", 1.0)]):
        terms = {term for term, _ in query}
        expected = [n for n, words_of in enumerate(documents) if terms & set(words_of)]
        found, found_scores = index.score(query)
        assert list(found) == expected
        assert len(found_scores) == len(found)
        # a zero weight still matches, without adding to the score
        assert all(s > 0 for s in found_scores) or any(w == 0 for _, w in query)


def test_a_kind_bonus_lifts_the_candidates_of_the_asked_kind(
        hybrid: Searcher) -> None:
    from dataclasses import replace

    from klareco.retrieval.kinds import asked_kinds, sentence_kinds

    question = "Kiam parolis Dio laŭ Genezo?"  # asks for a time
    fusion = hybrid.stage2.fusion
    hybrid.stage2.fusion = replace(fusion, kind_bonus=0.0)
    try:
        plain = hybrid.search(question, 100, "hybrid")  # no bonus
    finally:
        hybrid.stage2.fusion = fusion
    hits = hybrid.search(question, 100, "hybrid").hits  # the shipped rule: a bonus of 1
    with_bonus = {h.sentence_id: h.score for h in hits}
    asked = asked_kinds(parse(question))
    rows = hybrid.store.sentences_at([h.position for h in plain.hits], evidence=True)
    fitting = [bool(sentence_kinds(hybrid.store.ast_of(row)) & asked) for row in rows]
    assert any(fitting) and not all(fitting), "the fixture should hold both kinds of candidate"
    for hit, fits in zip(plain.hits, fitting, strict=True):
        # the build stored each sentence's kinds as the parse reads them
        assert bool(hybrid.kinds[hit.position] & asked) == fits
        assert with_bonus[hit.sentence_id] == pytest.approx(
            hit.score + (fusion.kind_bonus if fits else 0.0))
