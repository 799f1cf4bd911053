"""The dense index: every stored sentence's Tree-LSTM vector in a FAISS inner-product index.

It lives beside the corpus store (``dense.faiss`` and ``dense.json`` in the data directory) and
records what it was made from: the store's fingerprint and the model's id. Loading it with
another store or model fails with "run `klareco build`" instead of returning wrong neighbours.

Its files are installed with their checksums and verified when loaded (``klareco.integrity``).
Every vector a question reads is checked again as it is read: finite, of norm 1 within
``NORM_TOLERANCE`` (the encoder writes unit vectors), so damage the checksum could not see (the
disk changed a byte under an unchanged file) still never reaches a ranking.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import faiss
import numpy as np

from klareco.artifacts import dense_ivf_path, dense_paths
from klareco.corpus.store import Store
from klareco.errors import DamagedError, HomeError, KlarecoError, writing
from klareco.integrity import forget, install, is_intact, verify
from klareco.models.numpy_encoder import NumpyEncoder
from klareco.models.treebank import TreeBank
from klareco.retrieval.fusion import Fusion
from klareco.retrieval.ivf import IVF_MIN_SENTENCES, IVF_RULE, build_ivf, flat_vectors
from klareco.retrieval.search import Stage2

if TYPE_CHECKING:  # the torch encoder builds the index; answering never imports torch
    from klareco.models.encoder import Encoder


# Map the index file's vectors into memory instead of reading them: a question's rerank
# touches 100 rows of the 120 MB, and reading them all took 80 ms of a one-shot `klareco ask`.
# A faiss without the flag reads the file whole.
_MAP_FLAT = getattr(faiss, "IO_FLAG_MMAP_IFC", 0)
NORM_TOLERANCE = 1e-3  # a stored vector's norm is 1 within this, or the index is damaged


@dataclass(frozen=True)
class DenseReport:
    """What building the dense index did."""

    path: Path
    up_to_date: bool
    sentences: int
    seconds: float
    model_id: str


def _meta(path: Path) -> dict[str, object] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


ENCODE_BATCH = 512  # the build's batches (a Dask build's partitions are multiples of them)


# Encodes a store's trees elsewhere (``klareco.distributed``): the store, the encoder, the
# number of sentences and the batch size in; the vectors in corpus order out, in pieces.
EncodeAll = Callable[[Store, "Encoder", int, int], Iterable[np.ndarray]]
# The vectors of held-out questions over a store, which choose the IVF index's nprobe.
QuestionVectors = Callable[[Store, "Encoder"], np.ndarray]


def build_dense(store: Store, encoder: Encoder, home: Path | None = None, *,
                progress: bool = True, force: bool = False,
                encode_all: EncodeAll | None = None,
                questions: QuestionVectors | None = None,
                ivf_min: int = IVF_MIN_SENTENCES) -> DenseReport:
    """Encode every stored sentence and write the FAISS index (skipped when up to date);
    ``encode_all``: encode elsewhere (a Dask cluster) in the same batches, to the same
    vectors. From ``ivf_min`` sentences on, and given ``questions``, also an IVF index for
    the dense search (``klareco.retrieval.ivf``), made again alone when only it is missing
    or was chosen by an older rule."""
    started = time.perf_counter()
    index_path, meta_path = dense_paths(home)
    ivf_path = dense_ivf_path(home)
    fingerprint = store.info.get("fingerprint")
    meta = _meta(meta_path)
    current = bool(not force and meta and meta.get("store") == fingerprint
                   and meta.get("model") == encoder.model_id and is_intact(index_path)
                   and is_intact(meta_path))
    count = int(meta["count"]) if current and meta else store.count("sentences")
    wants_ivf = questions is not None and count >= ivf_min
    ivf_meta = meta.get("ivf") if meta else None
    ivf_current = (isinstance(ivf_meta, dict) and ivf_meta.get("rule") == IVF_RULE
                   and is_intact(ivf_path))
    if current and meta and wants_ivf == ivf_current:
        return DenseReport(index_path, True, count, time.perf_counter() - started,
                           encoder.model_id)
    if current and meta:
        index = faiss.read_index(str(index_path), _MAP_FLAT)
        seconds = 0.0
    else:
        index, seconds = _encode_store(store, encoder, encode_all, progress)
        _write_index(index, index_path)
        meta = {"store": fingerprint, "model": encoder.model_id, "count": count,
                "dim": encoder.dim, "encode_seconds": round(seconds, 2),
                "sentences_per_second": round(count / max(seconds, 1e-9), 1)}
    meta.pop("ivf", None)
    if wants_ivf and questions is not None:
        started_ivf = time.perf_counter()
        choice = build_ivf(index, questions(store, encoder))
        _write_index(choice.index, ivf_path)
        meta["ivf"] = {"kind": "IVF-Flat", "rule": IVF_RULE, "nlist": choice.nlist,
                       "nprobe": choice.nprobe, "recall@100": round(choice.recall, 4),
                       "questions": choice.questions,
                       "seconds": round(time.perf_counter() - started_ivf, 2)}
    partial_meta = meta_path.with_name(f".{meta_path.name}.{os.getpid()}.partial")
    try:
        with writing(meta_path.parent):
            partial_meta.write_text(json.dumps(meta, indent=1), encoding="utf-8")
            # the metadata after the indexes: a build killed between them leaves metadata that
            # does not describe a new index only when the store changed, and then the store's
            # fingerprint in it no longer matches, which is refused
            install(partial_meta, meta_path)
            if "ivf" not in meta:  # once no metadata names it
                forget(ivf_path)
                ivf_path.unlink(missing_ok=True)
    finally:
        partial_meta.unlink(missing_ok=True)
    return DenseReport(index_path, False, count, seconds, encoder.model_id)


def _encode_store(store: Store, encoder: Encoder, encode_all: EncodeAll | None,
                  progress: bool) -> tuple[faiss.IndexFlatIP, float]:
    """The flat index of every stored sentence's vector, and the seconds it took."""
    from tqdm import tqdm

    started = time.perf_counter()
    bank = TreeBank.load(store)
    count = len(bank)
    index = faiss.IndexFlatIP(encoder.dim)
    if encode_all is not None:
        batches = encode_all(store, encoder, count, ENCODE_BATCH)
    else:
        batches = encoder.encode_batches(bank.trees(range(count)), batch_size=ENCODE_BATCH)
    bar = tqdm(total=count, unit="sent", desc="encode",
               disable=not (progress and sys.stderr.isatty()))
    for vectors in batches:
        index.add(vectors)
        bar.update(len(vectors))
    bar.close()
    return index, time.perf_counter() - started


