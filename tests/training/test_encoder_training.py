"""A short training run on the fixture corpus: it learns, saves, and repeats exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from klareco.artifacts import store_path
from klareco.corpus.store import Store
from klareco.models.encoder import Encoder
from klareco.training.encoder import (
    FUSION_GRID,
    TrainConfig,
    contrastive_loss,
    rechoose_fusion,
    sample_questions,
    train,
)

TINY = TrainConfig(seed=7, pairs=96, epochs=2, batch_size=4, embedding_dim=16, hidden_dim=16,
                   output_dim=16)


def test_contrastive_loss_prefers_the_matching_column() -> None:
    questions = torch.eye(3)
    sentences = torch.eye(3)
    none = torch.zeros(3, 3, dtype=torch.bool)
    right = contrastive_loss(questions, sentences, torch.arange(3), none, 0.1)
    wrong = contrastive_loss(questions, sentences, torch.tensor([1, 2, 0]), none, 0.1)
    assert right < wrong


def test_masked_columns_are_not_negatives() -> None:
    questions = torch.tensor([[1.0, 0.0]])
    sentences = torch.tensor([[1.0, 0.0], [1.0, 0.0]])
    same = torch.tensor([[False, True]])
    loss = contrastive_loss(questions, sentences, torch.tensor([0]), same, 0.1)
    assert loss.item() < 1e-6


def test_training_is_reproducible_and_the_model_loads(fixture_home: Path,
                                                      tmp_path: Path) -> None:
    first = train(fixture_home, TINY, output=tmp_path / "a.pt", progress=False, log=lambda _: None)
    second = train(fixture_home, TINY, output=tmp_path / "b.pt", progress=False,
                   log=lambda _: None)
    assert first.pairs >= 6
    assert all(e["loss"] > 0 for e in first.epochs)
    assert [e["loss"] for e in first.epochs] == [e["loss"] for e in second.epochs]
    a = torch.load(tmp_path / "a.pt", weights_only=True)["state_dict"]
    b = torch.load(tmp_path / "b.pt", weights_only=True)["state_dict"]
    assert all(torch.equal(a[name], b[name]) for name in a)
    assert Encoder.load(tmp_path / "a.pt").dim == 16


def test_training_questions_come_from_the_training_documents_only(
        fixture_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the fixture's two works both fall on the training side of the split: make one of them
    # tuning, as another corpus's could be
    monkeypatch.setattr("klareco.training.encoder.training_documents", lambda ids: {"GEN"})
    with Store(store_path(fixture_home)) as store:
        doc_ids = [s.doc_id for s in store.sentences()]
        some = sample_questions(store, 50, seed=3, documents="all")
        only = sample_questions(store, 50, seed=3, documents="training")
    assert {doc_ids[p] for _, p, _ in some} == {"GEN", "drama"}
    assert only and {doc_ids[p] for _, p, _ in only} == {"GEN"}


def test_the_fusion_rule_can_be_chosen_again_without_training(fixture_home: Path,
                                                              tmp_path: Path) -> None:
    model = tmp_path / "m.pt"
    train(fixture_home, TINY, output=model, progress=False, log=lambda _: None)
    before = Encoder.load(model)
    with Store(store_path(fixture_home)) as store:
        texts = [s.text for s in store.sentences()][:6]
    items = [{"question": text, "evidence": [text], "answers": ["x"]} for text in texts]
    report = rechoose_fusion(model, items, fixture_home)
    after = Encoder.load(model)
    assert after.metadata["fusion"] == report.fusion == report.fusion_grid[0]["fusion"]
    assert len(report.fusion_grid) == len(FUSION_GRID)
    assert after.metadata["train"]["config"] == before.metadata["train"]["config"]
    assert all(torch.equal(a, b) for a, b in zip(before.module.state_dict().values(),
                                                 after.module.state_dict().values(),
                                                 strict=True))


def test_training_can_start_from_cooccurrence_vectors(fixture_home: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("klareco.training.cooccurrence.MIN_COUNT", 1)
    lines: list[str] = []
    config = TrainConfig(**{**TINY.__dict__, "root_init": "cooccurrence"})
    report = train(fixture_home, config, output=tmp_path / "c.pt", progress=False,
                   log=lines.append)
    assert any("root embeddings from co-occurrence" in line for line in lines)
    assert int(lines[1].split()[0].replace(",", "")) > 0
    assert Encoder.load(tmp_path / "c.pt").metadata["train"]["config"]["root_init"] == \
        "cooccurrence"
    assert report.pairs >= 6


def test_no_sentence_pairs_give_no_vectors() -> None:
    from klareco.models.treebank import TreeBank
    from klareco.training.cooccurrence import cooccurrence_vectors

    bank = TreeBank(np.array([0, 1], dtype=np.int64), np.ones((1, 6), np.uint16),
                    np.zeros((1, 13), np.uint8), np.zeros(1, np.int16), np.zeros(1, np.int16))
    ids, vectors = cooccurrence_vectors(bank, 10, dim=4)
    assert vectors.shape == (len(ids), 4)
