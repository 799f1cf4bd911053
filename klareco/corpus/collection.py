"""Collections: one's own texts, read into the same documents as the default corpus.

``klareco build --source PATH… --name NAME`` reads files and folders (folders recursively, in
name order) by their suffix:

* ``.txt``: plain text, one passage per paragraph (paragraphs are split on blank lines);
* ``.md`` / ``.markdown``: Markdown, headings become sections, paragraphs and list items
  passages (inline markup is dropped, code blocks are skipped);
* ``.xml`` / ``.tei``: TEI P5, and ``.usfm`` / ``.sfm``: USFM, by the default corpus's readers;
* ``.jsonl``: JSON Lines, one document per line with ``id``, ``title`` and ``text``.

Every document records its file (``source_url``, a ``file:`` URL; a JSON Lines document adds
``#id``) and the sha256 of its bytes (for JSON Lines, of its line), which the build uses to
reuse the unchanged ones. A document's id is its file's path under the source given (its book
code for USFM, whose citations read "Genezo 4:8", and its ``id`` for JSON Lines), and its
paragraphs are ``p1``, ``p2`` …, so a citation such as ``notoj (notoj/a.txt#p3)`` names the
file and the paragraph.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from klareco.artifacts import store_path
from klareco.config import prepare_home
from klareco.corpus.build import (
    BuildReport,
    ParseMany,
    SentenceIndexer,
    current_report,
    inputs_fingerprint,
    is_current,
    write_build,
)
from klareco.corpus.errors import CorpusError
from klareco.corpus.model import Document, Passage, Section
from klareco.corpus.tei import parse_tei, tei_document
from klareco.corpus.textbuild import TextBuilder
from klareco.corpus.usfm import parse_usfm

FORMATS = {".txt": "text", ".md": "markdown", ".markdown": "markdown", ".xml": "tei-xml",
           ".tei": "tei-xml", ".usfm": "usfm", ".sfm": "usfm", ".jsonl": "jsonl"}
PARAGRAPH = "p"  # the passage kind (and id prefix) of a paragraph of text


@dataclass(frozen=True)
class SourceFile:
    """A file of a collection: where it is, the name documents cite it by, its format."""

    path: Path
    name: str  # posix path under the source given, e.g. "notoj/a.txt"
    format: str
    sha256: str

    def fingerprint_line(self) -> str:
        return f"{self.name} {self.format} {self.sha256}"


def find_files(sources: Sequence[Path | str]) -> list[SourceFile]:
    """The readable files among ``sources`` (files, or folders searched recursively), in the
    order given, each folder's files in name order. A named file of unknown format, a missing
    path, or no readable file at all is an error."""
    found: list[SourceFile] = []
    for given in sources:
        path = Path(given).expanduser()
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                if file.is_file() and file.suffix.lower() in FORMATS and not any(
                        part.startswith(".") for part in file.relative_to(path).parts):
                    name = (Path(path.resolve().name) / file.relative_to(path)).as_posix()
                    found.append(_source_file(file, name))
        elif path.is_file():
            if path.suffix.lower() not in FORMATS:
                raise CorpusError(f"{path}: unknown format; name files ending "
                                  f"{', '.join(sorted(FORMATS))}")
            found.append(_source_file(path, path.name))
        else:
            raise CorpusError(f"{path}: no such file or folder")
    if not found:
        raise CorpusError(f"no readable file in {', '.join(str(s) for s in sources)} (files "
                          f"ending {', '.join(sorted(FORMATS))})")
    names = [file.name for file in found]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise CorpusError(f"two sources hold a file named {twice[0]}: give it once")
    return found


def _source_file(path: Path, name: str) -> SourceFile:
    data = path.read_bytes()
    return SourceFile(path.resolve(), name, FORMATS[path.suffix.lower()],
                      hashlib.sha256(data).hexdigest())


def read_documents(files: Iterable[SourceFile]) -> list[Document]:
    """Every document of the collection's files, in order; document ids must be unique."""
    documents: list[Document] = []
    seen: dict[str, str] = {}
    for file in files:
        for document in read_file(file):
            if document.doc_id in seen:
                raise CorpusError(f"{file.name} and {seen[document.doc_id]} both hold the "
                                  f"document {document.doc_id!r}: rename one")
            seen[document.doc_id] = file.name
            documents.append(document)
    return documents


def read_file(file: SourceFile) -> list[Document]:
    """The documents of one file (one, except for JSON Lines)."""
    data = file.path.read_bytes()
    url = file.path.as_uri()
    if file.format == "jsonl":
        return _read_jsonl(file, data)
    if file.format == "tei-xml":
        header, sections = parse_tei(data, file.name)
        document = tei_document(file.name, header, sections, None)
    elif file.format == "usfm":
        code, title, sections = parse_usfm(data, Path(file.name).stem.upper())
        document = Document(code, title, (), None, None, "", url, "", sections)
    else:
        text = _decode(data, file.name)
        title = Path(file.name).stem
        if file.format == "markdown":
            sections, heading = markdown_sections(text)
            title = heading or title
        else:
            sections = (Section("", None, "text", (), paragraph_passages(_paragraphs(text))),)
        document = Document(file.name, title, (), None, None, "", url, "", sections)
    return [dataclasses.replace(document, source_url=url, sha256=file.sha256)]


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CorpusError(f"{name} is not UTF-8 text ({error.reason} at byte {error.start})"
                          ) from None


