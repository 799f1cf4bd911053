"""What a question asks, read from its AST: the role of its hole and what it says around it.

``Kiun vidis Petro?`` asks for the object (the hole: ``Kiun``) of ``vidis`` whose subject
is Petro. The frame keeps the terms the evidence must match (names weigh double), the main
verb's roots, the subject/object fillers (who did what to whom), and the hole's own nouns
(``jaroj`` in ``Kiom da jaroj``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from klareco.experts.factoid.roles import (
    Voice,
    clause_roles,
    event_noun_roles,
    voice_suffix,
)
from klareco.lexicon.closed_classes import NEGATION_WORDS
from klareco.lexicon.semantics import KIN_CONVERSES, NAMING_ROOTS
from klareco.parse import parse
from klareco.parse.ast import Clause, Sentence, Word
from klareco.parse.questions import pro_verb


@dataclass(frozen=True)
class Frame:
    word: str  # the question word, lowercase: kiu, kion, kie, ĉu …
    role: str  # what the hole is: subject, object, place, time, yes_no, action …
    hole: frozenset[int]  # word indexes of the question word's phrase
    hole_roots: frozenset[str]  # content roots inside it: "jar" in "kiom da jaroj"
    terms: dict[str, float]  # the other constituents' terms → weight (names weigh double)
    verb_roots: frozenset[str]  # the main verb's roots, copulas left out
    negated: bool
    head_terms: frozenset[str]  # terms of the other constituents' head words
    role_terms: tuple[tuple[str, frozenset[str]], ...]  # subject/object/predicate → terms
    names: frozenset[str]  # terms of the question's proper names
    named_class: str | None = None  # the class of what "kiel nomiĝis X" names (PERSONO …)
    preposition: str | None = None  # the one before the question word: "sur" in "sur kio"
    # the terms of each of the main clause's other phrases, its indirect object and its
    # adjuncts (al la roko, en la ĝardenon): what a yes/no question adds to who did what
    phrase_terms: tuple[frozenset[str], ...] = ()
    # the words the question says, each by its last term (its whole stem: "manradik", not
    # the "man" and "radik" it is made of)
    said: frozenset[str] = frozenset()
    # its numerals, by their form ("tri"): apart from ``said``, as an ordinal's stem is the
    # cardinal's form ("en la kvina tago" does not say "kvin fojojn")
    numerals: frozenset[str] = frozenset()
    # its verb's roots and voice, which evidence clauses are read in (``roles.as_asked``)
    voice: Voice | None = None
    # the content roots of its verb and its predicate's head, each with whether "mal-" turns
    # it to its opposite (``mallonga``): the evidence must say the same, not the opposite
    polarity: tuple[tuple[str, bool], ...] = ()
    # who is asked for by the common noun that describes them: "la edzino" in "Kiel nomiĝis
    # la edzino de Petro?" or "Kiu estis la edzino de Petro?" — its whole stem (edzin: a wife,
    # not a husband), and the terms of the names its phrase holds (Petro: whose wife). A name
    # answers only if its sentence gives it to that noun, of that owner
    # (``kin.named_noun``).
    named_stems: frozenset[str] = frozenset()
    named_owners: frozenset[str] = frozenset()
    # the terms of the clause the question word stands in (and, when a name is asked, of
    # what is said of the one named): what it asks about. Its other clauses tell around it
    # ("…, kiam Petro venis al la urbo?", "…, kiu loĝis en Romo?"), often from another
    # sentence than the one that answers. None: every term is the asked clause's.
    core_terms: frozenset[str] | None = None
    # the stems of the common nouns in the question word's phrase: "urb" in "en kiu urbo",
    # "bird" in "kian birdon" (what the answer is a kind of: ``features.kinds_of_class``)
    hole_stems: frozenset[str] = frozenset()
    # the adjectives of the question's noun phrases, by the root of the noun they stand in,
    # with whether mal- turns them: "la juna fratino" asks of a young sister, and "la
    # maljuna fratino" is not one (``yes_no.says_opposite``)
    attributes: tuple[tuple[str, str, bool], ...] = ()
    # whether that describing noun is plural ("Kiuj estis la filoj de Petro?"): all the
    # names it is given answer, as one list, not one of them
    named_plural: bool = False

    @property
    def asks_thing(self) -> bool:
        """kio/kion ask for a thing, rarely for someone by name."""
        return self.word in ("kio", "kion")


def read_frame(question: Sentence) -> Frame | None:
    asked = question.question
    if asked is None:
        return None
    kin = kin_asked_by_kies(question)
    if kin is not None:
        rewritten, stems = kin
        frame = read_frame(rewritten)
        return None if frame is None else replace(frame, named_stems=stems)
    words = question.words
    hole = hole_words(question, asked.index)
    hole_roots = {r for i in hole for r in words[i].content_roots if len(r) > 1}
    role = asked.role
    if hole_roots & NAMING_ROOTS and role in ("object", "subject", "predicate"):
        role = "name"  # kiun nomon …? — a name
    action_verb = pro_verb(question) if hole == {asked.index} else None
    if action_verb is not None:
        role = "action"  # "Kion faris Petro?": what he did, said by any verb
    weights: dict[str, float] = {}
    names: set[str] = set()
    said: set[str] = set()
    numerals: set[str] = set()
    for i, word in enumerate(words):
        if i in hole and not (role == "possessor" and i != asked.index):
            continue  # kies artikolo: the possessed noun is found, its possessor asked
        if i == action_verb:
            continue  # "faris" stands for the verb the evidence says: not one of its words
        if word.terms:
            said.add(word.terms[-1])
        elif word.is_numeral:
            numerals.add(word.form.lower())  # "la tri fratoj": numbers are no index terms
        for term in word.terms:
            weight = 2.0 if word.is_name else 1.0
            weights[term] = max(weights.get(term, 0.0), weight)
            if word.is_name:
                names.add(term)
    main = question.main or Clause(kind="main", words=())
    # "Kiel nomiĝis la reĝo, kiu sendis la leteron?": the naming verb says no action; the
    # relative clause says what the one to name did, and is read as the question's clause
    said_of_name = said_of_named(question, role)
    roles = clause_roles(said_of_name or main, words)
    if role not in ("subject", "object", "predicate", "name", "yes_no") and \
            main.predicate is None and not roles.passive:
        # "Kiam okazis la morto de Petro?" asks when Petro died (what a copula says of the
        # event, "Ĉu la batalo estis longa?", stays said of the event)
        roles = event_noun_roles(main, words) or roles
    verb = words[roles.verb] if roles.verb is not None else None
    if action_verb is not None:
        verb = None  # no verb of its own for the evidence to match, nor its voice
    verb_roots = (frozenset() if verb is None or verb.is_copula
                  else frozenset(verb.content_roots))
    if roles.passive and role in ("subject", "predicate") and asked.index in roles.object:
        role = "object"  # "Kiu estis mortigita?" asks whom the action was done to
    elif roles.passive and (asked.preposition or "").lower() == "de":
        role = "subject"  # "De kiu estis mortigita Petro?" asks who did it
    negated = any(words[i].form.lower() in NEGATION_WORDS for i in main.words)
    heads = {phrase.head for phrase in main.phrases()} - hole
    head_terms = {t for i in heads for t in words[i].terms}
    role_terms = tuple(
        (key, frozenset(t for i in roles.of(key) - hole for t in words[i].terms))
        for key in ("subject", "object", "predicate") if roles.of(key))
    if action_verb is not None and asked.role == "subject" and main.indirect_object:
        # "Kio okazis al Petro?": Petro underwent it, the object of the verb that says it
        role_terms = (*role_terms, ("object", frozenset(
            t for i in main.indirect_object.members() for t in words[i].terms)))
    subject = main.subject
    named_class = words[subject.head].semantic_class if subject is not None else None
    others = [main.indirect_object, *main.adjuncts]
    phrase_terms = tuple(terms for terms in (
        frozenset(t for i in phrase.members() - hole for t in words[i].terms)
        for phrase in others if phrase is not None) if terms)
    given = {key for key, terms in role_terms if terms}
    open_role = role
    if said_of_name is not None:  # the role its relative pronoun has there (kiun: object)
        open_role = next((key for key in ("subject", "object")
                          if said_of_name.introducer in roles.of(key)), role)
    voice = Voice(verb_roots, voice_suffix(verb), open_role == "object" or "object" in given,
                  "subject" in given) if verb is not None and verb_roots else None
    said_of = [verb] if verb is not None and not verb.is_copula else []
    if main.predicate is not None and main.predicate.head not in hole:
        said_of.append(words[main.predicate.head])
    polarity = tuple((root, opposite(word)) for word in said_of for root in word.content_roots)
    named_stems, named_owners = described_by(question, role, hole)
    named_plural = bool(named_stems) and words[main.subject.head].feat("Number") == "Plur"
    return Frame((asked.word or "").lower(), role, frozenset(hole), frozenset(hole_roots),
                 weights, verb_roots, negated, frozenset(head_terms), role_terms,
                 frozenset(names), named_class,
                 asked.preposition.lower() if asked.preposition else None, phrase_terms,
                 frozenset(said), frozenset(numerals), voice, polarity, named_stems,
                 named_owners, _core_terms(question, asked.index, said_of_name, weights),
                 frozenset(words[i].stem.lower() for i in hole if words[i].xpos == "NOUN"),
                 attributes(main, words, hole), named_plural)


def attributes(clause: Clause, words: tuple[Word, ...], leave: Iterable[int] = ()
               ) -> tuple[tuple[str, str, bool], ...]:
    """Each adjective of the clause's noun phrases, outside ``leave``, as (the root of the
    phrase's head noun, the adjective's root, whether mal- turns it): ``Frame.attributes``."""
    left = set(leave)
    found = []
    for phrase in clause.phrases():
        head = words[phrase.head]
        if head.xpos != "NOUN" or not head.roots or phrase.head in left:
            continue
        found += [(head.roots[-1], root, opposite(words[i])) for i in sorted(phrase.members())
                  if i not in left and words[i].xpos == "ADJ" for root in words[i].content_roots]
    return tuple(found)


def _core_terms(question: Sentence, index: int | None, said_of_name: Clause | None,
                weights: dict[str, float]) -> frozenset[str] | None:
    """``Frame.core_terms``: the terms of the clause holding the question word ``index``
    and of ``said_of_name``; None when the question has no other clause with a term."""
    asked = next((c for c in question.clauses if index in c.words), None)
    if asked is None:
        return None
    kept = set(asked.words) | (set(said_of_name.words) if said_of_name else set())
    core = frozenset(t for i in kept for t in question.words[i].terms) & weights.keys()
    return None if core == weights.keys() else core


def described_by(question: Sentence, role: str, hole: set[int]
                 ) -> tuple[frozenset[str], frozenset[str]]:
    """The whole stem of the common noun that describes whom a question asks to name
    ("Kiel nomiĝis la edzino de Petro?", "Kiu estis la edzino de Petro?": its subject, the
    question word the name or the copula's other side), and the terms of the names in that
    noun's phrase (Petro); empty when it asks otherwise."""
    words, main = question.words, question.main
    if main is None or main.subject is None or main.subject.head in hole:
        return frozenset(), frozenset()
    copula = main.verb is not None and words[main.verb].is_copula
    if role != "name" and not (copula and role in ("subject", "predicate") and
                               words[min(hole, default=0)].form.lower() in ("kiu", "kiuj")):
        return frozenset(), frozenset()
    head = words[main.subject.head]
    if head.xpos != "NOUN" or head.is_name or not head.terms:
        return frozenset(), frozenset()
    owners = {t for i in main.subject.members() - {main.subject.head} if words[i].is_name
              for t in words[i].terms}
    return frozenset(head.terms[-1:]), frozenset(owners)


def kin_asked_by_kies(question: Sentence) -> tuple[Sentence, frozenset[str]] | None:
    """"Kies filo estis Petro?" asks what "Kiu estis la patro de Petro?" asks: whose son
    Petro was is who his parent was (``KIN_CONVERSES``). For a ``kies`` with a kin noun
    that a copula says of a name, that question, parsed, and the stems of the converse
    nouns (``patr``, ``patrin``: the father or the mother, as ``kies`` does not say which);
    None for any other question."""
    asked, main, words = question.question, question.main, question.words
    if asked is None or asked.word != "kies" or main is None or main.verb is None or \
            not words[main.verb].is_copula or main.subject is None or main.predicate is None:
        return None
    sides = (main.predicate, main.subject)
    if asked.index in main.subject.words:  # "Petro estis kies filo?"
        sides = (main.subject, main.predicate)
    kin, named = (words[side.head] for side in sides)
    converse = KIN_CONVERSES.get(kin.terms[-1]) if kin.terms and not kin.is_name else None
    if not converse or not named.is_name:
        return None
    name = " ".join(words[i].form for i in sorted(sides[1].words) if words[i].is_name)
    noun = min(converse)  # the converse of fewest letters: patr, not patrin
    return parse(f"Kiu {words[main.verb].form.lower()} la {noun}o de {name}?"), converse


def said_of_named(question: Sentence, role: str) -> Clause | None:
    """For a question asking a name, the relative clause right after the main clause's
    subject, with a verb of its own: what it says of the one whose name is asked ("Kiel
    nomiĝis la viro, kiun Petro vidis?": the one Petro saw); None otherwise."""
    main = question.main
    if role != "name" or main is None or main.subject is None:
        return None
    end = max(main.subject.members())
    for clause in question.clauses[1:]:
        if clause.kind != "relative" or clause.verb is None or clause.introducer is None:
            continue
        before = clause.introducer - 1
        if question.words[before].form == ",":
            before -= 1
        if before == end:
            return clause
    return None


def opposite(word: Word) -> bool:
    """Whether the prefix mal- makes the word the opposite of its root: mallonga is not
    longa, malfermi undoes fermi."""
    return "mal" in word.prefixes


def hole_words(question: Sentence, index: int | None) -> set[int]:
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
    # the noun right after a determiner question word belongs to it (kiu urbo, kiom da
    # jaroj); kie, kiam, kiel, kial and kio take none ("Kie knaboj dormis?": the subject)
    if words[index].xpos == "DET":
        after = index + 1
        while after < len(words) and (words[after].xpos == "ADJ" or
                                      words[after].form.lower() == "da"):
            after += 1
        if after < len(words) and words[after].xpos == "NOUN":
            found |= set(range(index, after + 1))
    # a name is what the question is about, never part of what it asks ("Per kio David …")
    return {i for i in found if i == index or not words[i].is_name}


def matched_words(words: tuple[Word, ...], weights: dict[str, float]) -> set[int]:
    """The words of a sentence that carry one of the question's terms."""
    wanted = weights.keys()
    return {i for i, word in enumerate(words) if not wanted.isdisjoint(word.terms)}


def coverage(words: tuple[Word, ...], matched: set[int], weights: dict[str, float]) -> float:
    """The weighted share of the question's terms the sentence holds."""
    total = sum(weights.values())
    if not total:
        return 0.0
    found = {t for i in matched for t in words[i].terms} & weights.keys()
    return sum(weights[t] for t in found) / total


def names_found(words: tuple[Word, ...], frame: Frame,
                context: frozenset[str] = frozenset()) -> float:
    """The share of the question's names that the sentence (with its ``context``) mentions,
    1 when it asks about none: an answer about someone else is the commonest wrong answer
    to an unanswerable question."""
    if not frame.names:
        return 1.0
    there = {t for word in words for t in word.terms} | context
    return len(frame.names & there) / len(frame.names)
