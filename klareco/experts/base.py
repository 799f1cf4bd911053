"""The expert interface: what an expert is told, and what it gives back.

An expert reads the question's AST and the ranked evidence (each sentence with its AST) and
returns a short answer that stands in one evidence sentence, or ``None``. The engine routes
each question through the registry (``klareco.experts.registry``) and decides, from the
answer's confidence, whether to give it or to abstain.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from klareco.parse.ast import Sentence


@dataclass(frozen=True)
class Evidence:
    """One ranked evidence sentence: its text, its parsed ``Sentence``, its rank
    (1-based), the retriever's final score, and the terms of its context — the work's title,
    the section headings, the names in the sentences just before it — that it is about
    without repeating them ("Li edziĝis kun …" in a life of Mickiewicz). ``before`` reads
    the parsed sentence just before it in its work (None: it is the first), only when
    asked: a pronoun with no antecedent in its own sentence may stand for that one's
    subject."""

    text: str
    ast: Sentence
    rank: int
    score: float
    context: frozenset[str] = frozenset()
    before: Callable[[], Sentence | None] | None = field(default=None, compare=False,
                                                          repr=False)


@dataclass(frozen=True)
class Answer:
    """A short answer as it stands in one evidence sentence.

    ``start``/``end`` are character offsets of the answer in that sentence's text (``None``
    for answers that are not a span, such as ``jes``/``ne``). ``confidence`` is in [0, 1].
    """

    text: str
    confidence: float
    evidence: int  # index into the evidence list the expert was given
    expert: str
    start: int | None = None
    end: int | None = None
    reason: str = ""  # why this phrase, for the trace
    # the evidence indexes best first as the expert read them (how likely each holds the
    # answer); empty: the order it was given
    reading: tuple[int, ...] = ()


class Expert(ABC):
    """Base class of the experts. Subclasses set ``name`` and implement both methods."""

    name: str = "expert"

    @abstractmethod
    def can_handle(self, question: Sentence) -> float:
        """How well this expert can answer the question, 0 (not at all) to 1."""

    @abstractmethod
    def answer(self, question: Sentence, evidence: Sequence[Evidence]) -> Answer | None:
        """The answer found in the evidence, or ``None`` when the evidence does not give one."""
