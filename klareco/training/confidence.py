"""Fitting the factoid expert's confidence model on questions generated from the corpus.

Answerable examples: a question made from a corpus sentence (``klareco.training.questions``)
whose answer is known — the head of the phrase it asks for, or jes/ne. Unanswerable examples:
the same kind of question with one of its names swapped for another name of the corpus
("Kiun mortigis Kain?" → "Kiun mortigis Ezaŭ?"), the commonest way a plausible question
has no answer in the corpus, or with its verb swapped ("Kiun konstruis Kain?"): someone the
corpus knows, doing what it does not tell. Each example is asked through the engine; the
expert's best answer and its features are kept, labelled 1 when the answer is right and 0
when it is wrong or the question has no answer. Only sentences the encoder was not trained
on are used, and none that holds a gold item's evidence.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from klareco.engine import Engine
from klareco.errors import EmptyInputError
from klareco.experts.calibration import Calibrator, auc, fit, log_loss
from klareco.experts.factoid import FEATURES, FactoidExpert
from klareco.parse import parse
from klareco.parse.ast import Sentence
from klareco.text import normalize_for_judging
from klareco.training.encoder import trained_positions
from klareco.training.questions import GeneratedQuestion, answerable_questions

SWAP_SHARE = 0.5  # of the questions naming someone, made unanswerable by swapping the name
VERB_SWAP_SHARE = 0.2  # of the others, made unanswerable by swapping the verb
HELD_OUT_SHARE = 0.2  # of the examples, kept out of the fit to measure it
L2 = 10.0  # weight penalty: generated questions are not people's, so weights stay modest
NAME_SAMPLE = 20_000  # sentences whose names are swapped in
MIN_NAME_COUNT = 3  # names seen fewer times there are not
MIN_KEYWORDS = 2  # "Kiu diris?" has no one answer: a person asks about something


@dataclass(frozen=True)
class Example:
    question: str
    answerable: bool
    answer: str
    features: dict[str, float]
    correct: bool


def is_right(generated: GeneratedQuestion, answer: str) -> bool:
    """Whether an answer to a generated question is right: jes/ne as made; else it holds
    the asked head's root (``habel`` in ``Habelon``, ``bon`` in ``malbonon``), or, for
    numerals, each numeral as a whole word."""
    given = normalize_for_judging(answer)
    if generated.yes_no:
        return given == generated.answers[0]
    if generated.numbers:
        return all(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", given) for n in generated.answers)
    return any(normalize_for_judging(stem) in given for stem in generated.answers)


def corpus_names(sentences: Iterable[Sentence]) -> Counter[str]:
    found: Counter[str] = Counter()
    for sentence in sentences:
        for word in sentence.words:
            lemma = word.lemma
            if word.proper and lemma[:1].isupper() and len(lemma) > 2 and " " not in lemma:
                found[lemma] += 1
    return found


def swappable_names(sentences: Iterable[Sentence]) -> list[str]:
    """The names seen at least ``MIN_NAME_COUNT`` times, in the order first seen: what a
    question's name is swapped for to make it unanswerable."""
    return [name for name, n in corpus_names(sentences).items() if n >= MIN_NAME_COUNT]


def finite_verbs(sentences: Iterable[Sentence]) -> dict[str, list[str]]:
    """Finite verb forms seen at least ``MIN_NAME_COUNT`` times, by their tense ending."""
    found: Counter[str] = Counter()
    for sentence in sentences:
        for word in sentence.words:
            if word.pos == "VERB" and word.feat("Mood") == "Ind" and word.roots and \
                    word.form.islower():
                found[word.form] += 1
    by_ending: dict[str, list[str]] = {}
    for form, n in sorted(found.items()):
        if n >= MIN_NAME_COUNT:
            by_ending.setdefault(form[-2:], []).append(form)
    return by_ending


def swap_verb(text: str, verbs: dict[str, list[str]], rng: random.Random) -> str | None:
    """The question with its finite verb replaced by another of the same tense: who or what
    it asks about is still in the corpus, what they did mostly is not ("Kiun mortigis
    Kain?" → "Kiun konstruis Kain?")."""
    try:
        word = parse(text).verb
    except EmptyInputError:
        return None
    if word is None or not word.roots or word.is_copula:
        return None
    choices = [f for f in verbs.get(word.form[-2:], []) if f != word.form.lower()]
    if not choices:
        return None
    new = rng.choice(choices)
    if word.form[:1].isupper():
        new = new[:1].upper() + new[1:]
    return text[:word.start] + new + text[word.end:]


