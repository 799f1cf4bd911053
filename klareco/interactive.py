"""The interactive ``klareco ask``: questions typed one per line at a prompt.

GNU readline gives the line editing people expect from a shell (arrows, Home/End, Ctrl-R) and a
history of earlier questions, kept in the data directory so that it outlives the session.
Ctrl-C drops the line being typed and shows a fresh prompt; Ctrl-D leaves, ending the line so
that the shell's own prompt starts on a line of its own.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from klareco.config import data_home

PROMPT = "question (Ctrl-D to leave)> "
HISTORY_NAME = "ask_history"
HISTORY_LENGTH = 1000  # questions kept in the history file


def history_path() -> Path:
    """Where the interactive ``ask`` keeps its history: the data directory."""
    return data_home() / HISTORY_NAME


def typed_questions(history: Path | None = None, prompt: str = PROMPT,
                    out: TextIO | None = None) -> Iterator[str]:
    """The questions typed at ``prompt``, stripped, until Ctrl-D (or the end of input). An
    empty line asks nothing; Ctrl-C while typing cancels that line."""
    out = out or sys.stdout
    keeper = _History(history or history_path())
    while True:
        try:
            line = input(prompt)
        except KeyboardInterrupt:
            out.write("\n")  # the cancelled line stays visible; the new prompt goes below it
            out.flush()
            continue
        except EOFError:
            out.write("\n")
            out.flush()
            return
        except UnicodeDecodeError:  # bytes the terminal's encoding cannot read: ask again
            out.write("error: the line is not UTF-8 text\n")
            out.flush()
            continue
        question = line.strip()
        if question:
            keeper.remember()
            yield question


class _History:
    """readline's history, read from a file once and appended to after each question. A
    history that cannot be read or written (no readline, a read-only home) is only lost."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            import readline  # importing it is what gives input() its line editing
        except ImportError:  # a Python built without readline: plain input()
            self.readline = None
            return
        self.readline = readline
        readline.set_history_length(HISTORY_LENGTH)
        try:
            if path.is_file():
                readline.read_history_file(path)
                readline.write_history_file(path)  # trims the file to HISTORY_LENGTH
        except OSError:
            pass

    def remember(self) -> None:
        """Append the line just read (readline added it to its history) to the file."""
        if self.readline is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.touch(exist_ok=True)
            self.readline.append_history_file(1, self.path)
        except OSError:
            pass
