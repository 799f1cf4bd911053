"""Sentence analysis: phrases (grammar/sentence.lark), clauses, roles and the question.

Roles come from case and prepositions, never from word order: a nominative phrase is the
subject (or, with ``esti`` and other copulas, the predicate), an accusative phrase is the
object, ``al`` marks the indirect object and other prepositional phrases are adjuncts. Word
order is used only where the grammar leaves a choice: between two nominatives of a copula
the first is the subject, unless the other is a question word.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from klareco.lexicon import closed_classes
from klareco.lexicon.orthography import normalize_word
from klareco.lexicon.semantics import TIME_AND_MEASURE_ROOTS
from klareco.parse import questions
from klareco.parse.ast import Clause, Morpheme, Phrase, Question, Sentence, Word
from klareco.parse.conventions import in_context, to_ud
from klareco.parse.dependencies import NOMINAL_CHUNKS, dependencies
from klareco.parse.morphology import UD_TWIN, lalr_parser, own_analysis

QUOTES = set("\"'“”„«»‹›‘’—–-")
_BOUNDARIES = {".", "!", "?", ";", ":", "…", "..."}
_NOMINAL_CATEGORIES = {"ARTICLE", "NUMERAL", "DETERMINER", "ADJECTIVE", "NOUN"}
# what a noun phrase can start with before its adjectives
_PHRASE_OPENERS = frozenset({"ARTICLE", "NUMERAL", "DETERMINER", "ADJECTIVE"})
_CASED_POS = frozenset({"NOUN", "PROPN", "ADJ", "DET", "PRON", "NUM"})
# The category of the other parts of speech (the rest are OTHER).
_POS_CATEGORIES = {
    "ADV": "ADVERB", "PART": "PARTICLE", "ADP": "PREPOSITION", "CCONJ": "COORDINATOR",
    "SCONJ": "SUBORDINATOR",
}
# What a preposition governs (grammar/sentence.lark's prepositional_phrase).
_GOVERNABLE = frozenset({"noun", "pronoun", "correlative", "ADVERB"})
_PHRASE_KINDS = {"noun_phrase": "noun", "accusative_phrase": "noun", "pronoun": "pronoun",
                 "correlative_phrase": "correlative"}


@cache
def _sentence_parser() -> Lark:
    return lalr_parser("sentence.lark", tokens=True)


def grammatical_case(word: Word) -> str | None:
    """'Acc' when the word carries the accusative -n, 'Nom' for other nominals, else None."""
    if word.pos not in _CASED_POS and not word.correlative:
        return None
    for morpheme in word.morphemes:  # a plain loop: any() over a generator costs twice this
        if morpheme.kind == "accusative":
            return "Acc"
    return "Nom"


# Where a form's cached analysis keeps its category, which the copies placed in later
# sentences inherit (see _category).
_CATEGORY = "_category"


def _category(word: Word) -> str:
    """The word's category for the sentence grammar. It depends on the analysis alone, so a
    word as analysed out of context (it still carries its form's UD twin; a word the
    sentence changed does not) takes the one found for its form the first time."""
    found = word.__dict__.get(_CATEGORY)
    if found is None:
        found = _word_category(word)
        if UD_TWIN in word.__dict__:
            own_analysis(word.form).__dict__[_CATEGORY] = found
    return found


def _word_category(word: Word) -> str:
    pos = word.pos
    if pos in ("PUNCT", "SYM"):  # word.is_punct, without the property call on the hot path
        if word.form == ",":
            return "COMMA"
        if word.form in _BOUNDARIES:
            return "BOUNDARY"
        if all(c in QUOTES for c in word.form):
            return "QUOTE"
        return "OTHER"
    acc = "_ACC" if grammatical_case(word) == "Acc" else ""
    if word.correlative is not None:
        prefix, suffix = word.correlative
        if suffix in ("u", "o", "a", "es"):
            if prefix == "ki":
                return "KI" + acc
            if suffix == "o":
                return "PRONOUN" + acc
            return "DETERMINER" + acc
        if suffix == "om":
            return "NUMERAL"
        return "ADVERB"
    if pos == "VERB":
        return "INFINITIVE" if word.feat("VerbForm") == "Inf" else "FINITE_VERB"
    if word.word_class == "article":
        return "ARTICLE"
    if pos == "NUM":
        return "NUMERAL"
    if pos == "PRON":
        return "PRONOUN" + acc
    if pos == "DET":
        return "DETERMINER" + acc
    if pos == "ADJ":
        return "ADJECTIVE" + acc
    if pos in ("NOUN", "PROPN"):
        return "NOUN" + acc
    return _POS_CATEGORIES.get(pos, "OTHER")


def _categories(words: tuple[Word, ...]) -> list[Token]:
    """The sentence grammar's tokens: each word's category, its index as the token's value,
    with the article and numerals taking the case of the nominal they open."""
    kinds = [_category(w) for w in words]
    for position in range(len(kinds) - 1):
        # kiom/tiom before an adverb says how much of it (kiom longe, tiom ofte): a degree
        # adverb, not a quantity that could be a subject or an object
        if kinds[position] == "NUMERAL" and kinds[position + 1] == "ADVERB" \
                and words[position].correlative is not None:
            kinds[position] = "ADVERB"
    for position in range(1, len(kinds) - 1):
        # a degree particle after the start of a noun phrase, before one of its adjectives,
        # stays in the phrase: "la pli juna fratino", "la plej belan domon"
        if words[position].form.lower() in closed_classes.DEGREE_PARTICLES and \
                kinds[position + 1].startswith("ADJECTIVE") and \
                kinds[position - 1].split("_ACC")[0] in _PHRASE_OPENERS:
            kinds[position] = kinds[position + 1]
    following_case = ""
    for position in range(len(kinds) - 1, -1, -1):
        kind = kinds[position]
        if kind in ("ARTICLE", "NUMERAL"):
            kinds[position] = kind + following_case
        elif kind.split("_ACC")[0] in _NOMINAL_CATEGORIES or kind.startswith("KI"):
            following_case = "_ACC" if kind.endswith("_ACC") else ""
        else:
            following_case = ""
    return [Token(kind, word.index) for kind, word in zip(kinds, words, strict=True)]


# --------------------------------------------------------------------------- phrases


@dataclass
class _Chunk:
    """A phrase or a single word, in sentence order, as the clause builder sees it."""

    kind: str  # noun, accusative, pronoun, correlative, prepositional, or a word category
    words: list[int]
    case: str | None = None
    preposition: int | None = None
    inner: _Chunk | None = None  # the phrase a preposition governs
    head: int | None = field(default=None, compare=False, repr=False)  # found once, when asked

    @property
    def first(self) -> int:
        return self.words[0]


def _chunks(words: tuple[Word, ...]) -> list[_Chunk]:
    tokens = _categories(words)
    try:
        tree = _sentence_parser().parse(tokens)  # type: ignore[arg-type]
    except LarkError:  # cannot happen with this grammar; stay robust all the same
        return [_Chunk(token.type, [token.value]) for token in tokens]
    chunks: list[_Chunk] = []
    for child in tree.children:
        if isinstance(child, Token):
            chunks.append(_Chunk(child.type, [child.value]))
        else:
            chunks.extend(_phrase_chunks(child, words))
    chunks = _attach_genitives(_quoted_objects(chunks), words)
    return _named_accusatives(_quoted_names(chunks, words), words)


def _quoted_objects(chunks: list[_Chunk]) -> list[_Chunk]:
    """A preposition before a quotation mark governs the quoted phrase, as it governs a
    title: en 'La Granda Libro'. (Done here rather than in the grammar: there a quote after
    a preposition would commit the parser to a phrase that may not follow.)"""
    result: list[_Chunk] = []
    n = 0
    while n < len(chunks):
        chunk = chunks[n]
        if (chunk.kind == "PREPOSITION" and n + 2 < len(chunks)
                and chunks[n + 1].kind == "QUOTE" and chunks[n + 2].kind in _GOVERNABLE):
            inner = chunks[n + 2]
            result.append(_Chunk("prepositional", [chunk.first, *chunks[n + 1].words,
                                                   *inner.words], inner.case, chunk.first,
                                 inner))
            n += 3
            continue
        result.append(chunk)
        n += 1
    return result


def _quoted_names(chunks: list[_Chunk], words: tuple[Word, ...]) -> list[_Chunk]:
    """A quotation that is one nominal phrase, right after a noun, names that noun: la
    romano 'Ĉielo', la vorto 'amo'. It joins the noun's phrase as its apposition."""
    result: list[_Chunk] = []
    n = 0
    while n < len(chunks):
        previous = result[-1] if result else None
        if (previous is not None and n + 2 < len(chunks) and chunks[n].kind == "QUOTE"
                and chunks[n + 1].kind == "noun" and chunks[n + 2].kind == "QUOTE"
                and previous.kind in ("noun", "prepositional")
                and words[chunk_head(previous, words)].pos == "NOUN"):
            previous.words.extend(chunks[n].words + chunks[n + 1].words + chunks[n + 2].words)
            n += 3
            continue
        result.append(chunks[n])
        n += 1
    return result