def swap_name(text: str, names: Sequence[str], rng: random.Random) -> tuple[str, str] | None:
    """The question with one of its names replaced by another, and the new name."""
    try:
        words = parse(text).words
    except EmptyInputError:
        return None
    own = [w for w in words if w.proper and w.lemma[:1].isupper()]
    if not own:
        return None
    word = rng.choice(own)
    new = rng.choice(names)
    if new.lower() in {w.lemma.lower() for w in own}:
        return None
    if word.case == "Acc" and word.form.endswith("n") and new.endswith("o"):
        new_form = new + "n"
    else:
        new_form = new
    return text[:word.start] + new_form + text[word.end:], new


def make_examples(engine: Engine, count: int, seed: int, exclude: Iterable[str] = (),
                  progress: bool = True) -> list[Example]:
    """``count`` examples; about half of those naming someone are unanswerable."""
    store = engine.store
    expert = FactoidExpert(Calibrator((), (), 0.0))  # features only: no model needed yet
    trained = trained_positions(store, engine.encoder_metadata)
    rng = random.Random(seed)
    pool = [p for p in range(store.count("sentences")) if p not in trained]
    rng.shuffle(pool)
    sample = store.asts_at(pool[:NAME_SAMPLE])
    names = swappable_names(sample)
    verbs = finite_verbs(sample)
    examples: list[Example] = []
    bar = tqdm(total=count, desc="calibration questions", unit="q", disable=not progress)
    for generated in answerable_questions(store, pool, rng, exclude):
        if len(examples) >= count:
            break
        question, answerable = generated.text, True
        # a question that names someone is made unanswerable by a coin: naming a person
        # must not tell the model by itself which kind a question is
        swapped = swap_name(question, names, rng) if rng.random() < SWAP_SHARE else None
        if swapped is not None:
            question, answerable = swapped[0], False
        elif rng.random() < VERB_SWAP_SHARE:
            other = swap_verb(question, verbs, rng)
            if other is not None:
                question, answerable = other, False
        found = _ask(engine, expert, question)
        if found is None:
            continue
        answer, features = found
        if not answerable and features.get("names_found") == 1.0 and features.get(
                "verb_agrees"):
            continue  # the swapped-in name or verb may well be true: not surely unanswerable
        correct = answerable and is_right(generated, answer)
        examples.append(Example(question, answerable, answer, features, correct))
        bar.update()
    bar.close()
    return examples


def _ask(engine: Engine, expert: FactoidExpert, question: str
         ) -> tuple[str, dict[str, float]] | None:
    result = engine.searcher.search(question, 100, engine.retriever)
    if not result.hits or result.ast is None or len(result.keywords) < MIN_KEYWORDS:
        return None
    found = expert.explain(result.ast, engine.expert_evidence(result))
    if found is None:
        return None
    return found[0].text, found[1]


def fit_calibrator(examples: Sequence[Example], seed: int, l2: float = L2
                   ) -> tuple[Calibrator, dict[str, Any]]:
    """Weights fitted on all but a held-out ``HELD_OUT_SHARE``, and the held-out figures."""
    order = list(range(len(examples)))
    random.Random(seed).shuffle(order)
    cut = int(len(order) * (1 - HELD_OUT_SHARE))
    train = [examples[i] for i in order[:cut]]
    test = [examples[i] for i in order[cut:]]
    calibrator = fit([e.features for e in train], [int(e.correct) for e in train], FEATURES, l2,
                     monotone=True)
    probabilities = [calibrator.probability(e.features) for e in test]
    labels = [int(e.correct) for e in test]
    report = {
        "examples": len(examples), "fitted_on": len(train), "held_out": len(test),
        "unanswerable": sum(not e.answerable for e in examples),
        "right_answers": sum(e.correct for e in examples),
        "held_out_auc": round(auc(probabilities, labels), 4),
        "held_out_log_loss": round(log_loss(probabilities, labels), 4),
        "held_out_base_rate": round(sum(labels) / len(labels), 4) if labels else None,
    }
    return Calibrator(calibrator.features, calibrator.weights, calibrator.bias,
                      {**report, "seed": seed, "l2": l2}), report
