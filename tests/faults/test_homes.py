"""Homes that cannot be written: read-only, a file, a path below a file, a full disk. Each is
one `error:` line naming the path and the reason, exit 1, nothing half-written, and a build
that was there before still answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.faults.conftest import QUESTION, Outcome, comparable
from tests.faults.mounts import disk_use, read_only, tmpfs

WRITING_COMMANDS = {"ask": ("ask", QUESTION), "build": ("build",),
                    "corpus fetch": ("corpus", "fetch")}


def _unwritable(kind: str, tmp_path: Path) -> tuple[Path, str]:
    """A home of ``kind`` that cannot be made, and the path its error names."""
    if kind == "a file":
        home = tmp_path / "file"
        home.write_text("not a folder\n")
        return home, str(home)
    home = tmp_path / "file" / "below"
    (tmp_path / "file").write_text("not a folder\n")
    return home, str(home)


@pytest.mark.parametrize("command", WRITING_COMMANDS)
@pytest.mark.parametrize("kind", ["a file", "a path below a file"])
def test_a_home_that_is_not_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     klareco: Callable[..., Outcome], kind: str,
                                     command: str) -> None:
    home, named = _unwritable(kind, tmp_path)
    monkeypatch.setenv("KLARECO_HOME", str(home))
    line = klareco(*WRITING_COMMANDS[command]).assert_one_error(1, named)
    assert "not a directory" in line
    assert (tmp_path / "file").read_text() == "not a folder\n"  # left as it was


@pytest.mark.parametrize("command", WRITING_COMMANDS)
def test_a_home_on_a_read_only_file_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           klareco: Callable[..., Outcome],
                                           command: str) -> None:
    with read_only(tmp_path / "ro") as mount:
        monkeypatch.setenv("KLARECO_HOME", str(mount / "missing" / "home"))
        outcome = klareco(*WRITING_COMMANDS[command])
        line = outcome.assert_one_error(1, str(mount))
        assert "read-only" in line or "permission denied" in line
        assert len(outcome.err.splitlines()) == 1  # not "building it now" first
        assert not (mount / "missing").exists()


def test_a_read_only_home_with_a_build_answers_and_refuses_to_build(
        good_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        klareco: Callable[..., Outcome], good_answer: dict) -> None:
    with read_only(tmp_path / "ro", good_home) as mount:
        monkeypatch.setenv("KLARECO_HOME", str(mount / "home"))
        assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer
        line = klareco("build", "--force").assert_one_error(1, str(mount / "home"))
        assert "read-only" in line or "permission denied" in line
        assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer


def test_a_build_on_a_full_disk_leaves_the_previous_build_answering(
        good_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        klareco: Callable[..., Outcome], build_child: Callable, good_answer: dict) -> None:
    # room for the build that is there and a few pages more: not for a second store
    with tmpfs(tmp_path / "disk", disk_use(good_home) + 8 * 4096) as disk:
        home = disk / "home"
        import shutil

        shutil.copytree(good_home, home)
        child = build_child(home, "--force")
        _, err = child.communicate(timeout=300)
        outcome = Outcome(child.returncode, "", err)
        line = outcome.assert_one_error(1, str(home))
        assert "full" in line or "no space" in line
        assert not list(home.glob(".*partial*"))  # nothing half-written is left
        monkeypatch.setenv("KLARECO_HOME", str(home))
        assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer
        assert klareco("doctor").code == 0
