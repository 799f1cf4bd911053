"""The model card written next to a trained model: what it was trained on, how, and how well."""

from __future__ import annotations

import os
import platform
from pathlib import Path

import torch

from klareco.models.files import file_sha256
from klareco.models.vocabulary import vocabulary
from klareco.training.encoder import TrainReport


def card_path(model: Path) -> Path:
    return model.with_suffix(".md")


def write_card(model: Path, report: TrainReport, chosen_on: str | None) -> Path:
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
        f"| epochs | {c.epochs} (best: {report.best_epoch}) |",
        f"| tree | {c.tree} |",
        f"| training pairs | {report.pairs:,} |",
        f"| batch, learning rate, temperature | {c.batch_size}, {c.learning_rate}, "
        f"{c.temperature} |",
        f"| training time | {report.seconds:.0f} s on {os.cpu_count()} CPU cores, "
        f"{c.threads} torch threads, torch {torch.__version__}, {platform.machine()} |",
        "",
        "## Data and objective",
        "",
        "Only the built corpus (`klareco build`, sources in `corpus/sources.json`), and of it",
        f"the sentences of {c.documents} documents (`klareco/training/split.py`). Each training",
        "pair is a question generated from one corpus sentence by transforming its AST (a role",
        "replaced by its question word, the other constituents shuffled, some modifiers and",
        "adjuncts dropped; `klareco/training/questions.py`), parsed like a user question, paired",
        f"with its source sentence and {c.negatives} hard negatives drawn from the question's top",
        "30 BM25 hits other than the source. Loss: InfoNCE over the batch's positives and hard",
        "negatives (columns holding the same text as the target are masked). Weights are stored",
        "in half precision.",
        "",
        "## Metrics per epoch (hybrid retrieval, weighted fusion of z-scores, α = 0.5)",
        "",
        f"Chosen on {chosen_on}: they choose the epoch and the fusion rule, and are never "
        "trained on." if chosen_on else "Nothing to choose on: the last epoch was kept.",
        "",
        "| epoch | loss | recall@100 | hit@1 | hit@5 | MRR@10 |",
        "|---|---|---|---|---|---|",
    ]
    for e in report.epochs:
        lines.append(f"| {e['epoch']} | {e['loss']} | {e.get('recall@100', '–')} | "
                     f"{e.get('hit@1', '–')} | {e.get('hit@5', '–')} | {e.get('mrr@10', '–')} |")
    if report.fusion_grid:
        lines += ["", "## Fusion rule (chosen as the epoch was; stored in the model file)", ""]
        if report.fusion_chosen:
            lines += [f"Chosen again on {report.fusion_chosen} by `klareco train --fusion-only`, "
                      "over that day's build, from a grid grown since the training (the "
                      "weights and the epochs above are the training's).", ""]
        lines += ["| rule | hit@1 | hit@5 | MRR@10 |", "|---|---|---|---|"]
        for row in report.fusion_grid:
            rule = ", ".join(f"{k}={v}" for k, v in row["fusion"].items())
            lines.append(f"| {rule} | {row['hit@1']} | {row['hit@5']} | {row['mrr@10']} |")
    path = card_path(model)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_ranker_card(model: Path, info: dict, command: str) -> Path:
    """Write ``<model>.md`` for the answer ranker from the ``info`` its training recorded."""
    docs = info["documents"]
    tuning = info["tuning"]
    at = tuning["at_threshold"]
    common = list(info["forms"].items())
    forms = ", ".join(f"{form} {n}" for form, n in common[:20]) + (
        f", and {len(common) - 20} rarer forms" if len(common) > 20 else "")
    lines = [
        f"# Model card: {model.name}",
        "",
        "The factoid expert's answer ranker (`klareco/experts/factoid/model.py`): a model",
        "over named features of a candidate answer (`features.py`), scored listwise against",
        "the question's other candidates and a \"no answer here\" option. Its softmax picks",
        "the answer and gives its confidence. A yes/no question's options are `jes` and `ne`,",
        "each with the best matching clause's reading (`yes_no.py`).",
        "",
        "| | |",
        "|---|---|",
        f"| file sha256 | `{file_sha256(model)}` |",
        f"| features with a weight | {info.get('weighted_features', '–')} |",
        f"| hidden units | {info.get('hidden_units', 0)} (0: linear) |",
        f"| evidence read | the top {info.get('evidence_depth', '–')} sentences |",
        f"| seed | {info['seed']} |",
        f"| training time | {info.get('minutes', '–')} min (questions made, searched and "
        f"trained) on {os.cpu_count()} CPU cores, torch {torch.__version__} |",
        f"| abstention threshold | {info['threshold']} (chosen on the tuning documents: "
        f"the best answer plus abstain accuracy that withholds at most "
        f"{info.get('max_false_abstain', '–')} of their answerable questions) |",
        "",
        "## Data and split",
        "",
        "The built corpus, and questions people wrote over its training documents",
        "(`questions/written-training.jsonl`). Questions are generated from corpus sentences",
        "by transforming their ASTs (`klareco/training/questions.py`); about half of those",
        "naming someone get another corpus name instead, and some others another verb or a",
        "question of when,",
        "where or why the corpus does not tell (`Kiam mortis Zorbo?`), so the corpus does not",
        "answer them; nor does it answer a yes/no question given a phrase of another",
        "sentence (`Ĉu Kain mortigis Habelon en la templo?`). Yes/no questions with subject and",
        "object swapped, or with the object or predicate replaced by another noun of the",
        "sentence, answer `ne`. Questions that name no one are mostly left out: people ask",
        "about someone or something by name. Some clauses with a subject and an object are",
        "asked in the passive voice (`Kio estis manĝita de la lupo?`; since 2026-11-25).",
        "Each sentence is asked about up to twice, the",
        "second time mostly with other words or another role.",
        "Each is searched like a user's question, and each option is labelled by whether a",
        "judge would accept it (`klareco/training/reader.py`).",
        "",
        f"Documents are split by a hash of their id (`klareco/training/split.py`): "
        f"{docs['training']} training, {docs['tuning']} tuning and {docs['held_out']} held out. "
        "No sentence the encoder trained on and no gold evidence sentence is used.",
        "",
        f"- training: {info['training_questions']:,} questions "
        f"({info['training_unanswerable']:,} unanswerable); by form: {forms}",
        *([f"- written: {info['written_questions']:,} questions people wrote over the "
           f"training documents, each counted {info['written_weight']} times; options "
           "labelled by the judge's rule against their answers"]
          if info.get("written_questions") else []),
        f"- tuning: {info['tuning_questions']:,} questions; they choose the threshold",
        "",
        "## Figures (tuning documents, never trained on)",
        "",
        f"- top option right: {tuning['top_option_right']}; mean log-likelihood of the right "
        f"options: {tuning['mean_log_likelihood']}",
        f"- at the threshold: answer accuracy {at['answer_accuracy']}, abstain accuracy "
        f"{at['abstain_accuracy']}, false-abstain rate {at['false_abstain_rate']}",
        "",
        "The development set and held-out documents are measured in the README (`klareco eval`,",
        "`scripts/eval_generated.py`).",
        "",
        "## Retrain",
        "",
        "```",
        command,
        "```",
    ]
    path = card_path(model)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
