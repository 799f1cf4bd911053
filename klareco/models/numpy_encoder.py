"""The trained Tree-LSTM at answer time: its forward pass in numpy, without torch.

    encoder = NumpyEncoder.load()    # the numpy mirror of models/tree_lstm.pt
    vector = encoder.encode([parse("Kiun vidis Petro?")])[0]

Answering a question encodes one small tree, the question's: the corpus vectors were encoded
at build time by the torch model (``klareco.models.encoder``). Importing torch and
torch-geometric takes seconds, that tree's forward pass well under a millisecond, so this
module reads the weights from the model file's numpy mirror (``klareco.models.files``) and
repeats the computation of ``klareco.models.tree_lstm`` with arrays, level by level. The two
give the same vectors to 1e-5 (``tests/models/test_numpy_encoder.py``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from klareco.config import shipped_file
from klareco.models.files import ModelError, load_mirror
from klareco.models.trees import SentenceTree, StackedTrees, sentence_tree, stack_trees
from klareco.models.vocabulary import Vocabulary, vocabulary
from klareco.parse.ast import Sentence

MODEL_FILE = "tree_lstm.pt"
FORMAT = "klareco-tree-lstm/1"
RETRAIN = "klareco train"


def default_model_path() -> Path:
    """``$KLARECO_MODEL`` if set, else the shipped ``models/tree_lstm.pt``."""
    explicit = os.environ.get("KLARECO_MODEL")
    return Path(explicit).expanduser() if explicit else shipped_file("weights", MODEL_FILE)


def model_id_of(sha256: str) -> str:
    """How citations and the dense index name the model whose file has this sha256."""
    return f"tree-lstm@{sha256[:12]}"


def checked_vocabulary(saved: Mapping[str, Any], path: Path) -> Vocabulary:
    """The installed vocabulary, if the model saved at ``path`` was trained over it."""
    vocab = vocabulary()
    if saved["vocabulary_hash"] != vocab.hash:
        raise ModelError(
            f"{path} was trained for another vocabulary (model {saved['vocabulary_hash'][:12]}"
            f", installed lexicon {vocab.hash[:12]}); retrain it with `{RETRAIN}`")
    return vocab


_BLAS: Any = None  # threadpoolctl's view of the BLAS libraries, made on first use


def _one_blas_thread() -> Any:
    """A context in which numpy's BLAS computes on the calling thread alone. Its products
    (``@``) are 2-3x faster than numpy's own loop (``einsum``) at a question's sizes, but
    OpenBLAS splits them over threads that then spin, waiting for more: on a busy 2-core
    machine those took the CPU from the rest of the answer and doubled a warm
    ``Engine.ask``. Scoped, so that a caller's own numpy keeps its threads (the setting is
    the process's: threads encoding at once may leave it at one, which costs speed only)."""
    global _BLAS
    if _BLAS is None:
        from threadpoolctl import ThreadpoolController  # scans the loaded libraries: once

        _BLAS = ThreadpoolController()
    return _BLAS.limit(limits=1, user_api="blas")



def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # the logistic function, without exp's overflow


