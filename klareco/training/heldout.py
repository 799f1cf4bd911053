"""Questions generated from held-out documents, and how the engine answers them.

The development set is small and was read while the answer rules were written, so a figure on
it flatters the engine. Questions generated from whole documents kept out of training
(``held_out_documents``) measure what it does on text it has not been fitted to, in any number
and for every form of question. Answerable questions come from the generator
(``klareco.training.questions``); unanswerable ones swap the question's name for another name
of the corpus, kept only when no corpus sentence holds both that name and the question's verb.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from tqdm import tqdm

from klareco.engine import Engine, Response
from klareco.errors import EmptyInputError
from klareco.parse import parse
from klareco.parse.ast import name_term
from klareco.training.confidence import NAME_SAMPLE, is_right, swap_name, swappable_names
from klareco.training.encoder import trained_positions
from klareco.training.questions import GeneratedQuestion, answerable_questions

HELD_OUT_SHARE = 0.2  # of the documents
UNANSWERABLE_SHARE = 0.5  # of the questions that name someone
CONFIDENT = 0.5  # "confident" answers, as the judge counts them


def held_out_documents(doc_ids: Iterable[str], share: float = HELD_OUT_SHARE) -> set[str]:
    """The documents kept out of training and fitting: chosen by a hash of their id, so each
    document's side never moves when others are added."""
    def bucket(doc_id: str) -> int:
        return int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:8], 16) % 1000

    return {d for d in doc_ids if bucket(d) < share * 1000}


@dataclass(frozen=True)
class HeldOutItem:
    """A generated question, whether the corpus answers it, and its form (``kiun``, ``ĉu`` …;
    ``unanswerable`` for the swapped ones)."""

    generated: GeneratedQuestion
    text: str
    answerable: bool
    form: str


def held_out_items(engine: Engine, count: int, seed: int, exclude: Iterable[str] = (),
                   progress: bool = True) -> list[HeldOutItem]:
    """``count`` questions from sentences of held-out documents that the encoder was not
    trained on and that hold no ``exclude`` text (the gold evidence)."""
    store = engine.store
    index = engine.searcher.index
    held_out = held_out_documents(engine.documents)
    trained = trained_positions(store, engine.encoder_metadata)
    pool = [n for n, s in enumerate(store.sentences())
            if s.doc_id in held_out and n not in trained]
    rng = random.Random(seed)
    rng.shuffle(pool)
    names = sorted(swappable_names(store.asts_at(pool[:NAME_SAMPLE])))
    items: list[HeldOutItem] = []
    bar = tqdm(total=count, desc="held-out questions", unit="q", disable=not progress)
    for generated in answerable_questions(store, pool, rng, exclude):
        if len(items) >= count:
            break
        item = HeldOutItem(generated, generated.text, True, generated.form)
        if rng.random() < UNANSWERABLE_SHARE:
            swapped = swap_name(generated.text, names, rng)
            if swapped is not None and not _supported(index, swapped[0], swapped[1]):
                item = HeldOutItem(generated, swapped[0], False, "unanswerable")
        items.append(item)
        bar.update()
    bar.close()
    return items


def _supported(index: Any, question: str, name: str) -> bool:
    """Whether some sentence holds both the swapped-in name and the question's verb: then the
    swapped question may have an answer after all."""
    try:
        verb = parse(question).verb
    except EmptyInputError:
        return True
    with_name = index.postings(name_term(name))
    terms = verb.terms if verb is not None else ()
    return any(len(np.intersect1d(with_name, index.postings(t))) for t in terms) or not terms


@dataclass(frozen=True)
class Judged:
    item: HeldOutItem
    response: Response
    right: bool


def judge(engine: Engine, items: Sequence[HeldOutItem], progress: bool = True) -> list[Judged]:
    """Each question asked through the engine: an answerable one is right when the answer holds
    what it asks for (``is_right``), an unanswerable one when the engine abstains."""
    judged = []
    for item in tqdm(items, desc="ask", unit="q", disable=not progress):
        response = engine.ask(item.text)
        if item.answerable:
            right = not response.abstained and is_right(item.generated, response.text)
        else:
            right = response.abstained
        judged.append(Judged(item, response, right))
    return judged


def report(judged: Sequence[Judged]) -> dict[str, Any]:
    """The figures ``klareco eval`` gives the dev set, and answer accuracy per question form."""
    answerable = [j for j in judged if j.item.answerable]
    unanswerable = [j for j in judged if not j.item.answerable]
    confident = [j for j in judged if not j.response.abstained
                 and j.response.confidence >= CONFIDENT]
    by_form: dict[str, list[Judged]] = defaultdict(list)
    for j in judged:
        by_form[j.item.form].append(j)

    def share(part: Sequence[Judged], test: Any = lambda j: j.right) -> float | None:
        return round(sum(map(test, part)) / len(part), 4) if part else None

    forms = Counter({form: len(found) for form, found in by_form.items()})
    return {
        "n": len(judged),
        "answerable": len(answerable),
        "answer_accuracy": share(answerable),
        "abstain_accuracy": share(unanswerable),
        "false_abstain_rate": share(answerable, lambda j: j.response.abstained),
        "confident": len(confident),
        "confident_right": share(confident),
        "by_form": {form: {"n": n, "accuracy": share(by_form[form])}
                    for form, n in forms.most_common()},
    }
