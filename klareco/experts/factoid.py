"""The factoid expert: the phrase of an evidence sentence that fills the question's hole.

The question word marks a hole with a role (``klareco/parse/questions.py``): ``Kiun mortigis
Kain?`` asks for the object of ``mortigis`` whose subject is Kain. For each of the top
evidence sentences the expert lists the phrases that could fill that role — the sentence's
role phrases (subject, object, predicate, prepositional adjuncts by their preposition),
appositions after a matched word (``Ofelio, filino de Polonio``), names given by a naming
word or verb (``la nomon Salomono``, ``estis nomata Karen``), numeral phrases, dates
(``la 14 de aprilo de 1917``), ``kiam``/``ĉar`` clauses and the clause a ``tial`` follows
from — and scores each by

* how well its slot fits the role asked (``ROLE_SLOTS``),
* how much of the question the sentence matches (names weigh double),
* whether it stands in a clause with the question's verb, and how near the matched words,
* type hints: a person for ``kiu``, a place for ``kie``, the noun the question counts,
* the sentence's rank.

Phrases made of the question's own words are not answers. A personal pronoun is replaced by
the nearest earlier name in its sentence that the question does not mention (``... fraton
Habel kaj mortigis lin`` → ``Habel``). Yes/no questions are answered ``jes`` or ``ne`` from the
best-matching clause and its negation.

The best candidate's confidence is a probability from a logistic model
(``klareco.experts.calibration``) over its features — its score, how much of the question
its sentence matches, whether that sentence (or its context) names the question's names,
its verb, its rank, its lead over the runner-up, how many of the top sentences give the
same answer — fitted on questions generated from the corpus (``scripts/fit_confidence.py``).
The engine abstains below its threshold.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from klareco.config import shipped_file
from klareco.experts.base import Answer, Evidence, Expert
from klareco.experts.calibration import Calibrator
from klareco.lexicon.closed_classes import NEGATION_WORDS, THIRD_PERSON_PRONOUNS
from klareco.lexicon.semantics import (
    MEASURED_IN,
    MONTH_ROOTS,
    NAMING_ROOTS,
    PERSON_CLASSES,
    PLACE_CLASSES,
    PREPOSITION_ROLES,
    RELATIVE_TIME_PREPOSITIONS,
    TIME_AND_MEASURE_ROOTS,
)
from klareco.parse.ast import Clause, Phrase, Sentence, Word

EVIDENCE_DEPTH = 5  # sentences read, best first
MAX_ANSWER_WORDS = 12

# How well a phrase in an evidence slot answers a question role (1 = exactly what is asked).
ROLE_SLOTS: dict[str, dict[str, float]] = {
    "subject": {"subject": 1.0, "apposition": 0.5, "naming": 0.4},
    "predicate": {"apposition": 1.0, "predicate": 1.0, "subject": 0.8, "naming": 0.6},
    "object": {"object": 1.0, "naming": 0.5},
    "quality": {"predicate": 0.8, "apposition": 0.5},
    "place": {"place": 1.0, "direction": 0.6, "source": 0.3},
    "direction": {"direction": 1.0, "place": 0.7, "indirect_object": 0.5},
    "source": {"source": 1.0, "place": 0.3},
    "time": {"time": 1.0, "when_clause": 0.8},
    "quantity": {"quantity": 1.0},
    "name": {"naming": 1.0, "apposition": 0.6},
    "reason": {"reason": 1.0, "because_clause": 1.0},
    "instrument": {"instrument": 1.0},
    "company": {"company": 1.0},
    "indirect_object": {"indirect_object": 1.0, "direction": 0.6},
    "topic": {"topic": 1.0},
    "possessor": {"possessor": 1.0},
    "purpose": {"purpose": 1.0, "reason": 0.5},
}

# Subordinators whose clause answers a time or a reason question.
CLAUSE_SLOTS = {"kiam": "when_clause", "ĉar": "because_clause"}

# The confidence model, fitted on generated questions (``scripts/fit_confidence.py``).
CALIBRATOR_PATH = shipped_file("weights", "factoid_confidence.json")
MAX_MARGIN = 3.0  # a lead over the runner-up beyond this tells nothing more
# What the confidence model reads about an answer: how it stands among the evidence, not
# how the question is worded — the generated questions it is fitted on are worded unlike a
# person's (``klareco/training/confidence.py``), so features of the wording do not carry over.
FEATURES = ("score", "coverage", "names_found", "verb_agrees", "inverse_rank", "margin",
            "support")


@dataclass(frozen=True)
class _Question:
    role: str
    hole: frozenset[int]  # word indexes of the question word's phrase
    hole_roots: frozenset[str]  # content roots inside it: "jar" in "kiom da jaroj"
    terms: dict[str, float]  # the other constituents' terms → weight (names weigh double)
    verb_roots: frozenset[str]  # the main verb's roots, copulas left out
    negated: bool
    head_terms: frozenset[str]  # terms of the other constituents' head words
    role_terms: tuple[tuple[str, frozenset[str]], ...]  # subject/object → their terms
    names: frozenset[str]  # terms of the question's proper names
    asks_thing: bool  # kio/kion: a thing, not a person


@dataclass(frozen=True)
class _Scored:
    """A candidate phrase with its score and the features the confidence model reads."""

    score: float
    evidence: int  # index into the evidence list
    span: tuple[int, ...]
    why: str
    features: dict[str, float]


@dataclass(frozen=True)
class _Candidate:
    words: tuple[int, ...]  # word indexes in the evidence sentence, in order
    slot: str
    clause: int | None


class FactoidExpert(Expert):
    """Answers kiu/kio/kiun/kie/kiam/kiom/kial/kiel/kies/ĉu and prepositional questions."""

    name = "factoid"

    def can_handle(self, question: Sentence) -> float:
        asked = question.question
        if asked is None:
            return 0.0
        return 1.0 if asked.role in ROLE_SLOTS or asked.role == "yes_no" else 0.2

    def __init__(self, calibrator: Calibrator | None = None) -> None:
        self._calibrator = calibrator

    @property
    def calibrator(self) -> Calibrator:
        if self._calibrator is None:  # loaded on first use: experts built in tests stay cheap
            self._calibrator = Calibrator.load(CALIBRATOR_PATH)
        return self._calibrator

    def answer(self, question: Sentence, evidence: Sequence[Evidence]) -> Answer | None:
        found = self.explain(question, evidence)
        return None if found is None else found[0]

    def explain(self, question: Sentence, evidence: Sequence[Evidence]
                ) -> tuple[Answer, dict[str, float]] | None:
        """The answer and the features its confidence was computed from (for fitting the
        calibrator, ``klareco.training.confidence``)."""
        frame = _frame(question)
        if frame is None:
            return None
        top = list(evidence[:EVIDENCE_DEPTH])
        if frame.role == "yes_no":
            found = self._yes_no(frame, top)
        else:
            found = self._best_phrase(frame, top)
        if found is None:
            return None
        answer, features = found
        confidence = round(self.calibrator.probability(features), 4)
        return replace(answer, confidence=confidence), features

    def _best_phrase(self, frame: _Question, top: list[Evidence]
                     ) -> tuple[Answer, dict[str, float]] | None:
        scored: list[_Scored] = []
        for n, item in enumerate(top):
            words = item.ast.words
            matched = _matched(words, frame.terms)
            coverage = _coverage(words, matched, frame.terms)
            sentence = {"coverage": coverage, "inverse_rank": 1.0 / item.rank,
                        "names_found": _names_found(words, frame, item.context)}
            for candidate in _candidates(item.ast, matched, frame):
                found = self._score(frame, item, n, candidate, matched, sentence)
                if found is not None:
                    scored.append(found)
        if not scored:
            return None
        best = max(scored, key=lambda c: c.score)  # the first of equals: the better rank
        text, start, end = _span_text(top, best)
        key = _answer_key(text)
        keys = [_answer_key(_span_text(top, c)[0]) for c in scored]
        rivals = [c.score for c, k in zip(scored, keys, strict=True) if k != key]
        support = {c.evidence for c, k in zip(scored, keys, strict=True)
                   if k == key and c.evidence != best.evidence}
        features = {
            **best.features,
            "score": best.score,
            "margin": min(best.score - max(rivals), MAX_MARGIN) if rivals else MAX_MARGIN,
            "support": len(support) / (EVIDENCE_DEPTH - 1),
        }
        answer = Answer(text, 0.0, best.evidence, self.name, start, end, best.why)
        return answer, features

    def _score(self, frame: _Question, item: Evidence, n: int, candidate: _Candidate,
               matched: set[int], sentence: dict[str, float]) -> _Scored | None:
        """The candidate's score and features; ``sentence`` holds the features its sentence
        gives every candidate (coverage, names found, rank)."""
        fit = ROLE_SLOTS.get(frame.role, {}).get(candidate.slot, 0.0)
        if fit == 0.0 or not candidate.words:
            return None
        words = item.ast.words
        span = candidate.words
        why = candidate.slot
        if _is_pronoun(words[span[-1]]):
            antecedent = _antecedent(words, span[0], matched)
            if antecedent is None:
                return None
            span, why = antecedent, f"{why}, pronoun {words[candidate.words[-1]].form}"
        content = [i for i in span if words[i].is_content]
        if not content:
            return None
        own = {i for i in content if i in matched}
        if not set(content) - own - _hole_words(words, content, frame):
            return None  # the question's own words (and the noun it asks about) are no answer
        span = span[:MAX_ANSWER_WORDS]
        coverage = sentence["coverage"]
        score = 1.5 * fit + 1.2 * coverage - 0.3 * bool(own)
        clauses = item.ast.clauses
        verb_agrees = False
        if candidate.clause is not None and frame.verb_roots:
            clause = clauses[candidate.clause]
            verb_agrees = clause.verb is not None and bool(
                frame.verb_roots & set(words[clause.verb].content_roots))
            score += 0.5 * verb_agrees
            score += 0.3 * _role_agreement(frame, clause, words)
        if matched:
            distance = min(min(abs(i - m) for m in matched) for i in span)
            score += 0.4 / (1 + distance / 4)
        type_fit = _type_hint(frame, words, span)
        if frame.role == "quantity" and type_fit < 0:
            return None  # a count of something else, or a year: no answer to "kiom da X"
        score += type_fit
        if words[span[0]].correlative and words[span[0]].lemma.lower().startswith("ti"):
            score -= 0.5  # "en tiu lando" points back at the answer instead of giving it
        score += 0.25 / item.rank
        features = {**sentence, "verb_agrees": float(verb_agrees), "type_fit": type_fit}
        why = f"{why} (fit {fit}, coverage {coverage:.2f})"
        return _Scored(score, n, span, why, features)

    def _yes_no(self, frame: _Question, top: list[Evidence]
                ) -> tuple[Answer, dict[str, float]] | None:
        best: tuple[float, int, bool, dict[str, float]] | None = None
        for n, item in enumerate(top):
            words = item.ast.words
            matched = _matched(words, frame.terms)
            coverage = _coverage(words, matched, frame.terms)
            names_found = _names_found(words, frame, item.context)
            for clause in item.ast.clauses:
                inside = set(clause.words)
                local = matched & inside
                if not local:
                    continue
                agrees = clause.verb is not None and bool(
                    frame.verb_roots & set(words[clause.verb].content_roots))
                share = len(local) / (len(frame.terms) or 1)
                score = 1.2 * coverage + 0.5 * agrees + 0.25 / item.rank + 0.3 * share
                negated = any(words[i].form.lower() in NEGATION_WORDS for i in inside)
                if best is None or score > best[0]:
                    best = (score, n, negated, {
                        "coverage": coverage,
                        "names_found": names_found,
                        "verb_agrees": float(agrees), "inverse_rank": 1.0 / item.rank})
        if best is None:
            return None
        score, n, negated, features = best
        text = "ne" if negated != frame.negated else "jes"
        answer = Answer(text, 0.0, n, self.name, reason="negated" if negated else "affirmed")
        return answer, {**features, "score": score}  # one clause read: no runner-up


def _role_agreement(frame: _Question, clause: Clause, words: tuple[Word, ...]) -> int:
    """+1 for each of the question's subject/object found in the same role of the evidence
    clause, -1 for each found in the other one (Ĥanoĥ vivis … is not about Metuŝelaĥ)."""
    found = 0
    for key, wanted in frame.role_terms:
        if not wanted:
            continue
        for other in ("subject", "object"):
            phrase = getattr(clause, other)
            if phrase is None:
                continue
            there = {t for i in phrase.members() for t in words[i].terms}
            if there & wanted:
                found += 1 if other == key else -1
    return found


def _hole_words(words: tuple[Word, ...], content: list[int], frame: _Question) -> set[int]:
    """Content words of a candidate that carry the hole's own noun (``jaroj`` for kiom da
    jaroj): they may repeat the question's words and still be the answer."""
    return {i for i in content if set(words[i].content_roots) & frame.hole_roots
            and not words[i].is_numeral}  # trifoje for kiomfoje: the count itself


