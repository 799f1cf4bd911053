"""Training questions made from corpus sentences by transforming their ASTs.

Self-supervision for the encoder: a clause's role is replaced by the question word that asks for
it ("Kain mortigis Habelon" → "Kiun mortigis Kain?", "Kiu mortigis Habelon?"), the other
constituents are put in a random order (free word order: same meaning) and some modifiers and
adjuncts are dropped (questions are shorter than the sentences that answer them). The question
text is then parsed like any user question, so training sees exactly what search will see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from klareco.corpus.store import Store
from klareco.lexicon.closed_classes import NEGATION_WORDS
from klareco.lexicon.semantics import PERSON_CLASSES, PREPOSITION_ROLES, TIME_AND_MEASURE_ROOTS
from klareco.parse.ast import Phrase, Sentence, Word
from klareco.text import normalize_for_judging

# The roles a question can ask for, in the order a clause's constituents are listed.
_ROLE_KEYS = ("subject", "object", "indirect_object", "predicate")

DROP_MODIFIERS = 0.5  # chance that a kept phrase loses its modifiers
DROP_ADJUNCT = 0.5  # chance that an adjunct not asked about is left out
YES_NO = 0.1  # share of "ĉu" questions that ask about the whole clause


def _phrase_text(phrase: Phrase, words: tuple[Word, ...], keep_modifiers: bool) -> str:
    """The phrase's words in text order; without modifiers, its head and preposition only."""
    indices = {phrase.head}
    for index in phrase.words:
        if keep_modifiers or index == phrase.preposition:
            indices.add(index)
    return " ".join(_form(words[i]) for i in sorted(indices))


def _form(word: Word) -> str:
    # a common word keeps no capital from the start of its sentence ("La" → "la")
    return word.form if word.proper else word.form.lower()