def _named_accusatives(chunks: list[_Chunk], words: tuple[Word, ...]) -> list[_Chunk]:
    """A name right after a singular accusative noun specifies it and keeps its own form: la
    urbon Parizo, la reĝon Asa, la nomon Dina. It joins the noun's phrase (as the name after
    a nominative noun does, la reĝo Ciro) unless it is a clause's subject, followed by its
    finite verb ("La libron Petro legis"), or the noun is a time or a measure, an adjunct
    that the next phrase does not specify ("Tiun tagon Petro, …")."""
    result: list[_Chunk] = []
    for n, chunk in enumerate(chunks):
        previous = result[-1] if result else None
        if previous is not None and previous.kind == "noun" and previous.case == "Acc" and \
                chunk.kind == "noun" and chunk.case == "Nom" and \
                chunk.first == previous.words[-1] + 1 and _names_only(chunk, words):
            noun = words[chunk_head(previous, words)]
            if noun.pos == "NOUN" and noun.feat("Number") != "Plur" and \
                    not (noun.roots and noun.roots[-1] in TIME_AND_MEASURE_ROOTS) and \
                    not _subject_of_next_verb(chunks, n + 1, words):
                previous.words.extend(chunk.words)
                continue
        result.append(chunk)
    return result


def _subject_of_next_verb(chunks: list[_Chunk], start: int, words: tuple[Word, ...]) -> bool:
    """Whether the chunks from ``start`` on are more names joined by kaj, adverbs or
    particles (ne, jam), then a finite verb: what a subject before its verb is followed by."""
    for chunk in chunks[start:]:
        if chunk.kind == "FINITE_VERB":
            return True
        if chunk.kind in ("COORDINATOR", "ADVERB", "PARTICLE") or (
                chunk.kind == "noun" and _names_only(chunk, words)):
            continue
        return False
    return False


def _names_only(chunk: _Chunk, words: tuple[Word, ...]) -> bool:
    return all(words[i].pos == "PROPN" for i in chunk.words)


def _leaves(tree: Tree) -> list[int]:
    """The word indices under a phrase, in order (a plain walk: Tree.scan_values is slower)."""
    found: list[int] = []
    for child in tree.children:
        if isinstance(child, Token):
            found.append(child.value)
        else:
            found.extend(_leaves(child))
    return found


