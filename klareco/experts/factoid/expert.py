"""The factoid expert: the constituent of an evidence sentence that fills the question's hole.

The question's frame (``frame``) says what is asked; every constituent of the top evidence
sentences is a candidate (``candidates``), described by named features (``features``); the
learned ranker (``model``) gives each candidate and "no answer here" a probability. The
answer is the most probable candidate; its confidence is the probability of every candidate
with the same text (several sentences saying the same thing agree). Yes/no questions are
answered by clause matching (``yes_no``): the ranker chooses ``jes``, ``ne`` or no answer from
what the best matching clause shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from klareco.config import shipped_file
from klareco.experts.base import Answer, Evidence, Expert
from klareco.experts.factoid.candidates import Candidate, answer_candidates
from klareco.experts.factoid.features import (
    NULL,
    ClauseReading,
    Features,
    candidate_features,
    null_features,
    sentence_features,
    tree_distances,
)
from klareco.experts.factoid.frame import Frame, coverage, matched_words, names_found, read_frame
from klareco.experts.factoid.model import Ranker
from klareco.experts.factoid.roles import states_whole
from klareco.experts.factoid.yes_no import yes_no
from klareco.parse.ast import Sentence

EVIDENCE_DEPTH = 10  # sentences read, best first
# How much a sentence's retrieval rank counts beside the probability that it holds the
# answer, when the evidence is put in reading order (``reading_order``): rank r adds
# READING_RANK_PRIOR / r. Chosen on questions generated from held-out documents (set C, MRR@10
# of the evidence order over the retrieval order), not on the development set.
READING_RANK_PRIOR = 0.2
RANKER_PATH = shipped_file("weights", "answer_ranker.pt")
# Roles the expert answers; others (a bare "kiel" of manner …) it still tries, less suited.
ANSWERED_ROLES = frozenset({
    "subject", "predicate", "object", "quality", "place", "direction", "source", "time",
    "quantity", "name", "reason", "instrument", "company", "indirect_object", "topic",
    "possessor", "purpose", "manner", "yes_no"})


@dataclass(frozen=True)
class Option:
    """One answer the ranker weighs: a candidate span in an evidence sentence (``None`` for
    "no answer here", which is always option 0), its text and its features."""

    candidate: Candidate | None
    evidence: int
    text: str
    start: int | None
    end: int | None
    features: Features

    @cached_property
    def key(self) -> str:
        """Its text as answers are compared across sentences (``answer_key``)."""
        return answer_key(self.text)


class FactoidExpert(Expert):
    """Answers kiu/kio/kiun/kie/kiam/kiom/kial/kiel/kies/ĉu and prepositional questions."""

    name = "factoid"

    def __init__(self, ranker: Ranker | None = None, depth: int = EVIDENCE_DEPTH) -> None:
        self._ranker = ranker
        self.depth = depth  # evidence sentences read, best first

    @property
    def ranker(self) -> Ranker:
        if self._ranker is None:  # loaded on first use: experts built in tests stay cheap
            self._ranker = Ranker.load(RANKER_PATH)
        return self._ranker

    def can_handle(self, question: Sentence) -> float:
        asked = question.question
        if asked is None:
            return 0.0
        return 1.0 if asked.role in ANSWERED_ROLES else 0.2

    def answer(self, question: Sentence, evidence: Sequence[Evidence]) -> Answer | None:
        frame = read_frame(question)
        options = self.options(question, evidence, frame)
        if len(options) < 2 or names_none_asked(options[0].features) or \
                name_given_to_none(frame, options):
            return None
        probabilities = self.ranker.probabilities([o.features for o in options])
        best = max(range(1, len(options)), key=probabilities.__getitem__)
        chosen = options[best]
        confidence = sum(p for o, p in zip(options[1:], probabilities[1:], strict=True)
                         if o.key == chosen.key)
        slot = chosen.candidate.slot if chosen.candidate else "yes/no clause"
        if chosen.candidate is not None and chosen.candidate.referent:
            said = evidence[chosen.evidence].text[chosen.start:chosen.end]
            slot += f", {said!r} standing for {chosen.text} of the sentence before"
        return Answer(chosen.text, round(min(confidence, 1.0), 4), chosen.evidence, self.name,
                      chosen.start, chosen.end, f"{slot} (p {probabilities[best]:.2f})",
                      reading_order(options, probabilities, evidence[:self.depth]))

    def options(self, question: Sentence, evidence: Sequence[Evidence],
                frame: Frame | None = None) -> list[Option]:
        """"No answer here" and every candidate of the top evidence, with their features
        (what the ranker is trained on, ``klareco.training.reader``). ``frame``: the
        question's, when the caller has read it already."""
        frame = frame or read_frame(question)
        if frame is None:
            return []
        top = list(evidence[:self.depth])
        sentences: list[Features] = []
        found: list[Option] = []
        if frame.role == "yes_no":
            verdict = yes_no(frame, question, top)
            for item in top:
                words = item.ast.words
                matched = matched_words(words, frame.terms)
                sentences.append(sentence_features(
                    frame, item, matched, coverage(words, matched, frame.terms),
                    names_found(words, frame, item.context), top[0].score))
            if verdict is not None:
                found = [Option(None, verdict.evidence, answer, None, None,
                                verdict_features(verdict.features, answer))
                         for answer in ("jes", "ne")]
        else:
            # a question with a phrase or a clause of its own (… en la urbo, … post kiam …)
            # may ask for a part: only a bare kiom question asks for the whole
            bare = not frame.phrase_terms and len(question.clauses) == 1
            found = self._candidate_options(frame, top, sentences, bare)
        return [Option(None, 0, "", None, None, null_features(frame, sentences)), *found]

    def _candidate_options(self, frame: Frame, top: list[Evidence],
                           sentences: list[Features], bare: bool = False) -> list[Option]:
        found: list[Option] = []
        for n, item in enumerate(top):
            words = item.ast.words
            matched = matched_words(words, frame.terms)
            sentence = sentence_features(frame, item, matched,
                                         coverage(words, matched, frame.terms),
                                         names_found(words, frame, item.context),
                                         top[0].score)
            sentences.append(sentence)
            distances = tree_distances(item.ast.heads, matched, len(words))
            clauses: dict[int, ClauseReading] = {}
            for candidate in answer_candidates(item.ast, matched, frame, item.before):
                start = words[candidate.words[0]].start
                end = words[candidate.words[-1]].end
                features = candidate_features(frame, item, candidate, matched, sentence,
                                              distances, clauses)
                # a pronoun answers with the name it stands for; its span shows where
                text = " ".join(w.form for w in candidate.referent) or item.text[start:end]
                found.append(Option(candidate, n, text, start, end, features))
        if frame.role == "quantity" and bare:
            found = wholes_over_parts(found, top)
        # the same answer in other sentences of the top: agreement is evidence
        sources: dict[str, set[int]] = {}
        for option in found:
            sources.setdefault(option.key, set()).add(option.evidence)
        for option in found:
            option.features["support"] = (len(sources[option.key]) - 1) / max(self.depth - 1, 1)
        return found


