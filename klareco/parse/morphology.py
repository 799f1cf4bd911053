"""Word analysis: exact segmentation into morphemes, checked by the Lark word grammar.

How a word is analysed:

1. The segmenter proposes candidate morpheme sequences: closed-class readings (pronouns,
   correlatives, numerals, function words) and, for open-class words, every way to cut the
   form into prefixes, roots (from the dictionary), suffixes, a participle suffix and an
   ending.
2. Each candidate has a cost, and candidates are tried cheapest first; the first one that
   ``grammar/word.lark`` accepts is the analysis. The cost encodes the preference order:

   * a closed-class reading costs nothing;
   * every morpheme costs about 1 (so fewer morphemes win: ``rapid-e``, never ``rap-id-e``);
   * a rare root costs a little more than a common one (0.2 per rarity step);
   * a participle suffix costs less than other suffixes (leg-at-a rather than legat-a);
   * an affix used as a root (``ul-o``) costs more than a dictionary root;
   * each extra root of a compound costs 2 more (compounds last: ``akv-o-bird-o`` only
     when nothing simpler exists);
   * a piece missing from the dictionary costs 5 in a capitalised word and 7.5 in a
     lowercase one, so a known analysis wins and an unknown word still gets one (its root
     is guessed from the ending). A lowercase word is Esperanto far more often than a
     foreign name, and a compound of two roots with a link and a suffix
     (``korp-o-gard-ist-o``, ``kor-tuŝ-ec-o``) costs more than 5: at 5 such words were
     read as one unknown root. A capitalised word keeps the lower cost, or names would be
     cut into short roots (``Ho-raci-o``).

3. A Lark ``Transformer`` turns the accepted parse tree into a frozen ``Word``.

Analyses are cached per word form, so each distinct form is segmented once per process.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError
from lark.lexer import Lexer

from klareco.config import cache_home
from klareco.lexicon import affixes, closed_classes
from klareco.lexicon.orthography import from_h_system, normalize_word
from klareco.lexicon.roots import Root, load_roots
from klareco.parse.ast import Morpheme, Word
from klareco.parse.conventions import to_ud

UNKNOWN_PIECE_COST = 5.0
LOWERCASE_UNKNOWN_PIECE_COST = 7.5
COMPOUND_COST = 2.0
RARITY_COST = 0.2
AFFIX_AS_ROOT_COST = 1.6
LINK_COST = 0.3
# Participles are a regular, productive formation (leg-at-a), cheaper than other suffixes.
PARTICIPLE_COST = 0.6
# A capitalised word with an unknown root reads as a name: an ending other than -o on it is
# more likely part of the name (Noa, Jehuda) than an adjective or verb ending.
NAME_WITH_OTHER_ENDING_COST = 3.0
UNANALYSED_COST = 6.0  # in a lowercase word, as much more as an unknown piece costs there
# Longer "words" (the longest real ones are about 30 letters) are not segmented: that keeps
# arbitrary input linear in time.
MAX_SEGMENTED_LENGTH = 40
# Enough candidates per stem position to find a grammatical one without exploring them all.
BEAM = 24


@dataclass(frozen=True)
class _Piece:
    """A segmenter candidate piece: a grammar terminal type and its text."""

    type: str
    text: str
    root: Root | None = None


@dataclass(order=True, frozen=True)
class _Candidate:
    cost: float
    pieces: tuple[_Piece, ...] = field(compare=False)


class _PresegmentedLexer(Lexer):
    """Feeds Lark the typed morphemes the segmenter proposed, instead of lexing text."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Iterable[_Piece]) -> Iterable[Token]:  # type: ignore[override]
        for piece in data:
            yield Token(piece.type, piece)


def grammar_text(name: str) -> str:
    """The text of one of the shipped ``.lark`` grammar files."""
    return (resources.files("klareco.grammar") / name).read_text("utf-8")


