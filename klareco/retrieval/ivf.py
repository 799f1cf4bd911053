"""An inverted-file (IVF) index for the dense search of large corpora.

The exact flat index costs time in proportion to the corpus: one question took 1.95, 4.05,
8.9, 18.8, 36.4 and 69.2 ms at 30 k, 60 k, 120 k, 250 k, 500 k and 1 M sentences on this
machine's busy core (README, "Scale"). Past ``IVF_MIN_SENTENCES`` it spends more than the dense
search's budget of 20 ms, so the build adds an IVF-Flat index beside the flat one: the vectors
are clustered into ``nlist`` cells and a question searches only the ``nprobe`` cells nearest to
it. ``nprobe`` is the smallest that reaches ``TARGET_RECALL`` of the exact search's top 100 on
held-out generated questions (ties counted: ``recall_at``). IVF-PQ was measured too and lost
recall that no ``nprobe`` wins back (``scripts/benchmarks/bench_scale.py``).

The flat index stays: stage 2 reads candidates' vectors by corpus position from it (mapped
from its file, so only the rows read are paged in).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import faiss
import numpy as np

IVF_MIN_SENTENCES = 250_000  # 18.8 ms measured at 250,000: the 20 ms budget
TARGET_RECALL = 0.98  # of the exact search's top RECALL_DEPTH
RECALL_DEPTH = 100
NPROBES = (1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256)
# How nprobe is chosen, recorded with the index: an index chosen by another rule is remade.
IVF_RULE = "recall@100 with ties, v2"
TRAIN_PER_CELL = 64  # k-means training vectors per cell (faiss warns below 39)
SEED = 1234


@dataclass(frozen=True)
class IvfChoice:
    """The IVF index a build made and how it was chosen."""

    index: faiss.IndexIVFFlat
    nlist: int
    nprobe: int
    recall: float  # mean recall@RECALL_DEPTH of the exact search at ``nprobe``
    questions: int


def cells_for(count: int) -> int:
    """The number of cells: √N, which balances scanning the centroids against scanning the
    cells, and keeps k-means training (``TRAIN_PER_CELL`` vectors per cell) to seconds on a
    core at a million sentences."""
    return max(1, min(count // TRAIN_PER_CELL, int(math.sqrt(count))))


def recall_at(found: np.ndarray, exact_scores: np.ndarray, vectors: np.ndarray,
              questions: np.ndarray) -> float:
    """Mean share of each question's exact top k that ``found`` (ids, one row a question)
    reaches, ties counted: a found sentence whose true score is at least the exact k-th
    score is one of an exact top k (a corpus with repeated sentences has many equal scores,
    and which of them the exact search lists is arbitrary)."""
    shares = []
    for ids, exact, question in zip(found, exact_scores, questions, strict=True):
        ids = ids[ids >= 0]
        depth = len(exact)
        true = vectors[np.sort(ids)] @ question if len(ids) else np.zeros(0, np.float32)
        shares.append(min(depth, int((true >= exact[depth - 1] - 1e-5).sum())) / depth)
    return float(np.mean(shares)) if shares else 1.0


def flat_vectors(flat: faiss.IndexFlat) -> np.ndarray:
    """A view (no copy) of the rows a flat index holds."""
    return faiss.rev_swig_ptr(flat.get_xb(), flat.ntotal * flat.d).reshape(flat.ntotal, flat.d)


def build_ivf(flat: faiss.IndexFlat, questions: np.ndarray,
              target: float = TARGET_RECALL) -> IvfChoice:
    """An IVF-Flat index of the vectors of ``flat`` (unit rows, inner product), with the
    smallest ``nprobe`` whose recall@100 of ``flat``'s exact search on ``questions`` reaches
    ``target``."""
    vectors = flat_vectors(flat)
    count, dim = vectors.shape
    nlist = cells_for(count)
    quantizer = faiss.IndexFlatIP(dim)
    index = faiss.IndexIVFFlat(quantizer, dim, nlist, faiss.METRIC_INNER_PRODUCT)
    rng = np.random.default_rng(SEED)
    sample = min(count, nlist * TRAIN_PER_CELL)
    index.cp.seed = SEED
    index.train(np.ascontiguousarray(vectors[np.sort(rng.choice(count, sample, replace=False))]))
    index.add(vectors)
    depth = min(RECALL_DEPTH, count)
    exact, _ = flat.search(questions, depth)
    nprobe, recall = nlist, 1.0
    for candidate in (*(p for p in NPROBES if p < nlist), nlist):
        index.nprobe = candidate
        _, found = index.search(questions, depth)
        recall = recall_at(found, exact, vectors, questions)
        if recall >= target:
            nprobe = candidate
            break
    index.nprobe = nprobe
    return IvfChoice(index, nlist, nprobe, recall, len(questions))
