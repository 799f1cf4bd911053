"""The fault-injection suite's fixtures: one good fixture build per session (store, BM25 blobs,
encoder trees, dense index), copied for each case; the commands run in-process through
``klareco.cli.main``, or as processes where a case needs one (a killed or starved build)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from klareco.artifacts import store_path
from klareco.cli import main
from klareco.corpus.manifest import Manifest
from klareco.corpus.store import Store

QUESTION = "Kiun helpis Tobio?"  # answered from the fixture drama
CHILD = Path(__file__).with_name("build_child.py")


@dataclass(frozen=True)
class Outcome:
    """What a command did: its exit code, stdout and stderr."""

    code: int
    out: str
    err: str

    @property
    def error_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.startswith("error:")]

    def assert_one_error(self, code: int, *names: str) -> str:
        """Exactly one ``error:`` line, no traceback, the exit code, and each of ``names`` in
        the line; returns the line."""
        assert "Traceback" not in self.err, self.err
        assert len(self.error_lines) == 1, self.err
        assert self.code == code, (self.code, self.err)
        line = self.error_lines[0]
        for name in names:
            assert name in line, (name, line)
        return line


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Verification stamps go to a folder of this session, not the user's cache (set before
    the session's builds, which stamp what they write)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))
        yield


@pytest.fixture
def klareco(capsys: pytest.CaptureFixture[str]) -> Callable[..., Outcome]:
    """Run ``klareco ARGS`` in-process (the real ``main``) and capture what it did."""

    def run(*args: str) -> Outcome:
        capsys.readouterr()
        with pytest.raises(SystemExit) as exited:
            main(list(args))
        out, err = capsys.readouterr()
        code = exited.value.code
        return Outcome(code if isinstance(code, int) else (0 if code is None else 1), out, err)

    return run


@pytest.fixture(scope="session")
def good_home(tmp_path_factory: pytest.TempPathFactory, fixture_home: Path) -> Path:
    """The fixture build with its dense index, as `klareco build` leaves a home; never
    damaged (cases work on copies)."""
    from klareco.models.encoder import Encoder
    from klareco.retrieval.dense import build_dense

    with Store(store_path(fixture_home)) as store:
        build_dense(store, Encoder.load(), fixture_home, progress=False)
    good = tmp_path_factory.mktemp("good") / "home"
    shutil.copytree(fixture_home, good)
    return good


@pytest.fixture
def home(good_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the good build, made the data directory."""
    copy = tmp_path / "home"
    shutil.copytree(good_home, copy)
    monkeypatch.setenv("KLARECO_HOME", str(copy))
    return copy


def comparable(answer_json: str) -> dict:
    """`ask --json` output without its timings: equal for equal answers and evidence."""
    answer = json.loads(answer_json)
    answer["trace"].pop("timings_ms", None)
    return answer


@pytest.fixture(scope="session")
def good_answer(good_home: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """What `klareco ask --json QUESTION` prints over the good build (``comparable``)."""
    env = {**os.environ, "KLARECO_HOME": str(good_home),
           "XDG_CACHE_HOME": str(tmp_path_factory.getbasetemp() / "cache")}
    done = subprocess.run([sys.executable, "-m", "klareco", "ask", "--json", QUESTION],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    return comparable(done.stdout)


@pytest.fixture(scope="session")
def fixture_manifest_file(tmp_path_factory: pytest.TempPathFactory,
                          fixture_sources: tuple[Path, Manifest]) -> Path:
    path = tmp_path_factory.mktemp("manifest") / "sources.json"
    path.write_text(fixture_sources[1].to_json(), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def build_child(fixture_manifest_file: Path, fixture_sources: tuple[Path, Manifest],
                tmp_path_factory: pytest.TempPathFactory) -> Callable[..., subprocess.Popen]:
    """Start `klareco build OPTIONS` over the fixture sources into ``home``, as a process."""

    def start(home: Path, *options: str) -> subprocess.Popen:
        env = {**os.environ, "KLARECO_HOME": str(home), "OMP_NUM_THREADS": "1",
               "XDG_CACHE_HOME": str(tmp_path_factory.getbasetemp() / "cache")}
        return subprocess.Popen(
            [sys.executable, str(CHILD), str(fixture_manifest_file), str(fixture_sources[0]),
             *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    return start


@pytest.fixture
def model_copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Copies of the shipped model files, made the ones Klareco loads."""
    from klareco.config import shipped_file
    from klareco.experts.factoid import expert

    folder = tmp_path / "models"
    folder.mkdir()
    for name in ("tree_lstm.pt", "tree_lstm.npz", "answer_ranker.pt", "answer_ranker.npz"):
        shutil.copy(shipped_file("weights", name), folder / name)
    monkeypatch.setenv("KLARECO_MODEL", str(folder / "tree_lstm.pt"))
    monkeypatch.setattr(expert, "RANKER_PATH", folder / "answer_ranker.pt")
    expert.answer_threshold.cache_clear()  # it keeps the ranker it read first
    yield folder
    expert.answer_threshold.cache_clear()