def _write_index(index: faiss.Index, path: Path) -> None:
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with writing(path.parent):
            try:
                faiss.write_index(index, str(partial))
            except RuntimeError as error:  # faiss reports a failed write (a full disk) so
                raise HomeError(f"cannot write {path.parent}: {error}") from None
            install(partial, path)
    finally:
        partial.unlink(missing_ok=True)


class DenseIndex:
    """Sentence vectors by corpus position, with exact inner-product search."""

    def __init__(self, index: faiss.Index, path: Path | None = None,
                 ivf: faiss.Index | None = None) -> None:
        self.index = index
        self.path: Path | str = path or "the dense index"  # the file it was read from
        self.ivf = ivf  # a large corpus's approximate search (``klareco.retrieval.ivf``)
        # IndexFlat keeps the raw float32 rows (mapped from the file, see ``_MAP_FLAT``); a
        # view of them serves the stage-2 rerank.
        self.matrix = flat_vectors(index)

    @classmethod
    def load(cls, store: Store, encoder: Encoder | NumpyEncoder,
             home: Path | None = None) -> DenseIndex:
        """The dense index of ``home``; it must match the store and the encoder."""
        path, meta_path = dense_paths(home)
        if not path.exists() and not meta_path.exists():
            raise KlarecoError(f"no dense index in {path.parent}: run `klareco build`")
        verify(path)
        verify(meta_path)
        meta = _meta(meta_path)
        if meta is None:
            raise DamagedError(meta_path, "not the JSON the build wrote")
        if meta.get("store") != store.info.get("fingerprint") or meta.get(
                "model") != encoder.model_id:
            raise KlarecoError("the dense index was built from another corpus build or model: "
                               "run `klareco build`")
        try:
            index = faiss.read_index(str(path), _MAP_FLAT)
        except RuntimeError:
            raise DamagedError(path, "faiss cannot read it") from None
        if index.ntotal != meta.get("count") or index.d != encoder.dim:
            raise DamagedError(path, f"{index.ntotal:,} vectors of {index.d} dimensions where "
                               f"{meta_path.name} records {meta.get('count')} of {encoder.dim}")
        return cls(index, path, _load_ivf(dense_ivf_path(home), meta))

    def vectors(self, positions: np.ndarray) -> np.ndarray:
        """Stored vectors of the sentences at ``positions`` (0-based corpus order), each
        checked to be a unit vector."""
        rows = self.matrix[positions]
        self.check_unit(rows)
        return rows

    def check_unit(self, rows: np.ndarray) -> None:
        """``DamagedError`` naming the index unless every row is finite and of norm 1."""
        norms = np.sqrt(np.einsum("ij,ij->i", rows, rows, dtype=np.float64))
        bad = ~(np.abs(norms - 1.0) <= NORM_TOLERANCE)  # NaN and inf fail the comparison
        if bad.any():
            raise DamagedError(self.path, f"a stored vector has norm {norms[bad][0]:.6g}, not 1")

    def search(self, vector: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Positions and cosines of the ``k`` nearest sentences to one unit vector; the
        vectors found are checked as ``vectors`` checks them."""
        searched = self.ivf if self.ivf is not None else self.index
        scores, positions = searched.search(vector.reshape(1, -1).astype(np.float32), k)
        keep = positions[0] >= 0
        # the exact search returns min(k, ntotal) vectors, less only when it drops one whose
        # score is NaN (an IVF search may legitimately find fewer)
        if self.ivf is None and keep.sum() < min(k, self.index.ntotal):
            raise DamagedError(self.path, "a stored vector gives no finite score")
        found = positions[0][keep].astype(np.int64)
        self.check_unit(self.matrix[found])
        return found, scores[0][keep]


def _load_ivf(path: Path, meta: dict[str, object]) -> faiss.Index | None:
    """The IVF index the metadata names, with its chosen nprobe (None when there is none)."""
    chosen = meta.get("ivf")
    if not isinstance(chosen, dict):
        return None
    verify(path)
    try:  # its inverted lists are mapped from the file, not read
        index = faiss.read_index(str(path), faiss.IO_FLAG_MMAP | faiss.IO_FLAG_READ_ONLY)
    except RuntimeError:
        raise DamagedError(path, "faiss cannot read it") from None
    if index.ntotal != meta.get("count"):
        raise DamagedError(path, f"{index.ntotal:,} vectors where the metadata records "
                           f"{meta.get('count')}")
    faiss.extract_index_ivf(index).nprobe = int(chosen["nprobe"])
    return index


def load_stage2(store: Store, home: Path | None = None) -> Stage2:
    """Stage 2 over a built store: the trained encoder (its numpy form: a question's tree
    needs no torch), its dense index (checked to belong to both) and the fusion rule chosen
    when the encoder was trained."""
    encoder = NumpyEncoder.load()
    dense = DenseIndex.load(store, encoder, home)
    return Stage2(encoder, dense.vectors, default_fusion(encoder), dense)


def default_fusion(encoder: Encoder | NumpyEncoder) -> Fusion:
    """The fusion rule chosen for this model when it was trained (stored in its metadata)."""
    return Fusion(**(encoder.metadata.get("fusion") or {}))
