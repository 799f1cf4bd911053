"""Read the whole corpus: documents from their files, sentences with ids and citations.

``read_corpus`` yields ``Document``s in manifest order; ``walk_corpus`` walks every
(document, section, passage, sentence) in that same stable order; ``iter_sentences`` yields just
the sentences of a corpus folder.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Manifest, Source, load_manifest
from klareco.corpus.model import Document, Passage, Row, Section, Sentence
from klareco.corpus.split import split_sentences
from klareco.corpus.tei import read_tei
from klareco.corpus.usfm import read_usfm

READERS: dict[str, Callable[[Path, Source], Document]] = {
    "tei-xml": read_tei,
    "usfm": read_usfm,
}

# Citations shorten long headings to this many characters.
MAX_HEAD_CHARS = 40
_ROMAN = re.compile(r"^[IVXLCDM]+\.?$")
# Words left lowercase when an all-capitals heading is recased for a citation.
_SMALL_WORDS = frozenset(
    {
        "la",
        "l’",
        "l'",
        "de",
        "kaj",
        "en",
        "al",
        "el",
        "por",
        "kun",
        "pri",
        "sur",
        "sub",
        "ĉe",
        "da",
        "je",
        "aŭ",
        "kiu",
        "kio",
        "ke",
        "ne",
        "tra",
        "post",
        "antaŭ",
        "inter",
        "sen",
    }
)


def read_corpus(
    corpus_dir: Path | str, manifest: Manifest | Path | str | None = None
) -> Iterator[Document]:
    """Yield every source of ``manifest`` read from ``corpus_dir``, in manifest order."""
    if not isinstance(manifest, Manifest):
        manifest = load_manifest(manifest)
    root = Path(corpus_dir)
    for source in manifest:
        path = root / source.file
        if not path.is_file():
            raise CorpusError(
                f"{source.file} is missing from {root}; run `klareco corpus fetch` first."
            )
        yield READERS[source.format](path, source)


def walk_corpus(
    documents: Iterable[Document],
) -> Iterator[Row]:
    """Every sentence of every passage, with its document, section and passage, in order."""
    for document in documents:
        for section in document.sections:
            for passage in section.passages:
                for sentence in passage_sentences(document, section, passage):
                    yield document, section, passage, sentence


def iter_sentences(
    corpus_dir: Path | str, manifest: Manifest | Path | str | None = None
) -> Iterator[Sentence]:
    """Every sentence of the corpus in ``corpus_dir``, in the stable corpus order."""
    for _, _, _, sentence in walk_corpus(read_corpus(corpus_dir, manifest)):
        yield sentence


def passage_sentences(document: Document, section: Section, passage: Passage) -> list[Sentence]:
    """The sentences of one passage, with stable ids and citations."""
    if is_verse(document, passage):
        citation = verse_citation(document, passage)
        prefix = passage.passage_id
    else:
        citation = tei_citation(document, section, passage)
        path = "/".join(part for part in (document.doc_id, section.section_id) if part)
        prefix = f"{path}/{passage.passage_id}"
    sentences = []
    for index, (start, end) in enumerate(split_sentences(passage.text)):
        sentences.append(
            Sentence(
                sentence_id=f"{prefix}#{index}",
                doc_id=document.doc_id,
                section_id=section.section_id,
                passage_id=passage.passage_id,
                index=index,
                start=start,
                end=end,
                text=passage.text[start:end],
                citation=citation,
            )
        )
    return sentences


def is_verse(document: Document, passage: Passage) -> bool:
    """Bible passages are named "GEN 4:8" after their book; TEI ids never hold a space."""
    return passage.passage_id.startswith(f"{document.doc_id} ")


def verse_citation(document: Document, passage: Passage) -> str:
    """``Genezo 4:8`` (a psalm title: ``Psalmaro 3:0``)."""
    reference = passage.passage_id.split(" ", 1)[1]
    return f"{document.title} {reference}"


def tei_citation(document: Document, section: Section, passage: Passage) -> str:
    """``Hamleto, Akto 1, Sceno 2 (hamleto#bx28)``: title, headings, then the passage id."""
    parts = [document.title]
    title_key = _key(document.title)
    for head in section.heads:
        short = short_head(head)
        if short and _key(short) != title_key and short not in parts:
            parts.append(short)
    return f"{', '.join(parts)} ({document.doc_id}#{passage.passage_id})"


def short_head(head: str) -> str:
    """A heading fit for a citation: one line, no final period, recased if all capitals."""
    text = " ".join(head.split()).rstrip(".:;, ")
    letters = [character for character in text if character.isalpha()]
    if letters and all(character.isupper() for character in letters) and len(letters) > 3:
        words = []
        for position, word in enumerate(text.split()):
            if _ROMAN.match(word):
                words.append(word)
            elif position > 0 and word.lower() in _SMALL_WORDS:
                words.append(word.lower())
            else:
                words.append(word[:1] + word[1:].lower())
        text = " ".join(words)
    if len(text) > MAX_HEAD_CHARS:
        cut = text[:MAX_HEAD_CHARS].rsplit(" ", 1)[0].rstrip(",;:")
        text = f"{cut}…"
    return text


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.casefold()).strip()
