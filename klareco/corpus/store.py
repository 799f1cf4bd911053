"""The corpus store: one SQLite file with documents, sections, passages, sentences and ASTs.

The file is written whole by ``klareco build`` and replaced atomically, so a reader always
sees one complete build. The index arrays stored with it are also written to an array file
beside it (``klareco.arrays``), from which a reader maps them into memory instead of reading
them: at ten times the default corpus they are hundreds of MB, of which a question touches a
few posting lists. The array file names the build it belongs to; a reader that finds none,
or one of another build, reads the arrays from the store.

ASTs are stored as zlib-compressed JSON (``Sentence.to_dict()`` without what it repeats, see
``encode_ast``) and read back as ``Sentence`` objects.
"""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from klareco.corpus.errors import CorpusError
from klareco.parse.ast import ROLE_NAMES, Sentence

SCHEMA_VERSION = "5"

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


# Keys of ``Sentence.to_dict()`` that repeat what the rest of it says (the main clause's roles
# at the top level, each phrase's text and modifiers, the verb's and head's forms), and each
# word's morphemes, which its other fields repeat: ``Sentence.from_dict`` does without them.
_SENTENCE_COPIES = ("subject", "verb", "object", "predicate", "indirect_object", "adjuncts")
_PHRASE_COPIES = ("text", "modifiers")


def encode_ast(sentence: Sentence) -> bytes:
    """Compact storage form of a parsed sentence: its ``to_dict()`` without the copies."""
    ast = sentence.to_dict()
    for key in _SENTENCE_COPIES:
        ast.pop(key, None)
    for clause in ast["clauses"]:
        clause.pop("introducer", None)
        if clause["verb"] is not None:
            clause["verb"] = {"index": clause["verb"]["index"]}
        phrases = [clause[role] for role in ROLE_NAMES if clause[role] is not None]
        for phrase in phrases + clause["adjuncts"]:
            _compact_phrase(phrase)
    for word, data in zip(sentence.words, ast["words"], strict=True):
        data.pop("morphemes", None)
        # the expert's tags and the index terms, derived once, here: not at every question
        data["derived"] = word.stored_derivations
        for part, part_data in zip(word.parts, data.get("parts", ()), strict=True):
            part_data.pop("morphemes", None)
            part_data["derived"] = part.stored_derivations
    return zlib.compress(json.dumps(ast, ensure_ascii=False, separators=(",", ":")).encode(), 6)


def _compact_phrase(phrase: dict[str, Any]) -> None:
    for key in _PHRASE_COPIES:
        phrase.pop(key, None)
    phrase["head"] = {"index": phrase["head"]["index"]}


def decode_ast(blob: bytes) -> Sentence:
    """The sentence stored by ``encode_ast`` (its words without ``morphemes``)."""
    # orjson: the engine decodes ten ASTs per question, and reads them twice as fast as json
    return Sentence.from_dict(orjson.loads(zlib.decompress(blob)))


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


