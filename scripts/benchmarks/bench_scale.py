#!/usr/bin/env python
"""Klareco at 1× and 10× the default corpus: build time, peak memory, index size, `ask`
latency, and the IVF index's recall against the exact search.

    python scripts/benchmarks/bench_scale.py --work /tmp/scale [--sizes 1 10] [--questions 200]

The corpora are real text, built as collections (`klareco build --source FILE --name N`):

* 1×: every document of the default corpus (read from ../shared/corpus), one JSON Lines
  record each, its passages as paragraphs, in their order;
* 10×: the same, plus nine copies of every document, each renamed (`ID~1` … `ID~9`, titles
  "… (kopio N)") with its sentences reordered within the document (seeded shuffle), laid out
  in paragraphs of the original passages' sizes.

Each build runs alone in a child process under `/usr/bin/time -v` (wall time, peak resident
memory of the largest process). Then both collections are loaded in this process and the same
questions, generated from held-out documents of the 1× build (which the 10× one holds too),
are asked of each in turn, so a busy machine slows both alike: `ask` p50/p95. At sizes with an
IVF index, its recall@100 against the exact search is measured on those questions (not the
ones its nprobe was chosen on), with the search time of both, and IVF-PQ is measured beside
it. Also prints the exact search's time per question at growing sizes (the IVF threshold).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import numpy as np

from klareco.artifacts import collection_home, dense_ivf_path, dense_paths, store_path
from klareco.config import default_mirror
from klareco.corpus.manifest import load_manifest
from klareco.corpus.reader import passage_sentences, read_corpus
from klareco.corpus.store import arrays_path

COPIES_SEED = 20261124


def write_corpus(path: Path, mirror: Path, copies: int, limit: int | None = None) -> int:
    """The JSON Lines corpus of ``copies`` × the default corpus (its first ``limit``
    documents); returns its documents."""
    documents = 0
    rng = random.Random(COPIES_SEED)
    with path.open("w", encoding="utf-8") as out:
        for document in islice(read_corpus(mirror, load_manifest()), limit):
            passages = [(section, passage) for section, passage in document.passages()]
            sentences = [[s.text for s in passage_sentences(document, section, passage)]
                         for section, passage in passages]
            for copy in range(copies):
                flat = [text for group in sentences for text in group]
                if copy:
                    rng.shuffle(flat)  # the document's sentences, reordered
                paragraphs, start = [], 0
                for group in sentences:  # the original passages' sizes
                    paragraphs.append(" ".join(flat[start:start + len(group)]))
                    start += len(group)
                record = {"id": document.doc_id if not copy else f"{document.doc_id}~{copy}",
                          "title": document.title if not copy
                          else f"{document.title} (kopio {copy})",
                          "text": "\n\n".join(p for p in paragraphs if p)}
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                documents += 1
    return documents


def timed_build(home: Path, source: Path, name: str) -> dict[str, object]:
    """Build the collection in a child process under /usr/bin/time -v."""
    env = {**os.environ, "KLARECO_HOME": str(home)}
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "klareco", "build", "--source",
               str(source), "--name", name]
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"the build failed:\n{done.stderr[-3000:]}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    return {"build_seconds": round(wall, 1), "output": done.stdout.strip(),
            "peak_rss_gb": round(int(peak.group(1)) / 1024 ** 2, 2) if peak else None}


def sizes_of(folder: Path) -> dict[str, float]:
    files = {"store": store_path(folder), "arrays": arrays_path(store_path(folder)),
             "dense": dense_paths(folder)[0], "ivf": dense_ivf_path(folder)}
    return {name: round(path.stat().st_size / 1024 ** 2, 1)
            for name, path in files.items() if path.is_file()}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def exact_search_times(vectors: np.ndarray, questions: np.ndarray) -> dict[int, float]:
    """Milliseconds of one exact search (top 100) at growing numbers of sentences."""
    import faiss

    found = {}
    for count in (30_000, 60_000, 120_000, 250_000, 500_000, 1_000_000):
        if count > len(vectors):
            break
        flat = faiss.IndexFlatIP(vectors.shape[1])
        flat.add(vectors[:count])
        started = time.perf_counter()
        for row in questions:
            flat.search(row.reshape(1, -1), 100)
        found[count] = round((time.perf_counter() - started) * 1000 / len(questions), 2)
    return found


def ivf_figures(folder: Path, questions: np.ndarray) -> dict[str, object]:
    """Recall@100 and search time of the built IVF index against the exact search, and of
    an IVF-PQ index of the same cells, on ``questions``."""
    import faiss

    from klareco.retrieval.ivf import NPROBES, cells_for, flat_vectors, recall_at

    meta = json.loads(dense_paths(folder)[1].read_text())
    flat = faiss.read_index(str(dense_paths(folder)[0]), faiss.IO_FLAG_MMAP_IFC)
    figures: dict[str, object] = {"chosen": meta.get("ivf")}

    def per_question(index: faiss.Index) -> tuple[np.ndarray, np.ndarray, float]:
        started = time.perf_counter()
        found = [index.search(row.reshape(1, -1), 100) for row in questions]
        milliseconds = (time.perf_counter() - started) * 1000 / len(questions)
        return (np.array([f[0][0] for f in found]), np.array([f[1][0] for f in found]),
                milliseconds)

    vectors = flat_vectors(flat)
    exact, _, exact_ms = per_question(flat)
    figures["exact_ms"] = round(exact_ms, 2)
    if meta.get("ivf"):
        ivf = faiss.read_index(str(dense_ivf_path(folder)), faiss.IO_FLAG_MMAP)
        ivf.nprobe = meta["ivf"]["nprobe"]
        _, found, ivf_ms = per_question(ivf)
        figures["ivf_recall@100"] = round(recall_at(found, exact, vectors, questions), 4)
        figures["ivf_ms"] = round(ivf_ms, 2)
    nlist = cells_for(len(vectors))
    pq = faiss.IndexIVFPQ(faiss.IndexFlatIP(vectors.shape[1]), vectors.shape[1], nlist, 32, 8,
                          faiss.METRIC_INNER_PRODUCT)
    sample = np.random.default_rng(0).choice(len(vectors), min(len(vectors), 64 * nlist),
                                             replace=False)
    pq.train(np.ascontiguousarray(vectors[np.sort(sample)]))
    pq.add(vectors)
    pq_recall = {}
    for nprobe in (*[p for p in NPROBES if p < nlist], nlist):
        pq.nprobe = nprobe
        _, found, pq_ms = per_question(pq)
        pq_recall[nprobe] = (round(recall_at(found, exact, vectors, questions), 4),
                             round(pq_ms, 2))
        if nprobe >= 256:
            break
    figures["ivf_pq_m32_recall@100_ms_by_nprobe"] = pq_recall
    figures["exact_ms_by_sentences"] = exact_search_times(vectors, questions[:50])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="a folder for the builds")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--skip-build", action="store_true", help="measure the builds there")
    parser.add_argument("--limit", type=int, default=None,
                        help="only the first N documents of the default corpus (a quick check)")
    args = parser.parse_args()
    mirror = default_mirror()
    if mirror is None:
        raise SystemExit("../shared/corpus is not beside the checkout")
    home = args.work / "home"
    report: dict[str, dict[str, object]] = {}
    for size in args.sizes:
        name = f"scale{size}"
        source = args.work / f"{name}.jsonl"
        row: dict[str, object] = {}
        if not args.skip_build:
            row["documents"] = write_corpus(source, mirror, size, args.limit)
            row.update(timed_build(home, source, name))
        row["sizes_mb"] = sizes_of(collection_home(name, home))
        report[name] = row
        print(json.dumps({name: row}, ensure_ascii=False), flush=True)

    os.environ["KLARECO_HOME"] = str(home)
    from klareco.engine import Engine
    from klareco.parse import parse
    from klareco.training.heldout import generated_gold
    from klareco.training.split import held_out_documents

    engines = {f"scale{size}": Engine.load(collection=f"scale{size}") for size in args.sizes}
    first = engines[f"scale{min(args.sizes)}"]
    documents = held_out_documents(first.store.documents()) or set(first.store.documents())
    questions = [item["question"] for item in
                 generated_gold(first.store, documents, args.questions, seed=7)]
    for engine in engines.values():  # warm: the first question loads what a session keeps
        engine.ask(questions[0])
    times: dict[str, list[float]] = {name: [] for name in engines}
    for question in questions:
        for name, engine in engines.items():  # in turn: load slows both alike
            started = time.perf_counter()
            engine.ask(question)
            times[name].append((time.perf_counter() - started) * 1000)
    for name, values in times.items():
        report[name]["sentences"] = engines[name].store.count("sentences")
        report[name]["ask_ms"] = {"p50": round(statistics.median(values), 1),
                                  "p95": round(percentile(values, 0.95), 1),
                                  "questions": len(values)}
    stage2 = first.searcher.stage2
    assert stage2 is not None
    vectors = stage2.encoder.encode([parse(q) for q in questions]).astype(np.float32)
    for size in args.sizes:
        name = f"scale{size}"
        if size == max(args.sizes):
            report[name]["dense"] = ivf_figures(collection_home(name, home), vectors)
    load = os.getloadavg()
    report["machine"] = {"load_average_1_5_15": [round(v, 2) for v in load],
                         "cores": os.cpu_count()}
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
