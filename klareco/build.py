"""Everything ``klareco build`` makes, in order: the corpus store with what later stages keep in
it (the stage-1 index, the encoder trees), then the dense index of the trained model. Each
part is skipped when its inputs are unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from klareco.artifacts import store_path
from klareco.corpus.build import BuildReport, build
from klareco.corpus.manifest import Manifest
from klareco.corpus.store import Store
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
    return build(home, mirror, manifest=manifest, progress=progress, workers=workers,
                 force=force, indexers=STORE_INDEXERS)


def build_all(home: Path | None = None, mirror: Path | None = None, *, force: bool = False,
              progress: bool = True) -> FullBuildReport:
    """Build the corpus store and the dense index under ``home`` (default: the data dir)."""
    corpus = build_store(home, mirror, force=force, progress=progress)
    encoder = Encoder.load()
    with Store(store_path(home)) as store:
        dense = build_dense(store, encoder, home, progress=progress, force=force)
    return FullBuildReport(corpus, dense)

