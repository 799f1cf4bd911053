"""How stage 2 combines the stage-1 (BM25) score with the Tree-LSTM cosine.

Two documented rules, both over the stage-1 candidate list only:

* ``weighted``: ``final = α · norm(bm25) + (1 − α) · norm(cosine)``, each score normalised
  over the candidates so that the two scales meet: ``z`` (standard score: minus the mean,
  over the standard deviation) or ``minmax`` (onto [0, 1]). On the dev set z-scores did better
  than min-max: min-max stretches a narrow spread of cosines into the full range, z-scores
  weigh each list by how far a candidate stands out of it. α may grow with the question's
  keywords (``per_keyword``): each keyword is one more piece of evidence BM25 weighs, so a
  long question's BM25 ranking deserves more trust than a two-word one's, whose candidates
  all match the same few terms and differ mostly in what the encoder sees.
* ``rrf`` (reciprocal-rank fusion): ``final = 1 / (K + rank_bm25) + 1 / (K + rank_cosine)``;
  only the two orders matter, not the scores' scales.

In the weighted rule, a candidate that holds an answer of the kind the question asks for
(``klareco.retrieval.kinds``: a number for "Kiom …?", a time for "Kiam …?") gets
``kind_bonus`` on top, and every candidate ``coverage`` times the share of the question's
keywords it holds, each weighed by its idf (``BM25Index.coverage``): the encoder's cosine
knows words only as vectors, and may raise a sentence that lacks the question's rarest word
(its name) over one that holds them all.

Ties are broken by sentence id ascending (``id_rank``), so the order is deterministic.
``knee_cut`` optionally drops the tail after the sharpest bend of the sorted final scores.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

RRF_K = 60
ALPHA_FLOOR, ALPHA_CEILING = 0.05, 0.9  # the bounds of a keyword-scaled α
# Added to the weighted rule's score (in standard scores) of a candidate holding an answer of
# the asked kind: 1, the best of 0.5, 1 and 1.5 on questions generated from the tuning
# documents.
KIND_BONUS = 1.0
# Weight of the idf-weighted share of the question's keywords a candidate holds, in standard
# scores (the encoder's cosine may otherwise raise a sentence that lacks the question's
# rarest word): 3, the best of 0, 0.5, 1, 2, 3 and 4 on questions generated from the tuning
# documents. Both were off from stops 53 and 57 to 60: they lift retrieval everywhere, but
# the answer ranker then answered more of the dev set's unanswerable questions. Questions
# written as people ask them over the tuning documents (questions/written-tuning.jsonl,
# stop 61) show no such cost (MRR@10 0.6405 → 0.6548, right answers and abstentions 110 →
# 111 with both on), nor do the held-out ones (docs/measurements.md, stop 61).
COVERAGE = 3.0


@dataclass(frozen=True)
class Fusion:
    """A fusion rule and its parameters (``alpha`` and ``normalise`` for weighted; ``k`` for
    rrf)."""

    method: str = "weighted"
    alpha: float = 0.5
    normalise: str = "z"
    k: int = RRF_K
    per_keyword: float = 0.0  # added to α for each keyword of the question
    kind_bonus: float = KIND_BONUS  # for a candidate holding an answer of the asked kind
    coverage: float = COVERAGE  # times the share of the question's keywords a candidate holds

    def __post_init__(self) -> None:
        if self.method not in ("weighted", "rrf"):
            raise ValueError(f"unknown fusion method {self.method!r} (weighted or rrf)")
        if self.normalise not in _NORMALISERS:
            raise ValueError(f"unknown normalisation {self.normalise!r} (z or minmax)")

    def weight(self, keywords: int) -> float:
        """α for a question with ``keywords`` keywords, kept within [ALPHA_FLOOR,
        ALPHA_CEILING] so that neither side is ever ignored."""
        if not self.per_keyword:
            return self.alpha
        return min(ALPHA_CEILING, max(ALPHA_FLOOR, self.alpha + self.per_keyword * keywords))

    def scores(self, lexical: np.ndarray, cosine: np.ndarray, keywords: int = 0,
               fits: np.ndarray | None = None, covered: np.ndarray | None = None
               ) -> np.ndarray:
        """Final scores of candidates from their stage-1 scores and cosines; ``keywords``:
        how many keywords the question has (``per_keyword``); ``fits``: whether each holds
        an answer of the asked kind (None: the question asks for no kind in particular);
        ``covered``: the share of the question each holds (None: not weighed)."""
        if self.method == "weighted":
            norm = _NORMALISERS[self.normalise]
            alpha = self.weight(keywords)
            final = alpha * norm(lexical) + (1.0 - alpha) * norm(cosine)
            if fits is not None:
                final = final + self.kind_bonus * fits
            return final if covered is None else final + self.coverage * covered
        return 1.0 / (self.k + _ranks(lexical)) + 1.0 / (self.k + _ranks(cosine))

    def to_dict(self) -> dict[str, object]:
        if self.method == "weighted":
            found: dict[str, object] = {"method": self.method, "alpha": self.alpha,
                                        "normalise": self.normalise}
            if self.per_keyword:
                found["per_keyword"] = self.per_keyword
            if self.kind_bonus != KIND_BONUS:
                found["kind_bonus"] = self.kind_bonus
            if self.coverage != COVERAGE:
                found["coverage"] = self.coverage
            return found
        return {"method": self.method, "k": self.k}


def _zscore(values: np.ndarray) -> np.ndarray:
    values = values.astype(np.float64)
    spread = values.std() if len(values) else 0.0
    return (values - values.mean()) / spread if spread > 0 else np.zeros_like(values)


def _minmax(values: np.ndarray) -> np.ndarray:
    values = values.astype(np.float64)
    spread = values.max() - values.min() if len(values) else 0.0
    return (values - values.min()) / spread if spread > 0 else np.ones_like(values)


_NORMALISERS = {"z": _zscore, "minmax": _minmax}


def _ranks(values: np.ndarray) -> np.ndarray:
    """1-based ranks by value descending (equal values share the better rank's order)."""
    order = np.argsort(-values, kind="stable")
    ranks = np.empty(len(values), dtype=np.float64)
    ranks[order] = np.arange(1, len(values) + 1)
    return ranks


def fuse(lexical: np.ndarray, cosine: np.ndarray, id_rank: np.ndarray,
         fusion: Fusion, keywords: int = 0, fits: np.ndarray | None = None,
         covered: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Order of the candidates after fusion (indices into the inputs) and their final scores:
    final score descending, then sentence id ascending; ``keywords``: the question's;
    ``fits``: which candidates hold an answer of the asked kind; ``covered``: the share of
    the question each holds (``Fusion.scores``)."""
    final = fusion.scores(lexical, cosine, keywords, fits, covered)
    order = np.lexsort((id_rank, -final))
    return order, final[order]


def knee_cut(sorted_scores: np.ndarray, minimum: int = 1) -> int:
    """How many of the descending ``sorted_scores`` to keep: those before the knee, the point
    farthest below the straight line from the first score to the last, where the flat tail
    starts (at least ``minimum``)."""
    n = len(sorted_scores)
    if n <= 2:
        return n
    first, last = float(sorted_scores[0]), float(sorted_scores[-1])
    if first == last:
        return n
    line = first + (last - first) * np.arange(n) / (n - 1)
    knee = int(np.argmax(line - sorted_scores))  # farthest below the chord
    return max(minimum, knee) if knee > 0 else n