class _TokenLexer(Lexer):
    """Feeds Lark the tokens the caller built (the sentence grammar's word categories): no
    wrapping object per word on the hot path."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Iterable[Token]) -> Iterator[Token]:  # type: ignore[override]
        return iter(data)


def lalr_parser(name: str, tokens: bool = False) -> Lark:
    """The LALR parser of the shipped grammar ``name``, over pre-segmented input: typed
    pieces, or with ``tokens`` Lark tokens the caller built.

    Building a parser from its grammar takes 10–20 ms, a share of every one-shot command, so
    Lark keeps the built one in Klareco's cache folder; it rebuilds it when the grammar, the
    options or Lark's version are not those of the cached one.
    """
    text = grammar_text(name)
    lexer = _TokenLexer if tokens else _PresegmentedLexer
    return Lark(text, parser="lalr", lexer=lexer, cache=_cache_file(name, text + lexer.__name__))


def _cache_file(name: str, text: str) -> str | bool:
    """Where the parser of this grammar text is cached (False: nowhere writable). The text's
    hash in the name keeps checkouts with other grammars (or lexers) from overwriting each
    other's."""
    folder = cache_home()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return str(folder / f"{name}.{digest}.lark-cache")


@cache
def _word_parser() -> Lark:
    return lalr_parser("word.lark")


# --------------------------------------------------------------------------- segmentation


@cache
def _stem_pieces() -> dict[str, tuple[tuple[float, tuple[_Piece, ...]], ...]]:
    """Every string that can be one piece (or a lexicalised group) of a stem, with its cost."""
    table: dict[str, list[tuple[float, tuple[_Piece, ...]]]] = {}

    def add(text: str, cost: float, pieces: tuple[_Piece, ...]) -> None:
        table.setdefault(text, []).append((cost, pieces))

    for text, root in load_roots().items():
        cost = 1.0 + RARITY_COST * root.rarity
        if len(root.parts) == 1:
            add(text, cost, (_Piece("ROOT", text, root),))
        else:
            # A compound the dictionary lists (aer.bat.il): its own parts, at a discount.
            parts = tuple(_classify_part(p, i, root) for i, p in enumerate(root.parts))
            add(text, 0.95 * len(parts) + RARITY_COST * root.rarity, parts)
    for prefix, cost in affixes.PREFIXES.items():
        add(prefix, cost, (_Piece("PREFIX", prefix),))
        add(prefix, AFFIX_AS_ROOT_COST, (_Piece("AFFIX_ROOT", prefix),))
    for suffix in affixes.SUFFIXES:
        add(suffix, 1.0, (_Piece("SUFFIX", suffix),))
        add(suffix, AFFIX_AS_ROOT_COST, (_Piece("AFFIX_ROOT", suffix),))
    for participle in affixes.PARTICIPLES:
        add(participle, PARTICIPLE_COST, (_Piece("PARTICIPLE", participle),))
    for vowel in affixes.LINKING_VOWELS:
        add(vowel, LINK_COST, (_Piece("LINK", vowel),))
    return {k: tuple(sorted(v, key=lambda c: c[0])) for k, v in table.items()}


def _classify_part(part: str, position: int, root: Root) -> _Piece:
    if part in affixes.SUFFIXES and position > 0:
        return _Piece("SUFFIX", part)
    if part in affixes.PARTICIPLES and position > 0:
        return _Piece("PARTICIPLE", part)
    if part in affixes.PREFIXES and position == 0:
        return _Piece("PREFIX", part)
    return _Piece("ROOT", part, root)


@cache
def _longest_piece() -> int:
    return max(len(k) for k in _stem_pieces())


def _segment_stem(stem: str, unknown_cost: float = UNKNOWN_PIECE_COST) -> list[_Candidate]:
    """The cheapest ways to cut a stem into pieces (at most one unknown piece, costing
    ``unknown_cost``)."""
    table = _stem_pieces()
    longest = _longest_piece()
    n = len(stem)
    # best[i]: cheapest segmentations of stem[i:], as (cost, unknown_count, pieces)
    best: list[list[tuple[float, int, tuple[_Piece, ...]]]] = [[] for _ in range(n + 1)]
    best[n] = [(0.0, 0, ())]
    for i in range(n - 1, -1, -1):
        options: list[tuple[float, int, tuple[_Piece, ...]]] = []
        for j in range(i + 1, min(n, i + longest) + 1):
            alternatives = table.get(stem[i:j])
            if not alternatives or not best[j]:
                continue
            for cost, pieces in alternatives:
                for rest_cost, rest_unknown, rest in best[j]:
                    options.append((cost + rest_cost, rest_unknown, pieces + rest))
        for j in range(i + 2, n + 1):
            for rest_cost, rest_unknown, rest in best[j]:
                if rest_unknown == 0:
                    piece = _Piece("UNKNOWN_ROOT", stem[i:j])
                    options.append((unknown_cost + rest_cost, 1, (piece, *rest)))
        options.sort(key=lambda o: o[0])
        best[i] = options[:BEAM]
    return [_Candidate(cost + _compound_cost(p), p) for cost, _, p in best[0]]


