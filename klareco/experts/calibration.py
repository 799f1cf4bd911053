"""Confidence from features: a logistic model of "this answer is right".

An expert describes its best answer by a few numbers (how well the phrase fits the role
asked, how much of the question its sentence matches, whether the question's names are there,
how far ahead of the runner-up it is, …). A :class:`Calibrator` turns them into a probability
with weights fitted on questions generated from the corpus, whose answers are known
(``klareco.experts.fitting``, ``scripts/fit_confidence.py``), so no gold item is used to fit
them; the dev set only chooses the engine's abstention threshold.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from klareco.errors import KlarecoError

FORMAT = "klareco-calibrator/1"


@dataclass(frozen=True)
class Calibrator:
    """Weights of a logistic model over named features; a missing feature counts as 0."""

    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    info: dict[str, Any] = field(default_factory=dict)  # provenance and held-out figures

    def __post_init__(self) -> None:
        if len(self.features) != len(self.weights):
            raise ValueError("a calibrator needs one weight per feature")

    def probability(self, values: Mapping[str, float]) -> float:
        z = self.bias + sum(w * float(values.get(name, 0.0))
                            for name, w in zip(self.features, self.weights, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "bias": self.bias,
                "weights": dict(zip(self.features, self.weights, strict=True)),
                "info": self.info}

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Calibrator:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise KlarecoError(f"no confidence model at {path}: run "
                               "`python scripts/fit_confidence.py`") from None
        except json.JSONDecodeError as error:
            raise KlarecoError(f"the confidence model {path} is damaged ({error})") from None
        if data.get("format") != FORMAT:
            raise KlarecoError(f"{path} is not a {FORMAT} confidence model")
        weights = data["weights"]
        return cls(tuple(weights), tuple(float(w) for w in weights.values()),
                   float(data["bias"]), data.get("info", {}))


def fit(rows: Sequence[Mapping[str, float]], labels: Sequence[int],
        features: Sequence[str], l2: float = 1.0, steps: int = 50,
        monotone: bool = False) -> Calibrator:
    """Maximum-likelihood logistic weights with an L2 penalty (not on the bias), by Newton's
    method; features are used as given (they are all of order 1).

    ``monotone``: no weight below zero — more of any feature never lowers the confidence.
    Correlated features otherwise trade weights (a negative weight on one offsetting
    another), which holds on the data fitted and turns absurd on other questions. A feature
    whose weight comes out negative is left out and the rest refitted, until none is.
    """
    x = np.array([[float(r.get(name, 0.0)) for name in features] for r in rows])
    y = np.asarray(labels, dtype=float)
    if x.shape[0] == 0 or len(set(labels)) < 2:
        raise ValueError("fitting a calibrator needs examples of both labels")
    kept = list(range(len(features)))
    while True:
        w = _newton(x[:, kept], y, l2, steps)
        negative = [k for k, v in zip(kept, w[:-1], strict=True) if v < 0]
        if not monotone or not negative:
            break
        kept.remove(min(negative, key=lambda k: w[kept.index(k)]))
    weights = dict(zip(kept, w[:-1], strict=True))
    return Calibrator(tuple(features), tuple(float(weights.get(k, 0.0))
                                             for k in range(len(features))), float(w[-1]))


def _newton(x: np.ndarray, y: np.ndarray, l2: float, steps: int) -> np.ndarray:
    """Logistic weights (the bias last) for ``x`` by Newton's method."""
    x = np.hstack([x, np.ones((x.shape[0], 1))])
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def auc(scores: Sequence[float], labels: Sequence[int]) -> float:
    """Area under the ROC curve: the chance a right answer outscores a wrong one (ties ½),
    from the rank-sum (Mann-Whitney) form."""
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=bool)
    positives, negatives = int(y.sum()), int((~y).sum())
    if not positives or not negatives:
        return float("nan")
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    ranks[order] = np.arange(1, len(s) + 1)
    for value in np.unique(s):  # ties share their mean rank
        tied = s == value
        ranks[tied] = ranks[tied].mean()
    return float((ranks[y].sum() - positives * (positives + 1) / 2) / (positives * negatives))


def log_loss(probabilities: Sequence[float], labels: Sequence[int]) -> float:
    p = np.clip(np.asarray(probabilities, dtype=float), 1e-9, 1 - 1e-9)
    y = np.asarray(labels, dtype=float)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
