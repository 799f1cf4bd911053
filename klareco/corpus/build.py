"""``klareco build``: fetch → read → split → parse (all cores) → store, under the data dir.

Idempotent: the build records a fingerprint of everything it was made from (source sha256s,
the grammars, the lexicon, the parser's code); with unchanged inputs a second build only
checks the sources and returns. Atomic: the new store is written to a temporary file beside
the old one and moved over it in one ``os.replace``, so a build killed at any moment leaves
the previous store as it was.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sqlite3
import sys
import time
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from tqdm import tqdm

from klareco import __version__
from klareco.config import data_home
from klareco.corpus.errors import CorpusError
from klareco.corpus.fetch import fetch
from klareco.corpus.manifest import Manifest, load_manifest
from klareco.corpus.reader import read_corpus, walk_corpus
from klareco.corpus.store import SCHEMA, SCHEMA_VERSION, STORE_NAME, Store, encode_ast
from klareco.lexicon.roots import lexicon_hash
from klareco.models.treebank import treebank_blobs
from klareco.models.trees import SentenceTree, sentence_tree
from klareco.models.vocabulary import vocabulary
from klareco.parse.parser import parse
from klareco.retrieval.bm25 import build_bm25
from klareco.retrieval.index import index_blobs
from klareco.retrieval.keywords import context_terms
from klareco.retrieval.keywords import terms as index_terms

SOURCES_DIR = "sources"
_TMP_PREFIX = f".{STORE_NAME}."
_TMP_SUFFIX = ".partial"
TOP_UNKNOWN = 30


@dataclass(frozen=True)
class BuildReport:
    """What a build did."""

    store: Path
    up_to_date: bool
    seconds: float
    documents: int
    sentences: int


def analyzer_fingerprint() -> str:
    """Identifies the analyser and indexer: grammars, lexicon, parser and retrieval code."""
    digest = hashlib.sha256()
    digest.update(lexicon_hash().encode())
    for package in ("klareco.grammar", "klareco.lexicon", "klareco.parse", "klareco.retrieval"):
        for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
            if entry.name.endswith((".lark", ".py")):
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    for name in ("vocabulary.py", "trees.py"):  # the encoder trees stored with each sentence
        digest.update((resources.files("klareco.models") / name).read_bytes())
    return digest.hexdigest()


def _fingerprint(manifest: Manifest) -> str:
    digest = hashlib.sha256()
    digest.update(f"schema {SCHEMA_VERSION} klareco {__version__}\n".encode())
    digest.update(analyzer_fingerprint().encode())
    for source in manifest:
        digest.update(f"{source.id} {source.file} {source.sha256}\n".encode())
    return digest.hexdigest()


def store_path(home: Path | None = None) -> Path:
    """Where the corpus store of a data directory lives."""
    return (home or data_home()) / STORE_NAME


def _is_current(path: Path, fingerprint: str) -> bool:
    if not path.is_file():
        return False
    try:
        with Store(path) as store:
            return store.info.get("fingerprint") == fingerprint
    except (CorpusError, sqlite3.Error):
        return False


def build(
    home: Path | None = None,
    mirror: Path | None = None,
    *,
    manifest: Manifest | Path | None = None,
    progress: bool = True,
    workers: int | None = None,
    force: bool = False,
) -> BuildReport:
    """Build (or confirm up to date) the corpus store under ``home`` (default: the data dir)."""
    started = time.perf_counter()
    home = Path(home) if home is not None else data_home()
    home.mkdir(parents=True, exist_ok=True)
    if not isinstance(manifest, Manifest):
        manifest = load_manifest(manifest)
    show = progress and sys.stderr.isatty()
    sources = home / SOURCES_DIR
    fetch(sources, mirror, progress=show, manifest=manifest)
    fingerprint = _fingerprint(manifest)
    target = store_path(home)
    if not force and _is_current(target, fingerprint):
        with Store(target) as store:
            return BuildReport(target, True, time.perf_counter() - started,
                               store.count("documents"), store.count("sentences"))
    _remove_stale_partials(home)

    documents = list(tqdm(read_corpus(sources, manifest), total=len(manifest), unit="doc",
                          desc="read", disable=not show))
    rows = list(walk_corpus(documents))
    texts = [sentence.text for _, _, _, sentence in rows]
    parsed = _parse_all(texts, workers, show)

    partial = home / f"{_TMP_PREFIX}{os.getpid()}{_TMP_SUFFIX}"
    try:
        _write_store(partial, documents, rows, parsed, fingerprint)
        os.replace(partial, target)  # the one atomic step: old store → new store
    finally:
        partial.unlink(missing_ok=True)
    return BuildReport(target, False, time.perf_counter() - started, len(documents), len(rows))


def _remove_stale_partials(home: Path) -> None:
    """Files left by a build that was killed; never the store itself."""
    for leftover in home.glob(f"{_TMP_PREFIX}*{_TMP_SUFFIX}*"):
        leftover.unlink(missing_ok=True)


# --------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class _Parsed:
    ast: bytes
    tokens: int  # word tokens (not punctuation)
    counted: int  # word tokens that are not numbers or proper names
    known: int  # of those, analysed with every morpheme known
    unknown: tuple[str, ...]
    terms: tuple[str, ...]  # stage-1 index terms (roots and names)
    tree: SentenceTree  # what the stage-2 encoder reads


def _parse_for_store(text: str) -> _Parsed:
    sentence = parse(text)
    tokens = counted = known = 0
    unknown: list[str] = []
    for word in sentence.words:
        if word.is_punct:
            continue
        tokens += 1
        if word.pos in ("NUM", "PROPN") or word.proper or (
                word.form[:1].isupper() and not word.known):
            continue  # numbers and names are not expected in a root dictionary
        counted += 1
        if word.known:
            known += 1
        else:
            unknown.append(word.form.lower())
    ast = sentence.to_dict()
    terms = tuple(index_terms(ast))
    tree = sentence_tree(ast, vocabulary())
    return _Parsed(encode_ast(ast), tokens, counted, known, tuple(unknown), terms, tree)


def _parse_all(texts: list[str], workers: int | None, show: bool) -> list[_Parsed]:
    workers = workers or min(os.cpu_count() or 1, 8)
    bar = tqdm(total=len(texts), unit="sent", desc="parse", disable=not show, smoothing=0.05)
    try:
        if workers <= 1:
            results = []
            for text in texts:
                results.append(_parse_for_store(text))
                bar.update()
            return results
        # fork: the workers inherit the loaded grammars and dictionary.
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = []
            for result in pool.imap(_parse_for_store, texts, chunksize=256):
                results.append(result)
                bar.update()
            return results
    finally:
        bar.close()


# --------------------------------------------------------------------------- writing


def _write_store(path, documents, rows, parsed, fingerprint) -> None:  # type: ignore[no-untyped-def]
    db = sqlite3.connect(path)
    try:
        db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
        db.executescript(SCHEMA)
        passage_ids: dict[tuple[str, str], int] = {}
        for document in documents:
            d = document.to_dict()
            db.execute("INSERT INTO documents VALUES (?,?,?,?,?,?,?,?)", (
                d["doc_id"], d["title"], json.dumps(d["authors"], ensure_ascii=False),
                d["translator"], d["year"], d["license"], d["source_url"], d["sha256"]))
            for section in document.sections:
                db.execute("INSERT OR IGNORE INTO sections VALUES (?,?,?,?,?)", (
                    document.doc_id, section.section_id, section.title, section.kind,
                    json.dumps(list(section.heads), ensure_ascii=False)))
                for passage in section.passages:
                    cursor = db.execute(
                        "INSERT INTO passages (doc_id, section_id, passage_id, kind, speaker,"
                        " text, names, foreign_spans) VALUES (?,?,?,?,?,?,?,?)",
                        (document.doc_id, section.section_id, passage.passage_id, passage.kind,
                         passage.speaker, passage.text, json.dumps(passage.names),
                         json.dumps(passage.foreign)))
                    passage_ids[(document.doc_id, passage.passage_id)] = int(
                        cursor.lastrowid or 0)
        db.executemany(
            "INSERT INTO sentences (sentence_id, passage, position, start, end, text, citation,"
            " ast) VALUES (?,?,?,?,?,?,?,?)",
            ((s.sentence_id, passage_ids[(s.doc_id, s.passage_id)], s.index, s.start, s.end,
              s.text, s.citation, p.ast) for (_, _, _, s), p in zip(rows, parsed, strict=True)))
        index_started = time.perf_counter()
        arrays = build_bm25(_index_documents(rows, parsed))
        sentence_ids = [s.sentence_id for _, _, _, s in rows]
        db.executemany("INSERT INTO index_blobs VALUES (?, ?)",
                       index_blobs(arrays, sentence_ids).items())
        db.executemany("INSERT INTO index_blobs VALUES (?, ?)",
                       treebank_blobs([p.tree for p in parsed]).items())
        stats = _stats(len(documents), parsed)
        stats["index_seconds"] = round(time.perf_counter() - index_started, 2)
        db.executemany("INSERT INTO build_info VALUES (?, ?)", [
            ("schema", SCHEMA_VERSION), ("fingerprint", fingerprint),
            ("analyzer", analyzer_fingerprint()), ("lexicon", lexicon_hash()),
            ("klareco", __version__), ("stats", json.dumps(stats, ensure_ascii=False)),
        ])
        db.commit()
    finally:
        db.close()
    with open(path, "rb") as handle:  # on disk before it replaces the old store
        os.fsync(handle.fileno())


def _index_documents(rows, parsed: list[_Parsed]) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """Each sentence's own terms plus those of its work's title and its section headings."""
    context: dict[tuple[str, str], list[str]] = {}
    documents = []
    for (document, section, _, _), p in zip(rows, parsed, strict=True):
        key = (document.doc_id, section.section_id)
        if key not in context:
            context[key] = context_terms(document.title, section.heads)
        documents.append([*p.terms, *context[key]])
    return documents


def _stats(documents: int, parsed: list[_Parsed]) -> dict[str, object]:
    unknown: Counter[str] = Counter()
    counted = known = tokens = 0
    for p in parsed:
        tokens += p.tokens
        counted += p.counted
        known += p.known
        unknown.update(p.unknown)
    return {
        "documents": documents,
        "sentences": len(parsed),
        "tokens": tokens,
        "counted_tokens": counted,
        "known_token_rate": round(known / counted, 4) if counted else 0.0,
        "top_unknown": [{"word": w, "count": c} for w, c in unknown.most_common(TOP_UNKNOWN)],
    }