def _phrase_chunks(tree: Tree, words: tuple[Word, ...], governed: bool = False
                   ) -> list[_Chunk]:
    rule = tree.data
    if rule == "prepositional_phrase":
        preposition = tree.children[0].value
        complement = tree.children[1]
        if isinstance(complement, Token):
            inner, rest = _Chunk(complement.type, [complement.value]), []
        else:
            # only the first phrase of a split run is governed: "en la domo | la hundo"
            inner, *rest = _phrase_chunks(complement, words, governed=True)
        return [_Chunk("prepositional", [preposition, *inner.words], inner.case, preposition,
                       inner), *rest]
    indices = _leaves(tree)
    case = _case_of(indices, words)
    kind = _PHRASE_KINDS[rule]
    if kind == "correlative":
        # a ki- pronoun stands alone and a ki- determiner takes the adjectives and the one
        # noun after it, never an article nor a name (a name needs no determiner): what
        # follows is a phrase of its own ("en kio | la ŝipo", "en kiu urbo | la viro", "en
        # kiu | la viro loĝas", "en kiu | Petro loĝas")
        own = indices[:1]
        if words[indices[0]].pos != "PRON":
            for i in indices[1:]:
                if words[i].lemma == "la" or words[i].pos == "PROPN":
                    break
                own.append(i)
                if words[i].pos in ("NOUN", "PROPN"):
                    break
        after = indices[len(own):]
        return [_Chunk(kind, own, case),
                *(_Chunk("noun", part, case) for part in
                  (_split_noun_run(after, words) if after else []))]
    if kind != "noun":
        return [_Chunk(kind, indices, case)]
    return [_Chunk("noun", part, _case_of(part, words))
            for part in _split_noun_run(indices, words, governed)]


def _case_of(indices: list[int], words: tuple[Word, ...]) -> str:
    """A phrase's case: accusative when any of its words is."""
    return "Acc" if any(words[i].feat("Case") == "Acc" or grammatical_case(words[i]) == "Acc"
                        for i in indices) else "Nom"


def _split_noun_run(indices: list[int], words: tuple[Word, ...],
                    governed: bool = False) -> list[list[int]]:
    """A same-case run holds a new phrase where a determiner follows a noun (la hundo la
    kato), and where a name follows a plural noun it cannot specify (``_name_starts_phrase``).
    ``governed``: the run is what a preposition governs."""
    parts: list[list[int]] = [[]]
    noun: Word | None = None  # the last noun of the current part
    for i in indices:
        word = words[i]
        if noun is not None and (word.pos in ("DET", "NUM") or
                                 _name_starts_phrase(noun, i, words, governed)):
            parts.append([])
            noun = None
        parts[-1].append(i)
        if word.pos in ("NOUN", "PROPN"):
            noun = word
    return parts


# What may follow the first name of a list of names: "la pastroj Cadok kaj Ebjatar".
_LIST_MARKS = frozenset({"kaj", "aŭ", ","})


def _name_starts_phrase(noun: Word, i: int, words: tuple[Word, ...], governed: bool) -> bool:
    """Whether the name ``words[i]``, right after ``noun`` in one run, starts a phrase of its
    own. A name that specifies a noun agrees with it in number: one name a singular noun (la
    reĝo Ciro), several a plural one (la pastroj Cadok kaj Ebjatar). So a single name after a
    plural noun is the next phrase ("Post du jaroj Faraono havis sonĝon": the subject), where
    the noun's phrase cannot go on: it is a preposition's, or accusative while the name is
    nominative ("la ŝafidojn Jakob apartigis"). A nominative plural noun keeps the name: a
    family's name names them all (la fratoj Grimm)."""
    name = words[i]
    if name.pos != "PROPN" or name.feat("Number") == "Plur" or noun.pos != "NOUN" or \
            noun.feat("Number") != "Plur":
        return False
    after = words[i + 1].form.lower() if i + 1 < len(words) else ""
    if after in _LIST_MARKS:
        return False
    return governed or (grammatical_case(noun) == "Acc" and grammatical_case(name) != "Acc")


def _attach_genitives(chunks: list[_Chunk], words: tuple[Word, ...]) -> list[_Chunk]:
    """A 'de'/'da' phrase right after a nominal modifies it (filino de Polonio, glaso da akvo)."""
    result: list[_Chunk] = []
    for chunk in chunks:
        previous = result[-1] if result else None
        if (previous is not None and chunk.kind == "prepositional"
                and words[chunk.first].lemma in ("de", "da")
                and previous.kind in ("noun", "pronoun", "correlative", "prepositional")
                and chunk.inner is not None and chunk.inner.kind != "ADVERB"):
            previous.words.extend(chunk.words)
            continue
        result.append(chunk)
    return result


def chunk_head(chunk: _Chunk, words: tuple[Word, ...]) -> int:
    """The head word of a chunk: of a phrase its head (of a prepositional one, the head of
    what the preposition governs), else its first word. Kept on the chunk once found: the
    roles and the dependency tree both ask for it."""
    if chunk.head is None:
        chunk.head = _find_chunk_head(chunk, words)
    return chunk.head


def _find_chunk_head(chunk: _Chunk, words: tuple[Word, ...]) -> int:
    if chunk.kind == "prepositional":
        if chunk.inner is not None and chunk.inner.kind not in NOMINAL_CHUNKS:
            return chunk.inner.first
        return phrase_head(words, chunk.words[1:]) if len(chunk.words) > 1 else chunk.first
    if chunk.kind in NOMINAL_CHUNKS:
        return phrase_head(words, chunk.words)
    return chunk.first


def phrase_head(words: tuple[Word, ...], indices: list[int] | tuple[int, ...]) -> int:
    """The head of a nominal phrase: its noun, else its last adjective, else its last word."""
    own = _own_words(words, indices)
    for pos in (("NOUN", "PROPN", "PRON"), ("ADJ",), ("NUM",), ("DET",)):
        for i in own:
            if words[i].pos in pos:
                head = i
                if pos[0] == "NOUN":
                    return head  # the first noun: "reĝo Davido" → reĝo
        if any(words[i].pos in pos for i in own):
            return [i for i in own if words[i].pos in pos][-1]
    return own[-1] if own else indices[-1]


def _own_words(words: tuple[Word, ...], indices: list[int] | tuple[int, ...]) -> list[int]:
    """The phrase's words before any attached 'de' phrase or its own preposition."""
    own: list[int] = []
    for n, i in enumerate(indices):
        if words[i].pos == "ADP":
            if n == 0:
                continue
            break
        own.append(i)
    return own or list(indices)


# --------------------------------------------------------------------------- clauses


