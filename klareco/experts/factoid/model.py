"""The answer ranker: one linear model over named features, trained listwise.

For each question the options are its candidates from the top evidence sentences plus one
"no answer here" option (``features.NULL``). A candidate's score is the dot product of its
features with the learned weights; a softmax over the options gives each a probability. The
same probabilities pick the span (the most probable candidate) and give the confidence (the
probability mass of every candidate with the same answer text); ``ask`` shows the sentence of
the chosen candidate first.

Training maximises the probability of the right options — the candidates a judge would
accept, or "no answer" when none is right or the question has no answer — with Adam and an
L2 penalty (``train``), on questions generated from the corpus (``klareco.training.reader``).
The weights are saved as a ``.pt`` file of plain tensors and lists, loaded with
``weights_only=True``; at answer time the model is a dictionary lookup, no torch call.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from klareco.experts.factoid.features import Features
from klareco.models.files import load_model_file

FORMAT = "klareco-answer-ranker/1"
MIN_FEATURE_COUNT = 3  # features seen less often in training get no weight


@dataclass(frozen=True)
class Example:
    """One training question: its options' features (the first is "no answer") and which
    options are right."""

    options: list[Features]
    right: list[int]


@dataclass
class Ranker:
    weights: dict[str, float]
    info: dict[str, Any] = field(default_factory=dict)  # data, split, figures, seed

    def score(self, features: Features) -> float:
        weights = self.weights
        return sum(weights.get(name, 0.0) * value for name, value in features.items())

    def probabilities(self, options: Sequence[Features]) -> list[float]:
        """The softmax of the options' scores."""
        scores = [self.score(f) for f in options]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def save(self, path: Path) -> None:
        import torch

        names = sorted(self.weights)
        path.parent.mkdir(parents=True, exist_ok=True)
        torch.save({"format": FORMAT, "features": names,
                    "weights": torch.tensor([self.weights[n] for n in names],
                                            dtype=torch.float64),
                    "info": json.dumps(self.info, ensure_ascii=False)}, path)

    @classmethod
    def load(cls, path: Path) -> Ranker:
        data = load_model_file(path, FORMAT, "python scripts/train_reader.py")
        values = data["weights"].tolist()
        return cls(dict(zip(data["features"], values, strict=True)), json.loads(data["info"]))


def train(examples: Sequence[Example], seed: int, epochs: int = 30, l2: float = 1e-3,
          learning_rate: float = 0.05, batch_size: int = 256) -> Ranker:
    """Weights that maximise the summed probability of each example's right options."""
    import torch

    counts = Counter(name for e in examples for option in e.options for name in option)
    names = sorted(n for n, c in counts.items() if c >= MIN_FEATURE_COUNT)
    index = {n: k for k, n in enumerate(names)}
    torch.manual_seed(seed)
    order = list(range(len(examples)))
    rng = random.Random(seed)
    bag = torch.nn.EmbeddingBag(len(names), 1, mode="sum")
    torch.nn.init.zeros_(bag.weight)
    optimiser = torch.optim.Adam(bag.parameters(), lr=learning_rate)
    batches = [_tensors(examples, order[i:i + batch_size], index)
               for i in range(0, len(order), batch_size)]
    for _ in range(epochs):
        rng.shuffle(batches)
        for batch in batches:
            optimiser.zero_grad()
            loss = _loss(bag, *batch) + l2 * bag.weight.pow(2).sum()
            loss.backward()
            optimiser.step()
    learned = bag.weight.detach().squeeze(1).tolist()
    return Ranker({n: w for n, w in zip(names, learned, strict=True) if w != 0.0})


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


def _loss(bag: Any, ids: Any, values: Any, offsets: Any, question: Any, right: Any,
          size: int) -> Any:
    """Mean over questions of −log (probability of its right options)."""
    import torch

    scores = bag(ids, offsets, per_sample_weights=values).squeeze(1)
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