def _compound_cost(pieces: tuple[_Piece, ...]) -> float:
    roots = sum(1 for p in pieces if p.type in ("ROOT", "AFFIX_ROOT", "UNKNOWN_ROOT"))
    cost = COMPOUND_COST * max(0, roots - 1)
    # A root the dictionary marks as not combining (many foreign names) stands alone; a
    # correlative opening a word combines whatever its entry says (kiom·foj·e, tiom·foj·e).
    if len(pieces) > 1 and any(p.root is not None and not p.root.combines and not (
            n == 0 and closed_classes.split_correlative(p.text)) for n, p in enumerate(pieces)):
        cost += 3.0
    return cost


_ENDING_TYPES = {
    "o": "NOUN_ENDING", "a": "ADJECTIVE_ENDING", "e": "ADVERB_ENDING",
    "j": "PLURAL", "n": "ACCUSATIVE", "'": "ELISION",
    "as": "PRESENT", "is": "PAST", "os": "FUTURE", "us": "CONDITIONAL", "u": "VOLITIVE",
    "i": "INFINITIVE",
}


def _closed_class_candidates(low: str) -> list[_Candidate]:
    found: list[tuple[_Piece, ...]] = []
    pos = closed_classes.function_word_pos(low)
    if pos is not None:
        found.append((_Piece(_FUNCTION_TYPES[_function_kind(low)], low),))
    for pronoun in closed_classes.PERSONAL_PRONOUNS:
        if not low.startswith(pronoun):
            continue
        rest = low[len(pronoun):]
        if rest in ("", "n"):
            found.append((_Piece("PRONOUN", pronoun), *_ending_pieces(rest)))
        elif rest in ("a", "aj", "an", "ajn"):
            found.append((_Piece("PRONOUN", pronoun), *_ending_pieces(rest)))
    for prefix in closed_classes.CORRELATIVE_PREFIXES:
        if not low.startswith(prefix):
            continue
        rest = low[len(prefix):]
        for suffix, info in closed_classes.CORRELATIVE_SUFFIXES.items():
            if not rest.startswith(suffix):
                continue
            tail = rest[len(suffix):]
            if (tail == "" or (tail == "j" and info.takes_plural)
                    or (tail == "n" and info.takes_accusative)
                    or (tail == "jn" and info.takes_plural and info.takes_accusative)):
                found.append(
                    (_Piece("CORRELATIVE_PREFIX", prefix), _Piece("CORRELATIVE_SUFFIX", suffix),
                     *_ending_pieces(tail))
                )
    found.extend(_cardinal_pieces(low))
    return [_Candidate(0.0, pieces) for pieces in found]


def _cardinal_pieces(low: str) -> list[tuple[_Piece, ...]]:
    """Every way to read ``low`` as a cardinal written as one word: groups of a multiplier
    with its optional digit ("du"+"dek", "cent"), then an optional last digit ("dekunu",
    "dudekkvin", "centmil"); two digits never stand side by side ("dutri" is no number)."""
    if low in closed_classes.CARDINAL_DIGITS:
        return [(_Piece("DIGIT", low),)]
    readings: list[tuple[_Piece, ...]] = []
    for digit in ("", *closed_classes.CARDINAL_DIGITS):
        for multiplier in closed_classes.CARDINAL_MULTIPLIERS:
            group = digit + multiplier
            if not low.startswith(group):
                continue
            pieces = ((_Piece("DIGIT", digit),) if digit else ()) + (
                _Piece("MULTIPLIER", multiplier),)
            rest = low[len(group):]
            if not rest:
                readings.append(pieces)
            else:
                readings.extend(pieces + tail for tail in _cardinal_pieces(rest))
    return readings