class NumpyEncoder:
    """The weights of a trained Tree-LSTM: ASTs in, unit vectors out (the interface of
    ``Encoder`` that answering uses). It computes in float32, as torch does, so that its
    vectors differ from torch's by the order of the sums alone (about 1e-7); float64 took
    twice as long on a question, for nothing the ranking could see."""

    def __init__(self, state: Mapping[str, np.ndarray], vocab: Vocabulary, model_id: str,
                 metadata: dict[str, Any] | None = None) -> None:
        def weight(name: str) -> np.ndarray:
            return np.asarray(state[name], dtype=np.float32)

        self.morphemes = weight("morphemes.weight")
        self.features = weight("features.weight")
        # transposed once, so that every product below is rows × matrix
        self.input_gates = weight("tree.input_gates.weight").T.copy()
        self.input_bias = weight("tree.input_gates.bias")
        self.hidden_iou = weight("tree.hidden_iou.weight").T.copy()
        self.hidden_forget = weight("tree.hidden_forget.weight").T.copy()
        self.project = weight("project.weight").T.copy()
        self.project_bias = weight("project.bias")
        self.hidden_dim = self.hidden_forget.shape[0]
        self.vocabulary = vocab
        self.model_id = model_id
        self.metadata = metadata or {}
        self.path: Path | None = None  # the model file it was loaded from (errors name it)

    @classmethod
    def load(cls, path: Path | None = None) -> NumpyEncoder:
        """The model saved at ``path`` (default: ``default_model_path()``), read from its numpy
        mirror; refuses a mirror of another file and a model of another vocabulary."""
        path = path or default_model_path()
        saved, sha256 = load_mirror(path, FORMAT, RETRAIN)
        encoder = cls(saved["state_dict"], checked_vocabulary(saved, path), model_id_of(sha256),
                      saved.get("metadata") or {})
        encoder.path = path
        return encoder

    @property
    def dim(self) -> int:
        return int(self.project.shape[1])

    def trees(self, sentences: Sequence[Sentence]) -> list[SentenceTree]:
        return [sentence_tree(sentence, self.vocabulary) for sentence in sentences]

    def encode(self, sentences: Sequence[Sentence]) -> np.ndarray:
        """Unit vectors (float32, one row per sentence) of parsed sentences."""
        return self.encode_trees(self.trees(sentences))

    def encode_trees(self, trees: Sequence[SentenceTree]) -> np.ndarray:
        """Unit vectors of sentence trees, all in one pass."""
        if not trees:
            return np.zeros((0, self.dim), np.float32)
        stacked = stack_trees(trees)
        with _one_blas_thread():
            h = self._hidden(stacked)
            roots = h[stacked.parents < 0]  # one root per tree, in tree order
            sizes = np.diff(stacked.ptr).astype(np.float32)
            means = np.add.reduceat(h, stacked.ptr[:-1], axis=0) / sizes[:, None]
            out = np.concatenate([roots, means], axis=1) @ self.project + self.project_bias
        norms = np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return (out / norms).astype(np.float32, copy=False)

    def _hidden(self, stacked: StackedTrees) -> np.ndarray:
        """Every node's hidden state, from the leaves up (see ``ChildSumTreeLSTM``)."""
        size = self.hidden_dim
        x = (self.morphemes[stacked.morphemes].sum(1) + self.features[stacked.features].sum(1))
        gates_x = x @ self.input_gates + self.input_bias
        iou_x, forget_x = gates_x[:, :3 * size], gates_x[:, 3 * size:]
        count = len(x)
        h = np.zeros((count, size), np.float32)
        c = np.zeros((count, size), np.float32)
        parents, levels = stacked.parents, stacked.levels
        children = np.flatnonzero(parents >= 0)
        child_parent_level = levels[parents[children]]
        slot = np.empty(count, np.int64)  # a node's row within its level
        for height in range(int(levels.max()) + 1):
            nodes = np.flatnonzero(levels == height)
            iou = iou_x[nodes]
            if height > 0:
                kids = children[child_parent_level == height]
                kid_parents = parents[kids]
                slot[nodes] = np.arange(len(nodes))
                target = slot[kid_parents]
                h_sum = np.zeros((len(nodes), size), np.float32)
                np.add.at(h_sum, target, h[kids])
                forget = _sigmoid(forget_x[kid_parents] + h[kids] @ self.hidden_forget)
                c_sum = np.zeros((len(nodes), size), np.float32)
                np.add.at(c_sum, target, forget * c[kids])
                iou = iou + h_sum @ self.hidden_iou
            i, o, u = iou[:, :size], iou[:, size:2 * size], iou[:, 2 * size:]
            c_new = _sigmoid(i) * np.tanh(u)
            if height > 0:
                c_new += c_sum
            h[nodes] = _sigmoid(o) * np.tanh(c_new)
            c[nodes] = c_new
        return h
