"""The trained encoder as training and the corpus build use it: torch, batched.

    encoder = Encoder.load()                 # models/tree_lstm.pt, checked against the lexicon
    vectors = encoder.encode([parse("Kiun vidis Petro?")])   # float32, unit rows

A model file is a plain dict of tensors and strings, so it loads with
``torch.load(..., weights_only=True)``: the config, the vocabulary hash and the weights.
Saving also writes its numpy mirror, which answering reads (``klareco.models.numpy_encoder``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from klareco.models.files import ModelError, file_sha256, load_model_file, write_mirror
from klareco.models.numpy_encoder import (
    FORMAT,
    RETRAIN,
    checked_vocabulary,
    default_model_path,
    model_id_of,
)
from klareco.models.tree_lstm import EncoderConfig, TreeEncoder, collate
from klareco.models.trees import SentenceTree, sentence_tree
from klareco.models.vocabulary import Vocabulary, vocabulary
from klareco.parse.ast import Sentence

__all__ = ["Encoder", "ModelError", "default_model_path", "file_sha256"]

BATCH_SIZE = 256  # measured: larger batches were no faster on 2 cores


class Encoder:
    """A Tree-LSTM with its vocabulary: ASTs in, unit vectors out."""

    def __init__(self, module: TreeEncoder, vocab: Vocabulary, model_id: str = "untrained",
                 metadata: dict[str, Any] | None = None) -> None:
        self.module = module.eval()
        self.vocabulary = vocab
        self.model_id = model_id
        self.metadata = metadata or {}
        self.path: Path | None = None  # the model file it was loaded from

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
        saved = load_model_file(path, FORMAT, RETRAIN)
        vocab = checked_vocabulary(saved, path)
        module = TreeEncoder(EncoderConfig(**saved["config"]))
        module.load_state_dict({k: v.float() if v.is_floating_point() else v
                                for k, v in saved["state_dict"].items()})
        encoder = cls(module, vocab, model_id_of(file_sha256(path)), saved.get("metadata") or {})
        encoder.path = path
        return encoder

    def save(self, path: Path, metadata: dict[str, Any] | None = None) -> str:
        """Write the model file and its numpy mirror atomically; returns the file's sha256."""
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
        write_mirror(path, saved)
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
