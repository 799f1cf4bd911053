"""Judging answers to generated questions, and the questions' known answers."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import numpy as np

from klareco.engine import Engine
from klareco.experts.base import Evidence
from klareco.experts.factoid import FactoidExpert
from klareco.experts.factoid.frame import read_frame
from klareco.experts.factoid.model import Ranker
from klareco.parse import parse
from klareco.parse.ast import Sentence
from klareco.retrieval.kinds import sentence_kinds
from klareco.training.questions import GeneratedQuestion, generate
from klareco.training.reader import (
    OptionReaders,
    add_phrase,
    adjunct_phrases,
    ask_unstated,
    is_right,
    named_elsewhere,
    never_named,
    states_the_answer,
    swap_name,
    swap_verb,
    written_examples,
)


def test_a_right_answer_holds_the_asked_root() -> None:
    asked = GeneratedQuestion("Kiun vidis Petro?", ("paŭl",), yes_no=False)
    assert is_right(asked, "Paŭlon")
    assert is_right(asked, "sian fraton Paŭlo")
    assert not is_right(asked, "Marko")


def test_numbers_match_as_whole_words() -> None:
    asked = GeneratedQuestion("Kiom da pomoj?", ("du",), yes_no=False, numbers=True)
    assert is_right(asked, "du pomojn")
    assert not is_right(asked, "dudek pomojn")


def test_a_list_of_names_is_right_only_whole() -> None:
    asked = GeneratedQuestion("Kiuj estis la filoj de Zorbo?", ("petr", "ana"), yes_no=False,
                              every=True)
    assert is_right(asked, "Petro kaj Ana")
    assert not is_right(asked, "Petro")


def test_yes_no_must_match() -> None:
    asked = GeneratedQuestion("Ĉu Ana dormis?", ("ne",), yes_no=True)
    assert is_right(asked, "ne") and not is_right(asked, "jes")


def test_generated_questions_know_their_answers() -> None:
    ast = parse("Kain mortigis sian fraton Habel en la kampo.")
    seen = set()
    for seed in range(60):
        made = generate(ast, random.Random(seed))
        if made is None:
            continue
        seen.add(made.yes_no)
        if made.yes_no:
            # "ne" only where another noun of the sentence took the object's place
            replaced = "kampon" in made.text
            assert made.answers == (("ne",) if replaced else ("jes",))
        else:
            # the answer is a root of the sentence, and the question does not give it away
            assert any(a in "kain mortigis sian fraton habel en la kampo" for a in made.answers)
            assert not any(a in made.text.lower() for a in made.answers)
    assert seen == {True, False}


def test_a_denied_clause_answers_ne() -> None:
    ast = parse("Ana ne dormis en la nokto.")
    answers = {made.answers for seed in range(80)
               if (made := generate(ast, random.Random(seed))) and made.yes_no}
    assert answers == {("ne",)}


def test_a_verb_swap_keeps_the_tense_and_leaves_copulas_alone() -> None:
    verbs = {"is": ["konstruis", "vidis"], "as": ["kuras"]}
    rng = random.Random(1)
    assert swap_verb("Kiun vidis Petro?", verbs, rng) == "Kiun konstruis Petro?"
    assert swap_verb("Kie loĝas Ana?", verbs, rng) == "Kie kuras Ana?"
    assert swap_verb("Kiu estas Ana?", verbs, rng) is None


def test_a_swapped_name_is_never_one_of_the_work_the_question_names() -> None:
    work = "en 'Kastelo de Verdaro'"
    text = f"Kion vidis Marko en la ĝardeno {work}?"
    for seed in range(30):
        swapped = swap_name(text, ["Ludoviko", "Klara"], random.Random(seed), work)
        assert swapped is not None
        assert swapped[0].endswith(f"{work}?") and "Marko" not in swapped[0]
    # a question that names no one but in its work's title has nothing to swap
    assert swap_name(f"Kion vidis la knabo {work}?", ["Klara"], random.Random(0), work) is None


def test_an_added_phrase_is_one_the_source_lacks_and_stands_before_the_work() -> None:
    phrases = adjunct_phrases([parse("En la arbaro la knaboj kantis post la tagmanĝo."),
                               parse("Ŝi skribis per krajono, kaj li legis la leteron.")])
    assert phrases == ["en la arbaro", "post la tagmanĝo", "per krajono"]
    source = "Marko vendis la ĉevalon en la arbaro."
    for seed in range(20):
        added = add_phrase("Ĉu Marko vendis la ĉevalon?", source, phrases, random.Random(seed))
        # never the source's own phrase: with it the clause would still be supported
        assert added in (None, "Ĉu Marko vendis la ĉevalon post la tagmanĝo?",
                         "Ĉu Marko vendis la ĉevalon per krajono?")
    work = "en 'Kastelo de Verdaro'"
    added = add_phrase(f"Ĉu Marko vendis la ĉevalon {work}?", "Marko vendis la ĉevalon.",
                       ["per krajono"], random.Random(0), work)
    assert added == f"Ĉu Marko vendis la ĉevalon per krajono {work}?"


def test_another_sentence_saying_the_same_of_the_same_answers_too() -> None:
    texts = ("Petro vidis la hundon.", "En la ĝardeno Petro vidis la katon.",
             "Paŭlo vidis la birdon.", "Petro aĉetis la panon.", "La katon vidis Petro.")
    evidence = [Evidence(text, parse(text), n, 1.0) for n, text in enumerate(texts, 1)]
    question = parse("Kiun vidis Petro?")
    options = FactoidExpert(Ranker({})).options(question, evidence)
    role = read_frame(question).role
    answering = {o.text for o in options[1:] if o.candidate is not None
                 and states_the_answer(role, o.candidate.slot, o.features)}
    # the same verb, Petro its subject, the candidate its object: an answer, in any word
    # order; someone else's seeing, Petro's buying, Petro himself are not
    assert answering == {"la hundon", "la katon", "La katon"}


class _Postings:
    """An index of sentences by position: each term's postings."""

    def __init__(self, sentences: list[set[str]]) -> None:
        self.sentences = sentences

    def postings(self, term: str) -> np.ndarray:
        return np.array([n for n, terms in enumerate(self.sentences) if term in terms])


