"""The answer ranker: listwise training on small made-up option lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.errors import KlarecoError
from klareco.experts.factoid.model import Example, Ranker, probability_of_right, train


def toy(n: int) -> list[Example]:
    """Questions whose right option is the one with feature "good"; every third has none
    (its right option is "no answer", 0), recognisable by "empty" on it."""
    examples = []
    for k in range(n):
        if k % 3 == 0:
            examples.append(Example([{"null": 1.0, "empty": 1.0}, {"bad": 1.0}], []))
        else:
            examples.append(Example([{"null": 1.0}, {"bad": 1.0}, {"good": 1.0}], [2]))
    return examples


def test_training_learns_which_option_is_right() -> None:
    ranker = train(toy(300), seed=1, epochs=20)
    assert ranker.weights["good"] > ranker.weights["bad"]
    assert ranker.weights["empty"] > 0  # no answer where nothing fits
    held = probability_of_right(ranker, toy(30))
    assert held["top_option_right"] == 1.0


def test_training_is_reproducible_from_a_seed() -> None:
    assert train(toy(90), seed=3, epochs=5).weights == train(toy(90), seed=3, epochs=5).weights


def test_probabilities_sum_to_one() -> None:
    ranker = Ranker({"a": 1.0, "b": -1.0})
    probabilities = ranker.probabilities([{"a": 1.0}, {"b": 1.0}, {}])
    assert abs(sum(probabilities) - 1.0) < 1e-9
    assert probabilities[0] > probabilities[2] > probabilities[1]


def test_a_saved_ranker_loads_with_weights_only(tmp_path: Path) -> None:
    ranker = Ranker({"a": 0.5, "b": -2.0}, {"seed": 1})
    ranker.save(tmp_path / "r.pt")
    loaded = Ranker.load(tmp_path / "r.pt")
    assert loaded.weights == ranker.weights and loaded.info == {"seed": 1}


def test_a_missing_or_damaged_ranker_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(KlarecoError, match="train_reader"):
        Ranker.load(tmp_path / "none.pt")
    (tmp_path / "bad.pt").write_bytes(b"not a model")
    with pytest.raises(KlarecoError, match="damaged"):
        Ranker.load(tmp_path / "bad.pt")
