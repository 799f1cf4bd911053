"""The corpus data model: documents → sections → passages → sentences.

All objects are frozen. Offsets are character offsets into ``Passage.text``; a sentence's text
is always ``passage.text[start:end]``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

Span = tuple[int, int]


@dataclass(frozen=True)
class Passage:
    """A block of text with a citable id: a TEI paragraph, speech, cast entry…, or a verse.

    ``names``: spans of ``<name>`` proper-name marks; ``foreign``: spans of text marked as
    another language than Esperanto (kept in the text, so quotations stay verbatim, but a
    parser can skip them). ``speaker``: who says a drama speech (metadata, not in the text).
    """

    passage_id: str
    text: str
    kind: str
    speaker: str | None = None
    names: tuple[Span, ...] = ()
    foreign: tuple[Span, ...] = ()

    def to_dict(self) -> dict:
        """Plain-data form (lists for spans)."""
        data = asdict(self)
        data["names"] = [list(span) for span in self.names]
        data["foreign"] = [list(span) for span in self.foreign]
        return data


@dataclass(frozen=True)
class Section:
    """A division of a document (act, scene, chapter, Bible chapter) and its own passages.

    ``section_id`` is the path of division ids, e.g. ``akto-1/sceno-2`` ("" for passages directly
    in the text body); ``heads`` are the headings along that path, for citations. Nested
    sections are separate ``Section`` objects that follow their parent in the document.
    """

    section_id: str
    title: str | None
    kind: str
    heads: tuple[str, ...] = ()
    passages: tuple[Passage, ...] = ()

    def to_dict(self) -> dict:
        """Plain-data form without the passages (they are stored on their own)."""
        return {
            "section_id": self.section_id,
            "title": self.title,
            "kind": self.kind,
            "heads": list(self.heads),
        }


@dataclass(frozen=True)
class Document:
    """One corpus work (a TEI file) or one Bible book, with its citation facts."""

    doc_id: str
    title: str
    authors: tuple[str, ...]
    translator: str | None
    year: int | None
    license: str
    source_url: str
    sha256: str
    sections: tuple[Section, ...] = field(default=(), repr=False)

    def to_dict(self) -> dict:
        """Plain-data form without the sections."""
        return {
            "doc_id": self.doc_id,
            "title": self.title,
            "authors": list(self.authors),
            "translator": self.translator,
            "year": self.year,
            "license": self.license,
            "source_url": self.source_url,
            "sha256": self.sha256,
        }

    def passages(self) -> list[tuple[Section, Passage]]:
        """Every passage with its section, in document order."""
        return [(section, passage) for section in self.sections for passage in section.passages]


@dataclass(frozen=True)
class Sentence:
    """A sentence of a passage: ``text == passage.text[start:end]``.

    ``sentence_id`` is stable across builds of the same source bytes, e.g.
    ``hamleto/akto-1/sceno-1/bx28#0`` or ``GEN 4:8#0``.
    """

    sentence_id: str
    doc_id: str
    section_id: str
    passage_id: str
    index: int
    start: int
    end: int
    text: str
    citation: str

    def to_dict(self) -> dict:
        """Plain-data form."""
        return asdict(self)


# One corpus sentence with the document, section and passage it stands in (``walk_corpus``).
Row = tuple[Document, Section, Passage, Sentence]