@dataclass
class _ClauseBuilder:
    kind: str
    parent: int | None
    chunks: list[_Chunk] = field(default_factory=list)
    introducer: int | None = None
    verb: int | None = None
    origin: int | None = None  # the clause a coordinate clause was opened from


def _ki_correlative(word: Word) -> tuple[str, str] | None:
    """The ki- correlative a word is, or opens as a compound (kiom·foj·e asks kiom)."""
    if word.correlative is not None:
        return word.correlative if word.correlative[0] == "ki" else None
    if word.pos in ("ADV", "ADJ") and word.roots:
        found = closed_classes.split_correlative(word.roots[0])
        if found is not None and found[0] == "ki":
            return found
    return None


def _is_question_word(word: Word) -> bool:
    return _ki_correlative(word) is not None


def _ki_word(chunk: _Chunk, words: tuple[Word, ...]) -> int | None:
    """The ki- correlative that opens this chunk (kiu, kie, al kiu), if any."""
    first = chunk.inner.first if chunk.kind == "prepositional" and chunk.inner else chunk.first
    return first if _is_question_word(words[first]) else None


def _clauses(chunks: list[_Chunk], words: tuple[Word, ...], question: bool) -> list[_ClauseBuilder]:
    clauses = [_ClauseBuilder("main", None)]
    current = 0
    leading = True  # no content seen yet in the sentence
    asking = _question_chunk(chunks, words) if question else None
    for position, chunk in enumerate(chunks):
        builder = clauses[current]
        kind = chunk.kind
        if kind == "QUOTE":
            builder.chunks.append(chunk)
            continue
        ki = _ki_word(chunk, words)
        fronted = position == asking if question else leading  # the question's own word
        is_cxu = kind in ("PARTICLE", "SUBORDINATOR") and words[chunk.first].lemma == "ĉu"
        opens_clause = (
            (kind == "SUBORDINATOR" and not (is_cxu and fronted))
            or (kind == "PARTICLE" and is_cxu and not fronted)
            or (ki is not None and not (fronted and question))
        )
        if opens_clause:
            relative = ki is not None and _follows_nominal(chunks, position)
            clauses.append(_ClauseBuilder("relative" if relative else "subordinate", current,
                                          [chunk], introducer=ki if ki is not None
                                          else chunk.first))
            current = len(clauses) - 1
        elif kind == "FINITE_VERB":
            while builder.verb is not None and builder.parent is not None:
                current = builder.parent
                builder = clauses[current]
            if builder.verb is not None:
                clauses.append(_ClauseBuilder("coordinate", builder.parent))
                current = len(clauses) - 1
                builder = clauses[current]
            builder.verb = chunk.first
            builder.chunks.append(chunk)
        elif kind in ("COMMA", "COORDINATOR", "BOUNDARY") and builder.verb is not None:
            if builder.parent is not None and kind == "COMMA":
                builder.chunks.append(chunk)
                current = builder.parent  # a comma closes a finished subordinate clause
                parent = clauses[current]
                if parent.verb is not None and _verb_ahead(chunks, position, words):
                    # "Ana volas, ke mi venu, ŝi diris": a clause of its own follows
                    clauses.append(_ClauseBuilder("coordinate", parent.parent,
                                                  origin=current))
                    current = len(clauses) - 1
            elif _verb_ahead(chunks, position, words):
                clauses.append(_ClauseBuilder("coordinate", builder.parent, [chunk],
                                              origin=current))
                current = len(clauses) - 1
            else:
                builder.chunks.append(chunk)
        else:
            builder.chunks.append(chunk)
        leading = False
    return _merge_verbless_coordinates(clauses)


def _follows_nominal(chunks: list[_Chunk], position: int) -> bool:
    for back in range(position - 1, -1, -1):
        previous = chunks[back]
        if previous.kind in ("COMMA", "QUOTE"):
            continue
        return previous.kind in ("noun", "pronoun", "correlative", "prepositional")
    return False


def _verb_ahead(chunks: list[_Chunk], position: int, words: tuple[Word, ...]) -> bool:
    """Whether a finite verb follows before the next clause boundary. A clause opened by a
    subordinator or a ki- word has a verb of its own. After a comma it belongs to the
    clause before ("…, kiun li prenis, tablon, …", "Li diris, ke …"): no new clause. After
    kaj it opens the new clause, whose verb follows its closing comma ("…, kaj kiam mi
    venis, li foriris")."""
    after_coordinator = chunks[position].kind == "COORDINATOR"
    ahead = position + 1
    while ahead < len(chunks):
        chunk = chunks[ahead]
        if chunk.kind == "FINITE_VERB":
            return True
        if chunk.kind == "SUBORDINATOR" or _ki_word(chunk, words) is not None:
            if not after_coordinator:
                return False
            closed = _after_clause(chunks, ahead)
            if closed is None:
                return False
            ahead = closed
            continue
        if chunk.kind in ("COMMA", "BOUNDARY", "COORDINATOR"):
            return False
        ahead += 1
    return False


def _after_clause(chunks: list[_Chunk], opener: int) -> int | None:
    """The position after the comma that closes the clause opened at ``opener`` (the first
    comma after its verb); None when a boundary or the end comes first."""
    verb_seen = False
    for ahead in range(opener + 1, len(chunks)):
        kind = chunks[ahead].kind
        if kind == "FINITE_VERB":
            verb_seen = True
        elif kind == "COMMA" and verb_seen:
            return ahead + 1
        elif kind == "BOUNDARY":
            return None
    return None


def _merge_verbless_coordinates(clauses: list[_ClauseBuilder]) -> list[_ClauseBuilder]:
    """A coordinate 'clause' without a verb was coordination inside the clause before it."""
    kept: list[_ClauseBuilder] = []
    remap: dict[int, int] = {}
    for n, clause in enumerate(clauses):
        if clause.kind == "coordinate" and clause.verb is None and clause.origin is not None:
            target = remap.get(clause.origin, 0)
            kept[target].chunks.extend(clause.chunks)
            remap[n] = target
            continue
        remap[n] = len(kept)
        kept.append(clause)
    for clause in kept:
        if clause.parent is not None:
            clause.parent = remap.get(clause.parent, clause.parent)
    return kept


