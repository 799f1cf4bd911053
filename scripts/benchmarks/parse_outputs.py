#!/usr/bin/env python
"""What the store and the trained models read from the parser, on a corpus sample: write it,
or compare it with a file written by another version of the parser.

    python scripts/benchmarks/parse_outputs.py write OUT.json [--sentences 6000]
    python scripts/benchmarks/parse_outputs.py compare OLD.json NEW.json

For every sentence of the sample (every 20th of the default corpus, as bench_parse.py takes
them) it records: the index terms (stage 1), the Tree-LSTM's tree (kept words, parents, role
of each node), the encoder's morpheme and feature ids of every kept word, the question, and
the clauses' roles, and each word's lemma, UPOS and features in the ETB treebank's
conventions (``klareco.parse.conventions``; before it, the parser's own tags). ``compare``
prints how many sentences differ in each, with examples, and in how many of the new file's
sentences the Tree-LSTM's tree would change if it were read from the UD tree (each kept word
under its nearest kept ancestor). Run ``write`` once with each version's checkout on
PYTHONPATH.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def corpus_sentences(limit: int) -> list[str]:
    from klareco.config import default_mirror
    from klareco.corpus.reader import iter_sentences

    mirror = default_mirror()
    if mirror is None:
        sys.exit("../shared/corpus not found")
    texts: list[str] = []
    for n, sentence in enumerate(iter_sentences(mirror)):
        if n % 20 == 0:
            texts.append(sentence.text)
            if len(texts) >= limit:
                break
    return texts


def outputs(text: str) -> dict[str, Any]:
    from klareco.models.trees import tree_structure
    from klareco.models.vocabulary import vocabulary
    from klareco.parse import parse
    from klareco.retrieval.keywords import terms

    sentence = parse(text)
    try:  # the parser's own tags in the ETB treebank's conventions, where it has them
        from klareco.parse.conventions import etb_tags
    except ImportError:
        def etb_tags(word):  # type: ignore[no-untyped-def]
            return word.lemma, word.pos, dict(word.feats)
    kept, parents, roles = tree_structure(sentence)
    vocab = vocabulary()
    data = sentence.to_dict()
    return {
        "text": text,
        "ud_tree": _ud_parents(sentence, kept),
        "terms": terms(sentence),
        "tree": [kept, parents, roles],
        "morphemes": [vocab.morphemes(sentence.words[i]) for i in kept],
        "features": [vocab.features(sentence.words[i], r) for i, r in zip(kept, roles,
                                                                             strict=True)],
        "tags": [list(etb_tags(w)) for w in sentence.words],
        "question": data["question"],
        "roles": [{key: clause[key] for key in ("kind", "verb", "subject", "object",
                                                  "predicate", "indirect_object", "adjuncts",
                                                  "parent", "words", "introducer_index")}
                  for clause in data["clauses"]],
    }


def _ud_parents(sentence: Any, kept: list[int]) -> list[int]:
    """Each kept word's parent in the UD tree (its nearest kept ancestor; -1 for none), as a
    position in ``kept``, like the Tree-LSTM's tree."""
    position = {index: n for n, index in enumerate(kept)}
    parents = []
    for index in kept:
        head = sentence.heads[index] - 1 if sentence.heads else -1
        while head >= 0 and head not in position:
            head = sentence.heads[head] - 1
        parents.append(position.get(head, -1))
    return parents


def _strip_lemmas(value: Any) -> Any:
    """Roles without the head's lemma, which changed meaning (stem → dictionary form)."""
    if isinstance(value, dict):
        return {k: _strip_lemmas(v) for k, v in value.items() if k not in ("lemma", "feats")}
    if isinstance(value, list):
        return [_strip_lemmas(v) for v in value]
    return value


def compare(old_path: Path, new_path: Path) -> None:
    old = json.loads(old_path.read_text("utf-8"))
    new = json.loads(new_path.read_text("utf-8"))
    if [o["text"] for o in old] != [n["text"] for n in new]:
        sys.exit("the two files hold different sentences")
    changed: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for o, n in zip(old, new, strict=True):
        for key in ("terms", "tree", "morphemes", "features", "question", "roles", "tags"):
            a, b = o[key], n[key]
            if key in ("roles", "question"):
                a, b = _strip_lemmas(a), _strip_lemmas(b)
            if a != b:
                changed[key] += 1
                examples.setdefault(key, []).append(o["text"])
    print(f"{len(old)} sentences")
    differ = sum(n["ud_tree"] != n["tree"][1] for n in new)
    print(f"  the new Tree-LSTM trees read from the UD tree instead: {differ} would change")
    for key in ("terms", "tree", "morphemes", "features", "question", "roles", "tags"):
        print(f"  {key:10} {changed[key]} changed")
        for text in examples.get(key, [])[:3]:
            print(f"      e.g. {text[:100]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    write = sub.add_parser("write")
    write.add_argument("out", type=Path)
    write.add_argument("--sentences", type=int, default=6000)
    cmp = sub.add_parser("compare")
    cmp.add_argument("old", type=Path)
    cmp.add_argument("new", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        records = [outputs(text) for text in corpus_sentences(args.sentences)]
        args.out.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
        print(f"{len(records)} sentences written to {args.out}")
    else:
        compare(args.old, args.new)


if __name__ == "__main__":
    main()
