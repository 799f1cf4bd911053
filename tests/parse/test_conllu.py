"""CoNLL-U in and out, the UD validator on the output, and the parser evaluation on tiny golds
written for the test."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from klareco.config import default_mirror
from klareco.parse import parse, parse_tokens
from klareco.parse.conllu import read_conllu, to_conllu
from klareco.parse.evaluation import detect_conventions, evaluate_parser

GOLD = """# sent_id = t1
# text = La katon vidas la hundo.
1\tLa\tla\tDET\t_\tDefinite=Def|PronType=Art\t2\tdet\t_\t_
2\tkaton\tkato\tNOUN\t_\tCase=Acc|Number=Sing\t3\tobj\t_\t_
3\tvidas\tvidi\tVERB\t_\tMood=Ind|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
4\tla\tla\tDET\t_\tDefinite=Def|PronType=Art\t5\tdet\t_\t_
5\thundo\thundo\tNOUN\t_\tCase=Nom|Number=Sing\t3\tnsubj\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_

# sent_id = t2
# text = Mi amas vin.
1\tMi\tmi\tPRON\t_\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t2\tnsubj\t_\t_
2\tamas\tami\tVERB\t_\tMood=Ind|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
3\tvin\tvi\tPRON\t_\tCase=Acc|Person=2|PronType=Prs\t2\tobj\t_\tSpaceAfter=No|Note=mine
4\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

"""

# The ETB treebank's conventions: stem lemmas, no VerbForm=Fin, relations on some sentences.
ETB_GOLD = """# sent_id = e1
# text = Mi amas vin.
1\tMi\tmi\tPRON\t_\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t2\tnsubj\t_\t_
2\tamas\tam\tVERB\t_\tMood=Ind|Tense=Pres\t0\troot\t_\t_
3\tvin\tvi\tPRON\t_\tCase=Acc|Person=2|PronType=Prs\t2\tobj\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

# sent_id = e2
# text = La hundoj kuris.
1\tLa\tla\tDET\t_\tPronType=Art\t0\t_\t_\t_
2\thundoj\thund\tNOUN\t_\tCase=Nom|Number=Plur\t0\t_\t_\t_
3\tkuris\tkur\tVERB\t_\tMood=Ind|Tense=Past\t0\t_\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t_\t_\t0\t_\t_\t_

"""


def validate(text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The UD validator (udtools) on a CoNLL-U text, at level 2, for Esperanto."""
    path = tmp_path / "out.conllu"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-c", "import sys; from udtools.cli import main; sys.exit(main())",
         "--lang", "eo", "--level", "2", "--max-err", "5", str(path)],
        capture_output=True, text=True, check=False)


def test_read_conllu_blocks_keep_comments_and_misc() -> None:
    blocks = list(read_conllu(GOLD.splitlines()))
    assert [b.sent_id for b in blocks] == ["t1", "t2"]
    assert blocks[1].comment("text") == "Mi amas vin."
    assert [t.form for t in blocks[1].tokens] == ["Mi", "amas", "vin", "."]
    assert blocks[1].tokens[2].misc == "SpaceAfter=No|Note=mine"
    assert [t.space_after for t in blocks[1].tokens] == [True, True, False, True]


def test_output_has_sent_id_text_and_space_after() -> None:
    text = to_conllu(parse("Ĉu vi venos, Petro?"), "s7")
    lines = text.splitlines()
    assert lines[:2] == ["# sent_id = s7", "# text = Ĉu vi venos, Petro?"]
    misc = [line.split("\t")[9] for line in lines[2:] if line]
    assert misc == ["_", "_", "SpaceAfter=No", "_", "SpaceAfter=No", "_"]
    assert text.endswith("\n\n")


def test_other_gaps_are_written_as_spaces_after() -> None:
    text = to_conllu(parse("Jes,  nun."), "s1")
    misc = [line.split("\t")[9] for line in text.splitlines()[2:] if line]
    assert misc == ["SpaceAfter=No", "SpacesAfter=\\s\\s", "SpaceAfter=No", "_"]


