"""Questions generated from held-out documents, and how the engine answers them.

The development set is small and was read while the answer rules were written, so a figure on
it flatters the engine. Questions generated from whole documents kept out of training
(``held_out_documents``) measure what it does on text it has not been fitted to, in any number
and for every form of question. Answerable questions come from the generator
(``klareco.training.questions``); unanswerable ones swap the question's name for another name
of the corpus, kept only when no corpus sentence holds both that name and the question's verb,
ask the name of someone the corpus tells of by a noun of another and never names
(``reader.unnamed_of``), or ask when, where or why of what the corpus tells without it
(``reader.ask_unstated``).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from itertools import chain, islice
from pathlib import Path
from typing import Any

from tqdm import tqdm

from klareco.corpus.store import Store
from klareco.engine import Engine, Response
from klareco.evaluation.harness import MRR_DEPTH, first_hit_rank
from klareco.training.questions import (
    Asker,
    GeneratedQuestion,
    answerable_questions,
    generate,
    with_other_owner,
)
from klareco.training.reader import (
    MAX_PASSES,
    NAME_SAMPLE,
    PHRASE_ADD_SHARE,
    UNSTATED_SHARE,
    add_phrase,
    adjunct_phrases,
    ask_unstated,
    finite_verbs,
    is_right,
    named_elsewhere,
    pool_of,
    supported,
    swap_name,
    swap_verb,
    swappable_names,
    unnamed_of,
)
from klareco.training.split import held_out_documents

UNANSWERABLE_SHARE = 0.5  # of the questions that name someone
CONFIDENT = 0.5  # "confident" answers, as the judge counts them


@dataclass(frozen=True)
class HeldOutItem:
    """A generated question, whether the corpus answers it, and its form (``kiun``, ``ĉu`` …;
    ``unanswerable`` for the swapped ones)."""

    generated: GeneratedQuestion
    text: str
    answerable: bool
    form: str


def held_out_items(engine: Engine, count: int, seed: int, exclude: Iterable[str] = (),
                   progress: bool = True, ask: Asker = generate) -> list[HeldOutItem]:
    """``count`` questions from sentences of held-out documents that the encoder was not
    trained on and that hold no ``exclude`` text (the gold evidence), made by ``ask`` (the
    generator, or one kind of question only: ``questions.ASKERS``)."""
    store = engine.store
    index, kinds = engine.searcher.index, engine.searcher.kinds
    rng = random.Random(seed)
    pool = pool_of(engine, held_out_documents(engine.documents), rng)
    sample = store.asts_at(pool[:NAME_SAMPLE])
    names = sorted(swappable_names(sample))
    phrases = adjunct_phrases(sample)
    items: list[HeldOutItem] = []
    bar = tqdm(total=count, desc="held-out questions", unit="q", disable=not progress)
    # the held-out documents hold fewer askable sentences than some counts need: a second
    # pass asks about the same sentences again, mostly with other words or another role
    # too vague a question has no one answer to judge (``MIN_SAID_WORDS``)
    passes = chain.from_iterable(answerable_questions(store, pool, rng, exclude,
                                                      vague_kept=False, ask=ask)
                                 for _ in range(MAX_PASSES))
    for generated in passes:
        if len(items) >= count:
            break
        item = HeldOutItem(generated, generated.text, True, generated.form)
        owned = with_other_owner(generated, rng) if generated.other_names else None
        if owned is not None and rng.random() < UNANSWERABLE_SHARE:
            if not named_elsewhere(index, owned):
                item = HeldOutItem(generated, owned, False, "unanswerable")
        elif rng.random() < UNANSWERABLE_SHARE:
            swapped = swap_name(generated.text, names, rng, generated.work)
            if swapped is not None and not supported(index, *swapped):
                item = HeldOutItem(generated, swapped[0], False, "unanswerable")
        elif (unnamed := unnamed_of(store, index, generated, rng)) is not None:
            item = HeldOutItem(generated, unnamed, False, "unanswerable")
        elif rng.random() < UNSTATED_SHARE and (unstated := ask_unstated(
                generated.text, generated.form, index, kinds, rng, generated.work)):
            item = HeldOutItem(generated, unstated, False, "unanswerable")
        elif generated.yes_no and rng.random() < PHRASE_ADD_SHARE:
            added = add_phrase(generated.text, generated.sentence, phrases, rng,
                               generated.work)
            if added is not None:
                item = HeldOutItem(generated, added, False, "unanswerable")
        items.append(item)
        bar.update()
    bar.close()
    return items


def verb_swapped_items(engine: Engine, items: Sequence[HeldOutItem], seed: int,
                       sample: int = NAME_SAMPLE) -> list[HeldOutItem]:
    """Each answerable question of ``items`` with its verb swapped for another of the same
    tense, as the ranker's training makes some of its unanswerable ones (``reader.swap_verb``:
    "Kiun mortigis Kain?" → "Kiun konstruis Kain?"), marked unanswerable: how often the engine
    withholds an answer about something the corpus does not tell the person did. The verbs
    are those of ``sample`` sentences of the held-out documents."""
    rng = random.Random(seed)
    documents = held_out_documents(engine.documents)
    positions = [n for n, row in enumerate(engine.store.sentences()) if row.doc_id in documents]
    rng.shuffle(positions)
    verbs = finite_verbs(engine.store.asts_at(positions[:sample]))
    swapped = []
    for item in items:
        if not item.answerable:
            continue
        other = swap_verb(item.text, verbs, rng)
        if other is not None:
            swapped.append(replace(item, text=other, answerable=False, form="unanswerable"))
    return swapped


# A pronoun of one person whose antecedent the sentence before may name: li, ŝi (and their
# accusatives). People ask by the name; the corpus often refers back by the pronoun.
_ANTECEDENT_PRONOUNS = {"li": False, "ŝi": False, "lin": True, "ŝin": True}
_PRONOUN_RE = re.compile(r"\b(?:li|ŝi|lin|ŝin)\b", re.IGNORECASE)


def antecedent_items(engine: Engine, count: int, seed: int, exclude: Iterable[str] = (),
                     progress: bool = True) -> list[HeldOutItem]:
    """Up to ``count`` questions that need two sentences: made from held-out sentences like
    ``held_out_items``, keeping only those whose question holds one "li" or "ŝi", which is
    replaced by the one name the sentence before holds (and the sentence itself does not)."""
    store = engine.store
    rng = random.Random(seed)
    pool = pool_of(engine, held_out_documents(engine.documents), rng)
    rows = list(store.sentences())
    position_of = {row.sentence_id: n for n, row in enumerate(rows)}
    items: list[HeldOutItem] = []
    bar = tqdm(total=count, desc="questions across two sentences", unit="q",
               disable=not progress)
    # all questions are kept here: the pronoun's antecedent makes them name someone
    for generated in answerable_questions(store, pool, rng, exclude, nameless_kept=1.0):
        if len(items) >= count:
            break
        position = position_of[generated.sentence_id]
        if position == 0 or rows[position - 1].doc_id != rows[position].doc_id:
            continue
        before, own = store.asts_at([position - 1, position])
        names = {w.stem for w in before.words if w.is_name and w.index_terms}
        if len(names) != 1 or before.name_terms & own.name_terms:
            continue
        text = with_antecedent(generated.text, names.pop())
        if text is None:
            continue
        items.append(HeldOutItem(replace(generated, text=text), text, True, generated.form))
        bar.update()
    bar.close()
    return items


def write_items(path: Path, items: Sequence[HeldOutItem]) -> None:
    """The questions as JSON lines, to measure two versions of the engine on the same ones."""
    path.write_text("".join(json.dumps(asdict(i), ensure_ascii=False) + "\n" for i in items),
                    encoding="utf-8")


def read_items(path: Path) -> list[HeldOutItem]:
    """The questions ``write_items`` wrote."""
    items = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        generated = data.pop("generated")
        generated["answers"] = tuple(generated["answers"])
        items.append(HeldOutItem(GeneratedQuestion(**generated), **data))
    return items


def with_antecedent(question: str, name: str) -> str | None:
    """``question`` with its one "li"/"ŝi" ("lin"/"ŝin") replaced by ``name`` in the same case;
    None when it holds none or more than one."""
    pronouns = list(_PRONOUN_RE.finditer(question))
    if len(pronouns) != 1:
        return None
    found = pronouns[0]
    if _ANTECEDENT_PRONOUNS[found.group(0).lower()]:  # the accusative: Bertilon, Klaran
        name += "n" if name[-1] in "aeiou" else "on"
    return question[:found.start()] + name + question[found.end():]


def generated_gold(store: Store, documents: set[str], count: int, seed: int,
                   exclude: Iterable[str] = ()) -> list[dict[str, Any]]:
    """``count`` answerable questions generated from ``documents``' sentences (that hold no
    ``exclude`` text), as gold items: what the encoder's epoch and fusion rule are chosen on."""
    rng = random.Random(seed)
    pool = [n for n, s in enumerate(store.sentences()) if s.doc_id in documents]
    rng.shuffle(pool)
    made = islice(answerable_questions(store, pool, rng, exclude), count)
    return as_gold([HeldOutItem(g, g.text, True, g.form) for g in made])


