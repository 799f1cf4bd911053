"""Fuzzing the commands that take text or files from a person, in-process over the fixture
build: whatever the input, the command answers (exit 0) or refuses it with one `error:` line
(exit 2), never a traceback, and nothing it prints holds a control character."""

from __future__ import annotations

import io
import json
import string
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.faults.conftest import Outcome

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
letters = st.sampled_from(list(string.ascii_letters + "ĉĝĥĵŝŭ ?!.,'\x1b\x00\x07\x9b\t\n"))
texts = st.one_of(st.text(letters, max_size=60), st.text(max_size=60))


def _refused_or_done(outcome: Outcome) -> None:
    assert "Traceback" not in outcome.err
    assert outcome.code in (0, 2), outcome.err
    if outcome.code:
        assert len(outcome.error_lines) == 1 and outcome.err.startswith("error:"), outcome.err
    for stream in (outcome.out, outcome.err):
        assert not any((ord(c) < 32 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f
                       for c in stream), repr(stream)


@FUZZ
@given(text=texts, command=st.sampled_from([["ask"], ["ask", "--json"], ["search"],
                                            ["search", "--retriever", "dense", "--json"],
                                            ["parse"], ["parse", "--format", "conllu"]]))
def test_any_text_argument(home: Path, klareco: Callable[..., Outcome], text: str,
                           command: list[str]) -> None:
    _refused_or_done(klareco(*command, "--", text))


@FUZZ
@given(data=st.one_of(st.binary(max_size=200), texts.map(lambda t: t.encode())),
       command=st.sampled_from([["ask", "--json"], ["parse"]]))
def test_any_bytes_on_stdin(home: Path, klareco: Callable[..., Outcome],
                            monkeypatch: pytest.MonkeyPatch, data: bytes,
                            command: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    _refused_or_done(klareco(*command))


gold_lines = st.one_of(
    st.builds(lambda q, a: json.dumps({"id": "x", "question": q, "answers": a,
                                       "evidence": []}), texts, st.lists(texts, max_size=2)),
    texts.map(lambda t: t.replace("\n", " ")),
)


@FUZZ
@given(lines=st.lists(gold_lines, max_size=3), junk=st.binary(max_size=20))
def test_any_gold_file_for_eval(home: Path, tmp_path: Path, klareco: Callable[..., Outcome],
                                lines: list[str], junk: bytes) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_bytes("\n".join(lines).encode() + junk)
    _refused_or_done(klareco("eval", "--retriever", "bm25", "--gold", str(gold)))


conllu_lines = st.one_of(
    st.lists(st.text(letters.filter(lambda c: c not in "\t\n"), max_size=8), min_size=10,
             max_size=10).map("\t".join),
    st.sampled_from(["", "# text = x", "1\tLa\tla\tDET\t_\t_\t2\tdet\t_\t_",
                     "2\thundo\thundo\tNOUN\t_\tCase=Nom\t0\troot\t_\t_", "1-2\tx\t_\t_"]),
    texts.map(lambda t: t.replace("\n", " ")),
)


@FUZZ
@given(lines=st.lists(conllu_lines, max_size=6), junk=st.binary(max_size=10))
def test_any_gold_file_for_eval_parser(tmp_path: Path, klareco: Callable[..., Outcome],
                                       lines: list[str], junk: bytes) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_bytes("\n".join(lines).encode() + junk)
    _refused_or_done(klareco("eval-parser", "--json", "--gold", str(gold)))
