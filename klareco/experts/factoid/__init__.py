"""The factoid expert: frame → candidates → features → learned ranker (``expert``)."""

from klareco.experts.factoid.expert import (
    EVIDENCE_DEPTH,
    RANKER_PATH,
    FactoidExpert,
    answer_threshold,
)

__all__ = ["EVIDENCE_DEPTH", "RANKER_PATH", "FactoidExpert", "answer_threshold"]
