"""The stage-1 searcher: question text → keywords → ranked sentences with citations."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from klareco.corpus.build import store_path
from klareco.corpus.store import Store
from klareco.errors import EmptyInputError
from klareco.parse import parse
from klareco.retrieval.index import load_bm25
from klareco.retrieval.keywords import Keyword, keywords

DEFAULT_K = 100


@dataclass(frozen=True)
class Hit:
    """A retrieved sentence: ``docid``-style id, its text, citation and score."""

    sentence_id: str
    doc_id: str
    text: str
    citation: str
    score: float
    rank: int  # 1-based


@dataclass(frozen=True)
class SearchResult:
    """What a search found, and why it found nothing when it did."""

    query: str
    keywords: list[Keyword]
    hits: list[Hit] = field(default_factory=list)
    candidates: int = 0  # sentences matching any keyword, before the cut to k
    message: str | None = None  # set when there are no hits: the reason, for a person


class Searcher:
    """BM25 over root terms (stage 1). Load once, then search many times."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.index, self.id_rank = load_bm25(store)

    @classmethod
    def load(cls, home: Path | None = None) -> Searcher:
        """Open the built store under ``home`` (default: the data directory)."""
        return cls(Store(store_path(home)))

    def close(self) -> None:
        self.store.close()

    def rank(self, query: list[tuple[str, float]], k: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Top-k document positions and scores: score descending, then sentence id ascending."""
        candidates, scores = self.index.score(query)
        if len(candidates) == 0:
            return candidates, scores, 0
        order = np.lexsort((self.id_rank[candidates], -scores))[:k]
        return candidates[order], scores[order], len(candidates)

    def search(self, text: str, k: int = DEFAULT_K) -> SearchResult:
        """Ranked sentences for a question or query (at most ``k``)."""
        try:
            sentence = parse(text)
        except EmptyInputError:
            return SearchResult(text, [], message="the query is empty")
        found = keywords(sentence.to_dict())
        if not found:
            return SearchResult(text, [], message="the query has no content words to search "
                                "for (only question words, pronouns or other function words)")
        positions, scores, matched = self.rank([(kw.term, kw.weight) for kw in found], k)
        if len(positions) == 0:
            words = ", ".join(kw.text for kw in found)
            return SearchResult(text, found, message=f"nothing found: no sentence in the corpus "
                                f"contains {words}")
        rows = self.store.sentences_at([int(p) for p in positions])
        hits = [Hit(r.sentence_id, r.doc_id, r.text, r.citation, float(s), n)
                for n, (r, s) in enumerate(zip(rows, scores, strict=True), start=1)]
        return SearchResult(text, found, hits, matched)
