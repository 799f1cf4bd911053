"""The corpus store: fetch → read → split → parse (all cores) → store, under the data dir.

Later stages keep what they compute from each sentence in the same store through
``SentenceIndexer``s that ``klareco.build`` hands in (the stage-1 index, the encoder trees):
they run in the parse workers and are written in the same atomic step, while this module
knows nothing of them.

Idempotent: the build records a fingerprint of everything it was made from (source sha256s,
the grammars, the lexicon, the parser's code); with unchanged inputs a second build only
checks the sources and returns. Incremental: when some inputs changed, a document whose sha256
is that of the same document in the previous store, built by the same parser, is not parsed
again: its stored ASTs are reused. Atomic: the new store is written to a temporary file beside
the old one and moved over it in one ``os.replace`` (``klareco.integrity.install``, which
records its checksum), so a build killed at any moment leaves the previous store as it was.
A store whose file no longer matches its checksum is not current: the build replaces it.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sqlite3
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from tqdm import tqdm

from klareco import __version__
from klareco.artifacts import analyzer_fingerprint, sources_dir, store_path
from klareco.config import data_home, prepare_home, remove_partials
from klareco.corpus.fetch import fetch
from klareco.corpus.manifest import Manifest, load_manifest
from klareco.corpus.model import Document, Row
from klareco.corpus.names import STORE_KEY, initial_forms, sentence_initial_names, stored_names
from klareco.corpus.reader import read_corpus, walk_corpus
from klareco.corpus.store import (
    BLOB_CHECKSUMS,
    SCHEMA,
    SCHEMA_VERSION,
    Store,
    arrays_path,
    decode_ast,
    encode_ast,
    write_arrays,
)
from klareco.errors import HomeError, KlarecoError, writing
from klareco.integrity import digest_bytes, install, is_intact
from klareco.lexicon.roots import lexicon_hash
from klareco.parse.ast import Sentence
from klareco.parse.parser import parse

TOP_UNKNOWN = 30


@dataclass(frozen=True)
class BuildReport:
    """What a build did."""

    store: Path
    up_to_date: bool
    seconds: float
    documents: int
    sentences: int
    parsed: int = 0  # distinct sentence texts parsed by this build
    reused: int = 0  # sentences whose stored AST was reused from the previous store


class SentenceIndexer(Protocol):
    """Something a later stage computes from every parsed sentence and keeps in the store.

    ``per_sentence`` runs in the parse workers (it must be picklable: a module-level class);
    ``blobs`` gets the corpus rows and every sentence's value, in corpus order, and returns
    the named byte blobs to store (``Store.index_blob`` reads them back).
    """

    def per_sentence(self, sentence: Sentence) -> Any: ...

    def blobs(self, rows: Sequence[Row], values: Sequence[Any]) -> dict[str, bytes]: ...


# Parses texts elsewhere (``klareco.distributed``): texts, indexers and the corpus's table of
# names (``names.sentence_initial_names``) in, what the store keeps of each text
# (``parse_texts``'s results) out, in order.
ParseMany = Callable[[Sequence[str], tuple[SentenceIndexer, ...], AbstractSet[str]], list[Any]]


def _parser_digest(indexers: Sequence[SentenceIndexer]) -> Any:
    digest = hashlib.sha256()
    digest.update(f"schema {SCHEMA_VERSION} klareco {__version__}\n".encode())
    digest.update(analyzer_fingerprint().encode())
    for indexer in indexers:  # a store without an index is not current for one that needs it
        kind = type(indexer)
        digest.update(f"indexer {kind.__module__}.{kind.__qualname__}\n".encode())
    return digest


def parser_key(indexers: Sequence[SentenceIndexer]) -> str:
    """What a stored sentence was computed with: the store's schema, the analyser and the
    indexers. Stored sentences are reused only by a build with the same key."""
    return str(_parser_digest(indexers).hexdigest())


def inputs_fingerprint(indexers: Sequence[SentenceIndexer], inputs: Sequence[str]) -> str:
    """The fingerprint of a build from ``inputs`` (one line per source file: its name and
    sha256) by this parser."""
    digest = _parser_digest(indexers)
    for line in inputs:
        digest.update(f"{line}\n".encode())
    return str(digest.hexdigest())


def _fingerprint(manifest: Manifest, indexers: Sequence[SentenceIndexer]) -> str:
    return inputs_fingerprint(indexers, [f"{source.id} {source.file} {source.sha256}"
                                         for source in manifest])


def is_current(path: Path, fingerprint: str) -> bool:
    """Whether the store at ``path`` was built with ``fingerprint`` and is as it was written
    (hashed whole: a build can afford it)."""
    if not path.is_file() or not is_intact(path):
        return False
    try:
        with Store(path) as store:
            return store.info.get("fingerprint") == fingerprint
    except (KlarecoError, sqlite3.Error):
        return False


def build(
    home: Path | None = None,
    mirror: Path | None = None,
    *,
    manifest: Manifest | Path | None = None,
    progress: bool = True,
    workers: int | None = None,
    force: bool = False,
    indexers: Sequence[SentenceIndexer] = (),
    parse_many: ParseMany | None = None,
) -> BuildReport:
    """Build (or confirm up to date) the corpus store under ``home`` (default: the data dir),
    with the blobs of ``indexers``. The fingerprint that makes a build current covers the
    analyser's and the indexers' code (``klareco.artifacts.analyzer_fingerprint``);
    ``parse_many`` as in ``write_build``."""
    started = time.perf_counter()
    indexers = tuple(indexers)
    home = Path(home) if home is not None else data_home()
    prepare_home(home)
    remove_partials(home)
    if not isinstance(manifest, Manifest):
        manifest = load_manifest(manifest)
    show = progress and sys.stderr.isatty()
    sources = sources_dir(home)
    with writing(home):
        fetch(sources, mirror, progress=show, manifest=manifest)
    fingerprint = _fingerprint(manifest, indexers)
    target = store_path(home)
    if not force and is_current(target, fingerprint):
        return current_report(target, started)
    documents = list(tqdm(read_corpus(sources, manifest), total=len(manifest), unit="doc",
                          desc="read", disable=not show))
    return write_build(home, documents, fingerprint, indexers, workers=workers,
                       progress=progress, reuse=not force, parse_many=parse_many,
                       started=started)


def current_report(target: Path, started: float) -> BuildReport:
    """The report of a build that found its store up to date."""
    with Store(target) as store:
        return BuildReport(target, True, time.perf_counter() - started,
                           store.count("documents"), store.count("sentences"))


def write_build(home: Path, documents: list[Document], fingerprint: str,
                indexers: Sequence[SentenceIndexer], *, workers: int | None = None,
                progress: bool = True, reuse: bool = True, parse_many: ParseMany | None = None,
                started: float | None = None) -> BuildReport:
    """Parse ``documents`` (or reuse their sentences from the previous store when ``reuse``)
    and write the store of ``home`` in one atomic step. ``parse_many``: parse elsewhere (a
    Dask cluster) instead of in ``workers`` processes of this machine; the store is the same."""
    started = time.perf_counter() if started is None else started
    indexers = tuple(indexers)
    show = progress and sys.stderr.isatty()
    target = store_path(home)
    remove_partials(home)
    rows = list(walk_corpus(documents))
    # which capitalised words start sentences as names: a fact of the whole corpus
    names = sentence_initial_names(row[3].text for row in rows)
    parsed: list[_Parsed | None] = [None] * len(rows)
    if reuse:
        _reuse_previous(target, indexers, rows, parsed, names)
    todo = [n for n, p in enumerate(parsed) if p is None]
    # A text's parse depends on the text and the corpus's names alone: one that occurs more
    # than once (a refrain, a repeated verse, a copied document) is parsed once.
    texts = list(dict.fromkeys(rows[n][3].text for n in todo))
    if parse_many is not None:
        fresh = parse_many(texts, indexers, names) if texts else []
    else:
        fresh = _parse_all(texts, indexers, names, workers, show)
    by_text = dict(zip(texts, fresh, strict=True))
    for n in todo:
        parsed[n] = by_text[rows[n][3].text]
    complete = [p for p in parsed if p is not None]

    temporary = target.with_name(f".{target.name}.{os.getpid()}.partial")
    arrays = arrays_path(target)
    temporary_arrays = arrays.with_name(f".{arrays.name}.{os.getpid()}.partial")
    try:
        with writing(home):
            blobs = _write_store(temporary, documents, rows, complete, indexers, fingerprint,
                                 names)
            write_arrays(temporary_arrays, blobs, fingerprint)
            # The array file first: if the build dies between the two installs, the old
            # store finds an array file of another build, and reads its own arrays instead.
            install(temporary_arrays, arrays)
            install(temporary, target)  # the one atomic step: old store → new store
    finally:
        temporary.unlink(missing_ok=True)
        temporary_arrays.unlink(missing_ok=True)
    return BuildReport(target, False, time.perf_counter() - started, len(documents), len(rows),
                       len(texts), len(rows) - len(todo))


def _reuse_previous(target: Path, indexers: tuple[SentenceIndexer, ...], rows: list[Row],
                    parsed: list[_Parsed | None], names: AbstractSet[str]) -> None:
    """Fill ``parsed`` for the sentences of every document that the previous store holds
    with the same sha256, built by the same parser: their stored ASTs, decoded (a few times
    faster than parsing), give the indexers the same values as a fresh parse. A sentence
    that starts with a word the corpus's ``names`` now read otherwise is parsed again."""
    if not target.is_file():
        return
    try:
        with Store(target) as previous:
            if previous.info.get("parser") != parser_key(indexers):
                return
            changed = names ^ stored_names(previous.info)
            known = {doc_id: meta["sha256"] for doc_id, meta in previous.documents().items()}
            by_document: dict[str, list[int]] = {}
            for n, (document, _, _, _) in enumerate(rows):
                if document.sha256 and known.get(document.doc_id) == document.sha256:
                    by_document.setdefault(document.doc_id, []).append(n)
            reused: dict[int, _Parsed] = {}
            for doc_id, positions in by_document.items():
                stored = previous.document_asts(doc_id)
                for n in positions:
                    blob = stored.get(rows[n][3].sentence_id)
                    if blob is not None and not (
                            changed and initial_forms(rows[n][3].text) & changed):
                        reused[n] = _for_store(indexers, decode_ast(blob), blob)
    except (KlarecoError, sqlite3.Error, ValueError, zlib.error):
        return  # a damaged previous store: parse everything
    for n, result in reused.items():
        parsed[n] = result


