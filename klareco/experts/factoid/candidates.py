"""From an evidence sentence's AST to the spans that could answer a question.

Every constituent can be an answer, each with the slot it fills in its sentence:

* a clause's role phrases (subject, object, predicate, indirect object) with their
  ``de``-phrases and coordinated lists (``la panon kaj la vinon``);
* its adjuncts by their preposition (place, direction, source, time, instrument …), adverbs
  as a manner, and a time phrase counted from another (``tri tagojn post la festo``);
* ``kiam``/``ĉar`` clauses, the clause a ``tial`` follows from, and every clause whole;
* appositions (``Ofelio, filino de Polonio``), names given by a naming word or verb
  (``la nomon Salomono``, ``estis nomata Karen``), numeral phrases, dates
  (``la 3 de majo de 1850``) and ``de``-phrases after a matched noun.

A third-person pronoun stands for the nearest earlier name of its sentence that the
question does not mention and that is not its own clause's subject (``… fraton Habel kaj
mortigis lin`` → ``Habel``), ``ili`` for names joined by kaj. A subject pronoun with no
name before it in its sentence continues the sentence before: it stands for that sentence's
subject, when a name is its head (``Petro venis hejmen. Li dormis.`` → ``Petro``). A
possessive, for ``kies``,
for the noun phrase before it of its number and sex. A name right after a common noun is
part of its phrase (``al la rivero Jordan``). Which of the candidates answers is learned
(``features``, ``model``); the only rules here are what a span can be: a span made only of
the question's own words answers nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from klareco.experts.factoid.frame import Frame
from klareco.experts.factoid.kin import (
    PEOPLE_AND_TITLES,
    is_asked_noun,
    kin_denied,
    kin_named,
    named_for_another,
    named_noun,
    noun_sex,
    other_kin_of_the_owner,
)
from klareco.experts.factoid.roles import (
    clause_roles,
    is_passive_participle,
    relative_antecedent,
)
from klareco.lexicon.closed_classes import (
    CARDINAL_DIGITS,
    CARDINAL_MULTIPLIERS,
    NEGATION_WORDS,
    PERSONAL_PRONOUNS,
    THIRD_PERSON_PRONOUNS,
    split_correlative,
)
from klareco.lexicon.semantics import (
    MALE_PERSON_ROOTS,
    MONEY_ROOT,
    MONTH_ROOTS,
    NAMING_ROOTS,
    PERSON_CLASSES,
    PLACE_CLASSES,
    PREPOSITION_ROLES,
    RELATIVE_TIME_PREPOSITIONS,
    SAYING_ROOTS,
    TIME_AND_MEASURE_ROOTS,
    is_currency_sign,
    is_fraction,
    is_ordinal,
    is_time,
    may_name_a_place,
    says_how,
    says_material,
    units_of,
)
from klareco.parse.ast import Clause, Phrase, Sentence, Word

MAX_ANSWER_WORDS = 12  # a longer answer is no short answer
# Subordinators whose clause answers a time or a reason question.
CLAUSE_SLOTS = {"kiam": "when_clause", "ĉar": "because_clause"}
# Candidates that are a clause whole: one too long for a short answer keeps its core.
CLAUSE_ANSWERS = frozenset({"when_clause", "because_clause", "purpose"})
# The pronouns of persons a subject may be: "ĝi" stands for a thing or an animal.
SUBJECT_PERSONS = frozenset({"li", "ŝi", "ili"})


@dataclass(slots=True)  # not frozen: made a few hundred times a question, and never changed
class Candidate:
    words: tuple[int, ...]  # word indexes in the evidence sentence, in order
    slot: str  # what it is there: subject, object, place, apposition, naming, quantity …
    clause: int | None  # the clause it stands in
    pronoun: bool = False  # a pronoun, replaced by the name it stands for
    # the noun a bare numeral counts where it stands before it (da ĉefaj edzinoj sepcent)
    counts: tuple[int, ...] = ()
    # the name in the sentence before that a pronoun span stands for, when its own sentence
    # holds none (``referent_before``): the answer's text; the span stays the pronoun
    referent: tuple[Word, ...] = ()


def answer_candidates(sentence: Sentence, matched: set[int], frame: Frame,
                      previous: Callable[[], Sentence | None] | None = None
                      ) -> Iterator[Candidate]:
    """The candidates of one evidence sentence, pronouns resolved, the question's own words
    left out, each span at most ``MAX_ANSWER_WORDS`` long; one per (span, slot). ``previous``
    reads the sentence before it, where a subject pronoun may find its name."""
    words = sentence.words
    seen: set[tuple[tuple[int, ...], str]] = set()
    for candidate in _raw_candidates(sentence, matched, frame):
        span = candidate.words
        if not span:
            continue
        if len(span) == 1 and candidate.clause is not None and \
                sentence.clauses[candidate.clause].kind == "relative" and \
                sentence.clauses[candidate.clause].introducer == span[0]:
            # "…, la kuraciston, kiu loĝis tie": the relative pronoun is the noun before it
            before = relative_antecedent(words, span[0])
            if not before:
                continue
            candidate = Candidate(before, candidate.slot, candidate.clause, pronoun=True)
            span = before
        elif is_pronoun(words[span[-1]]) and not _no_one(words[span[-1]], frame):
            clause = sentence.clauses[candidate.clause] if candidate.clause is not None \
                else None
            # "Petro vidis lin": lin is not Petro, who would be "sin"; the nearest other name
            # is what it stands for, also when the question says it (then it is no answer)
            own_subject = clause.subject.members() if clause is not None and \
                clause.subject is not None else set()
            antecedent = _antecedent(words, span[0], words[span[-1]], own_subject)
            if antecedent is None:
                # only who did it is asked of a subject (kiu …?): the other roles are no
                # reason to read the sentence before
                referent = referent_before(words, candidate, previous) \
                    if frame.role == "subject" else ()
                if referent and _fits_referent(frame, candidate, referent, sentence):
                    key = (span, candidate.slot)
                    if key not in seen:
                        seen.add(key)
                        yield Candidate(span, candidate.slot, candidate.clause, True,
                                        referent=referent)
                continue
            candidate = Candidate(antecedent, candidate.slot, candidate.clause, pronoun=True)
            span = antecedent
        if all((points_back(words[i]) or words[i].xpos in _FRAME_TAGS)
               and not _no_one(words[i], frame) for i in span):
            continue  # "tiamaniere", "pro tio": said of what another sentence tells
        if words[span[0]].correlative == ("ki", "es"):
            continue  # "kies nomo": whose name, a relative's stand-in, names nothing itself
        if candidate.slot in _TOLD_CLAUSES and _tells_the_asked_event(sentence, span, frame):
            continue  # "…, kiam naskiĝis Bertilo" is not when Bertilo was born: it is that birth
        if frame.named_stems and _other_sex_named(words[span_head(sentence.heads, span)],
                                                  frame.named_stems):
            continue  # "bona viro" names no one's wife
        content = [i for i in span if words[i].is_content or _no_one(words[i], frame)]
        # the question's own words: a word it says, not another word of the same root
        # (marĉistino, the marsh-woman, answers a question about a marĉo; manoj, hands,
        # one about manradikoj, wrists)
        own = {i for i in content if (i in matched and words[i].terms[-1] in frame.said)
               or (words[i].is_numeral and words[i].form.lower() in frame.numerals)}
        if not set(content) - own - _hole_words(words, content, frame):
            continue  # the question's own words (and the noun it asks about) are no answer
        if len(span) > MAX_ANSWER_WORDS and candidate.slot in CLAUSE_ANSWERS and \
                candidate.clause is not None:
            span = _clause_core(span, sentence.clauses[candidate.clause])
        span = span[:MAX_ANSWER_WORDS]
        if frame.named_owners and (
                named_for_another(sentence, span, frame) or kin_denied(sentence, span, frame)
                or other_kin_of_the_owner(sentence, span, span_head(sentence.heads, span),
                                          frame)):
            continue
        if frame.role == "name" and frame.named_class in PERSON_CLASSES and (
                _with_article(words, span) or _title(words, span)):
            continue  # "la Levido": one of a people; "Sinjoro": a title; no one's name
        if not fits_question(frame, candidate.slot,
                             [words[i] for i in span + candidate.counts]):
            continue
        if frame.role == "quantity" and _only_labels(words, span):
            continue  # "en la jaro 1905" says which year, not how much
        clause = sentence.clauses[candidate.clause] if candidate.clause is not None else None
        if not frame.negated and clause is not None and clause.verb is not None and \
                denied(clause, words) and clause.verb - 1 not in span:
            # "la hundo ne nomiĝas Bobo" does not say what it is called; a span that holds
            # the negation says it ("…, ĉar li ne trovis la vojon" is a reason)
            continue
        key = (span, candidate.slot)
        if key not in seen:
            seen.add(key)
            yield Candidate(span, candidate.slot, candidate.clause, candidate.pronoun,
                            candidate.counts)


# What a question word's role requires of its answer, as a fact of the language: "kiom" asks
# for an amount, "kiel nomiĝis" for a name, "kiam" for a time, "kie" for a place, "kial" for
# a cause. A span that is none of these does not answer, however well its sentence matches.
PLACE_ROLES = frozenset({"place", "direction", "source"})
NOUN_ROLES = frozenset({"subject", "object", "predicate", "name"})
PLACE_SLOTS = PLACE_ROLES | {"indirect_object"}
TIME_SLOTS = frozenset({"time", "date", "when_clause"})
REASON_SLOTS = frozenset({"reason", "because_clause", "purpose"})


def fits_question(frame: Frame, slot: str, words: list[Word]) -> bool:
    """Whether a span can be the kind of answer the question's role asks for."""
    role = frame.role
    if role == "action":
        # what someone did or what happened (``parse.questions.pro_verb``): a clause's verb with
        # what follows it; what a copula says is what someone is, not what they did or
        # what befell them, unless it is a passive ("estis vundita")
        return slot == "verb_phrase" and not (
            words[0].is_copula and not any(is_passive_participle(w) for w in words[1:3]))
    if slot == "material":
        return role == "source"  # an adjective of a material: what "el kio" asks
    if role in NOUN_ROLES and words[0].xpos == "ADP":
        return False  # a subject, object, predicate or name is no prepositional phrase
    if slot == "verb_phrase" and (frame.word in INDIVIDUAL_WORDS or role == "name"):
        return False  # kiu asks which one, kia what kind, a name question a name: no action
    if role == "name" and frame.named_stems and not frame.named_plural and \
            (nouns := _nominals(words)) and all(w.feat("Number") == "Plur" for w in nouns):
        return False  # the name of one ("la reĝo") is no plural ("la Zorbujanoj")
    if frame.word.startswith("kiu") and frame.hole_stems and _only_the_asked_noun(frame, words):
        return False  # "en kiu urbo" asks which: "en najbara urbo" does not say
    if role in NOUN_ROLES and slot in CLAUSE_ANSWERS:
        return False  # who or what is no "kiam …", "ĉar …" or "por ke …" clause
    if words[0].form.lower() == "ke" and frame.word not in ("kio", "kion"):
        return False  # "ke la reĝo mortis" says what was known or said: no one, no why
    if frame.word in INDIVIDUAL_WORDS and frame.word.startswith("kiu") and \
            all((w.xpos in ("ADJ", "NUM") or w.feat("VerbForm") == "Part") and
                w.form[:1].islower() for w in words):
        return False  # kiu asks which one: "irinta" (of "estis irinta") or "dek du" is none
    if frame.word in INDIVIDUAL_WORDS and frame.word.startswith("kia") and \
            all(w.xpos in ("NUM", "ADV") or w.form.isdigit() for w in words):
        return False  # kia asks what kind: "tri" says how many, "meze" where or how
    if (role in ("quantity", "name") or role in PLACE_ROLES or
            (role == "time" and slot != "when_clause")) and any(
            w.xpos in ("VERB", "AUX") and w.feat("Mood") for w in words):
        return False  # an amount, a name, a place or a date is no clause
    named = any(w.is_name and frame.names.isdisjoint(w.terms) for w in words)  # not its own
    if role == "quantity":
        # an amount: a number — of what the question counts, when it names it ("kiom da
        # jaroj", "kiom aĝa": in years), not of something else, not a bare year
        counted = counting(frame, words)
        # (an age in one word, "dekjara", only as a candidate of its own: a longer span
        # holding one says more than the amount)
        amount = any(w.is_numeral or _share(w) for w in words) or (
            slot == "quantity" and any(measured_unit(w) for w in words))
        return amount and (
            counted == "asked" or (counted == "" and not counted_units(frame)))
    if role == "name":
        # a name: given by a naming word, or a short run of names
        # — in the nominative, as a name is given ("Jafon" is where one goes), and no
        # place for a person ("Egiptujo" names no wife)
        content = [w for w in words if w.is_content]
        if slot == "naming":
            return True
        if slot in PLACE_SLOTS:
            return False  # where one goes, whence or to whom names someone else ("… al Zorbo")
        place = any(w.semantic_class in PLACE_CLASSES or "uj" in w.suffixes for w in content)
        return named and len(content) <= 4 and all(
            w.is_name and w.case != "Acc" for w in content) and not (
            place and frame.named_class in PERSON_CLASSES)
    if role == "time":
        if frame.hole_roots & TIME_AND_MEASURE_ROOTS and \
                frame.hole_roots.isdisjoint(ANY_TIME_ROOTS):
            # "en kiu jaro": a date — a year in digits, an ordinal, a month — not a count
            # of years ("okcent jarojn" is how long, not when)
            return any(w.form.isdigit() or set(w.roots) & MONTH_ROOTS for w in words) or \
                any(is_ordinal(w) and _orders_time(words[n + 1:]) for n, w in enumerate(words))
        # a time: a time noun, a month, a year, or an ordinal of a time ("la tria"); not a
        # bare count ("sepdek" says how many, not when)
        return slot in TIME_SLOTS or any(is_time(w) for w in words) or any(
            is_ordinal(w) and _orders_time(words[n + 1:]) for n, w in enumerate(words))
    if role in PLACE_ROLES:
        content = [w for w in words if w.is_content or w.is_numeral]
        if role != "source" and content and all(is_time(w) or w.is_numeral for w in content):
            return False  # "en la 1907", "en aŭgusto": when, not where
        preposition = words[0].form.lower() if words[0].xpos == "ADP" else None
        if preposition in _AWAY_FROM.get(role, ()):
            return False  # "de la urbo" is where from: no answer to kien; "al" none to de kie
        if any(may_name_a_place(stem) for stem in frame.hole_stems):
            # "en kiu urbo": a name, or the city itself; "sur kia besto": any thing
            return named or any(set(w.content_roots) & frame.hole_roots for w in words)
        return slot in PLACE_SLOTS or named
    if role == "reason":
        return slot in REASON_SLOTS
    if role == "possessor":  # "kies": whose — the "de" phrase after the possessed noun
        return slot == "possessor"
    return True