def _function_kind(low: str) -> str:
    if low in (closed_classes.ARTICLE, closed_classes.ELIDED_ARTICLE):
        return "article"
    if low in closed_classes.PREPOSITIONS:
        return "preposition"
    if low in closed_classes.COORDINATING_CONJUNCTIONS:
        return "coordinator"
    if low in closed_classes.SUBORDINATING_CONJUNCTIONS:
        return "subordinator"
    if low in closed_classes.PARTICLES:
        return "particle"
    if low in closed_classes.PRIMITIVE_ADVERBS:
        return "adverb"
    return "interjection"


_FUNCTION_TYPES = {
    "article": "ARTICLE", "preposition": "PREPOSITION", "coordinator": "COORDINATOR",
    "subordinator": "SUBORDINATOR", "particle": "PARTICLE", "adverb": "ADVERB",
    "interjection": "INTERJECTION",
}


def _ending_pieces(text: str) -> tuple[_Piece, ...]:
    """Split a string of single-letter endings (a, j, n) into pieces."""
    return tuple(_Piece(_ENDING_TYPES[c], c) for c in text)


def _open_candidates(low: str, capitalised: bool) -> list[_Candidate]:
    candidates: list[_Candidate] = []
    for sequence in affixes.ENDING_SEQUENCES:
        ending = "".join(sequence)
        if not low.endswith(ending) or len(low) <= len(ending):
            continue
        stem = low[: -len(ending)]
        tail = tuple(_Piece(_ENDING_TYPES[e], e) for e in sequence)
        for candidate in _segment_stem(stem, _unknown_cost(capitalised)):
            cost = candidate.cost
            if (capitalised and sequence[0] not in ("o", "'")
                    and any(p.type == "UNKNOWN_ROOT" for p in candidate.pieces)):
                cost += NAME_WITH_OTHER_ENDING_COST
            candidates.append(_Candidate(cost, candidate.pieces + tail))
    return candidates


def _unknown_cost(capitalised: bool) -> float:
    return UNKNOWN_PIECE_COST if capitalised else LOWERCASE_UNKNOWN_PIECE_COST


def _candidates(low: str, capitalised: bool) -> list[_Candidate]:
    candidates = _closed_class_candidates(low)
    if len(low) <= MAX_SEGMENTED_LENGTH:
        candidates += _open_candidates(low, capitalised)
    unanalysed = UNANALYSED_COST + _unknown_cost(capitalised) - UNKNOWN_PIECE_COST
    candidates.append(_Candidate(unanalysed + 0.01 * len(low),
                                 (_Piece("UNKNOWN_ROOT", low),)))
    candidates.sort()
    return candidates


# --------------------------------------------------------------------------- tree → Word


@dataclass
class _Parts:
    """What the transformer collects about a word before its features are computed."""

    word_class: str
    morphemes: list[Morpheme]
    prefixes: list[str] = field(default_factory=list)
    roots: list[str] = field(default_factory=list)
    suffixes: list[str] = field(default_factory=list)
    participle: str | None = None
    ending: str | None = None
    plural: bool = False
    accusative: bool = False
    elided: bool = False
    lexicon_roots: list[Root | None] = field(default_factory=list)
    correlative: tuple[str, str] | None = None
    pronoun: str | None = None


def _m(token: Token, kind: str) -> Morpheme:
    piece: _Piece = token.value
    return Morpheme(piece.text, kind, known=piece.type != "UNKNOWN_ROOT")


