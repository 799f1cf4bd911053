"""The model card written next to a trained model: what it was trained on, how, and how well."""

from __future__ import annotations

import os
import platform
from pathlib import Path

import torch

from klareco.models.encoder import file_sha256
from klareco.models.vocabulary import vocabulary
from klareco.training.encoder import TrainReport


def card_path(model: Path) -> Path:
    return model.with_suffix(".md")


def write_card(model: Path, report: TrainReport, dev_path: Path | None) -> Path:
    """Write ``<model>.md`` describing the model file ``model`` and its training run."""
    c = report.config
    lines = [
        f"# Model card: {model.name}",
        "",
        "Child-sum Tree-LSTM sentence encoder of Klareco's stage 2 (`klareco/models/`).",
        "",
        "| | |",
        "|---|---|",
        f"| file sha256 | `{file_sha256(model)}` |",
        f"| vocabulary hash | `{vocabulary().hash}` |",
        f"| sizes | embeddings {c.embedding_dim}, hidden {c.hidden_dim}, output {c.output_dim} |",
        f"| seed | {c.seed} |",
        f"| epochs | {c.epochs} (best on dev: {report.best_epoch}) |",
        f"| training pairs | {report.pairs:,} |",
        f"| batch, learning rate, temperature | {c.batch_size}, {c.learning_rate}, "
        f"{c.temperature} |",
        f"| training time | {report.seconds:.0f} s on {os.cpu_count()} CPU cores, "
        f"{c.threads} torch threads, torch {torch.__version__}, {platform.machine()} |",
        "",
        "## Data and objective",
        "",
        "Only the built corpus (`klareco build`, sources in `corpus/sources.json`). Each training",
        "pair is a question generated from one corpus sentence by transforming its AST (a role",
        "replaced by its question word, the other constituents shuffled, some modifiers and",
        "adjuncts dropped; `klareco/training/questions.py`), parsed like a user question, paired",
        f"with its source sentence and {c.negatives} hard negatives drawn from the question's top",
        "30 BM25 hits other than the source. Loss: InfoNCE over the batch's positives and hard",
        "negatives (columns holding the same text as the target are masked). Weights are stored",
        "in half precision.",
        "",
        "## Dev metrics per epoch (hybrid retrieval, weighted fusion of z-scores, α = 0.5)",
        "",
        f"Dev set: `{dev_path.name if dev_path else ''}` — it chooses the epoch and the fusion",
        "rule, and is never trained on." if dev_path else "No dev set: the last epoch was kept.",
        "",
        "| epoch | loss | recall@100 | hit@1 | hit@5 | MRR@10 |",
        "|---|---|---|---|---|---|",
    ]
    for e in report.epochs:
        lines.append(f"| {e['epoch']} | {e['loss']} | {e.get('recall@100', '–')} | "
                     f"{e.get('hit@1', '–')} | {e.get('hit@5', '–')} | {e.get('mrr@10', '–')} |")
    if report.fusion_grid:
        lines += ["", "## Fusion rule (chosen on the dev set; stored in the model file)", "",
                  "| rule | hit@1 | hit@5 | MRR@10 |", "|---|---|---|---|"]
        for row in report.fusion_grid:
            rule = ", ".join(f"{k}={v}" for k, v in row["fusion"].items())
            lines.append(f"| {rule} | {row['hit@1']} | {row['hit@5']} | {row['mrr@10']} |")
    path = card_path(model)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