def names_none_asked(null: Features) -> bool:
    """Whether the question names someone and no sentence read names them, with what stands
    around it (the sentences before, the work's title and headings: ``names_found``): such
    evidence is about others, and any answer from it would be a guess about the one asked.
    ``null``: the features of the "no answer" option, which hold the best share found."""
    return not null[f"{NULL}:no_names"] and not null[f"{NULL}:names_found"]


def name_given_to_none(frame: Frame | None, options: Sequence[Option]) -> bool:
    """Whether the question asks the name of someone by a noun of a named owner ("Kiel
    nomiĝis la edzino de Petro?") and no sentence read gives a name to anyone (no option of
    the slot ``naming``): a name from such evidence belongs to someone else, and answering
    with it would be a guess. "Kiu estis la edzino de Petro?" may be answered by what she
    was, and is left to the ranker."""
    if frame is None or frame.role != "name" or not frame.named_stems or \
            not frame.named_owners:
        return False
    return not any(o.candidate is not None and o.candidate.slot == "naming"
                   for o in options[1:])


def wholes_over_parts(options: list[Option], top: Sequence[Evidence]) -> list[Option]:
    """For a ``kiom`` question with no phrase or clause of its own (``Kiom da jaroj vivis
    Petro?``, not ``…, post kiam …?``): when the evidence states the whole of the asked
    action of the asked subject (``la tuta vivo de Petro estis …``, ``states_whole``), that
    count is what is asked, and the other counts — the same action's spans (``Petro vivis
    dek sep jarojn, kaj naskiĝis al li …``) or other people's — are left out."""
    wholes = [o for o in options if _own_count(o) and o.candidate is not None and
              o.candidate.clause is not None and
              states_whole(top[o.evidence].ast.clauses[o.candidate.clause],
                           top[o.evidence].ast.words)]
    return wholes or options


def _own_count(option: Option) -> bool:
    """A count of the question's unit in a clause of its action and subject."""
    f = option.features
    return bool(f.get("verb_agrees") and f.get("same_role") and f.get("counts:asked"))


def reading_order(options: Sequence[Option], probabilities: Sequence[float],
                  evidence: Sequence[Evidence]) -> tuple[int, ...]:
    """The evidence indexes by how likely each sentence holds the answer (the probability
    of its options) with its retrieval rank as a prior (``READING_RANK_PRIOR``)."""
    holds = [0.0] * len(evidence)
    for option, p in zip(options[1:], probabilities[1:], strict=True):
        holds[option.evidence] += p
    return tuple(sorted(range(len(evidence)), key=lambda n: -(
        holds[n] + READING_RANK_PRIOR / evidence[n].rank)))


def verdict_features(features: Features, answer: str) -> Features:
    """The features of a clause's reading, given to the option ``answer`` (jes or ne): each
    joined with the answer, so that the ranker weighs, say, swapped roles for ne and against
    jes."""
    return {"bias": 1.0, f"yn:{answer}": 1.0,
            **{f"{answer}|{name}": value for name, value in features.items() if name != "bias"}}


@cache
def answer_threshold() -> float:
    """The shipped ranker's abstention threshold, chosen on its tuning documents."""
    return float(Ranker.load(RANKER_PATH).info.get("threshold", 0.5))


def answer_key(text: str) -> str:
    """Answers compared across sentences: lowercase words without punctuation."""
    return " ".join(_PUNCTUATION.sub("", text.lower()).split())


# neither a letter, a digit nor a space (``\w`` is str.isalnum's characters and "_")
_PUNCTUATION = re.compile(r"[^\w\s]|_")
