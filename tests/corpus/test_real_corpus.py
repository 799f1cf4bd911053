"""End to end on the real corpus in ../shared: size, exact offsets, evidence containment."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.config import default_mirror
from klareco.corpus.checks import default_eval_file, evidence_containment, load_items
from klareco.corpus.manifest import load_manifest
from klareco.corpus.model import Document
from klareco.corpus.reader import read_corpus, walk_corpus

pytestmark = pytest.mark.corpus

SENTENCE_RANGE = (100_000, 125_000)


@pytest.fixture(scope="module")
def mirror() -> Path:
    found = default_mirror()
    if found is None:
        pytest.skip("the shared corpus mirror (../shared/corpus) is absent")
    return found


@pytest.fixture(scope="module")
def documents(mirror: Path) -> list[Document]:
    return list(read_corpus(mirror, load_manifest()))


def test_every_source_is_read(documents: list[Document]) -> None:
    assert len(documents) == 107
    assert all(document.sections for document in documents)


def test_sentence_count_and_exact_offsets(documents: list[Document]) -> None:
    count = 0
    seen: set[str] = set()
    for _, _, passage, sentence in walk_corpus(documents):
        count += 1
        assert passage.text[sentence.start : sentence.end] == sentence.text
        assert sentence.text and sentence.text == sentence.text.strip()
        assert sentence.sentence_id not in seen
        seen.add(sentence.sentence_id)
    low, high = SENTENCE_RANGE
    assert low <= count <= high, count


def test_evidence_is_contained(mirror: Path, documents: list[Document]) -> None:
    qa_file = default_eval_file(mirror)
    if qa_file is None:
        pytest.skip("../shared/eval/qa-dev.jsonl is absent")
    report = evidence_containment(documents, load_items(qa_file))
    assert report.total > 0
    assert report.passage_rate == 1.0, report.misses
    assert report.sentence_rate >= 0.97, report.misses
