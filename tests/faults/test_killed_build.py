"""A build killed at any moment leaves the previous build answering: SIGKILL at random points
of a real `klareco build --force` (over the fixture sources), and a crash at every step of
installing a file."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from klareco import integrity
from klareco.errors import DamagedError
from tests.faults.conftest import QUESTION, Outcome, comparable

# Moments to kill at, as fractions of a whole build (after its imports), seeded.
_random = random.Random(18)
KILL_POINTS = sorted(round(_random.random(), 3) for _ in range(5))
ATTEMPTS_TO_CATCH = 5  # builds started to catch one writing a file


def _started(child) -> float:  # type: ignore[no-untyped-def]
    """Wait for the child's "ready" (its imports done); the time it said so."""
    assert child.stdout.readline().strip() == "ready", child.stderr.read()
    return time.monotonic()


@pytest.fixture(scope="module")
def build_seconds(good_home: Path, tmp_path_factory: pytest.TempPathFactory,
                  build_child: Callable) -> float:
    """How long a whole forced build takes after its imports (and that it succeeds)."""
    import shutil

    home = tmp_path_factory.mktemp("whole") / "home"
    shutil.copytree(good_home, home)
    child = build_child(home, "--force")
    started = _started(child)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    return time.monotonic() - started


@pytest.mark.parametrize("point", KILL_POINTS)
def test_a_build_killed_at_a_random_point(home: Path, build_child: Callable,
                                          build_seconds: float, klareco: Callable[..., Outcome],
                                          good_answer: dict, point: float) -> None:
    child = build_child(home, "--force")
    _started(child)
    time.sleep(point * build_seconds)
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=60)
    assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer
    examined = klareco("doctor")
    assert examined.code == 0, examined.out + examined.err


def test_the_build_after_a_killed_one_cleans_up_and_finishes(
        home: Path, build_child: Callable, klareco: Callable[..., Outcome],
        good_answer: dict) -> None:
    # a file is written in a few milliseconds: a build that ends before it is caught writing
    # one is started again (a busy machine can miss every window of one build)
    for _ in range(ATTEMPTS_TO_CATCH):
        child = build_child(home, "--force")
        _started(child)
        caught = False
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            if list(home.glob(".*.partial")):
                # stopped first: the file seen may be installed before a kill could land
                os.kill(child.pid, signal.SIGSTOP)
                if list(home.glob(".*.partial")):
                    caught = True
                    break
                os.kill(child.pid, signal.SIGCONT)
            time.sleep(0.002)
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=60)
        if caught:
            break
    assert list(home.glob(".*.partial")), "the build was not caught writing"
    child = build_child(home)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    assert not list(home.glob(".*.partial"))
    assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer


class _Crash(Exception):
    pass


@pytest.mark.parametrize("step", range(4))
def test_installing_a_file_survives_a_crash_at_every_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    """``install`` writes the record, renames the file, writes the record again and stamps
    it: a crash before any of these leaves a file that verifies (the old or the new one)."""
    home = tmp_path / "home"
    home.mkdir()
    old = home / ".a.1.partial"
    old.write_bytes(b"the previous build")
    integrity.install(old, home / "a")
    new = home / ".a.2.partial"
    new.write_bytes(b"the next build, longer")
    done = []

    def crashing(real: Callable) -> Callable:
        def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            if len(done) == step:
                raise _Crash
            done.append(real)
            return real(*args, **kwargs)
        return call

    real_replace = os.replace

    def replace(source, target):  # type: ignore[no-untyped-def]
        if Path(source).name.startswith(f".{integrity.CHECKSUMS_NAME}"):
            return real_replace(source, target)  # inside writing the record: counted there
        return crashing(real_replace)(source, target)

    with monkeypatch.context() as patched:
        patched.setattr(integrity, "_write_record", crashing(integrity._write_record))
        patched.setattr(integrity, "_stamp", crashing(integrity._stamp))
        patched.setattr(integrity.os, "replace", replace)
        with pytest.raises(_Crash):
            integrity.install(new, home / "a")
    integrity.verify(home / "a", full=True)  # whichever file is in place is recorded
    assert (home / "a").read_bytes() in (b"the previous build", b"the next build, longer")


def test_a_file_the_record_does_not_name_is_refused(tmp_path: Path) -> None:
    partial = tmp_path / ".a.partial"
    partial.write_bytes(b"x")
    integrity.install(partial, tmp_path / "a")
    (tmp_path / "b").write_bytes(b"y")
    with pytest.raises(DamagedError, match="no checksum of it"):
        integrity.verify(tmp_path / "b")
