"""CoNLL-U round trip and the parser evaluation on a tiny gold written for the test."""

from pathlib import Path

from klareco.parse import parse
from klareco.parse.conllu import read_conllu, to_conllu
from klareco.parse.evaluation import evaluate_parser

GOLD = """# sent_id = t1
# text = La katon vidas la hundo.
1\tLa\tla\tDET\t_\tPronType=Art\t2\tdet\t_\t_
2\tkaton\tkat\tNOUN\t_\tCase=Acc|Number=Sing\t3\tobj\t_\t_
3\tvidas\tvid\tVERB\t_\tMood=Ind|Tense=Pres\t0\troot\t_\t_
4\tla\tla\tDET\t_\tPronType=Art\t5\tdet\t_\t_
5\thundo\thund\tNOUN\t_\tCase=Nom|Number=Sing\t3\tnsubj\t_\t_
6\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_

# sent_id = t2
# text = Mi amas vin.
1\tMi\tmi\tPRON\t_\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t0\t_\t_\t_
2\tamas\tam\tVERB\t_\tMood=Ind|Tense=Pres\t0\t_\t_\t_
3\tvin\tvi\tPRON\t_\tCase=Acc|Person=2|PronType=Prs\t0\t_\t_\t_
4\t.\t.\tPUNCT\t_\t_\t0\t_\t_\t_

"""


def test_read_conllu_blocks() -> None:
    blocks = list(read_conllu(GOLD.splitlines()))
    assert [b.sent_id for b in blocks] == ["t1", "t2"]
    assert [t.form for t in blocks[1].tokens] == ["Mi", "amas", "vin", "."]


def test_to_conllu_round_trips_forms_and_roles() -> None:
    text = to_conllu(parse("La katon vidas la hundo."), "x1")
    block = next(read_conllu(text.splitlines()))
    assert [t.form for t in block.tokens] == ["La", "katon", "vidas", "la", "hundo", "."]
    deprels = {t.form: t.deprel for t in block.tokens}
    assert deprels["hundo"] == "nsubj" and deprels["katon"] == "obj" and deprels["vidas"] == "root"


def test_evaluation_scores_tags_and_only_annotated_roles(tmp_path: Path) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_text(GOLD, encoding="utf-8")
    report = evaluate_parser(gold).report()
    assert report["tokens"] == 10
    assert report["upos"] == 1.0 and report["lemma"] == 1.0 and report["feats"] == 1.0
    assert report["role_sentences"] == 1  # t2 has no relations annotated
    assert report["nsubj"]["gold"] == 1 and report["nsubj"]["f1"] == 1.0
    assert report["obj"]["gold"] == 1 and report["obj"]["f1"] == 1.0


def test_evaluation_counts_mistakes(tmp_path: Path) -> None:
    wrong = GOLD.replace("2\tkaton\tkat\tNOUN", "2\tkaton\tkato\tVERB")
    gold = tmp_path / "gold.conllu"
    gold.write_text(wrong, encoding="utf-8")
    report = evaluate_parser(gold).report()
    assert report["upos"] == 0.9 and report["lemma"] == 0.9
    assert report["confusions"]["upos"][0] == {"gold": "VERB", "predicted": "NOUN", "count": 1}