def _frame(question: Sentence) -> _Question | None:
    asked = question.question
    if asked is None:
        return None
    words = question.words
    hole = _hole_from_index(question, asked.index)
    hole_roots = {r for i in hole for r in words[i].content_roots if len(r) > 1}
    role = asked.role
    if hole_roots & NAMING_ROOTS and role in ("object", "subject", "predicate"):
        role = "name"  # kiun nomon …? — a name
    weights: dict[str, float] = {}
    names: set[str] = set()
    for i, word in enumerate(words):
        if i in hole and not (role == "possessor" and i != asked.index):
            continue  # kies artikolo: the possessed noun is found, its possessor asked
        for term in word.terms:
            weight = 2.0 if word.is_name else 1.0
            weights[term] = max(weights.get(term, 0.0), weight)
            if word.is_name:
                names.add(term)
    main = question.main or Clause(kind="main", words=())
    verb = words[main.verb] if main.verb is not None else None
    verb_roots = (frozenset() if verb is None or verb.is_copula
                  else frozenset(verb.content_roots))
    negated = any(words[i].form.lower() in NEGATION_WORDS for i in main.words)
    heads = {phrase.head for phrase in main.phrases()} - hole
    head_terms = {t for i in heads for t in words[i].terms}
    role_terms = tuple(
        (key, frozenset(t for i in phrase.members() - hole for t in words[i].terms))
        for key, phrase in main.role_phrases() if key in ("subject", "object"))
    return _Question(role, frozenset(hole), frozenset(hole_roots), weights, verb_roots, negated,
                     frozenset(head_terms), role_terms, frozenset(names),
                     asks_thing=(asked.word or "").lower() == "kio")


