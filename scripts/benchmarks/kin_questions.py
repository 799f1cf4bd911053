#!/usr/bin/env python
"""Kin questions made from the corpus, asked both ways, and how the engine answers them.

    python scripts/benchmarks/kin_questions.py [--all-documents] [--json]

From every sentence that describes a name by a kin noun of another name ("X, la filo de Y":
``kin.named_noun`` and ``noun_owners``, the noun in ``semantics.KIN_CONVERSES``, each
name of one word) it asks five questions:

  converse  Kiu estis la patro de X?      answered by Y (the sentence says the converse)
  named     Kiel nomiĝis la patro de X?   the same, asked for a name
  direct    Kiu estis la filo de Y?       answered by X (the sentence says it as asked)
  kies      Kies filo estis X?            answered by Y (as asked)
  kies, converse  Kies patro estis Y?     answered by X

and from every "Y naskigis X" (or "naskis": ``semantics.BIRTH_ROOTS``) two more:

  birth         Kiu estis la patro de X?   answered by Y (patrino for naskis)
  birth, child  Kiu estis la filo de Y?    answered by X

and from every "Y … sian filon X" three, from every "Y … lian filon X" two (the possessive
of a kin noun that names X, Y its clause's named subject: ``kin.possessive_subject``):

  sia           Kiu estis la filo de Y?    answered by X ("sia" is the subject's)
  sia, converse Kiu estis la patro de X?   answered by Y
  sia, ĉu       Ĉu X estis la filo de Y?   jes
  lia           Kiu estis la filo de Y?    right unless answered by X ("lia" is another's)
  lia, converse Kiu estis la patro de X?   right unless answered by Y

and from every "Z … lian filon X" where "lia" stands for Z, named before it in its sentence
("Z kaj lia filo X", "Y renkontis Z kaj lian filon X": ``kin.possessive_referent``,
whose reading these ways take as given) two:

  lia, referent            Kiu estis la filo de Z?   answered by X
  lia, referent, converse  Kiu estis la patro de X?  answered by Z

and prints, for each way, the share answered right (the answer holds the expected name's
term), the share whose sentence the expert read (among the top ``EVIDENCE_DEPTH``) and how many
confident answers (≥ 0.5) were right. A parent's noun is asked as ``patro`` (the sentence does
not say whether Y is the father or the mother); a direct question may have other right
answers the sentence does not give (Y's other sons), so its figure is a floor; and many
names are borne by several people (the Bible has a dozen Jonatans), so an answer about
another of them counts as wrong in every way: of 25 wrong answers to `converse` questions
read at stop 51, most were such. By default
only the tuning and held-out documents' sentences are asked (``klareco.training.split``),
which no model was trained on. Needs a built corpus (`klareco build`).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from tqdm import tqdm

from klareco.engine import Engine
from klareco.experts.factoid import EVIDENCE_DEPTH
from klareco.experts.factoid.kin import named_noun, possessive_referent, possessive_subject
from klareco.lexicon.semantics import BIRTH_ROOTS, KIN_CONVERSES
from klareco.parse.ast import Sentence, Word
from klareco.training.split import held_out_documents, tuning_documents

# How a question says each kin noun, and the noun that asks for its converse.
NOUN = {"fil": "filo", "filin": "filino", "patr": "patro", "patrin": "patrino",
        "edz": "edzo", "edzin": "edzino", "frat": "frato", "fratin": "fratino",
        "av": "avo", "avin": "avino", "nep": "nepo", "nepin": "nepino"}
ASKED_BY = {"fil": "patr", "filin": "patr", "patr": "fil", "patrin": "fil", "edz": "edzin",
            "edzin": "edz", "frat": "frat", "fratin": "frat", "av": "nep", "avin": "nep",
            "nep": "av", "nepin": "av"}
WAYS = ("converse", "named", "direct", "kies", "kies, converse", "birth", "birth, child",
        "sia", "sia, converse", "sia, ĉu", "lia", "lia, converse", "lia, referent",
        "lia, referent, converse")
CHUNK = 4000


@dataclass(frozen=True)
class KinQuestion:
    way: str
    text: str
    answer_terms: tuple[str, ...]
    position: int  # the sentence it was made from
    denied: bool = False  # right unless the answer holds ``answer_terms`` (another's kin)


def _said(word: Word) -> str:
    """A name as a question's nominative says it."""
    return word.lemma if word.feat("Case") == "Acc" else word.form