def _subject_out_of_adjunct(builder: _ClauseBuilder, chunks: list[_Chunk],
                            words: tuple[Word, ...]) -> None:
    """A name that ends a prepositional phrase right before its clause's verb, after a common
    noun, is the subject when the clause has none: "En tiu tago Petro eliris" (Petro eliris),
    not "the day Petro". It leaves the phrase, in ``builder`` and in ``chunks``. With a
    subject elsewhere it stays the noun's apposition ("En la urbo Parizo loĝis multaj homoj"),
    and a coordinate clause may share the subject before it: it is left alone."""
    if not _may_take_a_subject(builder):
        return
    for n, chunk in enumerate(builder.chunks[:-1]):
        inner = chunk.inner
        if chunk.kind != "prepositional" or inner is None or inner.kind != "noun" or \
                builder.chunks[n + 1].words != [builder.verb]:
            continue
        name = [i for i in inner.words if words[i].is_name]
        common = [i for i in inner.words if i not in name]
        if not name or not common or name != inner.words[len(common):] or \
                words[common[-1]].pos != "NOUN":
            continue
        _subject_out_of(builder, chunks, n, common, name)
        return


def _may_take_a_subject(builder: _ClauseBuilder) -> bool:
    """Whether a clause has a verb and no subject of its own, and is no coordinate clause
    (which may share the subject before it)."""
    return builder.kind != "coordinate" and builder.verb is not None and not any(
        c.kind in ("noun", "pronoun", "correlative") and c.case == "Nom"
        for c in builder.chunks)


def _subject_out_of(builder: _ClauseBuilder, chunks: list[_Chunk], n: int, kept: list[int],
                    subject_words: list[int]) -> None:
    """The prepositional phrase at ``n`` of ``builder`` keeps ``kept`` of the words its
    preposition governs; ``subject_words`` become the clause's subject, right after it, in
    ``builder`` and in ``chunks``."""
    chunk = builder.chunks[n]
    inner = chunk.inner
    if inner is None:
        return
    inner.words[:] = kept
    chunk.words[:] = [chunk.words[0], *kept]
    chunk.head = inner.head = None
    subject = _Chunk("noun", subject_words, "Nom")
    builder.chunks.insert(n + 1, subject)
    if chunk in chunks:
        chunks.insert(chunks.index(chunk) + 1, subject)


def _subject_out_of_name_phrase(builder: _ClauseBuilder, chunks: list[_Chunk],
                                words: tuple[Word, ...]) -> None:
    """A common noun right after the name that a preposition governs, with no comma or article
    between, is the subject when the clause has none: "Jen loĝas en Zorbujo virino" (a woman
    lives there), not "in Zorbujo the woman". An apposition after a name is set off by a
    comma ("en Zorbujo, la urbo de …"); a noun naming what the name is stands before it ("en
    la urbo Zorbujo"). It leaves the phrase, in ``builder`` and in ``chunks``; a coordinate
    clause may share the subject before it and is left alone."""
    if not _may_take_a_subject(builder):
        return
    for n, chunk in enumerate(builder.chunks):
        inner = chunk.inner
        if chunk.kind != "prepositional" or inner is None or inner.kind != "noun":
            continue
        named = 0
        while named < len(inner.words) and words[inner.words[named]].is_name:
            named += 1
        common = inner.words[named:]
        if not named or not common or words[common[-1]].pos != "NOUN" or \
                words[common[-1]].case != "Nom" or \
                any(words[i].is_name or words[i].pos == "DET" for i in common):
            continue
        _subject_out_of(builder, chunks, n, inner.words[:named], common)
        return


# --------------------------------------------------------------------------- roles


def _phrase(chunk: _Chunk, words: tuple[Word, ...], kind: str) -> Phrase:
    if chunk.kind == "prepositional" and chunk.inner is not None:
        return Phrase("prepositional", chunk_head(chunk, words), tuple(chunk.words),
                      chunk.preposition, chunk.case)
    if chunk.kind in ("noun", "pronoun", "correlative"):
        return Phrase(kind, chunk_head(chunk, words), tuple(chunk.words), None, chunk.case)
    return Phrase(kind, chunk.first, tuple(chunk.words))


def _is_copular(words: tuple[Word, ...], verb: int | None) -> bool:
    return verb is not None and words[verb].is_copula


