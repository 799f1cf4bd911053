"""Measure the parser against a UD CoNLL-U treebank, with gold tokenization.

The tagging and parsing figures are the CoNLL 2018 shared task's metrics (UPOS, UFeats,
Lemmas, UAS, LAS, CLAS), computed by the evaluator of the ``udtools`` package (``udeval``)
on the parser's CoNLL-U output; subject and object F1 are counted here, on the sentences
whose gold has relations. A gold file in the ETB treebank's conventions (stem lemmas) is
scored through ``klareco.parse.conventions.etb_tags``.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from klareco.errors import EmptyInputError, InputError, KlarecoError
from klareco.parse.conllu import ConlluError, ConlluSentence, format_feats, read_conllu, to_conllu
from klareco.parse.conventions import etb_tags
from klareco.parse.parser import parse_tokens
from klareco.text import decode_input

SCORED_RELATIONS = ("nsubj", "obj")
METRICS = ("UPOS", "UFeats", "Lemmas", "UAS", "LAS", "CLAS")
TAG_METRICS = ("UPOS", "UFeats", "Lemmas")
CONVENTIONS = ("auto", "ud", "etb")


@dataclass
class _RoleCounts:
    true_positive: int = 0
    predicted: int = 0
    gold: int = 0

    def scores(self) -> dict[str, float]:
        p = self.true_positive / self.predicted if self.predicted else 0.0
        r = self.true_positive / self.gold if self.gold else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f1, 4),
                "gold": self.gold, "predicted": self.predicted}


@dataclass
class ParserScores:
    """What ``klareco eval-parser`` prints: ``report()``."""

    conventions: str = "ud"
    sentences: int = 0
    tokens: int = 0
    metrics: dict[str, float | None] = field(default_factory=dict)  # None: gold has no trees
    annotated_sentences: int = 0
    roles: dict[str, _RoleCounts] = field(
        default_factory=lambda: {r: _RoleCounts() for r in SCORED_RELATIONS})
    upos_confusions: Counter[tuple[str, str]] = field(default_factory=Counter)
    feats_confusions: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    lemma_confusions: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    relation_confusions: Counter[tuple[str, str]] = field(default_factory=Counter)

    def report(self, top: int = 10) -> dict[str, Any]:
        return {
            "conventions": self.conventions,
            "sentences": self.sentences,
            "tokens": self.tokens,
            **self.metrics,
            "role_sentences": self.annotated_sentences,
            **{rel: counts.scores() for rel, counts in self.roles.items()},
            "confusions": {
                "upos": [{"gold": g, "predicted": p, "count": c}
                         for (g, p), c in self.upos_confusions.most_common(top)],
                "feats": [{"upos": u, "gold": g, "predicted": p, "count": c}
                          for (u, g, p), c in self.feats_confusions.most_common(top)],
                "lemma": [{"form": f, "gold": g, "predicted": p, "count": c}
                          for (f, g, p), c in self.lemma_confusions.most_common(top)],
                "relations": [{"gold": g, "predicted": p, "count": c}
                              for (g, p), c in self.relation_confusions.most_common(top)],
            },
        }


def detect_conventions(gold: list[ConlluSentence]) -> str:
    """'etb' when the gold's nouns have stem lemmas (hund for hundo), else 'ud'."""
    nouns = [t for s in gold for t in s.tokens if t.upos == "NOUN" and t.lemma not in ("_", "")]
    with_ending = sum(t.lemma.endswith("o") for t in nouns)
    return "etb" if nouns and with_ending < len(nouns) / 2 else "ud"


def evaluate_parser(gold_path: Path, conventions: str = "auto") -> ParserScores:
    """Parse every gold sentence from its gold tokens and score the output.

    ``conventions`` is the gold's: ``ud`` (official UD), ``etb`` (the ETB treebank's: the
    output is mapped to them before scoring) or ``auto`` (``detect_conventions``). A gold
    whose trees are incomplete (several roots in a sentence, as in the ETB file) is still
    scored: its UAS, LAS and CLAS then mean little.
    """
    try:
        from udtools.udeval import UDError, evaluate, load_conllu
    except ImportError:
        raise KlarecoError("eval-parser needs the udtools package: pip install udtools") from None
    gold_text = decode_input(gold_path.read_bytes(), f"the gold file {gold_path}")
    try:
        gold = list(read_conllu(gold_text.splitlines()))
    except ConlluError as error:
        raise ConlluError(f"{gold_path}: {error}") from None
    if not gold:
        raise EmptyInputError(f"the gold file {gold_path} holds no CoNLL-U sentence")
    chosen = detect_conventions(gold) if conventions == "auto" else conventions
    tagger = etb_tags if chosen == "etb" else None
    scores = ParserScores(conventions=chosen)
    system_blocks: list[str] = []
    for number, block in enumerate(gold, start=1):
        sentence = parse_tokens([t.form for t in block.tokens],
                                [t.space_after for t in block.tokens])
        system_blocks.append(to_conllu(sentence, str(number), block, tagger))
        _count(scores, block, sentence, tagger)
    system_text = "".join(system_blocks)
    options = {"multiple_roots_okay": True}
    trees = True
    try:
        evaluation = evaluate(load_conllu(io.StringIO(gold_text), str(gold_path), options),
                              load_conllu(io.StringIO(system_text), "system", options))
    except UDError:
        # A gold whose heads are broken (the ETB file has a head outside its sentence):
        # the tags are still scored, on trees flattened on both sides; no tree figures.
        trees = False
        try:
            evaluation = evaluate(
                load_conllu(io.StringIO(_flattened(gold_text)), str(gold_path), options),
                load_conllu(io.StringIO(_flattened(system_text)), "system", options))
        except UDError as error:
            raise InputError(f"{gold_path}: the CoNLL 2018 evaluator refused it: "
                             f"{error}") from None
    scores.metrics = {name: round(evaluation[name].f1, 4) if trees or name in TAG_METRICS
                      else None for name in METRICS}
    return scores


def _flattened(text: str) -> str:
    """CoNLL-U with every word's HEAD 0 and DEPREL root (the tags kept)."""
    lines = []
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) == 10 and not line.startswith("#"):
            cols[6], cols[7] = "0", "root"
        lines.append("\t".join(cols))
    return "\n".join(lines) + "\n"


def _count(scores: ParserScores, gold: ConlluSentence, sentence: Any, tagger: Any) -> None:
    """Token counts, role F1 and the confusions that cost most."""
    scores.sentences += 1
    annotated = any(t.deprel not in ("_", "") for t in gold.tokens)
    scores.annotated_sentences += annotated
    for token, word, relation in zip(gold.tokens, sentence.words, sentence.deprels,
                                     strict=True):
        scores.tokens += 1
        lemma, upos, feats = tagger(word) if tagger else (word.lemma, word.pos, word.feats)
        feats_text = format_feats(feats)
        if token.upos != upos:
            scores.upos_confusions[(token.upos, upos)] += 1
        if token.feats != feats_text:
            scores.feats_confusions[(token.upos, token.feats, feats_text)] += 1
        if token.lemma != lemma:
            scores.lemma_confusions[(token.form, token.lemma, lemma)] += 1
        if not annotated:
            continue
        gold_relation = token.deprel.split(":")[0]
        predicted = relation.split(":")[0]
        for rel, counts in scores.roles.items():
            is_gold, is_predicted = gold_relation == rel, predicted == rel
            counts.gold += is_gold
            counts.predicted += is_predicted
            counts.true_positive += is_gold and is_predicted
        if gold_relation != predicted:
            scores.relation_confusions[(gold_relation, predicted)] += 1