def _one_word_name(words: tuple[Word, ...], i: int) -> bool:
    return words[i].is_name and not (i > 0 and words[i - 1].is_name) and \
        not (i + 1 < len(words) and words[i + 1].is_name)


def _kin_named(sentence: Sentence) -> Iterator[tuple[int, int]]:
    """Each name of one word the sentence gives to a kin noun, with that noun."""
    words = sentence.words
    for i in range(len(words)):
        if not _one_word_name(words, i):
            continue
        noun = named_noun(sentence, i)
        if noun is not None and words[noun].terms and words[noun].terms[-1] in KIN_CONVERSES:
            yield i, noun


def questions_of(sentence: Sentence, position: int) -> list[KinQuestion]:
    """The five questions of each "X, la N de Y" of the sentence."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words):
        return []
    made = []
    for i, noun in _kin_named(sentence):
        stem = words[noun].terms[-1]
        owners = [k for k in range(len(words)) if heads[k] - 1 == noun and
                  relations[k] == "nmod" and words[k].is_name]
        if len(owners) != 1 or not _one_word_name(words, owners[0]):
            continue
        person, kin = words[i], words[owners[0]]
        asked = NOUN[ASKED_BY[stem]]
        made += [
            KinQuestion("converse", f"Kiu estis la {asked} de {_said(person)}?", kin.terms,
                        position),
            KinQuestion("named", f"Kiel nomiĝis la {asked} de {_said(person)}?", kin.terms,
                        position),
            KinQuestion("direct", f"Kiu estis la {NOUN[stem]} de {_said(kin)}?", person.terms,
                        position),
            KinQuestion("kies", f"Kies {NOUN[stem]} estis {_said(person)}?", kin.terms,
                        position),
            KinQuestion("kies, converse", f"Kies {asked} estis {_said(kin)}?", person.terms,
                        position)]
    return made


def birth_questions_of(sentence: Sentence, position: int) -> list[KinQuestion]:
    """Two questions of each "Y naskigis X" or "Y naskis X" of the sentence (names of one
    word, the object's names each): who X's parent was (``patro`` for naskigi, the father,
    ``patrino`` for naski) and who Y's child was (its figure a floor, as for ``direct``)."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words):
        return []
    made = []
    for verb, word in enumerate(words):
        if word.xpos != "VERB" or BIRTH_ROOTS.isdisjoint(word.roots) or "iĝ" in word.suffixes:
            continue
        below = [(c, relations[c]) for c in range(len(words)) if heads[c] - 1 == verb]
        parents = [c for c, r in below if r == "nsubj" and _one_word_name(words, c)]
        children = [c for c, r in below if r == "obj" and _one_word_name(words, c)]
        if len(parents) != 1:
            continue
        parent = words[parents[0]]
        asked = "patro" if "ig" in word.suffixes else "patrino"
        for child in (words[c] for c in children):
            made += [
                KinQuestion("birth", f"Kiu estis la {asked} de {_said(child)}?", parent.terms,
                            position),
                KinQuestion("birth, child", f"Kiu estis la filo de {_said(parent)}?",
                            child.terms, position)]
    return made


def possessive_questions_of(sentence: Sentence, position: int) -> list[KinQuestion]:
    """Questions of each kin noun with "sia" or "lia"/"ŝia" that names someone ("Zorbo
    vokis sian filon Petro"), about its clause's subject of one named word: whose kin it is
    by the possessive ("sia": Zorbo's son, asked three ways; "lia": not Zorbo's, two); and
    about the one named word a "lia" stands for (``possessive_referent``: "Zorbo kaj lia
    filo Petro", two ways)."""
    words = sentence.words
    made = []
    for i, noun in _kin_named(sentence):
        stem, person = words[noun].terms[-1], words[i]
        referent = possessive_referent(sentence, noun)
        if len(referent) == 1 and _one_word_name(words, referent[0]):
            kin = words[referent[0]]
            made += [
                KinQuestion("lia, referent", f"Kiu estis la {NOUN[stem]} de {_said(kin)}?",
                            person.terms, position),
                KinQuestion("lia, referent, converse",
                            f"Kiu estis la {NOUN[ASKED_BY[stem]]} de {_said(person)}?",
                            kin.terms, position)]
        found = possessive_subject(sentence, noun)
        if found is None or len(found[1]) != 1 or not _one_word_name(words, found[1][0]):
            continue
        reflexive, (owner,) = found
        kin = words[owner]
        text = f"Kiu estis la {NOUN[stem]} de {_said(kin)}?"
        converse = f"Kiu estis la {NOUN[ASKED_BY[stem]]} de {_said(person)}?"
        if not reflexive:
            made += [KinQuestion("lia", text, person.terms, position, denied=True),
                     KinQuestion("lia, converse", converse, kin.terms, position, denied=True)]
            continue
        made += [
            KinQuestion("sia", text, person.terms, position),
            KinQuestion("sia, converse", converse, kin.terms, position),
            KinQuestion("sia, ĉu", f"Ĉu {_said(person)} estis la {NOUN[stem]} de "
                        f"{_said(kin)}?", ("jes",), position)]
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all-documents", action="store_true",
                        help="ask every document's sentences, the training ones too")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    engine = Engine.load()
    store = engine.store
    documents = set(engine.documents) if args.all_documents else \
        held_out_documents(engine.documents) | tuning_documents(engine.documents)
    positions = [n for n, row in enumerate(store.sentences()) if row.doc_id in documents]
    made: list[KinQuestion] = []
    for start in tqdm(range(0, len(positions), CHUNK), desc="reading sentences", unit="chunk"):
        chunk = positions[start:start + CHUNK]
        for position, sentence in zip(chunk, store.asts_at(chunk), strict=True):
            made += questions_of(sentence, position) + birth_questions_of(sentence, position) \
                + possessive_questions_of(sentence, position)
    counts: Counter[tuple[str, str]] = Counter()
    for question in tqdm(made, desc="asking", unit="q"):
        response = engine.ask(question.text)
        said = not response.abstained and any(
            term in response.text.lower() for term in question.answer_terms)
        right = said != question.denied
        read = (response.reading or response.hits)[:EVIDENCE_DEPTH]
        counts[question.way, "n"] += 1
        counts[question.way, "right"] += right
        counts[question.way, "read"] += any(h.position == question.position for h in read)
        if not response.abstained and response.confidence >= 0.5:
            counts[question.way, "confident"] += 1
            counts[question.way, "confident_right"] += right
    figures = {way: {"questions": counts[way, "n"],
                     "right": round(counts[way, "right"] / max(1, counts[way, "n"]), 4),
                     "read": round(counts[way, "read"] / max(1, counts[way, "n"]), 4),
                     "confident": counts[way, "confident"],
                     "confident_right": counts[way, "confident_right"]} for way in WAYS}
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return
    width = max(map(len, WAYS))
    print(f"{'way':<{width}} questions  right   read    confident right")
    for way, row in figures.items():
        print(f"{way:<{width}} {row['questions']:>9}  {row['right']:.3f}  {row['read']:.3f}  "
              f"{row['confident_right']} of {row['confident']}")


if __name__ == "__main__":
    main()
