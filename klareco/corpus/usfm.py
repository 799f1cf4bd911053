"""Read one USFM Bible book into a ``Document``: a section per chapter, a passage per verse.

Verse passages are cited ``GEN 4:8``; a psalm title (``\\d``) becomes the passage ``PSA 3:0``
of kind ``title``. Poetry lines (``\\q1``, ``\\q2``…) are kept as line breaks inside the verse.
Footnotes and cross references are dropped; character styles (``\\it``, ``\\qs`` Selah…) keep
their text; headings outside the verse text (``\\mt``, ``\\ms``, ``\\mr``, ``\\qa``…) are
skipped; unknown markers are read as character styles, so their text is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Source
from klareco.corpus.model import Document, Passage, Section
from klareco.corpus.textbuild import TextBuilder

_MARKER = re.compile(r"\\(\+?[A-Za-z]+[0-9]*\*?)")
# Notes whose whole content (up to the closing marker) is apparatus.
NOTE_MARKERS = frozenset({"f", "fe", "ef", "x", "ex", "fig"})
# Markers whose line is not verse text: identification, titles, headings, acrostic letters.
LINE_SKIPPED = frozenset(
    {
        "id",
        "ide",
        "rem",
        "h",
        "toc",
        "toca",
        "mt",
        "mte",
        "ms",
        "mr",
        "s",
        "sr",
        "r",
        "sp",
        "qa",
        "cl",
        "cp",
        "cd",
        "imt",
        "is",
        "ip",
        "iot",
        "io",
        "ili",
        "sts",
        "usfm",
        "sd",
    }
)
# Markers that start a new poetry line inside a verse.
LINE_BREAKS = frozenset({"q", "qr", "qc", "qm", "li", "pi", "ph"})
# Character styles that never continue the preceding word.
SEPARATE_WORD_STYLES = frozenset({"qs", "qac"})
# Paragraph markers: a break in layout, read as a space.
PARAGRAPHS = frozenset({"p", "m", "b", "nb", "pc", "pm", "pmo", "pmc", "pmr", "mi", "cls"})


def _base(marker: str) -> str:
    """``q1`` → ``q``; ``+it*`` → ``it``."""
    return re.sub(r"\d+$", "", marker.lstrip("+").rstrip("*"))


@dataclass
class _Book:
    code: str = ""
    name: str = ""
    chapters: list[tuple[int, list[Passage]]] = field(default_factory=list)


class _UsfmReader:
    """A small state machine over the marker stream of one book."""

    def __init__(self, fallback_code: str) -> None:
        self.book = _Book(code=fallback_code)
        self.chapter = 0
        self.builder: TextBuilder | None = None
        self.passage_id = ""
        self.kind = "verse"
        self.in_note: str | None = None
        self.skip_line = False

    def finish_passage(self) -> None:
        if self.builder is not None:
            text = self.builder.text()
            if any(character.isalpha() for character in text):
                self.book.chapters[-1][1].append(Passage(self.passage_id, text, self.kind))
        self.builder = None

    def start_passage(self, passage_id: str, kind: str) -> None:
        self.finish_passage()
        if not self.book.chapters:
            self.book.chapters.append((self.chapter, []))
        self.builder = TextBuilder()
        self.passage_id = passage_id
        self.kind = kind

    def text(self, content: str) -> None:
        if self.in_note or self.builder is None:
            return
        if self.skip_line:
            # A skipped marker covers its own line only; text on later lines is verse text.
            _, newline, rest = content.partition("\n")
            if not newline:
                return
            self.skip_line = False
            content = rest
        self.builder.add(content)

    def marker(self, marker: str, content: str) -> None:
        """Handle one marker and the text that follows it up to the next marker."""
        base = _base(marker)
        closing = marker.endswith("*")
        if self.in_note:
            if closing and base == self.in_note:
                self.in_note = None
                self.text(content)
            return
        if base in NOTE_MARKERS and not closing:
            self.in_note = base
            return
        self.skip_line = False
        if base == "id":
            code = content.split()[0] if content.split() else ""
            self.book.code = code.upper() or self.book.code
        elif base == "h":
            self.book.name = " ".join(content.split())
        elif base == "c":
            self.finish_passage()
            number, rest = _leading_number(content)
            self.chapter = int(number) if number.isdigit() else self.chapter + 1
            self.book.chapters.append((self.chapter, []))
            self.skip_line = bool(rest.strip())
        elif base == "v":
            number, rest = _leading_number(content)
            self.start_passage(f"{self.book.code} {self.chapter}:{number}", "verse")
            self.text(rest)
        elif base == "d":
            self.start_passage(f"{self.book.code} {self.chapter}:0", "title")
            self.text(content)
        elif base in LINE_SKIPPED:
            self._end_title()
            self.skip_line = True
            self.text(content)
        elif base in LINE_BREAKS:
            self._end_title()
            if self.builder is not None:
                self.builder.line_break()
            self.text(content)
        elif base in PARAGRAPHS:
            self._end_title()
            self.text(" " + content)
        else:
            # Character styles (it, qs, bd, w…) and unknown markers: keep the text.
            if base == "w" and not closing:
                content = content.split("|", 1)[0]
            if base in SEPARATE_WORD_STYLES and not closing:
                content = " " + content  # "valo.\qs Sela.\qs*": Selah is a word of its own
            self.text(content)

    def _end_title(self) -> None:
        """A psalm title runs to the next paragraph, poetry line or heading."""
        if self.builder is not None and self.kind == "title":
            self.finish_passage()

    def result(self) -> _Book:
        self.finish_passage()
        return self.book


def _leading_number(content: str) -> tuple[str, str]:
    """Split "8 Kaj li…" into ("8", " Kaj li…")."""
    stripped = content.lstrip()
    match = re.match(r"\S+", stripped)
    if match is None:
        return "", ""
    return match.group(), stripped[match.end() :]


def parse_usfm(data: bytes | str, fallback_code: str = "") -> tuple[str, str, tuple[Section, ...]]:
    """Parse one USFM book: its code, its name (``\\h``) and its chapter sections."""
    text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    reader = _UsfmReader(fallback_code)
    pieces = _MARKER.split(text)
    # pieces: [text before first marker, marker, content, marker, content, ...]
    for index in range(1, len(pieces), 2):
        reader.marker(pieces[index], pieces[index + 1])
    book = reader.result()
    if not book.code:
        raise CorpusError("A USFM file has no \\id book code; fetch the corpus again.")
    name = book.name or book.code
    sections = tuple(
        Section(
            section_id=str(number),
            title=f"{name} {number}",
            kind="chapter",
            heads=(f"{name} {number}",),
            passages=tuple(passages),
        )
        for number, passages in book.chapters
        if passages
    )
    return book.code, name, sections


def read_usfm(path: Path | str, source: Source | None = None) -> Document:
    """Read one USFM book file into a Document (the manifest's facts where given)."""
    file_path = Path(path)
    code, name, sections = parse_usfm(file_path.read_bytes(), source.id if source else "")
    return Document(
        doc_id=source.id if source is not None else code,
        title=name,
        authors=source.authors if source is not None else (),
        translator=source.translator if source is not None else None,
        year=source.year if source is not None else None,
        license=source.license if source is not None else "",
        source_url=source.url if source is not None else "",
        sha256=source.sha256 if source is not None else "",
        sections=sections,
    )
