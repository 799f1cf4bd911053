"""Read a TEI P5 file of the *Tekstaro de Esperanto* into a ``Document``.

Structure: ``text/front``, ``text/body``, ``text/back`` and ``floatingText`` hold ``div``s
(typed ``akto``, ``sceno``, ``chapitro``…, with a ``head``), which become sections with ids such
as ``akto-1/sceno-2`` (type and 1-based rank among same-type siblings). Blocks (``p``, ``ab``,
``head``, ``stage``, ``castItem``, ``item``, ``cell``, ``signed``…) become passages with their
``xml:id`` or a generated stable id. Inline markup keeps its text (``hi``, ``name``, ``abbr``,
``num``, ``foreign``…) except apparatus (``note``, ``ptr``, ``gap``), which is dropped.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Source
from klareco.corpus.model import Document, Passage, Section
from klareco.corpus.textbuild import TextBuilder

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

# Elements that divide the text into sections.
DIVISIONS = frozenset({"div", "floatingText"})
# The text's top parts: body's passages belong to the root section "", front and back to theirs.
TEXT_PARTS = {"front": "front", "body": "", "back": "back"}
# Blocks whose content is always read as one passage of running text.
ALWAYS_BLOCKS = frozenset(
    {
        "p",
        "ab",
        "head",
        "l",
        "stage",
        "castItem",
        "cell",
        "signed",
        "dateline",
        "byline",
        "salute",
        "trailer",
        "docTitle",
        "titlePart",
        "label",
    }
)
# Elements that hold blocks; when one holds only running text it is itself a block.
CONTAINERS = frozenset(
    {
        "sp",
        "castList",
        "castGroup",
        "list",
        "item",
        "table",
        "row",
        "lg",
        "quote",
        "argument",
        "opener",
        "closer",
        "epigraph",
        "postscript",
        "titlePage",
        "cit",
        "bibl",
    }
)
BLOCK_LEVEL = ALWAYS_BLOCKS | CONTAINERS | DIVISIONS | {"speaker", "note"}
# Editorial apparatus and marks without text.
DROPPED = frozenset({"note", "ptr", "gap", "milestone", "pb", "cb", "fw", "anchor", "figure"})
# Languages that are Esperanto or say nothing about the language.
ESPERANTO_LANGS = frozenset({None, "", "eo"})
# Stage directions inside a speech are set apart as passages of their own.
INLINE_APART = frozenset({"stage"})
HAS_LETTER = re.compile(r"[^\W\d_]")


def _local(tag: object) -> str:
    """The element name without its namespace (comments and PIs give "")."""
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def _tei(name: str) -> str:
    return f"{{{TEI_NS}}}{name}"


@dataclass(frozen=True)
class TeiHeader:
    """Citation facts found in a TEI header."""

    title: str | None = None
    authors: tuple[str, ...] = ()
    responsibility: tuple[str, ...] = ()
    year: int | None = None


def _plain_text(element: ET.Element | None) -> str | None:
    if element is None:
        return None
    builder = TextBuilder()
    builder.add("".join(element.itertext()))
    return builder.text() or None


def read_header(root: ET.Element) -> TeiHeader:
    """Title, authors, responsibility statements and year from ``teiHeader``."""
    header = root.find(_tei("teiHeader"))
    if header is None:
        return TeiHeader()
    monogr = header.find(f".//{_tei('sourceDesc')}//{_tei('monogr')}")
    scope = monogr if monogr is not None else header
    title = _plain_text(scope.find(f"{_tei('title')}[@type='main']")) or _plain_text(
        scope.find(_tei("title"))
    )
    authors = tuple(
        text for author in scope.findall(_tei("author")) if (text := _plain_text(author))
    )
    responsibility = tuple(
        text for resp in scope.findall(_tei("respStmt")) if (text := _plain_text(resp))
    )
    year = None
    date = _plain_text(scope.find(f".//{_tei('date')}"))
    if date and (match := re.search(r"\b(1[5-9]\d\d|20\d\d)\b", date)):
        year = int(match[1])
    return TeiHeader(title, authors, responsibility, year)


@dataclass
class _Block:
    """A passage being collected, before its id is final."""

    element_id: str | None
    parent_id: str | None
    text: str
    kind: str
    speaker: str | None = None
    names: tuple[tuple[int, int], ...] = ()
    foreign: tuple[tuple[int, int], ...] = ()


@dataclass
class _SectionDraft:
    section_id: str
    title: str | None
    kind: str
    heads: tuple[str, ...]
    blocks: list[_Block] = field(default_factory=list)


class _TeiReader:
    """Walks one TEI tree, collecting sections and passages in document order."""

    def __init__(self) -> None:
        self.sections: list[_SectionDraft] = []

    # -- divisions ---------------------------------------------------------------------------

    def read_text(self, text: ET.Element) -> None:
        """The ``text`` element: front, body, back (or loose divisions)."""
        for part in text:
            name = _local(part.tag)
            if name in TEXT_PARTS:
                self.division(part, TEXT_PARTS[name], name, (), is_root=True)
            elif name == "group":
                self.read_text(part)

    def division(
        self,
        element: ET.Element,
        section_id: str,
        kind: str,
        heads: tuple[str, ...],
        is_root: bool = False,
    ) -> None:
        """One section: its own blocks, then its sub-divisions (pre-order)."""
        head = element.find(_tei("head"))
        title = _plain_text(head)
        path_heads = (*heads, title) if title and not is_root else heads
        draft = _SectionDraft(section_id, title, kind, path_heads)
        self.sections.append(draft)

        pending: list[tuple[ET.Element, str, str]] = []
        self._collect(element, draft, {}, pending)
        for inner, child_id, child_kind in pending:
            self.division(inner, child_id, child_kind, path_heads)

    def _collect(
        self,
        element: ET.Element,
        draft: _SectionDraft,
        ranks: dict[str, int],
        pending: list[tuple[ET.Element, str, str]],
    ) -> None:
        """Blocks of ``element`` go to ``draft``; its divisions are ranked and queued."""
        for child in element:
            name = _local(child.tag)
            if name not in DIVISIONS:
                self.block_level(child, draft.blocks, parent_id=None, speaker=None)
                continue
            inner = child.find(_tei("body")) if name == "floatingText" else child
            if inner is None:
                continue
            if self._is_transparent(child):
                # A wrapper without a heading (the "teatrajho" around a play's acts) adds
                # nothing to ids or citations: its divisions rank as the parent's own.
                self._collect(inner, draft, ranks, pending)
                continue
            child_kind = child.get("type") or name
            ranks[child_kind] = ranks.get(child_kind, 0) + 1
            segment = f"{child_kind}-{ranks[child_kind]}"
            child_id = f"{draft.section_id}/{segment}" if draft.section_id else segment
            pending.append((inner, child_id, child_kind))

    @staticmethod
    def _is_transparent(division: ET.Element) -> bool:
        """A ``div`` without heading whose children are all divisions."""
        if _local(division.tag) != "div" or division.find(_tei("head")) is not None:
            return False
        children = [child for child in division if _local(child.tag)]
        return bool(children) and all(_local(child.tag) in DIVISIONS for child in children)

    # -- blocks ------------------------------------------------------------------------------

    def block_level(
        self,
        element: ET.Element,
        out: list[_Block],
        parent_id: str | None,
        speaker: str | None,
    ) -> None:
        """An element met where blocks are expected."""
        name = _local(element.tag)
        if not name or name in DROPPED:
            return
        element_id = element.get(XML_ID)
        if name == "sp":
            self.speech(element, out)
        elif name == "castItem":
            self.emit(element, out, "castItem", parent_id, speaker, cast_item=True)
        elif name in ALWAYS_BLOCKS:
            self.emit(element, out, name, parent_id, speaker)
        elif name == "speaker":
            return
        elif any(_local(child.tag) in BLOCK_LEVEL for child in element):
            self.container(element, out, element_id or parent_id, speaker)
        else:
            self.emit(element, out, name, parent_id, speaker)

    def speech(self, sp: ET.Element, out: list[_Block]) -> None:
        """A drama speech: the speaker is metadata on each of its blocks."""
        speaker: str | None = None
        for child in sp:
            name = _local(child.tag)
            if name == "speaker":
                builder = TextBuilder()
                self.inline_content(child, builder, [])
                speaker = builder.text().rstrip(" .:–—-") or None
            elif name in {"p", "l", "ab", "lg"}:
                before = len(out)
                self.block_level(child, out, sp.get(XML_ID), speaker)
                for block in out[before:]:
                    if block.kind in {"p", "l", "ab", "lg"}:
                        block.kind = "speech"
            else:
                self.block_level(child, out, sp.get(XML_ID), None)

    def container(
        self, element: ET.Element, out: list[_Block], parent_id: str | None, speaker: str | None
    ) -> None:
        """An element holding blocks; running text between them becomes passages too."""
        name = _local(element.tag)
        builder = TextBuilder()
        apart: list[ET.Element] = []
        builder.add(element.text)
        for child in element:
            if _local(child.tag) in BLOCK_LEVEL and _local(child.tag) not in DROPPED:
                self._flush_run(builder, apart, out, name, parent_id, speaker)
                builder = TextBuilder()
                apart = []
                self.block_level(child, out, parent_id, speaker)
            else:
                self.inline_element(child, builder, apart)
            builder.add(child.tail)
        self._flush_run(builder, apart, out, name, parent_id, speaker)

    def _flush_run(
        self,
        builder: TextBuilder,
        apart: list[ET.Element],
        out: list[_Block],
        kind: str,
        parent_id: str | None,
        speaker: str | None,
    ) -> None:
        self._append(out, None, parent_id, builder, kind, speaker)
        for element in apart:
            self.emit(element, out, _local(element.tag), parent_id, None)

    def emit(
        self,
        element: ET.Element,
        out: list[_Block],
        kind: str,
        parent_id: str | None,
        speaker: str | None,
        cast_item: bool = False,
    ) -> None:
        """One passage from an element's running text (and any stage directions set apart)."""
        builder = TextBuilder()
        apart: list[ET.Element] = []
        if cast_item:
            self.cast_item_content(element, builder, apart)
        else:
            self.inline_content(element, builder, apart)
        element_id = element.get(XML_ID)
        self._append(out, element_id, parent_id, builder, kind, speaker)
        for index, inner in enumerate(apart, start=1):
            builder = TextBuilder()
            self.inline_content(inner, builder, [])
            inner_id = inner.get(XML_ID) or (f"{element_id}.s{index}" if element_id else None)
            self._append(out, inner_id, element_id or parent_id, builder, "stage", None)

    @staticmethod
    def _append(
        out: list[_Block],
        element_id: str | None,
        parent_id: str | None,
        builder: TextBuilder,
        kind: str,
        speaker: str | None,
    ) -> None:
        text = builder.text()
        if not HAS_LETTER.search(text):
            return  # numbering, dashes, empty wrappers: nothing to read
        foreign = builder.spans("foreign")
        if foreign and not HAS_LETTER.search(_without_spans(text, foreign)):
            return  # wholly another language (e.g. the Russian column of a table)
        out.append(
            _Block(element_id, parent_id, text, kind, speaker, builder.spans("name"), foreign)
        )

    # -- inline content ----------------------------------------------------------------------

    def inline_content(
        self, element: ET.Element, builder: TextBuilder, apart: list[ET.Element]
    ) -> None:
        """An element's text, children and their tails (not the element's own tail)."""
        builder.add(element.text)
        for child in element:
            self.inline_element(child, builder, apart)
            builder.add(child.tail)

    def inline_element(
        self, element: ET.Element, builder: TextBuilder, apart: list[ET.Element]
    ) -> None:
        """One inline child, without its tail."""
        name = _local(element.tag)
        if not name:
            return
        if name in DROPPED:
            builder.mark_dropped()
            return
        if name == "lb":
            builder.line_break()
            return
        if name in INLINE_APART:
            apart.append(element)
            builder.mark_dropped()
            return
        spans = []
        if name == "name":
            spans.append(builder.open_span("name"))
        elif name == "foreign" or element.get(XML_LANG) not in ESPERANTO_LANGS:
            # Other-language text stays in the passage (quotations must stay verbatim), marked.
            spans.append(builder.open_span("foreign"))
        self.inline_content(element, builder, apart)
        for span in spans:
            builder.close_span(span)

    def cast_item_content(
        self, element: ET.Element, builder: TextBuilder, apart: list[ET.Element]
    ) -> None:
        """``role`` and ``roleDesc`` read as "Ana, filino de Marko." (comma if missing)."""
        builder.add(element.text)
        parts = [child for child in element if _local(child.tag)]
        for child in element:
            self.inline_element(child, builder, apart)
            tail = child.tail or ""
            is_last = child is parts[-1] if parts else True
            if (
                not tail.strip()
                and not is_last
                and _local(child.tag) in {"role", "roleDesc"}
                and not builder.ends_with(",.;:")
            ):
                builder.add(", ")
            else:
                builder.add(tail)

    # -- result ------------------------------------------------------------------------------

    def sections_with_ids(self) -> tuple[Section, ...]:
        """Final sections: every passage gets a unique id (its ``xml:id`` where it has one)."""
        taken = {
            block.element_id
            for draft in self.sections
            for block in draft.blocks
            if block.element_id
        }
        used: set[str] = set()
        child_counts: dict[str, int] = {}
        position = 0
        sections: list[Section] = []
        for draft in self.sections:
            passages: list[Passage] = []
            for block in draft.blocks:
                position += 1
                passage_id = block.element_id
                if passage_id is None or passage_id in used:
                    if block.parent_id:
                        child_counts[block.parent_id] = child_counts.get(block.parent_id, 0) + 1
                        candidate = f"{block.parent_id}.{child_counts[block.parent_id]}"
                    else:
                        candidate = f"p{position}"
                    passage_id = _unique(candidate, used | taken)
                used.add(passage_id)
                passages.append(
                    Passage(
                        passage_id=passage_id,
                        text=block.text,
                        kind=block.kind,
                        speaker=block.speaker,
                        names=block.names,
                        foreign=block.foreign,
                    )
                )
            if passages or draft.title:
                sections.append(
                    Section(draft.section_id, draft.title, draft.kind, draft.heads, tuple(passages))
                )
        return tuple(sections)


