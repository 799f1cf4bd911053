"""The Universal Dependencies tree of a sentence: every word a head and a relation, one root.

The tree is read from the clause analysis (``syntax.py``): its subject, object, predicate and
adjuncts, found from case and prepositions, are the tree's ``nsubj``, ``obj``, ``cop`` and
``obl``; so roles and tree are one analysis, never two. What the roles do not say comes from
facts of Esperanto grammar, one small rule each:

* a clause hangs from its verb; with ``esti`` and a nominative predicate, from the predicate
  (``esti`` is its ``cop``), and with a participle, from the participle (``esti`` is its
  ``aux``, ``aux:pass`` for -at-/-it-/-ot-, whose subject is ``nsubj:pass``); the other
  copulas (fariĝi, resti …) keep the verb as head and the predicate as its ``xcomp``;
* a relative clause (``kiu``, ``kie`` … after a nominal) is the ``acl:relcl`` of that
  nominal; a clause of ``ke`` or ``ĉu``, or an indirect question with a pronominal ki- word
  (kiu, kio), is a ``ccomp``; other subordinate clauses are ``advcl``; the subordinator is
  their ``mark``; a clause after a coordinator or a comma is a ``conj`` of the first one, after
  a semicolon or colon a ``parataxis``;
* inside a noun phrase: the article and determiners are ``det``, possessives ``nmod:poss``,
  numerals ``nummod``, adjectives and participles ``amod``, a name after a name ``flat``,
  a noun after a noun in the same case ``appos``; a ``de``/``da`` phrase after a noun is its
  ``nmod``; a preposition is the ``case`` of its noun;
* a nominal after a coordinator (or a comma) following one in the same case is its ``conj``,
  the coordinator the ``cc`` of the second; a nominal set off by a comma after one in the same
  case is its ``appos``;
* an infinitive is the ``xcomp`` of the verb before it (``volas iri``); after a
  preposition (``por manĝi``) it is an ``advcl`` with the preposition as ``mark``;
* adverbs and particles are ``advmod``: of the adjective, adverb, numeral or determiner they
  stand before (``tre bela``, ``ĉi tiu``), of the nominal a focus particle stands before
  (``nur biciklon``), else of their clause;
* punctuation: the sentence's final mark hangs from the root; a comma from the conjunct or
  clause it opens when it opens one, else from the phrase it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# syntax imports this module: its own names are read from the module at call time (not
# imported inside the hot functions, which costs a lookup on every call).
import klareco.parse.syntax as syntax
from klareco.lexicon.semantics import CHILD_NOUNS, SAYING_ROOTS, TIME_AND_MEASURE_ROOTS
from klareco.parse.ast import Clause, Phrase, Word

if TYPE_CHECKING:
    from klareco.parse.syntax import _Chunk

# Particles that mark the focus of the phrase after them (nur biciklon, eĉ li).
_FOCUS_PARTICLES = frozenset({"nur", "eĉ", "ankaŭ", "ne", "ja", "precipe", "ĉefe", "tre",
                              "tro", "pli", "plej", "malpli", "malplej", "tiel", "tiom"})
# Particles that qualify the word before them (kiu ajn, li mem).
_TRAILING_PARTICLES = frozenset({"ajn", "mem"})
# The chunks that are phrases (a prepositional one governs one of the others).
NOMINAL_CHUNKS = ("noun", "pronoun", "correlative", "prepositional")
_CLAUSE_OPENING_PUNCT = (";", ":")
_FUNCTION_RELATIONS = frozenset({"det", "case", "cc", "mark", "cop", "aux", "aux:pass", "punct",
                                 "nmod:poss", "nummod", "amod", "advmod", "flat"})


def clause_root(clause: Clause) -> int | None:
    """The word a clause hangs from in the encoder's tree (``klareco.models.trees``): its
    predicate with a copula, else its verb, else the head of its subject or object, else its
    first word."""
    if clause.predicate is not None:
        return clause.predicate.head
    if clause.verb is not None:
        return clause.verb
    for phrase in (clause.subject, clause.object):
        if phrase is not None:
            return phrase.head
    return clause.words[0] if clause.words else None


def _is_esti(word: Word) -> bool:
    return word.roots == ("est",) and not word.prefixes and not word.suffixes and (
        word.pos == "VERB")


def _participle_voice(word: Word) -> str | None:
    """'Act' or 'Pass' for an adjectival participle (farita, faranta), else None."""
    if word.pos == "ADJ" and word.feat("Voice") is not None and word.feat("Tense") is not None:
        return word.feat("Voice")
    return None


class _Tree:
    """Heads and relations being filled in; a word keeps the first head it is given."""

    def __init__(self, words: tuple[Word, ...]) -> None:
        self.words = words
        self.heads: list[int | None] = [None] * len(words)
        self.relations: list[str] = ["dep"] * len(words)
        # read many times per word below: asked of each word once
        self.punct: list[bool] = [word.is_punct for word in words]

    def attach(self, index: int, head: int | None, relation: str) -> None:
        if head is None or index == head or self.heads[index] is not None:
            return
        self.heads[index] = head
        self.relations[index] = relation

    def free(self, index: int) -> bool:
        return self.heads[index] is None


def dependencies(
    words: tuple[Word, ...], clauses: tuple[Clause, ...], clause_chunks: list[list[_Chunk]],
    chunks: list[_Chunk],
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """1-based UD heads (0 for the root) and relations of every word.

    ``words`` are the parser's own analyses; ``clause_chunks`` holds each clause's chunks
    (phrases and single words) and ``chunks`` all of them in sentence order.
    """
    n = len(words)
    if n == 0:
        return (), ()
    tree = _Tree(words)
    roots = [_clause_head(clause, words) for clause in clauses]
    main = next((r for r in roots if r is not None), None)
    if main is None:
        main = next((i for i, punct in enumerate(tree.punct) if not punct), 0)
    # where each chunk stands, for the antecedent of a relative clause (built when one is)
    position_of: dict[int, int] = {}
    if any(clause.kind == "relative" for clause in clauses):
        position_of = {id(chunk): n for n, chunk in enumerate(chunks)}
    first_conjunct: dict[int | None, int] = {}  # parent clause → its last non-coordinate root
    for k, clause in enumerate(clauses):
        root = roots[k]
        if root is None:
            roots[k] = root = _first_content(clause_chunks[k], tree.punct)
        if root is None:
            continue
        _attach_clause(tree, k, clauses, roots, chunks, clause_chunks[k], main,
                       first_conjunct.get(clause.parent), position_of)
        if clause.kind != "coordinate":
            first_conjunct[clause.parent] = root
        _clause_inside(tree, clause, root, clause_chunks[k], words)
    _punctuation(tree, chunks, clauses, clause_chunks, roots, main)
    heads = [0] * n
    relations = ["root"] * n
    for i in range(n):
        if i == main:
            continue
        head = tree.heads[i]
        if head is None:
            head, relation = main, _fallback_relation(words[i])
        else:
            relation = tree.relations[i]
        heads[i] = head + 1
        relations[i] = relation
    _break_cycles(heads, relations, main)
    return tuple(heads), tuple(relations)


def _clause_head(clause: Clause, words: tuple[Word, ...]) -> int | None:
    """The UD head of a clause: the predicate of ``esti`` (or the participle it helps), or
    the one prepositional phrase after ``esti`` that says where its subject is ("la libro
    estas sur la tablo"); else the verb; else the head of its subject or object."""
    verb = clause.verb
    if verb is not None and _is_esti(words[verb]):
        if clause.predicate is not None:
            return clause.predicate.head
        located = [a for a in clause.adjuncts if a.kind == "prepositional" and a.head > verb]
        if (clause.subject is not None and clause.subject.head < verb and clause.object is None
                and clause.indirect_object is None and len(located) == 1
                and len(clause.adjuncts) == 1 and words[located[0].head].pos != "ADV"):
            return located[0].head
    if verb is not None:
        return verb
    for phrase in (clause.predicate, clause.subject, clause.object):
        if phrase is not None:
            return phrase.head
    return None


def _first_content(chunks: list[_Chunk], punct: list[bool]) -> int | None:
    for chunk in chunks:
        for i in chunk.words:
            if not punct[i]:
                return i
    return None


def _attach_clause(tree: _Tree, k: int, clauses: tuple[Clause, ...], roots: list[int | None],
                   chunks: list[_Chunk], own: list[_Chunk], main: int, sibling: int | None,
                   position_of: dict[int, int]) -> None:
    """Hang clause ``k``'s head from the clause it belongs to (``sibling``: the root of the
    last clause before it under the same parent that is not itself a conjunct)."""
    words = tree.words
    clause = clauses[k]
    root = roots[k]
    assert root is not None
    if root == main:
        return
    parent_root = roots[clause.parent] if clause.parent is not None else main
    if parent_root is None:
        parent_root = main
    if clause.kind == "coordinate" or (clause.parent is None and k > 0):
        opener = own[0] if own else None
        parataxis = (opener is not None and opener.kind == "BOUNDARY"
                     and words[opener.first].form in _CLAUSE_OPENING_PUNCT)
        tree.attach(root, sibling if sibling is not None else parent_root,
                    "parataxis" if parataxis else "conj")
        return
    introducer = clause.introducer
    if clause.kind == "relative" and introducer is not None:
        opener = next((chunk for chunk in own if introducer in chunk.words), None)
        antecedent = (_antecedent(chunks, position_of[id(opener)], words)
                      if opener is not None and id(opener) in position_of else None)
        tree.attach(root, antecedent if antecedent is not None else parent_root, "acl:relcl")
        return
    relation = "advcl"
    if introducer is not None:
        word = words[introducer]
        if word.lemma.lower() in ("ke", "ĉu"):
            relation = "ccomp"
        elif word.correlative is not None and word.correlative[1] in ("u", "o", "a", "es",
                                                                       "om"):
            relation = "ccomp"  # an indirect question: "mi scias, kiu venis"
    tree.attach(root, parent_root, relation)


def _antecedent(chunks: list[_Chunk], position: int, words: tuple[Word, ...]) -> int | None:
    """The head of the nominal right before a relative clause's first phrase (at
    ``position``), past a comma or a quote."""
    for previous in reversed(chunks[max(0, position - 3):position]):
        if previous.kind in ("COMMA", "QUOTE"):
            continue
        if previous.kind in NOMINAL_CHUNKS:
            return syntax.chunk_head(previous, words)
        return None
    return None


def _clause_inside(tree: _Tree, clause: Clause, root: int, chunks: list[_Chunk],
                   words: tuple[Word, ...]) -> None:
    """Roles, phrases and single words of one clause."""
    verb = clause.verb
    passive = False
    if verb is not None and _is_esti(words[verb]) and root != verb:
        voice = _participle_voice(words[root])
        passive = voice == "Pass" and clause.predicate is not None
        tree.attach(verb, root, "aux:pass" if passive else "aux" if voice else "cop")
    elif verb is not None and clause.predicate is not None:
        tree.attach(clause.predicate.head, root, "xcomp")
    if clause.introducer is not None and words[clause.introducer].pos in ("SCONJ", "PART"):
        tree.attach(clause.introducer, root, "mark")
    roles: list[tuple[Phrase | None, str]] = [
        (clause.subject, "nsubj:pass" if passive else "nsubj"), (clause.object, "obj"),
        (clause.indirect_object, "obl"),
    ]
    role_heads = {p.head for p, _ in roles if p is not None}
    governor = _governors(chunks, words, root)
    for position, (target, relation) in _conjuncts(chunks, words, role_heads).items():
        tree.attach(syntax.chunk_head(chunks[position], words), target, relation)
    _infinitives(tree, clause, chunks, words, root, role_heads)
    if clause.subject is not None and _vocative(clause, chunks, words):
        tree.attach(clause.subject.head, root, "vocative")
    for phrase, relation in roles:
        if phrase is not None:
            tree.attach(phrase.head, governor.get(phrase.head, root), relation)
    governed_object = clause.object is not None and clause.object.head in governor
    for adjunct in clause.adjuncts:
        if adjunct.kind == "adverb":
            continue  # single words: below, with the other adverbs
        inner = words[adjunct.head]
        relation = "advmod" if inner.pos in ("ADV", "PART") else "obl"
        if (adjunct.head in governor and adjunct.kind == "noun" and not governed_object
                and not (inner.roots and inner.roots[-1] in TIME_AND_MEASURE_ROOTS)):
            relation = "obj"  # the infinitive's object: "igis lin lavi la aŭton"
            governed_object = True
        tree.attach(adjunct.head, governor.get(adjunct.head, root), relation)
    for chunk in chunks:
        if chunk.kind in NOMINAL_CHUNKS and len(chunk.words) > 1:
            _phrase_inside(tree, chunk, words)
    for position, chunk in enumerate(chunks):
        kind = chunk.kind
        i = chunk.first
        if kind in ("ADVERB", "PARTICLE"):
            _adverb(tree, chunks, position, governor.get(i, root), words)
        elif kind == "COORDINATOR" and words[i].lemma.lower() == "ol":  # than
            following = _next_head(chunks, position, words)
            tree.attach(i, following if following is not None else root, "case")
        elif kind == "COORDINATOR":
            opens_clause = position == 0 and clause.kind == "coordinate"
            following = None if opens_clause else _next_head(chunks, position, words)
            tree.attach(i, following if following is not None else root, "cc")
        elif kind == "SUBORDINATOR":
            tree.attach(i, root, "mark")
        elif kind == "PREPOSITION":
            following = _next_head(chunks, position, words)
            tree.attach(i, following if following is not None else root,
                        "mark" if words[i].pos == "SCONJ" else "case")
        elif kind in NOMINAL_CHUNKS:
            head = syntax.chunk_head(chunk, words)
            if not tree.free(head):
                continue
            previous = chunks[position - 1] if position else None
            if (previous is not None and previous.kind == "noun" and chunk.kind == "noun"
                    and len(chunk.words) == 1 and words[head].pos == "DET"
                    and previous.case == chunk.case):
                # a determiner after its noun: "infanoj miaj", "la domo tiu"
                noun = syntax.chunk_head(previous, words)
                tree.attach(head, noun, _modifier_relation(words[head], words[noun], True))
                continue
            listed = _enumerated(tree, chunks, position, clause, words)
            if listed is not None:
                tree.attach(head, listed, "appos")
                continue
            relation = _loose_nominal(chunk, words, head)
            if previous is not None and words[previous.first].lemma.lower() == "ol":
                relation = "obl"  # what is compared: "pli granda ol vi"
            elif relation == "dep" and _addressed(chunks, position, clause, words):
                relation = "vocative"
            tree.attach(head, governor.get(head, root), relation)
    heads = tree.heads
    punct = tree.punct
    for chunk in chunks:
        for i in chunk.words:
            if heads[i] is None and i != root and not punct[i]:
                tree.attach(i, root, _fallback_relation(words[i]))


def _vocative(clause: Clause, chunks: list[_Chunk], words: tuple[Word, ...]) -> bool:
    """Whether the clause's subject is someone addressed: a nominal that a comma sets off
    from a command ("Sam, malfermu la pordon!", "Amu vin, infanoj!")."""
    subject = clause.subject
    verb = clause.verb
    if subject is None or verb is None or words[verb].feat("Mood") != "Imp" or (
            words[subject.head].word_class == "pronoun"):
        return False
    position = next((n for n, c in enumerate(chunks) if subject.head in c.words), None)
    if position is None:
        return False
    if subject.head < verb:
        return position + 1 < len(chunks) and chunks[position + 1].kind == "COMMA"
    return position > 0 and chunks[position - 1].kind == "COMMA"


def _governors(chunks: list[_Chunk], words: tuple[Word, ...], root: int) -> dict[int, int]:
    """An infinitive governs the accusatives, prepositional phrases and adverbs that follow
    it in its clause ("volas manĝi panon", "iri en la urbon"), and so does an active
    participle standing alone ("esti faranta sian hararon"): their heads → it."""
    found: dict[int, int] = {}
    infinitive: int | None = None
    for chunk in chunks:
        if chunk.kind == "INFINITIVE":
            infinitive = chunk.first
        elif chunk.kind == "noun" and chunk.case == "Nom" and len(chunk.words) == 1 and (
                _participle_voice(words[chunk.first]) == "Act"):
            infinitive = chunk.first
        elif chunk.kind in ("FINITE_VERB", "SUBORDINATOR", "BOUNDARY"):
            infinitive = None
        elif infinitive is not None and infinitive != root:
            if chunk.kind == "prepositional" or (chunk.kind in NOMINAL_CHUNKS
                                                 and chunk.case == "Acc"):
                found[syntax.chunk_head(chunk, words)] = infinitive
            elif chunk.kind == "ADVERB":
                found[chunk.first] = infinitive
    return found


def _infinitives(tree: _Tree, clause: Clause, chunks: list[_Chunk], words: tuple[Word, ...],
                 root: int, role_heads: set[int]) -> None:
    """An infinitive is the ``xcomp`` of the verb before it, a ``conj`` of an infinitive
    before a coordinator, an ``advcl`` after a preposition (its ``mark``). ``esti`` before a
    predicate or a participle ("povas esti bona", "devas esti farita") is its cop or aux, and
    the predicate takes the infinitive's place."""
    last_verb: int | None = clause.verb
    for position, chunk in enumerate(chunks):
        if chunk.kind == "FINITE_VERB":
            last_verb = chunk.first
            continue
        if chunk.kind != "INFINITIVE":
            continue
        i = chunk.first
        previous = chunks[position - 1] if position else None
        following = chunks[position + 1] if position + 1 < len(chunks) else None
        head = i
        if _is_esti(words[i]) and following is not None and following.kind == "noun" and (
                following.case == "Nom"):
            predicate = syntax.chunk_head(following, words)
            if predicate not in role_heads and tree.free(predicate):
                head = predicate
                voice = _participle_voice(words[predicate])
                tree.attach(i, predicate, "aux:pass" if voice == "Pass" else
                            "aux" if voice else "cop")
        if previous is not None and previous.kind == "PREPOSITION":
            tree.attach(previous.first, head, "mark")
            tree.attach(head, root, "advcl")
        elif previous is not None and previous.kind == "COORDINATOR" and last_verb is not None \
                and words[last_verb].feat("VerbForm") == "Inf":
            tree.attach(head, last_verb, "conj")
            tree.attach(previous.first, head, "cc")
        elif last_verb is not None and last_verb != head:
            tree.attach(head, last_verb, "xcomp")
        else:
            tree.attach(head, root, "xcomp")
        last_verb = i if head == i else last_verb


def _addressed(chunks: list[_Chunk], position: int, clause: Clause,
               words: tuple[Word, ...]) -> bool:
    """Whether a nominative set off by commas (or a comma and the sentence's end) names
    whom a command or a "vi" speaks to: "Amu vin, infanoj miaj", "Vi suferas, mia frato"."""
    before = chunks[position - 1].kind if position else "BOUNDARY"
    after = chunks[position + 1].kind if position + 1 < len(chunks) else "BOUNDARY"
    if before not in ("COMMA", "BOUNDARY", "QUOTE") or after not in ("COMMA", "BOUNDARY",
                                                                     "QUOTE"):
        return False
    verb = words[clause.verb] if clause.verb is not None else None
    subject = words[clause.subject.head] if clause.subject is not None else None
    return (verb is not None and verb.feat("Mood") == "Imp") or (
        subject is not None and subject.lemma.lower() in ("vi", "ci"))


def _enumerated(tree: _Tree, chunks: list[_Chunk], position: int, clause: Clause,
                words: tuple[Word, ...]) -> int | None:
    """The common noun a colon opens an enumeration of, for a nominal right after the colon
    ("Li havis tri filojn: Petro, Paŭlo kaj Johano"; "La filoj de Zorbo: Petro kaj Ana"):
    the items name what the noun before the colon counts, as an apposition does. A colon
    after a verb of saying opens what is said ("diris al la servisto: Petro, venu"), and one
    before a finite verb opens a clause of its own, which the clause split already made."""
    if position < 2 or chunks[position - 1].kind != "BOUNDARY" or \
            words[chunks[position - 1].first].form != ":" or \
            chunks[position - 2].kind not in NOMINAL_CHUNKS:
        return None
    verb = words[clause.verb] if clause.verb is not None else None
    if verb is not None and verb.roots and verb.roots[-1] in SAYING_ROOTS:
        return None
    noun = syntax.chunk_head(chunks[position - 2], words)
    # from a ``de``-phrase's name up to the noun it belongs to ("la filoj de Zorbo")
    while tree.relations[noun] == "nmod" and tree.heads[noun] is not None:
        noun = tree.heads[noun]
    word = words[noun]
    if word.pos != "NOUN" or word.is_name:
        return None
    return noun


def _loose_nominal(chunk: _Chunk, words: tuple[Word, ...], head: int) -> str:
    """The relation of a nominal that is no role, conjunct or apposition."""
    if chunk.kind == "prepositional":
        return "obl"
    if words[head].pos == "ADJ":
        return "xcomp"  # a secondary predicate: "li venis laca"
    return "obl" if chunk.case == "Acc" else "dep"


def _conjuncts(chunks: list[_Chunk], words: tuple[Word, ...], role_heads: set[int]
               ) -> dict[int, tuple[int, str]]:
    """The positions of the nominal chunks that coordinate with (``conj``) or stand in
    apposition to (``appos``) a nominal before them, with the head they hang from and the
    relation. All conjuncts hang from the first."""
    found: dict[int, tuple[int, str]] = {}
    if not any(chunk.kind in ("COMMA", "COORDINATOR") for chunk in chunks):
        return found
    first_of: dict[int, int] = {}  # chunk position → its first conjunct's head
    inner = _inner_conjuncts(chunks, words)
    # whether a coordinator closes the list of nominals a position is in: "A, B kaj C"
    # (not one inside a phrase: "A, la patrino de B kaj de C")
    closed = [False] * (len(chunks) + 1)
    for position in range(len(chunks) - 1, -1, -1):
        kind = chunks[position].kind
        closed[position] = (kind == "COORDINATOR" and position + 1 not in inner) or (
            (kind in NOMINAL_CHUNKS or kind == "COMMA") and closed[position + 1])
    for position, chunk in enumerate(chunks):
        if position in inner:
            found[position] = (inner[position], "conj")
            continue
        if chunk.kind not in NOMINAL_CHUNKS or position < 2:
            continue
        head = syntax.chunk_head(chunk, words)
        if head in role_heads:
            continue
        link = chunks[position - 1]
        if words[link.first].lemma.lower() == "ol":  # "pli granda ol": no coordination
            continue
        before = position - 2
        if link.kind == "COORDINATOR" and before >= 1 and chunks[before].kind == "COMMA":
            before -= 1  # "A, kaj B"
        if link.kind not in ("COMMA", "COORDINATOR"):
            continue
        previous = chunks[before]
        if previous.kind not in NOMINAL_CHUNKS:
            continue
        if not _same_kind(previous, chunk, words):
            if link.kind == "COMMA" and not closed[position + 1] and chunk.kind == "noun" and \
                    chunk.case == "Nom" and previous.case == "Acc" and \
                    (named := _de_name(previous, words)) is not None:
                # "la filinon de Ringo, filo de Zorbo": a nominative describes no accusative;
                # it describes the name in its de phrase
                found[position] = (named, "appos")
            continue
        previous_head = syntax.chunk_head(previous, words)
        if link.kind == "COMMA" and not closed[position + 1]:
            if chunk.kind != "prepositional" and previous.kind != "prepositional" or (
                    previous.kind == "prepositional" and chunk.kind == "noun"):
                found[position] = (_described(previous, chunk, words, previous_head), "appos")
            continue
        target = first_of.get(before, previous_head)
        first_of[position] = target
        found[position] = (target, "conj")
    return found


def _described(previous: _Chunk, chunk: _Chunk, words: tuple[Word, ...], previous_head: int
               ) -> int:
    """What an apposition describes: the head of the nominal before it, but in a chain of
    child nouns the name that nominal's ``de`` phrase ends with. In "Zorbo, filo de Ringo,
    filo de Petro" the second "filo" is Ringo's: each step of a genealogy goes back a
    generation. Only the same noun again makes such a chain: after "filino de Ringo" a
    "filo" may be the daughter's own description, or her husband's."""
    child = _child_noun(words[syntax.chunk_head(chunk, words)])
    if child is None or child != _child_noun(words[previous_head]):
        return previous_head
    named = _de_name(previous, words)
    return previous_head if named is None else named


def _de_name(chunk: _Chunk, words: tuple[Word, ...]) -> int | None:
    """The name a nominal ends with in its ``de`` phrase ("filo de Petro Ivanoviĉ": Petro),
    else None."""
    inside = chunk.words
    k = len(inside) - 1
    while k > 0 and words[inside[k]].is_name and words[inside[k - 1]].is_name:
        k -= 1  # the first word of a name of several
    if k < 1 or not words[inside[k]].is_name or words[inside[k - 1]].lemma.lower() != "de":
        return None
    return inside[k]


def _child_noun(word: Word) -> str | None:
    """``fil`` or ``filin`` for a noun that says someone's son or daughter, else None (the
    parser's own analysis, whose stem is read from its morphemes)."""
    if word.pos != "NOUN" or word.prefixes:
        return None
    stem = "".join(word.roots + word.suffixes)
    return stem if stem in CHILD_NOUNS else None


def _inner_conjuncts(chunks: list[_Chunk], words: tuple[Word, ...]) -> dict[int, int]:
    """The prepositional chunks after a coordinator that repeat the last preposition inside
    the nominal before it, with the noun that preposition governs there: in "la patrino de
    Zorbo kaj de Ingrid", "de Ingrid" coordinates with "de Zorbo", not with the mother (a
    phrase opened by that same preposition is left to the outer list)."""
    found: dict[int, int] = {}
    for position in range(2, len(chunks)):
        chunk, link, previous = chunks[position], chunks[position - 1], chunks[position - 2]
        if chunk.kind != "prepositional" or link.kind != "COORDINATOR" or \
                previous.kind not in NOMINAL_CHUNKS:
            continue
        asked = words[chunk.first].lemma.lower()
        outer = previous.first if previous.kind == "prepositional" else None
        if outer is not None and words[outer].lemma.lower() == asked:
            continue
        indices = previous.words
        inside = [n for n, i in enumerate(indices) if i != outer and
                  words[i].pos == "ADP" and words[i].lemma.lower() == asked]
        if inside:
            governed = _governed(indices, inside[-1] + 1, words)
            if governed is not None:
                found[position] = governed
    return found


def _same_kind(a: _Chunk, b: _Chunk, words: tuple[Word, ...]) -> bool:
    """Two nominals that can coordinate: the same case, both prepositional or neither (a
    prepositional phrase also pairs with a bare noun after it: "en Parizo, la ĉefurbo")."""
    if a.kind == "prepositional" and b.kind != "prepositional":
        return b.case == "Nom"
    if (a.kind == "prepositional") != (b.kind == "prepositional"):
        return False
    return a.case == b.case


def _phrase_inside(tree: _Tree, chunk: _Chunk, words: tuple[Word, ...]) -> None:
    """Determiners, adjectives, numerals, prepositions and ``de`` phrases in one phrase."""
    indices = chunk.words
    if chunk.kind == "prepositional":
        head = syntax.chunk_head(chunk, words)
        tree.attach(chunk.first, head, "case" if words[chunk.first].pos == "ADP" else "mark")
        indices = indices[1:]
    else:
        head = syntax.chunk_head(chunk, words)
    current = head  # the noun the words seen so far belong to
    nested: int | None = None
    for n, i in enumerate(indices):
        word = words[i]
        if i == head or tree.punct[i]:
            continue  # a quoted phrase's opening quote is attached with the punctuation
        if word.pos == "ADP":
            governed = _governed(indices, n + 1, words)
            if governed is not None:
                target = nested if nested is not None else head
                nested = governed
                # of a noun its nmod (filino de Polonio); of an adjective or a participle
                # its obl (manĝita de la knabo, plena de akvo)
                nominal = words[target].pos in ("NOUN", "PROPN", "PRON", "NUM", "DET")
                tree.attach(nested, target, "nmod" if nominal else "obl")
                tree.attach(i, nested, "case")
                current = nested
            continue
        target = current if (nested is not None and i > nested) or i > head else head
        if nested is not None and i < nested:
            target = nested
        tree.attach(i, target, _modifier_relation(word, words[target], i > target))


def _governed(indices: list[int], start: int, words: tuple[Word, ...]) -> int | None:
    """The word a preposition inside a phrase governs: the first noun or pronoun after it
    (before the next preposition), else the first word after it that is no preposition."""
    fallback = None
    for m in range(start, len(indices)):
        word = words[indices[m]]
        if word.pos in ("NOUN", "PROPN", "PRON"):
            return indices[m]
        if word.pos == "ADP":
            break
        if fallback is None:
            fallback = indices[m]
    return fallback


def _modifier_relation(word: Word, head: Word, after_head: bool) -> str:
    if word.word_class == "possessive" or (word.correlative and word.correlative[1] == "es"):
        return "nmod:poss"
    if word.pos == "DET" or word.word_class == "article":
        return "det"
    if word.pos == "NUM":
        return "nummod"
    if word.pos == "ADJ":
        return "amod"
    if word.pos == "PROPN" and head.pos == "PROPN" and after_head:
        return "flat"
    if word.pos in ("NOUN", "PROPN", "PRON") and after_head:
        return "appos"
    if word.pos in ("NOUN", "PROPN"):
        return "compound"
    return _fallback_relation(word)


def _adverb(tree: _Tree, chunks: list[_Chunk], position: int, root: int,
            words: tuple[Word, ...]) -> None:
    """An adverb or particle: the word it qualifies, else its clause."""
    i = chunks[position].first
    word = words[i]
    low = word.lemma.lower()
    following = chunks[position + 1] if position + 1 < len(chunks) else None
    preceding = chunks[position - 1] if position else None
    if word.pos == "SCONJ":
        tree.attach(i, root, "mark")
        return
    if low in _TRAILING_PARTICLES and preceding is not None:
        tree.attach(i, preceding.words[-1] if preceding.kind not in NOMINAL_CHUNKS
                    else syntax.chunk_head(preceding, words), "advmod")
        return
    if low == "ĉi" and following is not None and words[following.first].correlative:
        tree.attach(i, following.first, "advmod")
        return
    if low == "ĉi" and preceding is not None and words[preceding.words[-1]].correlative:
        tree.attach(i, preceding.words[-1], "advmod")
        return
    if following is not None and i + 1 == following.first:
        nxt = words[following.first]
        if following.kind in ("ADVERB", "PARTICLE") and nxt.pos in ("ADV", "PART") and (
                nxt.lemma.lower() not in ("ne", "ĉu")) and low not in ("ne", "ĉu"):
            tree.attach(i, following.first, "advmod")  # "tro rapide", "multe pli"
            return
        if following.kind in NOMINAL_CHUNKS and following.kind != "prepositional":
            first = words[following.first]
            if first.pos in ("ADJ", "NUM") or (first.pos == "DET" and first.correlative):
                tree.attach(i, following.first, "advmod")  # "tre bela", "pli ol"
                return
            if low in _FOCUS_PARTICLES and word.word_class == "particle" and low != "ne":
                tree.attach(i, syntax.chunk_head(following, words), "advmod")  # "nur biciklon"
                return
    tree.attach(i, root, "discourse" if word.pos == "INTJ" else "advmod")


def _next_head(chunks: list[_Chunk], position: int, words: tuple[Word, ...]) -> int | None:
    for ahead in range(position + 1, len(chunks)):
        chunk = chunks[ahead]
        if chunk.kind in ("COMMA", "QUOTE", "BOUNDARY"):
            continue
        return syntax.chunk_head(chunk, words)
    return None


def _punctuation(tree: _Tree, chunks: list[_Chunk], clauses: tuple[Clause, ...],
                 clause_chunks: list[list[_Chunk]], roots: list[int | None], main: int) -> None:
    """Punctuation: the final mark from the root; a mark opening a clause or a conjunct from
    its head; a quote from the word beside it; any other from the phrase it closes."""
    _QUOTES = syntax.QUOTES
    words = tree.words
    punct = tree.punct
    n = len(words)
    last_mark = max((i for i in range(n) if punct[i] and words[i].form not in _QUOTES),
                    default=None)
    if last_mark is not None and all(punct[j] for j in range(last_mark, n)):
        tree.attach(last_mark, main, "punct")
    seen: dict[str, int] = {}  # quotes of each kind so far: a second '"' closes
    opens: dict[int, int] = {}
    for k, own in enumerate(clause_chunks):
        if own and own[0].kind in ("COMMA", "BOUNDARY", "COORDINATOR") and roots[k] is not None:
            opens[own[0].first] = roots[k]  # type: ignore[assignment]
    # the nearest word that is not punctuation after (and before) each position
    next_word: list[int | None] = [None] * (n + 1)
    for i in range(n - 1, -1, -1):
        next_word[i] = i if not punct[i] else next_word[i + 1]
    previous_word: list[int | None] = [None] * n
    last: int | None = None
    for i in range(n):
        previous_word[i] = last
        if not punct[i]:
            last = i
    for i, word in enumerate(words):
        if not punct[i] or tree.heads[i] is not None:
            continue
        if i in opens:
            tree.attach(i, opens[i], "punct")
            continue
        following = next_word[i + 1]
        if following is not None and tree.relations[following] == "cc" and word.form == ",":
            tree.attach(i, tree.heads[following], "punct")  # "A, kaj B": from B
            continue
        if following is not None and tree.relations[following] in ("conj", "appos") and (
                word.form == ","):
            tree.attach(i, following, "punct")
            continue
        if all(c in _QUOTES for c in word.form):
            seen[word.form] = seen.get(word.form, 0) + 1
            closing = word.form[0] in _CLOSING_QUOTES or (
                word.form[0] not in _OPENING_QUOTES and seen[word.form] % 2 == 0)
            if not closing and following is not None:
                tree.attach(i, _phrase_top(tree, following), "punct")
                continue
        preceding = previous_word[i]
        if preceding is not None:
            tree.attach(i, _phrase_top(tree, preceding), "punct")
        elif following is not None:
            tree.attach(i, _phrase_top(tree, following), "punct")
        else:
            tree.attach(i, main, "punct")


_OPENING_QUOTES = frozenset("«‹„“‘")
_CLOSING_QUOTES = frozenset("»›”’")


def _phrase_top(tree: _Tree, index: int) -> int:
    """A word, or its head when it is a function word or modifier (punctuation hangs from
    what a phrase is about, not from its article)."""
    head = tree.heads[index]
    if head is not None and tree.relations[index] in _FUNCTION_RELATIONS:
        return head
    return index


_FALLBACK_RELATIONS = {
    "PUNCT": "punct", "SYM": "dep", "CCONJ": "cc", "SCONJ": "mark", "PART": "advmod",
    "ADV": "advmod", "INTJ": "discourse", "ADP": "case", "DET": "det",
}


def _fallback_relation(word: Word) -> str:
    return _FALLBACK_RELATIONS.get(word.pos, "dep")


def _break_cycles(heads: list[int], relations: list[str], main: int) -> None:
    """Make the heads one tree under ``main``: a word on a cycle hangs from the root."""
    n = len(heads)
    state = [0] * n  # 0 unseen, 1 on the current path, 2 reaches the root
    state[main] = 2
    for start in range(n):
        path = []
        node = start
        while state[node] == 0:
            state[node] = 1
            path.append(node)
            parent = heads[node] - 1
            if parent < 0:  # a second root: hang it from the main one
                heads[node], relations[node] = main + 1, "dep"
                parent = main
            node = parent
        if state[node] == 1:
            heads[node], relations[node] = main + 1, "dep"
        for visited in path:
            state[visited] = 2