def _roles(builder: _ClauseBuilder, words: tuple[Word, ...]) -> Clause:
    nominatives: list[_Chunk] = []
    accusatives: list[_Chunk] = []
    adjuncts: list[Phrase] = []
    indirect: Phrase | None = None
    verb = builder.verb
    if verb is None:
        verb = next((c.first for c in builder.chunks if c.kind == "INFINITIVE"), None)
    shared = _sharing_a_preposition(builder.chunks, words)
    for chunk in builder.chunks:
        if any(chunk is c for c in shared):
            continue  # the preposition's, joined to its phrase (dependencies: a conj)
        if chunk.kind in ("noun", "pronoun", "correlative"):
            (accusatives if chunk.case == "Acc" else nominatives).append(chunk)
        elif chunk.kind == "prepositional":
            phrase = _phrase(chunk, words, "prepositional")
            if words[chunk.first].lemma == "al" and indirect is None:
                indirect = phrase
            else:
                adjuncts.append(phrase)
        elif chunk.kind == "ADVERB":
            adjuncts.append(Phrase("adverb", chunk.first, tuple(chunk.words)))
    subject = predicate = obj = None
    copular = _is_copular(words, verb)
    if not copular:
        nominatives, quantities = _caseless_quantities(nominatives, words)
        for chunk in quantities:  # after "da" no ending shows the case: not the subject
            measured = words[chunk.words[2]].roots
            if measured and measured[-1] in TIME_AND_MEASURE_ROOTS:
                adjuncts.append(_phrase(chunk, words, "noun"))  # vivis kiom da jaroj
            else:
                accusatives.append(chunk)  # manĝis kiom da pomoj
        # "Li salutis Martan": a name read whole for its -n (_whole_name) is the accusative
        # of a name in -a when the clause has its subject already, or shares the subject of
        # the clause before it ("…, kaj vidis Anan")
        shared = 0 if builder.kind == "coordinate" else 1
        named = [c for c in nominatives[shared:] if _ends_like_accusative_name(words, c)]
        nominatives = [c for c in nominatives if c not in named]
        # in word order: the first accusative that is no time is the object
        accusatives = sorted(accusatives + named, key=lambda c: c.first)
    if copular and len(nominatives) >= 2:
        ki = [c for c in nominatives if _is_question_word(words[c.first])]
        if ki and ki[0] is not nominatives[-1] or ki and len(nominatives) == 2:
            predicate_chunk = ki[0]
            subject_chunk = next(c for c in nominatives if c is not predicate_chunk)
        else:
            subject_chunk, predicate_chunk = nominatives[0], nominatives[1]
            if _adjective_only(subject_chunk, words) and \
                    not _adjective_only(predicate_chunk, words):
                # "Granda estas la malĝojo": an adjective says what the noun is like, first
                # or last
                subject_chunk, predicate_chunk = predicate_chunk, subject_chunk
        subject = _phrase(subject_chunk, words, "noun")
        predicate = _phrase(predicate_chunk, words, "noun")
    elif nominatives:
        first = nominatives[0]
        if copular or not _adjective_only(first, words) or len(nominatives) == 1:
            subject = _phrase(first, words, "noun")
        if copular and verb is not None and first.first > verb and len(nominatives) == 1:
            subject = _phrase(first, words, "noun")
    for chunk in accusatives:
        head = chunk_head(chunk, words)
        is_time = bool(words[head].roots) and words[head].roots[-1] in TIME_AND_MEASURE_ROOTS
        if obj is None and not is_time:
            obj = _phrase(chunk, words, "noun")
        else:
            adjuncts.append(_phrase(chunk, words, "noun"))
    indices = tuple(sorted([i for c in builder.chunks for i in c.words]))
    return Clause(
        kind=builder.kind, words=indices, introducer=builder.introducer, verb=verb,
        subject=subject, object=obj, predicate=predicate, indirect_object=indirect,
        adjuncts=tuple(adjuncts), parent=builder.parent,
    )


def _sharing_a_preposition(chunks: list[_Chunk], words: tuple[Word, ...]) -> list[_Chunk]:
    """The nominative phrases joined by kaj/aŭ to a prepositional phrase right before them,
    which its preposition governs too: "dum du jaroj kaj tri monatoj", "en la urbo kaj la
    vilaĝo" (a preposition takes the nominative; a subject would not follow it so)."""
    return [chunk for n, chunk in enumerate(chunks)
            if n >= 2 and chunk.kind == "noun" and chunk.case == "Nom"
            and chunks[n - 1].kind == "COORDINATOR"
            and words[chunks[n - 1].first].lemma.lower() in ("kaj", "aŭ")
            and chunks[n - 2].kind == "prepositional" and chunks[n - 2].inner is not None
            and chunks[n - 2].inner.kind == "noun" and chunks[n - 2].inner.case == "Nom"]


def _caseless_quantities(nominatives: list[_Chunk], words: tuple[Word, ...]
                         ) -> tuple[list[_Chunk], list[_Chunk]]:
    """The nominative-looking chunks split into those that are nominative and the quantity
    phrases among them (kiom da jaroj, tiom da pano): the noun after "da" takes no
    accusative, so such a phrase is the subject only when the clause has no other one
    ("Kiom da homoj venis?", but "Kiom da pomoj manĝis Petro?" where Petro is)."""
    quantities = [c for c in nominatives if len(c.words) > 2
                  and words[c.first].correlative is not None
                  and words[c.first].correlative[1] == "om"
                  and words[c.words[1]].lemma == "da"]
    if not quantities or len(quantities) == len(nominatives):
        return nominatives, []
    return [c for c in nominatives if c not in quantities], quantities


def _adjective_only(chunk: _Chunk, words: tuple[Word, ...]) -> bool:
    return all(words[i].pos in ("ADJ", "ADV") for i in chunk.words)


# --------------------------------------------------------------------------- context


def contextualise(words: list[Word], names: AbstractSet[str] = frozenset()) -> list[Word]:
    """Features that depend on neighbours: names, SCONJ uses, the question particle.
    ``names``: forms (lowercase) read as names also where they start a sentence, where every
    word has a capital (the corpus's table, ``klareco.corpus.names``)."""
    first_word = next((n for n, w in enumerate(words) if not w.is_punct), None)
    result: list[Word] = []
    for n, word in enumerate(words):
        nxt = words[n + 1] if n + 1 < len(words) else None
        lemma = word.lemma
        capital = word.form[:1].isupper()
        named = False  # a sentence's first word that the corpus writes as a name
        if capital and (n == first_word or _after_sentence_break(words, n)):
            named = bool(names) and normalize_word(word.form).lower() in names
            capital = named
        if capital and word.pos in ("NOUN", "PROPN") and word.feat("Case") == "Acc" and \
                _listed_after_name(result) and not any(_may_take_object(w) for w in words):
            # "La filoj de Zorbo: Petro kaj Kedron": no verb to take an object, so the -n of
            # a name listed with another is the name's own
            word = _whole_name(replace(word, pos="PROPN", proper=True, word_class="name",
                                       lemma=normalize_word(word.form),
                                       feats=(("Case", "Nom"), ("Number", "Sing"))))
        elif capital and word.pos == "NOUN":
            spelled = normalize_word(word.form)  # a name's lemma in Esperanto letters
            stem = spelled[:-1] if word.feat("Case") == "Acc" else spelled
            word = replace(word, pos="PROPN", proper=True, word_class="name", lemma=stem)
        elif capital and (named or _reads_as_name(word, nxt, words[n - 1] if n else None)):
            word = replace(word, pos="PROPN", proper=True, word_class="name",
                           lemma=normalize_word(word.form),
                           feats=(("Case", "Nom"), ("Number", "Sing")))
            if grammatical_case(word) == "Acc":
                word = _whole_name(word)  # its -n is part of the name, not a case
        elif word.pos == "ADP" and lemma in closed_classes.CLAUSE_PREPOSITIONS and nxt is not None:
            if nxt.feat("VerbForm") == "Inf" or (nxt.lemma == "ke" or (
                    lemma == "dum" and nxt.pos == "PRON" and nxt.feat("Case") == "Nom")):
                word = replace(word, pos="SCONJ")
        elif lemma == "ĉu" and n != first_word and not _after_sentence_break(words, n):
            word = replace(word, pos="SCONJ")
        result.append(word)
    for n, word in enumerate(result):  # names are known now
        if word.pos == "ADP" and word.lemma == "dum" and _name_clause_after(result, n + 1):
            result[n] = replace(word, pos="SCONJ")
    return result


