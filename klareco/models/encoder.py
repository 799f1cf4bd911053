"""The trained encoder as the rest of Klareco sees it: load a model file, encode sentences.

    encoder = Encoder.load()                 # models/tree_lstm.pt, checked against the lexicon
    vectors = encoder.encode([parse("Kiun mortigis Kain?")])   # float32, unit rows

A model file is a plain dict of tensors and strings, so it loads with
``torch.load(..., weights_only=True)``: the config, the vocabulary hash and the weights.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from klareco.config import shipped_file
from klareco.models.files import ModelError, load_model_file
from klareco.models.tree_lstm import EncoderConfig, TreeEncoder
from klareco.models.trees import SentenceTree, collate, sentence_tree
from klareco.models.vocabulary import Vocabulary, vocabulary
from klareco.parse.ast import Sentence

MODEL_FILE = "tree_lstm.pt"
FORMAT = "klareco-tree-lstm/1"
BATCH_SIZE = 256  # measured: larger batches were no faster on 2 cores


def default_model_path() -> Path:
    """``$KLARECO_MODEL`` if set, else the shipped ``models/tree_lstm.pt``."""
    explicit = os.environ.get("KLARECO_MODEL")
    return Path(explicit).expanduser() if explicit else shipped_file("weights", MODEL_FILE)


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Encoder:
    """A Tree-LSTM with its vocabulary: ASTs in, unit vectors out."""

    def __init__(self, module: TreeEncoder, vocab: Vocabulary, model_id: str = "untrained",
                 metadata: dict[str, Any] | None = None) -> None:
        self.module = module.eval()
        self.vocabulary = vocab
        self.model_id = model_id
        self.metadata = metadata or {}

    @classmethod
    def untrained(cls, seed: int = 0, **sizes: int) -> Encoder:
        """A freshly initialised encoder over the installed lexicon (for training and tests)."""
        vocab = vocabulary()
        torch.manual_seed(seed)
        config = EncoderConfig(vocab.morpheme_count, vocab.feature_count, **sizes)
        return cls(TreeEncoder(config), vocab)

    @property
    def dim(self) -> int:
        return self.module.config.output_dim

    @classmethod
    def load(cls, path: Path | None = None) -> Encoder:
        """Load a model file; refuse one trained over another vocabulary."""
        path = path or default_model_path()
        saved = load_model_file(path, FORMAT, "klareco train")
        vocab = vocabulary()
        if saved["vocabulary_hash"] != vocab.hash:
            raise ModelError(
                f"{path} was trained for another vocabulary (model {saved['vocabulary_hash'][:12]}"
                f", installed lexicon {vocab.hash[:12]}); retrain it with `klareco train`")
        module = TreeEncoder(EncoderConfig(**saved["config"]))
        module.load_state_dict({k: v.float() if v.is_floating_point() else v
                                for k, v in saved["state_dict"].items()})
        model_id = f"tree-lstm@{file_sha256(path)[:12]}"
        return cls(module, vocab, model_id, saved.get("metadata") or {})

    def save(self, path: Path, metadata: dict[str, Any] | None = None) -> str:
        """Write the model file atomically; returns its sha256."""
        saved = {
            "format": FORMAT,
            "config": self.module.config.to_dict(),
            "vocabulary_hash": self.vocabulary.hash,
            # half precision on disk keeps the file a few MB; vectors move by ~1e-3 at most
            "state_dict": {k: v.detach().to(torch.float16) if v.is_floating_point() else
                           v.detach().clone() for k, v in self.module.state_dict().items()},
            "metadata": metadata or {},
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(path.suffix + ".tmp")
        torch.save(saved, temporary)
        os.replace(temporary, path)
        return file_sha256(path)

    def trees(self, sentences: Sequence[Sentence]) -> list[SentenceTree]:
        return [sentence_tree(sentence, self.vocabulary) for sentence in sentences]

    def encode(self, sentences: Sequence[Sentence]) -> np.ndarray:
        """Unit vectors (float32, one row per sentence) of parsed sentences."""
        return self.encode_trees(self.trees(sentences))

    def encode_trees(self, trees: Sequence[SentenceTree],
                     batch_size: int = BATCH_SIZE) -> np.ndarray:
        """Unit vectors of sentence trees, encoded ``batch_size`` at a time."""
        return np.concatenate(list(self.encode_batches(trees, batch_size)) or
                              [np.zeros((0, self.dim), np.float32)])

    def encode_batches(self, trees: Sequence[SentenceTree],
                       batch_size: int = BATCH_SIZE) -> Iterator[np.ndarray]:
        """The vectors of ``trees``, one array per batch (for progress bars)."""
        with torch.inference_mode():
            for start in range(0, len(trees), batch_size):
                batch = collate(trees[start:start + batch_size])
                yield self.module(batch).numpy().astype(np.float32, copy=False)
