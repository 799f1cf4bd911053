"""Which documents train, tune and measure: chosen by a hash of their id, so a document's side
never moves when others are added, and no figure is measured on a work a model learned from."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

HELD_OUT_SHARE = 0.2  # of the documents: only measured on
TUNING_SHARE = 0.1  # of the documents: thresholds and training choices are made on them


def _bucket(doc_id: str) -> int:
    return int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:8], 16) % 1000


def held_out_documents(doc_ids: Iterable[str], share: float = HELD_OUT_SHARE) -> set[str]:
    """The documents kept out of every training and fitting."""
    return {d for d in doc_ids if _bucket(d) < share * 1000}


def tuning_documents(doc_ids: Iterable[str]) -> set[str]:
    """The documents that choose thresholds: neither trained on nor held out."""
    low, high = HELD_OUT_SHARE * 1000, (HELD_OUT_SHARE + TUNING_SHARE) * 1000
    return {d for d in doc_ids if low <= _bucket(d) < high}


def training_documents(doc_ids: Iterable[str]) -> set[str]:
    return {d for d in doc_ids if _bucket(d) >= (HELD_OUT_SHARE + TUNING_SHARE) * 1000}
