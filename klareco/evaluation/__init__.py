"""Evaluation of Klareco against a question-answering gold (``../shared/eval/README.md``)."""

from klareco.evaluation.harness import (
    evaluate,
    evidence_texts,
    format_table,
    load_gold,
    percentile,
)
from klareco.evaluation.judging import (
    ABSTAIN_TEXT,
    is_abstention,
    is_correct_answer,
    is_retrieval_hit,
)

__all__ = [
    "ABSTAIN_TEXT",
    "evaluate",
    "evidence_texts",
    "format_table",
    "is_abstention",
    "is_correct_answer",
    "is_retrieval_hit",
    "load_gold",
    "percentile",
]
