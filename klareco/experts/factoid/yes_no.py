"""Yes/no questions: the question's clause checked against the clauses of the evidence.

``Ĉu Kain mortigis Habelon?`` is answered from the evidence clause that best supports it: the
same verb (or a copula for a copula), and the question's fillers found there; a clause whose
subject is someone else, with the question's subject in neither role, comes last (it is not
about the question's subject, even with the same verb), and when no other clause matches
there is no verdict: it says nothing of the question's subject. Then

* a filler in the other role (subject ↔ object) → ``ne``: who did what to whom differs;
* the same head with another name after it (``filino de X`` asked, ``filino de Y`` found)
  → ``ne``;
* the question's object or predicate, where the clause has another one and none of the
  question's words in it (``Ĉu Petro manĝis pomon?`` against ``Petro manĝis panon``) → ``ne``:
  the clause says what he ate;
* a denied clause → ``ne``;
* the question's verb or predicate with ``mal-`` where the clause's has none, or the other
  way round (``Ĉu la vojo estis longa?`` against ``la vojo estis mallonga``) → ``ne``: mal-
  makes a root its opposite; so too an adjective on a noun of the same root (``la juna
  fratino`` against ``la maljuna fratino``);
* otherwise ``jes``.

``jes`` and ``ne`` say the polarity of the answer, whatever the question's form (the usage
PMEG calls western, and Zamenhof's): "Ĉu Petro ne venis?" is answered ``jes`` when Petro came
("jes, li venis") and ``ne`` when he did not ("ne, li ne venis").

That reading is a feature, not the verdict: the expert offers both ``jes`` and ``ne`` with
what the clause shows (the same roles, swapped roles, another object or predicate, another
name, a negation) and the ranker, trained on generated questions, chooses between them and
"no answer".

A coordinated clause without a subject shares the subject of the clause before it (``Kain
leviĝis … kaj mortigis lin``), and a third-person pronoun stands for the nearest earlier name
the question does not hold. When no clause matches any of the question, there is no answer:
the engine says it does not know rather than guess. How sure the answer is, the ranker says
(``model``) from the features given here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from klareco.experts.base import Evidence
from klareco.experts.factoid.candidates import is_pronoun
from klareco.experts.factoid.features import Features, subject_elsewhere
from klareco.experts.factoid.frame import (
    Frame,
    attributes,
    coverage,
    matched_words,
    names_found,
    opposite,
)
from klareco.experts.factoid.kin import named_noun, noun_owners, shared_subject
from klareco.experts.factoid.roles import Voice, as_asked, clause_roles
from klareco.lexicon.closed_classes import NEGATION_WORDS
from klareco.lexicon.semantics import KIN_CONVERSES
from klareco.parse.ast import Clause, Sentence, Word


@dataclass(frozen=True)
class Verdict:
    answer: str  # jes or ne
    evidence: int  # index into the evidence list
    reason: str
    features: Features


def yes_no(frame: Frame, question: Sentence, top: Sequence[Evidence]) -> Verdict | None:
    best: tuple[tuple[float, ...], Verdict] | None = None
    kin = _kin_asked(question)
    for n, item in enumerate(top):
        words = item.ast.words
        matched = matched_words(words, frame.terms)
        share = coverage(words, matched, frame.terms)
        found = names_found(words, frame, item.context)
        missing = phrases_missing(frame, words, item.context)
        said_kin = _kin_said(kin, item.ast) if kin is not None else None
        other_kin = said_kin is not None and said_kin != kin[0]
        for k, clause in enumerate(item.ast.clauses):
            local = matched & set(clause.words)
            if not local:
                continue
            fillers = clause_fillers(item.ast, k, frame.voice)
            verb = _verb_agrees(frame, clause, words)
            same, crossed = _filler_roles(frame, fillers)
            if said_kin is not None and not other_kin:
                # "Zorbo vokis sian filon Petro" says whose son Petro is, whatever the
                # roles its clause gives them
                same, crossed = max(same, 1), 0
            differs = _fillers_differ(frame, fillers)
            other = _other_name_after(frame, question, words, matched) or other_kin
            negated = any(words[i].form.lower() in NEGATION_WORDS for i in clause.words)
            flipped = negated != frame.negated
            contrary = says_opposite(frame, clause, words)
            answer = "ne" if crossed or other or differs or negated or contrary else "jes"
            reason = ("roles swapped" if crossed else "another name" if other
                      else "another filler" if differs
                      else "clause denied" if negated
                      else "the opposite" if contrary else "clause agrees")
            features = {"bias": 1.0, "yn:coverage": share, "yn:names_found": found,
                        "yn:all_names": float(found == 1.0), "yn:verb_agrees": float(verb),
                        "yn:same_role": float(same), "yn:crossed_role": float(crossed),
                        "yn:other_name": float(other), "yn:negation_differs": float(flipped),
                        "yn:filler_differs": float(differs), "yn:opposite": float(contrary),
                        "yn:inverse_rank": 1.0 / item.rank, f"yn:rule_{answer}": 1.0,
                        "yn:phrase_missing": float(missing),
                        "yn:clause_share": len(local) / max(len(matched), 1)}
            # a clause whose subject is someone else, with the question's subject in no role
            # of it, is not about that subject whatever its verb: read it last ("la kato
            # estis filino de …" for "Ĉu X estas filino de …?"); swapped roles still count
            elsewhere = not crossed and said_kin is None and _other_subject(frame, item.ast, k)
            key = (float(not elsewhere), float(verb), float(same + crossed), share, -n)
            if best is None or key > best[0]:
                best = (key, Verdict(answer, n, reason, features))
    if best is None or not best[0][0]:
        # the best clause is about someone else, with the question's subject in no role of
        # it: it says nothing of whether that subject did what is asked
        return None
    return best[1]


def phrases_missing(frame: Frame, words: tuple[Word, ...], context: frozenset[str]) -> int:
    """How many of the question's other phrases (``Frame.phrase_terms``: its indirect object
    and adjuncts) have none of their terms in the evidence sentence or the work and section
    it stands in: "Ĉu Petro iris en la urbon?" against "Petro iris hejmen" says nothing of a
    city, so the clause is not supported as asked."""
    present = {t for word in words for t in word.terms} | context
    return sum(1 for terms in frame.phrase_terms if present.isdisjoint(terms))


def clause_fillers(sentence: Sentence, index: int, voice: Voice | None = None
                   ) -> dict[str, set[str]]:
    """The terms of a clause's subject, object and predicate (the passive undone,
    ``clause_roles``, and read in the question's ``voice``), with a shared subject and the
    names its pronouns stand for."""
    words = sentence.words
    clause = sentence.clauses[index]
    roles = clause_roles(clause, words)
    # the role a coordinate clause's missing subject stands for: its undergoer in a passive
    missing = "object" if roles.passive else "subject"
    if not roles.of(missing) and clause.kind == "coordinate":
        # "… kaj mortigis lin", "… kaj estis entombigita": the subject of the clause before
        shared = shared_subject(sentence, clause)
        if shared is not None:
            roles = replace(roles, **{missing: frozenset(shared.members())})
    if voice is not None:
        roles = as_asked(roles, words, voice)
    found: dict[str, set[str]] = {}
    for key in ("subject", "object", "predicate"):
        members: set[int] = set(roles.of(key))
        if not members:
            continue
        # a name right after the phrase names its noun: "sian fraton Paŭlo", "la rivero Nilo"
        after = max(members) + 1
        if after < len(words) and words[after].is_name and words[max(members)].xpos == "NOUN":
            members.add(after)
        terms: set[str] = set()
        for i in members:
            if is_pronoun(words[i]):
                terms |= _antecedent_terms(words, i, members)
            terms |= set(words[i].terms)
        found[key] = terms
    return found


def _antecedent_terms(words: tuple[Word, ...], pronoun: int, own: set[int]) -> set[str]:
    """The terms of the nearest name before a pronoun, outside its own phrase and not its
    clause's subject when the pronoun is an object (he killed *him*: someone else)."""
    for i in range(pronoun - 1, -1, -1):
        if words[i].is_name and i not in own:
            return set(words[i].terms)
    return set()