# --------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class _Parsed:
    ast: bytes
    tokens: int  # word tokens (not punctuation)
    counted: int  # word tokens that are not numbers or proper names
    known: int  # of those, analysed with every morpheme known
    unknown: tuple[str, ...]
    indexed: tuple[Any, ...]  # each indexer's value for this sentence
    names: str  # its proper names' index terms, space-separated (see Store.name_terms_at)


def _parse_for_store(indexers: tuple[SentenceIndexer, ...], text: str,
                     names: AbstractSet[str] = frozenset()) -> _Parsed:
    return _for_store(indexers, parse(text, names))


def parse_texts(indexers: tuple[SentenceIndexer, ...], texts: Sequence[str],
                names: AbstractSet[str] = frozenset()) -> list[_Parsed]:
    """What the store keeps of each text, parsed in this process (one partition's work) with
    the corpus's ``names`` (``names.sentence_initial_names``)."""
    return [_parse_for_store(indexers, text, names) for text in texts]


def _for_store(indexers: tuple[SentenceIndexer, ...], sentence: Sentence,
               ast: bytes | None = None) -> _Parsed:
    """What the store keeps of a parsed sentence (``ast``: its stored form, when reused)."""
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
    indexed = tuple(indexer.per_sentence(sentence) for indexer in indexers)
    return _Parsed(ast if ast is not None else encode_ast(sentence), tokens, counted, known,
                   tuple(unknown), indexed, " ".join(sorted(sentence.name_terms)))


