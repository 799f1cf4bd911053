"""Measure the parser against a UD CoNLL-U treebank: tagging accuracy and role F1."""

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from klareco.parse.conllu import format_feats, read_conllu
from klareco.parse.parser import parse_tokens

SCORED_RELATIONS = ("nsubj", "obj")


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
    """Running totals; ``report()`` gives the figures ``klareco eval-parser`` prints."""

    sentences: int = 0
    tokens: int = 0
    upos: int = 0
    lemma: int = 0
    feats: int = 0
    annotated_sentences: int = 0
    roles: dict[str, _RoleCounts] = field(
        default_factory=lambda: {r: _RoleCounts() for r in SCORED_RELATIONS})
    upos_confusions: Counter[tuple[str, str]] = field(default_factory=Counter)
    feats_confusions: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    lemma_confusions: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    role_confusions: Counter[tuple[str, str]] = field(default_factory=Counter)

    def report(self, top: int = 10) -> dict[str, object]:
        n = self.tokens or 1
        return {
            "sentences": self.sentences,
            "tokens": self.tokens,
            "upos": round(self.upos / n, 4),
            "lemma": round(self.lemma / n, 4),
            "feats": round(self.feats / n, 4),
            "role_sentences": self.annotated_sentences,
            **{rel: counts.scores() for rel, counts in self.roles.items()},
            "confusions": {
                "upos": [{"gold": g, "predicted": p, "count": c}
                         for (g, p), c in self.upos_confusions.most_common(top)],
                "feats": [{"upos": u, "gold": g, "predicted": p, "count": c}
                          for (u, g, p), c in self.feats_confusions.most_common(top)],
                "lemma": [{"form": f, "gold": g, "predicted": p, "count": c}
                          for (f, g, p), c in self.lemma_confusions.most_common(top)],
                "roles": [{"gold": g, "predicted": p, "count": c}
                          for (g, p), c in self.role_confusions.most_common(top)],
            },
        }


def evaluate_parser(gold_path: Path) -> ParserScores:
    """Parse every gold sentence from its gold tokens and compare, token by token.

    Roles are scored only in sentences whose gold has dependency relations (a treebank may
    annotate relations on part of its sentences); a token is a subject (object) when its
    relation is ``nsubj`` (``obj``).
    """
    scores = ParserScores()
    with gold_path.open(encoding="utf-8") as handle:
        for gold in read_conllu(handle):
            predicted = parse_tokens([t.form for t in gold.tokens])
            scores.sentences += 1
            annotated = any(t.deprel not in ("_", "") for t in gold.tokens)
            scores.annotated_sentences += annotated
            for token, word, relation in zip(gold.tokens, predicted.words, predicted.deprels,
                                             strict=True):
                scores.tokens += 1
                feats = format_feats(word.feats)
                scores.upos += token.upos == word.pos
                scores.lemma += token.lemma == word.lemma
                scores.feats += token.feats == feats
                if token.upos != word.pos:
                    scores.upos_confusions[(token.upos, word.pos)] += 1
                if token.feats != feats:
                    scores.feats_confusions[(token.upos, token.feats, feats)] += 1
                if token.lemma != word.lemma:
                    scores.lemma_confusions[(token.form, token.lemma, word.lemma)] += 1
                if not annotated:
                    continue
                for rel, counts in scores.roles.items():
                    is_gold, is_predicted = token.deprel == rel, relation == rel
                    counts.gold += is_gold
                    counts.predicted += is_predicted
                    counts.true_positive += is_gold and is_predicted
                if (token.deprel in SCORED_RELATIONS or relation in SCORED_RELATIONS) and (
                        token.deprel != relation):
                    scores.role_confusions[(token.deprel, relation)] += 1
    return scores
