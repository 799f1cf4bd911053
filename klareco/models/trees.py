"""A parsed sentence as a tree for the Tree-LSTM: one node per word, edges child → parent.

The tree follows the AST's clauses and roles, not word order: each clause hangs from its verb
(or its predicate, with a copula), the heads of its roles (subject, object, predicate, indirect
object, adjuncts) hang from that, their modifiers from the heads, and subordinate clauses from
the clause they belong to. Two sentences with the same constituents in another order give the
same tree. Punctuation is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from klareco.models.vocabulary import FEATURE_SLOTS, MORPHEME_SLOTS, Vocabulary
from klareco.parse.ast import Sentence
from klareco.parse.dependencies import clause_root

_CLAUSE_ROLES = {"relative": "relative", "subordinate": "subordinate",
                 "coordinate": "coordinate", "main": "coordinate"}


def tree_structure(sentence: Sentence) -> tuple[list[int], list[int], list[str]]:
    """Kept word indices, each one's parent (position in the kept list, -1 for the root) and
    its role. The first kept word is not necessarily the root."""
    words = sentence.words
    kept = [i for i, w in enumerate(words) if not w.is_punct]
    if not kept:
        kept = list(range(min(1, len(words))))
    position = {index: n for n, index in enumerate(kept)}
    parent: dict[int, int | None] = {}
    role: dict[int, str] = {}

    def attach(index: int | None, head: int | None, relation: str) -> None:
        if index is None or index not in position or index in parent or index == head:
            return
        if head is not None and head not in position:  # e.g. a phrase headed by a symbol
            head = main_root
        parent[index] = head
        role[index] = relation

    clauses = sentence.clauses
    roots = [clause_root(c) for c in clauses]
    main_root = next((r for r in roots if r is not None and r in position), None)
    if main_root is None and kept:
        main_root = kept[0]
    attach(main_root, None, "root")
    for clause, root in zip(clauses, roots, strict=True):
        if root is None:
            continue
        owner = clause.parent
        head = roots[owner] if owner is not None and roots[owner] is not None else main_root
        attach(root, head, _CLAUSE_ROLES.get(clause.kind, "other"))
    for clause, root in zip(clauses, roots, strict=True):
        if root is None:
            continue
        phrases = clause.role_phrases() + [("adjunct", a) for a in clause.adjuncts]
        for relation, phrase in phrases:
            attach(phrase.head, root, relation)
            for index in phrase.words:
                if index != phrase.head:
                    attach(index, phrase.head, "modifier")
        for index in clause.words:
            attach(index, root, "other")
    for index in kept:
        attach(index, main_root, "other")

    parents = [-1] * len(kept)
    for index in kept:
        head = parent.get(index)
        parents[position[index]] = -1 if head is None else position[head]
    _break_cycles(parents, position[main_root] if main_root is not None else 0)
    return kept, parents, [role.get(i, "other") for i in kept]


def _break_cycles(parents: list[int], root: int) -> None:
    """Make ``parents`` one tree under ``root``: other roots and nodes on a cycle hang from it."""
    if not parents:
        return
    for n, p in enumerate(parents):
        if p == -1 and n != root:
            parents[n] = root
    parents[root] = -1
    state = [0] * len(parents)  # 0 unseen, 1 on the current path, 2 reaches the root
    state[root] = 2
    for start in range(len(parents)):
        path = []
        node = start
        while state[node] == 0:
            state[node] = 1
            path.append(node)
            node = parents[node]
        if state[node] == 1:  # walked into the current path: cut the cycle at this node
            parents[node] = root
        for visited in path:
            state[visited] = 2


def heights(parents: list[int]) -> list[int]:
    """Each node's height: 0 for leaves, else 1 + the tallest child."""
    height = [0] * len(parents)
    depth = [0] * len(parents)
    for n in range(len(parents)):
        d, node = 0, n
        while parents[node] != -1:
            node = parents[node]
            d += 1
        depth[n] = d
    for n in sorted(range(len(parents)), key=lambda m: -depth[m]):
        p = parents[n]
        if p != -1 and height[p] < height[n] + 1:
            height[p] = height[n] + 1
    return height


