"""The sentence tree the encoder reads: one root, no cycles, word order does not matter."""

from __future__ import annotations

import numpy as np
import pytest

from klareco.models.tree_lstm import collate
from klareco.models.trees import (
    SentenceTree,
    balanced_tree,
    heights,
    sentence_tree,
    tree_structure,
)
from klareco.models.vocabulary import FEATURE_SLOTS, MORPHEME_SLOTS, vocabulary
from klareco.parse import parse
from klareco.parse.ast import Sentence, Word


def ast(text: str) -> Sentence:
    return parse(text)


@pytest.mark.parametrize("text", [
    "Kain mortigis sian fraton Habel sur la kampo.",
    "La knabo, kiun mi vidis hieraŭ, diris, ke li venos.",
    "Ho!",
    "Kaj Kain parolis kun sia frato Habel; kaj kiam ili estis sur la kampo, Kain leviĝis.",
    "– ( ) …",
])
def test_one_root_and_every_node_reaches_it(text: str) -> None:
    tree = sentence_tree(ast(text), vocabulary())
    parents = tree.parents.tolist()
    assert parents.count(-1) == 1
    for start in range(len(parents)):
        node, steps = start, 0
        while parents[node] != -1:
            node = parents[node]
            steps += 1
            assert steps <= len(parents)


def test_roles_hang_from_the_verb_and_punctuation_is_left_out() -> None:
    sentence = ast("Kain mortigis Habelon.")
    kept, parents, roles = tree_structure(sentence)
    forms = [sentence.words[i].form for i in kept]
    assert forms == ["Kain", "mortigis", "Habelon"]
    verb = forms.index("mortigis")
    assert parents[verb] == -1 and roles[verb] == "root"
    assert parents[forms.index("Kain")] == verb and roles[forms.index("Kain")] == "subject"
    assert roles[forms.index("Habelon")] == "object"


def test_heights_count_from_the_leaves() -> None:
    assert heights([-1, 0, 1, 0]) == [2, 1, 0, 0]


def test_token_arrays_have_fixed_widths() -> None:
    tree = sentence_tree(ast("La malsanulejo estas granda."), vocabulary())
    assert tree.morphemes.shape[1] == MORPHEME_SLOTS
    assert tree.features.shape[1] == FEATURE_SLOTS
    assert (tree.morphemes[:, 0] > 0).all()  # every word has a head morpheme


def test_names_and_unknown_roots_hash_into_stable_buckets() -> None:
    vocab = vocabulary()
    first = vocab.morphemes(Word("Mitrandiro", "Mitrandir", "PROPN", proper=True))
    again = vocab.morphemes(Word("Mitrandiron", "Mitrandir", "PROPN", proper=True))
    assert first == again and vocab.name_base <= first[0] < vocab.unknown_base


def test_collate_offsets_parents_per_graph() -> None:
    vocab = vocabulary()
    trees = [sentence_tree(ast(t), vocab) for t in ("Kain mortigis Habelon.", "Ŝi dormas.")]
    batch = collate(trees)
    assert batch.num_graphs == 2
    assert int(batch.is_root.sum()) == 2
    assert batch.num_nodes == sum(len(t.parents) for t in trees)
    child, parent = batch.edge_index.numpy()
    graph = batch.batch.numpy()
    assert np.array_equal(graph[child], graph[parent])  # no edge crosses sentences


def test_the_balanced_baseline_keeps_the_words_in_a_tree_of_halves() -> None:
    tree = sentence_tree(parse("La maljuna fiŝisto vendis fiŝojn al la knabo."), vocabulary())
    balanced = balanced_tree(tree)
    n = len(tree.parents)
    assert np.array_equal(balanced.morphemes, tree.morphemes)
    assert np.array_equal(balanced.features, tree.features)
    parents = balanced.parents.tolist()
    assert parents.count(-1) == 1 and parents.index(-1) == n // 2  # the middle word is root
    assert balanced.levels.tolist() == heights(parents)
    assert max(balanced.levels) == (n).bit_length() - 1  # as deep as halving allows


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 40])
def test_each_node_of_the_balanced_tree_has_at_most_two_children_one_on_each_side(
        n: int) -> None:
    nodes = SentenceTree(np.zeros((n, MORPHEME_SLOTS), np.uint16),
                         np.zeros((n, FEATURE_SLOTS), np.uint8), np.full(n, -1, np.int16),
                         np.zeros(n, np.int16))
    parents = balanced_tree(nodes).parents.tolist()
    for node in range(n):
        children = [c for c, p in enumerate(parents) if p == node]
        assert len([c for c in children if c < node]) <= 1
        assert len([c for c in children if c > node]) <= 1
