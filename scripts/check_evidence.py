#!/usr/bin/env python3
"""Read and split the whole corpus, print its size and timing, and check the evaluation evidence.

Acceptance: of the evidence strings of answerable items in ``qa-dev.jsonl``, at least 97% lie
in a single sentence and all of them in a single passage (after ``normalize_for_judging``).

    python scripts/check_evidence.py [--corpus ../shared/corpus] [--qa ../shared/eval/qa-dev.jsonl]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from klareco.config import default_mirror
from klareco.corpus.checks import default_eval_file, evidence_containment, load_items
from klareco.corpus.manifest import load_manifest
from klareco.corpus.reader import read_corpus, walk_corpus

SENTENCE_TARGET = 0.97


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=default_mirror(), help="corpus folder")
    parser.add_argument("--qa", type=Path, default=None, help="QA items (JSON lines)")
    parser.add_argument("--manifest", type=Path, default=None, help="corpus manifest")
    args = parser.parse_args(argv)
    if args.corpus is None:
        parser.error("no corpus found; pass --corpus DIR")
    qa_file = args.qa or default_eval_file(args.corpus)
    manifest = load_manifest(args.manifest)

    started = time.perf_counter()
    documents = list(read_corpus(args.corpus, manifest))
    read_s = time.perf_counter() - started
    started = time.perf_counter()
    kinds: Counter[str] = Counter()
    passages = sentences = 0
    for _, _, passage, sentence in walk_corpus(documents):
        sentences += 1
        if sentence.index == 0:
            passages += 1
            kinds[passage.kind] += 1
    split_s = time.perf_counter() - started
    bible = sum(1 for document in documents if manifest.get(document.doc_id).format == "usfm")
    print(f"documents: {len(documents)} ({len(documents) - bible} TEI, {bible} Bible books)")
    print(f"passages:  {passages}  by kind: {dict(kinds.most_common())}")
    print(f"sentences: {sentences}")
    print(f"time:      read {read_s:.1f} s, split {split_s:.1f} s")

    if qa_file is None:
        print("no qa-dev.jsonl found; evidence check skipped")
        return 0
    report = evidence_containment(documents, load_items(qa_file))
    print(
        f"evidence:  {report.total} strings; in one sentence {report.in_sentence} "
        f"({report.sentence_rate:.1%}), in one passage {report.in_passage} "
        f"({report.passage_rate:.1%})"
    )
    for miss in report.misses:
        where = "in a passage, split across sentences" if miss.in_passage else "NOT FOUND"
        print(f"  {miss.item_id} [{miss.source}] {where}: {miss.evidence}")
    ok = report.sentence_rate >= SENTENCE_TARGET and report.passage_rate == 1.0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