def test_conllu_input_keeps_its_comments_and_misc() -> None:
    block = list(read_conllu(GOLD.splitlines()))[1]
    sentence = parse_tokens([t.form for t in block.tokens], [t.space_after for t in block.tokens])
    assert sentence.text == "Mi amas vin."
    out = to_conllu(sentence, "9", block).splitlines()
    assert out[:2] == ["# sent_id = t2", "# text = Mi amas vin."]
    assert out[4].split("\t")[9] == "SpaceAfter=No|Note=mine"


def test_round_trip_of_forms_and_roles() -> None:
    block = next(read_conllu(to_conllu(parse("La katon vidas la hundo."), "x1").splitlines()))
    assert [t.form for t in block.tokens] == ["La", "katon", "vidas", "la", "hundo", "."]
    deprels = {t.form: t.deprel for t in block.tokens}
    assert deprels["hundo"] == "nsubj" and deprels["katon"] == "obj" and deprels["vidas"] == "root"


def test_output_passes_the_ud_validator(tmp_path: Path) -> None:
    texts = ["La katon vidas la hundo.", "« Venu », li diris; ŝi ne venis.",
             "Ni loĝas en Romo, la ĉefurbo de Italio, kun tri katoj kaj unu hundo.",
             "Kiun libron vi volas legi hodiaŭ?", "Petro, fermu la pordon!", "!!!",
             "Mi vidis la hundon, kiu bojis al la luno, kaj mi forkuris.",
             "Kion Petro legis en 'La Verda Arbaro'?", "Kiom da pomoj manĝis Petro?",
             "Ŝi legis la romanon „Verda Arbaro“ dum kiom longe?"]
    done = validate("".join(to_conllu(parse(t), str(n)) for n, t in enumerate(texts)), tmp_path)
    assert done.returncode == 0, done.stderr


@pytest.mark.corpus
def test_corpus_sentences_pass_the_ud_validator(tmp_path: Path) -> None:
    from klareco.corpus.reader import iter_sentences

    mirror = default_mirror()
    if mirror is None:
        pytest.skip("../shared/corpus is not beside the checkout")
    sample = itertools.islice((s.text for n, s in enumerate(iter_sentences(mirror))
                               if n % 97 == 0), 300)
    done = validate("".join(to_conllu(parse(t), str(n)) for n, t in enumerate(sample)),
                    tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]


def test_evaluation_reports_the_conll_2018_metrics(tmp_path: Path) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_text(GOLD, encoding="utf-8")
    report = evaluate_parser(gold).report()
    assert report["conventions"] == "ud" and report["tokens"] == 10
    for metric in ("UPOS", "UFeats", "Lemmas", "UAS", "LAS", "CLAS"):
        assert report[metric] == 1.0, metric
    assert report["nsubj"]["f1"] == 1.0 and report["obj"]["f1"] == 1.0


def test_evaluation_counts_mistakes(tmp_path: Path) -> None:
    wrong = GOLD.replace("2\tkaton\tkato\tNOUN", "2\tkaton\tkatino\tVERB").replace(
        "5\thundo\thundo\tNOUN\t_\tCase=Nom|Number=Sing\t3\tnsubj",
        "5\thundo\thundo\tNOUN\t_\tCase=Nom|Number=Sing\t2\tnsubj")
    gold = tmp_path / "gold.conllu"
    gold.write_text(wrong, encoding="utf-8")
    report = evaluate_parser(gold).report()
    assert report["UPOS"] == 0.9 and report["Lemmas"] == 0.9 and report["UAS"] == 0.9
    assert report["confusions"]["upos"][0] == {"gold": "VERB", "predicted": "NOUN", "count": 1}


def test_a_gold_in_the_etb_conventions_is_scored_through_the_mapping(tmp_path: Path) -> None:
    gold = tmp_path / "etb.conllu"
    gold.write_text(ETB_GOLD, encoding="utf-8")
    assert detect_conventions(list(read_conllu(ETB_GOLD.splitlines()))) == "etb"
    report = evaluate_parser(gold).report()
    assert report["conventions"] == "etb"
    assert report["UPOS"] == report["UFeats"] == report["Lemmas"] == 1.0
    assert report["role_sentences"] == 1  # e2 has no relations annotated
    assert report["nsubj"]["gold"] == 1 and report["nsubj"]["f1"] == 1.0
