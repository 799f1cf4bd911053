"""The TEI reader on small hand-written files: sections, passages, spans, dropped apparatus."""

from pathlib import Path

import pytest

from klareco.corpus.errors import CorpusError
from klareco.corpus.model import Document, Passage
from klareco.corpus.tei import parse_tei, read_tei


def passages_by_id(document: Document) -> dict[str, Passage]:
    return {passage.passage_id: passage for _, passage in document.passages()}


@pytest.fixture
def drama(fixtures: Path) -> Document:
    return read_tei(fixtures / "drama.xml")


@pytest.fixture
def prose(fixtures: Path) -> Document:
    return read_tei(fixtures / "prose.xml")


def test_header_facts(drama: Document) -> None:
    assert drama.doc_id == "drama"
    assert drama.title == "Dramo"
    assert drama.authors == ("V. Verkisto",)
    assert drama.year == 1894


def test_sections_follow_div_types_and_skip_wrappers(drama: Document) -> None:
    ids = [section.section_id for section in drama.sections]
    assert ids == [
        "front/personoj-1",
        "akto-1",
        "akto-1/sceno-1",
        "akto-1/sceno-2",
        "akto-2",
        "akto-2/sceno-1",
    ]
    scene = drama.sections[3]
    assert scene.title == "Sceno 2." and scene.kind == "sceno"
    assert scene.heads == ("Akto 1.", "Sceno 2.")


def test_cast_list_items_read_as_facts(drama: Document) -> None:
    passages = passages_by_id(drama)
    assert passages["c3"].text == "Ana, filino de Marko."
    assert passages["c3"].kind == "castItem"
    # Roles without separating punctuation are joined with commas.
    assert passages["c4"].text == "Tomaso, Paŭlo, ĝardenistoj."
    assert passages["c5"].kind == "stage"


def test_name_spans_point_at_the_names(drama: Document) -> None:
    cast = passages_by_id(drama)["c3"]
    assert [cast.text[start:end] for start, end in cast.names] == ["Ana", "Marko"]


def test_speaker_is_metadata_not_text(drama: Document) -> None:
    speech = passages_by_id(drama)["bx28"]
    assert speech.kind == "speech"
    assert speech.speaker == "Tomaso"
    assert speech.text == "Ho! Kiu venas?"


def test_line_breaks_notes_and_inline_stage(drama: Document) -> None:
    passages = passages_by_id(drama)
    verse = passages["bx40"]
    # <lb/> becomes "\n"; the footnote is gone without leaving a space before the comma;
    # the stage direction inside the speech becomes a passage of its own.
    assert (
        verse.text
        == "Malvarma estas nun la vintra vento\nSur la kampoj de la patro,\nKaj ni kantu!"
    )
    assert passages["bx40.s1"].text == "(al Ana)"
    assert passages["bx40.s1"].kind == "stage"


def test_missing_ids_are_generated_and_stable(fixtures: Path, drama: Document) -> None:
    again = read_tei(fixtures / "drama.xml")
    generated = [p.passage_id for _, p in drama.passages() if p.text == "Mi iras hejmen."]
    assert generated == [p.passage_id for _, p in again.passages() if p.text == "Mi iras hejmen."]
    assert generated[0].startswith("p")


def test_inline_markup_keeps_text_and_marks_other_languages(prose: Document) -> None:
    paragraph = passages_by_id(prose)["t2"]
    assert paragraph.text == (
        "La juna Kowalska loĝis en la strato du Moulin. Ŝi diris merci kaj foriris."
    )
    assert [paragraph.text[s:e] for s, e in paragraph.names] == ["Kowalska"]
    assert [paragraph.text[s:e] for s, e in paragraph.foreign] == ["du Moulin", "merci"]


def test_gap_milestone_abbr_num(prose: Document) -> None:
    paragraph = passages_by_id(prose)["t3"]
    assert paragraph.text == "D-ro A. B. Verda naskiĝis la 3-an de majo. Li k.t.p. estis gaja."


def test_notes_are_dropped_entirely(prose: Document) -> None:
    assert "t9" not in passages_by_id(prose)
    assert all("Noto" not in p.text for _, p in prose.passages())


def test_proverbs_items_quotes_tables_letters(prose: Document) -> None:
    passages = passages_by_id(prose)
    assert passages["i1.1"].text == "Kiu kuras, tiu lacas." and passages["i1.1"].kind == "ab"
    assert passages["i1.2"].text == "Blua ĉielo ne pagas panon."
    assert passages["i2"].kind == "item"
    assert passages["t4"].text == "Citaĵo en alineo."
    assert passages["c1"].text == "Mi"
    assert "c2" not in passages  # a cell wholly in another language is not Esperanto text
    letter = [s for s in prose.sections if s.section_id == "chapitro-1/letero-1"][0]
    assert [p.passage_id for p in letter.passages] == ["t5", "t6"]
    assert not any(p.text.startswith("1.") for p in passages.values())


def test_body_head_and_untyped_div(prose: Document) -> None:
    root = prose.sections[0]
    assert root.section_id == "" and root.passages[0].text == "PROZO"
    assert [s.section_id for s in prose.sections][-1] == "chapitro-2/div-1"


def test_whitespace_is_normalised() -> None:
    data = (
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body><div>'
        '<p xml:id="a">  Unu\n   du\t tri <hi>kvar</hi>kvin  </p></div></body></text></TEI>'
    )
    _, sections = parse_tei(data, "x")
    assert sections[0].passages[0].text == "Unu du tri kvarkvin"


def test_broken_xml_raises_corpus_error() -> None:
    with pytest.raises(CorpusError, match="not well-formed"):
        parse_tei("<TEI><text>", "broken")


def test_non_tei_root_raises_corpus_error() -> None:
    with pytest.raises(CorpusError, match="not a TEI"):
        parse_tei("<html/>", "page")