def _name_clause_after(words: list[Word], start: int) -> bool:
    """Whether a clause with a name for its subject starts at ``start``: a nominative name
    (or names joined by kaj), perhaps adverbs, then a finite verb, with another finite verb
    in the sentence for the clause it depends on. After ``dum`` that is a clause ("dum Petro
    kantis, …": while Peter sang), as a name is no span of time for the preposition to
    govern; ``dum`` before a nominative pronoun is read the same way."""
    n = start
    if n >= len(words) or words[n].pos != "PROPN" or grammatical_case(words[n]) == "Acc":
        return False
    while n < len(words) and (words[n].pos in ("PROPN", "ADV") or words[n].lemma == "kaj"):
        n += 1
    return n < len(words) and _category(words[n]) == "FINITE_VERB" and \
        any(_category(w) == "FINITE_VERB" for m, w in enumerate(words) if m != n)


def _may_take_object(word: Word) -> bool:
    """Whether a word is a verb that may have an accusative object: not a copula (estas,
    fariĝis), nor a passive participle."""
    return word.pos in ("VERB", "AUX") and not word.is_copula and not (
        word.feat("VerbForm") == "Part" and word.feat("Voice") == "Pass")


def _listed_after_name(before: list[Word]) -> bool:
    """Whether the words so far end in a nominative name and a comma or kaj: the next word
    is listed with that name ("Petro, Paŭlo kaj …")."""
    if not before or before[-1].form != "," and before[-1].lemma not in ("kaj", "aŭ"):
        return False
    k = len(before) - 1
    while k >= 0 and (before[k].form == "," or before[k].lemma in ("kaj", "aŭ")):
        k -= 1
    return k >= 0 and before[k].pos == "PROPN" and grammatical_case(before[k]) != "Acc"


def _reads_as_name(word: Word, nxt: Word | None, before: Word | None) -> bool:
    """A capitalised word mid-sentence shaped like a name though it parses as an adjective
    with nothing to qualify (Marta, Ana: not mart·a) or as a directional adverb (Karen). An
    accusative one (Kenan, not ken·a·n) qualifies nothing before it either: not an article's
    noun left out (``la Egiptan kaj la Sumeran lingvon``), nor the noun it follows (``la
    landon Ĥaldean``)."""
    low = word.form.lower()
    accusative = word.pos == "ADJ" and low.endswith("an") and len(low) > 3
    if accusative and before is not None and (
            before.lemma == "la" or (before.pos in ("NOUN", "PROPN", "ADJ") and
                                     grammatical_case(before) == "Acc")):
        return False
    if accusative or word.pos == "ADJ" and low.endswith("a") and len(low) > 2:
        return nxt is None or nxt.pos not in ("NOUN", "PROPN", "ADJ", "DET", "NUM")
    return word.pos == "ADV" and low.endswith("en") and len(low) > 3


def _whole_name(word: Word) -> Word:
    """A name that ends in -n read whole (``Kenan``): the -n is no accusative. Its roots stay
    (``ken``), as a capitalised known word's do, so that it still meets the word's other
    readings elsewhere (``Martan``, Marta's accusative, meets ``Marta`` on ``mart``)."""
    return replace(word, morphemes=tuple(m for m in word.morphemes if m.kind != "accusative"),
                   stem=word.form)


def _read_whole(word: Word) -> bool:
    """Whether ``_whole_name`` read this name whole for its -n (Kenan, Martan)."""
    return word.pos == "PROPN" and word.form.endswith("an") and bool(word.morphemes) and \
        word.morphemes[-1].kind == "ending"


def _ends_like_accusative_name(words: tuple[Word, ...], chunk: _Chunk) -> bool:
    """Whether a chunk is one name read whole for its -n: in a clause that has its subject,
    it is the accusative of a name in -a (Marta)."""
    return len(chunk.words) == 1 and _read_whole(words[chunk.words[0]])


def _accusative_names(words: tuple[Word, ...], clauses: tuple[Clause, ...]
                      ) -> tuple[Word, ...]:
    """The names in -an that ``_roles`` made objects (``Li salutis Martan``) take back their
    accusative -n: Marta's accusative, not a name Martan."""
    found = list(words)
    for clause in clauses:
        phrase = clause.object
        if phrase is None or len(phrase.words) != 1:
            continue
        word = words[phrase.head]
        if _read_whole(word):
            found[phrase.head] = replace(
                word, morphemes=(*word.morphemes, Morpheme("n", "accusative")),
                lemma=word.lemma[:-1], stem=word.stem[:-1],
                feats=(("Case", "Acc"), ("Number", "Sing")))
    return tuple(found)


def _after_sentence_break(words: list[Word], n: int) -> bool:
    """Whether only quotes and dashes (or a colon) stand between this word and a break."""
    for back in range(n - 1, -1, -1):
        previous = words[back]
        if previous.form in QUOTES or all(c in QUOTES for c in previous.form):
            continue
        return previous.form in _BOUNDARIES
    return True