@dataclass(frozen=True)
class SentenceTree:
    """One sentence's tree as small arrays (``n`` nodes): what the encoder reads."""

    morphemes: np.ndarray  # uint16 [n, MORPHEME_SLOTS], token ids, 0-padded
    features: np.ndarray  # uint8 [n, FEATURE_SLOTS], token ids, 0-padded
    parents: np.ndarray  # int16 [n], position of the parent, -1 for the root
    levels: np.ndarray  # int16 [n], height above the leaves


def _padded(rows: list[list[int]], width: int, dtype: type) -> np.ndarray:
    out = np.zeros((len(rows), width), dtype=dtype)
    for n, row in enumerate(rows):
        out[n, :len(row)] = row
    return out


def sentence_tree(sentence: Sentence, vocabulary: Vocabulary) -> SentenceTree:
    """The tree of one parsed sentence; a sentence with nothing to read becomes one empty
    node, so that every sentence has a vector."""
    words = sentence.words
    kept, parents, roles = tree_structure(sentence)
    if not kept:
        return SentenceTree(np.zeros((1, MORPHEME_SLOTS), np.uint16),
                            np.zeros((1, FEATURE_SLOTS), np.uint8),
                            np.full(1, -1, np.int16), np.zeros(1, np.int16))
    morphemes = _padded([vocabulary.morphemes(words[i]) for i in kept], MORPHEME_SLOTS,
                        np.uint16)
    features = _padded([vocabulary.features(words[i], r) for i, r in zip(kept, roles,
                                                                          strict=True)],
                       FEATURE_SLOTS, np.uint8)
    return SentenceTree(morphemes, features, np.array(parents, np.int16),
                        np.array(heights(parents), np.int16))


def balanced_tree(tree: SentenceTree) -> SentenceTree:
    """The same nodes as a balanced binary tree in word order: the middle word is the root,
    the middle word of each half its child, and so on down. The trivial-tree baseline: as
    deep as an AST (about log2 of the words) but with no syntax in it, so that comparing the
    two shows what the AST's structure is worth. (A left-branching chain is as trivial, but
    as deep as the sentence is long, and the Tree-LSTM runs a step per level.)"""
    n = len(tree.parents)
    parents = [-1] * n
    spans = [(0, n, -1)]  # (first node, end, parent of the span's middle)
    while spans:
        first, end, parent = spans.pop()
        if first < end:
            middle = (first + end) // 2
            parents[middle] = parent
            spans += [(first, middle, middle), (middle + 1, end, middle)]
    return SentenceTree(tree.morphemes, tree.features, np.array(parents, np.int16),
                        np.array(heights(parents), np.int16))


@dataclass(frozen=True)
class StackedTrees:
    """Many trees' nodes stacked into one set of arrays (``N`` nodes, ``T`` trees): what a
    batched forward pass reads."""

    morphemes: np.ndarray  # int64 [N, MORPHEME_SLOTS]
    features: np.ndarray  # int64 [N, FEATURE_SLOTS]
    parents: np.ndarray  # int64 [N], the parent's row in the stack, -1 for a tree's root
    levels: np.ndarray  # int64 [N], height above the leaves
    tree: np.ndarray  # int64 [N], which tree each node belongs to
    ptr: np.ndarray  # int64 [T + 1], each tree's first row, then N


def stack_trees(trees: Sequence[SentenceTree]) -> StackedTrees:
    """The nodes of ``trees`` (at least one) stacked in order, parents renumbered to rows of
    the stack."""
    sizes = np.array([len(t.parents) for t in trees], dtype=np.int64)
    ptr = np.zeros(len(trees) + 1, dtype=np.int64)
    np.cumsum(sizes, out=ptr[1:])
    parents = np.concatenate([t.parents for t in trees]).astype(np.int64)
    parents = np.where(parents < 0, -1, parents + np.repeat(ptr[:-1], sizes))
    return StackedTrees(np.concatenate([t.morphemes for t in trees]).astype(np.int64),
                        np.concatenate([t.features for t in trees]).astype(np.int64),
                        parents, np.concatenate([t.levels for t in trees]).astype(np.int64),
                        np.repeat(np.arange(len(trees), dtype=np.int64), sizes), ptr)
