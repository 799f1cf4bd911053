"""The corpus store: one SQLite file with documents, sections, passages, sentences and ASTs.

The file is written whole by ``klareco build`` and replaced atomically, so a reader always
sees one complete build. The index arrays stored with it are also written to an array file
beside it (``klareco.arrays``), from which a reader maps them into memory instead of reading
them: at ten times the default corpus they are hundreds of MB, of which a question touches a
few posting lists. The array file names the build it belongs to; a reader that finds none,
or one of another build, reads the arrays from the store.

ASTs are stored as zlib-compressed JSON rows (``Sentence.to_row()``: lists by position, the
words without morphemes but with their tags and index terms, see ``encode_ast``) and read
back as ``Sentence`` objects.

A damaged store never answers: opening it verifies the file (and its array file) against the
checksum the build recorded (``klareco.integrity``), each index blob read from the store is
checked against its own checksum, and any SQLite error, missing row or unreadable AST while
reading is a ``DamagedError`` naming the file.
"""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from klareco.corpus.errors import CorpusError
from klareco.errors import DamagedError
from klareco.integrity import checksums_path, digest_bytes, recorded, verify
from klareco.parse.ast import Sentence

SCHEMA_VERSION = "7"  # 6: the build's checksums (klareco.integrity); 7: ASTs as rows
BLOB_CHECKSUMS = "blob_checksums"  # the build_info key: each index blob's checksum, as JSON

SCHEMA = """
CREATE TABLE build_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    doc_id TEXT PRIMARY KEY, title TEXT NOT NULL, authors TEXT NOT NULL, translator TEXT,
    year INTEGER, license TEXT NOT NULL, source_url TEXT NOT NULL, sha256 TEXT NOT NULL
);
CREATE TABLE sections (
    doc_id TEXT NOT NULL, section_id TEXT NOT NULL, title TEXT, kind TEXT NOT NULL,
    heads TEXT NOT NULL, PRIMARY KEY (doc_id, section_id)
);
CREATE TABLE passages (
    id INTEGER PRIMARY KEY, doc_id TEXT NOT NULL, section_id TEXT NOT NULL,
    passage_id TEXT NOT NULL, kind TEXT NOT NULL, speaker TEXT, text TEXT NOT NULL,
    names TEXT NOT NULL, foreign_spans TEXT NOT NULL, UNIQUE (doc_id, passage_id)
);
CREATE TABLE sentences (
    id INTEGER PRIMARY KEY, sentence_id TEXT NOT NULL UNIQUE,
    passage INTEGER NOT NULL REFERENCES passages(id), position INTEGER NOT NULL,
    start INTEGER NOT NULL, end INTEGER NOT NULL, text TEXT NOT NULL, citation TEXT NOT NULL,
    ast BLOB NOT NULL, names TEXT NOT NULL
);
CREATE TABLE index_blobs (name TEXT PRIMARY KEY, data BLOB NOT NULL);
"""


def encode_ast(sentence: Sentence) -> bytes:
    """Compact storage form of a parsed sentence (``Sentence.to_row``), compressed."""
    return zlib.compress(orjson.dumps(sentence.to_row()), 6)


def decode_ast(blob: bytes) -> Sentence:
    """The sentence stored by ``encode_ast`` (its words without ``morphemes``)."""
    return Sentence.from_row(orjson.loads(zlib.decompress(blob)))


ARRAYS_SUFFIX = ".arrays"  # klareco.sqlite → klareco.arrays
_ALIGN = 64  # each array starts at a multiple of this many bytes, so any dtype maps aligned
_HEADER_LENGTH = struct.Struct("<Q")


def arrays_path(store: Path) -> Path:
    """The array file that belongs beside the store at ``store``."""
    return store.with_suffix(ARRAYS_SUFFIX)


