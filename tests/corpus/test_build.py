"""The build: store contents, idempotence, and atomicity under SIGKILL (on fixture sources)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from klareco.artifacts import store_path
from klareco.corpus.build import build
from klareco.corpus.manifest import Manifest
from klareco.corpus.store import Store


@pytest.fixture
def built(tmp_path: Path, fixture_corpus: Path, fixture_manifest: Manifest) -> Path:
    home = tmp_path / "home"
    build(home, fixture_corpus, manifest=fixture_manifest, progress=False, workers=1)
    return home


def test_store_holds_sentences_asts_and_stats(built: Path) -> None:
    with Store(store_path(built)) as store:
        assert store.count("documents") == 4
        sentences = list(store.sentences())
        assert len(sentences) > 10
        assert len({s.sentence_id for s in sentences}) == len(sentences)
        for passage, spans in store.passages_with_sentences():
            for start, end, text in spans:
                assert passage[start:end] == text
        first = sentences[0]
        ast = store.ast(first.sentence_id)
        assert ast is not None and ast.text == first.text and ast.words
        stats = store.stats()
        for key in ("documents", "sentences", "tokens", "known_token_rate"):
            assert key in stats
        assert stats["sentences"] == len(sentences)
        assert 0.5 < stats["known_token_rate"] <= 1.0


def test_name_terms_read_alone_are_those_of_the_whole_sentence(built: Path) -> None:
    with Store(store_path(built)) as store:
        positions = list(range(store.count("sentences")))
        names = store.name_terms_at(positions)
        assert names == [ast.name_terms for ast in store.asts_at(positions)]
        assert any(names)  # the fixtures name people


def test_evidence_rows_carry_the_ast_and_names_in_one_read(built: Path) -> None:
    with Store(store_path(built)) as store:
        positions = [3, 0, 5]
        plain = store.sentences_at(positions)
        rows = store.sentences_at(positions, evidence=True)
        assert rows == plain  # the same rows: the AST and names only ride along
        assert [store.ast_of(row) for row in rows] == store.asts_at(positions)
        assert [row.names for row in rows] == store.name_terms_at(positions)
        with pytest.raises(ValueError, match="without its AST"):
            store.ast_of(plain[0])


def test_parallel_build_gives_the_same_store(built: Path, tmp_path: Path,
                                             fixture_corpus: Path,
                                             fixture_manifest: Manifest) -> None:
    other = tmp_path / "other"
    build(other, fixture_corpus, manifest=fixture_manifest, progress=False, workers=2)
    with Store(store_path(built)) as one, Store(store_path(other)) as two:
        assert [s.sentence_id for s in one.sentences()] == [s.sentence_id for s in two.sentences()]
        sid = next(one.sentences()).sentence_id
        assert one.ast(sid) == two.ast(sid)


def test_second_build_with_unchanged_inputs_does_nothing(built: Path, fixture_corpus: Path,
                                                        fixture_manifest: Manifest) -> None:
    before = store_path(built).stat().st_mtime_ns
    started = time.perf_counter()
    report = build(built, fixture_corpus, manifest=fixture_manifest, progress=False)
    assert report.up_to_date
    assert time.perf_counter() - started < 5
    assert store_path(built).stat().st_mtime_ns == before


# The child builds with a hook that makes it slow at one stage, so the test can kill it there.
_CHILD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    import klareco.corpus.build as b
    home, mirror, manifest, stage, marker = sys.argv[1:6]
    original_parse, original_write = b._parse_for_store, b._write_store

    def slow_parse(indexers, text, names=frozenset()):
        Path(marker).touch()
        time.sleep(0.2)
        return original_parse(indexers, text, names)

    def slow_write(*args):
        original_write(*args)
        Path(marker).touch()
        time.sleep(30)

    if stage == "parse":
        b._parse_for_store = slow_parse
    else:
        b._write_store = slow_write
    b.build(Path(home), Path(mirror), manifest=Path(manifest), progress=False, workers=1,
            force=True)
""")


@pytest.mark.parametrize("stage", ["parse", "write"])
def test_killed_build_leaves_the_previous_store_readable(built: Path, tmp_path: Path,
                                                         fixture_corpus: Path,
                                                         fixture_manifest: Manifest,
                                                         stage: str) -> None:
    with Store(store_path(built)) as store:
        before = [s.sentence_id for s in store.sentences()]
    manifest_file = tmp_path / "manifest.json"
    manifest_file.write_text(fixture_manifest.to_json(), encoding="utf-8")
    marker = tmp_path / "reached"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(built), str(fixture_corpus),
                              str(manifest_file), stage, str(marker)])
    deadline = time.monotonic() + 60
    while not marker.exists() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert marker.exists(), "the child build never reached the stage"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with Store(store_path(built)) as store:  # the previous build, whole
        assert [s.sentence_id for s in store.sentences()] == before
    # the next build cleans up after the killed one and succeeds
    report = build(built, fixture_corpus, manifest=fixture_manifest, progress=False, force=True)
    assert not report.up_to_date
    assert not list(built.glob(".klareco.sqlite.*"))


def test_missing_store_says_to_build(tmp_path: Path) -> None:
    from klareco.corpus.errors import CorpusError

    with pytest.raises(CorpusError, match="klareco build"):
        Store(tmp_path / "nothing.sqlite")


def test_a_second_build_of_a_home_waits_for_the_first(tmp_path: Path, fixture_corpus: Path,
                                                      fixture_manifest: Manifest,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    from klareco.build import build_store
    from klareco.config import build_lock

    home = tmp_path / "home"
    reports = []
    second = threading.Thread(target=lambda: reports.append(build_store(
        home, fixture_corpus, manifest=fixture_manifest, progress=False, workers=1)))
    with build_lock(home):  # the first build, still running
        (home / ".klareco.sqlite.1.partial").write_text("the first build's half-written file")
        second.start()
        second.join(timeout=1.0)
        assert second.is_alive(), "the second build did not wait"
        assert (home / ".klareco.sqlite.1.partial").exists()  # not removed under the first
        (home / ".klareco.sqlite.1.partial").unlink()
    second.join(timeout=120)
    assert not second.is_alive() and reports and not reports[0].up_to_date
    assert "waiting for another build" in capsys.readouterr().err
    with Store(store_path(home)) as store:
        assert store.count("documents") == 4
