"""Every artefact × {truncate, flip bytes in the middle, zero a block, delete}: `ask` exits 1
with exactly one `error:` line naming the damaged file, never an answer, and `klareco doctor`
says which file is wrong. The store, its index blobs, its array file, the dense index and its
metadata, the checksum record, and the model files with their numpy mirrors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from klareco.artifacts import DENSE_INDEX_NAME, DENSE_META_NAME, STORE_NAME
from klareco.corpus.store import BLOB_CHECKSUMS, arrays_path
from klareco.integrity import CHECKSUMS_NAME
from tests.faults.conftest import QUESTION, Outcome, comparable
from tests.faults.damage import DAMAGES, damage_blob

ARRAYS_NAME = arrays_path(Path(STORE_NAME)).name  # the index arrays, mapped at load
HOME_FILES = (STORE_NAME, ARRAYS_NAME, DENSE_INDEX_NAME, DENSE_META_NAME, CHECKSUMS_NAME)
# the blobs of a fixture build (a test below checks the list is complete)
BLOBS = ("answer_kinds", "bm25.documents", "bm25.indptr", "bm25.vocabulary", "bm25.weights",
         "sentence_id_rank", "trees.features", "trees.levels", "trees.morphemes",
         "trees.offsets", "trees.parents")
MODEL_FILES = ("tree_lstm.pt", "tree_lstm.npz", "answer_ranker.pt", "answer_ranker.npz")


def _refused(klareco: Callable[..., Outcome], name: str) -> None:
    """`ask` gives no answer and one error naming ``name``; `doctor` finds the same."""
    asked = klareco("ask", QUESTION)
    asked.assert_one_error(1, name)
    assert asked.out == ""  # never an answer, not even a partial one
    examined = klareco("doctor")
    examined.assert_one_error(1)
    problems = [line for line in examined.out.splitlines() if line.startswith("PROBLEM")]
    assert problems and any(name in line for line in problems), examined.out


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("name", HOME_FILES)
def test_a_damaged_home_file_is_refused(home: Path, klareco: Callable[..., Outcome],
                                        name: str, how: str) -> None:
    DAMAGES[how](home / name)
    _refused(klareco, name)


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("blob", BLOBS)
def test_a_damaged_index_blob_is_refused(home: Path, klareco: Callable[..., Outcome],
                                         blob: str, how: str) -> None:
    damage_blob(home / STORE_NAME, blob, how)
    _refused(klareco, STORE_NAME)


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("name", MODEL_FILES)
def test_a_damaged_model_file_is_refused(home: Path, model_copies: Path,
                                         klareco: Callable[..., Outcome], name: str,
                                         how: str) -> None:
    DAMAGES[how](model_copies / name)
    _refused(klareco, name)


def test_the_cases_cover_every_blob_of_the_build(good_home: Path) -> None:
    import sqlite3

    db = sqlite3.connect(good_home / STORE_NAME)
    names = {row[0] for row in db.execute("SELECT name FROM index_blobs")}
    recorded = json.loads(db.execute("SELECT value FROM build_info WHERE key = ?",
                                     (BLOB_CHECKSUMS,)).fetchone()[0])
    db.close()
    assert names == set(BLOBS) == set(recorded)


def test_the_good_copy_answers(home: Path, klareco: Callable[..., Outcome],
                               good_answer: dict) -> None:
    assert good_answer["answer"] != "Mi ne scias."  # a question the fixture answers
    assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer
    examined = klareco("doctor")
    assert examined.code == 0 and "PROBLEM" not in examined.out, examined.out


def test_klareco_build_repairs_a_damaged_home(home: Path, build_child: Callable,
                                              klareco: Callable[..., Outcome],
                                              good_answer: dict) -> None:
    """The fix every damage error names: `klareco build` (not forced) replaces what no
    longer matches its checksum, and keeps what does."""
    DAMAGES["flip"](home / STORE_NAME)
    DAMAGES["zero"](home / DENSE_INDEX_NAME)
    klareco("ask", QUESTION).assert_one_error(1, STORE_NAME)
    child = build_child(home)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    assert comparable(klareco("ask", "--json", QUESTION).out) == good_answer
    assert klareco("doctor").code == 0


def test_a_build_from_before_checksums_is_rebuilt_not_reported(home: Path) -> None:
    """A store of an older schema with no checksum record is a build by an earlier version
    (`ask` and `serve` build anew), not damage; with the current schema, a missing record
    is damage."""
    import sqlite3

    from klareco.engine import Engine
    from klareco.errors import DamagedError, KlarecoError

    (home / CHECKSUMS_NAME).unlink()
    with pytest.raises(DamagedError, match=CHECKSUMS_NAME):
        Engine.load(home)
    db = sqlite3.connect(home / STORE_NAME)
    db.execute("UPDATE build_info SET value = '4' WHERE key = 'schema'")
    db.commit()
    db.close()
    reasons: list[str] = []

    def build_missing(reason: str) -> None:
        reasons.append(reason)
        raise KlarecoError("stopped here: the test builds nothing")

    with pytest.raises(KlarecoError, match="stopped here"):
        Engine.load_or_build(build_missing, home)
    assert reasons and "from another version of Klareco" in reasons[0]
    assert "klareco build" not in reasons[0]  # the one told is building it
