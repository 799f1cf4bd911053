"""The USFM reader: chapters, verses, poetry lines, psalm titles, notes and styles."""

from pathlib import Path

import pytest

from klareco.corpus.errors import CorpusError
from klareco.corpus.usfm import parse_usfm, read_usfm


def test_book_chapters_and_verses(fixtures: Path) -> None:
    book = read_usfm(fixtures / "book.usfm")
    assert book.doc_id == "GEN" and book.title == "Genezo"
    assert [section.section_id for section in book.sections] == ["1", "4"]
    assert book.sections[1].title == "Genezo 4"
    verses = {p.passage_id: p for _, p in book.passages()}
    assert list(verses) == ["GEN 1:1", "GEN 1:2", "GEN 4:8", "GEN 4:9"]
    assert verses["GEN 1:1"].text == (
        "En la unua tago la vilaĝo vekiĝis frue kaj iris al la kampo."
    )
    assert verses["GEN 1:1"].kind == "verse"


def test_footnotes_dropped_styles_and_unknown_markers_kept(fixtures: Path) -> None:
    verses = {p.passage_id: p for _, p in read_usfm(fixtures / "book.usfm").passages()}
    assert verses["GEN 4:8"].text == (
        "Kaj Tobio parolis kun sia frato Elio; kaj Tobio helpis lin tiam."
    )
    assert verses["GEN 4:9"].text == "La vorto pur estas nekonata marko."


def test_titles_are_not_verse_text(fixtures: Path) -> None:
    book = read_usfm(fixtures / "book.usfm")
    assert all("PROVO" not in p.text for _, p in book.passages())


def test_psalm_title_poetry_lines_and_selah(fixtures: Path) -> None:
    psalms = read_usfm(fixtures / "psalms.usfm")
    passages = {p.passage_id: p for _, p in psalms.passages()}
    assert list(passages) == ["PSA 3:0", "PSA 3:1", "PSA 3:2", "PSA 3:3"]
    assert passages["PSA 3:0"].kind == "title"
    assert passages["PSA 3:0"].text == "Kanto de la paŝtisto, kiam li revenis."
    assert passages["PSA 3:1"].text == (
        "Ho vento, kiel longa estas la vojo,\nLonga kaj malvarma por mi!"
    )
    # The selah keeps its own word; the acrostic heading (\qa) is not verse text.
    assert passages["PSA 3:2"].text.endswith("en la valo. Sela.")
    assert "ALEF" not in passages["PSA 3:2"].text


def test_source_id_wins_and_missing_id_fails() -> None:
    code, name, sections = parse_usfm("\\h Libro\n\\c 1\n\\v 1 Teksto.", fallback_code="XYZ")
    assert (code, name) == ("XYZ", "Libro")
    assert sections[0].passages[0].passage_id == "XYZ 1:1"
    with pytest.raises(CorpusError):
        parse_usfm("\\c 1\n\\v 1 Teksto.")
