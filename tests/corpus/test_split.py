"""The sentence splitter: Esperanto abbreviations, dialogue, verse, exact offsets."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klareco.corpus.abbreviations import CLOSING_ABBREVIATIONS, LEADING_ABBREVIATIONS
from klareco.corpus.split import split_sentences


def sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He! Kiu?", ["He!", "Kiu?"]),
        ("Mi venas. Vi restas.", ["Mi venas.", "Vi restas."]),
        ("Ĉu vere?! Jes…", ["Ĉu vere?!", "Jes…"]),
        ("Nu... Bone.", ["Nu...", "Bone."]),
        ("mi... ne, mi ne scias...", ["mi... ne, mi ne scias..."]),
        # Closing quotes stay with their sentence; a lowercase word after them continues it.
        ("„Kiu?” li diris. Poste li foriris.", ["„Kiu?” li diris.", "Poste li foriris."]),
        ("“Venu!” Kaj li venis.", ["“Venu!”", "Kaj li venis."]),
        ("(Li foriris.) Poste li revenis.", ["(Li foriris.)", "Poste li revenis."]),
        # Dialogue dashes.
        ("— Jes, — diris li. — Sed ne nun!", ["— Jes, — diris li.", "— Sed ne nun!"]),
        ("Kiu? – demandis li.", ["Kiu? – demandis li."]),
        ("Jes. – Kaj vi?", ["Jes.", "– Kaj vi?"]),
        # Colon and semicolon never split.
        (
            "Li diris: Venu; kaj ŝi venis.",
            ["Li diris: Venu; kaj ŝi venis."],
        ),
    ],
)
def test_basic_boundaries(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "D-ro A. B. Verda naskiĝis. S-ro Petro venis.",
            ["D-ro A. B. Verda naskiĝis.", "S-ro Petro venis."],
        ),
        ("Skribis Joh. Blanka en 1920.", ["Skribis Joh. Blanka en 1920."]),
        ("Vidu ekz. La Revuo.", ["Vidu ekz. La Revuo."]),
        ("Ŝi, t.e. la reĝino, venis.", ["Ŝi, t.e. la reĝino, venis."]),
        ("Ŝi, t. e. La Reĝino, venis.", ["Ŝi, t. e. La Reĝino, venis."]),
        ("Jen la vol. 2 kaj p. 5.", ["Jen la vol. 2 kaj p. 5."]),
        ("la placo Sta. Klara. Pastro venis.", ["la placo Sta. Klara.", "Pastro venis."]),
        ("Ĝi kostas n-ro 5. Bone.", ["Ĝi kostas n-ro 5.", "Bone."]),
        # Closing abbreviations end a sentence when a capital follows.
        (
            "Ni havas pomojn, pirojn k.t.p. Poste ni iris.",
            ["Ni havas pomojn, pirojn k.t.p.", "Poste ni iris."],
        ),
        (
            "pomoj, piroj k. t. p. Ĉie estis fruktoj.",
            ["pomoj, piroj k. t. p.", "Ĉie estis fruktoj."],
        ),
        ("Li naskiĝis en 1890 j. Li estis forta.", ["Li naskiĝis en 1890 j.", "Li estis forta."]),
        ("En la 15-a de majo. Li venis.", ["En la 15-a de majo.", "Li venis."]),
        ("3.5 metrojn. Jes.", ["3.5 metrojn.", "Jes."]),
    ],
)
def test_abbreviations_initials_and_numbers(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_list_numbers_open_their_sentence() -> None:
    assert sentences("1. La nomo estas bona. 2. Alia.") == ["1. La nomo estas bona.", "2. Alia."]
    assert sentences("Sen vortaro. (3) Dum la uzado.") == ["Sen vortaro.", "(3) Dum la uzado."]


def test_verse_lines_without_punctuation_continue() -> None:
    verse = "Malvarma estas la vento\nSur la kampoj de l’ patro,\nKaj ni kantu!\nKaj poste ni"
    assert sentences(verse) == [
        "Malvarma estas la vento\nSur la kampoj de l’ patro,\nKaj ni kantu!",
        "Kaj poste ni",
    ]


def test_verse_line_ending_in_terminator_ends_sentence_even_before_lowercase() -> None:
    assert sentences("Ho ve!\nkaj poste silento.") == ["Ho ve!", "kaj poste silento."]


def test_pieces_without_letters_join_their_neighbour() -> None:
    assert sentences("Li foriris. ...") == ["Li foriris. ..."]
    assert sentences("– Jes.") == ["– Jes."]


def test_empty_and_whitespace() -> None:
    assert split_sentences("") == []
    assert split_sentences("   \n ") == []
    assert sentences("  Sen fino  ") == ["Sen fino"]


def test_abbreviation_lists_are_lowercase_and_disjoint() -> None:
    for form in LEADING_ABBREVIATIONS | CLOSING_ABBREVIATIONS:
        assert form == form.lower() and form.endswith(".") and " " not in form
    assert not LEADING_ABBREVIATIONS & CLOSING_ABBREVIATIONS


ALPHABET = st.sampled_from(list("abcĉĝ ABĈ.!?…,;:–„“”()\n") + ["k.t.p.", "D-ro", "S. ", "j. "])


@given(st.lists(ALPHABET, max_size=60).map("".join))
def test_spans_are_ordered_trimmed_and_cover_every_letter(text: str) -> None:
    spans = split_sentences(text)
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        piece = text[start:end]
        assert piece == piece.strip()
        previous_end = end
    covered = "".join(text[start:end] for start, end in spans)
    assert [c for c in covered if c.isalpha()] == [c for c in text if c.isalpha()]
