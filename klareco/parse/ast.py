"""The morphological and syntactic AST: frozen, JSON-serialisable dataclasses.

Field names follow Universal Dependencies where UD has a name (``lemma``, ``pos`` = UPOS,
``feats``), and ``klareco/../DESIGN.md`` ("Interfaces") for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
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

    @property
    def case(self) -> str | None:
        """The grammatical case as the parser's own analysis has it (``xpos``'s conventions):
        Nom, Acc, Lat for an accusative of direction (en la domon), Nom for a name without
        an ending, None for the -o correlatives (kio)."""
        found = self.__dict__.get("_case")  # read first: the expert asks thousands of times
        if found is None:
            found = self._memo("_case", lambda: _own_tags(self)[2].get("Case", ""))
        return found or None

    @property
    def xpos(self) -> str:
        """The parser's own part of speech, in the ETB treebank's conventions (``esti`` VERB,
        participles ADJ, possessives DET, particles PART: ``klareco.parse.conventions``).
        The answer expert and the question generator were built on it."""
        found = self.__dict__.get("_xpos")
        return found if found is not None else self._memo("_xpos", lambda: _own_tags(self)[1])

    @property
    def stored_derivations(self) -> list[Any]:
        """What the store keeps beside a word's fields so that reading it back derives
        nothing again (``Word.from_dict``): ``xpos``, ``case`` (``""`` for none) and the
        index terms as (text, term, kind)."""
        return [self.xpos, self.case or "", [[t.text, t.term, t.kind] for t in self.index_terms]]

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

    @property
    def index_terms(self) -> tuple[Term, ...]:
        """The word's index terms, with repeats (see ``klareco.retrieval.keywords``): a name
        whole and lowercased, the roots of nouns, verbs, adjectives and adverbs, a derived
        word's whole stem, digit numbers, each part of a hyphenated word; nothing for
        function words, correlatives and copulas (but the naming root of nomiĝi)."""
        found = self.__dict__.get("_index_terms")
        if found is None:
            found = self._memo("_index_terms", lambda: tuple(_index_terms(self)))
        return found

    @property
    def terms(self) -> tuple[str, ...]:
        """The indexed form of each of ``index_terms``."""
        found = self.__dict__.get("_terms")  # read first: asked thousands of times a question
        if found is None:
            found = self._memo("_terms", lambda: tuple(t.term for t in self.index_terms))
        return found

    def _memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """A derived value computed once per word (the expert reads a word's terms many
        times); kept beside the fields, so equality and hashing ignore it."""
        found = self.__dict__.get(key)
        if found is None:
            found = compute()
            object.__setattr__(self, key, found)
        return found

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
        kept = data.get("derived")  # written by the store (``stored_derivations``)
        if kept is not None:
            index_terms = tuple(Term(*t) for t in kept[2])
            word.__dict__.update(_xpos=kept[0], _case=kept[1], _index_terms=index_terms,
                                 _terms=tuple(t.term for t in index_terms))
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
    """A name's index term: lowercased, without the noun ending, so Habel = Habelo = Habelon."""
    low = lemma.lower()
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
