"""``klareco train``: self-supervised training of the Tree-LSTM on the built corpus, on the CPU.

1. Sample corpus sentences; make one question from each by transforming its AST
   (``klareco.training.questions``) and parse it like a user question.
2. For each question, a hard negative: the best stage-1 (BM25) hit that is not the source
   sentence (a sentence that shares the question's roots but does not answer it).
3. Train with an in-batch-negatives contrastive loss (InfoNCE): each question must score its
   source sentence above every other positive and hard negative of the batch.
4. After each epoch, measure hybrid MRR@10 on the choice questions (by default questions
   generated from the tuning documents, ``klareco.training.split``) and keep the best epoch;
   then choose the fusion rule on them. Training questions come from the training documents
   only, so the held-out documents stay unseen and measure the model.

Seeded and single-process for the optimisation, so two runs with the same seed agree.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch.nn import functional as F  # noqa: N812
from tqdm import tqdm

from klareco.artifacts import store_path
from klareco.corpus.store import Store
from klareco.errors import EmptyInputError, KlarecoError
from klareco.evaluation import evaluate
from klareco.models.encoder import Encoder
from klareco.models.tree_lstm import collate
from klareco.models.treebank import TreeBank
from klareco.models.trees import SentenceTree, balanced_tree, sentence_tree
from klareco.models.vocabulary import vocabulary
from klareco.parse import parse
from klareco.retrieval.fusion import Fusion
from klareco.retrieval.keywords import keywords
from klareco.retrieval.search import Searcher, Stage2
from klareco.training.cooccurrence import cooccurrence_vectors
from klareco.training.questions import make_question
from klareco.training.split import training_documents

HARD_NEGATIVE_DEPTH = 30  # hard negatives are drawn from this deep in the BM25 ranking
# Fixed weights, reciprocal-rank fusion, and weights that grow with the question's keywords
# (``Fusion.per_keyword``: α = a + b · keywords).
FUSION_GRID = ([Fusion("weighted", alpha=a / 10, normalise=n) for n in ("z", "minmax")
                for a in range(2, 9)] + [Fusion("rrf", k=k) for k in (2, 5, 20, 60)]
               + [Fusion("weighted", alpha=a / 100, normalise="z", per_keyword=b / 100)
                  for a in (0, 5, 10) for b in range(4, 9)])


@dataclass(frozen=True)
class TrainConfig:
    """Everything that decides a training run (recorded in the model card)."""

    seed: int = 13
    pairs: int = 40_000
    epochs: int = 3
    negatives: int = 3  # hard negatives per question
    batch_size: int = 128
    learning_rate: float = 2e-3
    temperature: float = 0.05
    documents: str = "training"  # whose sentences make the questions: "training" or "all"
    tree: str = "ast"  # "ast", or "balanced": the trivial-tree baseline (``balanced_tree``)
    # "random", or "cooccurrence": root embeddings start from the corpus's co-occurrence
    # vectors (``klareco.training.cooccurrence``)
    root_init: str = "random"
    embedding_dim: int = 128
    hidden_dim: int = 192
    output_dim: int = 256
    threads: int = 2


@dataclass
class TrainReport:
    """What a training run did and measured."""

    config: TrainConfig
    pairs: int
    seconds: float
    best_epoch: int | None
    epochs: list[dict[str, float]] = field(default_factory=list)
    fusion: dict[str, Any] = field(default_factory=dict)
    fusion_grid: list[dict[str, Any]] = field(default_factory=list)
    fusion_chosen: str = ""  # when the rule was chosen apart from the training (rechoose_fusion)


@dataclass(frozen=True)
class Pair:
    """A training question (as a tree) with its source sentence and hard negatives."""

    question: SentenceTree
    positive: int
    negatives: tuple[int, ...]


# ---------------------------------------------------------------------------- pairs

# The stage-1 searcher of a pair-making worker process, set by the pool's initializer: with
# "fork" the workers inherit it instead of unpickling a copy of the index with every task.
_worker_miner: Searcher | None = None


def _init_worker(miner: Searcher) -> None:
    global _worker_miner
    _worker_miner = miner


def _question_pair(job: tuple[str, int, int, int]) -> Pair | None:
    assert _worker_miner is not None, "run in a pool made with _init_worker"
    return question_pair(_worker_miner, *job)


def question_pair(miner: Searcher, text: str, positive: int, count: int, seed: int
                  ) -> Pair | None:
    """A question parsed like a user's, with ``count`` hard negatives from its stage-1
    ranking (random sentences when it has too few); None when it has nothing to search for."""
    try:
        sentence = parse(text)
    except EmptyInputError:
        return None
    found = keywords(sentence)
    if not found:  # a question with nothing to search for teaches nothing
        return None
    positions, _, _ = miner.rank([(k.term, k.weight) for k in found], HARD_NEGATIVE_DEPTH)
    rng = random.Random(seed)
    pool = [int(p) for p in positions if int(p) != positive]
    negatives = rng.sample(pool, count) if len(pool) >= count else pool
    total = miner.index.size
    while len(negatives) < count:  # too few stage-1 hits: random sentences fill in
        negatives.append(rng.randrange(total))
    return Pair(sentence_tree(sentence, vocabulary()), positive, tuple(negatives))


def sample_questions(store: Store, count: int, seed: int, progress: bool = False,
                     documents: str = "all") -> list[tuple[str, int, int]]:
    """Up to ``count`` generated questions from distinct corpus sentences in a seeded order:
    (question, sentence position, seed for its negatives), from the sentences of the
    training documents or of ``all``. The same seed gives the same list, so the sentences a
    model was trained on can be told apart later (``trained_positions``)."""
    rng = random.Random(seed)
    total = store.count("sentences")
    order = list(range(total))
    rng.shuffle(order)
    if documents == "training":
        doc_ids = [s.doc_id for s in store.sentences()]
        kept = training_documents(set(doc_ids))
        order = [p for p in order if doc_ids[p] in kept]
    elif documents != "all":
        raise KlarecoError(f"unknown training documents {documents!r} (training or all)")
    jobs: list[tuple[str, int, int]] = []
    bar = tqdm(total=count, desc="questions", unit="q", disable=not progress)
    for start in range(0, len(order), 4096):
        chunk = order[start:start + 4096]
        for position, sentence in zip(chunk, store.asts_at(chunk), strict=True):
            question = make_question(sentence, rng)
            if question is not None:
                jobs.append((question, position, rng.randrange(2**31)))
                bar.update()
                if len(jobs) >= count:
                    break
        if len(jobs) >= count:
            break
    bar.close()
    return jobs


def trained_positions(store: Store, metadata: dict[str, Any]) -> set[int]:
    """The corpus positions whose questions trained the encoder with this ``metadata``
    (its saved training config; the defaults when it has none)."""
    config = (metadata.get("train") or {}).get("config") or {}
    defaults = TrainConfig()
    count = int(config.get("pairs", defaults.pairs))
    seed = int(config.get("seed", defaults.seed))
    documents = str(config.get("documents", "all"))  # models from before the split used all
    return {position for _, position, _ in sample_questions(store, count, seed,
                                                            documents=documents)}


def make_pairs(store: Store, searcher: Searcher, count: int, seed: int, negatives: int = 3,
               progress: bool = True, documents: str = "all") -> list[Pair]:
    """``count`` (or fewer) training pairs from distinct corpus sentences, each with
    ``negatives`` hard negatives."""
    jobs = [(question, position, negatives, job_seed)
            for question, position, job_seed in sample_questions(store, count, seed, progress,
                                                                 documents)]
    pairs: list[Pair] = []
    with multiprocessing.get_context("fork").Pool(2, _init_worker, (searcher,)) as pool:
        for result in tqdm(pool.imap(_question_pair, jobs, chunksize=128), total=len(jobs),
                           desc="parse+mine", unit="q", disable=not progress):
            if result is not None:
                pairs.append(result)
    return pairs


# ---------------------------------------------------------------------------- training


def _text_ids(store: Store) -> np.ndarray:
    """One id per distinct sentence text, by corpus position: repeated sentences (refrains,
    repeated verses) are not negatives of each other."""
    seen: dict[str, int] = {}
    return np.array([seen.setdefault(text, len(seen)) for (text,) in
                     store.db.execute("SELECT text FROM sentences ORDER BY id")], dtype=np.int64)


def contrastive_loss(questions: torch.Tensor, sentences: torch.Tensor, targets: torch.Tensor,
                     same: torch.Tensor, temperature: float) -> torch.Tensor:
    """InfoNCE: row i of ``questions`` against all ``sentences``, target column ``targets[i]``;
    ``same[i, j]`` marks columns holding the same text as the target (masked out)."""
    logits = questions @ sentences.T / temperature
    logits = logits.masked_fill(same, float("-inf"))
    return F.cross_entropy(logits, targets)


def train(home: Path | None = None, config: TrainConfig | None = None,
          choice_items: Sequence[dict[str, Any]] | None = None, output: Path | None = None,
          progress: bool = True, log: Callable[[str], None] = print) -> TrainReport:
    """Train an encoder on the built store under ``home``; ``choice_items`` (gold questions,
    never trained on) choose the epoch and the fusion rule. Write it to ``output`` when
    given."""
    config = config or TrainConfig()
    started = time.perf_counter()
    torch.set_num_threads(config.threads)
    path = store_path(home)
    if not path.is_file():
        raise KlarecoError(f"no built corpus at {path}: run `klareco build` first")
    store = Store(path)
    bank = TreeBank.load(store)
    texts = _text_ids(store)
    miner = Searcher(store)
    pairs = make_pairs(store, miner, config.pairs, config.seed, config.negatives, progress,
                       config.documents)
    trivial = config.tree == "balanced"
    if trivial:
        pairs = [Pair(balanced_tree(p.question), p.positive, p.negatives) for p in pairs]
    log(f"{len(pairs):,} training pairs ({time.perf_counter() - started:.0f} s)")

    encoder = Encoder.untrained(config.seed, embedding_dim=config.embedding_dim,
                                hidden_dim=config.hidden_dim, output_dim=config.output_dim)
    model = encoder.module
    if config.root_init == "cooccurrence":
        started_roots = time.perf_counter()
        count = start_from_cooccurrence(encoder, bank, config.seed)
        log(f"{count:,} root embeddings from co-occurrence "
            f"({time.perf_counter() - started_roots:.0f} s)")
    optimiser = torch.optim.Adam(model.parameters(), lr=config.learning_rate)
    generator = torch.Generator().manual_seed(config.seed)
    report = TrainReport(config, len(pairs), 0.0, None)
    best_state, best_mrr = None, -1.0
    for epoch in range(1, config.epochs + 1):
        model.train()
        order = torch.randperm(len(pairs), generator=generator).tolist()
        losses = []
        steps = range(0, len(order) - config.batch_size + 1, config.batch_size)
        for start in tqdm(steps, desc=f"epoch {epoch}/{config.epochs}", unit="batch",
                          disable=not progress):
            batch = [pairs[i] for i in order[start:start + config.batch_size]]
            columns = np.array([p.positive for p in batch]
                               + [n for p in batch for n in p.negatives])
            q = model(collate([p.question for p in batch]))
            trees = bank.trees(columns)
            s = model(collate([balanced_tree(t) for t in trees] if trivial else trees))
            ids = torch.from_numpy(texts[columns])
            targets = torch.arange(len(batch))
            same = (ids[None, :] == ids[targets][:, None])
            same[targets, targets] = False
            loss = contrastive_loss(q, s, targets, same, config.temperature)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            losses.append(loss.item())
        model.eval()
        entry = {"epoch": epoch, "loss": round(float(np.mean(losses)), 4)}
        if choice_items:
            stage2 = stage2_on_the_fly(encoder, bank, Fusion(), trivial)
            metrics = dev_metrics(Searcher(store, stage2), choice_items)
            entry.update(metrics)
            if metrics["mrr@10"] > best_mrr:
                best_mrr = metrics["mrr@10"]
                best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
                report.best_epoch = epoch
        report.epochs.append(entry)
        log(" ".join(f"{k}={v}" for k, v in entry.items()))
    if best_state is not None:
        model.load_state_dict(best_state)
    if choice_items:
        report.fusion_grid = choose_fusion(store, encoder, bank, choice_items, trivial)
        report.fusion = report.fusion_grid[0]["fusion"]
    report.seconds = round(time.perf_counter() - started, 1)
    if output is not None:
        encoder.save(output, {"train": _card_data(report), "fusion": report.fusion})
    store.close()
    return report


def start_from_cooccurrence(encoder: Encoder, bank: TreeBank, seed: int) -> int:
    """Set the root embeddings of an untrained encoder to the corpus's co-occurrence vectors,
    scaled to the mean norm of the random rows they replace; returns how many were set."""
    roots = sum(token.startswith("r:") for token in encoder.vocabulary.morpheme_ids)
    weight = encoder.module.morphemes.weight
    ids, vectors = cooccurrence_vectors(bank, roots, weight.shape[1], seed)
    with torch.no_grad():
        rows = torch.from_numpy(ids)
        scale = weight[rows].norm(dim=1).mean() / max(
            float(np.linalg.norm(vectors, axis=1).mean()), 1e-9)
        weight[rows] = torch.from_numpy(vectors) * scale
    return len(ids)


class TrivialTreeEncoder:
    """An encoder that reads every sentence as ``balanced_tree`` of its tree (the baseline)."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder

    def encode_trees(self, trees: Sequence[SentenceTree]) -> np.ndarray:
        return self.encoder.encode_trees([balanced_tree(t) for t in trees])

    def encode(self, sentences: Sequence[Any]) -> np.ndarray:
        return self.encode_trees(self.encoder.trees(sentences))


