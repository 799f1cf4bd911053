"""Apostrophes: elision, or the single quote that closes a title."""

from __future__ import annotations

import pytest

from klareco.parse import parse


def forms(text: str) -> list[str]:
    return [word.form for word in parse(text).words]


@pytest.mark.parametrize("text, expected", [
    # elision drops the -o: the word is not whole without its apostrophe
    ("La hund' bojis.", ["La", "hund'", "bojis", "."]),
    ("Ŝi diris: 'la hund' bojis' kaj foriris.",
     ["Ŝi", "diris", ":", "'", "la", "hund'", "bojis", "'", "kaj", "foriris", "."]),
    # the article's elision stays one word inside a quoted title too
    ("Li legis 'La Kanto de l' Maro' hieraŭ.",
     ["Li", "legis", "'", "La", "Kanto", "de", "l'", "Maro", "'", "hieraŭ", "."]),
])
def test_elision_is_kept(text: str, expected: list[str]) -> None:
    assert forms(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a name at the end of a quoted title is whole: the apostrophe closes the quote
    ("Kion skribis Karlo en 'Vizito al Gustav'?",
     ["Kion", "skribis", "Karlo", "en", "'", "Vizito", "al", "Gustav", "'", "?"]),
    ("Ŝi legis ‘Petro Molen’ dufoje.",
     ["Ŝi", "legis", "‘", "Petro", "Molen", "’", "dufoje", "."]),
    # so is a word with its ending
    ("Ili nomis ĝin 'verdan' domon.", ["Ili", "nomis", "ĝin", "'", "verdan", "'", "domon", "."]),
    ("Kiu legis 'Tri Reĝoj'?", ["Kiu", "legis", "'", "Tri", "Reĝoj", "'", "?"]),
])
def test_a_whole_word_closes_the_quote(text: str, expected: list[str]) -> None:
    assert forms(text) == expected


def test_the_name_before_a_closing_quote_is_the_name() -> None:
    words = parse("Kiu loĝis en 'Domo de Gustav'?").words
    name = next(w for w in words if w.form == "Gustav")
    assert name.is_name and "gustav" in name.terms


@pytest.mark.parametrize("text, expected", [
    # an ordinal in digits takes its ending with or without a hyphen
    ("Li venis la 10an de aprilo.", ["Li", "venis", "la", "10an", "de", "aprilo", "."]),
    ("la 3a kaj la 4-a", ["la", "3a", "kaj", "la", "4-a"]),
    # a letter that is no adjective ending after a number stays apart
    ("en 1891b", ["en", "1891", "b"]),
])
def test_an_ordinal_in_digits_is_one_word(text: str, expected: list[str]) -> None:
    assert forms(text) == expected
