"""The built Lark parsers are cached, and a cached one is the one built from the grammar."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

from klareco.parse.morphology import lalr_parser


def states(parser: Lark) -> dict:
    """The LALR table of a parser: what it does in each state on each token."""
    return parser.parser.parser._parse_table.states


@pytest.mark.parametrize("grammar", ["word.lark", "sentence.lark"])
def test_the_cached_parser_has_the_built_parsers_tables(grammar: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = lalr_parser(grammar)
    cached = list((tmp_path / "klareco").glob(f"{grammar}.*.lark-cache"))
    assert len(cached) == 1
    assert states(lalr_parser(grammar)) == states(built) != {}


def test_without_a_writable_cache_the_parser_is_built(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert states(lalr_parser("word.lark"))
