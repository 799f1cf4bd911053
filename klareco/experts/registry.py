"""The experts the engine routes through, best suited first."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from klareco.experts.base import Answer, Evidence, Expert
from klareco.experts.factoid import FactoidExpert
from klareco.parse.ast import Sentence


class Registry:
    """An ordered set of experts. ``answer`` asks those that can handle the question, most
    suited first, and keeps the most confident answer."""

    def __init__(self, experts: Iterable[Expert] = ()) -> None:
        self.experts: list[Expert] = []
        for expert in experts:
            self.register(expert)

    def register(self, expert: Expert) -> None:
        if any(e.name == expert.name for e in self.experts):
            raise ValueError(f"an expert named {expert.name!r} is already registered")
        self.experts.append(expert)

    def route(self, question: Sentence) -> list[tuple[float, Expert]]:
        """The experts able to handle the question (suitability > 0), most suited first;
        ties keep registration order."""
        scored = [(expert.can_handle(question), n, expert)
                  for n, expert in enumerate(self.experts)]
        return [(score, expert) for score, _, expert in
                sorted(scored, key=lambda t: (-t[0], t[1])) if score > 0]

    def answer(self, question: Sentence, evidence: Sequence[Evidence]) -> Answer | None:
        best: Answer | None = None
        for _, expert in self.route(question):
            found = expert.answer(question, evidence)
            if found is not None and (best is None or found.confidence > best.confidence):
                best = found
        return best


def default_registry() -> Registry:
    """The experts Klareco ships with."""
    return Registry([FactoidExpert()])
