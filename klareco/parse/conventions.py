"""Annotation conventions: official Universal Dependencies, and the ETB treebank's.

Klareco's output follows the official UD conventions for Esperanto (UD_Esperanto-Cairo and
-Prago, and the features the UD validator registers for ``eo``; ``../shared/gold/README.md``):

* LEMMA is the dictionary form: ``hundo``, ``bela``, ``rapide``, ``mortigi`` (a participle's
  lemma is its verb's infinitive: ``elektitaj`` → ``elekti``); names, closed-class words and
  numbers are their own lemma. The stem without its ending (``hund``, ``mortig``) is kept in
  ``Word.stem``, and it is what retrieval indexes.
* UPOS: ``esti`` as copula or auxiliary is AUX; a correlative in -u standing for a noun
  (``kiu venis``) is PRON, before a noun (``kiu hundo``) DET; possessives (``mia``, ``sia``)
  are PRON with ``Poss=Yes``, as in the official treebanks; participles in -a and -e are VERB
  (``VerbForm=Part``, and ``VerbForm=Ger`` for the adverbial -inte/-ante forms); among the
  particles only ``ĉu``, ``ĉi`` and ``jen`` are PART, ``jes`` is INTJ and the rest (``ne``,
  ``tre``, ``nur``, ``pli`` …) ADV; ``ol`` is ADP.
* FEATS: ``VerbForm=Fin|Inf|Part|Ger``; ``Mood=Ind|Sub|Imp`` (the -us form is ``Sub``, as the
  validator registers for Esperanto); past participles ``Tense=Past``; ``Degree=Pos`` on
  adjectives; ``Definite=Def|PronType=Art`` on ``la``; ``Person``, ``Gender`` (li, ŝi, ĝi) and
  ``Number[psor]`` on pronouns and possessives; ``PronType=Int`` on a question's own ki- word;
  ``NumType=Card`` on cardinals; ``Polarity=Neg`` on ``ne``; the accusative of direction
  (``en la domon``) is ``Case=Acc``, with ``Word.directional`` set.

The parser's own analysis and the ETB treebank (``ud-etb-fundamenta-ekzercaro.conllu``) use
older conventions: the stem as lemma, ``Tense=Pass`` on past participles, ``Mood=Cnd``,
``Case=Lat`` for direction, the correlatives in -u and possessives always DET, participles
ADJ/ADV, particles PART, ``esti`` VERB, and none of the added features. ``etb_tags`` maps a
word back to them: this is the one place where the two conventions meet. ``klareco
eval-parser`` scores the ETB file through it, and the Tree-LSTM and the answer ranker read
their grammar features through it, since they were trained on those tags.
"""

from __future__ import annotations

from typing import Any

from klareco.lexicon import affixes, closed_classes
from klareco.parse.ast import DERIVED, Word

# The particles UD tags PART in Esperanto; "jes" is an interjection; the others are adverbs.
UD_PARTICLES = frozenset({"ĉu", "ĉi", "jen"})
UD_INTERJECTION_PARTICLES = frozenset({"jes"})
# Gender of the third-person pronouns (UD Gender on PRON).
PRONOUN_GENDER = {"li": "Masc", "ŝi": "Fem", "ĝi": "Neut"}
# UD has no person 0: the impersonal "oni" is an indefinite third-person pronoun.
_UD_PERSON = {"0": "3"}

# Features the official conventions add and the ETB ones lack.
_UD_ONLY_FEATURES = ("Degree", "Definite", "Gender", "Number[psor]", "NumType", "Polarity")


def final_participle(word: Word) -> str | None:
    """The participle suffix that ends the word's stem (leg·it·a, vid·int·e), or None when it
    has none or derives further (okaz·int·aĵ·o)."""
    last = None
    for morpheme in word.morphemes:
        if morpheme.kind in ("ending", "plural", "accusative"):
            break
        last = morpheme
    return last.text if last is not None and last.kind == "participle" else None


def _verb_lemma(stem: str, participle: str | None) -> str:
    return (stem[: -len(participle)] if participle else stem) + "i"