class _WordBuilder(Transformer[Token, _Parts]):
    """One small method per grammar rule; the result is the word's ``_Parts``."""

    def start(self, children: list[_Parts]) -> _Parts:
        return children[0]

    def stem(self, children: list[Token]) -> list[Token]:
        return children

    def nominal_ending(self, children: list[Token]) -> list[Token]:
        return children

    def adverb_ending(self, children: list[Token]) -> list[Token]:
        return children

    def verb_ending(self, children: list[Token]) -> list[Token]:
        return children

    def ending(self, children: list[object]) -> list[Token]:
        child = children[0]
        return child if isinstance(child, list) else [child]  # type: ignore[list-item]

    def open_word(self, children: list[object]) -> _Parts:
        parts = _Parts(word_class="open", morphemes=[])
        for child in children:
            if isinstance(child, Token):
                _add_affix(parts, child)
            elif child and isinstance(child[0], Token) and child[0].type in _ENDING_KINDS:
                for token in child:
                    _add_ending(parts, token)
            else:  # the stem: roots, links and suffixes
                for token in child:  # type: ignore[union-attr]
                    if parts.participle and token.type != "PARTICIPLE":
                        parts.participle = None  # derived further: okaz-int-aĵ-o is a noun
                    if token.type in ("ROOT", "AFFIX_ROOT", "UNKNOWN_ROOT"):
                        parts.roots.append(token.value.text)
                        parts.lexicon_roots.append(token.value.root)
                        parts.morphemes.append(_m(token, "root"))
                    else:
                        _add_affix(parts, token)
        return parts

    def pronoun(self, children: list[Token]) -> _Parts:
        return self._pronominal(children, "pronoun")

    def possessive(self, children: list[Token]) -> _Parts:
        return self._pronominal(children, "possessive")

    def _pronominal(self, children: list[Token], word_class: str) -> _Parts:
        parts = _Parts(word_class=word_class, morphemes=[_m(children[0], "pronoun")])
        parts.pronoun = children[0].value.text
        for token in children[1:]:
            _add_ending(parts, token)
        return parts

    def correlative(self, children: list[Token]) -> _Parts:
        prefix, suffix = children[0].value.text, children[1].value.text
        parts = _Parts(
            word_class="correlative",
            morphemes=[_m(children[0], "correlative_prefix"),
                       _m(children[1], "correlative_suffix")],
            correlative=(prefix, suffix),
        )
        for token in children[2:]:
            _add_ending(parts, token)
        return parts

    def cardinal(self, children: list[Token]) -> _Parts:
        return _Parts(word_class="numeral", morphemes=[_m(t, "numeral") for t in children])

    def function_word(self, children: list[Token]) -> _Parts:
        kind = _function_kind(children[0].value.text)
        return _Parts(word_class=kind, morphemes=[_m(children[0], kind)])

    def unanalysed(self, children: list[Token]) -> _Parts:
        parts = _Parts(word_class="unanalysed", morphemes=[_m(children[0], "root")])
        parts.roots.append(children[0].value.text)
        parts.lexicon_roots.append(None)
        return parts


_ENDING_KINDS = {
    "NOUN_ENDING", "ADJECTIVE_ENDING", "ADVERB_ENDING", "PLURAL", "ACCUSATIVE", "ELISION",
    "PRESENT", "PAST", "FUTURE", "CONDITIONAL", "VOLITIVE", "INFINITIVE",
}


def _add_affix(parts: _Parts, token: Token) -> None:
    text = token.value.text
    if token.type == "PREFIX":
        parts.prefixes.append(text)
        parts.morphemes.append(_m(token, "prefix"))
    elif token.type == "PARTICIPLE":
        parts.participle = text
        parts.morphemes.append(_m(token, "participle"))
    elif token.type == "LINK":
        parts.morphemes.append(_m(token, "link"))
    else:
        parts.suffixes.append(text)
        parts.morphemes.append(_m(token, "suffix"))


def _add_ending(parts: _Parts, token: Token) -> None:
    text = token.value.text
    if token.type == "PLURAL":
        parts.plural = True
        parts.morphemes.append(_m(token, "plural"))
    elif token.type == "ACCUSATIVE":
        parts.accusative = True
        parts.morphemes.append(_m(token, "accusative"))
    else:
        parts.ending = "o" if token.type == "ELISION" else text
        parts.elided = token.type == "ELISION"
        parts.morphemes.append(_m(token, "ending"))


# --------------------------------------------------------------------------- features


def _feats(**values: str | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in values.items() if v is not None))


def _case(parts: _Parts) -> str:
    return "Acc" if parts.accusative else "Nom"


def _number(parts: _Parts) -> str:
    return "Plur" if parts.plural else "Sing"


