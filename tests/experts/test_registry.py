"""Routing questions through the expert registry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from klareco.experts.base import Answer, Evidence, Expert
from klareco.experts.registry import Registry, default_registry
from klareco.parse import parse


class Echo(Expert):
    """Answers every question with the first evidence sentence's first word."""

    def __init__(self, name: str, suitability: float, confidence: float) -> None:
        self.name = name
        self.suitability = suitability
        self.confidence = confidence

    def can_handle(self, question: dict[str, Any]) -> float:
        return self.suitability

    def answer(self, question: dict[str, Any], evidence: Sequence[Evidence]) -> Answer | None:
        if not evidence:
            return None
        word = evidence[0].text.split()[0]
        return Answer(word, self.confidence, 0, self.name, 0, len(word))


def test_routes_to_suited_experts_most_suited_first() -> None:
    registry = Registry([Echo("low", 0.2, 0.9), Echo("none", 0.0, 1.0), Echo("high", 0.8, 0.1)])
    assert [e.name for _, e in registry.route({})] == ["high", "low"]


def test_keeps_the_most_confident_answer() -> None:
    registry = Registry([Echo("low", 0.2, 0.9), Echo("high", 0.8, 0.1)])
    evidence = [Evidence("Ana dormas.", parse("Ana dormas."), 1, 1.0)]
    found = registry.answer({}, evidence)
    assert found is not None and found.expert == "low" and found.text == "Ana"


def test_names_are_unique() -> None:
    registry = Registry([Echo("one", 1.0, 1.0)])
    with pytest.raises(ValueError, match="already registered"):
        registry.register(Echo("one", 1.0, 1.0))


def test_default_registry_has_the_factoid_expert() -> None:
    assert [e.name for e in default_registry().experts] == ["factoid"]