def stage2_on_the_fly(encoder: Encoder, bank: TreeBank, fusion: Fusion,
                      trivial: bool = False) -> Stage2:
    """Stage 2 with candidate vectors encoded on the fly from the stored trees (and cached)."""
    cache: dict[int, np.ndarray] = {}
    reader: Any = TrivialTreeEncoder(encoder) if trivial else encoder

    def vectors(positions: np.ndarray) -> np.ndarray:
        missing = [int(p) for p in positions if int(p) not in cache]
        if missing:
            for p, v in zip(missing, reader.encode_trees(bank.trees(missing)), strict=True):
                cache[p] = v
        return np.stack([cache[int(p)] for p in positions])

    return Stage2(reader, vectors, fusion)


def dev_metrics(searcher: Searcher, items: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Hybrid retrieval metrics of ``searcher`` on gold items."""
    report = evaluate(items, lambda q, k: searcher.search(q, k, "hybrid").hits, None, k=100)
    return {key: report[key] for key in ("recall@100", "hit@1", "hit@5", "mrr@10")}


def choose_fusion(store: Store, encoder: Encoder, bank: TreeBank,
                  items: Sequence[dict[str, Any]], trivial: bool = False
                  ) -> list[dict[str, Any]]:
    """Every fusion rule of the grid measured on gold items, best (MRR@10, then hit@5) first."""
    stage2 = stage2_on_the_fly(encoder, bank, Fusion(), trivial)
    searcher = Searcher(store, stage2)
    results = []
    for fusion in FUSION_GRID:
        stage2.fusion = fusion
        metrics = dev_metrics(searcher, items)
        results.append({"fusion": fusion.to_dict(), **metrics})
    results.sort(key=lambda r: (-r["mrr@10"], -r["hit@5"]))
    return results


def rechoose_fusion(model: Path, items: Sequence[dict[str, Any]], home: Path | None = None
                    ) -> TrainReport:
    """Measure ``FUSION_GRID`` again for the trained encoder ``model`` on ``items`` and record
    the best rule in its file (its weights untouched): how a grid that grew after the model
    was trained is chosen from without training it again."""
    encoder = Encoder.load(model)
    card = encoder.metadata.get("train") or {}
    report = TrainReport(TrainConfig(**card.get("config", {})), card.get("pairs", 0),
                         card.get("seconds", 0.0), card.get("best_epoch"),
                         card.get("epochs", []))
    with Store(store_path(home)) as store:
        bank = TreeBank.load(store)
        report.fusion_grid = choose_fusion(store, encoder, bank, items,
                                           report.config.tree == "balanced")
    report.fusion = report.fusion_grid[0]["fusion"]
    report.fusion_chosen = time.strftime("%Y-%m-%d")
    encoder.save(model, {**encoder.metadata, "train": _card_data(report),
                         "fusion": report.fusion})
    return report


def _card_data(report: TrainReport) -> dict[str, Any]:
    return {"config": report.config.__dict__, "pairs": report.pairs, "seconds": report.seconds,
            "best_epoch": report.best_epoch, "epochs": report.epochs,
            "fusion_grid": report.fusion_grid, "fusion_chosen": report.fusion_chosen}
