"""``klareco doctor``: verify a build fully and say what is wrong.

Loading the engine verifies what it can afford (``klareco.integrity``); the doctor hashes
every recorded file whatever its stamp says, asks SQLite to check the store's pages, checks
every index blob against its checksum and every stored vector's norm, and loads the model files
as answering does. Each check gives one ``Finding``; any failed one means "run `klareco build`"
(or, for a model file, restore it).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from klareco.artifacts import analyzer_fingerprint, dense_paths, store_path
from klareco.config import data_home
from klareco.corpus.store import BLOB_CHECKSUMS, Store
from klareco.errors import KlarecoError
from klareco.integrity import CHECKSUMS_NAME, recorded, verify

VECTOR_CHUNK = 8192  # rows of the dense index checked at a time


@dataclass(frozen=True)
class Finding:
    """One check: what was checked, whether it passed, and what was found."""

    name: str
    ok: bool
    detail: str

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "ok": self.ok, "detail": self.detail}


def examine(home: Path | None = None) -> list[Finding]:
    """Every check of the build under ``home`` (default: the data directory), in order."""
    home = home or data_home()
    if not home.is_dir():
        return [Finding("home", False, f"{home} is not a folder: nothing is built there; "
                        "set KLARECO_HOME to a folder and run `klareco build`")]
    if not store_path(home).exists() and not (home / CHECKSUMS_NAME).exists():
        return [Finding("home", False, f"nothing is built in {home}: run `klareco build`")]
    findings = [_check("checksums", lambda: _checksums(home))]
    findings.append(_check(store_path(home).name, lambda: _store(home)))
    findings.append(_check(dense_paths(home)[0].name, lambda: _dense(home)))
    findings.extend(_models())
    return findings


def _check(name: str, run: Callable[[], str]) -> Finding:
    try:
        return Finding(name, True, run())
    except KlarecoError as error:
        return Finding(name, False, str(error))


def _checksums(home: Path) -> str:
    files = sorted(recorded(home))
    for name in files:  # each hashed whole, whatever its stamp says
        verify(home / name, full=True)
    return f"{len(files)} files match their checksums in {CHECKSUMS_NAME}: {', '.join(files)}"


def _store(home: Path) -> str:
    path = store_path(home)
    with Store(path) as store:
        try:
            problems = [row[0] for row in store.db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as error:
            problems = [str(error)]
        if problems != ["ok"]:
            raise KlarecoError(f"{path} is damaged (SQLite: {'; '.join(problems[:3])}): run "
                               "`klareco build`")
        names = sorted(json.loads(store.info.get(BLOB_CHECKSUMS) or "{}"))
        for name in names:
            store.index_blob(name)  # checks the blob against its checksum
        if store.info.get("analyzer") != analyzer_fingerprint():
            raise KlarecoError(f"{path} was built with another grammar, lexicon or parser "
                               "than this one: run `klareco build`")
        sentences = store.count("sentences")
    return f"SQLite pages, {len(names)} index blobs; {sentences:,} sentences"


def _dense(home: Path) -> str:
    from klareco.models.numpy_encoder import NumpyEncoder
    from klareco.retrieval.dense import DenseIndex

    index_path, _ = dense_paths(home)
    with Store(store_path(home)) as store:
        dense = DenseIndex.load(store, NumpyEncoder.load(), home)
        sentences = store.count("sentences")
    if dense.index.ntotal != sentences:
        raise KlarecoError(f"{index_path} holds {dense.index.ntotal:,} vectors for "
                           f"{sentences:,} sentences: run `klareco build`")
    for rows in _chunks(dense.matrix):
        dense.check_unit(rows)
    return f"{dense.index.ntotal:,} vectors, each finite and of norm 1"


def _chunks(matrix: np.ndarray) -> Iterator[np.ndarray]:
    for start in range(0, len(matrix), VECTOR_CHUNK):
        yield matrix[start:start + VECTOR_CHUNK]


def _models() -> list[Finding]:
    from klareco.experts.factoid.expert import RANKER_PATH
    from klareco.experts.factoid.model import Ranker
    from klareco.models.numpy_encoder import NumpyEncoder, default_model_path

    def encoder() -> str:
        return f"{NumpyEncoder.load().model_id}; matches its numpy mirror"

    def ranker() -> str:
        Ranker.load(RANKER_PATH)
        return "matches its numpy mirror"

    return [_check(default_model_path().name, encoder), _check(RANKER_PATH.name, ranker)]