def _is_relative(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    correlative = words[phrase.head].correlative
    return bool(correlative and correlative[0] == "ki")


def _is_person(word: Word) -> bool:
    return word.is_name or word.pos == "PRON" or word.semantic_class in PERSON_CLASSES


def _counted(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    """Whether a number counts the phrase's head ("sep jarojn", "dudek matracojn")."""
    return any(words[i].pos == "NUM" for i in phrase.words if i != phrase.head)


def _question_word(role: str, phrase: Phrase, words: tuple[Word, ...],
                   rng: random.Random) -> str | None:
    head = words[phrase.head]
    if role != "adjunct" and _counted(phrase, words) and rng.random() < 0.5:
        # "Kiom da jaroj …?": the counted noun stays, in the nominative
        noun = _form(head)
        return "kiom da " + (noun[:-1] if noun.endswith("n") else noun)
    person = _is_person(head)
    who = "kiuj" if head.feat("Number") == "Plur" else "kiu"
    if role == "subject" or role == "predicate":
        return who if person else "kio"
    if role == "object":
        return who + "n" if person else "kion"
    if role == "indirect_object":
        return "al " + who
    preposition = phrase.preposition_form(words)
    if not preposition:
        return None
    marks = PREPOSITION_ROLES.get(preposition)
    root = head.roots[-1] if head.roots else ""
    # "en tiu tago", "post tri jaroj": a preposition of time or place before a noun of time
    if marks in ("time", "place") and root in TIME_AND_MEASURE_ROOTS:
        return "kiam"
    if marks == "place" and rng.random() < 0.6:
        return "kie"
    if marks == "source" and rng.random() < 0.5:
        return "de kie"
    if preposition == "al" and not person and rng.random() < 0.5:
        return "kien"
    return f"{preposition} {who if person else 'kio'}"


@dataclass(frozen=True)
class GeneratedQuestion:
    """A generated question and what answers it: for a ĉu question ``jes``/``ne``, else the
    stems a right answer contains (the asked phrase's head, or the numbers a ``kiom`` asks
    for). ``pronoun``: the asked phrase is a pronoun, so the real answer is its antecedent."""

    text: str
    answers: tuple[str, ...]
    yes_no: bool
    pronoun: bool = False
    numbers: bool = False  # the answers are numerals, to match as whole words
    form: str = ""  # the question word it asks with, "kiom da" counting its noun: kiun, kie, ĉu


def make_question(sentence: Sentence, rng: random.Random) -> str | None:
    """One question about a clause of the parsed sentence, or None when no clause has a verb
    and something to ask about."""
    made = generate(sentence, rng)
    return None if made is None else made.text


def _answer_stems(phrase: Phrase, words: tuple[Word, ...], question_word: str
                  ) -> tuple[str, ...]:
    if question_word.startswith("kiom da"):
        return tuple(words[i].form.lower() for i in phrase.words
                     if i != phrase.head and words[i].pos == "NUM")
    head = words[phrase.head]
    # a name's lemma without its ending ("Habelo" → "habel"), a common word's main root
    if head.proper or not head.roots:
        lemma = head.lemma.lower()
        return (lemma[:-1] if len(lemma) > 4 and lemma[-1] in "oaei" else lemma,)
    return (max(head.roots, key=len),)


def generate(sentence: Sentence, rng: random.Random) -> GeneratedQuestion | None:
    """``make_question`` with its answer, for fitting the answer confidence
    (``klareco.training.confidence``)."""
    words = sentence.words
    clauses = [c for c in sentence.clauses if c.verb is not None]
    if not clauses or len(words) > 60:
        return None
    clause = rng.choice(clauses)
    constituents: list[tuple[str, Phrase]] = [
        (key, getattr(clause, key)) for key in _ROLE_KEYS if getattr(clause, key) is not None]
    constituents += [("adjunct", a) for a in clause.adjuncts]
    # the relative word of "…, kiun li malfermas" is not a constituent a question can keep
    constituents = [(r, p) for r, p in constituents if not _is_relative(p, words)]
    if not constituents:
        return None
    verb = _form(words[clause.verb])  # type: ignore[index]
    if rng.random() < YES_NO:
        asked, question_word = None, "ĉu"
    else:
        askable = [(n, role, p) for n, (role, p) in enumerate(constituents)
                   if role != "adjunct" or p.preposition is not None]
        if not askable:
            return None
        asked, asked_role, asked_phrase = rng.choice(askable)
        question_word = _question_word(asked_role, asked_phrase, words, rng)
        if question_word is None:
            return None
    parts = []
    for n, (role, phrase) in enumerate(constituents):
        if n == asked or (role == "adjunct" and asked is not None
                          and rng.random() < DROP_ADJUNCT):
            continue
        keep = rng.random() >= DROP_MODIFIERS
        parts.append(_phrase_text(phrase, words, keep))
    parts.append(verb)
    rng.shuffle(parts)
    text = " ".join([question_word, *parts]).strip()
    text = text[:1].upper() + text[1:] + "?"
    if asked is None:
        negated = any(words[i].form.lower() in NEGATION_WORDS for i in clause.words)
        return GeneratedQuestion(text, ("ne" if negated else "jes",), yes_no=True, form="ĉu")
    head = words[asked_phrase.head]
    return GeneratedQuestion(text, _answer_stems(asked_phrase, words, question_word),
                             yes_no=False, pronoun=head.pos == "PRON",
                             numbers=question_word.startswith("kiom da"),
                             form="kiom da" if question_word.startswith("kiom da")
                             else question_word)


def answerable_questions(store: Store, positions: Sequence[int], rng: random.Random,
                         exclude: Iterable[str] = ()) -> Iterator[GeneratedQuestion]:
    """A question with a known answer from each stored sentence at ``positions``, in that
    order, that holds none of the ``exclude`` texts (the gold evidence), read lazily in
    chunks. Questions asking for a pronoun are left out: their answer is its antecedent,
    which the sentence alone does not give."""
    excluded = [normalize_for_judging(text) for text in exclude]
    for start in range(0, len(positions), 1024):
        for sentence in store.asts_at(list(positions[start:start + 1024])):
            if any(gold in normalize_for_judging(sentence.text) for gold in excluded):
                continue
            generated = generate(sentence, rng)
            if generated is not None and not generated.pronoun and generated.answers:
                yield generated