def to_ud(word: Word) -> Word:
    """The word in the official UD conventions, out of context (see the module docstring);
    ``word`` is the parser's own analysis. What needs the sentence (PRON or DET for -u
    correlatives, AUX for esti, Int for a question word) is set by ``in_context``."""
    feats = dict(word.feats)
    directional = feats.get("Case") == "Lat"
    if directional:
        feats["Case"] = "Acc"
    kind = word.word_class
    pos = word.pos
    lemma = word.lemma
    participle = final_participle(word)
    if kind == "verb" and pos == "VERB":
        lemma = _verb_lemma(word.lemma, participle)
        if "Mood" in feats:
            feats["VerbForm"] = "Fin"
            if feats["Mood"] == "Cnd":
                feats["Mood"] = "Sub"
    elif kind == "adjective" and pos == "ADJ":
        if participle:
            pos, lemma = "VERB", _verb_lemma(word.lemma, participle)
            feats["VerbForm"] = "Part"
        else:
            lemma = word.lemma + affixes.ADJECTIVE_ENDING
            feats["Degree"] = "Pos"
    elif kind == "adverb" and pos == "ADV" and word.ending == "e":
        if participle:
            pos, lemma = "VERB", _verb_lemma(word.lemma, participle)
            feats["VerbForm"] = "Ger"
        else:
            lemma = word.lemma + affixes.ADVERB_ENDING
    elif kind == "noun" and pos == "NOUN":
        lemma = word.lemma + affixes.NOUN_ENDING
        feats.pop("Tense", None)
        feats.pop("Voice", None)
    elif kind in ("pronoun", "possessive"):
        info = closed_classes.PERSONAL_PRONOUNS[word.lemma.lower()]
        person = "3" if info.reflexive else _UD_PERSON.get(info.person or "", info.person)
        feats["Person"] = person  # type: ignore[assignment]
        if info.form == "oni":
            feats["PronType"] = "Ind"
            feats.pop("Number", None)
        if kind == "pronoun" and info.form in PRONOUN_GENDER:
            feats["Gender"] = PRONOUN_GENDER[info.form]
        if kind == "possessive":
            pos = "PRON"
            if info.number:
                feats["Number[psor]"] = info.number
    elif kind == "correlative":
        suffix = word.correlative[1] if word.correlative else ""
        if pos == "ADV":
            feats.pop("PronType", None)
        elif suffix == "o":
            feats.update(Case=_case_of(word), Number="Sing")
    elif kind == "name" and word.ending == affixes.NOUN_ENDING:
        feats.pop("Tense", None)  # a name made of a participle (Kreinto) is a name
        feats.pop("Voice", None)
    elif kind == "name" and word.ending is None:
        feats.pop("Case", None)  # a name without an Esperanto ending (Sam, Kain) shows no
        feats.pop("Number", None)  # case or number
    elif kind in ("numeral", "number"):
        feats["NumType"] = "Card"
    elif kind == "article":
        feats["Definite"] = "Def"
    elif kind == "particle" and pos == "PART":
        low = word.lemma.lower()
        pos = "PART" if low in UD_PARTICLES else (
            "INTJ" if low in UD_INTERJECTION_PARTICLES else "ADV")
        if low == "ne":
            feats["Polarity"] = "Neg"
    elif kind == "coordinator" and pos == "CCONJ" and word.lemma.lower() == "ol":
        pos = "ADP"  # "than": it marks the compared phrase, it coordinates nothing
    ud = _rebuilt(word, lemma, pos, feats, directional)
    if word.parts:
        ud.__dict__["parts"] = tuple(to_ud(part) for part in word.parts)
    return ud


_AUXILIARY_RELATIONS = frozenset({"cop", "aux", "aux:pass"})
# What a Word computes once and keeps beside its fields: gone when its tags change.
_MEMOS = (*DERIVED, "_ud_twin", "_category")


def _case_of(word: Word) -> str:
    return "Acc" if any(m.kind == "accusative" for m in word.morphemes) else "Nom"