def _mark_directional(words: list[Word], chunks: list[_Chunk]) -> list[Word]:
    """An accusative after a place preposition marks direction: UD Case=Lat."""
    for chunk in chunks:
        if chunk.kind != "prepositional" or chunk.case != "Acc":
            continue
        if words[chunk.first].lemma not in closed_classes.DIRECTIONAL_PREPOSITIONS:
            continue
        for i in chunk.words[1:]:
            word = words[i]
            if word.feat("Case") == "Acc" and word.pos in ("NOUN", "PROPN", "ADJ", "DET"):
                feats = tuple(("Case", "Lat") if k == "Case" else (k, v) for k, v in word.feats)
                words[i] = replace(word, feats=feats)
    return words


# --------------------------------------------------------------------------- sentence


def _sentence_type(words: tuple[Word, ...], main: Clause | None) -> str:
    marks = [w.form for w in words if w.is_punct and w.form not in QUOTES]
    if marks and marks[-1].endswith("?"):
        return "question"
    if main is not None and main.verb is not None:
        verb = words[main.verb]
        if verb.feat("Mood") == "Imp" and main.subject is None:
            return "command"
    return "statement"


# Words that may stand before a question word without being asked about: a question can open
# with a coordinator or an adverb of degree or approximation ("Kaj kiu …", "Proksimume kiom
# …", "Do kiu …"), or with a phrase set off by a comma ("Laŭ la libro, kion …").
_BEFORE_QUESTION_WORD = ("QUOTE", "OTHER", "ADVERB", "COORDINATOR")


def _question_chunk(chunks: list[_Chunk], words: tuple[Word, ...]) -> int | None:
    """The position of the chunk holding a question's own question word (or ĉu): the first
    such chunk of its main clause, past what may stand before it; None when there is none."""
    verb = next((n for n, c in enumerate(chunks) if c.kind == "FINITE_VERB"), len(chunks))
    commas = [n for n, c in enumerate(chunks[:verb]) if c.kind == "COMMA"]
    for start in (0, *(n + 1 for n in commas)):
        for position in range(start, len(chunks)):
            chunk = chunks[position]
            if _ki_word(chunk, words) is not None or words[chunk.first].lemma == "ĉu":
                return position
            if _governs_across_adverb(chunks, position, words):
                continue
            if chunk.kind not in _BEFORE_QUESTION_WORD:
                break
    return None


def _governs_across_adverb(chunks: list[_Chunk], position: int, words: tuple[Word, ...]
                           ) -> bool:
    """A preposition over an adverb whose phrase follows: "al almenaŭ kiom da homoj"."""
    chunk = chunks[position]
    return (chunk.kind == "prepositional" and chunk.inner is not None
            and chunk.inner.kind == "ADVERB" and position + 1 < len(chunks)
            and _ki_word(chunks[position + 1], words) is not None)


def _question(words: tuple[Word, ...], chunks: list[_Chunk], main: Clause | None) -> Question:
    position = _question_chunk(chunks, words)
    if position is not None:
        chunk = chunks[position]
        ki = _ki_word(chunk, words)
        if ki is not None:
            word = words[ki]
            preposition = words[chunk.first].lemma if chunk.kind == "prepositional" else None
            if position and _governs_across_adverb(chunks, position - 1, words):
                preposition = words[chunks[position - 1].first].lemma
            if preposition == "ĉirkaŭ" and word.lemma.lower() == "kiom":
                preposition = None  # ĉirkaŭ before a number says "about", not where
            inside = chunk.words[1:] if chunk.kind == "prepositional" else chunk.words
            head = words[phrase_head(words, inside)]
            verb = words[main.verb] if main and main.verb is not None else None
            correlative = _ki_correlative(word)
            role = questions.role_of(
                correlative[1] if correlative else "",
                grammatical_case(word),
                preposition,
                copular=_is_copular(words, main.verb if main else None),
                verb_roots=verb.roots if verb else (),
                noun_root=head.roots[-1] if head is not word and head.roots else None,
                adjective=word.pos == "ADJ",
            )
            return Question(word.lemma, role, ki, preposition)
        return Question("ĉu", "yes_no", chunk.first)
    return Question(None, "yes_no")


def build_sentence(text: str, words: list[Word], names: AbstractSet[str] = frozenset()
                   ) -> Sentence:
    """Phrases, clauses, roles, question and dependency tree of a sentence whose words are
    analysed (the parser's own analyses); the sentence's words come out in UD conventions.
    ``names``: see ``contextualise``."""
    words = contextualise(words, names)
    frozen = tuple(words)
    chunks = _chunks(frozen)
    words = _mark_directional(words, chunks)
    frozen = tuple(words)
    is_question = any(w.form.endswith("?") for w in frozen if w.is_punct)
    builders = _clauses(chunks, frozen, is_question)
    for builder in builders:
        _subject_out_of_adjunct(builder, chunks, frozen)
        _subject_out_of_name_phrase(builder, chunks, frozen)
    clauses = tuple(_roles(b, frozen) for b in builders)
    frozen = _accusative_names(frozen, clauses)
    main = clauses[0] if clauses else None
    sentence_type = _sentence_type(frozen, main)
    question = _question(frozen, chunks, main) if sentence_type == "question" else None
    heads, deprels = dependencies(frozen, clauses, [b.chunks for b in builders], chunks)
    asked = question.index if question is not None else -2
    ud_words = tuple([in_context(_ud(word), relation, word.index == asked)
                      for word, relation in zip(frozen, deprels, strict=True)])
    return Sentence(text=text, words=ud_words, clauses=clauses, type=sentence_type,
                    question=question, heads=heads, deprels=deprels)


def _ud(word: Word) -> Word:
    """A placed word of the parser's own analysis in UD conventions: its form's cached
    conversion when the sentence left the analysis as it was, else a fresh one."""
    own = word.__dict__
    twin = own.get(UD_TWIN)
    if twin is None:
        return to_ud(word)
    fields = twin.__dict__.copy()
    fields["index"], fields["start"], fields["end"] = own["index"], own["start"], own["end"]
    placed = object.__new__(Word)
    object.__setattr__(placed, "__dict__", fields)
    return placed