def as_gold(items: Sequence[HeldOutItem]) -> list[dict[str, Any]]:
    """The questions in the dev set's form (``../shared/eval/README.md``), so that retrieval is
    judged on them by the same rules: the evidence is the sentence each was made from."""
    gold = []
    for n, item in enumerate(items):
        if item.answerable and not item.generated.sentence:
            raise ValueError("these generated questions do not record their sentence: make "
                             "them again")
        gold.append({"id": f"generated-{n}", "question": item.text,
                     "answers": list(item.generated.answers) if item.answerable else [],
                     "evidence": [item.generated.sentence] if item.answerable else [],
                     "type": item.form, "difficulty": "generated"})
    return gold


@dataclass(frozen=True)
class Judged:
    item: HeldOutItem
    response: Response
    right: bool
    candidate_right: bool  # the expert's best candidate is right, withheld or not


def judge(engine: Engine, items: Sequence[HeldOutItem], progress: bool = True) -> list[Judged]:
    """Each question asked through the engine: an answerable one is right when the answer holds
    what it asks for (``is_right``), an unanswerable one when the engine abstains."""
    judged = []
    for item in tqdm(items, desc="ask", unit="q", disable=not progress):
        response = engine.ask(item.text)
        candidate = (response.trace.get("expert") or {}).get("candidate")
        candidate_right = bool(item.answerable and candidate is not None
                               and is_right(item.generated, candidate))
        if item.answerable:
            right = not response.abstained and is_right(item.generated, response.text)
        else:
            right = response.abstained
        judged.append(Judged(item, response, right, candidate_right))
    return judged


def _reciprocal(hits: Sequence[Any], item: HeldOutItem) -> float:
    rank = first_hit_rank(hits[:MRR_DEPTH], [item.generated.sentence])
    return 0.0 if rank is None else 1.0 / rank


def report(judged: Sequence[Judged]) -> dict[str, Any]:
    """The figures ``klareco eval`` gives the dev set, and per question form the answer
    accuracy and the candidate accuracy (how often the expert's best candidate is right,
    whether or not the engine was confident enough to give it)."""
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
        "candidate_accuracy": share(answerable, lambda j: j.candidate_right),
        # where the source sentence stands among the ten read: in the ranking, and in the
        # order the expert read them (the evidence's order)
        "mrr@10": share(answerable, lambda j: _reciprocal(j.response.hits, j.item)),
        "read_mrr@10": share(answerable, lambda j: _reciprocal(j.response.reading, j.item)),
        "by_form": {form: {"n": n, "accuracy": share(by_form[form]),
                           "candidate_accuracy": share(by_form[form],
                                                       lambda j: j.candidate_right)
                           if form != "unanswerable" else None}
                    for form, n in forms.most_common()},
    }
