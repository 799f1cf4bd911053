"""Root vectors from co-occurrence: roots that keep the same company end up near each other."""

from __future__ import annotations

import numpy as np
import pytest

from klareco.models.treebank import TreeBank
from klareco.models.vocabulary import MORPHEME_SLOTS
from klareco.training import cooccurrence
from klareco.training.cooccurrence import cooccurrence_vectors, nearest, sentence_roots

ROOTS = 20  # morpheme ids 1..20 stand for roots; larger ids for affixes and closed words


def bank_of(sentences: list[list[list[int]]]) -> TreeBank:
    """A tree bank whose sentences hold the given words, each a list of morpheme ids."""
    rows = [word + [0] * (MORPHEME_SLOTS - len(word)) for s in sentences for word in s]
    offsets = np.cumsum([0] + [len(s) for s in sentences]).astype(np.int64)
    nodes = len(rows)
    return TreeBank(offsets, np.array(rows, dtype=np.uint16), np.zeros((nodes, 13), np.uint8),
                    np.zeros(nodes, np.int16), np.zeros(nodes, np.int16))


def test_a_sentences_roots_are_its_words_lexicon_roots_once_each() -> None:
    # word 1: root 3 with an affix (id 30); word 2: a compound of roots 4 and 3; word 3: a
    # closed word (id 25)
    bank = bank_of([[[3, 30], [4, 3], [25]]])
    assert sentence_roots(bank, ROOTS)[0].tolist() == [3, 4]


def test_roots_in_the_same_company_are_nearest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cooccurrence, "MIN_COUNT", 2)
    # roots 1 and 2 (say "kill" and "slay") never meet, but both go with 5 and 6; roots 3 and
    # 4 both go with 7 and 8
    sentences = []
    for _ in range(6):
        sentences += [[[1], [5], [6]], [[2], [5], [6]], [[3], [7], [8]], [[4], [7], [8]],
                      [[1], [6]], [[2], [5]], [[3], [8]], [[4], [7]]]
    ids, vectors = cooccurrence_vectors(bank_of(sentences), ROOTS, dim=4, seed=0)
    assert ids.tolist() == [1, 2, 3, 4, 5, 6, 7, 8]
    assert vectors.shape == (8, 4) and vectors.dtype == np.float32
    row = {int(root): n for n, root in enumerate(ids)}
    assert int(ids[nearest(vectors, row[1], 1)[0]]) == 2
    assert int(ids[nearest(vectors, row[3], 1)[0]]) == 4


def test_rare_roots_get_no_vector() -> None:
    sentences = [[[1], [2]]] * 5 + [[[1], [9]]]
    ids, _ = cooccurrence_vectors(bank_of(sentences), ROOTS, dim=2, seed=0)
    assert 9 not in ids.tolist() and {1, 2} <= set(ids.tolist())


def test_the_vectors_repeat_from_a_seed() -> None:
    sentences = [[[1], [2], [3]], [[2], [3], [4]], [[1], [4]]] * 5
    first = cooccurrence_vectors(bank_of(sentences), ROOTS, dim=2, seed=3)[1]
    second = cooccurrence_vectors(bank_of(sentences), ROOTS, dim=2, seed=3)[1]
    assert np.array_equal(first, second)