def _to_word(form: str, spelled: str, parts: _Parts, capitalised: bool) -> Word:
    """The word ``form`` (``spelled``: in Esperanto letters, x- and h-system read) from the
    grammar's analysis of it."""
    low = spelled.lower()
    known = all(m.known for m in parts.morphemes)
    common = dict(
        form=form,
        morphemes=tuple(parts.morphemes),
        prefixes=tuple(parts.prefixes),
        roots=tuple(parts.roots),
        suffixes=tuple(parts.suffixes),
        known=known,
        elided=parts.elided,
    )
    kind = parts.word_class
    if kind == "open":
        return _open_word(spelled, parts, capitalised, common)
    if kind == "pronoun":
        info = closed_classes.PERSONAL_PRONOUNS[parts.pronoun or ""]
        return Word(
            lemma=info.form, pos="PRON", word_class="pronoun", ending=None,
            feats=_feats(Case=_case(parts), Number=info.number, Person=info.person,
                         PronType="Prs", Reflex="Yes" if info.reflexive else None),
            **common,
        )
    if kind == "possessive":
        info = closed_classes.PERSONAL_PRONOUNS[parts.pronoun or ""]
        return Word(
            lemma=info.form, pos="DET", word_class="possessive", ending="a",
            feats=_feats(Case=_case(parts), Number=_number(parts), Person=info.person,
                         Poss="Yes", PronType="Prs", Reflex="Yes" if info.reflexive else None),
            **common,
        )
    if kind == "correlative":
        return _correlative_word(parts, common)
    if kind == "numeral":
        return Word(lemma=low, pos="NUM", word_class="numeral", **common)
    if kind == "article":
        return Word(lemma="la", pos="DET", word_class="article", feats=_feats(PronType="Art"),
                    elided=low == closed_classes.ELIDED_ARTICLE,
                    **{k: v for k, v in common.items() if k != "elided"})
    if kind == "unanalysed":
        if capitalised:
            return Word(lemma=spelled, pos="PROPN", word_class="name", proper=True,
                        feats=_feats(Case="Nom", Number="Sing"), **common)
        return Word(lemma=low, pos="X", word_class="foreign", **common)
    return Word(lemma=low, pos=closed_classes.function_word_pos(low) or "X", word_class=kind,
                **common)


def _correlative_word(parts: _Parts, common: dict[str, object]) -> Word:
    prefix, suffix = parts.correlative or ("", "")
    info = closed_classes.CORRELATIVE_SUFFIXES[suffix]
    pron_type = closed_classes.CORRELATIVE_PREFIXES[prefix]
    if info.upos == "DET" and suffix in ("u", "a"):
        feats = _feats(Case=_case(parts), Number=_number(parts), PronType=pron_type)
    elif suffix == "es":
        feats = _feats(Poss="Yes", PronType=pron_type)
    else:
        feats = _feats(PronType=pron_type)
    return Word(lemma=prefix + suffix, pos=info.upos, word_class="correlative", feats=feats,
                correlative=(prefix, suffix), ending=None, **common)  # type: ignore[arg-type]


def _open_word(spelled: str, parts: _Parts, capitalised: bool, common: dict[str, object]
               ) -> Word:
    low = spelled.lower()
    stem_length = sum(len(m.text) for m in parts.morphemes
                      if m.kind in ("prefix", "root", "suffix", "participle", "link"))
    lemma = low[:stem_length]
    head = parts.lexicon_roots[-1] if parts.lexicon_roots else None
    unknown_root = any(m.kind == "root" and not m.known for m in parts.morphemes)
    proper = capitalised and (unknown_root or (head is not None and head.proper))
    participle = affixes.PARTICIPLES.get(parts.participle or "")
    tense, voice = participle if participle else (None, None)
    ending = parts.ending or ""
    if ending in affixes.VERB_ENDINGS and not participle:
        pos, word_class = "VERB", "verb"
        feats = _feats(**affixes.VERB_ENDINGS[ending])
    elif ending == "o":
        pos, word_class = ("PROPN", "name") if proper else ("NOUN", "noun")
        feats = _feats(Case=_case(parts), Number=_number(parts), Tense=tense, Voice=voice)
    elif ending == "a":
        pos, word_class = "ADJ", "adjective"
        feats = _feats(Case=_case(parts), Number=_number(parts), Tense=tense, Voice=voice)
    elif ending == "e":
        pos, word_class = "ADV", "adverb"
        feats = _feats(Tense=tense, Voice=voice)
    else:  # a participle with a verb ending (estinti): a verb form
        pos, word_class = "VERB", "verb"
        # the participle's tense and voice, the ending's mood (am-int-us: would have loved)
        feats = _feats(**{**affixes.VERB_ENDINGS.get(ending, {}), "Tense": tense,
                          "Voice": voice})
    return Word(
        lemma=_proper_lemma(spelled, parts) if pos == "PROPN" else lemma,
        pos=pos, word_class=word_class, ending=parts.ending, feats=feats, proper=proper,
        semantic_class=head.semantic_class if head else None,
        **common,  # type: ignore[arg-type]
    )


