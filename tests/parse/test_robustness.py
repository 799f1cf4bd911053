"""Property-based: no string, however odd or long, makes the parser or the CLI crash."""

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from klareco.cli import main
from klareco.errors import EmptyInputError, printable
from klareco.parse import parse

# Esperanto-looking text mixed with anything Unicode has.
esperanto_letters = st.sampled_from(list(string.ascii_letters + "ĉĝĥĵŝŭĈĜĤĴŜŬ'’ .,;:!?-—„“”"))
esperantoish = st.text(esperanto_letters, min_size=0, max_size=200)
anything = st.text(min_size=0, max_size=300)


def _parse_or_empty(text: str) -> None:
    try:
        sentence = parse(text)
    except EmptyInputError:
        assert not text.strip()
        return
    for word in sentence.words:
        assert text[word.start:word.end] == word.form
    sentence.to_dict()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(esperantoish, anything))
def test_parser_never_crashes(text: str) -> None:
    _parse_or_empty(text)


@pytest.mark.parametrize(
    "text",
    [
        "a" * 100_000,
        ("La hundo, kiun mi vidis, manĝas. " * 3100)[:100_000],
        "„" * 50_000 + "kiu" * 16_000,
        "".join(chr(c) for c in range(0x20, 0x20 + 100_000) if not 0xD800 <= c <= 0xDFFF),
    ],
    ids=["one-long-word", "many-sentences", "quotes", "unicode-range"],
)
def test_parser_survives_100k_characters(text: str) -> None:
    _parse_or_empty(text)


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.one_of(esperantoish, anything), st.sampled_from(["tree", "json", "conllu"]))
def test_cli_parse_never_shows_a_traceback(capsys: pytest.CaptureFixture[str], text: str,
                                           fmt: str) -> None:
    code, out, err = run_cli(["parse", "--format", fmt, "--", text], capsys)
    assert "Traceback" not in err
    if any(line.strip() for line in printable(text).splitlines()):  # controls are dropped
        assert code == 0, err
        assert out
    else:
        assert code != 0
        assert err.count("\n") == 1 and err.startswith("error: ")


@pytest.mark.parametrize(
    "args",
    [
        ["parse", ""],
        ["parse", "   "],
        ["parse", "x", "--format", "yaml"],
        ["parse", "--input", "conllu", "1\tbroken line"],
        ["eval-parser", "--gold", "/no/such/file.conllu"],
        ["no-such-command"],
        ["parse", "x", "--no-such-option"],
    ],
)
def test_cli_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str],
                                         args: list[str]) -> None:
    code, _, err = run_cli(args, capsys)
    assert code != 0
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [("Kiun vidis Petro? " * 5000)[:100_000], "ĉ" * 100_000, "\x00\uffff𝔸" * 33_333],
    ids=["questions", "one-word", "odd-code-points"],
)
def test_cli_survives_100k_characters(capsys: pytest.CaptureFixture[str], text: str) -> None:
    code, out, err = run_cli(["parse", "--format", "json", "--", text], capsys)
    assert code == 0, err
    assert out and "Traceback" not in err