def _unique(candidate: str, used: set[str]) -> str:
    if candidate not in used:
        return candidate
    suffix = 2
    while f"{candidate}-{suffix}" in used:
        suffix += 1
    return f"{candidate}-{suffix}"


def _without_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    pieces, cursor = [], 0
    for start, end in spans:
        pieces.append(text[cursor:start])
        cursor = max(cursor, end)
    pieces.append(text[cursor:])
    return "".join(pieces)


def parse_tei(data: bytes | str, doc_id: str) -> tuple[TeiHeader, tuple[Section, ...]]:
    """Parse TEI bytes: the header facts and the sections with their passages."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise CorpusError(
            f"{doc_id}: not well-formed TEI XML ({error}); fetch the corpus again."
        ) from None
    if _local(root.tag) != "TEI" or not root.tag.startswith(f"{{{TEI_NS}}}"):
        raise CorpusError(f"{doc_id}: the root element is {root.tag!r}, not a TEI P5 <TEI>.")
    reader = _TeiReader()
    text = root.find(_tei("text"))
    if text is None:
        raise CorpusError(f"{doc_id}: the TEI file has no <text> element.")
    reader.read_text(text)
    return read_header(root), reader.sections_with_ids()


def read_tei(path: Path | str, source: Source | None = None) -> Document:
    """Read one TEI file into a Document; the manifest's facts win over the header's."""
    file_path = Path(path)
    doc_id = source.id if source is not None else file_path.stem
    header, sections = parse_tei(file_path.read_bytes(), doc_id)
    return tei_document(doc_id, header, sections, source)


def tei_document(
    doc_id: str, header: TeiHeader, sections: tuple[Section, ...], source: Source | None
) -> Document:
    """Combine manifest facts (preferred) and header facts into a Document."""
    if source is None:
        return Document(
            doc_id=doc_id,
            title=header.title or doc_id,
            authors=header.authors,
            translator=None,
            year=header.year,
            license="",
            source_url="",
            sha256="",
            sections=sections,
        )
    return Document(
        doc_id=doc_id,
        title=source.title or header.title or doc_id,
        authors=source.authors or header.authors,
        translator=source.translator,
        year=source.year if source.year is not None else header.year,
        license=source.license,
        source_url=source.url,
        sha256=source.sha256,
        sections=sections,
    )