# The prepositions that say another way than a question of place asks: "de la urbo" is
# where from, no answer to kien; "al la urbo" where to, no answer to de kie nor to kie
# (where something is, happens or is done)
_AWAY_FROM = {"direction": frozenset({"de", "el"}), "source": frozenset({"al"}),
              "place": frozenset({"al"})}
# The question words that ask for one thing of a kind (kiu, kiun, kiuj, kiujn) or its kind
# (kia …): answered by a noun phrase or an adjective, never by what someone did
INDIVIDUAL_WORDS = frozenset(f"{word}{ending}" for word in ("kiu", "kia")
                             for ending in ("", "n", "j", "jn"))

# "en kiu tempo", "en kiu momento" ask for any time, not for a date as "en kiu jaro" does
ANY_TIME_ROOTS = frozenset({"temp", "moment"})


def _orders_time(after: list[Word]) -> bool:
    """Whether an ordinal, followed by the words ``after`` it, counts a time: the noun it
    qualifies is a unit of time ("la tria jaro", "la kvina tago") or it has none ("la 5-a de
    majo" after the month is read apart). "La unua instruisto" is first of people, not a
    date."""
    noun = next((w for w in after if w.xpos in ("NOUN", "PROPN")), None)
    return noun is None or bool(set(noun.roots) & (TIME_AND_MEASURE_ROOTS | MONTH_ROOTS))


