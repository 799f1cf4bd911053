"""Root vectors from the corpus itself: which roots share sentences with which.

Two roots that keep the same company get near vectors, whatever the lexicon says of them: on
the default corpus ``manĝi`` lands beside ``pano``, ``vino``, ``viando`` and ``trinki``,
related words rather than words that say the same thing. The counts come
from the stored encoder trees (``klareco.models.treebank``): each sentence gives the set of
lexicon roots of its words, and every pair of them co-occurs once. The counts are weighed by
positive pointwise mutual information (context counts smoothed by the power 0.75, so that rare
contexts do not dominate) and reduced to ``dim`` dimensions by a randomised truncated SVD
(numpy only): a root's vector is its row of U·√S.

The encoder can start from these vectors (``klareco train --root-init cooccurrence``) instead
of random ones: the training questions then begin with a notion of which roots are alike.
"""

from __future__ import annotations

import numpy as np

from klareco.models.treebank import TreeBank

MIN_COUNT = 5  # sentences a root must occur in to get a vector
CONTEXT_POWER = 0.75
OVERSAMPLE = 16  # extra columns of the randomised SVD's range finder
POWER_ITERATIONS = 3


def sentence_roots(bank: TreeBank, root_count: int) -> list[np.ndarray]:
    """Each sentence's distinct lexicon roots (morpheme ids 1..``root_count``), head roots of
    its words and the other roots of its compounds."""
    ids = bank.morphemes.astype(np.int64)
    is_root = (ids >= 1) & (ids <= root_count)
    found = []
    for p in range(len(bank)):
        start, end = bank.offsets[p], bank.offsets[p + 1]
        found.append(np.unique(ids[start:end][is_root[start:end]]))
    return found


def cooccurrence_vectors(bank: TreeBank, root_count: int, dim: int, seed: int = 0
                         ) -> tuple[np.ndarray, np.ndarray]:
    """The morpheme ids of the roots seen in at least ``MIN_COUNT`` sentences, and their
    ``dim``-dimensional vectors (one row each, float32)."""
    per_sentence = sentence_roots(bank, root_count)
    frequency = np.zeros(root_count + 1, dtype=np.int64)
    for roots in per_sentence:
        frequency[roots] += 1
    kept = np.flatnonzero(frequency >= MIN_COUNT)
    row = np.full(root_count + 1, -1, dtype=np.int64)
    row[kept] = np.arange(len(kept))
    size = len(kept)
    pairs = []
    for roots in per_sentence:
        rows = row[roots]
        rows = rows[rows >= 0]
        if len(rows) > 1:
            pairs.append((rows[:, None] * size + rows[None, :]).ravel())
    if not pairs:  # a corpus too small to say which roots go together
        return kept, np.zeros((size, dim), dtype=np.float32)
    counts = np.bincount(np.concatenate(pairs), minlength=size * size).reshape(size, size)
    np.fill_diagonal(counts, 0)
    return kept, _reduce(_ppmi(counts.astype(np.float64)), dim, seed)


def _ppmi(counts: np.ndarray) -> np.ndarray:
    """Positive pointwise mutual information of a symmetric count matrix, the context
    distribution smoothed by ``CONTEXT_POWER``."""
    total = counts.sum()
    words = counts.sum(1) / total
    contexts = counts.sum(0) ** CONTEXT_POWER
    contexts /= contexts.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi = np.log(counts / total) - np.log(words)[:, None] - np.log(contexts)[None, :]
    return np.maximum(np.nan_to_num(pmi, neginf=0.0, posinf=0.0), 0.0)


def _reduce(matrix: np.ndarray, dim: int, seed: int) -> np.ndarray:
    """Rows of U·√S of ``matrix``'s rank-``dim`` truncated SVD, by a randomised range finder
    with power iterations (Halko, Martinsson and Tropp's scheme)."""
    rng = np.random.default_rng(seed)
    width = min(dim + OVERSAMPLE, min(matrix.shape))
    basis, _ = np.linalg.qr(matrix @ rng.standard_normal((matrix.shape[1], width)))
    for _ in range(POWER_ITERATIONS):
        basis, _ = np.linalg.qr(matrix.T @ basis)
        basis, _ = np.linalg.qr(matrix @ basis)
    small = basis.T @ matrix
    u, s, _ = np.linalg.svd(small, full_matrices=False)
    k = min(dim, len(s))
    vectors = np.zeros((matrix.shape[0], dim))
    vectors[:, :k] = (basis @ u[:, :k]) * np.sqrt(s[:k])
    return vectors.astype(np.float32)


def cosines(vectors: np.ndarray, row: int) -> np.ndarray:
    """Every row's cosine with row ``row`` (its own set to -inf, so it is never its own
    neighbour)."""
    norms = np.linalg.norm(vectors, axis=1) + 1e-9
    similarity = vectors @ vectors[row] / (norms * norms[row])
    similarity[row] = -np.inf
    return similarity


def nearest(vectors: np.ndarray, row: int, count: int) -> np.ndarray:
    """The rows whose vectors are nearest to row ``row``'s by cosine, best first (not itself)."""
    return np.argsort(-cosines(vectors, row))[:count]
