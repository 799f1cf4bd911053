"""The morphological and syntactic AST: frozen, JSON-serialisable dataclasses.

Field names follow Universal Dependencies where UD has a name (``lemma``, ``pos`` = UPOS,
``feats``), and ``klareco/../DESIGN.md`` ("Interfaces") for the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from klareco.lexicon.closed_classes import (
    CARDINAL_DIGITS,
    CARDINAL_MULTIPLIERS,
    PERSONAL_PRONOUNS,
)
from klareco.lexicon.semantics import (
    COPULAS,
    NAMING_ROOTS,
    PERSON_CLASSES,
    PERSON_KEEPING_SUFFIXES,
    PERSON_SUFFIXES,
)


@dataclass(frozen=True)
class Morpheme:
    """One piece of a word: its text and its class (prefix, root, suffix, ending …)."""

    text: str
    kind: str
    known: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "known": self.known}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Morpheme:
        return cls(data["text"], data["kind"], data.get("known", True))


@dataclass(frozen=True)
class Term:
    """One index term of a word: as shown (``mitrandiro``), as indexed (``mitrandir``), and
    its kind: ``name``, ``root``, ``stem`` (a derived word's whole stem) or ``number``."""

    text: str
    term: str
    kind: str


# The values a ``Word`` derives from its fields and keeps in its ``__dict__`` once read
# (``_stored_terms``: the index terms a stored word came with, ``from_row``).
DERIVED = ("xpos", "case", "index_terms", "terms", "_stored_terms")

# Roots too empty to tell sentences apart: the one-root copulas ("est", "rest" …) and the
# affixes that also stand alone as roots ("adi", "igi", "iĝi").
_EMPTY_ROOTS = frozenset({c[0] for c in COPULAS if len(c) == 1} | {"ad", "ig", "iĝ"})
_CONTENT_POS = frozenset({"NOUN", "VERB", "ADJ", "ADV"})

# The roles a clause's noun phrases can have, in the order they are read.
ROLE_NAMES = ("subject", "object", "predicate", "indirect_object")


@dataclass(frozen=True)
class Word:
    """A word (or punctuation token) with its exact segmentation and grammatical features.

    ``index``, ``start`` and ``end`` place it in its sentence (``-1`` for a word analysed
    out of context). ``lemma``, ``pos`` and ``feats`` follow the official UD conventions
    (``klareco.parse.conventions``): ``lemma`` is the dictionary form (``hundo``,
    ``mortigi``), ``stem`` the lemma without its ending (``hund``, ``mortig``), which is what
    retrieval indexes. ``directional`` marks an accusative of direction (en la domon).
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
    stem: str = ""
    directional: bool = False
    # the analyses of a hyphenated word's parts ("nigre-griza" → nigre, griza), else empty
    parts: tuple[Word, ...] = field(default=(), repr=False)

    def feat(self, name: str) -> str | None:
        """The value of one UD feature, or None."""
        for key, value in self.feats:
            if key == name:
                return value
        return None

    # The values derived from a word's fields are computed once, kept beside the fields (so
    # equality and hashing ignore them), and then read as plain attributes: the expert reads
    # them thousands of times a question. A word changed by ``klareco.parse.conventions``
    # drops them (``DERIVED``); a stored word comes with them (``from_row``).

    @cached_property
    def case(self) -> str | None:
        """The grammatical case as the parser's own analysis has it (``xpos``'s conventions):
        Nom, Acc, Lat for an accusative of direction (en la domon), Nom for a name without
        an ending, None for the -o correlatives (kio)."""
        return _own_tags(self)[2].get("Case") or None

    @cached_property
    def xpos(self) -> str:
        """The parser's own part of speech, in the ETB treebank's conventions (``esti`` VERB,
        participles ADJ, possessives DET, particles PART: ``klareco.parse.conventions``).
        The answer expert and the question generator were built on it."""
        return _own_tags(self)[1]

    @property
    def is_punct(self) -> bool:
        return self.pos in ("PUNCT", "SYM")

    @property
    def is_name(self) -> bool:
        """A proper name (Habel, Ofelio), however the tagger reached it."""
        return self.proper or self.pos == "PROPN"

    @property
    def is_numeral(self) -> bool:
        """A number word or a count of times built from numerals (tri, 1917, trifoje)."""
        if self.pos == "NUM":
            return True
        return self.pos == "ADV" and bool(self.roots) and self.roots[-1] == "foj" and all(
            r in CARDINAL_DIGITS or r in CARDINAL_MULTIPLIERS for r in self.roots[:-1])

    @property
    def is_person(self) -> bool:
        """Whether the word names a person: a root of a class of people (knabo, reĝo), a
        noun made with a suffix of people (junulo, instruistino), a noun participle
        (parolanto: one who speaks), or a personal pronoun other than ĝi. Names are left to
        the caller: a name may be a place's."""
        if self.pos == "PRON":
            return (self.word_class == "pronoun" and self.lemma.lower() in PERSONAL_PRONOUNS
                    and self.lemma.lower() != "ĝi")
        if self.pos != "NOUN":
            return False
        suffixes = list(self.suffixes)
        while suffixes and suffixes[-1] in PERSON_KEEPING_SUFFIXES:
            suffixes.pop()
        if suffixes:
            return suffixes[-1] in PERSON_SUFFIXES
        return self.semantic_class in PERSON_CLASSES or any(
            m.kind == "participle" for m in self.morphemes)

    @property
    def is_content(self) -> bool:
        """A word that can carry an answer: nouns, names, numbers, adjectives, verbs, foreign
        words, and adverbs built on a root (not "jam", "tre"). Auxiliaries count as verbs."""
        return self.pos in ("NOUN", "PROPN", "NUM", "ADJ", "VERB", "AUX", "X") or (
            self.pos == "ADV" and bool(self.roots))

    @property
    def is_copula(self) -> bool:
        """A verb that links its subject to a predicate (estas, fariĝis, nomiĝas); see
        ``klareco.lexicon.semantics.COPULAS``. Participles are not counted."""
        return (self.pos in ("VERB", "AUX") and not self.prefixes
                and self.feat("VerbForm") not in ("Part", "Ger")
                and (*self.roots, *self.suffixes) in COPULAS)

    @property
    def content_roots(self) -> tuple[str, ...]:
        """What the word is about, for comparing words: a name's lowercased stem, else its
        roots (head root last)."""
        return (self.stem.lower(),) if self.is_name else self.roots

    @cached_property
    def index_terms(self) -> tuple[Term, ...]:
        """The word's index terms, with repeats (see ``klareco.retrieval.keywords``): a name
        whole and lowercased, the roots of nouns, verbs, adjectives and adverbs, a derived
        word's whole stem, digit numbers, each part of a hyphenated word; nothing for
        function words, correlatives and copulas (but the naming root of nomiĝi)."""
        stored = self.__dict__.get("_stored_terms")
        if stored is not None:  # (text, term, kind) runs, made into terms only when read
            return tuple(map(Term, stored[::3], stored[1::3], stored[2::3]))
        return tuple(_index_terms(self))

    @cached_property
    def terms(self) -> tuple[str, ...]:
        """The indexed form of each of ``index_terms``."""
        return tuple(t.term for t in self.index_terms)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Word:
        """The word ``to_dict`` wrote (a stored word without ``morphemes`` gets none)."""
        correlative = data.get("correlative")
        # Filled in directly, without the frozen __init__: the engine reads a few hundred
        # stored words per question, and every field is given here.
        word = object.__new__(cls)
        word.__dict__.update(
            form=data["form"], lemma=data["lemma"], stem=data.get("stem", data["lemma"]),
            pos=data["pos"], directional=data.get("directional", False),
            morphemes=tuple(Morpheme.from_dict(m) for m in data.get("morphemes") or ()),
            prefixes=tuple(data["prefixes"]), roots=tuple(data["roots"]),
            suffixes=tuple(data["suffixes"]), ending=data.get("ending"),
            feats=tuple(sorted(data["feats"].items())) if data["feats"] else (),
            correlative=(correlative["prefix"], correlative["suffix"]) if correlative else None,
            proper=data["proper"], elided=data["elided"], known=data["known"],
            word_class=data["class"], semantic_class=data.get("semantic_class"),
            index=data["index"], start=data["start"], end=data["end"],
            parts=tuple(cls.from_dict(p) for p in data["parts"]) if "parts" in data else (),
        )
        return word

    def to_dict(self) -> dict[str, Any]:
        data = {
            "form": self.form,
            "lemma": self.lemma,
            "stem": self.stem,
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
        if self.directional:
            data["directional"] = True
        if self.parts:
            data["parts"] = [p.to_dict() for p in self.parts]
        return data

    def to_row(self) -> list[Any]:
        """The word as the store keeps it (``Sentence.to_row``): its fields by position, no
        ``morphemes``, and what the expert derives from it (``xpos``, ``case``, the index
        terms), so that a word read back derives nothing again. Lists and no keys: the engine
        reads a few hundred stored words per question, and a sentence stored so is 40 % of
        its ``to_dict`` JSON, parsed in 60 % of the time and built in 70 %."""
        flags = (self.proper | self.elided << 1 | (not self.known) << 2
                 | self.directional << 3)
        row = [self.form, self.lemma, self.stem, self.pos, self.prefixes, self.roots,
               self.suffixes, self.ending, [part for pair in self.feats for part in pair],
               self.correlative, flags, self.word_class, self.semantic_class, self.index,
               self.start, self.end, self.xpos, self.case or "",
               [part for t in self.index_terms for part in (t.text, t.term, t.kind)]]
        if self.parts:
            row.append([p.to_row() for p in self.parts])
        return row

    @classmethod
    def from_row(cls, row: list[Any]) -> Word:
        """The word ``to_row`` wrote (without ``morphemes``)."""
        # Filled in directly, without the frozen __init__, as from_dict does; a field left
        # out (morphemes, and the flags, correlative and parts most words lack) reads as the
        # class's default. The engine decodes a few hundred words a question.
        word = object.__new__(cls)
        feats, flags, kept = row[8], row[10], row[18]
        fields = word.__dict__
        fields.update(
            form=row[0], lemma=row[1], stem=row[2], pos=row[3],
            prefixes=tuple(row[4]), roots=tuple(row[5]), suffixes=tuple(row[6]),
            ending=row[7],
            feats=tuple(zip(feats[::2], feats[1::2], strict=True)) if feats else (),
            known=not flags & 4, word_class=row[11], semantic_class=row[12], index=row[13],
            start=row[14], end=row[15],
            # the derived values, as the word's own properties would compute them
            xpos=row[16], case=row[17] or None, terms=tuple(kept[1::3]), _stored_terms=kept)
        if flags & 11:
            fields.update(proper=bool(flags & 1), elided=bool(flags & 2),
                          directional=bool(flags & 8))
        if row[9]:
            fields["correlative"] = tuple(row[9])
        if len(row) > 19:
            fields["parts"] = tuple(cls.from_row(p) for p in row[19])
        return word


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

    def members(self) -> set[int]:
        """The indexes of the head and all its words."""
        return {self.head, *self.words}

    def preposition_form(self, words: tuple[Word, ...]) -> str | None:
        """The preposition, lowercased ("al"), or None."""
        return words[self.preposition].form.lower() if self.preposition is not None else None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Phrase:
        return cls(data["kind"], data["head"]["index"], tuple(data["words"]),
                   data.get("preposition_index"), data.get("case"))

    def to_row(self) -> list[Any]:
        """The phrase as the store keeps it (``Sentence.to_row``)."""
        return [self.kind, self.head, self.words, self.preposition, self.case]

    @classmethod
    def from_row(cls, row: list[Any]) -> Phrase:
        # without the frozen __init__, as Word.from_row (a sentence has a dozen phrases)
        phrase = object.__new__(cls)
        phrase.__dict__.update(kind=row[0], head=row[1], words=tuple(row[2]),
                               preposition=row[3], case=row[4])
        return phrase

    def to_dict(self, words: tuple[Word, ...]) -> dict[str, Any]:
        head = words[self.head]
        return {
            "kind": self.kind,
            "text": self.text(words),
            "head": {"index": head.index, "form": head.form, "lemma": head.lemma},
            "modifiers": [
                {"index": i, "form": words[i].form} for i in self.words if i != self.head
            ],
            "preposition": self.preposition_form(words),
            "case": self.case,
            "words": list(self.words),
            "preposition_index": self.preposition,
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

    def role_phrases(self) -> list[tuple[str, Phrase]]:
        """(role, phrase) of the subject, object, predicate and indirect object it has."""
        found = [(role, getattr(self, role)) for role in ROLE_NAMES]
        return [(role, phrase) for role, phrase in found if phrase is not None]

    def phrases(self) -> list[Phrase]:
        """Its role phrases, then its adjuncts."""
        return [p for _, p in self.role_phrases()] + list(self.adjuncts)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clause:
        def phrase(key: str) -> Phrase | None:
            found = data.get(key)
            return Phrase.from_dict(found) if found else None

        verb = data.get("verb")
        return cls(
            kind=data["kind"], words=tuple(data["words"]),
            introducer=data.get("introducer_index"), verb=verb["index"] if verb else None,
            subject=phrase("subject"), object=phrase("object"), predicate=phrase("predicate"),
            indirect_object=phrase("indirect_object"),
            adjuncts=tuple(Phrase.from_dict(a) for a in data.get("adjuncts") or ()),
            parent=data.get("parent"),
        )

    def to_row(self) -> list[Any]:
        """The clause as the store keeps it (``Sentence.to_row``)."""
        return [self.kind, self.words, self.introducer, self.verb,
                *[p.to_row() if p else None for p in
                  (self.subject, self.object, self.predicate, self.indirect_object)],
                [a.to_row() for a in self.adjuncts], self.parent]

    @classmethod
    def from_row(cls, row: list[Any]) -> Clause:
        def phrase(found: list[Any] | None) -> Phrase | None:
            return Phrase.from_row(found) if found else None

        clause = object.__new__(cls)  # without the frozen __init__, as Phrase.from_row
        clause.__dict__.update(
            kind=row[0], words=tuple(row[1]), introducer=row[2], verb=row[3],
            subject=phrase(row[4]), object=phrase(row[5]), predicate=phrase(row[6]),
            indirect_object=phrase(row[7]), adjuncts=tuple(Phrase.from_row(a) for a in row[8]),
            parent=row[9])
        return clause

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
            "introducer_index": self.introducer,
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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        return cls(data.get("word"), data["role"], data.get("index"), data.get("preposition"))


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
    def name_terms(self) -> frozenset[str]:
        """The index terms of its proper names: what a later sentence may refer back to."""
        return name_terms(self.words)

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
            "heads": list(self.heads),
            "deprels": list(self.deprels),
        }

    def to_row(self) -> list[Any]:
        """The sentence as the store keeps it: nested lists by position (no repeated keys),
        each word without its morphemes but with what is derived from it (``Word.to_row``).
        ``Sentence.from_row(s.to_row())`` is ``s`` with ``morphemes=()`` in every word."""
        question = self.question
        return [self.text, self.type, [w.to_row() for w in self.words],
                [c.to_row() for c in self.clauses], self.heads, self.deprels,
                [question.word, question.role, question.index, question.preposition]
                if question else None]

    @classmethod
    def from_row(cls, row: list[Any]) -> Sentence:
        """The sentence ``to_row`` wrote."""
        return cls(row[0], tuple(Word.from_row(w) for w in row[2]),
                   tuple(Clause.from_row(c) for c in row[3]), row[1],
                   Question(*row[6]) if row[6] else None, tuple(row[4]), tuple(row[5]))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sentence:
        """The sentence ``to_dict`` wrote: ``Sentence.from_dict(s.to_dict()) == s``. The main
        clause's roles repeated at the top level are read from ``clauses``."""
        question = data.get("question")
        return cls(
            text=data["text"], words=tuple(Word.from_dict(w) for w in data["words"]),
            clauses=tuple(Clause.from_dict(c) for c in data.get("clauses") or ()),
            type=data["type"], question=Question.from_dict(question) if question else None,
            heads=tuple(data.get("heads") or ()), deprels=tuple(data.get("deprels") or ()),
        )


def _own_tags(word: Word) -> tuple[str, str, dict[str, str]]:
    from klareco.parse.conventions import etb_tags  # conventions builds on this module

    return etb_tags(word)


def name_terms(words: Iterable[Word]) -> frozenset[str]:
    """The index terms that the proper names among ``words`` give."""
    return frozenset(t.term for word in words for t in word.index_terms if t.kind == "name")


def name_term(lemma: str) -> str:
    """A name's index term: lowercased, without the noun ending and its plural, so Habel =
    Habelo = Habelon, and a people's name is one term however many are meant (Zorbujano =
    Zorbujanoj = Zorbujanojn: a name's lemma keeps its -j)."""
    low = lemma.lower()
    if len(low) > 4 and low.endswith("oj"):
        low = low[:-1]
    return low[:-1] if len(low) > 3 and low.endswith("o") else low


def _index_terms(word: Word) -> list[Term]:
    if word.pos == "NUM" and word.form.isdigit():
        return [Term(word.form, word.form, "number")]  # years and counts: 1834, 969
    if word.parts:
        return [t for part in word.parts for t in part.index_terms]
    if word.is_name:
        found = []
        if any(c.isalpha() for c in word.stem):
            found.append(Term(word.stem.lower(), name_term(word.stem), "name"))
        if not word.known:
            return found
        # A capitalised known word (Dio) is a name here but a plain noun at a sentence
        # start: its roots make both meet.
    elif word.is_copula:
        # A copula only links its subject to the predicate (estas, fariĝis), except that a
        # naming one (nomiĝis) says the predicate is a name, which naming words elsewhere
        # ("ŝia nomo estis …") also say: its naming root stays a term.
        return [Term(r, r, "root") for r in word.roots if r in NAMING_ROOTS]
    elif word.pos not in _CONTENT_POS or word.word_class == "correlative" or not word.roots:
        return []  # function words, correlatives (kiu, kie …), primitive adverbs (jam, nun)
    else:
        found = []
    roots = [r for r in word.roots if len(r) > 1 and r not in _EMPTY_ROOTS]
    found += [Term(root, root, "root") for root in roots]
    stem = word.stem.lower()
    if roots and word.pos != "PROPN" and stem not in roots and stem not in _EMPTY_ROOTS:
        found.append(Term(stem, stem, "stem"))
    return found