def counted_units(frame: Frame) -> set[str]:
    """The roots a ``kiom`` question counts: its noun (``kiom da jaroj``), or the units its
    adjective is measured in (``kiom aĝa``: years, months …)."""
    return {unit for r in frame.hole_roots - {"kiom"} for unit in units_of(r)}


def counting(frame: Frame, words: list[Word]) -> str:
    """For ``kiom da X`` (or ``kiom aĝa``, counted in years): whether the span counts X
    ("asked"), something else ("other"), or is only a time such as a year ("time"); "" when
    the question names nothing to count or the span has no noun."""
    counted = counted_units(frame)
    if not counted:
        return ""
    # a noun of the counted root and the other sex counts others: "kiom da filinoj" is not
    # answered by "sep filojn", nor by "sep filojn kaj tri filinojn" (but "tri filinojn")
    if any(w.xpos == "NOUN" and _other_sex(w.stem.lower(), frame.hole_stems) for w in words):
        return "other"
    # each number counts the noun after it: "dek fontoj kaj sepdek palmoj" is not how many
    # springs, though it holds the number that is
    if any(counted.isdisjoint(w.content_roots) for w in _numbered_nouns(words)):
        return "other"
    # (a share, "dekonon", counts what it is a share of: the noun after it, or the asked one)
    nouns = {r for w in words if (w.xpos == "NOUN" and not is_fraction(w)) or
             (w.xpos == "ADV" and w.is_numeral) for r in w.content_roots}
    nouns |= {unit for w in words if (unit := measured_unit(w))}
    nouns |= {MONEY_ROOT for w in words if is_currency_sign(w)}  # "£50": fifty pounds
    if nouns:
        return "asked" if nouns & counted else "other"
    if any(_share(w) for w in words):
        return "asked"
    return "time" if words and all(is_time(w) for w in words) else ""


def _names_a_noun(words: tuple[Word, ...], i: int) -> bool:
    """Whether the number ``words[i]`` is in digits right after a noun, which it names
    rather than counts: "la jaro 1905", "ĉapitro 5"."""
    return i > 0 and words[i].form.isdigit() and words[i - 1].xpos == "NOUN"


def _only_labels(words: tuple[Word, ...], span: tuple[int, ...]) -> bool:
    """Whether every number of a span names its noun (``_names_a_noun``)."""
    numbers = [i for i in span if words[i].is_numeral]
    return bool(numbers) and all(_names_a_noun(words, i) for i in numbers)


def _no_one(word: Word, frame: Frame) -> bool:
    """"Neniu", "nenion": no one, nothing, the answer to who or what when the sentence says
    that none was (``Zorbo trovis neniun``), in the case the question word asks."""
    return word.correlative in (("neni", "u"), ("neni", "o")) and \
        frame.role in ("subject", "object") and frame.word.rstrip("n") in ("kiu", "kio") and \
        word.form.lower().endswith("n") == (frame.role == "object")


def _share(word: Word) -> bool:
    """A noun of a share (duono, dekonon): an amount. The adverb ("duone", half-way) says
    how far something was done, not how much of it there was."""
    return word.xpos == "NOUN" and is_fraction(word)


def _numbered_nouns(words: list[Word]) -> list[Word]:
    """The nouns that the numbers among ``words`` count: the first noun after each run of
    numerals, past its adjectives (``sep grasaj bovinoj``); not a unit of time, nor a noun
    before ``da``, which measure something else (``tri jaroj``, ``du litroj da akvo``)."""
    found = []
    for i, word in enumerate(words):
        if _share(word) and i + 1 < len(words) and words[i + 1].form.lower() in ("de", "el"):
            # a share counts what its "de" phrase names: "duonon de la piroj"
            j = i + 2
            while j < len(words) and j - i <= 4 and words[j].xpos in ("DET", "ADJ"):
                j += 1
            if j < len(words) and words[j].xpos == "NOUN":
                found.append(words[j])
            continue
        if not word.is_numeral or (i + 1 < len(words) and words[i + 1].is_numeral):
            continue
        j = i + 1
        while j < len(words) and j - i <= 3 and words[j].xpos == "ADJ":
            j += 1
        measures = j + 1 < len(words) and words[j + 1].form.lower() == "da"
        if j < len(words) and words[j].xpos == "NOUN" and not _unit(words[j]) and \
                not measures:
            found.append(words[j])
    return found


def _other_sex(stem: str, asked: frozenset[str]) -> bool:
    """Whether a noun's stem is one of the ``asked`` stems with ``-in-`` added or taken
    away: "filin" against "fil", "junul" against "junulin"."""
    return stem not in asked and (stem + "in" in asked or
                                  (stem.endswith("in") and stem[:-2] in asked))


# the numerals a compound may begin with (none begins another, so any order reads alike)
_NUMERAL_PREFIXES = sorted({*CARDINAL_DIGITS, *CARDINAL_MULTIPLIERS})
_ADJECTIVE_ENDINGS = ("ajn", "aj", "an", "a")


def measured_unit(word: Word) -> str | None:
    """The unit of an adjective compounded of a number and a unit of time or measure, which
    states an age or a length: "dekjara" (ten years old), "tridekjara", "dumonata" → "jar",
    "monat"; None for any other word. Read from the form, as the lexicon does not split
    every compound numeral ("tridek")."""
    return _unit_of_adjective(word.form.lower()) if word.xpos == "ADJ" else None


@lru_cache(maxsize=1 << 16)  # asked of every adjective of the evidence: once per form
def _unit_of_adjective(stem: str) -> str | None:
    for ending in _ADJECTIVE_ENDINGS:
        if stem.endswith(ending):
            stem = stem[:-len(ending)]
            break
    else:
        return None
    numerals = 0
    while True:
        prefix = next((n for n in _NUMERAL_PREFIXES if stem.startswith(n)), None)
        if prefix is None:
            break
        stem = stem[len(prefix):]
        numerals += 1
    return stem if numerals and stem in TIME_AND_MEASURE_ROOTS else None


