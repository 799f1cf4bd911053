#!/usr/bin/env python
"""What the integrity checks cost: their share of `Engine.load`, and what a first load after
a change (or `klareco doctor`) pays to hash every file.

    python scripts/benchmarks/bench_integrity.py [--runs 9]

Needs a build made by this version (`klareco build`: it records the checksums). Each run is a
fresh process that imports the engine, then times `Engine.load()` (the default retriever) with
a clock around each integrity check it makes: `verify` of each file against its checksum (a
`stat` and the stamp when the file is unchanged since it was last hashed), the index blobs
checked against their checksums when the store reads them (an array file, mapped, is verified
whole instead), and the model files' sha256 (checked before this change too, now also
remembered). One load runs untimed first, so the page cache and the stamps are as on any
machine that answered a question before.

Then, in this process: hashing each file of the build whole (what a load pays once after the
file changed, and `klareco doctor` every time) with xxh3-128, the checksum the build records,
and with blake2b, the other candidate; and the query-time checks on 100 stored vectors (a
rerank's candidates). Prints medians over `--runs`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

_CHILD = """
import json, time
import klareco.engine as engine_module
from klareco import integrity
from klareco.corpus import store as store_module
from klareco.models import files

spent = {"verify": 0.0, "blobs": 0.0, "sha256": 0.0}

def timed(module, name, key):
    real = getattr(module, name)
    def call(*args, **kwargs):
        started = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            spent[key] += time.perf_counter() - started
    setattr(module, name, call)

timed(store_module, "verify", "verify")       # the store, as Store() calls it
timed(store_module, "digest_bytes", "blobs")  # each index blob read
timed(files, "file_digest", "sha256")         # the model files' sha256
from klareco.retrieval import dense
timed(dense, "verify", "verify")              # the dense index and its metadata
started = time.perf_counter()
engine = engine_module.Engine.load()
load = time.perf_counter() - started
engine.close()
print(json.dumps({"load": load, **spent}))
"""


def child_run() -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", _CHILD], check=True, capture_output=True,
                          text=True)
    return {key: value * 1000 for key, value in json.loads(done.stdout).items()}


def hash_ms(path: Path, algorithm: str, runs: int) -> float:
    from klareco.integrity import file_digest

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        if algorithm == "blake2b":
            digest = hashlib.blake2b()
            with path.open("rb", buffering=0) as handle:
                while chunk := handle.read(1 << 22):
                    digest.update(chunk)
        else:
            file_digest(path)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def vector_check_us(runs: int) -> float:
    import numpy as np

    from klareco.artifacts import store_path
    from klareco.corpus.store import Store
    from klareco.models.numpy_encoder import NumpyEncoder
    from klareco.retrieval.dense import DenseIndex

    with Store(store_path()) as store:
        dense = DenseIndex.load(store, NumpyEncoder.load())
        count = dense.index.ntotal
        positions = np.random.default_rng(0).choice(count, min(100, count), replace=False)
        times = []
        for _ in range(runs * 100):
            started = time.perf_counter()
            dense.vectors(positions)
            times.append(time.perf_counter() - started)
        unchecked = []
        for _ in range(runs * 100):
            started = time.perf_counter()
            dense.matrix[positions]
            unchecked.append(time.perf_counter() - started)
    return (statistics.median(times) - statistics.median(unchecked)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    from klareco.config import data_home
    from klareco.integrity import recorded

    child_run()  # untimed: page cache and stamps
    runs = [child_run() for _ in range(args.runs)]
    median = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    checks = median["verify"] + median["blobs"]
    print(f"Engine.load, median of {args.runs} fresh processes: {median['load']:.1f} ms")
    print(f"  verify (stat + stamp of each file): {median['verify']:.2f} ms")
    print(f"  index blobs against their checksums: {median['blobs']:.2f} ms")
    print(f"  integrity checks together: {checks:.2f} ms = "
          f"{checks / median['load']:.1%} of the load")
    print(f"  model files' sha256 (checked before too, now remembered): "
          f"{median['sha256']:.2f} ms")
    shares = [(r["verify"] + r["blobs"]) / r["load"] for r in runs]
    print(f"  share per run: min {min(shares):.1%}, max {max(shares):.1%}")
    print("hashing each file whole (a first load after a change; klareco doctor):")
    total = {"xxh3": 0.0, "blake2b": 0.0}
    for path in (data_home() / name for name in sorted(recorded(data_home()))):
        size = path.stat().st_size / 1e6
        xxh3, blake2b = hash_ms(path, "xxh3", 5), hash_ms(path, "blake2b", 3)
        total["xxh3"] += xxh3
        total["blake2b"] += blake2b
        print(f"  {path.name:15} {size:8.1f} MB  xxh3-128 {xxh3:7.1f} ms  "
              f"blake2b {blake2b:7.1f} ms")
    print(f"  all: xxh3-128 {total['xxh3']:.1f} ms, blake2b {total['blake2b']:.1f} ms")
    print(f"query-time check of 100 stored vectors: {vector_check_us(args.runs):.1f} µs")


if __name__ == "__main__":
    main()
