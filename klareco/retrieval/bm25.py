"""Stage 1: BM25 over root-level terms, as a compact inverted index in NumPy arrays.

Chosen over ``bm25s`` after measuring what a query needs: a question has 2–6 terms, so
scoring is a handful of posting-list additions into one score array; precomputing each
posting's BM25 weight at build time makes that a few hundred microseconds on the full corpus
with no extra dependency.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

# Chosen on questions generated from held-out documents, among (k1, b) = (0.9, 0.3), (0.9, 0.5),
# (1.2, 0.3), (1.2, 0.5), (1.2, 0.75), (1.6, 0.5) (README, "Measured"): a low k1 saturates
# repeated terms early, so a sentence that holds more of the question's different terms wins
# over one that repeats one of them.
K1 = 0.9
B = 0.5


@dataclass(frozen=True)
class BM25Arrays:
    """The persisted index: vocabulary, posting lists (CSR by term) and per-posting weights."""

    vocabulary: list[str]
    indptr: np.ndarray  # int64, len(vocabulary) + 1
    documents: np.ndarray  # int32, document positions, grouped by term
    weights: np.ndarray  # float32, BM25 weight of the term in that document


def idf(documents: int, frequency: int) -> float:
    """BM25's inverse document frequency of a term found in ``frequency`` of ``documents``."""
    return math.log(1.0 + (documents - frequency + 0.5) / (frequency + 0.5))


def build_bm25(documents: Sequence[Sequence[str] | Mapping[str, float]], k1: float = K1,
               b: float = B) -> BM25Arrays:
    """Index documents given as lists of terms (repeats count as term frequency) or as
    term → frequency maps, where a frequency below 1 indexes a term at a lower weight."""
    n = len(documents)
    counts = [d if isinstance(d, Mapping) else Counter(d) for d in documents]
    lengths = np.array([sum(c.values()) for c in counts], dtype=np.float64)
    average = float(lengths.mean()) if n and lengths.sum() else 1.0
    postings: dict[str, list[tuple[int, float]]] = {}
    for position, terms in enumerate(counts):
        for term, tf in terms.items():
            postings.setdefault(term, []).append((position, tf))
    vocabulary = sorted(postings)
    indptr = np.zeros(len(vocabulary) + 1, dtype=np.int64)
    docs: list[int] = []
    weights: list[float] = []
    for t, term in enumerate(vocabulary):
        plist = postings[term]
        rarity = idf(n, len(plist))
        for position, tf in plist:
            norm = k1 * (1.0 - b + b * lengths[position] / average)
            docs.append(position)
            weights.append(rarity * tf * (k1 + 1.0) / (tf + norm))
        indptr[t + 1] = len(docs)
    return BM25Arrays(vocabulary, indptr, np.array(docs, dtype=np.int32),
                      np.array(weights, dtype=np.float32))


class BM25Index:
    """Scores documents for weighted query terms."""

    def __init__(self, arrays: BM25Arrays, size: int) -> None:
        self.arrays = arrays
        self.size = size
        self.term_ids = {term: i for i, term in enumerate(arrays.vocabulary)}

    def has(self, term: str) -> bool:
        return term in self.term_ids

    def postings(self, term: str) -> np.ndarray:
        """Positions of the documents indexed under ``term`` (empty when none is)."""
        t = self.term_ids.get(term)
        if t is None:
            return np.zeros(0, dtype=np.int32)
        return self.arrays.documents[self.arrays.indptr[t]:self.arrays.indptr[t + 1]]

    def score(self, query: Sequence[tuple[str, float]]) -> tuple[np.ndarray, np.ndarray]:
        """Positions of the documents that match any query term (ascending), and their
        scores. Every posting's weight is positive, so with positive query weights the
        matches are read off the nonzero scores: merging the posting lists instead (a sort)
        takes 100 ms and more for a common root at a million sentences."""
        a = self.arrays
        scores = np.zeros(self.size, dtype=np.float32)
        touched: list[np.ndarray] = []
        for term, weight in query:
            t = self.term_ids.get(term)
            if t is None:
                continue
            start, end = a.indptr[t], a.indptr[t + 1]
            ids = a.documents[start:end]
            scores[ids] += np.float32(weight) * a.weights[start:end]  # ids unique per term
            touched.append(ids)
        if not touched:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
        if all(weight > 0 for _, weight in query):
            # ``> 0`` first: numpy finds the set entries of a boolean array ten times faster
            # than the nonzero entries of a float one (0.03 against 0.3 ms at 120,000)
            candidates = np.flatnonzero(scores > 0).astype(np.int32)
        else:  # a zero weight matches without scoring: merge the lists
            candidates = (np.unique(np.concatenate(touched)) if len(touched) > 1
                          else touched[0])
        return candidates, scores[candidates]

    def coverage(self, query: Sequence[tuple[str, float]], positions: np.ndarray) -> np.ndarray:
        """For each document of ``positions``, the share of the query that it is indexed
        under: each term counts its query weight times its idf, whatever its frequency in
        the document (BM25 rewards repeating one term; this, holding every term)."""
        found = np.zeros(len(positions), dtype=np.float64)
        total = 0.0
        for term, weight in query:
            ids = self.postings(term)  # ascending positions
            if len(ids) == 0:
                continue
            share = weight * idf(self.size, len(ids))
            at = np.minimum(np.searchsorted(ids, positions), len(ids) - 1)
            found += share * (ids[at] == positions)
            total += share
        return found / total if total > 0 else found