def _hole_from_index(question: Sentence, index: int | None) -> set[int]:
    """The words of the phrase the question word stands in (``Kiom da jaroj``,
    ``En kiu urbo``), from the clauses' role phrases."""
    if index is None:
        return set()
    words = question.words
    found: set[int] = {index}
    for clause in question.clauses:
        for phrase in clause.phrases():
            members = phrase.members()
            if index in members:
                found |= members
    # the noun right after the question word belongs to it (kiu urbo, kiom da jaroj)
    after = index + 1
    while after < len(words) and (words[after].pos == "ADJ" or
                                  words[after].form.lower() == "da"):
        after += 1
    if after < len(words) and words[after].pos == "NOUN":
        found |= set(range(index, after + 1))
    # a name is what the question is about, never part of what it asks ("Per kio David …")
    return {i for i in found if i == index or not words[i].is_name}


def _matched(words: tuple[Word, ...], weights: dict[str, float]) -> set[int]:
    return {i for i, word in enumerate(words) if set(word.terms) & weights.keys()}


def _coverage(words: tuple[Word, ...], matched: set[int], weights: dict[str, float]) -> float:
    total = sum(weights.values())
    if not total:
        return 0.0
    found = {t for i in matched for t in words[i].terms} & weights.keys()
    return sum(weights[t] for t in found) / total


