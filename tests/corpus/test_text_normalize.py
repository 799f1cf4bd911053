"""normalize_for_judging follows the judging rules of the evaluation README."""

import pytest

from klareco.text import normalize_for_judging


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("La Hundo", "la hundo"),
        ("cxu vi sxatas gxin?", "ĉu vi ŝatas ĝin"),
        ("Ĉu li? — Jes.", "ĉu li? — jes"),
        ("“Kiu?” li diris.", 'kiu?" li diris'),
        ("„Jes” kaj «ne»", 'jes" kaj "ne'),
        ("de l’ tago", "de l' tago"),
        ("  multe \n  da\tspaco  ", "multe da spaco"),
        ("...kaj tiel plu...", "kaj tiel plu"),
        ("(krampoj)", "krampoj"),
        ("", ""),
        ("!!!", ""),
    ],
)
def test_normalize_for_judging(raw: str, expected: str) -> None:
    assert normalize_for_judging(raw) == expected


def test_normalize_applies_nfc() -> None:
    decomposed = "c\u0302u"  # c + combining circumflex
    assert normalize_for_judging(decomposed) == "ĉu"


def test_normalize_uppercase_x_system() -> None:
    assert normalize_for_judging("CXIO SXANGXIGXAS") == "ĉio ŝanĝiĝas"


def test_normalize_is_idempotent() -> None:
    once = normalize_for_judging("  „Ĉu Vi?” diris Sxi. ")
    assert normalize_for_judging(once) == once
