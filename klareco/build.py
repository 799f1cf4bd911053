"""Everything ``klareco build`` makes, in order: the corpus store (with the stage-1 index and
the encoder trees), then the dense index of the trained model. Each part is skipped when its
inputs are unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from klareco.corpus.build import BuildReport, build, store_path
from klareco.corpus.store import Store
from klareco.retrieval.dense import DenseReport, build_dense


@dataclass(frozen=True)
class FullBuildReport:
    corpus: BuildReport
    dense: DenseReport


def build_all(home: Path | None = None, mirror: Path | None = None, *, force: bool = False,
              progress: bool = True) -> FullBuildReport:
    """Build the corpus store and the dense index under ``home`` (default: the data dir)."""
    from klareco.models.encoder import Encoder

    corpus = build(home, mirror, force=force, progress=progress)
    encoder = Encoder.load()
    with Store(store_path(home)) as store:
        dense = build_dense(store, encoder, home, progress=progress, force=force)
    return FullBuildReport(corpus, dense)


def is_built(home: Path | None = None) -> bool:
    """Whether the store exists (the dense index is checked when it is loaded)."""
    return store_path(home).is_file()
