"""The answer ranker: a small network over named features, trained listwise.

For each question the options are its candidates from the top evidence sentences plus one
"no answer here" option (``features.NULL``). A candidate's score is a linear term (the dot
product of its features with learned weights), optionally plus one hidden layer of rectified
units over the same features (``train(hidden_units=…)``; the shipped ranker is linear, see
the README); a softmax over the options gives each a probability. The
same probabilities pick the span (the most probable candidate) and give the confidence (the
probability mass of every candidate with the same answer text); ``ask`` shows the sentence of
the chosen candidate first.

Training maximises the probability of the right options — the candidates a judge would
accept, or "no answer" when none is right or the question has no answer — with Adam and an
L2 penalty (``train``), on questions generated from the corpus (``klareco.training.reader``).
The weights are saved as a ``.pt`` file of plain tensors and lists with its numpy mirror
beside it (``klareco.models.files``); answering loads the mirror, and the model is then a
dictionary lookup and a few numpy products: no torch import.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import mul
from pathlib import Path
from typing import Any

import numpy as np

from klareco.experts.factoid.features import Features
from klareco.models.files import load_mirror, write_mirror

FORMAT = "klareco-answer-ranker/2"
MIN_FEATURE_COUNT = 3  # features seen less often in training get no weight


@dataclass(frozen=True)
class Example:
    """One training question: its options' features (the first is "no answer") and which
    options are right."""

    options: list[Features]
    right: list[int]


@dataclass
class Hidden:
    """The hidden layer: a vector per feature (summed, weighted by the feature's value),
    a bias, and the output weights of the rectified units."""

    vectors: dict[str, np.ndarray]
    bias: np.ndarray
    output: np.ndarray
    _rows: dict[str, int] = field(default_factory=dict, repr=False)
    _matrix: np.ndarray | None = field(default=None, repr=False)

    def units(self, options: Sequence[Features]) -> np.ndarray:
        """The rectified units of every option, one row each, in a few array operations
        (a question has up to a few hundred options)."""
        if self._matrix is None:
            self._rows = {name: k for k, name in enumerate(self.vectors)}
            self._matrix = (np.stack(list(self.vectors.values())) if self.vectors
                            else np.zeros((0, len(self.bias))))
        rows = self._rows
        ids: list[int] = []
        values: list[float] = []
        owners: list[int] = []
        for n, features in enumerate(options):
            for name, value in features.items():
                row = rows.get(name)
                if row is not None:
                    ids.append(row)
                    values.append(value)
                    owners.append(n)
        summed = np.tile(self.bias, (len(options), 1))
        if ids:
            np.add.at(summed, owners, self._matrix[ids] * np.asarray(values)[:, None])
        return np.maximum(summed, 0.0)


@dataclass
class Ranker:
    weights: dict[str, float]  # the linear term
    info: dict[str, Any] = field(default_factory=dict)  # data, split, figures, seed
    hidden: Hidden | None = None

    def score(self, features: Features) -> float:
        """One option's score: the linear term plus the hidden layer's output."""
        return self.scores([features])[0]

    def scores(self, options: Sequence[Features]) -> list[float]:
        """Every option's score (``score`` of each, computed together)."""
        weight = self.weights.get
        # each feature's weight times its value, summed in the features' order (in C: a
        # question has a few dozen options of a few dozen features)
        linear = [sum(map(mul, map(weight, f, repeat(0.0)), f.values())) for f in options]
        if self.hidden is None:
            return linear
        hidden = self.hidden.units(options) @ self.hidden.output
        return [a + float(b) for a, b in zip(linear, hidden, strict=True)]

    def probabilities(self, options: Sequence[Features]) -> list[float]:
        """The softmax of the options' scores."""
        scores = self.scores(options)
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def save(self, path: Path) -> None:
        """Write the ranker to ``path`` (a ``.pt`` file) and its numpy mirror beside it."""
        import torch

        names = sorted(set(self.weights) | set(self.hidden.vectors if self.hidden else ()))
        saved: dict[str, Any] = {
            "format": FORMAT, "features": names,
            "weights": torch.tensor([self.weights.get(n, 0.0) for n in names],
                                    dtype=torch.float64),
            "info": json.dumps(self.info, ensure_ascii=False)}
        if self.hidden is not None:
            size = len(self.hidden.bias)
            zero = np.zeros(size)
            saved["hidden"] = torch.tensor(np.stack(
                [self.hidden.vectors.get(n, zero) for n in names]) if names else
                np.zeros((0, size)))
            saved["hidden_bias"] = torch.tensor(self.hidden.bias)
            saved["output"] = torch.tensor(self.hidden.output)
        path.parent.mkdir(parents=True, exist_ok=True)
        torch.save(saved, path)
        write_mirror(path, saved)

    @classmethod
    def load(cls, path: Path) -> Ranker:
        """The ranker saved at ``path``, read from its numpy mirror."""
        data, _ = load_mirror(path, FORMAT, "python scripts/train_reader.py")
        names = data["features"]
        values = data["weights"].tolist()
        weights = {n: w for n, w in zip(names, values, strict=True) if w != 0.0}
        hidden = None
        if "hidden" in data:
            matrix = data["hidden"].astype(np.float64)
            hidden = Hidden({n: matrix[k] for k, n in enumerate(names) if matrix[k].any()},
                            data["hidden_bias"].astype(np.float64),
                            data["output"].astype(np.float64))
        return cls(weights, json.loads(data["info"]), hidden)


def train(examples: Sequence[Example], seed: int, epochs: int = 30, l2: float = 1e-3,
          learning_rate: float = 0.02, batch_size: int = 256,
          hidden_units: int = 0, hidden_l2: float = 1e-4) -> Ranker:
    """Weights that maximise the summed probability of each example's right options
    (``hidden_units`` 0: the linear term alone)."""
    import torch

    counts = Counter(name for e in examples for option in e.options for name in option)
    names = sorted(n for n, c in counts.items() if c >= MIN_FEATURE_COUNT)
    index = {n: k for k, n in enumerate(names)}
    torch.manual_seed(seed)
    order = list(range(len(examples)))
    rng = random.Random(seed)
    model = _network(len(names), hidden_units)
    optimiser = torch.optim.Adam(model.parameters(), lr=learning_rate)
    batches = [_tensors(examples, order[i:i + batch_size], index)
               for i in range(0, len(order), batch_size)]
    for _ in range(epochs):
        rng.shuffle(batches)
        for batch in batches:
            optimiser.zero_grad()
            loss = _loss(model, *batch) + model.penalty(l2, hidden_l2)
            loss.backward()
            optimiser.step()
    learned = model.linear.weight.detach().squeeze(1).tolist()
    ranker = Ranker({n: w for n, w in zip(names, learned, strict=True) if w != 0.0})
    if hidden_units:
        matrix = model.hidden.weight.detach().double().numpy()
        ranker.hidden = Hidden({n: matrix[k] for k, n in enumerate(names)},
                               model.bias.detach().double().numpy(),
                               model.output.detach().double().numpy())
    return ranker


def _network_class() -> type:
    """The trainable ranker, defined when torch is first needed (answering needs none)."""
    import torch

    class Network(torch.nn.Module):
        def __init__(self, size: int, units: int) -> None:
            super().__init__()
            self.linear = torch.nn.EmbeddingBag(size, 1, mode="sum")
            torch.nn.init.zeros_(self.linear.weight)
            self.units = units
            if units:
                self.hidden = torch.nn.EmbeddingBag(size, units, mode="sum")
                torch.nn.init.normal_(self.hidden.weight, std=0.1)
                self.bias = torch.nn.Parameter(torch.zeros(units))
                self.output = torch.nn.Parameter(torch.full((units,), 0.1))

        def forward(self, ids: Any, values: Any, offsets: Any) -> Any:
            score = self.linear(ids, offsets, per_sample_weights=values).squeeze(1)
            if self.units:
                units = torch.relu(self.hidden(ids, offsets, per_sample_weights=values)
                                   + self.bias)
                score = score + units @ self.output
            return score

        def penalty(self, l2: float, hidden_l2: float) -> Any:
            found = l2 * self.linear.weight.pow(2).sum()
            if self.units:
                found = found + hidden_l2 * (self.hidden.weight.pow(2).sum()
                                             + self.output.pow(2).sum())
            return found

    return Network


def _network(size: int, units: int) -> Any:
    """A new trainable ranker of ``size`` features and ``units`` hidden units."""
    return _network_class()(size, units)


def _tensors(examples: Sequence[Example], chosen: Sequence[int], index: dict[str, int]
             ) -> tuple[Any, ...]:
    """A batch as flat EmbeddingBag input, each option's question, and the right options."""
    import torch

    ids: list[int] = []
    values: list[float] = []
    offsets: list[int] = []
    question: list[int] = []
    right: list[float] = []
    for q, n in enumerate(chosen):
        example = examples[n]
        good = set(example.right) or {0}
        for k, option in enumerate(example.options):
            offsets.append(len(ids))
            for name, value in option.items():
                if name in index:
                    ids.append(index[name])
                    values.append(value)
            question.append(q)
            right.append(1.0 if k in good else 0.0)
    return (torch.tensor(ids, dtype=torch.long), torch.tensor(values, dtype=torch.float32),
            torch.tensor(offsets, dtype=torch.long), torch.tensor(question, dtype=torch.long),
            torch.tensor(right), len(chosen))


def _loss(model: Any, ids: Any, values: Any, offsets: Any, question: Any, right: Any,
          size: int) -> Any:
    """Mean over questions of −log (probability of its right options)."""
    import torch

    scores = model(ids, values, offsets)
    every = _segment_logsumexp(scores, question, size)
    good = _segment_logsumexp(scores.masked_fill(right == 0, -1e9), question, size)
    return (every - good).mean() if size else torch.zeros(())


def _segment_logsumexp(scores: Any, segment: Any, size: int) -> Any:
    import torch

    top = torch.full((size,), -1e9).scatter_reduce(0, segment, scores, "amax")
    shifted = (scores - top[segment]).exp()
    total = torch.zeros(size).index_add(0, segment, shifted)
    return top + total.log()


def probability_of_right(ranker: Ranker, examples: Sequence[Example]) -> dict[str, float]:
    """Figures on examples not trained on: how often the top option is right, the mean log
    probability of the right options."""
    hits = 0
    log_likelihood = 0.0
    for example in examples:
        probabilities = ranker.probabilities(example.options)
        good = set(example.right) or {0}
        best = max(range(len(probabilities)), key=probabilities.__getitem__)
        hits += best in good
        log_likelihood += math.log(max(sum(probabilities[k] for k in good), 1e-12))
    n = max(len(examples), 1)
    return {"top_option_right": round(hits / n, 4),
            "mean_log_likelihood": round(log_likelihood / n, 4)}