def write_arrays(path: Path, blobs: Mapping[str, bytes], fingerprint: str) -> None:
    """Write ``blobs`` to the array file ``path``: an 8-byte header length, a JSON header (the
    build's fingerprint and each blob's offset and length), then the blobs, aligned."""
    offsets: dict[str, list[int]] = {}
    position = 0
    for name, blob in blobs.items():
        offsets[name] = [position, len(blob)]
        position += -(-len(blob) // _ALIGN) * _ALIGN
    header = json.dumps({"fingerprint": fingerprint, "arrays": offsets}).encode()
    start = -(-(_HEADER_LENGTH.size + len(header)) // _ALIGN) * _ALIGN
    with path.open("wb") as out:
        out.write(_HEADER_LENGTH.pack(len(header)) + header)
        for name, blob in blobs.items():
            out.seek(start + offsets[name][0])
            out.write(blob)
        out.truncate(start + position)
        out.flush()
        os.fsync(out.fileno())


def _read_array_header(path: Path) -> tuple[str, dict[str, tuple[int, int]]] | None:
    """The fingerprint of the array file and each array's (file offset, length)."""
    try:
        with path.open("rb") as handle:
            (length,) = _HEADER_LENGTH.unpack(handle.read(_HEADER_LENGTH.size))
            header = json.loads(handle.read(length))
    except (OSError, ValueError, struct.error):
        return None
    start = -(-(_HEADER_LENGTH.size + length) // _ALIGN) * _ALIGN
    return header["fingerprint"], {name: (start + offset, size)
                                   for name, (offset, size) in header["arrays"].items()}


@dataclass(frozen=True)
class StoredSentence:
    """A sentence as stored, with what a citation needs."""

    id: int
    sentence_id: str
    doc_id: str
    section_id: str
    passage_id: str
    start: int
    end: int
    text: str
    citation: str
    # read only when asked for (``sentences_at(…, evidence=True)``): the stored AST,
    # compressed (``Store.ast_of`` decodes it), and the index terms of the sentence's proper
    # names (``name_terms_at``), which a later sentence may refer back to
    ast: bytes | None = field(default=None, repr=False, compare=False)
    names: frozenset[str] = field(default=frozenset(), repr=False, compare=False)


class Store:
    """Read access to a built corpus store."""

    def __init__(self, path: Path) -> None:
        has_record = checksums_path(path.parent).exists()
        if not path.is_file() and not has_record:
            raise CorpusError(f"no corpus store at {path}: run `klareco build`")
        if not has_record and _schema_of(path) != SCHEMA_VERSION:  # built before checksums
            raise CorpusError(f"the corpus store {path} is from another version of Klareco: "
                              "run `klareco build`")
        verify(path)  # a store the record names but that is gone is damaged, not unbuilt
        # Read-only: a build in progress writes another file and never touches this one.
        self.path = path
        self.db = self._connect()
        with self._reading():
            self.info = dict(self.db.execute("SELECT key, value FROM build_info"))
        if self.info.get("schema") != SCHEMA_VERSION:
            self.db.close()
            raise CorpusError(f"the corpus store {path} is from another version of Klareco: "
                              "run `klareco build`")
        # the array file is used only when the build recorded it (and it verifies). It is
        # mapped once, now: a later build installs a new file under the same name, and this
        # store must go on reading the one its offsets describe.
        self._arrays: dict[str, tuple[int, int]] = {}
        self._mapped: np.ndarray | None = None
        arrays = arrays_path(path)
        if arrays.name in recorded(path.parent):
            verify(arrays)
            header = _read_array_header(arrays)
            if header is None:
                raise DamagedError(arrays, "its header does not read")
            if header[0] == self.info.get("fingerprint"):
                self._arrays = header[1]
                if arrays.stat().st_size:
                    self._mapped = np.memmap(arrays, dtype=np.uint8, mode="r")

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """What reading a damaged file raises (an SQLite error, a row or blob that does not
        decode) becomes ``DamagedError`` naming the store."""
        try:
            yield
        except sqlite3.DatabaseError as error:
            raise DamagedError(self.path, f"SQLite: {error}") from None
        except (zlib.error, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise DamagedError(self.path, f"a stored value does not decode: {error}") from None

    def _missing(self, what: str) -> DamagedError:
        return DamagedError(self.path, f"{what} missing")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)

    def reconnect(self) -> None:
        """Read through a new connection, made in the calling thread: in a process forked from
        the one that opened the store (a connection must not cross a fork), in the thread
        that will read (Python's sqlite3 lets only that thread use it). The old connection is
        closed first when this thread may close it."""
        try:
            self.db.close()
        except sqlite3.ProgrammingError:  # made by another thread: it goes with its object
            pass
        self.db = self._connect()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _rows(self, sql: str, parameters: tuple | list = ()) -> list[tuple]:
        """Every row of a query; a damaged file's errors name the store."""
        with self._reading():
            return self.db.execute(sql, parameters).fetchall()

    def _by_position(self, column: str, positions: list[int]) -> list[Any]:
        """``column`` of the sentences at ``positions`` (0-based corpus order), in order; a
        row that is not there is damage (every position a search returns has a row)."""
        if not positions:
            return []
        ids = [p + 1 for p in positions]  # sentence row ids are 1..N in corpus order
        marks = ",".join("?" * len(ids))
        rows = dict(self._rows(f"SELECT id, {column} FROM sentences WHERE id IN ({marks})",
                               ids))
        missing = len(set(ids) - rows.keys())
        if missing:
            raise self._missing(f"{missing} sentence rows are")
        return [rows[i] for i in ids]

    def stats(self) -> dict[str, Any]:
        """The figures recorded at build time (see ``klareco corpus stats``)."""
        with self._reading():
            return json.loads(self.info["stats"])

    def count(self, table: str) -> int:
        if table not in ("documents", "sections", "passages", "sentences"):
            raise ValueError(table)
        return int(self._rows(f"SELECT COUNT(*) FROM {table}")[0][0])

    def sentences(self) -> Iterator[StoredSentence]:
        """Every sentence in corpus order."""
        with self._reading():
            rows = self.db.execute(_SENTENCE_COLUMNS + " ORDER BY s.id")
            for row in rows:
                yield StoredSentence(*row)

    def sentence(self, sentence_id: str) -> StoredSentence | None:
        rows = self._rows(_SENTENCE_COLUMNS + " WHERE s.sentence_id = ?", (sentence_id,))
        return StoredSentence(*rows[0]) if rows else None

    def index_blob(self, name: str) -> bytes:
        """A retrieval index array stored with the build (see ``klareco.retrieval``), checked
        against the checksum the build recorded for it."""
        rows = self._rows("SELECT data FROM index_blobs WHERE name = ?", (name,))
        with self._reading():
            recorded = json.loads(self.info.get(BLOB_CHECKSUMS) or "{}").get(name)
        if not rows and recorded is None:
            raise CorpusError(f"the corpus store {self.path} has no {name!r} index: "
                              "run `klareco build`")
        if not rows:
            raise self._missing(f"the index blob {name!r} is")
        data = bytes(rows[0][0])
        if recorded != digest_bytes(data):
            raise DamagedError(self.path, f"the index blob {name!r} differs from its checksum")
        return data

    def index_array(self, name: str, dtype: type | np.dtype) -> np.ndarray:
        """A stored index array, mapped read-only from the array file beside the store when
        it belongs to this build (the file verified when the store was opened), else read
        from the store (checked against its own checksum)."""
        if name in self._arrays:
            offset, size = self._arrays[name]
            if size == 0 or self._mapped is None:
                return np.zeros(0, dtype=dtype)
            count = size // np.dtype(dtype).itemsize
            return self._mapped[offset:offset + count * np.dtype(dtype).itemsize].view(dtype)
        return np.frombuffer(self.index_blob(name), dtype=dtype)

    def sentences_at(self, positions: list[int], evidence: bool = False
                     ) -> list[StoredSentence]:
        """Sentences by position in corpus order (0-based), in the order asked; with
        ``evidence``, each with its stored AST and its names' terms, in the same query (an
        answer reads them for its evidence and the sentences before it)."""
        if not positions:
            return []
        ids = [p + 1 for p in positions]  # sentence row ids are 1..N in corpus order
        marks = ",".join("?" * len(ids))
        if evidence:
            rows = self._rows(_EVIDENCE_COLUMNS + f" WHERE s.id IN ({marks})", ids)
            by_id = {row[0]: StoredSentence(*row[:-1], frozenset(row[-1].split()))
                     for row in rows}
        else:
            rows = self._rows(_SENTENCE_COLUMNS + f" WHERE s.id IN ({marks})", ids)
            by_id = {row[0]: StoredSentence(*row) for row in rows}
        missing = len(set(ids) - by_id.keys())
        if missing:
            raise self._missing(f"{missing} sentence rows are")
        return [by_id[i] for i in ids]

    def asts_at(self, positions: list[int]) -> list[Sentence]:
        """Stored ASTs of the sentences at ``positions`` (0-based corpus order), in that order."""
        blobs = self._by_position("ast", positions)
        with self._reading():
            return [decode_ast(blob) for blob in blobs]

    def ast_of(self, row: StoredSentence) -> Sentence:
        """The AST of a row read with ``sentences_at(…, evidence=True)``."""
        if row.ast is None:
            raise ValueError(f"{row.sentence_id} was read without its AST")
        with self._reading():
            return decode_ast(row.ast)

    def name_terms_at(self, positions: list[int]) -> list[frozenset[str]]:
        """The index terms of the proper names in each sentence at ``positions``, in that
        order: what a later sentence may refer back to. Kept in a column of their own at build
        time (``Sentence.name_terms``, space-separated), so no AST is decoded for them."""
        return [frozenset(names.split()) for names in self._by_position("names", positions)]

    def document_asts(self, doc_id: str) -> dict[str, bytes]:
        """The stored (compressed) AST of every sentence of one document, by sentence id."""
        return dict(self._rows(
            "SELECT s.sentence_id, s.ast FROM sentences s JOIN passages p ON p.id = s.passage"
            " WHERE p.doc_id = ?", (doc_id,)))

    def documents(self) -> dict[str, dict[str, Any]]:
        """Every document's metadata (title, authors, translator, year, license, source URL,
        sha256) by doc_id."""
        with self._reading():
            cursor = self.db.execute("SELECT * FROM documents")
            names = [column[0] for column in cursor.description]
            found = {row[0]: dict(zip(names, row, strict=True)) for row in cursor}
            for document in found.values():
                document["authors"] = json.loads(document["authors"])  # stored as a JSON list
        return found

    def section_heads(self, doc_id: str, section_id: str) -> list[str]:
        """The headings a section stands under, outermost first."""
        rows = self._rows("SELECT heads FROM sections WHERE doc_id = ? AND section_id = ?",
                          (doc_id, section_id))
        with self._reading():
            return list(json.loads(rows[0][0])) if rows else []

    def passage(self, doc_id: str, passage_id: str) -> dict[str, Any] | None:
        """One passage: its section, kind (paragraph, verse, stage direction …), speaker and
        text; None when the document has no such passage."""
        rows = self._rows("SELECT section_id, kind, speaker, text FROM passages"
                          " WHERE doc_id = ? AND passage_id = ?", (doc_id, passage_id))
        if not rows:
            return None
        section_id, kind, speaker, text = rows[0]
        return {"doc_id": doc_id, "passage_id": passage_id, "section_id": section_id,
                "kind": kind, "speaker": speaker, "text": text}

    def passage_text(self, doc_id: str, passage_id: str) -> str | None:
        rows = self._rows("SELECT text FROM passages WHERE doc_id = ? AND passage_id = ?",
                          (doc_id, passage_id))
        return rows[0][0] if rows else None

    def ast(self, sentence_id: str) -> Sentence | None:
        rows = self._rows("SELECT ast FROM sentences WHERE sentence_id = ?", (sentence_id,))
        with self._reading():
            return decode_ast(rows[0][0]) if rows else None

    def passages_with_sentences(self) -> Iterator[tuple[str, list[tuple[int, int, str]]]]:
        """Each passage's text with its sentences' (start, end, text), for offset checks."""
        current: int | None = None
        text = ""
        spans: list[tuple[int, int, str]] = []
        with self._reading():
            rows = self.db.execute(
                "SELECT p.id, p.text, s.start, s.end, s.text FROM sentences s"
                " JOIN passages p ON p.id = s.passage ORDER BY p.id, s.position")
            for passage, passage_text, start, end, sentence_text in rows:
                if passage != current:
                    if current is not None:
                        yield text, spans
                    current, text, spans = passage, passage_text, []
                spans.append((start, end, sentence_text))
        if current is not None:
            yield text, spans


def _schema_of(path: Path) -> str | None:
    """The schema version a store file says it has (None when it says nothing readable)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT value FROM build_info WHERE key = 'schema'").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


_SENTENCE_COLUMNS = (
    "SELECT s.id, s.sentence_id, p.doc_id, p.section_id, p.passage_id, s.start, s.end, s.text,"
    " s.citation FROM sentences s JOIN passages p ON p.id = s.passage")
_EVIDENCE_COLUMNS = (
    "SELECT s.id, s.sentence_id, p.doc_id, p.section_id, p.passage_id, s.start, s.end, s.text,"
    " s.citation, s.ast, s.names FROM sentences s JOIN passages p ON p.id = s.passage")