class Store:
    """Read access to a built corpus store."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise CorpusError(f"no corpus store at {path}: run `klareco build`")
        # Read-only: a build in progress writes another file and never touches this one.
        self.path = path
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            self.info = dict(self.db.execute("SELECT key, value FROM build_info"))
        except sqlite3.DatabaseError as exc:
            raise CorpusError(f"the corpus store {path} is damaged ({exc}): run `klareco build`"
                              ) from None
        if self.info.get("schema") != SCHEMA_VERSION:
            raise CorpusError(f"the corpus store {path} is from another version of Klareco: "
                              "run `klareco build`")
        header = _read_array_header(arrays_path(path))
        self._arrays = header[1] if header and header[0] == self.info.get("fingerprint") else {}

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def stats(self) -> dict[str, Any]:
        """The figures recorded at build time (see ``klareco corpus stats``)."""
        return json.loads(self.info["stats"])

    def count(self, table: str) -> int:
        if table not in ("documents", "sections", "passages", "sentences"):
            raise ValueError(table)
        return int(self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def sentences(self) -> Iterator[StoredSentence]:
        """Every sentence in corpus order."""
        rows = self.db.execute(
            "SELECT s.id, s.sentence_id, p.doc_id, p.section_id, p.passage_id, s.start, s.end,"
            " s.text, s.citation FROM sentences s JOIN passages p ON p.id = s.passage"
            " ORDER BY s.id")
        for row in rows:
            yield StoredSentence(*row)

    def sentence(self, sentence_id: str) -> StoredSentence | None:
        row = self.db.execute(
            "SELECT s.id, s.sentence_id, p.doc_id, p.section_id, p.passage_id, s.start, s.end,"
            " s.text, s.citation FROM sentences s JOIN passages p ON p.id = s.passage"
            " WHERE s.sentence_id = ?", (sentence_id,)).fetchone()
        return StoredSentence(*row) if row else None

    def index_blob(self, name: str) -> bytes:
        """A retrieval index array stored with the build (see ``klareco.retrieval``)."""
        row = self.db.execute("SELECT data FROM index_blobs WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise CorpusError(f"the corpus store {self.path} has no {name!r} index: "
                              "run `klareco build`")
        return bytes(row[0])

    def index_array(self, name: str, dtype: type | np.dtype) -> np.ndarray:
        """A stored index array, mapped read-only from the array file beside the store when
        it belongs to this build, else read from the store."""
        if name in self._arrays:
            offset, size = self._arrays[name]
            if size == 0:
                return np.zeros(0, dtype=dtype)
            count = size // np.dtype(dtype).itemsize
            return np.memmap(arrays_path(self.path), dtype=dtype, mode="r", offset=offset,
                             shape=(count,))
        return np.frombuffer(self.index_blob(name), dtype=dtype)

    def sentences_at(self, positions: list[int]) -> list[StoredSentence]:
        """Sentences by position in corpus order (0-based), in the order asked."""
        if not positions:
            return []
        ids = [p + 1 for p in positions]  # sentence row ids are 1..N in corpus order
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(
            "SELECT s.id, s.sentence_id, p.doc_id, p.section_id, p.passage_id, s.start, s.end,"
            f" s.text, s.citation FROM sentences s JOIN passages p ON p.id = s.passage"
            f" WHERE s.id IN ({marks})", ids).fetchall()
        by_id = {row[0]: StoredSentence(*row) for row in rows}
        return [by_id[i] for i in ids]

    def asts_at(self, positions: list[int]) -> list[Sentence]:
        """Stored ASTs of the sentences at ``positions`` (0-based corpus order), in that order."""
        return [decode_ast(blob) for blob in self._ast_blobs(positions)]

    def name_terms_at(self, positions: list[int]) -> list[frozenset[str]]:
        """The index terms of the proper names in each sentence at ``positions``, in that
        order: what a later sentence may refer back to. Kept in a column of their own at build
        time (``Sentence.name_terms``, space-separated), so no AST is decoded for them."""
        if not positions:
            return []
        ids = [p + 1 for p in positions]  # sentence row ids are 1..N in corpus order
        marks = ",".join("?" * len(ids))
        rows = dict(self.db.execute(f"SELECT id, names FROM sentences WHERE id IN ({marks})",
                                    ids))
        return [frozenset(rows[i].split()) for i in ids]

    def _ast_blobs(self, positions: list[int]) -> list[bytes]:
        """The stored (compressed) ASTs at ``positions`` (0-based corpus order), in order."""
        if not positions:
            return []
        ids = [p + 1 for p in positions]  # sentence row ids are 1..N in corpus order
        marks = ",".join("?" * len(ids))
        rows = dict(self.db.execute(f"SELECT id, ast FROM sentences WHERE id IN ({marks})", ids))
        return [rows[i] for i in ids]

    def document_asts(self, doc_id: str) -> dict[str, bytes]:
        """The stored (compressed) AST of every sentence of one document, by sentence id."""
        return dict(self.db.execute(
            "SELECT s.sentence_id, s.ast FROM sentences s JOIN passages p ON p.id = s.passage"
            " WHERE p.doc_id = ?", (doc_id,)))

    def documents(self) -> dict[str, dict[str, Any]]:
        """Every document's metadata (title, authors, translator, year, license, source URL,
        sha256) by doc_id."""
        cursor = self.db.execute("SELECT * FROM documents")
        names = [column[0] for column in cursor.description]
        found = {row[0]: dict(zip(names, row, strict=True)) for row in cursor}
        for document in found.values():
            document["authors"] = json.loads(document["authors"])  # stored as a JSON list
        return found

    def section_heads(self, doc_id: str, section_id: str) -> list[str]:
        """The headings a section stands under, outermost first."""
        row = self.db.execute("SELECT heads FROM sections WHERE doc_id = ? AND section_id = ?",
                              (doc_id, section_id)).fetchone()
        return list(json.loads(row[0])) if row else []

    def passage(self, doc_id: str, passage_id: str) -> dict[str, Any] | None:
        """One passage: its section, kind (paragraph, verse, stage direction …), speaker and
        text; None when the document has no such passage."""
        row = self.db.execute(
            "SELECT section_id, kind, speaker, text FROM passages"
            " WHERE doc_id = ? AND passage_id = ?", (doc_id, passage_id)).fetchone()
        if row is None:
            return None
        section_id, kind, speaker, text = row
        return {"doc_id": doc_id, "passage_id": passage_id, "section_id": section_id,
                "kind": kind, "speaker": speaker, "text": text}

    def passage_text(self, doc_id: str, passage_id: str) -> str | None:
        row = self.db.execute("SELECT text FROM passages WHERE doc_id = ? AND passage_id = ?",
                              (doc_id, passage_id)).fetchone()
        return row[0] if row else None

    def ast(self, sentence_id: str) -> Sentence | None:
        row = self.db.execute("SELECT ast FROM sentences WHERE sentence_id = ?",
                              (sentence_id,)).fetchone()
        return decode_ast(row[0]) if row else None

    def passages_with_sentences(self) -> Iterator[tuple[str, list[tuple[int, int, str]]]]:
        """Each passage's text with its sentences' (start, end, text), for offset checks."""
        current: int | None = None
        text = ""
        spans: list[tuple[int, int, str]] = []
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