def _is_pronoun(word: Word) -> bool:
    return word.word_class == "pronoun" and word.lemma.lower() in THIRD_PERSON_PRONOUNS


def _antecedent(words: tuple[Word, ...], before: int,
                matched: set[int]) -> tuple[int, ...] | None:
    """The nearest name before ``before`` that the question does not mention."""
    i = before - 1
    while i >= 0:
        if words[i].is_name and i not in matched and words[i].lemma[:1].isupper():
            end = i
            while i - 1 >= 0 and words[i - 1].is_name and i - 1 not in matched:
                i -= 1
            return tuple(range(i, end + 1))
        i -= 1
    return None


def _candidates(sentence: Sentence, matched: set[int], frame: _Question
                ) -> Iterator[_Candidate]:
    words = sentence.words
    clauses = sentence.clauses
    for n, clause in enumerate(clauses):
        for key, phrase in clause.role_phrases():
            yield _Candidate(_span(phrase, words), key, n)
            if phrase.preposition is not None and key == "indirect_object":
                yield _Candidate(_span(phrase, words), "direction", n)
        placed = sorted(((_span(phrase, words), phrase) for phrase in clause.adjuncts),
                        key=lambda pair: pair[0])  # in word order, to see what follows what
        spans = [span for span, _ in placed]
        adjuncts = [phrase for _, phrase in placed]
        for k, (phrase, span) in enumerate(zip(adjuncts, spans, strict=True)):
            slots = _adjunct_slots(phrase, words, span)
            after = adjuncts[k + 1] if k + 1 < len(adjuncts) else None
            if span and "time" in slots and after and after.preposition_form(words) in \
                    RELATIVE_TIME_PREPOSITIONS and spans[k + 1] and spans[k + 1][0] == span[-1] + 1:
                # "kelke da semajnoj post la festo" is one time, counted from another
                span = span + spans[k + 1]
            for slot in slots:
                yield _Candidate(span, slot, n)
        introducer = words[clause.introducer].form.lower() if clause.introducer is not None \
            else None
        if introducer in CLAUSE_SLOTS:
            span = tuple(sorted(clause.words))
            yield _Candidate(_trim(span, words), CLAUSE_SLOTS[introducer], n)
        if n > 0 and _gives_consequence(clause, words):
            # "la silikvo estis verda, kaj tial ili opiniis …": the clause before is the reason
            span = tuple(sorted(clauses[n - 1].words))
            yield _Candidate(_trim(span, words), "because_clause", n)
    clause_of = {i: n for n, clause in enumerate(clauses) for i in clause.words}
    heads = {i for i in matched if set(words[i].terms) & frame.head_terms}
    yield from _appositions(words, heads, clause_of)
    yield from _namings(words, heads, clause_of)
    yield from _quantities(words, clause_of)
    yield from _dates(words, clause_of)
    yield from _possessors(words, matched, clause_of)