def denied(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether a negation stands right before the clause's verb: the clause says what is
    not so."""
    verb = clause.verb
    return verb is not None and verb > 0 and words[verb - 1].form.lower() in NEGATION_WORDS


# the slots whose answer is a whole clause of the sentence: when, and why
_TOLD_CLAUSES = frozenset({"when_clause", "because_clause"})


def _tells_the_asked_event(sentence: Sentence, span: tuple[int, ...], frame: Frame) -> bool:
    """Whether the clause a span tells has the question's verb and every name the question
    says: it tells the event asked about, so it is not that event's time or cause."""
    words = sentence.words
    clause = next((c for c in sentence.clauses if span[-1] in c.words), None)
    if clause is None or clause.verb is None or not frame.verb_roots or not frame.names or \
            frame.verb_roots.isdisjoint(words[clause.verb].content_roots):
        return False
    said = {term for i in clause.words for term in words[i].terms}
    return frame.names <= said


def span_head(heads: tuple[int, ...], span: tuple[int, ...]) -> int:
    """The word of ``span`` whose dependency head lies outside it (``heads``: 1-based, 0 the
    root); the span's first word when the sentence has no tree."""
    if len(heads) <= max(span):
        return span[0]
    inside = set(span)
    for i in span:
        if heads[i] - 1 not in inside:
            return i
    return span[0]


def _other_sex_named(head: Word, asked: frozenset[str]) -> bool:
    """Whether a span's head names a person of the other sex than every noun the question
    asks by: a noun with -in- is a woman; ``MALE_PERSON_ROOTS`` name a man without it."""
    if head.xpos != "NOUN" or not head.terms:
        return False
    if all(stem.endswith("in") for stem in asked):
        return noun_sex(head) == "man"
    if all(stem in MALE_PERSON_ROOTS for stem in asked):
        return noun_sex(head) == "woman"
    return False


def points_back(word: Word) -> bool:
    """A demonstrative — a ti- correlative (tie, tiam, tiel, tio …) or an adverb made on one
    (tiamaniere, tiatempe, tiuokaze) —: it points at what is said elsewhere. A noun or an
    adjective made on one names something of its own ("la tialo", the reason; "tiamaj")."""
    if word.correlative is not None:
        return word.correlative[0] == "ti"
    first = split_correlative(word.roots[0]) if word.roots else None
    return first is not None and first[0] == "ti" and word.xpos == "ADV"


# The words around a pointing word that add nothing to it: "pro tio", "en tiu"
_FRAME_TAGS = frozenset({"ADP", "DET", "PUNCT", "CCONJ", "PART"})


def is_pronoun(word: Word) -> bool:
    return word.word_class == "pronoun" and word.stem.lower() in THIRD_PERSON_PRONOUNS


def _hole_words(words: tuple[Word, ...], content: list[int], frame: Frame) -> set[int]:
    """Content words of a candidate that carry the hole's own noun (``jaroj`` for kiom da
    jaroj): they may repeat the question's words and still be the answer."""
    if not frame.hole_roots:
        return set()
    return {i for i in content if set(words[i].content_roots) & frame.hole_roots
            and not words[i].is_numeral}  # trifoje for kiomfoje: the count itself


def _antecedent(words: tuple[Word, ...], before: int, pronoun: Word,
                skipped: set[int]) -> tuple[int, ...] | None:
    """The nearest name before ``before`` outside ``skipped`` (the pronoun's own clause's
    subject), in the pronoun's number: ``li``/``ŝi`` one name, ``ili`` names joined by kaj
    (``Petro kaj Paŭlo … ili``). A plural pronoun after a single name stands for something
    else. What the pronoun stands for does not depend on the question: one that stands for a
    name the question says is the question's own, not a reason to take a name before it."""
    plural = PERSONAL_PRONOUNS[pronoun.stem.lower()].number == "Plur"
    i = before - 1
    while i >= 0:
        if words[i].is_name and i not in skipped and words[i].stem[:1].isupper():
            end = i
            while i - 1 >= 0 and words[i - 1].is_name and i - 1 not in skipped:
                i -= 1
            if not plural:
                return tuple(range(i, end + 1))
            start = _first_coordinated_name(words, i)
            return tuple(range(start, end + 1)) if start < i else None
        i -= 1
    return None


def referent_before(words: tuple[Word, ...], candidate: Candidate,
                     previous: Callable[[], Sentence | None] | None) -> tuple[Word, ...]:
    """The name a subject pronoun stands for when its own sentence names no one before it:
    the subject of the sentence before, when a name is that subject's head ("Petro venis
    hejmen. Li dormis."; "ili" for names joined by kaj). A narrative continues with the same
    subject; an object or a name elsewhere in the sentence before is not read: too often
    not the one meant. Empty when there is no such name."""
    pronoun = words[candidate.words[-1]]
    if candidate.slot != "subject" or previous is None or len(candidate.words) != 1 or \
            pronoun.stem.lower() not in SUBJECT_PERSONS or \
            any(w.is_name for w in words[:candidate.words[0]]):
        return ()
    earlier = previous()
    if earlier is None or not earlier.clauses or earlier.clauses[0].subject is None:
        return ()
    named = earlier.words
    subject = earlier.clauses[0].subject
    head = subject.head
    if not _capitalised_name(named[head]):
        return ()
    first, last = head, head
    while first - 1 in subject.words and named[first - 1].form[:1].isupper() and \
            named[first - 1].xpos in ("PROPN", "NOUN", "ADJ"):
        first -= 1  # a name of several words, its first read as a word at the start: Marta
    while last + 1 < len(named) and _capitalised_name(named[last + 1]):
        last += 1
    first = _first_coordinated_name(named, first)
    while last + 2 < len(named) and named[last + 1].form.lower() in (",", "kaj", "aŭ") \
            and _capitalised_name(named[last + 2]):
        last += 2  # the names joined to it after it: Petro kaj Paŭlo
        while last + 1 < len(named) and _capitalised_name(named[last + 1]):
            last += 1
    several = any(w.form.lower() in (",", "kaj", "aŭ") for w in named[first:last + 1])
    plural = PERSONAL_PRONOUNS[pronoun.stem.lower()].number == "Plur"
    if plural != several:
        return ()  # "ili" after one name, "li" after several: something else is meant
    return named[first:last + 1]


def _capitalised_name(word: Word) -> bool:
    return word.is_name and word.stem[:1].isupper()


def _fits_referent(frame: Frame, candidate: Candidate, referent: tuple[Word, ...],
                   sentence: Sentence) -> bool:
    """Whether the name a pronoun stands for can answer: not one the question says, of the
    kind the question asks, and its clause not denied."""
    if any(set(w.terms) & frame.said for w in referent):
        return False
    if not fits_question(frame, candidate.slot, list(referent)):
        return False
    clause = sentence.clauses[candidate.clause] if candidate.clause is not None else None
    return frame.negated or clause is None or clause.verb is None or \
        not denied(clause, sentence.words)


def _first_coordinated_name(words: tuple[Word, ...], last: int) -> int:
    """The first of the names joined to the one starting at ``last`` by commas and a kaj/aŭ
    before it (``Ŝem, Ĥam kaj Jafet``); ``last`` when no name is joined to it."""
    start = last
    while start >= 2 and words[start - 1].form.lower() in ("kaj", "aŭ", ",") and \
            words[start - 2].is_name and words[start - 2].stem[:1].isupper():
        start -= 2
        while start - 1 >= 0 and words[start - 1].is_name and words[start - 1].stem[:1].isupper():
            start -= 1
    return start


def _raw_candidates(sentence: Sentence, matched: set[int], frame: Frame
                    ) -> Iterator[Candidate]:
    words = sentence.words
    clauses = sentence.clauses
    for n, clause in enumerate(clauses):
        roles = clause_roles(clause, words, frame.voice)
        for key, phrase in clause.role_phrases():
            if (roles.passive and key == "subject") or \
                    (roles.shifted and key in ("subject", "object")):
                continue  # read in their active roles, or in the question's voice, below
            span = with_name_after(phrase_span(phrase, words), clause, words)
            if key == "subject":
                span = with_modifier_before_verb(span, clause, words)
            yield Candidate(span, key, n)
            if phrase.preposition is not None and key == "indirect_object":
                yield Candidate(span, "direction", n)
        if roles.passive or roles.shifted:
            # "Petro estis mortigita de Paŭlo": Petro the object, Paŭlo the subject;
            # "Paŭlo mortigis Petron" asked "Kiu mortis?": Petro the subject
            for key in ("subject", "object"):
                if roles.of(key):
                    yield Candidate(_trim(tuple(sorted(roles.of(key))), words), key, n)
        yield from _adjunct_candidates(clause, words, n)
        introducer = words[clause.introducer].form.lower() if clause.introducer is not None \
            else None
        whole = _trim(tuple(sorted(clause.words)), words)
        if introducer in CLAUSE_SLOTS:
            yield Candidate(whole, CLAUSE_SLOTS[introducer], n)
        elif introducer == "ke" and clause.introducer and \
                words[clause.introducer - 1].form.lower() == "por":
            # "…, por ke li ne malfruu": a purpose, what kial and por kio ask
            yield Candidate((clause.introducer - 1, *whole), "purpose", n)
        if clause.verb is not None:
            yield Candidate(_predicate_span(clause, words), "verb_phrase", n)
        if n > 0 and _gives_consequence(clause, words):
            # "la pomo estis verda, kaj tial ili ne manĝis ĝin": the clause before is the reason
            span = tuple(sorted(clauses[n - 1].words))
            yield Candidate(_trim(span, words), "because_clause", n)
    clause_of = {i: n for n, clause in enumerate(clauses) for i in clause.words}
    heads = {i for i in matched if set(words[i].terms) & frame.head_terms}
    yield from _appositions(words, heads, clause_of)
    yield from _namings(words, heads, clause_of)
    if frame.named_stems:
        yield from names_of_asked_noun(sentence, frame, clause_of)
    if frame.role == "quality" and frame.hole_roots:
        yield from _qualities_of_asked_noun(sentence, frame, clause_of)
    yield from _said(words, clauses)
    if frame.preposition == "el" and frame.asks_thing:
        # "El kio …?" asks what something is made of: "la ora krono" says gold
        yield from (Candidate((i,), "material", clause_of.get(i))
                    for i, word in enumerate(words) if says_material(word))
    yield from _quantities(words, clause_of, clauses)
    yield from _dates(words, clause_of)
    yield from _possessors(words, matched, clause_of)


def _said(words: tuple[Word, ...], clauses: tuple[Clause, ...]) -> Iterator[Candidate]:
    """What each clause's verb says, sees or knows (``said_by``): the object that "Kion
    diris / sciis Petro?" asks for, in the verb's clause."""
    for n in range(len(clauses)):
        span = said_by(words, clauses, n)
        if span:
            yield Candidate(span, "object", n)


def said_by(words: tuple[Word, ...], clauses: tuple[Clause, ...], n: int) -> tuple[int, ...]:
    """What the verb of clause ``n`` says, sees or knows when it has no object of its own:
    after a verb of saying and a colon, the speech to the sentence's end ("Petro diris al
    ŝi: Mi venos morgaŭ."); right after any verb, a "ke" clause ("Petro sciis, ke la reĝo
    mortis."), not one led by a preposition ("por ke": a purpose). Empty when it says none."""
    clause = clauses[n]
    if clause.verb is None or clause.object is not None or not clause.words or \
            words[clause.verb].is_copula:
        return ()
    after = max(clause.words) + 1
    if after < len(words) and words[after].form == ":" and \
            SAYING_ROOTS.intersection(words[clause.verb].roots):
        return _trim(tuple(range(after + 1, len(words))), words)
    for that in clauses:
        start = that.introducer
        if that.parent == n and start is not None and words[start].form.lower() == "ke" and \
                all(words[i].is_punct for i in range(after, start)) and \
                words[start - 1].xpos != "ADP":
            return _trim(tuple(sorted(that.words)), words)
    return ()


def _adjunct_candidates(clause: Clause, words: tuple[Word, ...], n: int
                        ) -> Iterator[Candidate]:
    placed = sorted(((with_name_after(phrase_span(phrase, words), clause, words), phrase)
                     for phrase in clause.adjuncts),
                    key=lambda pair: pair[0])  # in word order, to see what follows what
    spans = [span for span, _ in placed]
    adjuncts = [phrase for _, phrase in placed]
    for k, (phrase, span) in enumerate(zip(adjuncts, spans, strict=True)):
        slots = _adjunct_slots(phrase, words, span)
        after = adjuncts[k + 1] if k + 1 < len(adjuncts) else None
        if span and "time" in slots and after and after.preposition_form(words) in \
                RELATIVE_TIME_PREPOSITIONS and spans[k + 1] and spans[k + 1][0] == span[-1] + 1:
            # "kelke da tagoj post la foiro" is one time, counted from another
            span = span + spans[k + 1]
        elif span and "time" in slots and after and len(spans[k + 1]) == 1 and \
                spans[k + 1][0] == span[-1] + 1 and _part_of_day(words[spans[k + 1][0]]):
            # "je la dua posttagmeze": the hour of the afternoon, one time; the hour alone
            # says less than the sentence does
            span = span + spans[k + 1]
        for slot in slots:
            yield Candidate(span, slot, n)
    yield from _joined_adverbs(adjuncts, spans, words, n)


def _part_of_day(word: Word) -> bool:
    """An adverb in -e of a time of day or night: matene, vespere, nokte, posttagmeze."""
    return word.xpos == "ADV" and word.ending == "e" and is_time(word)


def _joined_adverbs(adjuncts: list[Phrase], spans: list[tuple[int, ...]],
                    words: tuple[Word, ...], n: int) -> Iterator[Candidate]:
    """Two adverbs in -e joined by "kaj" or "aŭ" that say the same kind of thing, as one
    answer beside each alone: "tage kaj nokte" is when, "rapide kaj bone" how."""
    for k in range(len(spans) - 1):
        first, second = spans[k], spans[k + 1]
        if len(first) != 1 or len(second) != 1 or second[0] != first[0] + 2 or \
                words[first[0] + 1].form.lower() not in ("kaj", "aŭ") or \
                any(words[i].xpos != "ADV" or words[i].ending != "e" for i in first + second):
            continue
        shared = [slot for slot in _adjunct_slots(adjuncts[k], words, first)
                  if slot in _adjunct_slots(adjuncts[k + 1], words, second)]
        for slot in shared:
            yield Candidate((first[0], first[0] + 1, second[0]), slot, n)


def _predicate_span(clause: Clause, words: tuple[Word, ...]) -> tuple[int, ...]:
    """The verb with what follows it in its clause: ``falis de la ĉevalo`` for ``kiel mortis``."""
    assert clause.verb is not None
    inside = sorted(i for i in clause.words if i >= clause.verb)
    return _trim(tuple(inside), words)


def _gives_consequence(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether a clause says it follows from the one before (``tial``, ``pro tio``)."""
    forms = [words[i].form.lower() for i in sorted(clause.words)]
    return "tial" in forms or any(pair == ("pro", "tio") for pair in pairwise(forms))


def phrase_span(phrase: Phrase, words: tuple[Word, ...]) -> tuple[int, ...]:
    """A phrase's words from first to last, with the word a ``da`` counts from and the
    nouns coordinated after it in the same case."""
    members = phrase.members()
    start, end = min(members), max(members)
    if phrase.preposition_form(words) == "da" and start > 0 and (
            words[start - 1].xpos in ("ADV", "NUM") or words[start - 1].correlative):
        start -= 1  # "da semajnoj" counts with the word before it: kelke, multe, tiom
    # a number in digits right after a noun names it, "en la jaro 1200", "la ĉapitro 5",
    # unless it counts the noun after it ("la hundon 3 fojojn")
    if end + 1 < len(words) and words[end].xpos == "NOUN" and words[end + 1].form.isdigit() \
            and (end + 2 == len(words) or words[end + 2].xpos not in ("NOUN", "ADJ", "PROPN")):
        end += 1
    # coordination: "la panon kaj la vinon", "Petro, Paŭlo kaj Marko" — nouns in the same case
    # after commas, the last after kaj/aŭ (commas alone set off an apposition, not a list)
    case = words[phrase.head].case
    j = end
    while case and j + 2 < len(words) and words[j + 1].form.lower() in ("kaj", "aŭ", ","):
        joiner = words[j + 1].form.lower()
        k = j + 2
        while k < len(words) and k - j <= 4 and words[k].xpos in ("DET", "ADJ", "NUM"):
            k += 1
        if k >= len(words) or words[k].xpos not in ("NOUN", "PROPN") or words[k].case != case:
            break
        j = k
        if joiner != ",":
            end = j
    return _trim(tuple(range(start, end + 1)), words)


def with_name_after(span: tuple[int, ...], clause: Clause, words: tuple[Word, ...]
                    ) -> tuple[int, ...]:
    """A phrase ending in a common noun, with the name that follows it unparted: ``al la
    rivero Jordan``, ``la profeto Natan`` (a noun's name stands after it, without a comma).
    The name is the clause's subject or object instead when the parse made it so, or when,
    in the accusative, nothing else is the object: ``al la knabo Petron`` gives Petro.
    Many names end in -n without being accusatives (``Kedron``, ``Aaron``): with another
    object in the clause, such a name after a noun is the noun's."""
    if not span or words[span[-1]].xpos != "NOUN":
        return span
    end = span[-1]
    while end + 1 < len(words) and words[end + 1].xpos == "PROPN" and \
            words[end + 1].form[:1].isupper():
        end += 1
    if end == span[-1]:
        return span
    name = set(range(span[-1] + 1, end + 1))
    subject = clause.subject.members() if clause.subject is not None else set()
    objects = clause.object.members() if clause.object is not None else set()
    if name & (subject - set(span)) or (
            words[end].case == "Acc" and (not objects or name & (objects - set(span)))):
        return span
    return tuple(range(span[0], end + 1))


def _clause_core(span: tuple[int, ...], clause: Clause) -> tuple[int, ...]:
    """A clause from its subject (or its verb) on: what comes before, the subordinator and
    the adjuncts that open it (``ĉar dum la lasta tempo …``), says least of what it states."""
    starts = [clause.verb] if clause.verb is not None else []
    if clause.subject is not None:
        starts.append(min(clause.subject.members()))
    if not starts:
        return span
    core = tuple(i for i in span if i >= min(starts))
    return core or span


def with_modifier_before_verb(span: tuple[int, ...], clause: Clause,
                              words: tuple[Word, ...]) -> tuple[int, ...]:
    """A subject noun with the prepositional phrase between it and its verb: ``la timo
    antaŭ la reĝo estas …``, ``la domo sur la monto falis``. There the phrase describes the
    noun; one that says when (``la reĝo en tiu tago venis``) is the clause's own."""
    verb = clause.verb
    if not span or verb is None or span[-1] >= verb or words[span[-1]].xpos != "NOUN":
        return span
    for adjunct in clause.adjuncts:
        members = sorted(adjunct.members())
        if adjunct.kind == "prepositional" and members[0] == span[-1] + 1 and \
                members[-1] + 1 == verb and not any(is_time(words[i]) for i in members):
            return tuple(range(span[0], verb))
    return span


def _trim(span: tuple[int, ...], words: tuple[Word, ...]) -> tuple[int, ...]:
    """A span without punctuation or conjunctions at its edges."""
    items = list(span)
    while items and (words[items[-1]].xpos in ("PUNCT", "CCONJ", "SCONJ")):
        items.pop()
    while items and words[items[0]].xpos in ("PUNCT", "CCONJ"):
        items.pop(0)
    return tuple(items)


def is_direction_adverb(word: Word) -> bool:
    """An -e adverb with the accusative's -n says where to ("hejmen", "supren", "antaŭen")."""
    return word.xpos == "ADV" and word.ending == "e" and word.form.lower().endswith("en")


def _adjunct_slots(phrase: Phrase, words: tuple[Word, ...], span: tuple[int, ...]) -> list[str]:
    slots: list[str] = []
    preposition = phrase.preposition_form(words)
    if preposition:
        slot = PREPOSITION_ROLES.get(preposition)
        if slot == "place" and phrase.case == "Acc":
            slot = "direction"
        if preposition == "al":
            slots.append("direction")
        if slot:
            slots.append(slot)
        if preposition in ("kiel", "per", "laŭ"):
            slots.append("manner")
    elif phrase.kind == "adverb" or words[phrase.head].xpos == "ADV":
        head = words[phrase.head]
        if is_direction_adverb(head):
            slots.append("direction")  # "hejmen", "supren": where to, what kien asks
        # "fine", "tute", "poste" say when, how far or in what order, not how
        elif head.ending != "e" or head.correlative or says_how(head.roots):
            slots.append("manner")
    if any(is_time(words[i]) for i in span) and "time" not in slots:
        slots.append("time")
    return slots or ["adjunct"]


def _chunk_after(words: tuple[Word, ...], start: int) -> tuple[int, ...]:
    """Words from ``start`` up to the next punctuation, a conjunction or a finite verb."""
    end = start
    while end < len(words) and end - start < MAX_ANSWER_WORDS:
        word = words[end]
        if word.xpos in ("PUNCT", "SCONJ") or (word.xpos in ("VERB", "AUX") and
                                              word.feat("Mood")):
            break
        end += 1
    return _trim(tuple(range(start, end)), words)


def _appositions(words: tuple[Word, ...], heads: set[int],
                 clause_of: dict[int, int]) -> Iterator[Candidate]:
    """``Ofelio, filino de Polonio``: the phrase set off by a comma after a word matching the
    head of one of the question's constituents, or after the whole name that word begins
    (``Petro Ivanoviĉ Kozlov, juĝisto``: the apposition follows the last of the name's words)."""
    if words and words[-1].form in ("!", "?") and not any(
            w.xpos in ("VERB", "AUX") and w.feat("Mood") for w in words):
        return  # "Zorbo, panjo!": a name and whom it is said to, in a cry with no verb
    for i in sorted(heads):
        while words[i].is_name and i + 1 < len(words) and words[i + 1].is_name and \
                words[i + 1].form[:1].isupper():
            i += 1
        i = _past_parenthesis(words, i)
        if i + 2 < len(words) and words[i + 1].form == ",":
            chunk = _chunk_after(words, i + 2)
            if chunk and any(words[j].xpos in ("NOUN", "PROPN") for j in chunk):
                yield Candidate(chunk, "apposition", clause_of.get(i))
            # a list of names, then what they all are ("Marcello, Bernardo, oficiroj")
            while chunk and all(words[j].is_name for j in chunk) and \
                    chunk[-1] + 2 < len(words) and words[chunk[-1] + 1].form == ",":
                chunk = _chunk_after(words, chunk[-1] + 2)
                if chunk and any(words[j].xpos == "NOUN" and not words[j].is_name
                                 for j in chunk):
                    yield Candidate(chunk, "apposition", clause_of.get(i))


def _past_parenthesis(words: tuple[Word, ...], i: int) -> int:
    """The end of a short parenthesis right after word ``i`` ("Zorbo Kalvin (Kalvèn), riĉa
    kampulo": how the name is said, a date), which leaves what follows the name's; else
    ``i``."""
    if i + 1 < len(words) and words[i + 1].form == "(":
        for k in range(i + 2, min(i + 10, len(words))):
            if words[k].form == ")":
                return k
    return i


def _namings(words: tuple[Word, ...], heads: set[int],
             clause_of: dict[int, int]) -> Iterator[Candidate]:
    """What follows a naming word (``la nomon Salomono``, ``nomo estas Zuro``, ``la nomon
    manao``), the name a naming verb gives (``estis nomata Karen``, ``nomis lin Petro``),
    or a name right after the head of a question constituent (``via frato Aaron``)."""
    for i, word in enumerate(words):
        if word.xpos in ("VERB", "ADJ") and set(word.roots) & NAMING_ROOTS:
            named = _named_after_verb(words, i)
            denied = i > 0 and words[i - 1].form.lower() in NEGATION_WORDS
            if named and not denied:  # "ne nomiĝas Petro": not the name
                yield Candidate(named, "naming", clause_of.get(i))
            continue
        naming = word.xpos == "NOUN" and bool(set(word.roots) & NAMING_ROOTS)
        if not naming and not (word.xpos == "NOUN" and i in heads):
            continue
        j = i + 1
        if j < len(words) and words[j].is_copula:
            j += 1  # nomo estas X
        quoted = _quoted_after(words, j) if naming else ()
        if quoted:
            yield Candidate(quoted, "naming", clause_of.get(i))  # la nomon “Ruĝa Rivero”
        elif naming and j < len(words) and words[j].xpos == "NOUN" and not words[j].is_name:
            yield Candidate((j,), "naming", clause_of.get(i))  # la nomon manao
        elif j < len(words) and words[j].is_name and j not in heads:
            end = j
            while end + 1 < len(words) and words[end + 1].is_name:
                end += 1
            yield Candidate(tuple(range(j, end + 1)), "naming", clause_of.get(i))


def names_of_asked_noun(sentence: Sentence, frame: Frame,
                        clause_of: dict[int, int]) -> Iterator[Candidate]:
    """Each name the sentence gives to the noun the question asks by ("la filo de Zorbo,
    Petro, …" for "Kiu estis la filo de Zorbo?"), or that a converse kin noun, a verb of
    bearing or one of marrying makes the asked kin of the question's named person
    (``kin_named``), with the names that follow it as its flat parts (Petro Ivanoviĉ); and
    a list of names it begins ("La filoj de Zorbo: Petro kaj Ana"), alone when the asked
    noun is plural ("Kiuj estis la filoj de Zorbo?" is not answered by one of them)."""
    words = sentence.words
    kin = kin_named(sentence, frame)
    for i, word in enumerate(words):
        if not word.is_name or (i > 0 and words[i - 1].is_name):
            continue  # a later word of a name of several (Petro Ivanoviĉ) is in its run
        if i not in kin:
            noun = named_noun(sentence, i)
            if noun is None or not is_asked_noun(words[noun], frame):
                continue
        end = i
        while end + 1 < len(words) and words[end + 1].is_name:
            end += 1
        listed = listed_names(sentence, i)
        if listed[-1] <= end or not frame.named_plural:
            yield Candidate(tuple(range(i, end + 1)), "naming", clause_of.get(i))
        if listed[-1] > end:
            yield Candidate(listed, "naming", clause_of.get(i))


def listed_names(sentence: Sentence, first: int) -> tuple[int, ...]:
    """The list of names that begins with the name at ``first`` ("Petro, Paŭlo kaj Ana":
    its conjuncts), up to the last name before anything but a comma or coordinator comes
    between; ``(first,)`` when it begins none."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    joined = {c for c in range(len(words)) if heads[c] - 1 == first and relations[c] == "conj"
              and words[c].is_name}
    end = first
    for k in range(first + 1, len(words)):
        if words[k].is_name and (k in joined or k - 1 == end and words[k - 1].is_name):
            end = k
        elif words[k].form != "," and words[k].xpos != "CCONJ":
            break
    return tuple(range(first, end + 1))


def _qualities_of_asked_noun(sentence: Sentence, frame: Frame,
                             clause_of: dict[int, int]) -> Iterator[Candidate]:
    """``Kian ĉapelon …?`` asks what the hat is like: each noun of the asked root with what
    qualifies it, its adjectives before it and its ``de`` phrase after it ("belan ruĝan
    ĉapelon", "la formon de kato"), from its first modifier to its last; a bare noun says
    nothing of its kind. Read in the dependency tree, wherever the noun stands."""
    words = sentence.words
    heads = sentence.heads
    nouns = [i for i, word in enumerate(words) if word.xpos == "NOUN"
             and not frame.hole_roots.isdisjoint(word.content_roots)]
    if not nouns or len(heads) != len(words):
        return
    children: dict[int, list[int]] = {}
    for i, head in enumerate(heads):
        children.setdefault(head - 1, []).append(i)
    for noun in nouns:
        qualities = [i for i in children.get(noun, ()) if (
            i < noun and describes(words[i])) or (
            i > noun and words[i].xpos in ("NOUN", "PROPN") and
            any(words[j].form.lower() == "de" for j in children.get(i, ())))]
        if not qualities:
            continue
        inside = _subtree(children, qualities)
        start, end = min(inside | {noun}), max(inside | {noun})
        yield Candidate(tuple(range(start, end + 1)), "attribute", clause_of.get(noun))


# Adjectives that say how much, which or when, not what their noun is like: "kelkaj",
# "multaj", "tuta", "diversaj" (how much, how many kinds), "sama", "alia", "lasta",
# "sekva(nta)", "cetera", "propra" (which), "hodiaŭa", "morgaŭa", "hieraŭa", "nuna" (when).
# "Kian tagon …?" is not answered by "la morgaŭan tagon": that is what kiom, kiu or kiam ask.
NOT_QUALITY_ROOTS = frozenset(
    "kelk mult tut divers sam ali last sekv ceter propr hodiaŭ morgaŭ hieraŭ nun".split())


def describes(word: Word) -> bool:
    """Whether an adjective says what its noun is like ("ruĝa", "maljuna"): what "kia" asks
    for; not a number or an order ("tri", "tria"), nor how much, which or when
    (``NOT_QUALITY_ROOTS``: "kelkaj", "sama", "morgaŭa")."""
    return word.xpos == "ADJ" and not word.is_numeral and not is_ordinal(word) and \
        NOT_QUALITY_ROOTS.isdisjoint(word.roots)


def _subtree(children: dict[int, list[int]], roots: list[int]) -> set[int]:
    """The words of ``roots`` and every word below them (``children``: by head index)."""
    found: set[int] = set()
    waiting = list(roots)
    while waiting:
        i = waiting.pop()
        if i not in found:
            found.add(i)
            waiting.extend(children.get(i, ()))
    return found


def _nominals(words: list[Word]) -> list[Word]:
    """The nouns and names of a span."""
    return [w for w in words if w.xpos in ("NOUN", "PROPN")]


def _only_the_asked_noun(frame: Frame, words: list[Word]) -> bool:
    """Whether a span says no more than the noun a ``kiu`` question asks by, with adjectives
    and a preposition at most ("en najbara urbo" for "En kiu urbo …?"): no article, name,
    number or other word that tells which one it is."""
    nouns = _nominals(words)
    return len(nouns) == 1 and not nouns[0].is_name and \
        nouns[0].stem.lower() in frame.hole_stems and \
        all(w.xpos in ("ADP", "ADJ", "NOUN") and not w.is_numeral and not is_ordinal(w)
            for w in words)


def _with_article(words: tuple[Word, ...], span: tuple[int, ...]) -> bool:
    """Whether the span's first name stands right after the article: a person's name takes
    none ("Aaron"), so "la Levido", "la Egipto", "la Buzano" name one of a people or a
    place, not someone ("la juna Petro": the article goes with the adjective)."""
    name = next((i for i in span if words[i].is_name), None)
    return name is not None and name > 0 and words[name - 1].form.lower() == "la"


def _title(words: tuple[Word, ...], span: tuple[int, ...]) -> bool:
    """Whether every name of the span is a word the dictionary knows for a person or a
    title, capitalised ("Sinjoro", "Reĝo", "Patro"): someone addressed or called by rank,
    not by name."""
    names = [words[i] for i in span if words[i].is_name]
    return bool(names) and all(w.semantic_class in PEOPLE_AND_TITLES for w in names)


_OPENING_QUOTES = frozenset("“„«\"'‘‹")
_CLOSING_QUOTES = frozenset("”“»\"'’›")


def _quoted_after(words: tuple[Word, ...], start: int) -> tuple[int, ...]:
    """The words inside the quotation marks that open at ``start`` (a name given in quotes),
    up to six words; empty when no quotation opens there or it does not close."""
    if start >= len(words) or words[start].form not in _OPENING_QUOTES:
        return ()
    end = start + 1
    while end < len(words) and end - start <= 6 and words[end].form not in _CLOSING_QUOTES:
        end += 1
    inside = tuple(range(start + 1, end))
    return inside if inside and end < len(words) and end - start <= 6 else ()


def _named_after_verb(words: tuple[Word, ...], verb: int) -> tuple[int, ...]:
    """The capitalised words a naming verb or participle gives as a name, past the pronoun
    it names (``nomis lin Petro``): mid-sentence capitals are names even when the word also
    reads as something else (``Karen``, kar-en)."""
    j = verb + 1
    if j < len(words) and words[j].xpos == "PRON" and words[j].case == "Acc":
        j += 1
    end = j
    while end < len(words) and (words[end].is_name or words[end].form[:1].isupper()):
        end += 1
    return tuple(range(j, end))


def _quantities(words: tuple[Word, ...], clause_of: dict[int, int],
                clauses: tuple[Clause, ...] = ()) -> Iterator[Candidate]:
    """A run of numerals with the noun it counts: ``sepcent dek du jaroj``, ``trifoje``;
    an adjective of a number and a unit: ``tridekjara`` (``measured_unit``)."""
    for i, word in enumerate(words):
        if measured_unit(word):
            yield Candidate((i,), "quantity", clause_of.get(i))
    i = 0
    parts: set[int] = set()  # numerals inside one duration of several units
    while i < len(words):
        if not words[i].is_numeral:
            i += 1
            continue
        start = i
        while (i + 1 < len(words) and words[i + 1].is_numeral) or _range_on(words, i):
            i += 1 if words[i + 1].is_numeral else 2  # "5-6": over the dash
        if _names_a_noun(words, start):
            i += 1  # digits after a noun label it (la jaro 1888, ĉapitro 5): no count
            continue
        if start > 0 and is_currency_sign(words[start - 1]):
            start -= 1  # "£50": the sign before the amount is its coin's name
        end = i
        j = i + 1
        while j < len(words) and j - end <= 3 and words[j].xpos in ("ADJ", "NOUN", "X"):
            if words[j].xpos == "NOUN":
                end = j
                break
            j += 1
        if end > i and end + 2 < len(words) and words[end + 1].form.lower() == "da":
            k = end + 2  # the measure with what it measures: "du litrojn da akvo"
            while k + 1 < len(words) and k - end <= 3 and words[k].xpos == "ADJ":
                k += 1
            if words[k].xpos == "NOUN":
                end = k
        if end + 2 < len(words) and words[end + 1].form == "kaj" and words[end + 2].is_numeral:
            k = end + 2  # du tagoj kaj du noktoj
            while k + 1 < len(words) and (words[k + 1].is_numeral or
                                          words[k + 1].xpos in ("NOUN", "ADJ")):
                k += 1
                if words[k].xpos == "NOUN":
                    break
            yield Candidate(tuple(range(start, k + 1)), "quantity", clause_of.get(start))
            if _unit(words[end]) and _unit(words[k]):
                # "du jaroj kaj tri monatoj" is one length of time, which neither part is
                parts.update(range(start, k + 1))
        counts = (_counted_before(words, start) or
                  _counted_subject(words, clauses, clause_of.get(start), start)) \
            if end == i else ()
        if start not in parts:
            yield Candidate(tuple(range(start, end + 1)), "quantity", clause_of.get(start),
                            counts=counts)
        i += 1


def _counted_subject(words: tuple[Word, ...], clauses: tuple[Clause, ...],
                     clause: int | None, numeral: int) -> tuple[int, ...]:
    """The noun a numeral counts when it is its clause's predicate: the subject's head ("la
    filoj de Zorbo estis dek du": Zorbo had twelve sons)."""
    if clause is None or clause >= len(clauses):
        return ()
    found = clauses[clause]
    if found.predicate is None or found.subject is None or \
            numeral not in found.predicate.members():
        return ()
    head = found.subject.head
    return (head,) if words[head].xpos == "NOUN" else ()


def _range_on(words: tuple[Word, ...], i: int) -> bool:
    """Whether a number in digits is the first of a range: ``5-6 metroj``, ``5–7``."""
    return i + 2 < len(words) and words[i].form.isdigit() and \
        words[i + 1].form in ("-", "–") and words[i + 2].form.isdigit()


def _unit(word: Word) -> bool:
    """A noun of a unit of time or measure (jaro, monato, metro)."""
    return word.xpos == "NOUN" and not TIME_AND_MEASURE_ROOTS.isdisjoint(word.roots)


def _counted_before(words: tuple[Word, ...], numeral: int) -> tuple[int, ...]:
    """The noun a numeral with no noun after it counts when it follows that noun's ``da`` or
    ``de`` phrase: ``havis da ŝafoj tricent``, ``plena de pomoj, cent dudek kvar``."""
    k = numeral - 1
    if k >= 0 and words[k].form in _DASHES:
        return _listed_after_colon(words, k)
    if k >= 0 and words[k].form == ",":
        k -= 1
    if k < 1 or words[k].xpos != "NOUN":
        return ()
    noun = k
    k -= 1
    while k >= 0 and words[k].xpos in ("ADJ", "DET"):
        k -= 1
    return (noun,) if k >= 0 and words[k].form.lower() in ("da", "de") else ()


_DASHES = frozenset({"—", "–"})


def _listed_after_colon(words: tuple[Word, ...], dash: int) -> tuple[int, ...]:
    """The noun a number after a dash counts when the dash closes a list of names after a
    colon: the first noun before the colon ("La filoj de Zorbo: Petro, Ana, kaj Ringo —
    tri": three sons)."""
    colon = next((i for i in range(dash - 1, -1, -1) if words[i].form in (":", ";", ".")),
                 None)
    if colon is None or words[colon].form != ":" or not any(
            words[i].is_name for i in range(colon + 1, dash)):
        return ()
    start = next((i + 1 for i in range(colon - 1, -1, -1) if words[i].form in (";", ".")), 0)
    return next(((i,) for i in range(start, colon) if words[i].xpos == "NOUN"), ())


def _dates(words: tuple[Word, ...], clause_of: dict[int, int]) -> Iterator[Candidate]:
    """A date as one phrase: ``la 3 de majo de 1850``, ``la 20an de junio 1872``, ``la
    5-a de aŭgusto``."""
    for i, word in enumerate(words):
        if not (set(word.roots) & MONTH_ROOTS and word.xpos in ("NOUN", "PROPN")
                and word.form.lower().rstrip("n").endswith("o")):
            continue  # (Marta is a name, not March)
        start = end = i
        if i >= 2 and words[i - 1].form.lower() == "de":
            day = i - 2  # in digits: 3, or an ordinal, 3a, 3an, 3-a
            if words[day].form.isdigit() or (is_ordinal(words[day]) and
                                             words[day].form[:1].isdigit()):
                start = day - 1 if day >= 1 and words[day - 1].form.lower() == "la" else day
        year = i + 1
        if year < len(words) and words[year].form.lower() == "de":
            year += 1
        if year < len(words) and words[year].form.isdigit():
            end = year
        if (start, end) != (i, i):
            yield Candidate(tuple(range(start, end + 1)), "date", clause_of.get(i))


def _possessors(words: tuple[Word, ...], matched: set[int],
                clause_of: dict[int, int]) -> Iterator[Candidate]:
    """``libro de Marko``: the ``de`` phrase after a matched noun; ``ŝia ĉevalo``: the
    noun phrase the possessive stands for (``possessive_antecedent``)."""
    for i in sorted(matched):
        if i + 2 < len(words) and words[i + 1].form.lower() == "de":
            chunk = _chunk_after(words, i + 2)
            if chunk:
                yield Candidate(chunk, "possessor", clause_of.get(i))
        if i > 0 and words[i - 1].word_class == "possessive":
            owner = possessive_antecedent(words, i - 1, matched)
            if owner:
                yield Candidate(owner, "possessor", clause_of.get(i), pronoun=True)


def possessive_antecedent(words: tuple[Word, ...], possessive: int,
                          matched: set[int]) -> tuple[int, ...]:
    """The nearest noun phrase before a third-person possessive that it can stand for, by
    person, number and sex as Esperanto marks them: ``ilia`` a plural noun, ``ŝia`` a noun
    with -in- (``rajdistino``) or a name, ``lia`` a noun without -in- or a name, ``ĝia`` a
    noun. Empty when none stands before it in the sentence."""
    pronoun = words[possessive].stem.lower()
    if pronoun not in THIRD_PERSON_PRONOUNS:
        return ()
    plural = PERSONAL_PRONOUNS[pronoun].number == "Plur"
    for j in range(possessive - 1, -1, -1):
        word = words[j]
        if j in matched or word.xpos not in ("NOUN", "PROPN"):
            continue
        if word.xpos == "PROPN":
            if pronoun in ("li", "ŝi") and word.stem[:1].isupper():
                start = j
                while start > 0 and words[start - 1].xpos == "PROPN":
                    start -= 1
                return tuple(range(start, j + 1))
            continue
        female = "in" in word.suffixes
        if (word.feat("Number") == "Plur") != plural or (pronoun == "ŝi" and not female) or (
                pronoun == "li" and female):
            continue
        start = j
        while start > 0 and j - start < 5 and words[start - 1].xpos in ("DET", "ADJ", "NUM") \
                and words[start - 1].word_class != "possessive":
            start -= 1
        return tuple(range(start, j + 1))
    return ()
