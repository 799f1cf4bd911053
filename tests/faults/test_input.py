"""Text from a person, treated alike by every command: empty text is an error (exit 2, one
line) everywhere, bytes that are not UTF-8 are an error naming the file or the argument, and
control characters never reach the terminal."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from klareco.engine import Engine
from klareco.errors import EmptyInputError
from klareco.retrieval.search import Searcher
from tests.faults.conftest import QUESTION, Outcome

EMPTY = ["", "   ", "\t\n", "\x1b\x07", "\x00"]
JUNK = bytes(range(0x80, 0x100)) * 4  # not UTF-8


def with_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize("text", EMPTY, ids=repr)
@pytest.mark.parametrize("command", [["ask"], ["search"], ["search", "--retriever", "bm25"],
                                     ["parse"], ["parse", "--format", "json"]])
def test_empty_text_is_an_error_everywhere(home: Path, klareco: Callable[..., Outcome],
                                           command: list[str], text: str) -> None:
    outcome = klareco(*command, "--", text)
    outcome.assert_one_error(2, "empty")
    assert outcome.out == ""


@pytest.mark.parametrize("command", [["ask"], ["ask", "--json"], ["parse"]])
def test_empty_stdin_is_an_error(home: Path, klareco: Callable[..., Outcome],
                                 monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    with_stdin(monkeypatch, b"\n  \n\x1b\n")
    klareco(*command).assert_one_error(2, "empty")


@pytest.mark.parametrize("command", [["ask"], ["parse"], ["parse", "--format", "conllu"]])
def test_stdin_that_is_not_utf8_is_an_error(home: Path, klareco: Callable[..., Outcome],
                                            monkeypatch: pytest.MonkeyPatch,
                                            command: list[str]) -> None:
    with_stdin(monkeypatch, JUNK)
    outcome = klareco(*command)
    outcome.assert_one_error(2, "stdin", "not UTF-8")
    assert outcome.out == ""


@pytest.mark.parametrize("command", [["ask"], ["search"], ["parse"]])
def test_an_argument_that_is_not_utf8_is_an_error(home: Path,
                                                  klareco: Callable[..., Outcome],
                                                  command: list[str]) -> None:
    # Python hands an argument's undecodable bytes to the program as lone surrogates
    undecodable = b"Kiu \xff?".decode("utf-8", "surrogateescape")
    klareco(*command, undecodable).assert_one_error(2, "not UTF-8")


@pytest.mark.parametrize("command", ["eval", "eval-parser"])
def test_a_gold_file_that_is_not_utf8_is_an_error(home: Path, tmp_path: Path,
                                                  klareco: Callable[..., Outcome],
                                                  command: str) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(JUNK)
    klareco(command, "--gold", str(junk)).assert_one_error(2, str(junk), "not UTF-8")


@pytest.mark.parametrize("command", ["eval", "eval-parser"])
def test_an_empty_gold_file_is_an_error(home: Path, tmp_path: Path,
                                        klareco: Callable[..., Outcome], command: str) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    klareco(command, "--gold", str(empty)).assert_one_error(2, str(empty))


def test_a_gold_question_that_is_empty_is_an_error(home: Path, tmp_path: Path,
                                                   klareco: Callable[..., Outcome]) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "question": " ", "answers": [], "evidence": []}\n')
    klareco("eval", "--gold", str(gold)).assert_one_error(2, f"{gold}, line 1", "empty")


@pytest.mark.parametrize("command", [["ask"], ["ask", "--json"], ["search"],
                                     ["parse"], ["parse", "--format", "conllu"]])
def test_control_characters_are_never_echoed(home: Path, klareco: Callable[..., Outcome],
                                             command: list[str]) -> None:
    outcome = klareco(*command, "Kiun\x1b[2J helpis\x07 Tobio\x9b?")
    assert outcome.code == 0, outcome.err
    for stream in (outcome.out, outcome.err):
        assert not any(ord(c) < 32 and c not in "\n\t" or 0x7f <= ord(c) <= 0x9f
                       for c in stream), repr(stream)


def test_the_python_api_refuses_empty_text_alike(home: Path) -> None:
    engine = Engine.load(home, retriever="bm25")
    try:
        for text in EMPTY:
            with pytest.raises(EmptyInputError):
                engine.ask(text)
        with pytest.raises(EmptyInputError):
            Searcher.search(engine.searcher, " \x1b ")
        assert engine.ask(QUESTION).answer  # and a real question is answered
    finally:
        engine.close()
