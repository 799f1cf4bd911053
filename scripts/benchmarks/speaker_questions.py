#!/usr/bin/env python
"""Questions about drama speeches, to choose the speaker weight of stage 1 (docs/measurements.md).

    python scripts/benchmarks/speaker_questions.py OUT_DIR [--count 400] [--seed 5]
    ./run eval --gold OUT_DIR/speaker.jsonl --retriever bm25     (and hybrid; named.jsonl too)

Writes two gold files in the dev set's form, the evidence being the sentence each question was
made from (`klareco.training.questions.generate`), sentences holding dev evidence left out:

  speaker.jsonl  from sentences of speeches whose question keeps one "mi" or "min": that word
                 becomes the speaker's name ("Mi prezentis Cezaron" → "Kiun prezentis
                 Polonio?"), which only the speaker terms lead to
  named.jsonl    from sentences of speeches that name a character who also speaks, whose
                 question keeps the name: what a speaker weight can only hurt, since every
                 line that character says then competes with the one that names them

Stage 1 has no trained part, so questions from any documents but the dev set's evidence
measure it fairly; the speeches are those of the corpus's dramas.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from typing import Any

from klareco import parse
from klareco.config import default_dev_sets
from klareco.engine import Engine
from klareco.evaluation import load_gold
from klareco.retrieval.keywords import speaker_terms
from klareco.text import normalize_for_judging
from klareco.training.questions import generate

FIRST_PERSON = re.compile(r"\b(mi|min)\b", re.IGNORECASE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="directory for speaker.jsonl and named.jsonl")
    parser.add_argument("--count", type=int, default=400, help="questions per file, at most")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    engine = Engine.load()
    store = engine.store
    dev = [normalize_for_judging(text) for path in default_dev_sets()
           for item in load_gold(path) for text in item.get("evidence") or []]
    speakers = {(doc, passage): speaker for doc, passage, speaker in store._rows(
        "SELECT doc_id, passage_id, speaker FROM passages WHERE speaker IS NOT NULL")}
    characters: dict[str, set[str]] = {}
    for (doc, _), speaker in speakers.items():
        characters.setdefault(doc, set()).update(speaker_terms(speaker))
    rows = [row for row in store.sentences() if (row.doc_id, row.passage_id) in speakers
            and not any(text in normalize_for_judging(row.text) for text in dev)]
    rng = random.Random(args.seed)
    rng.shuffle(rows)
    made: dict[str, list[dict[str, Any]]] = {"speaker": [], "named": []}
    for row in rows:
        if all(len(found) >= args.count for found in made.values()):
            break
        sentence = store.asts_at([row.id - 1])[0]
        generated = generate(sentence, rng)
        if generated is None or not generated.answers:
            continue
        text = generated.text
        first = FIRST_PERSON.findall(text)
        if len(first) == 1 and len(made["speaker"]) < args.count:
            name = " ".join(w.capitalize() if w.isupper() else w
                            for w in speakers[(row.doc_id, row.passage_id)].rstrip(".").split())
            if first[0].lower() == "min":
                if not name.endswith("o"):
                    continue
                name += "n"
            text = FIRST_PERSON.sub(name, text, count=1)
            kind = "speaker"
        elif (sentence.name_terms & characters[row.doc_id]
              and parse(text).name_terms & characters[row.doc_id]
              and len(made["named"]) < args.count):
            kind = "named"
        else:
            continue
        made[kind].append({"id": f"{kind}-{len(made[kind])}", "question": text,
                           "answers": list(generated.answers), "evidence": [row.text],
                           "type": generated.form, "difficulty": "generated"})
    args.out.mkdir(parents=True, exist_ok=True)
    for kind, items in made.items():
        path = args.out / f"{kind}.jsonl"
        path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items),
                        encoding="utf-8")
        print(f"{path}: {len(items)} questions")


if __name__ == "__main__":
    main()