def _proper_lemma(form: str, parts: _Parts) -> str:
    """A name's lemma is the name as written (in Esperanto letters: Metusxelahx → Metuŝelaĥ),
    without the accusative -n (Johanon → Johano)."""
    return form[:-1] if parts.accusative and form[-1:] in ("n", "N") else form


# --------------------------------------------------------------------------- public API


def _analyse_spelling(form: str, spelled: str) -> Word:
    low = spelled.lower()
    capitalised = spelled[:1].isupper()
    parser = _word_parser()
    builder = _WordBuilder()
    for candidate in _candidates(low, capitalised):
        try:
            tree = parser.parse(candidate.pieces)  # type: ignore[arg-type]
        except LarkError:
            continue
        return _to_word(form, spelled, builder.transform(tree), capitalised)
    raise AssertionError(f"no analysis for {form!r}")  # the unanalysed reading always parses


def _non_word(form: str) -> Word | None:
    """Punctuation, numbers written in digits, symbols and abbreviations."""
    if any(c.isalpha() for c in form):
        ordinal = _DIGIT_ORDINAL.fullmatch(form)
        if ordinal:  # "3a", "10an", "2aj": an ordinal in digits, an adjective of the number
            digits, plural, accusative = ordinal.groups()
            return Word(form=form, lemma=digits, pos="ADJ", roots=(digits,), ending="a",
                        feats=(("Case", "Acc" if accusative else "Nom"),
                               ("Number", "Plur" if plural else "Sing")),
                        word_class="adjective")
        if form.endswith(".") and len(form) > 1:  # abbreviation such as "k.t.p." or "D-ro."
            return Word(form=form, lemma=form.lower(), pos="SYM", word_class="abbreviation")
        return None
    if any(c.isdigit() for c in form):
        return Word(form=form, lemma=form, pos="NUM", word_class="number")
    if all(c in _PUNCT for c in form):
        return Word(form=form, lemma=form, pos="PUNCT", word_class="punctuation")
    return Word(form=form, lemma=form, pos="SYM", word_class="symbol")


_PUNCT = set(".,;:!?()[]{}…-–")
_DIGIT_ORDINAL = re.compile(r"(\d+)a(j?)(n?)")


def analyze_word(form: str) -> Word:
    """Analyse one word form out of context, in the official UD conventions (cached per
    form). Never raises for a string.

    A hyphenated word (``nigre-griza``, ``16-regula``) also carries the analysis of each part.
    """
    return own_analysis(form).__dict__[UD_TWIN]


# The key under which the parser's own analysis of a form keeps its UD conversion, so that
# each form is converted once (a placed copy carries it; a word the sentence changed, made
# anew by dataclasses.replace, does not).
UD_TWIN = "_ud_twin"


@lru_cache(maxsize=500_000)
def own_analysis(form: str) -> Word:
    """The parser's own analysis of a word form (cached per form): the stem as lemma and the
    tags the sentence analysis reads (``klareco.parse.conventions`` tells them apart)."""
    word = _analyse_form(form)
    if "-" in form.strip("-"):
        word = replace(word, parts=tuple(own_analysis(p) for p in form.split("-") if p))
    word.__dict__[UD_TWIN] = to_ud(word)
    return word


def _analyse_form(form: str) -> Word:
    if not form:
        return Word(form=form, lemma="", pos="X", known=False, word_class="empty")
    spelled = normalize_word(form)
    special = _non_word(spelled)
    if special is not None:
        return replace(special, form=form)
    word = _analyse_spelling(form, spelled)
    if not word.known:
        # Fundamento's h-system (ĉ written ch, ŭ written u): tried only when the plain
        # spelling is not understood, because "ch" and "au" also occur in real words.
        respelled = from_h_system(spelled)
        if respelled != spelled:
            alternative = _analyse_spelling(form, respelled)
            if alternative.known:
                return alternative
    return word


def cache_clear() -> None:
    """Empty the per-form analysis cache (for cold-cache benchmarks)."""
    own_analysis.cache_clear()