def test_a_question_by_another_owner_is_unanswerable_only_where_one_sentence_has_both() -> None:
    question = "Kiel nomiĝis la filo de Zorbo?"
    # the question's own sentence holds the noun and the owner: one sentence is no answer
    alone = _Postings([{"fil", "zorb", "petr"}, {"fil", "bertil"}, {"zorb"}])
    assert not named_elsewhere(alone, question)
    # a second sentence with both may give the name
    assert named_elsewhere(_Postings([{"fil", "zorb"}, {"zorb", "fil", "mir"}]), question)
    # a question that asks no name by a noun is never called unanswerable so
    assert named_elsewhere(alone, "Kiun vidis Zorbo?")


class _Sentences:
    """A corpus of parsed sentences, indexed by their terms."""

    def __init__(self, texts: list[str]) -> None:
        self.asts = [parse(text) for text in texts]

    def postings(self, term: str) -> np.ndarray:
        return np.array([n for n, ast in enumerate(self.asts)
                         if term in {t for w in ast.words for t in w.terms}], dtype=np.int64)

    def asts_at(self, positions: list[int]) -> list[Sentence]:
        return [self.asts[p] for p in positions]


def test_someone_told_of_by_a_noun_of_another_is_unnamed_unless_a_sentence_names_them() -> None:
    question = "Kiel nomiĝis la edzino de Zorbo?"
    told = ["Kaj la edzino de Zorbo rigardis malantaŭen.", "Zorbo iris al la urbo."]
    corpus = _Sentences(told)
    assert never_named(corpus, corpus, question)
    corpus = _Sentences([*told, "Kaj Mirela, la edzino de Zorbo, kantis."])
    assert not never_named(corpus, corpus, question)
    # the converse names a parent: "Bertilo, la filo de Zorbo" says whose father Zorbo is
    corpus = _Sentences(["Kaj Bertilo, la filo de Zorbo, kantis."])
    assert not never_named(corpus, corpus, "Kiel nomiĝis la patro de Bertilo?")
    # a question that asks no name by a noun is never called unanswerable so
    assert not never_named(corpus, corpus, "Kiun vidis Zorbo?")


