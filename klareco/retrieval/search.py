"""Searching the corpus: question text → ranked sentences with citations.

Three retrievers over one interface (``Searcher.search(text, k, retriever)``):

* ``bm25``   stage 1 only: keywords from the question's AST, BM25 over roots and names.
* ``hybrid`` stage 1's top 100 (and the dense search's nearest ``DENSE_DEPTH``, off by
  default), reranked by the Tree-LSTM cosine fused with the BM25 score
  (``klareco.retrieval.fusion``), with a bonus for a sentence that holds an answer of the
  kind the question asks for (``kind_bonus``, 1 by default; ``klareco.retrieval.kinds``) and
  the share of the question's keywords each candidate holds (``coverage``, 3 by default);
  the default.
* ``dense``  the Tree-LSTM cosine over the whole FAISS index, for comparison.

When the question has keywords but no sentence contains any of them, ``hybrid`` falls back to
``dense`` — except when a keyword is a name: a name the corpus never mentions makes "nothing
found" the honest answer. A query of only function words gets a message, not neighbours; an
empty query is an ``EmptyInputError``, as everywhere (``klareco.text.require_text``).

Every score that orders a ranking is checked to be finite: a damaged index fails with
``DamagedError`` naming its file before it can reorder anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from klareco.artifacts import collection_home, store_path
from klareco.corpus.names import stored_names
from klareco.corpus.store import Store, StoredSentence
from klareco.errors import DamagedError, EmptyInputError, KlarecoError
from klareco.parse import parse
from klareco.parse.ast import Sentence
from klareco.retrieval.fusion import Fusion, fuse, knee_cut
from klareco.retrieval.index import load_bm25, load_kinds
from klareco.retrieval.keywords import Keyword, keywords
from klareco.retrieval.kinds import asked_kinds
from klareco.retrieval.query import question_text
from klareco.text import require_text

DEFAULT_K = 100
STAGE1_DEPTH = 100  # BM25 candidates stage 2 reranks
# Nearest sentences by the Tree-LSTM cosine that may join stage 1's candidates in the hybrid
# rerank (a question in other words than its answer shares few roots with it). 0: off. At 20,
# questions generated from the tuning documents gain (recall@100 0.822 → 0.873, MRR@10 0.677 →
# 0.683) but the dev set loses (MRR@10 0.637 → 0.601): the encoder's neighbours suit generated
# questions, not people's (scripts/benchmarks/dense_depth.py; docs/measurements.md).
DENSE_DEPTH = 0
RETRIEVERS = ("hybrid", "bm25", "dense")
DEFAULT_RETRIEVER = "hybrid"
RowReader = Callable[[list[int]], list[StoredSentence]]  # store rows by corpus position


@dataclass(frozen=True)
class Hit:
    """A retrieved sentence: ``docid``-style id, its text, citation and score."""

    sentence_id: str
    doc_id: str
    text: str
    citation: str
    score: float  # the final score of the retriever that ranked it
    rank: int  # 1-based, final
    position: int = -1  # 0-based corpus position (row order of the store)
    score_lexical: float | None = None  # BM25 (None when stage 1 did not find it)
    score_dense: float | None = None  # Tree-LSTM cosine (None for bm25)
    k_pos: int | None = None  # rank after stage 1


@dataclass(frozen=True)
class SearchResult:
    """What a search found, and why it found nothing when it did."""

    query: str
    keywords: list[Keyword]
    hits: list[Hit] = field(default_factory=list)
    candidates: int = 0  # sentences matching any keyword, before the cut to k
    message: str | None = None  # set when there are no hits: the reason, for a person
    retriever: str = "bm25"
    timings_ms: dict[str, float] = field(default_factory=dict)  # per stage
    ast: Sentence | None = None  # the parsed query

    def to_dict(self, retriever: str | None = None) -> dict[str, Any]:
        """The ``klareco search --json`` form; ``retriever``: the one asked for, when it is
        not the one that ranked (``hybrid`` falls back to ``dense``)."""
        return {
            "query": self.query, "retriever": retriever or self.retriever,
            "keywords": [{"text": kw.text, "term": kw.term, "weight": kw.weight,
                          "kind": kw.kind} for kw in self.keywords],
            "candidates": self.candidates, "message": self.message,
            "hits": [{"rank": h.rank, "sentence_id": h.sentence_id, "doc_id": h.doc_id,
                      "score": round(h.score, 4), "score_lexical": _round(h.score_lexical),
                      "score_dense": _round(h.score_dense), "k_pos": h.k_pos,
                      "citation": h.citation, "text": h.text}
                     for h in self.hits],
        }


class Stage2:
    """What reranking needs: the encoder, a way to get candidates' vectors, the fusion rule,
    and (for ``dense``) the FAISS index."""

    def __init__(self, encoder: Any, vectors: Callable[[np.ndarray], np.ndarray],
                 fusion: Fusion, dense: Any = None) -> None:
        self.encoder = encoder
        self.vectors = vectors
        self.fusion = fusion
        self.dense = dense


class Searcher:
    """Stage 1 (BM25 over root terms) and, when loaded with a model, stage 2. Load once, then
    search many times."""

    def __init__(self, store: Store, stage2: Stage2 | None = None) -> None:
        self.store = store
        self.index, self.id_rank = load_bm25(store)
        self.kinds = load_kinds(store)  # each sentence's answer kinds, by position
        self.stage2 = stage2
        # a question is parsed as the corpus was: its names that start sentences read as names
        self.names = stored_names(store.info)

    @classmethod
    def load(cls, home: Path | None = None, retriever: str = DEFAULT_RETRIEVER,
             collection: str | None = None) -> Searcher:
        """Open the built store under ``home`` (default: the data directory), or that of the
        collection named ``collection`` there; with a retriever other than ``bm25``, also the
        encoder and the dense index (checked to belong together)."""
        home = collection_home(collection, home) if collection is not None else home
        if collection is not None and not store_path(home).is_file():
            raise KlarecoError(f"no collection named {collection!r} is built: build it with "
                               f"`klareco build --source PATH… --name {collection}`")
        store = Store(store_path(home))
        if retriever == "bm25":
            return cls(store)
        # Only a retriever that uses stage 2 pays for loading it (the encoder's weights, the
        # dense index and faiss), so `klareco search --retriever bm25` stays fast.
        from klareco.retrieval.dense import load_stage2

        return cls(store, load_stage2(store, home))

    def close(self) -> None:
        self.store.close()

    def rank(self, query: list[tuple[str, float]], k: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Top-k document positions and scores: score descending, then sentence id ascending."""
        return self._top(*self.index.score(query), k)

    def _top(self, candidates: np.ndarray, scores: np.ndarray, k: int
             ) -> tuple[np.ndarray, np.ndarray, int]:
        matched = len(candidates)
        if matched > k:  # sort only what can reach the top k: the k-th score and above
            kth = np.partition(scores, matched - k)[matched - k]
            keep = scores >= kth
            candidates, scores = candidates[keep], scores[keep]
        order = np.lexsort((self.id_rank[candidates], -scores))[:k]
        return candidates[order], scores[order], matched

    def search(self, text: str, k: int = DEFAULT_K, retriever: str | None = None,
               tail_cut: bool = False, keep: int | None = None,
               read: RowReader | None = None) -> SearchResult:
        """Ranked sentences for a question or query (at most ``k``), read as a question
        (``klareco.retrieval.query``). ``tail_cut`` drops the hybrid list's tail after the knee
        of its scores. ``keep``: how many of the ``k`` ranked to return (default all), each a
        store row read; the ranking, and the vectors it reads and checks, are those of ``k``.
        ``read``: how those rows are read (default ``Store.sentences_at``): a caller that will
        read more of them reads them all in one query (``Engine.ask``)."""
        retriever = retriever or (DEFAULT_RETRIEVER if self.stage2 else "bm25")
        if retriever not in RETRIEVERS:
            raise KlarecoError(f"unknown retriever {retriever!r} (one of {', '.join(RETRIEVERS)})")
        if retriever != "bm25" and self.stage2 is None:
            raise KlarecoError(f"the {retriever} retriever needs the encoder: load the searcher "
                               f"with retriever={retriever!r}")
        text = require_text(text, "the query")
        timings: dict[str, float] = {}
        started = time.perf_counter()
        try:
            ast = parse(question_text(text, self.index.has), self.names)
        except EmptyInputError:  # only marks the respelling removes
            return SearchResult(text, [], message="the query has no words to search for",
                                retriever=retriever)
        found = keywords(ast)
        timings["parse"] = _since(started)
        if retriever == "dense":
            return self._dense(text, ast, found, k, timings, keep, read)
        if not found:  # only function words: any neighbour would be noise
            return SearchResult(text, [], message="the query has no content words to search "
                                "for (only question words, pronouns or other function words)",
                                retriever=retriever, timings_ms=timings, ast=ast)
        started = time.perf_counter()
        depth = k if retriever == "bm25" else max(k, STAGE1_DEPTH)
        terms = [(kw.term, kw.weight) for kw in found]
        matches, match_scores = self.index.score(terms)
        positions, scores, matched = self._top(matches, match_scores, depth)
        _check_finite(scores, self.store.path, "a BM25 score")
        timings["stage1"] = _since(started)
        if len(positions) == 0:
            if retriever == "hybrid" and not any(kw.kind == "name" for kw in found):
                return self._dense(text, ast, found, k, timings, keep, read)
            words = ", ".join(kw.text for kw in found)
            return SearchResult(text, found, message=f"nothing found: no sentence in the corpus "
                                f"contains {words}", retriever=retriever, timings_ms=timings,
                                ast=ast)
        if retriever == "bm25":
            hits = [(int(p), float(s), float(s), None, n) for n, (p, s) in
                    enumerate(zip(positions, scores, strict=True), start=1)]
        else:
            hits = self._rerank(ast, positions, scores, (matches, match_scores), timings,
                                tail_cut, len(found), min(k, keep or k), terms)
        return SearchResult(text, found, self._hits(hits[:keep], read), matched, None, retriever,
                            timings, ast)

    def _rerank(self, ast: Sentence, positions: np.ndarray, scores: np.ndarray,
                matches: tuple[np.ndarray, np.ndarray], timings: dict[str, float],
                tail_cut: bool, keywords: int = 0, top: int | None = None,
                terms: list[tuple[str, float]] | None = None
                ) -> list[tuple[int, float, float | None, float | None, int | None]]:
        """Stage 1's candidates (``positions``, ``scores``) and the dense search's nearest
        ``DENSE_DEPTH``, fused, the best ``top`` of them (default: all); ``matches``: every
        sentence stage 1 matched, with its BM25 score, which a dense candidate keeps (0 when
        it matched no keyword); ``keywords``: how many the question has (the fusion's weight
        may depend on it); ``terms``: its weighted terms, whose share each candidate holds
        the fusion may weigh (``Fusion.coverage``)."""
        assert self.stage2 is not None
        started = time.perf_counter()
        query = self.stage2.encoder.encode([ast])[0]
        _check_finite(query, self._encoder_path(), "the question's vector")
        timings["encode"] = _since(started)
        started = time.perf_counter()
        lexical_found = len(positions)
        if DENSE_DEPTH and self.stage2.dense is not None:
            nearest, _ = self.stage2.dense.search(query, DENSE_DEPTH)
            extra = np.setdiff1d(nearest, positions)  # sorted, unique
            positions = np.concatenate([positions, extra.astype(positions.dtype)])
            scores = np.concatenate([scores, _scores_of(extra, *matches).astype(scores.dtype)])
            timings["dense"] = _since(started)
        cosines = self.stage2.vectors(positions) @ query
        _check_finite(cosines, self._dense_path(), "a cosine")
        asked = asked_kinds(ast) if self.stage2.fusion.kind_bonus else 0
        fits = (self.kinds[positions] & asked) != 0 if asked else None
        fusion = self.stage2.fusion
        covered = self.index.coverage(terms, positions) if terms and fusion.coverage else None
        order, final = fuse(scores, cosines, self.id_rank[positions], fusion, keywords, fits,
                            covered)
        _check_finite(final, self._dense_path(), "a fused score")
        if tail_cut:
            keep = knee_cut(final)
            order, final = order[:keep], final[:keep]
        order, final = order[:top], final[:top]  # only these become hits
        timings["stage2"] = _since(started)
        # a dense candidate has no stage-1 rank, and a BM25 score only when it matched
        return [(int(positions[i]), float(f),
                 float(scores[i]) if i < lexical_found or scores[i] > 0 else None,
                 float(cosines[i]), int(i) + 1 if i < lexical_found else None)
                for i, f in zip(order, final, strict=True)]

    def _dense(self, text: str, ast: Sentence, found: list[Keyword], k: int,
               timings: dict[str, float], keep: int | None = None,
               read: RowReader | None = None) -> SearchResult:
        assert self.stage2 is not None and self.stage2.dense is not None
        started = time.perf_counter()
        query = self.stage2.encoder.encode([ast])[0]
        _check_finite(query, self._encoder_path(), "the question's vector")
        positions, cosines = self.stage2.dense.search(query, k)
        _check_finite(cosines, self._dense_path(), "a cosine")
        timings["dense"] = _since(started)
        hits = [(int(p), float(c), None, float(c), None) for p, c in
                zip(positions, cosines, strict=True)]
        return SearchResult(text, found, self._hits(hits[:keep], read), 0, None, "dense",
                            timings, ast)

    def _encoder_path(self) -> Path | str:
        encoder = self.stage2.encoder if self.stage2 else None
        return getattr(encoder, "path", None) or "the encoder's weights"

    def _dense_path(self) -> Path | str:
        dense = self.stage2.dense if self.stage2 else None
        return getattr(dense, "path", None) or "the dense index"

    def _hits(self, ranked: list[tuple[int, float, float | None, float | None, int | None]],
              read: RowReader | None = None) -> list[Hit]:
        rows = (read or self.store.sentences_at)([p for p, *_ in ranked])
        return [Hit(r.sentence_id, r.doc_id, r.text, r.citation, final, n, position, lexical,
                    dense, k_pos)
                for n, (r, (position, final, lexical, dense, k_pos)) in
                enumerate(zip(rows, ranked, strict=True), start=1)]


def _scores_of(wanted: np.ndarray, matched: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """The BM25 scores of the positions ``wanted`` among stage 1's ``matched`` positions
    (ascending) and their ``scores``; 0 for a position that matched no keyword."""
    if len(matched) == 0:
        return np.zeros(len(wanted), dtype=np.float32)
    at = np.minimum(np.searchsorted(matched, wanted), len(matched) - 1)
    return np.where(matched[at] == wanted, scores[at], 0.0)


def matched_spans(ast: Sentence, terms: Collection[str]) -> list[tuple[int, int]]:
    """Where the words of ``ast`` that carry one of the search ``terms`` stand in its text
    (start, end): what a page or a terminal highlights."""
    wanted = set(terms)
    return [(word.start, word.end) for word in ast.words if wanted.intersection(word.terms)]


def _check_finite(values: np.ndarray, source: Path | str, what: str) -> None:
    """Scores feed rankings and JSON: a NaN or infinity can only come from a damaged file, and
    must stop the answer rather than reorder it (or reach JSON, which has no such numbers)."""
    if not np.isfinite(values).all():
        raise DamagedError(source, f"{what} is not finite")


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _since(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