def _rebuilt(word: Word, lemma: str, pos: str, feats: dict[str, str],
             directional: bool) -> Word:
    # Built without the frozen __init__, as Word.from_dict does: this runs for every new form.
    ud = object.__new__(Word)
    ud.__dict__.update(word.__dict__)
    ud.__dict__.update(lemma=lemma, pos=pos, feats=tuple(sorted(feats.items())),
                       stem=word.lemma, directional=directional)
    for memo in _MEMOS:
        ud.__dict__.pop(memo, None)
    return ud


def in_context(word: Word, relation: str, question_word: bool) -> Word:
    """The word's UPOS and features where they depend on its place in the sentence: an -u
    correlative that heads its phrase stands for a noun (PRON); ``esti`` linking a predicate
    or helping a participle is AUX; the question's own ki- word is interrogative."""
    standalone = word.correlative is not None and word.correlative[1] == "u" and (
        relation != "det")
    if not (standalone or question_word or relation in _AUXILIARY_RELATIONS):
        return word
    pos = word.pos
    feats = dict(word.feats)
    if standalone:
        pos = "PRON"
    elif relation in _AUXILIARY_RELATIONS and pos == "VERB":
        pos = "AUX"
    if question_word and feats.get("PronType") == "Rel":
        feats["PronType"] = "Int"
    if pos == word.pos and len(feats) == len(word.feats) and feats == dict(word.feats):
        return word
    changed = object.__new__(Word)
    changed.__dict__.update(word.__dict__)
    changed.__dict__.update(pos=pos, feats=tuple(sorted(feats.items())))
    for memo in _MEMOS:
        changed.__dict__.pop(memo, None)
    return changed


def etb_tags(word: Word) -> tuple[str, str, dict[str, str]]:
    """(lemma, UPOS, features) of a word in the ETB treebank's conventions: the stem as
    lemma, and the tags the parser's own analysis gives (the module docstring lists the
    differences)."""
    feats: dict[str, Any] = dict(word.feats)
    for name in _UD_ONLY_FEATURES:
        feats.pop(name, None)
    pos = word.pos
    kind = word.word_class
    participle = final_participle(word)
    if pos == "AUX":
        pos = "VERB"
    if feats.get("PronType") == "Int":
        feats["PronType"] = "Rel"
    if kind == "possessive" or (kind == "correlative" and pos == "PRON"
                                and word.correlative and word.correlative[1] != "o"):
        pos = "DET"
    elif kind == "particle" and pos != "SCONJ":
        pos = "PART"
    elif kind == "coordinator":
        pos = "CCONJ"
    if feats.get("VerbForm") in ("Fin", "Part", "Ger"):
        del feats["VerbForm"]
        if pos == "VERB" and participle and word.ending in ("a", "e"):
            pos = "ADJ" if word.ending == "a" else "ADV"
    if feats.get("Mood") == "Sub":
        feats["Mood"] = "Cnd"
    if participle and (kind in ("verb", "adjective", "adverb", "noun") or (
            kind == "name" and word.ending == affixes.NOUN_ENDING)):
        # the ETB spelling of the past participles' tense; its nouns keep tense and voice
        tense, voice = affixes.PARTICIPLES[participle]
        feats.update(Tense="Pass" if tense == "Past" else tense, Voice=voice)
    if kind in ("pronoun", "possessive"):
        info = closed_classes.PERSONAL_PRONOUNS[word.lemma.lower()]
        if info.person is None:
            feats.pop("Person", None)
        else:
            feats["Person"] = info.person
        if info.form == "oni":
            feats["PronType"] = "Prs"
            if info.number:
                feats["Number"] = info.number
    elif kind == "correlative" and word.correlative:
        prefix, suffix = word.correlative
        if pos == "ADV":
            feats["PronType"] = closed_classes.CORRELATIVE_PREFIXES[prefix]
        elif suffix == "o":
            feats.pop("Case", None)
            feats.pop("Number", None)
    if kind == "name" and "Case" not in feats:
        feats.update(Case="Nom", Number="Sing")
    if word.directional:
        feats["Case"] = "Lat"
    return word.stem or word.lemma, pos, feats