def test_options_read_in_worker_processes_come_back_the_same_and_in_order(
        fixture_home: Path) -> None:
    # make_examples makes its questions here and has them read elsewhere: any number of
    # workers gives the same training data, so a seed still makes the same ranker
    engine = Engine.load(fixture_home, retriever="bm25", threshold=0.0)
    questions = ["Kiu estas Petro?", "Kun kiu parolis Tobio?", "Kiu diris?",
                 "Kiel estis la ĉielo en la unua tago?", "Kiu estas Petro?"]
    with OptionReaders(engine, 10, None, 1) as read:
        alone = read(questions)()
    load = partial(Engine.load, fixture_home, retriever="bm25", threshold=0.0)
    with OptionReaders(engine, 10, load, 2) as read:
        shared = read(questions)()
    assert sum(found is not None for found in alone) >= 3
    assert shared == alone


def test_a_written_question_is_labelled_by_the_judge_against_its_answers(
        fixture_home: Path) -> None:
    engine = Engine.load(fixture_home, retriever="bm25", threshold=0.0)
    items = [{"question": "Kun kiu parolis Tobio?", "answers": ["Elio"]},
             {"question": "Kun kiu parolis Tobio?", "answers": ["Zorbo"]},
             {"question": "Kun kiu kantis Tobio?", "answers": []}]
    right, wrong, unanswerable = written_examples(engine, items)
    assert right.answerable and unanswerable.form == "unanswerable"
    assert right.example.right and all("Elio" in right.answers[k] for k in right.example.right)
    # no option is right: then "no answer" is, as for the unanswerable question
    assert wrong.example.right == [] and unanswerable.example.right == []
    assert wrong.answers == right.answers


def _corpus(*texts: str) -> tuple[_Postings, np.ndarray]:
    """Made-up sentences as an index of their terms and their answer kinds, by position."""
    parsed = [parse(text) for text in texts]
    return (_Postings([{t for w in p.words for t in w.terms} for p in parsed]),
            np.array([sentence_kinds(p) for p in parsed], dtype=np.int64))


def test_a_circumstance_the_corpus_does_not_tell_is_asked_as_unanswerable() -> None:
    rng = random.Random(1)
    # the work tells that Zorbo died, never when, where or why
    index, kinds = _corpus("Zorbo mortis.", "La hundo dormis sur la tapiŝo.")
    asked = ask_unstated("Ĉu Zorbo mortis?", "ĉu", index, kinds, rng)
    assert asked in {"Kiam Zorbo mortis?", "Kie Zorbo mortis?", "Kial Zorbo mortis?"}
    # a question about what he did becomes one about when, where or why he did it
    asked = ask_unstated("Kion manĝis Zorbo?", "kion", index, kinds, rng)
    assert asked is not None and asked.split()[0] in {"Kiam", "Kie", "Kial"}


def test_a_circumstance_told_in_the_sentence_or_the_next_ones_is_not_asked() -> None:
    # when and where are told, in the sentence and in the one after it by "li"; only why is not
    index, kinds = _corpus("Zorbo mortis en la urbo.", "Li mortis en la jaro 1850.")
    for seed in range(6):
        assert ask_unstated("Ĉu Zorbo mortis?", "ĉu", index, kinds,
                            random.Random(seed)) == "Kial Zorbo mortis?"
    # all three told: nothing to ask
    index, kinds = _corpus("Zorbo mortis en la urbo.", "Li mortis, ĉar li estis malsana.",
                           "Tio estis en la jaro 1850, kiam li mortis.")
    assert ask_unstated("Ĉu Zorbo mortis?", "ĉu", index, kinds, random.Random(0)) is None


def test_an_unstated_circumstance_needs_a_name_a_verb_and_a_form_it_can_turn() -> None:
    index, kinds = _corpus("Zorbo mortis.", "La hundo dormis.")
    rng = random.Random(0)
    assert ask_unstated("Ĉu la hundo dormis?", "ĉu", index, kinds, rng) is None  # no name
    assert ask_unstated("Ĉu Zorbo estis maljuna?", "ĉu", index, kinds, rng) is None  # copula
    assert ask_unstated("Kies filo mortis?", "kies", index, kinds, rng) is None
    # the question tells when itself
    assert ask_unstated("Ĉu Zorbo mortis post la milito?", "ĉu", index, kinds,
                        rng) in {"Kial Zorbo mortis post la milito?", None}
    # a name in the work the question mentions says whose book it is, not whom it asks about
    assert ask_unstated("Ĉu la hundo dormis en 'Zorbo'?", "ĉu", index, kinds, rng,
                        "'Zorbo'") is None