def _verb_agrees(frame: Frame, clause: Clause, words: tuple[Word, ...]) -> bool:
    action = clause_roles(clause, words, frame.voice).verb
    if action is None:
        return False
    verb = words[action]
    if not frame.verb_roots:
        return verb.is_copula
    return not frame.verb_roots.isdisjoint(verb.content_roots)


def _filler_roles(frame: Frame, fillers: dict[str, set[str]]) -> tuple[int, int]:
    """The question's subject/object found in the same role, and in the other one."""
    same = crossed = 0
    for key, wanted in frame.role_terms:
        if key not in ("subject", "object") or not wanted:
            continue
        other = "object" if key == "subject" else "subject"
        here = fillers.get(key, set()) & wanted
        there = fillers.get(other, set()) & wanted
        if here:
            same += 1
        elif there:
            crossed += 1
    return same, crossed


def _other_subject(frame: Frame, sentence: Sentence, index: int) -> bool:
    """Whether the clause's subject (the passive undone) is another referent
    (``subject_elsewhere``)."""
    words = sentence.words
    return subject_elsewhere(frame, clause_roles(sentence.clauses[index], words, frame.voice),
                             words)


def says_opposite(frame: Frame, clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether the clause's verb or predicate has a root of the question's verb or predicate
    with mal- where the question has none, or none where it has it (``Frame.polarity``):
    "La vojo estis mallonga" says the road was not long, "Petro malfermis la pordon" that
    he did not close it; or an adjective of the question's, on a noun of the same root,
    likewise (``Frame.attributes``): "la maljuna fratino" is not "la juna fratino"."""
    if frame.attributes:
        asked_of = {(noun, root): turned for noun, root, turned in frame.attributes}
        if any(asked_of.get((noun, root), turned) != turned
               for noun, root, turned in attributes(clause, words)):
            return True
    if not frame.polarity:
        return False
    asked = dict(frame.polarity)
    said = [clause.verb] if clause.verb is not None else []
    if clause.predicate is not None:
        said.append(clause.predicate.head)
    return any(root in asked and asked[root] != opposite(words[i])
               for i in said for root in words[i].content_roots)


def _fillers_differ(frame: Frame, fillers: dict[str, set[str]]) -> int:
    """How many of the question's object and predicate stand in the clause's same role with
    none of their terms there: another filler of that role ("Ĉu Petro manĝis pomon?" against
    "Petro manĝis panon")."""
    differs = 0
    for key, wanted in frame.role_terms:
        there = fillers.get(key, set())
        if key in ("object", "predicate") and wanted and there and not there & wanted:
            differs += 1
    return differs


# what a copula question asks by a kin noun: the noun's stem, its owners' terms and the
# subject's ("Ĉu Petro estis la patro de Zorbo?": patr, {zorb}, {petr})
KinAsked = tuple[str, set[str], set[str]]


def _kin_asked(question: Sentence) -> KinAsked | None:
    """The kin noun a copula question's predicate asks by, with its owners and the subject
    (``KinAsked``); None when it asks by none."""
    main = question.main
    if main is None or main.subject is None or main.predicate is None:
        return None
    asked = question.words[main.predicate.head]
    if not asked.terms or asked.terms[-1] not in KIN_CONVERSES:
        return None
    owners = noun_owners(question, main.predicate.head)
    who = {t for i in main.subject.members() for t in question.words[i].terms}
    return (asked.terms[-1], owners, who) if owners and who else None


def _kin_said(kin: KinAsked, sentence: Sentence) -> str | None:
    """The kin noun (its stem) by which the evidence names the question's subject as kin of
    the question's owner, the one asked or another: "Ĉu Petro estis la patro de Zorbo?"
    against "Petro, filo de Zorbo" gives ``fil`` (a son is not the father, nor a mother a
    father; ``KIN_CONVERSES`` names the kin), against "Zorbo vokis sian patron Petro"
    ``patr``; None when it names none."""
    _, owners, who = kin
    words = sentence.words
    found = None
    for i, word in enumerate(words):
        if not word.is_name or who.isdisjoint(word.terms):
            continue
        noun = named_noun(sentence, i)
        if noun is None or not words[noun].terms or noun_owners(sentence, noun).isdisjoint(
                owners):
            continue
        said = words[noun].terms[-1]
        if said in KIN_CONVERSES and (found is None or said != kin[0]):
            found = said  # another kin outweighs the asked one
    return found


def _other_name_after(frame: Frame, question: Sentence, words: tuple[Word, ...],
                      matched: set[int]) -> bool:
    """Whether a noun the question qualifies by a name (``filino de Hamleto``) stands in the
    evidence with another name after it (``filino de Polonio``)."""
    asked = question.words
    for i in range(len(asked) - 2):
        if asked[i].xpos != "NOUN" or asked[i + 1].form.lower() != "de" or \
                not asked[i + 2].is_name:
            continue
        noun, name = set(asked[i].terms), set(asked[i + 2].terms)
        for j in range(len(words) - 2):
            if set(words[j].terms) & noun and words[j + 1].form.lower() == "de" and \
                    words[j + 2].is_name and not set(words[j + 2].terms) & name:
                return True
    return False
