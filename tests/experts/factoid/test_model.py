"""The answer ranker: listwise training on small made-up option lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.errors import KlarecoError
from klareco.experts.factoid.model import Example, Ranker, probability_of_right, train
from klareco.models.files import mirror_path


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
    Ranker({"a": 1.0}).save(tmp_path / "bad.pt")
    mirror_path(tmp_path / "bad.pt").write_bytes(b"not a model")
    with pytest.raises(KlarecoError, match=r"\S*bad\.npz is damaged"):
        Ranker.load(tmp_path / "bad.pt")


def xor_toy(n: int) -> list[Example]:
    """Options with neither, one or both of two features; those with exactly one are right.
    A linear score gives the right pair at most half the probability (whatever it gives "a"
    alone and "b" alone, it gives "a and b" the sum); a hidden layer can give it all."""
    return [Example([{}, {"a": 1.0}, {"b": 1.0}, {"a": 1.0, "b": 1.0}], [1, 2])
            for _ in range(n)]


def test_a_hidden_layer_learns_what_features_mean_together(tmp_path: Path) -> None:
    linear = train(xor_toy(200), seed=2, epochs=40, hidden_units=0)
    network = train(xor_toy(200), seed=2, epochs=40, hidden_units=8)
    assert probability_of_right(linear, xor_toy(5))["mean_log_likelihood"] < -0.6
    assert probability_of_right(network, xor_toy(5))["mean_log_likelihood"] > -0.2
    network.save(tmp_path / "n.pt")
    loaded = Ranker.load(tmp_path / "n.pt")
    options = xor_toy(1)[0].options
    assert loaded.probabilities(options) == pytest.approx(network.probabilities(options))
