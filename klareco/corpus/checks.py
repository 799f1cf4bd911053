"""Corpus sanity checks: is every evaluation evidence string findable in one sentence?

An evidence string (verbatim corpus text from ``qa-dev.jsonl``) is *contained* in a unit when,
after ``normalize_for_judging``, it is a substring of the unit's normalised text. A reader or a
splitter that mangles text, or a splitter that cuts sentences too eagerly, shows up here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from klareco.corpus.model import Document
from klareco.corpus.reader import is_verse
from klareco.corpus.split import split_sentences
from klareco.text import normalize_for_judging

BIBLE_SOURCE = "bible"


@dataclass(frozen=True)
class EvidenceMiss:
    """An evidence string not found in a single unit of its work."""

    item_id: str
    source: str
    evidence: str
    in_passage: bool


@dataclass(frozen=True)
class EvidenceReport:
    """How many evidence strings a single sentence, or a single passage, contains."""

    total: int
    in_sentence: int
    in_passage: int
    misses: tuple[EvidenceMiss, ...] = field(default=())

    @property
    def sentence_rate(self) -> float:
        return self.in_sentence / self.total if self.total else 1.0

    @property
    def passage_rate(self) -> float:
        return self.in_passage / self.total if self.total else 1.0


def load_items(path: Path | str) -> list[dict]:
    """The items of a JSON-lines QA file."""
    with Path(path).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def evidence_containment(documents: Iterable[Document], items: Iterable[dict]) -> EvidenceReport:
    """Check each evidence string of each answerable item against its work's units.

    A work is a TEI document id, or ``bible`` for all USFM books (documents whose passages
    are verses). Units are searched within the item's work only.
    """
    answerable = [item for item in items if item.get("answers")]
    wanted_works = {item.get("source", "") for item in answerable}
    passages_by_work: dict[str, list[str]] = {}
    sentences_by_work: dict[str, list[str]] = {}
    for document in documents:
        for _, passage in document.passages():
            work = BIBLE_SOURCE if is_verse(document, passage) else document.doc_id
            if work not in wanted_works:
                continue
            passages_by_work.setdefault(work, []).append(normalize_for_judging(passage.text))
            sentences_by_work.setdefault(work, []).extend(
                normalize_for_judging(passage.text[start:end])
                for start, end in split_sentences(passage.text)
            )
    total = in_sentence = in_passage = 0
    misses: list[EvidenceMiss] = []
    for item in answerable:
        work = item.get("source", "")
        for evidence in item.get("evidence", ()):
            total += 1
            wanted = normalize_for_judging(evidence)
            found_sentence = any(wanted in unit for unit in sentences_by_work.get(work, ()))
            found_passage = any(wanted in unit for unit in passages_by_work.get(work, ()))
            in_sentence += found_sentence
            in_passage += found_passage
            if not found_sentence:
                misses.append(EvidenceMiss(item["id"], work, evidence, found_passage))
    return EvidenceReport(total, in_sentence, in_passage, tuple(misses))


def default_eval_file(mirror: Path | None) -> Path | None:
    """``qa-dev.jsonl`` beside the corpus mirror (``../shared/eval``), if there."""
    if mirror is None:
        return None
    candidate = Path(mirror).parent / "eval" / "qa-dev.jsonl"
    return candidate if candidate.is_file() else None
