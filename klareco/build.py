"""Everything ``klareco build`` makes, in order: the corpus store with what later stages keep in
it (the stage-1 index, the encoder trees), then the dense index of the trained model. Each
part is skipped when its inputs are unchanged. A collection of one's own texts gets the same
artefacts in its own folder (``klareco.artifacts.collection_home``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from klareco.artifacts import collection_home, store_path
from klareco.config import build_lock, data_home
from klareco.corpus.build import BuildReport, build
from klareco.corpus.collection import build_collection_store
from klareco.corpus.manifest import Manifest
from klareco.corpus.store import Store
from klareco.distributed import DaskBuild, dask_client
from klareco.models.encoder import Encoder
from klareco.models.treebank import TreeIndexer
from klareco.retrieval.dense import DenseReport, build_dense
from klareco.retrieval.index import BM25Indexer

# What the store keeps besides the corpus: stage 1's index and stage 2's trees.
STORE_INDEXERS = (BM25Indexer(), TreeIndexer())


@dataclass(frozen=True)
class FullBuildReport:
    corpus: BuildReport
    dense: DenseReport


def build_store(home: Path | None = None, mirror: Path | None = None, *,
                manifest: Manifest | Path | None = None, progress: bool = True,
                workers: int | None = None, force: bool = False) -> BuildReport:
    """The corpus store with the stage-1 index and the encoder trees (no dense index); the
    options are those of ``klareco.corpus.build.build``."""
    home = home or data_home()
    with build_lock(home):
        return build(home, mirror, manifest=manifest, progress=progress, workers=workers,
                     force=force, indexers=STORE_INDEXERS)


def build_all(home: Path | None = None, mirror: Path | None = None, *, force: bool = False,
              progress: bool = True, dask: str | None = None,
              manifest: Manifest | Path | None = None) -> FullBuildReport:
    """Build the corpus store and the dense index under ``home`` (default: the data dir);
    ``dask``: a Dask scheduler's address (``"local"``: a local cluster) to parse and encode
    on, in partitions (``klareco.distributed``); the artefacts are the same."""
    home = home or data_home()
    with build_lock(home), _dask_build(dask, home, progress) as cluster:
        corpus = build(home, mirror, manifest=manifest, progress=progress, force=force,
                       indexers=STORE_INDEXERS, parse_many=cluster.parse if cluster else None)
        return FullBuildReport(corpus, _build_dense(home, progress, force, cluster))


def build_collection(name: str, sources: Sequence[Path | str] | None = None,
                     home: Path | None = None, *, force: bool = False, progress: bool = True,
                     workers: int | None = None, dask: str | None = None) -> FullBuildReport:
    """Build the collection ``name`` from ``sources`` (files and folders; default: those it
    was built from last time) under ``home`` (default: the data dir): its store and its
    dense index by the shipped encoder."""
    folder = collection_home(name, home)
    with build_lock(folder), _dask_build(dask, folder, progress) as cluster:
        corpus = build_collection_store(folder, sources, indexers=STORE_INDEXERS,
                                        progress=progress, workers=workers, force=force,
                                        parse_many=cluster.parse if cluster else None)
        return FullBuildReport(corpus, _build_dense(folder, progress, force, cluster))


@contextmanager
def _dask_build(scheduler: str | None, home: Path, progress: bool) -> Iterator[DaskBuild | None]:
    """The Dask cluster the build runs on (one for both steps), or None for this machine."""
    if scheduler is None:
        yield None
        return
    home.mkdir(parents=True, exist_ok=True)
    with dask_client(scheduler) as client:
        yield DaskBuild(client, home, progress)


def _build_dense(home: Path, progress: bool, force: bool,
                 cluster: DaskBuild | None) -> DenseReport:
    encoder = Encoder.load()
    with Store(store_path(home)) as store:
        return build_dense(store, encoder, home, progress=progress, force=force,
                           encode_all=cluster.encode if cluster else None,
                           questions=held_out_question_vectors)


IVF_QUESTIONS = 500  # held-out generated questions that choose the IVF index's nprobe


def held_out_question_vectors(store: Store, encoder: Encoder) -> np.ndarray:
    """The encoder's vectors of questions generated from the store's held-out documents
    (never trained on), the questions a large corpus's IVF index is tuned on."""
    from klareco.parse import parse
    from klareco.training.heldout import generated_gold
    from klareco.training.split import held_out_documents

    documents = held_out_documents(store.documents()) or set(store.documents())
    items = generated_gold(store, documents, IVF_QUESTIONS, seed=0)
    return encoder.encode([parse(item["question"]) for item in items])