def _parse_all(texts: list[str], indexers: tuple[SentenceIndexer, ...],
               names: AbstractSet[str], workers: int | None, show: bool) -> list[_Parsed]:
    workers = workers or min(os.cpu_count() or 1, 8)
    work = partial(_parse_for_store, indexers, names=names)
    bar = tqdm(total=len(texts), unit="sent", desc="parse", disable=not show, smoothing=0.05)
    try:
        if workers <= 1:
            results = []
            for text in texts:
                results.append(work(text))
                bar.update()
            return results
        # fork: the workers inherit the loaded grammars and dictionary.
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = []
            for result in pool.imap(work, texts, chunksize=256):
                results.append(result)
                bar.update()
            return results
    finally:
        bar.close()


# --------------------------------------------------------------------------- writing


def _write_store(path: Path, documents: list[Document], rows: list[Row], parsed: list[_Parsed],
                 indexers: tuple[SentenceIndexer, ...], fingerprint: str,
                 names: AbstractSet[str] = frozenset()) -> dict[str, bytes]:
    """Write the store to ``path``; returns the index blobs it holds."""
    blobs: dict[str, bytes] = {}
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
            " ast, names) VALUES (?,?,?,?,?,?,?,?,?)",
            ((s.sentence_id, passage_ids[(s.doc_id, s.passage_id)], s.index, s.start, s.end,
              s.text, s.citation, p.ast, p.names)
             for (_, _, _, s), p in zip(rows, parsed, strict=True)))
        index_started = time.perf_counter()
        for n, indexer in enumerate(indexers):
            values = [p.indexed[n] for p in parsed]
            made = indexer.blobs(rows, values)
            db.executemany("INSERT INTO index_blobs VALUES (?, ?)", made.items())
            blobs.update(made)
        checksums = {name: digest_bytes(data) for name, data in blobs.items()}
        stats = _stats(len(documents), parsed)
        stats["index_seconds"] = round(time.perf_counter() - index_started, 2)
        db.executemany("INSERT INTO build_info VALUES (?, ?)", [
            ("schema", SCHEMA_VERSION), ("fingerprint", fingerprint),
            ("analyzer", analyzer_fingerprint()), ("lexicon", lexicon_hash()),
            ("klareco", __version__), ("parser", parser_key(indexers)),
            ("stats", json.dumps(stats, ensure_ascii=False)),
            (STORE_KEY, json.dumps(sorted(names), ensure_ascii=False)),
            (BLOB_CHECKSUMS, json.dumps(checksums, sort_keys=True)),
        ])
        db.commit()
    except sqlite3.OperationalError as error:  # "database or disk is full" and the like
        raise HomeError(f"cannot write {path.parent}: {error}") from None
    finally:
        db.close()
    return blobs


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