_BLANK_LINES = re.compile(r"\n\s*\n")


def _paragraphs(text: str) -> list[str]:
    return [block for block in _BLANK_LINES.split(text.replace("\r\n", "\n")) if block.strip()]


def paragraph_passages(blocks: Iterable[str], first: int = 1) -> tuple[Passage, ...]:
    """One passage per block of text, its whitespace normalised, numbered from ``first``."""
    passages = []
    for number, block in enumerate(blocks, start=first):
        builder = TextBuilder()
        builder.add(block)
        if builder.text():
            passages.append(Passage(f"{PARAGRAPH}{number}", builder.text(), PARAGRAPH))
    return tuple(passages)


def _read_jsonl(file: SourceFile, data: bytes) -> list[Document]:
    documents = []
    base = file.path.as_uri()
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            doc_id, title, text = str(record["id"]), str(record["title"]), record["text"]
        except (ValueError, KeyError, TypeError) as error:
            raise CorpusError(f"{file.name}, line {number}: not a JSON object with id, title "
                              f"and text ({error})") from None
        if not isinstance(text, str) or not doc_id.strip():
            raise CorpusError(f"{file.name}, line {number}: id and text must be strings")
        sections = (Section("", None, "text", (), paragraph_passages(_paragraphs(text))),)
        documents.append(Document(doc_id, title, (), None, None, "", f"{base}#{doc_id}",
                                  hashlib.sha256(line.strip()).hexdigest(), sections))
    return documents


# ----------------------------------------------------------------------------- Markdown

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_QUOTE = re.compile(r"^\s*>\s?")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|`)(?=\S)(.+?)(?<=\S)\1")


def _inline(line: str) -> str:
    """A Markdown line's text without its inline markup (images, links, emphasis, code)."""
    line = _LINK.sub(r"\1", _IMAGE.sub("", line))
    previous = None
    while previous != line:  # nested emphasis: **_vorto_**
        previous, line = line, _EMPHASIS.sub(r"\2", line)
    return line


def markdown_sections(text: str) -> tuple[tuple[Section, ...], str | None]:
    """A Markdown text's sections (one per heading, with the headings above it) and its first
    top-level heading, the document's title. Paragraphs are numbered through the document."""
    sections: list[Section] = []
    heads: list[tuple[int, str]] = []
    blocks: list[str] = []
    current: list[str] = []
    title: str | None = None
    numbered = 0
    fenced = False

    def end_block() -> None:
        if current:
            blocks.append(" ".join(current))
            current.clear()

    def end_section() -> None:
        nonlocal numbered
        end_block()
        passages = paragraph_passages(blocks, numbered + 1)
        numbered += len(blocks)
        blocks.clear()
        if passages:
            sections.append(Section(f"s{len(sections) + 1}", heads[-1][1] if heads else None,
                                    "section" if heads else "text",
                                    tuple(h for _, h in heads), passages))

    for line in text.replace("\r\n", "\n").split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            end_block()
            continue
        if fenced:
            continue
        heading = _HEADING.match(line)
        if heading:
            end_section()
            level, head = len(heading.group(1)), _inline(heading.group(2))
            title = title or (head if level == 1 else None)
            heads = [(lvl, h) for lvl, h in heads if lvl < level] + [(level, head)]
            continue
        if not line.strip() or _RULE.match(line):
            end_block()
            continue
        if _ITEM.match(line):  # each list item is a passage of its own
            end_block()
            line = _ITEM.sub("", line, count=1)
        current.append(_inline(_QUOTE.sub("", line)).strip())
    end_section()
    return tuple(sections), title


# ----------------------------------------------------------------------------- building

SOURCES_FILE = "collection.json"  # in a collection's folder: what it was built from


def build_collection_store(home: Path, sources: Sequence[Path | str] | None = None, *,
                           indexers: Sequence[SentenceIndexer] = (), progress: bool = True,
                           workers: int | None = None, force: bool = False,
                           parse_many: ParseMany | None = None) -> BuildReport:
    """Build (or confirm up to date) the store of the collection whose folder is ``home``
    from ``sources`` (default: those it was last built from). Documents unchanged since the
    last build are reused, not parsed again (``klareco.corpus.build.write_build``)."""
    started = time.perf_counter()
    record = home / SOURCES_FILE
    if not sources:
        if not record.is_file():
            raise CorpusError(f"no collection in {home}: build it with "
                              "`klareco build --source PATH… --name NAME`")
        sources = json.loads(record.read_text(encoding="utf-8"))["sources"]
    paths = [str(Path(source).expanduser().resolve()) for source in sources]
    files = find_files(paths)
    prepare_home(home)
    fingerprint = inputs_fingerprint(indexers, [file.fingerprint_line() for file in files])
    target = store_path(home)
    if not force and is_current(target, fingerprint):
        report = current_report(target, started)
    else:
        report = write_build(home, read_documents(files), fingerprint, indexers,
                             workers=workers, progress=progress, reuse=not force,
                             parse_many=parse_many, started=started)
    partial = record.with_name(f".{record.name}.partial")
    partial.write_text(json.dumps({"sources": paths}, ensure_ascii=False, indent=1) + "\n",
                       encoding="utf-8")
    os.replace(partial, record)
    return report
