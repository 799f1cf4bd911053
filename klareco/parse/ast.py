"""The morphological and syntactic AST: frozen, JSON-serialisable dataclasses.

Field names follow Universal Dependencies where UD has a name (``lemma``, ``pos`` = UPOS,
``feats``), and ``klareco/../DESIGN.md`` ("Interfaces") for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Morpheme:
    """One piece of a word: its text and its class (prefix, root, suffix, ending …)."""

    text: str
    kind: str
    known: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "known": self.known}


@dataclass(frozen=True)
class Word:
    """A word (or punctuation token) with its exact segmentation and grammatical features.

    ``index``, ``start`` and ``end`` place it in its sentence (``-1`` for a word analysed
    out of context). ``lemma`` is the stem without the grammatical ending, as in UD.
    """

    form: str
    lemma: str
    pos: str
    morphemes: tuple[Morpheme, ...] = ()
    prefixes: tuple[str, ...] = ()
    roots: tuple[str, ...] = ()  # head root last
    suffixes: tuple[str, ...] = ()
    ending: str | None = None  # o a e i as is os us u, or ' for elision
    feats: tuple[tuple[str, str], ...] = ()  # sorted (name, value) pairs
    correlative: tuple[str, str] | None = None  # (prefix, suffix), e.g. ("ki", "u")
    proper: bool = False
    elided: bool = False
    known: bool = True
    word_class: str = ""  # finer class: noun, verb, pronoun, correlative, preposition, …
    semantic_class: str | None = None  # the dictionary's class of the head root (PERSONO …)
    index: int = -1
    start: int = -1
    end: int = -1

    def feat(self, name: str) -> str | None:
        """The value of one UD feature, or None."""
        for key, value in self.feats:
            if key == name:
                return value
        return None

    @property
    def case(self) -> str | None:
        return self.feat("Case")

    @property
    def is_punct(self) -> bool:
        return self.pos in ("PUNCT", "SYM")

    def to_dict(self) -> dict[str, Any]:
        return {
            "form": self.form,
            "lemma": self.lemma,
            "prefixes": list(self.prefixes),
            "roots": list(self.roots),
            "suffixes": list(self.suffixes),
            "ending": self.ending,
            "pos": self.pos,
            "feats": dict(self.feats),
            "correlative": (
                {"prefix": self.correlative[0], "suffix": self.correlative[1]}
                if self.correlative
                else None
            ),
            "proper": self.proper,
            "elided": self.elided,
            "known": self.known,
            "morphemes": [m.to_dict() for m in self.morphemes],
            "class": self.word_class,
            "semantic_class": self.semantic_class,
            "index": self.index,
            "start": self.start,
            "end": self.end,
        }


@dataclass(frozen=True)
class Phrase:
    """A constituent: its head word, all its words (in order) and the preposition, if any."""

    kind: str  # noun, adjective, adverb, prepositional, verb, clause
    head: int  # index of the head word in the sentence
    words: tuple[int, ...]
    preposition: int | None = None
    case: str | None = None

    def text(self, words: tuple[Word, ...]) -> str:
        return " ".join(words[i].form for i in self.words)

    def to_dict(self, words: tuple[Word, ...]) -> dict[str, Any]:
        head = words[self.head]
        return {
            "kind": self.kind,
            "text": self.text(words),
            "head": {"index": head.index, "form": head.form, "lemma": head.lemma},
            "modifiers": [
                {"index": i, "form": words[i].form} for i in self.words if i != self.head
            ],
            "preposition": words[self.preposition].form.lower()
            if self.preposition is not None
            else None,
            "case": self.case,
        }


@dataclass(frozen=True)
class Clause:
    """A clause with its roles, found from case marking and prepositions."""

    kind: str  # main, subordinate, relative, coordinate
    words: tuple[int, ...]
    introducer: int | None = None  # the subordinator or relative word
    verb: int | None = None
    subject: Phrase | None = None
    object: Phrase | None = None
    predicate: Phrase | None = None
    indirect_object: Phrase | None = None
    adjuncts: tuple[Phrase, ...] = ()
    parent: int | None = None  # index of the enclosing clause

    def to_dict(self, words: tuple[Word, ...]) -> dict[str, Any]:
        def phrase(p: Phrase | None) -> dict[str, Any] | None:
            return p.to_dict(words) if p else None

        return {
            "kind": self.kind,
            "introducer": words[self.introducer].form if self.introducer is not None else None,
            "verb": _verb_dict(words, self.verb),
            "subject": phrase(self.subject),
            "object": phrase(self.object),
            "predicate": phrase(self.predicate),
            "indirect_object": phrase(self.indirect_object),
            "adjuncts": [a.to_dict(words) for a in self.adjuncts],
            "parent": self.parent,
            "words": list(self.words),
        }


def _verb_dict(words: tuple[Word, ...], index: int | None) -> dict[str, Any] | None:
    if index is None:
        return None
    verb = words[index]
    return {"index": index, "form": verb.form, "lemma": verb.lemma, "feats": dict(verb.feats)}


@dataclass(frozen=True)
class Question:
    """The question word of a question and the role it asks about."""

    word: str | None  # lowercase question word (kiu, kie, ĉu …), None for intonation questions
    role: str  # subject, object, predicate, place, time, yes_no …
    index: int | None = None  # the question word's index
    preposition: str | None = None  # "al" in "Al kiu …?"

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "role": self.role,
            "index": self.index,
            "preposition": self.preposition,
        }


@dataclass(frozen=True)
class Sentence:
    """A parsed sentence: words, clauses (main clause first) and the sentence type."""

    text: str
    words: tuple[Word, ...]
    clauses: tuple[Clause, ...]
    type: str  # statement, question, command
    question: Question | None = None
    heads: tuple[int, ...] = field(default=(), repr=False)  # UD head per word (0 = root)
    deprels: tuple[str, ...] = field(default=(), repr=False)

    @property
    def main(self) -> Clause | None:
        return self.clauses[0] if self.clauses else None

    @property
    def subject(self) -> Phrase | None:
        return self.main.subject if self.main else None

    @property
    def verb(self) -> Word | None:
        main = self.main
        return self.words[main.verb] if main and main.verb is not None else None

    @property
    def object(self) -> Phrase | None:
        return self.main.object if self.main else None

    @property
    def predicate(self) -> Phrase | None:
        return self.main.predicate if self.main else None

    def to_dict(self) -> dict[str, Any]:
        main = self.main
        empty = Clause(kind="main", words=())
        main_dict = (main or empty).to_dict(self.words)
        return {
            "text": self.text,
            "type": self.type,
            "question": self.question.to_dict() if self.question else None,
            "subject": main_dict["subject"],
            "verb": main_dict["verb"],
            "object": main_dict["object"],
            "predicate": main_dict["predicate"],
            "indirect_object": main_dict["indirect_object"],
            "adjuncts": main_dict["adjuncts"],
            "clauses": [c.to_dict(self.words) for c in self.clauses],
            "words": [w.to_dict() for w in self.words],
        }
