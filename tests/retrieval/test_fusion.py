"""Fusing the BM25 score with the Tree-LSTM cosine."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from klareco.retrieval.fusion import COVERAGE, KIND_BONUS, Fusion, fuse, knee_cut


def test_weighted_fusion_mixes_normalised_scores() -> None:
    lexical = np.array([10.0, 5.0, 0.0])
    cosine = np.array([0.1, 0.9, 0.5])
    minmax = {"normalise": "minmax"}
    assert np.allclose(Fusion("weighted", alpha=1.0, **minmax).scores(lexical, cosine),
                       [1.0, 0.5, 0.0])
    assert np.allclose(Fusion("weighted", alpha=0.0, **minmax).scores(lexical, cosine),
                       [0.0, 1.0, 0.5])
    order, final = fuse(lexical, cosine, np.array([0, 1, 2]), Fusion("weighted", 0.5, **minmax))
    assert order.tolist() == [1, 0, 2] and final[0] == pytest.approx(0.75)


def test_coverage_lifts_the_candidate_that_holds_the_whole_question() -> None:
    lexical = np.array([5.0, 5.2, 1.0])
    cosine = np.array([0.5, 0.9, 0.4])  # the encoder prefers the second
    covered = np.array([1.0, 0.4, 1.0])  # which lacks most of the question
    rule = Fusion("weighted", alpha=0.5, coverage=0.0)
    assert fuse(lexical, cosine, np.arange(3), rule)[0][0] == 1
    order, final = fuse(lexical, cosine, np.arange(3), replace(rule, coverage=3.0),
                        covered=covered)
    assert order[0] == 0
    assert final[0] == pytest.approx(rule.scores(lexical, cosine)[0] + 3.0)
    # a model's rule records a weight other than the default, as it records the kind bonus
    assert "coverage" not in Fusion(coverage=COVERAGE).to_dict()
    assert Fusion(coverage=COVERAGE + 1).to_dict()["coverage"] == COVERAGE + 1


def test_rrf_uses_only_the_two_orders() -> None:
    lexical = np.array([3.0, 2.0, 1.0])
    cosine = np.array([0.2, 0.3, 0.1])
    expected = [1 / 61 + 1 / 62, 1 / 62 + 1 / 61, 1 / 63 + 1 / 63]
    assert np.allclose(Fusion("rrf", k=60).scores(lexical, cosine), expected)
    scaled = Fusion("rrf", k=60).scores(lexical * 100, cosine * 3)
    assert np.allclose(scaled, expected)


def test_ties_go_to_the_smaller_sentence_id() -> None:
    lexical = np.array([1.0, 1.0, 1.0])
    cosine = np.array([0.5, 0.5, 0.5])
    order, _ = fuse(lexical, cosine, np.array([2, 0, 1]), Fusion("weighted"))
    assert order.tolist() == [1, 2, 0]


def test_single_candidate_and_constant_scores_do_not_divide_by_zero() -> None:
    final = Fusion("weighted").scores(np.array([2.0]), np.array([0.3]))
    assert np.isfinite(final).all()


def test_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown fusion"):
        Fusion("max")


def test_knee_cut_keeps_the_head_before_the_bend() -> None:
    scores = np.array([1.0, 0.95, 0.9, 0.2, 0.18, 0.17, 0.16, 0.15])
    assert knee_cut(scores) == 3
    assert knee_cut(np.array([0.5, 0.5, 0.5])) == 3
    assert knee_cut(np.array([0.9])) == 1


def test_z_scores_centre_and_scale_each_list() -> None:
    lexical = np.array([3.0, 1.0, 2.0])
    cosine = np.array([0.2, 0.1, 0.3])
    final = Fusion("weighted", alpha=1.0, normalise="z").scores(lexical, cosine)
    assert final.mean() == pytest.approx(0.0) and final.std() == pytest.approx(1.0)
    assert Fusion("weighted", normalise="z").scores(np.ones(3), np.ones(3)).tolist() == [0, 0, 0]


def test_a_keyword_scaled_weight_trusts_bm25_more_for_longer_questions() -> None:
    rule = Fusion("weighted", alpha=0.0, normalise="minmax", per_keyword=0.1)
    assert rule.weight(2) == pytest.approx(0.2) and rule.weight(6) == pytest.approx(0.6)
    # bounded: neither side is ever ignored
    assert rule.weight(0) == pytest.approx(0.05) and rule.weight(30) == pytest.approx(0.9)
    lexical = np.array([1.0, 0.0])
    cosine = np.array([0.0, 1.0])
    ids = np.array([0, 1])
    assert fuse(lexical, cosine, ids, rule, keywords=2)[0].tolist() == [1, 0]
    assert fuse(lexical, cosine, ids, rule, keywords=8)[0].tolist() == [0, 1]
    # stored only when used, so the rules of models trained before it read as they were
    assert "per_keyword" in rule.to_dict()
    assert Fusion(**Fusion("weighted", 0.3).to_dict()) == Fusion("weighted", 0.3)
    assert Fusion("weighted", 0.3).weight(9) == 0.3


def test_a_candidate_of_the_asked_kind_gets_the_bonus() -> None:
    lexical = np.array([3.0, 2.0, 1.0])
    cosine = np.array([0.6, 0.5, 0.4])
    fusion = Fusion("weighted", alpha=0.5, kind_bonus=2.0)  # the first stands 1.22 above
    plain = fusion.scores(lexical, cosine)
    fits = np.array([False, True, False])
    assert np.allclose(fusion.scores(lexical, cosine, fits=fits), plain + [0.0, 2.0, 0.0])
    order, _ = fuse(lexical, cosine, np.array([0, 1, 2]), fusion, fits=fits)
    assert order.tolist() == [1, 0, 2]  # the second holds what is asked: it comes first
    # without a kind asked (None), or with the bonus off, the order is the plain one
    assert fuse(lexical, cosine, np.array([0, 1, 2]), fusion)[0].tolist() == [0, 1, 2]
    off = Fusion("weighted", alpha=0.5, kind_bonus=0.0)
    assert fuse(lexical, cosine, np.array([0, 1, 2]), off, fits=fits)[0].tolist() == [0, 1, 2]


def test_the_kind_bonus_is_recorded_only_when_it_is_not_the_default() -> None:
    assert Fusion("weighted").kind_bonus == KIND_BONUS
    assert "kind_bonus" not in Fusion("weighted").to_dict()
    assert Fusion("weighted", kind_bonus=0.5).to_dict()["kind_bonus"] == 0.5
    assert Fusion(**Fusion("weighted", kind_bonus=0.5).to_dict()) == \
        Fusion("weighted", kind_bonus=0.5)
