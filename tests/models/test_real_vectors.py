"""On the real corpus: the numpy encoder answering uses gives the torch encoder's vectors, so
answers and scores do not depend on which one encoded the question."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from klareco.artifacts import store_path
from klareco.corpus.store import Store
from klareco.engine import Engine
from klareco.models.encoder import Encoder
from klareco.models.numpy_encoder import NumpyEncoder
from klareco.models.treebank import TreeBank
from klareco.parse import parse
from klareco.retrieval.search import Searcher, Stage2
from klareco.training.questions import make_question

pytestmark = pytest.mark.corpus

SAMPLE = 500  # corpus trees, spread over the whole corpus; questions are made from them


@pytest.fixture(scope="module")
def sample(real_home: Path) -> tuple[np.ndarray, list, list[str]]:
    """Positions, their stored trees and questions generated from their sentences."""
    with Store(store_path(real_home)) as store:
        bank = TreeBank.load(store)
        positions = np.linspace(0, len(bank) - 1, SAMPLE).astype(np.int64)
        rng = random.Random(20)
        made = (make_question(ast, rng) for ast in store.asts_at(positions.tolist()))
        return positions, bank.trees(positions), [q for q in made if q]


def test_numpy_gives_the_torch_vectors_on_corpus_trees_and_questions(
        real_home: Path, sample: tuple[np.ndarray, list, list[str]]) -> None:
    positions, trees, questions = sample
    numpy_encoder, torch_encoder = NumpyEncoder.load(), Encoder.load()
    assert len(questions) >= 200
    asked = [parse(q) for q in questions]
    corpus_vectors = numpy_encoder.encode_trees(trees)
    assert np.abs(corpus_vectors - torch_encoder.encode_trees(trees)).max() < 1e-5
    assert np.abs(numpy_encoder.encode(asked) - torch_encoder.encode(asked)).max() < 1e-5
    engine = Engine.load(real_home)  # its dense index holds what torch encoded at build time
    assert np.abs(corpus_vectors - engine.searcher.stage2.vectors(positions)).max() < 1e-5
    engine.close()


def test_answers_and_scores_are_those_of_the_torch_encoder(
        real_home: Path, sample: tuple[np.ndarray, list, list[str]]) -> None:
    numpy_engine = Engine.load(real_home)
    stage2 = numpy_engine.searcher.stage2
    assert stage2 is not None and isinstance(stage2.encoder, NumpyEncoder)
    torch_engine = Engine(Searcher(Store(store_path(real_home)), Stage2(
        Encoder.load(), stage2.vectors, stage2.fusion, stage2.dense)))
    for question in sample[2][:20]:
        found, expected = numpy_engine.ask(question), torch_engine.ask(question)
        assert (found.text, [h.sentence_id for h in found.hits]) == (
            expected.text, [h.sentence_id for h in expected.hits])
        assert found.confidence == pytest.approx(expected.confidence, abs=1e-5)
        assert [h.score for h in found.hits] == pytest.approx(
            [h.score for h in expected.hits], abs=1e-5)
    numpy_engine.close()
    torch_engine.close()
