"""End to end: the parser against the hand-annotated UD treebank in ../shared/gold."""

import pytest

from klareco.config import project_root
from klareco.parse.evaluation import evaluate_parser

GOLD = project_root().parent / "shared" / "gold" / "ud-etb-fundamenta-ekzercaro.conllu"


@pytest.mark.corpus
@pytest.mark.skipif(not GOLD.is_file(), reason="../shared/gold is not beside the checkout")
def test_parser_meets_the_accuracy_bars() -> None:
    report = evaluate_parser(GOLD).report()
    assert report["upos"] >= 0.95
    assert report["lemma"] >= 0.95
    assert report["feats"] >= 0.97
    assert report["nsubj"]["f1"] >= 0.80
    assert report["obj"]["f1"] >= 0.85
