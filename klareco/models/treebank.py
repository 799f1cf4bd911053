"""Every stored sentence's encoder tree, kept in the corpus store as four flat arrays.

The build computes the trees while it parses (on all cores), so training and encoding the
corpus read arrays instead of decoding 120,000 JSON ASTs. Node rows of sentence ``p`` (0-based
corpus position) are ``offsets[p]:offsets[p + 1]``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from klareco.corpus.model import Row
from klareco.corpus.store import Store
from klareco.models.trees import SentenceTree, sentence_tree
from klareco.models.vocabulary import FEATURE_SLOTS, MORPHEME_SLOTS, vocabulary
from klareco.parse.ast import Sentence

_PREFIX = "trees."


class TreeIndexer:
    """Every sentence's encoder tree, computed while the corpus is parsed and kept in the
    store (a ``corpus.build.SentenceIndexer``)."""

    def per_sentence(self, sentence: Sentence) -> SentenceTree:
        return sentence_tree(sentence, vocabulary())

    def blobs(self, rows: Sequence[Row], values: Sequence[SentenceTree]) -> dict[str, bytes]:
        return treebank_blobs(values)


def treebank_blobs(trees: Sequence[SentenceTree]) -> dict[str, bytes]:
    """The byte blobs the build stores for ``trees`` (in corpus order)."""
    offsets = np.zeros(len(trees) + 1, dtype=np.int64)
    np.cumsum([len(t.parents) for t in trees], out=offsets[1:])
    return {
        _PREFIX + "offsets": offsets.tobytes(),
        _PREFIX + "morphemes": np.concatenate([t.morphemes for t in trees]).tobytes(),
        _PREFIX + "features": np.concatenate([t.features for t in trees]).tobytes(),
        _PREFIX + "parents": np.concatenate([t.parents for t in trees]).tobytes(),
        _PREFIX + "levels": np.concatenate([t.levels for t in trees]).tobytes(),
    }


class TreeBank:
    """The stored trees of a built corpus, by corpus position."""

    def __init__(self, offsets: np.ndarray, morphemes: np.ndarray, features: np.ndarray,
                 parents: np.ndarray, levels: np.ndarray) -> None:
        self.offsets = offsets
        self.morphemes = morphemes
        self.features = features
        self.parents = parents
        self.levels = levels

    @classmethod
    def load(cls, store: Store) -> TreeBank:
        def blob(name: str, dtype: type) -> np.ndarray:
            return store.index_array(_PREFIX + name, dtype)

        return cls(blob("offsets", np.int64),
                   blob("morphemes", np.uint16).reshape(-1, MORPHEME_SLOTS),
                   blob("features", np.uint8).reshape(-1, FEATURE_SLOTS),
                   blob("parents", np.int16), blob("levels", np.int16))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def tree(self, position: int) -> SentenceTree:
        start, end = self.offsets[position], self.offsets[position + 1]
        return SentenceTree(self.morphemes[start:end], self.features[start:end],
                            self.parents[start:end], self.levels[start:end])

    def trees(self, positions: Sequence[int] | np.ndarray) -> list[SentenceTree]:
        return [self.tree(int(p)) for p in positions]