def _gives_consequence(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether a clause says it follows from the one before (``tial``, ``pro tio``)."""
    forms = [words[i].form.lower() for i in sorted(clause.words)]
    return "tial" in forms or any(pair == ("pro", "tio") for pair in pairwise(forms))


def _span(phrase: Phrase, words: tuple[Word, ...]) -> tuple[int, ...]:
    members = phrase.members()
    start, end = min(members), max(members)
    if phrase.preposition_form(words) == "da" and start > 0 and (
            words[start - 1].pos in ("ADV", "NUM") or words[start - 1].correlative):
        start -= 1  # "da semajnoj" counts with the word before it: kelke, multe, tiom
    # coordination: "la ĉielon kaj la teron" — a noun in the same case after kaj/aŭ
    case = words[phrase.head].case
    if case and end + 2 < len(words) and words[end + 1].form.lower() in ("kaj", "aŭ"):
        j = end + 2
        while j < len(words) and j - end <= 4 and words[j].pos in ("DET", "ADJ", "NUM"):
            j += 1
        if j < len(words) and words[j].pos in ("NOUN", "PROPN") and words[j].case == case:
            end = j
    return _trim(tuple(range(start, end + 1)), words)


def _trim(span: tuple[int, ...], words: tuple[Word, ...]) -> tuple[int, ...]:
    """A span without punctuation or conjunctions at its edges."""
    items = list(span)
    while items and (words[items[-1]].pos in ("PUNCT", "CCONJ", "SCONJ")):
        items.pop()
    while items and words[items[0]].pos in ("PUNCT", "CCONJ"):
        items.pop(0)
    return tuple(items)


def _adjunct_slots(phrase: Phrase, words: tuple[Word, ...], span: tuple[int, ...]) -> list[str]:
    slots: list[str] = []
    preposition = phrase.preposition_form(words)
    if preposition:
        slot = PREPOSITION_ROLES.get(preposition)
        if slot == "place" and phrase.case == "Acc":
            slot = "direction"
        if preposition == "al":
            slots.append("direction")
        if slot:
            slots.append(slot)
    if any(_is_time(words[i]) for i in span) and "time" not in slots:
        slots.append("time")
    return slots


def _is_time(word: Word) -> bool:
    return bool(set(word.roots) & (TIME_AND_MEASURE_ROOTS | MONTH_ROOTS)) or (
        word.pos == "NUM" and word.form.isdigit() and len(word.form) == 4)


def _chunk_after(words: tuple[Word, ...], start: int) -> tuple[int, ...]:
    """Words from ``start`` up to the next punctuation, a conjunction or a finite verb."""
    end = start
    while end < len(words) and end - start < MAX_ANSWER_WORDS:
        word = words[end]
        if word.pos in ("PUNCT", "SCONJ") or (word.pos in ("VERB", "AUX") and
                                              word.feat("Mood")):
            break
        end += 1
    return _trim(tuple(range(start, end)), words)


def _appositions(words: tuple[Word, ...], heads: set[int],
                 clause_of: dict[int, int]) -> Iterator[_Candidate]:
    """``Ofelio, filino de Polonio``: the phrase set off by a comma after a word matching the
    head of one of the question's constituents."""
    for i in sorted(heads):
        if i + 2 < len(words) and words[i + 1].form == ",":
            chunk = _chunk_after(words, i + 2)
            if chunk and any(words[j].pos in ("NOUN", "PROPN") for j in chunk):
                yield _Candidate(chunk, "apposition", clause_of.get(i))


def _namings(words: tuple[Word, ...], heads: set[int],
             clause_of: dict[int, int]) -> Iterator[_Candidate]:
    """What follows a naming word (``la nomon Salomono``, ``nomo estas Zuro``, ``la nomon
    manao``), the name a naming verb gives (``estis nomata Karen``, ``nomis lin Petro``),
    or a name right after the head of a question constituent (``via frato Aaron``)."""
    for i, word in enumerate(words):
        if word.pos in ("VERB", "ADJ") and set(word.roots) & NAMING_ROOTS:
            named = _named_after_verb(words, i)
            denied = i > 0 and words[i - 1].form.lower() in NEGATION_WORDS
            if named and not denied:  # "ne nomiĝas Petro": not the name
                yield _Candidate(named, "naming", clause_of.get(i))
            continue
        naming = word.pos == "NOUN" and bool(set(word.roots) & NAMING_ROOTS)
        if not naming and not (word.pos == "NOUN" and i in heads):
            continue
        j = i + 1
        if j < len(words) and words[j].is_copula:
            j += 1  # nomo estas X
        if naming and j < len(words) and words[j].pos == "NOUN" and not words[j].is_name:
            yield _Candidate((j,), "naming", clause_of.get(i))  # la nomon manao
        elif j < len(words) and words[j].is_name and j not in heads:
            end = j
            while end + 1 < len(words) and words[end + 1].is_name:
                end += 1
            yield _Candidate(tuple(range(j, end + 1)), "naming", clause_of.get(i))


def _named_after_verb(words: tuple[Word, ...], verb: int) -> tuple[int, ...]:
    """The capitalised words a naming verb or participle gives as a name, past the pronoun
    it names (``nomis lin Petro``): mid-sentence capitals are names even when the word also
    reads as something else (``Karen``, kar-en)."""
    j = verb + 1
    if j < len(words) and words[j].pos == "PRON" and words[j].case == "Acc":
        j += 1
    end = j
    while end < len(words) and (words[end].is_name or words[end].form[:1].isupper()):
        end += 1
    return tuple(range(j, end))


def _quantities(words: tuple[Word, ...], clause_of: dict[int, int]) -> Iterator[_Candidate]:
    """A run of numerals with the noun it counts: ``naŭcent sesdek naŭ jaroj``, ``trifoje``."""
    i = 0
    while i < len(words):
        if not words[i].is_numeral:
            i += 1
            continue
        start = i
        while i + 1 < len(words) and words[i + 1].is_numeral:
            i += 1
        if start > 0 and words[start - 1].pos == "NOUN" and words[start].form.isdigit():
            i += 1  # digits after a noun label it (la jaro 1888, ĉapitro 5): no count
            continue
        end = i
        j = i + 1
        while j < len(words) and j - end <= 3 and words[j].pos in ("ADJ", "NOUN", "X"):
            if words[j].pos == "NOUN":
                end = j
                break
            j += 1
        if end + 2 < len(words) and words[end + 1].form == "kaj" and words[end + 2].is_numeral:
            k = end + 2  # tri tagoj kaj tri noktoj
            while k + 1 < len(words) and (words[k + 1].is_numeral or
                                          words[k + 1].pos in ("NOUN", "ADJ")):
                k += 1
                if words[k].pos == "NOUN":
                    break
            yield _Candidate(tuple(range(start, k + 1)), "quantity", clause_of.get(start))
        yield _Candidate(tuple(range(start, end + 1)), "quantity", clause_of.get(start))
        i += 1


def _dates(words: tuple[Word, ...], clause_of: dict[int, int]) -> Iterator[_Candidate]:
    """A date as one phrase: ``la 14 de aprilo de 1917``, ``la 15an de decembro 1859``."""
    for i, word in enumerate(words):
        if not (set(word.roots) & MONTH_ROOTS and word.pos in ("NOUN", "PROPN")
                and word.form.lower().rstrip("n").endswith("o")):
            continue  # (Marta is a name, not March)
        start = end = i
        if i >= 2 and words[i - 1].form.lower() == "de":
            day = i - 2
            if day >= 1 and words[day].pos == "X" and words[day - 1].form.isdigit():
                day -= 1  # 15an, 14a: the tokenizer splits the ordinal ending off
            if words[day].form.isdigit():
                start = day - 1 if day >= 1 and words[day - 1].form.lower() == "la" else day
        year = i + 1
        if year < len(words) and words[year].form.lower() == "de":
            year += 1
        if year < len(words) and words[year].form.isdigit():
            end = year
        if (start, end) != (i, i):
            yield _Candidate(tuple(range(start, end + 1)), "time", clause_of.get(i))


def _possessors(words: tuple[Word, ...], matched: set[int],
                clause_of: dict[int, int]) -> Iterator[_Candidate]:
    """``artikolo de Tolstoj``: the ``de`` phrase after a matched noun."""
    for i in sorted(matched):
        if i + 2 < len(words) and words[i + 1].form.lower() == "de":
            chunk = _chunk_after(words, i + 2)
            if chunk:
                yield _Candidate(chunk, "possessor", clause_of.get(i))


def _type_hint(frame: _Question, words: tuple[Word, ...], span: tuple[int, ...]) -> float:
    classes = {words[i].semantic_class for i in span}
    names = any(words[i].is_name for i in span)
    if frame.role == "quantity":
        # what the span counts: its nouns, or the root of a numeral adverb (tri·foj·e)
        nouns = {r for i in span if words[i].pos == "NOUN" or (
            words[i].pos == "ADV" and words[i].is_numeral) for r in words[i].content_roots}
        counted = {unit for r in frame.hole_roots - {"kiom"}
                   for unit in MEASURED_IN.get(r, (r,))}
        if counted:
            # a count of something else (sepdek mil ŝarĝoportistojn for edzinoj) is not it,
            # nor is a year (1812 for kiom da infanoj)
            if nouns:
                return 0.5 if nouns & counted else -0.8
            return -0.8 if all(_is_time(words[i]) for i in span) else 0.0
        return 0.0
    person = names or bool(classes & PERSON_CLASSES)
    if frame.asks_thing and frame.role in ("subject", "predicate", "object"):
        return -0.3 if names else 0.0  # kio asks for a thing: rarely someone by name
    if frame.role in ("subject", "predicate", "indirect_object", "company", "name") and person:
        return 0.3
    if frame.role in ("place", "direction", "source") and (names or classes & PLACE_CLASSES):
        return 0.3
    if frame.hole_roots and any(set(words[i].content_roots) & frame.hole_roots for i in span):
        return 0.3  # en kiu urbo → ... urbo ...
    return 0.0


def _names_found(words: tuple[Word, ...], frame: _Question,
                 context: frozenset[str] = frozenset()) -> float:
    """The share of the question's names that the sentence (with its ``context``) mentions,
    1 when it asks about none: an answer about someone else is the commonest wrong answer
    to an unanswerable question."""
    if not frame.names:
        return 1.0
    there = {t for word in words for t in word.terms} | context
    return len(frame.names & there) / len(frame.names)


def _span_text(top: list[Evidence], scored: _Scored) -> tuple[str, int, int]:
    """The candidate's text as it stands in its sentence, with its character offsets."""
    item = top[scored.evidence]
    start, end = item.ast.words[scored.span[0]].start, item.ast.words[scored.span[-1]].end
    return item.text[start:end], start, end


def _answer_key(text: str) -> str:
    """Answers compared across sentences: lowercase words without punctuation."""
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace()).split())
