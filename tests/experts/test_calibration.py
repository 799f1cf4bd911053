"""The logistic confidence model: fitting, probabilities, files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from klareco.errors import KlarecoError
from klareco.experts.calibration import Calibrator, auc, fit, log_loss


def test_fit_learns_which_way_a_feature_points() -> None:
    rows = [{"good": g / 10, "noise": (g * 7) % 3} for g in range(11)] * 4
    labels = [int(r["good"] > 0.45) for r in rows[:11]] * 4
    model = fit(rows, labels, ("good", "noise"), l2=0.1)
    assert model.weights[0] > 0
    assert model.probability({"good": 1.0, "noise": 1}) > 0.9
    assert model.probability({"good": 0.0, "noise": 1}) < 0.1


def test_fit_needs_both_labels() -> None:
    with pytest.raises(ValueError):
        fit([{"a": 1.0}, {"a": 2.0}], [1, 1], ("a",))


def test_missing_features_count_as_zero() -> None:
    model = Calibrator(("a", "b"), (1.0, 2.0), -1.0)
    assert model.probability({"a": 1.0}) == pytest.approx(0.5)


def test_save_and_load_keep_the_model(tmp_path: Path) -> None:
    model = Calibrator(("a", "b"), (0.5, -1.5), 0.25, {"seed": 7})
    model.save(tmp_path / "m.json")
    assert Calibrator.load(tmp_path / "m.json") == model


def test_a_missing_or_foreign_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(KlarecoError, match="fit_confidence"):
        Calibrator.load(tmp_path / "none.json")
    (tmp_path / "other.json").write_text('{"format": "x"}', encoding="utf-8")
    with pytest.raises(KlarecoError, match="not a"):
        Calibrator.load(tmp_path / "other.json")


def test_auc_and_log_loss() -> None:
    assert auc([0.9, 0.8, 0.1], [1, 1, 0]) == 1.0
    assert auc([0.1, 0.9], [1, 0]) == 0.0
    assert auc([0.5, 0.5], [1, 0]) == 0.5
    assert log_loss([0.5, 0.5], [1, 0]) == pytest.approx(0.6931, abs=1e-4)


def test_the_shipped_model_reads_the_factoid_features() -> None:
    from klareco.experts.factoid import CALIBRATOR_PATH, FEATURES

    model = Calibrator.load(CALIBRATOR_PATH)
    assert set(model.features) == set(FEATURES)
    assert model.info.get("held_out_auc", 0) > 0.5


def test_a_monotone_fit_keeps_every_weight_at_or_above_zero() -> None:
    # "b" copies "a" and "c" is "a" minus "b" plus noise: a free fit may trade them
    # against each other with a negative weight; a monotone one must not
    rng = np.random.default_rng(3)
    a = rng.random(400)
    noise = rng.random(400) * 0.1
    rows = [{"a": float(x), "b": float(x + n), "c": float(n)} for x, n in zip(a, noise,
                                                                               strict=True)]
    labels = [int(x + rng.normal(0, 0.2) > 0.5) for x in a]
    free = fit(rows, labels, ("a", "b", "c"), l2=0.01)
    monotone = fit(rows, labels, ("a", "b", "c"), l2=0.01, monotone=True)
    assert min(free.weights) < 0
    assert min(monotone.weights) >= 0
    assert monotone.probability({"a": 0.9, "b": 0.9}) > monotone.probability({"a": 0.1, "b": 0.1})
