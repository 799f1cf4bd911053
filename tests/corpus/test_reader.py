"""Reading a corpus folder: dispatch by format, sentence ids, offsets and citations."""

from pathlib import Path

import pytest

from klareco.corpus.errors import CorpusError
from klareco.corpus.manifest import Manifest
from klareco.corpus.model import Document, Passage, Section
from klareco.corpus.reader import (
    iter_sentences,
    passage_sentences,
    read_corpus,
    short_head,
    walk_corpus,
)


def test_read_corpus_in_manifest_order(fixture_corpus: Path, fixture_manifest: Manifest) -> None:
    documents = list(read_corpus(fixture_corpus, fixture_manifest))
    assert [d.doc_id for d in documents] == ["drama", "prose", "GEN", "PSA"]
    drama = documents[0]
    # The manifest's facts are what a citation shows.
    assert drama.title == "Titolo de drama" and drama.license == "public domain"
    assert drama.sha256 == fixture_manifest.get("drama").sha256


def test_missing_file_names_it(fixture_corpus: Path, fixture_manifest: Manifest) -> None:
    (fixture_corpus / "tekstaro" / "prose.xml").unlink()
    with pytest.raises(CorpusError, match="tekstaro/prose.xml"):
        list(read_corpus(fixture_corpus, fixture_manifest))


def test_sentences_ids_offsets_citations(fixture_corpus: Path, fixture_manifest: Manifest) -> None:
    rows = list(walk_corpus(read_corpus(fixture_corpus, fixture_manifest)))
    by_id = {sentence.sentence_id: sentence for *_, sentence in rows}
    assert len(by_id) == len(rows)
    for _, _, passage, sentence in rows:
        assert passage.text[sentence.start : sentence.end] == sentence.text
    first = by_id["drama/akto-1/sceno-1/bx28#0"]
    assert first.text == "Ho!" and first.index == 0
    assert first.citation == "Titolo de drama, Akto 1, Sceno 1 (drama#bx28)"
    assert by_id["drama/akto-1/sceno-1/bx28#1"].text == "Kiu venas?"
    verse = by_id["GEN 4:8#0"]
    assert verse.citation == "Genezo 4:8" and verse.section_id == "4"
    assert by_id["GEN 1:2#1"].text == "Kaj pluvo falis sur la tegmentojn."
    assert by_id["PSA 3:0#0"].citation == "Psalmaro 3:0"


def test_order_is_stable(fixture_corpus: Path, fixture_manifest: Manifest) -> None:
    def ids() -> list[str]:
        return [
            s.sentence_id for *_, s in walk_corpus(read_corpus(fixture_corpus, fixture_manifest))
        ]

    assert ids() == ids()


def test_citation_drops_heading_equal_to_title() -> None:
    document = Document("domo", "La Malnova Domo", (), None, None, "", "", "")
    section = Section(
        "div-1/chapitro-2", "ĈAPITRO II", "chapitro", ("LA MALNOVA DOMO", "ĈAPITRO II")
    )
    passage = Passage("x1", "Teksto.", "p")
    [sentence] = passage_sentences(document, section, passage)
    assert sentence.citation == "La Malnova Domo, Ĉapitro II (domo#x1)"
    assert sentence.sentence_id == "domo/div-1/chapitro-2/x1#0"


@pytest.mark.parametrize(
    ("head", "short"),
    [
        ("Akto 1.", "Akto 1"),
        ("SCENO DEK-KVARA", "Sceno Dek-kvara"),
        ("KIU ESTAS LA PLEJ BONA AMIKO DE LA VIRO?", "Kiu Estas la Plej Bona Amiko de la Viro?"),
        (
            "Kion vidis la malgranda kato, kiu sidis sur la tegmento de la domo",
            "Kion vidis la malgranda kato, kiu sidis…",
        ),
        ("IV", "IV"),
    ],
)
def test_short_head(head: str, short: str) -> None:
    assert short_head(head) == short


def test_iter_sentences_reads_a_folder(fixture_corpus: Path, fixture_manifest: Manifest) -> None:
    sentences = list(iter_sentences(fixture_corpus, fixture_manifest))
    walked = [s for *_, s in walk_corpus(read_corpus(fixture_corpus, fixture_manifest))]
    assert sentences == walked
