"""Where each built artefact lives under the data directory, and what identifies its inputs.

A neutral module: every stage reads and writes its artefacts through these names, so no stage
imports another only to learn a path or a fingerprint.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from importlib import resources
from pathlib import Path

from klareco.config import data_home
from klareco.errors import KlarecoError
from klareco.integrity import checksums_path
from klareco.lexicon.roots import lexicon_hash

STORE_NAME = "klareco.sqlite"  # the corpus store: documents, sentences, ASTs, stage-1 index
SOURCES_DIR = "sources"  # the verified copy of the corpus sources
DENSE_INDEX_NAME = "dense.faiss"  # every sentence's Tree-LSTM vector
DENSE_META_NAME = "dense.json"  # what the dense index was built from
DENSE_IVF_NAME = "dense.ivf.faiss"  # the IVF index of a large corpus's vectors (retrieval.ivf)
COLLECTIONS_DIR = "collections"  # one folder per collection of one's own texts, same artefacts
COLLECTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")

# The code whose output the store keeps: the analyser (grammars, lexicon, parser), the stage-1
# terms and index, and the encoder trees stored with each sentence. Code that only reads the
# store (searching, fusion, the question's respelling) is left out: changing it needs no rebuild.
_ANALYZER_PACKAGES = ("klareco.grammar", "klareco.lexicon", "klareco.parse")
_ANALYZER_MODULES = (
    ("klareco.retrieval", "keywords.py"), ("klareco.retrieval", "index.py"),
    ("klareco.retrieval", "bm25.py"), ("klareco.retrieval", "kinds.py"),
    ("klareco.models", "vocabulary.py"), ("klareco.models", "trees.py"),
    ("klareco.corpus", "names.py"),  # which first words the parser reads as names
)


def store_path(home: Path | None = None) -> Path:
    """The corpus store of a data directory (default: ``data_home()``)."""
    return (home or data_home()) / STORE_NAME


def collection_home(name: str | None, home: Path | None = None) -> Path:
    """The data directory of a collection: ``collections/NAME`` under ``home`` (default:
    ``data_home()``), which holds the same artefacts as the default corpus's; ``None`` names
    the default corpus, whose artefacts are ``home`` itself."""
    base = home or data_home()
    if name is None:
        return base
    if not COLLECTION_NAME.fullmatch(name):
        raise KlarecoError(f"{name!r} is not a collection name: use letters, digits, '-', '_' "
                         "or '.', starting with a letter or digit")
    return base / COLLECTIONS_DIR / name


def nothing_built(home: Path | None = None) -> bool:
    """No build was ever made in ``home``: neither a store nor a record of one. (A store that
    is gone while the record names it is damage, and is reported as such.)"""
    path = store_path(home)
    return not path.exists() and not checksums_path(path.parent).exists()


def sources_dir(home: Path | None = None) -> Path:
    return (home or data_home()) / SOURCES_DIR


def dense_paths(home: Path | None = None) -> tuple[Path, Path]:
    """The dense index and its metadata file."""
    base = home or data_home()
    return base / DENSE_INDEX_NAME, base / DENSE_META_NAME


def dense_ivf_path(home: Path | None = None) -> Path:
    """The IVF index a large corpus's dense search uses (beside the exact one)."""
    return (home or data_home()) / DENSE_IVF_NAME


@cache
def analyzer_fingerprint() -> str:
    """Identifies the analyser and indexer: grammars, lexicon, parser, the rule of the
    corpus's names that start sentences, retrieval terms and the encoder trees. A store built
    with another fingerprint must be rebuilt. Files are read as package resources, never
    imported, so this costs no stage's imports."""
    digest = hashlib.sha256()
    digest.update(lexicon_hash().encode())
    for package in _ANALYZER_PACKAGES:
        for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
            if entry.name.endswith((".lark", ".py")):
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    for package, name in _ANALYZER_MODULES:
        digest.update((resources.files(package) / name).read_bytes())
    return digest.hexdigest()
