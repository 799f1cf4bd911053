"""The dense index: every stored sentence's Tree-LSTM vector in a FAISS inner-product index.

It lives beside the corpus store (``dense.faiss`` and ``dense.json`` in the data directory) and
records what it was made from: the store's fingerprint and the model's id. Loading it with
another store or model fails with "run `klareco build`" instead of returning wrong neighbours.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import faiss
import numpy as np
from tqdm import tqdm

from klareco.config import data_home
from klareco.corpus.store import Store
from klareco.errors import KlarecoError
from klareco.models.encoder import Encoder
from klareco.models.treebank import TreeBank

INDEX_FILE = "dense.faiss"
META_FILE = "dense.json"


@dataclass(frozen=True)
class DenseReport:
    """What building the dense index did."""

    path: Path
    up_to_date: bool
    sentences: int
    seconds: float
    model_id: str


def _meta(home: Path) -> dict[str, object] | None:
    try:
        return json.loads((home / META_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def build_dense(store: Store, encoder: Encoder, home: Path | None = None, *,
                progress: bool = True, force: bool = False) -> DenseReport:
    """Encode every stored sentence and write the FAISS index (skipped when up to date)."""
    started = time.perf_counter()
    home = home or data_home()
    fingerprint = store.info.get("fingerprint")
    meta = _meta(home)
    if (not force and meta and meta.get("store") == fingerprint
            and meta.get("model") == encoder.model_id and (home / INDEX_FILE).is_file()):
        return DenseReport(home / INDEX_FILE, True, int(meta["count"]),  # type: ignore[call-overload]
                           time.perf_counter() - started, encoder.model_id)
    bank = TreeBank.load(store)
    trees = bank.trees(range(len(bank)))
    index = faiss.IndexFlatIP(encoder.dim)
    bar = tqdm(total=len(trees), unit="sent", desc="encode",
               disable=not (progress and sys.stderr.isatty()))
    for vectors in encoder.encode_batches(trees, batch_size=512):
        index.add(vectors)
        bar.update(len(vectors))
    bar.close()
    seconds = time.perf_counter() - started
    partial = home / f".{INDEX_FILE}.{os.getpid()}.partial"
    try:
        faiss.write_index(index, str(partial))
        os.replace(partial, home / INDEX_FILE)
    finally:
        partial.unlink(missing_ok=True)
    meta = {"store": fingerprint, "model": encoder.model_id, "count": len(trees),
            "dim": encoder.dim, "encode_seconds": round(seconds, 2),
            "sentences_per_second": round(len(trees) / seconds, 1)}
    partial_meta = home / f".{META_FILE}.{os.getpid()}.partial"
    partial_meta.write_text(json.dumps(meta, indent=1), encoding="utf-8")
    os.replace(partial_meta, home / META_FILE)
    return DenseReport(home / INDEX_FILE, False, len(trees), seconds, encoder.model_id)


class DenseIndex:
    """Sentence vectors by corpus position, with exact inner-product search."""

    def __init__(self, index: faiss.Index) -> None:
        self.index = index
        # IndexFlat keeps the raw float32 rows; a view of them serves the stage-2 rerank.
        self.matrix = faiss.rev_swig_ptr(index.get_xb(), index.ntotal * index.d).reshape(
            index.ntotal, index.d)

    @classmethod
    def load(cls, store: Store, encoder: Encoder, home: Path | None = None) -> DenseIndex:
        """The dense index of ``home``; it must match the store and the encoder."""
        home = home or data_home()
        meta = _meta(home)
        path = home / INDEX_FILE
        if meta is None or not path.is_file():
            raise KlarecoError(f"no dense index in {home}: run `klareco build`")
        if meta.get("store") != store.info.get("fingerprint") or meta.get(
                "model") != encoder.model_id:
            raise KlarecoError("the dense index was built from another corpus build or model: "
                               "run `klareco build`")
        try:
            index = faiss.read_index(str(path))
        except RuntimeError:
            raise KlarecoError(f"the dense index {path} is corrupt: run `klareco build`") from None
        if index.ntotal != meta.get("count") or index.d != encoder.dim:
            raise KlarecoError(f"the dense index {path} is incomplete: run `klareco build`")
        return cls(index)

    def vectors(self, positions: np.ndarray) -> np.ndarray:
        """Stored vectors of the sentences at ``positions`` (0-based corpus order)."""
        return self.matrix[positions]

    def search(self, vector: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Positions and cosines of the ``k`` nearest sentences to one unit vector."""
        scores, positions = self.index.search(vector.reshape(1, -1).astype(np.float32), k)
        keep = positions[0] >= 0
        return positions[0][keep].astype(np.int64), scores[0][keep]
