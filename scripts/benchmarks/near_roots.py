#!/usr/bin/env python
"""Stage 1 with the question's roots expanded by their nearest roots in the corpus's
co-occurrence space (``klareco.training.cooccurrence``), against stage 1 as shipped.

    python scripts/benchmarks/near_roots.py --items FILE [--items FILE …]
                                            [--weight 0.15] [--count 3] [--floor 0.4]

Each root keyword of a question (not a name, not a stem) adds its ``--count`` nearest roots
whose cosine is at least ``--floor``, at weight ``--weight`` × cosine × the keyword's own;
the hybrid fusion still counts the question's own keywords only. Printed for the dev files
(``../shared/eval``) and each ``--items`` file (held-out questions written by
`scripts/eval_generated.py --items`): recall@100, hit@5 and MRR@10, BM25 and hybrid, shipped
and expanded. Needs a built corpus (`klareco build`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import klareco.retrieval.search as search_module
from klareco.config import default_dev_sets
from klareco.engine import Engine
from klareco.evaluation import evaluate, load_gold
from klareco.models.treebank import TreeBank
from klareco.models.vocabulary import vocabulary
from klareco.parse.ast import Sentence
from klareco.retrieval.keywords import Keyword, keywords
from klareco.training.cooccurrence import cooccurrence_vectors, cosines
from klareco.training.heldout import as_gold, read_items


def expander(engine: Engine, weight: float, count: int, floor: float
             ) -> Callable[[Sentence], list[Keyword]]:
    """``keywords`` with each root keyword's near roots added."""
    roots = {n: token[2:] for token, n in vocabulary().morpheme_ids.items()
             if token.startswith("r:")}
    ids, vectors = cooccurrence_vectors(TreeBank.load(engine.store), len(roots), 128)
    row = {roots[int(i)]: n for n, i in enumerate(ids)}

    def expanded(sentence: Sentence) -> list[Keyword]:
        found = keywords(sentence)
        have = {k.term for k in found}
        extra: dict[str, float] = {}
        for keyword in found:
            if keyword.kind != "root" or keyword.term not in row:
                continue
            similarity = cosines(vectors, row[keyword.term])
            for j in np.argsort(-similarity)[:count]:
                if similarity[j] < floor:
                    break
                term = roots[int(ids[j])]
                if term not in have:
                    extra[term] = max(extra.get(term, 0.0),
                                      weight * float(similarity[j]) * keyword.weight)
        return found + [Keyword(t, t, w, "near") for t, w in extra.items()]

    return expanded


def figures(engine: Engine, items: Sequence[dict[str, Any]], retriever: str) -> str:
    report = evaluate(items, lambda q, k: engine.searcher.search(q, k, retriever).hits)
    return " / ".join(f"{report[key]:.4f}" for key in ("recall@100", "hit@5", "mrr@10"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=Path, action="append", default=[])
    parser.add_argument("--weight", type=float, default=0.15)
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--floor", type=float, default=0.4)
    args = parser.parse_args()
    engine = Engine.load()
    sets = {path.name: load_gold(path) for path in default_dev_sets()}
    sets.update({path.name: as_gold(read_items(path)) for path in args.items})
    shipped_keywords, shipped_rerank = search_module.keywords, search_module.Searcher._rerank
    expanded = expander(engine, args.weight, args.count, args.floor)

    def rerank(self: Any, ast: Sentence, positions: Any, scores: Any, matches: Any,
               timings: Any, tail_cut: bool, _keywords: int = 0, top: int | None = None) -> Any:
        # the fusion's weight grows with the question's own keywords, not the added ones
        return shipped_rerank(self, ast, positions, scores, matches, timings, tail_cut,
                              len(keywords(ast)), top)

    print("set, retriever: recall@100 / hit@5 / MRR@10, shipped → expanded")
    for name, items in sets.items():
        for retriever in ("bm25", "hybrid"):
            search_module.keywords, search_module.Searcher._rerank = (shipped_keywords,
                                                                      shipped_rerank)
            before = figures(engine, items, retriever)
            search_module.keywords, search_module.Searcher._rerank = expanded, rerank
            after = figures(engine, items, retriever)
            print(f"{name}, {retriever}: {before} → {after}", flush=True)
    search_module.keywords, search_module.Searcher._rerank = shipped_keywords, shipped_rerank


if __name__ == "__main__":
    main()
