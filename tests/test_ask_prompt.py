"""`klareco ask` without a question: the prompt at a terminal (typed into a pseudo-terminal,
keys and all), JSON Lines from stdin, and no NaN in JSON."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from klareco.artifacts import store_path
from klareco.interactive import HISTORY_NAME, PROMPT
from tests.conftest import damaged_copy

QUESTION = "Kiun helpis Tobio?"  # the fixture Genesis → Elio
UP, CTRL_C, CTRL_D = "\x1b[A", "\x03", "\x04"


@pytest.fixture()
def home(dense_fixture_home: Path, tmp_path: Path) -> Path:
    """The fixture build, in a home of its own (the prompt writes its history there)."""
    own = tmp_path / "home"
    own.mkdir()
    for item in dense_fixture_home.iterdir():
        if item.is_file():
            (own / item.name).symlink_to(item)
    return own


def prompt_session(home: Path) -> pexpect.spawn:
    env = {**os.environ, "KLARECO_HOME": str(home), "TERM": "xterm", "COLUMNS": "200"}
    # Ctrl-C as at a terminal: the default SIGINT, whatever the test runner inherited (a job
    # started in the background by a shell ignores SIGINT, and so would the prompt)
    session = pexpect.spawn(sys.executable, ["-m", "klareco", "ask"], env=env,
                            encoding="utf-8", timeout=60, dimensions=(40, 200),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    session.expect_exact(PROMPT)
    return session


def test_up_recalls_ctrl_c_cancels_ctrl_d_leaves(home: Path) -> None:
    session = prompt_session(home)
    session.send(QUESTION + "\r")
    session.expect_exact("Elio")
    session.expect_exact(PROMPT)
    session.send(UP)  # the question comes back, edited by readline, not as escape bytes
    session.expect_exact(QUESTION)
    session.send("\r")
    session.expect_exact("Elio")
    session.expect_exact(PROMPT)
    session.send("Kiu est" + CTRL_C)  # cancels the line, not the session
    session.expect_exact(PROMPT)
    session.send(CTRL_C)  # at an empty prompt too
    session.expect_exact(PROMPT)
    session.send("\r")  # an empty line asks nothing and does not leave
    session.expect_exact(PROMPT)
    assert session.isalive()
    session.send(CTRL_D)
    session.expect(pexpect.EOF)
    assert session.before.endswith("\n")  # the shell's prompt starts on a line of its own
    session.close()
    assert session.exitstatus == 0
    assert (home / HISTORY_NAME).read_text(encoding="utf-8").splitlines()[-2:] == [
        QUESTION, QUESTION]


def test_history_outlives_the_session(home: Path) -> None:
    (home / HISTORY_NAME).write_text("Kiu parolis kun Elio?\n", encoding="utf-8")
    session = prompt_session(home)
    session.send(UP)
    session.expect_exact("Kiu parolis kun Elio?")
    session.send("\r")
    session.expect_exact("Tobio")
    session.expect_exact(PROMPT)
    session.send(CTRL_D)
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0


def test_questions_on_stdin_with_json_give_json_lines(home: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "klareco", "ask", "--json"],
                          input=f"{QUESTION}\n\nKiu estas Mitrandiro?\n", text=True,
                          capture_output=True, env={**os.environ, "KLARECO_HOME": str(home)},
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    answers = [json.loads(line) for line in lines]
    assert [a["answer"] for a in answers] == ["Elio", "Mi ne scias."]


def test_a_nan_score_is_an_error_naming_the_damaged_file(dense_fixture_home: Path,
                                                         tmp_path: Path) -> None:
    home = damaged_copy(dense_fixture_home, tmp_path)
    for retriever in ("bm25", "hybrid"):
        done = subprocess.run([sys.executable, "-m", "klareco", "ask", "--json",
                               "--retriever", retriever, QUESTION],
                              capture_output=True, text=True, timeout=120, check=False,
                              env={**os.environ, "KLARECO_HOME": str(home)})
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
        assert str(store_path(home)) in done.stderr and "damaged" in done.stderr
