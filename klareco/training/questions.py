"""Training questions made from corpus sentences by transforming their ASTs.

Self-supervision for the encoder: a clause's role is replaced by the question word that asks for
it ("Petro vidis Anan" → "Kiun vidis Petro?", "Kiu vidis Anan?"), the other
constituents are put in a random order (free word order: same meaning) and some modifiers and
adjuncts are dropped (questions are shorter than the sentences that answer them). The question
text is then parsed like any user question, so training sees exactly what search will see, and
kept only if each moved constituent still has its role (``keeps_roles``): word order is free
only while case and prepositions tell the roles.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from klareco.corpus.store import Store
from klareco.errors import KlarecoError
from klareco.experts.factoid.candidates import (
    SUBJECT_PERSONS,
    Candidate,
    describes,
    is_direction_adverb,
    listed_names,
    measured_unit,
    points_back,
    referent_before,
    said_by,
)
from klareco.experts.factoid.frame import hole_words
from klareco.experts.factoid.kin import named_noun
from klareco.experts.factoid.roles import intransitive, names_action, voice_suffix
from klareco.lexicon.closed_classes import NEGATION_WORDS
from klareco.lexicon.roots import load_roots
from klareco.lexicon.semantics import (
    NAMING_ROOTS,
    PERSON_CLASSES,
    PREPOSITION_ROLES,
    PRO_VERBS,
    SAYING_ROOTS,
    STATE_ROOTS,
    TIME_AND_MEASURE_ROOTS,
    class_stem,
    is_time,
    says_how,
    says_material,
)
from klareco.parse import parse
from klareco.parse.ast import Clause, Phrase, Sentence, Word, name_term
from klareco.retrieval.keywords import appositions
from klareco.text import normalize_for_judging

# The roles a question can ask for, in the order a clause's constituents are listed.
_ROLE_KEYS = ("subject", "object", "indirect_object", "predicate")

DROP_MODIFIERS = 0.5  # chance that a kept phrase loses its modifiers
DROP_ADJUNCT = 0.5  # chance that an adjunct not asked about is left out
YES_NO = 0.1  # share of "ĉu" questions that ask about the whole clause
SWAP_ROLES = 0.4  # share of those that swap subject and object: who did what to whom → ne
# share of the others whose object or predicate becomes another noun of the sentence: the
# clause says something else of it → ne
REPLACE_ARGUMENT = 0.3
# Share of the rest that say the clause's opposite with mal-, where it can: "La vojo estis
# longa" → "Ĉu la vojo estis mallonga?", "Petro malfermis la pordon" → "Ĉu Petro fermis la
# pordon?" (ne); of those left, REPLACE_ARGUMENT replace an argument
OPPOSITE = 0.3
# Share of questions given one or two nouns of their work that their sentence lacks: a
# person's question shares about three quarters of its terms with the answering sentence,
# a question cut from the sentence all of them.
FOREIGN_WORD = 0.8
TITLE_MENTION = 0.25  # share of questions that name the work they ask about
# Share of questions with a common noun outside the asked phrase that the dictionary puts in
# a class named by a noun, asked by that noun instead ("Kion manĝis la aglo?" → "Kion manĝis
# la birdo?", ``with_general_noun``): people name a thing by a word more general than the
# answering sentence's, which it does not hold. Off (0): at 0.3 the linear ranker retrained
# on it lost a little on the held-out set and on the dev set, and with a hidden layer it
# gained on the held-out set and lost on the dev set, as every hidden layer has
# (docs/measurements.md, stop 59). At 0 it draws no number.
GENERAL_NOUN = 0.0
# Share of questions whose names are led by the kind other sentences give them ("la reĝo
# Bertilo", ``with_kind``): people say whom they mean by more than a name. A prior.
KIND_MENTION = 0.5
# People ask about someone or something by name; a question cut from a sentence that names
# no one ("Kio aŭdiĝis?") is mostly too vague to have one answer. Such questions are kept
# this often (a prior, not fitted), so that training sees questions as people ask them.
NAMELESS_KEPT = 0.25
# A question says what it is about in at least this many content words: "Kion vidis?" or
# "Kiu respondis?" fits thousands of sentences of the corpus, and no reader could say which
# one was meant, so no one answer can be judged right. Held-out questions that name no one
# and say less are never kept; training keeps them (``vague_kept``): most are given a noun of
# their work or its title, and the reader then drops those still short of search terms
# (``reader.MIN_KEYWORDS``).
MIN_SAID_WORDS = 2
# Share of clauses with a subject and an object asked in the passive voice ("Petro mortigis
# Paŭlon" → "Kiu estis mortigita de Petro?"): people ask in either voice.
PASSIVE_VOICE = 0.15
# Share of the other clauses whose verb has -ig- asked about the object in the voice without
# it: "Bertilo mortigis la gardiston" → "Kiu mortis?" (``_other_voice``), as people ask in
# the words they know
OTHER_VOICE = 0.5
# share of sentences asked about an apposition, a ĉar/kiam clause or what is said
SPECIAL_FORMS = 0.3
# Share of sentences asked what someone did ("Kion faris Petro?") or what befell someone
# (``as_action``; of those with an object, BEFALLEN ask "Kio okazis al …?"). Priors: people
# ask so now and then, and every clause with an action can be asked so.
ACTION_ASKED = 0.06
BEFALLEN = 0.3
# Share of sentences that name someone by a noun of someone else's ("Petro, la filo de
# Zorbo") asked for the name by that noun ("Kiel nomiĝis la filo de Zorbo?", "Kiu estis la
# filo de Zorbo?") rather than otherwise: people ask so, and such sentences are few (one in
# 210), so most are asked. A prior.
OWNER_ASKED = 0.8
# share of subjects, objects and predicates with a person's "de" phrase ("la filo de Petro")
# that ask for that person ("Kies filo …?") rather than for the whole phrase
POSSESSOR_ASKED = 0.5
# Share of adjuncts counted by a number ("dum sep tagoj", "kun dek viroj") asked how many
# ("Dum kiom da tagoj …?", "Kiom longe …?") rather than by their preposition. People ask
# numbers often; the preposition's own question ("dum kio") rarely fits them. A prior.
COUNTED_ADJUNCT = 0.5
# Share of phrases whose common noun a name specifies ("la reĝo Bertilo", "en la urbo Parizo")
# asked with kiu and that noun ("Kiu reĝo …?", "En kiu urbo …?"), as people ask: the noun
# says what kind of thing the answer is. A prior.
NAMED_NOUN_ASKED = 0.5
# Share of phrases whose common noun has adjectives ("la ruĝan ĉapelon", "en granda urbo")
# asked what that noun is like, with kia and the noun ("Kian ĉapelon …?", "En kia urbo …?"):
# the adjectives answer. A prior.
QUALITY_ASKED = 0.3
# Share of those asked for the name itself, the noun in a relative clause: "Kiel nomiĝis la
# reĝo, kiu sendis leteron?", as people ask for a name. A prior.
NAME_ASKED = 0.5
# Share of phrases whose noun or name the dictionary puts in a class named by a noun (aglo:
# BIRDO, Romo: URBO; ``_class_noun``), when no other sentence gives the name a kind, asked
# by that noun ("Kiun birdon vidis Petro?", "En kiu urbo …?"), and share of those about a
# common noun asked with kia ("Kian birdon …?": what kind of bird). Off (0): at 0.3, with
# the ranker's feature for it (``kind_of_asked``), two seeds' rankers tied with the shipped
# one on held-out questions of either generator and on the dev set (docs/measurements.md,
# stop 48). At 0 it draws no number.
CLASS_NOUN_ASKED = 0.0
CLASS_KIA = 0.3
# Chance that a clause with a phrase counted by a number asks about that phrase: a number is
# what people most often ask of a sentence that states one (a sixth of the dev set's questions
# ask kiom; of questions cut from a random phrase, one in a hundred did). A prior.
COUNTED_FIRST = 0.5
# People give the circumstances of what they ask about in a clause of its own ("Kiun
# renkontis Petro, kiam li iris al la urbo?"): such questions are longer than a clause cut
# from its sentence, and hold a comma. Share of questions given another clause of their
# sentence, one that an introducer opens and that holds nothing of the answer; clauses longer
# than CONTEXT_WORDS are left out. Off (0): at 0.3 a ranker trained on such questions (r12,
# docs/measurements.md) was no better on held-out questions of either kind and withheld more of
# the dev set's. At 0 the generator draws no number for it, so the questions, and the
# shipped ranker's training, stay as they were.
CONTEXT_CLAUSE = 0.0
CONTEXT_WORDS = 10
# People also tell what happened around what they ask, from elsewhere in the story ("Kion
# aĉetis Petro, kiam li venis al la urbo?", where the coming is told in the sentence before):
# words the answering sentence lacks. Share of questions given, after "kiam", a main clause
# of the sentence before or after theirs in the same work (``circumstance``). Off (0): at 0.5
# (16 % of questions got one) two seeds' rankers chose the top candidate better on held-out
# questions with such a clause (0.778 → 0.795) but no better on the others, withheld fewer
# answers at their lower thresholds (held-out overall 2,289 → 2,277 / 2,275 of 3,000), and
# chose worse on the dev set (141 → 137 / 136 of 228): docs/measurements.md, stop 48. At 0 it
# draws no number, so the questions stay as they were.
CIRCUMSTANCE_BESIDE = 0.0
# People name whom they ask about, where a story goes on with "li" about someone the sentence
# before names ("Zorbo venis hejmen. Li manĝis panon." → "Kion manĝis Zorbo?"): a subject
# pronoun of the question is written as the name it stands for (``with_pronoun_named``), by
# the reading the factoid expert gives such a pronoun (``candidates.referent_before``), in
# this share of the questions that have one. A prior: people seldom ask "Kion manĝis li?".
PRONOUN_NAMED = 1.0
# Words that join a clause to the one before it, left off the front of a clause so given.
_JOINING = frozenset({"kaj", "sed", "tiam", "do", "nun", "jen"})
# Parts of speech of an asked phrase's head that only point to what another phrase names:
# "Tiuj, kiuj estas en Judujo, forkuru" says who flees, but "tiuj" alone does not.
REFERRING_HEADS = frozenset({"PRON", "DET", "NUM"})
# Interjections before someone addressed: "Ho Dio, …" speaks to God and says nothing of Him.
VOCATIVE_INTERJECTIONS = frozenset({"ho", "ha", "ve"})
# A subordinator → the question its clause answers.
CLAUSE_QUESTIONS = {"ĉar": "kial", "kiam": "kiam"}


def _phrase_text(phrase: Phrase, words: tuple[Word, ...], keep_modifiers: bool) -> str:
    """The phrase's words in text order; without modifiers, its head and preposition only."""
    indices = {phrase.head}
    for index in phrase.words:
        if keep_modifiers or index == phrase.preposition:
            indices.add(index)
    return " ".join(_form(words[i]) for i in sorted(indices))


def _swapped_case(phrase: Phrase, words: tuple[Word, ...]) -> str | None:
    """The phrase with its case turned (subject ↔ object): the accusative -n is added to or
    taken from the head and the words before it that agree with it, never from what follows
    the head (``filino de Polonio``), and a subject's "sia" is "la"; None when a word cannot
    take it (``Kain``)."""
    out = []
    for i in sorted(phrase.members()):
        word = words[i]
        form = _form(word)
        if i <= phrase.head and word.case in ("Nom", "Acc") and word.xpos != "ADP":
            if word.case == "Acc" and form.lower() in ("sian", "siajn"):
                form = "la"  # "sian filon" as a subject: sia means the subject's own
            elif word.case == "Acc" and form.endswith("n"):
                form = form[:-1]
            elif word.case == "Nom" and (form.endswith(("o", "a", "oj", "aj", "u", "uj")) or
                                         word.xpos == "PRON"):
                form = form + "n"
            elif word.xpos != "DET":
                return None
        out.append(form)
    return " ".join(out)


def _form(word: Word) -> str:
    # a common word keeps no capital from the start of its sentence ("La" → "la")
    return word.form if word.proper else word.form.lower()


def _is_relative(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    correlative = words[phrase.head].correlative
    return bool(correlative and correlative[0] == "ki")


def _is_person(word: Word) -> bool:
    return word.is_name or word.is_person


def _is_manner(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    """An adverb of manner standing alone: a derived -e adverb that says how (``says_how``),
    not where to ("hejmen")."""
    head = words[phrase.head]
    return (phrase.preposition is None and head.xpos == "ADV" and head.ending == "e"
            and not head.correlative and not is_direction_adverb(head)
            and not points_back(head) and says_how(head.roots))


def _is_direction(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    """An adverb that says where to standing alone ("hejmen", "supren")."""
    head = words[phrase.head]
    return phrase.preposition is None and not head.correlative and \
        is_direction_adverb(head) and bool(head.roots)


def _counted(phrase: Phrase, words: tuple[Word, ...]) -> bool:
    """Whether a number counts the phrase's head ("ok jarojn", "dek fortajn virojn"): a
    numeral before it, only adjectives and numerals between, and the head plural ("unu
    vilaĝo" is "a village"; "la filo de du fratoj" counts the brothers, not the son)."""
    head = phrase.head
    if words[head].feat("Number") != "Plur":
        return False
    for i in range(head - 1, -1, -1):
        if i not in phrase.words or words[i].xpos not in ("NUM", "ADJ"):
            return False
        if words[i].xpos == "NUM":
            return True
    return False


def _question_word(role: str, phrase: Phrase, words: tuple[Word, ...],
                   rng: random.Random) -> str | None:
    head = words[phrase.head]
    if role != "adjunct" and _counted(phrase, words) and rng.random() < 0.5:
        # "Kiom da jaroj …?": the counted noun stays, in the nominative
        noun = _form(head)
        return "kiom da " + (noun[:-1] if noun.endswith("n") else noun)
    person = _is_person(head)
    who = "kiuj" if head.feat("Number") == "Plur" else "kiu"
    if role == "predicate" and measured_unit(head) == "jar":
        return "kiom aĝa"  # "dekjara" (ten years old) answers "kiom aĝa"
    if role == "predicate" and head.feat("VerbForm") == "Part":
        return None  # "estis devigita", "estis irinta": a compound tense, what was done, no quality
    if role == "predicate" and head.xpos == "ADJ":
        return "kiaj" if head.feat("Number") == "Plur" else "kia"  # "bona" answers "kia"
    if role == "adjunct" and _is_manner(phrase, words):
        return "kiel"  # "rapide" answers "kiel"
    if role == "adjunct" and _is_direction(phrase, words):
        return "kien"  # "hejmen" answers "kien"
    if role == "subject" or role == "predicate":
        return who if person else "kio"
    if role == "doer":
        return "de " + (who if person else "kio")  # "de kiu estis mortigita Petro?"
    if role == "object":
        return who + "n" if person else "kion"
    if role == "indirect_object":
        return "al " + who
    preposition = phrase.preposition_form(words)
    if not preposition:
        return None
    marks = PREPOSITION_ROLES.get(preposition)
    root = head.roots[-1] if head.roots else ""
    if _counted(phrase, words) and rng.random() < COUNTED_ADJUNCT:
        # "dum sep tagoj" answers "Kiom longe …?"; "post tri jaroj", "kun dek viroj" answer
        # "Post kiom da jaroj …?", "Kun kiom da viroj …?" (da takes the nominative)
        if preposition == "dum" and root in TIME_AND_MEASURE_ROOTS and rng.random() < 0.5:
            return "kiom longe"
        noun = _form(head)
        return f"{preposition} kiom da {noun[:-1] if noun.endswith('n') else noun}"
    # "en tiu tago", "post tri jaroj", "en aŭgusto", "en 1907": a preposition of time or
    # place before a noun of time, a month or a year
    # ("de tri tagoj", "de decembro": since when, not from where)
    if marks in ("time", "place", "source") and (
            root in TIME_AND_MEASURE_ROOTS or is_time(head)):
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
    for). ``pronoun``: the asked phrase's head stands for something named elsewhere — a
    pronoun, a correlative (``tiu``, ``ĉiu``) or a bare numeral (``unu el ili``) — so the
    real answer is what it refers to, which the sentence alone does not give."""

    text: str
    answers: tuple[str, ...]
    yes_no: bool
    pronoun: bool = False
    numbers: bool = False  # the answers are numerals, to match as whole words
    form: str = ""  # the question word it asks with, "kiom da" counting its noun: kiun, kie, ĉu
    sentence: str = ""  # the text of the corpus sentence it was made from (its evidence)
    sentence_id: str = ""  # and that sentence's id
    work: str = ""  # how its end names the work it asks about ("en 'La revizoro'"), if it does
    # for a question naming someone by a noun of another's ("la filo de Zorbo"): that other's
    # name as the question says it, and the other names of the sentence, each of which in
    # its place makes a question the sentence names no one for (``with_other_owner``)
    owner: str = ""
    other_names: tuple[str, ...] = ()
    every: bool = False  # the answers are a list's names, each of which a right answer holds


def make_question(sentence: Sentence, rng: random.Random) -> str | None:
    """One question about a clause of the parsed sentence, or None when no clause has a verb
    and something to ask about."""
    made = generate(sentence, rng)
    return None if made is None else made.text


def _counts(question_word: str) -> bool:
    """Whether the question asks for a number: kiom da (after a preposition too), kiom
    longe."""
    return "kiom da" in question_word or question_word == "kiom longe"


def _answer_stems(phrase: Phrase, words: tuple[Word, ...], question_word: str
                  ) -> tuple[str, ...]:
    if _counts(question_word):
        return tuple(words[i].form.lower() for i in phrase.words
                     if i != phrase.head and words[i].xpos == "NUM")
    head = words[phrase.head]
    if question_word == "kiom aĝa":
        form = head.form.lower()  # the whole compound without its ending: "dekjar"
        return (form[:form.rindex("a")],)
    return _stem(head)


def _stem(word: Word) -> tuple[str, ...]:
    """What an answer must hold to name ``word``: a name's lemma without its ending
    ("Habelo" → "habel"), a common word's main root."""
    if word.proper or not word.roots:
        lemma = word.stem.lower()
        return (lemma[:-1] if len(lemma) > 4 and lemma[-1] in "oaei" else lemma,)
    return (max(word.roots, key=len),)


def _person_possessor(phrase: Phrase, words: tuple[Word, ...]) -> int | None:
    """The person a bare noun phrase ends with after "de" ("la filo de Petro", "la domo de
    la reĝo"): its owner or kin, whom "kies" asks for; None when it has none."""
    if phrase.preposition is not None or words[phrase.head].xpos != "NOUN":
        return None
    members = sorted(phrase.members())
    after = [i for i in members if i > phrase.head]
    if len(after) < 2 or words[after[0]].form.lower() != "de":
        return None
    rest = [i for i in after[1:] if words[i].xpos != "DET"]
    if len(rest) != 1 or words[rest[0]].xpos not in ("NOUN", "PROPN"):
        return None
    return rest[0] if _is_person(words[rest[0]]) else None


def _named_by_noun(phrase: Phrase, words: tuple[Word, ...]) -> int | None:
    """The name right after the phrase's head when the head is a common noun that the name
    specifies ("la reĝo Bertilo", "al la urbo Parizo"): the name's index, else None."""
    head = phrase.head
    after = head + 1
    if words[head].xpos != "NOUN" or words[head].is_name or after not in phrase.words:
        return None
    return after if words[after].is_name and words[after].xpos == "PROPN" else None


def _which_noun(phrase: Phrase, words: tuple[Word, ...], kind: str | None = None,
                question_word: str = "kiu") -> str:
    """The question word and the phrase's head noun that ask for the name after it: "kiu
    reĝo", "kiun urbon", "al kiuj profetoj" (kiu agrees with the noun in number and case);
    for a name standing alone, its ``kind`` (a noun's lemma) in the name's case. With
    ``question_word`` "kia": what the noun is like ("kian ĉapelon", "en kia urbo")."""
    head = words[phrase.head]
    accusative = "n" if head.case == "Acc" else ""
    plural = "j" if kind is None and head.feat("Number") == "Plur" else ""
    noun = _form(head) if kind is None else kind + accusative
    preposition = phrase.preposition_form(words)
    return f"{preposition + ' ' if preposition else ''}{question_word}{plural}{accusative} {noun}"


def _qualities(phrase: Phrase, words: tuple[Word, ...]) -> list[int]:
    """The adjectives before a phrase's common noun that say what it is like ("belan" and
    "ruĝan" in "la belan ruĝan ĉapelon"; ``candidates.describes``): what "kia" with the noun
    asks for. Empty for a name, a pronoun, or a bare noun."""
    head = words[phrase.head]
    if head.xpos != "NOUN" or head.is_name:
        return []
    return [i for i in phrase.words if i < phrase.head and describes(words[i])]


def _quality_question(clause: Clause, constituents: list[tuple[str, Phrase]],
                      words: tuple[Word, ...], rng: random.Random, asked: int
                      ) -> GeneratedQuestion | None:
    """"Kian ĉapelon aĉetis Petro?" from "Petro aĉetis ruĝan ĉapelon": the asked
    constituent's noun with kia, answered by its adjectives (``_qualities``); None when it
    has none, or when the question would no longer keep its roles."""
    phrase = constituents[asked][1]
    qualities = _qualities(phrase, words)
    if not qualities:
        return None
    which = _which_noun(phrase, words, question_word="kia")  # "kian ĉapelon", "en kia urbo"
    text = _question_text(which, clause, constituents, words, rng, asked)
    if text is None:
        return None
    # each adjective's whole stem: "maljun", which "junaj" does not say
    stems = tuple(words[i].stem.lower() for i in qualities)
    preposition = phrase.preposition_form(words)
    form = f"{preposition + ' ' if preposition else ''}kia …"  # in any number and case
    return GeneratedQuestion(text, stems, yes_no=False, form=form)


def _asking_the_name(question: str, which: str, clause: Clause,
                     words: tuple[Word, ...]) -> str:
    """A "kiu + noun" ``question`` asked for the name it wants: "Kiu reĝo sendis leteron?" →
    "Kiel nomiĝis la reĝo, kiu sendis leteron?" (``which``: "kiu reĝo", "al kiu urbo"); the
    clause keeps its order, which the question was checked in, and the naming verb the tense
    of the clause's (past, else present)."""
    *preposition, relative, noun = which.split()
    nominative = noun[:-1] if noun.endswith("n") else noun
    rest = question[len(which):].rstrip("?").strip()
    verb = words[clause.verb].form.lower() if clause.verb is not None else ""
    naming = "nomiĝis" if verb.endswith("is") else "nomiĝas"
    introducer = " ".join([*preposition, relative])
    return f"Kiel {naming} la {nominative}, {introducer} {rest}?"


def learn_kinds(sentence: Sentence, kinds: dict[str, Counter[str]]) -> None:
    """Add to ``kinds`` what ``sentence`` says a name is: the common noun it specifies
    ("la reĝo Bertilo": Bertilo is a reĝo), by the name's index term."""
    words = sentence.words
    for clause in sentence.clauses:
        for phrase in clause.phrases():
            named = _named_by_noun(phrase, words)
            if named is not None:
                kinds.setdefault(name_term(words[named].stem), Counter())[
                    words[phrase.head].lemma.lower()] += 1


def _kind(word: Word, kinds: Mapping[str, Counter[str]] | None) -> str | None:
    """The noun the corpus most often gives a name as its kind (seen at least twice), for a
    singular name; None for any other word."""
    if not kinds or not word.is_name or word.xpos != "PROPN" or \
            word.feat("Number") == "Plur":
        return None
    seen = kinds.get(name_term(word.stem))
    if not seen:
        return None
    noun, count = seen.most_common(1)[0]
    return noun if count >= 2 and noun.endswith("o") else None


def _class_noun(word: Word) -> str | None:
    """The noun that names the dictionary's class of a singular noun or name, as what it is
    a kind of ("aglo" is of the class BIRDO: "birdo"; "Romo" of URBO: "urbo"); None when the
    class is named by no noun of the dictionary, by the word's own root, or by a field of
    knowledge rather than a kind (ANATOMIO, GEOGRAFIO: nouns of the class SCIENCO)."""
    if word.xpos not in ("NOUN", "PROPN") or word.feat("Number") == "Plur" or \
            not word.semantic_class:
        return None
    stem = class_stem(word.semantic_class)
    root = load_roots().get(stem)
    if root is None or not root.pos.startswith("SUBST") or \
            root.semantic_class == "SCIENCO" or stem in word.roots:
        return None
    return stem + "o"


def _kies(phrase: Phrase, words: tuple[Word, ...]) -> str:
    """"kies" with the possessed noun and what comes before it, article left out: "la juna
    filo de Petro" → "kies juna filo"."""
    before = [_form(words[i]) for i in sorted(phrase.members())
              if i <= phrase.head and words[i].xpos != "DET"]
    return " ".join(["kies", *before])


def generate(sentence: Sentence, rng: random.Random,
             kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """``make_question`` with its answer, for training the answer ranker
    (``klareco.training.reader``). ``kinds``: the common nouns that name each name's kind
    elsewhere in the corpus (``learn_kinds``), so that a name may be asked with its kind
    ("Kiu reĝo …?") where its own sentence does not say it."""
    words = sentence.words
    if len(words) > 60:
        return None
    # a name given needs no verb to be asked: "La filoj de Zorbo: Petro kaj Ana."
    owned = owner_question(sentence, rng)  # draws nothing where the sentence has none
    if owned is not None and rng.random() < OWNER_ASKED:
        return owned
    clauses = [c for c in sentence.clauses if states(c, words)]
    if not clauses:
        return None
    if rng.random() < ACTION_ASKED:
        action = as_action(sentence, rng)
        if action is not None:
            return action
    if rng.random() < SPECIAL_FORMS:
        special = (_naming_question(sentence) or _apposition_question(sentence)
                   or _clause_question(sentence, rng) or as_speech(sentence, rng)
                   or as_material(sentence, rng))
        if special is not None:
            return special
    clause = rng.choice(clauses)
    constituents = _constituents(clause, words)
    if not constituents:
        return None
    swapped: dict[int, str] = {}
    heads: dict[int, str] = {}  # of swapped texts that keep their role: their heads' forms
    passive = _passive_voice(clause, constituents, words) \
        if rng.random() < PASSIVE_VOICE else None
    if passive is None and rng.random() < OTHER_VOICE:
        voiced = _other_voice_question(clause, constituents, words, rng)
        if voiced is not None:
            return voiced
    verb: str | None = None
    changed = False  # a ĉu question whose roles or argument were changed: its answer is ne
    negated = _denies(clause, words)
    if rng.random() < YES_NO:
        asked, question_word = None, "ĉu"
        if passive is not None:
            changed = passive.swappable and rng.random() < SWAP_ROLES
            verb, swapped = passive.parts(None, changed)
        elif rng.random() < SWAP_ROLES:
            swapped = _swap_roles(constituents, words)
        elif rng.random() < OPPOSITE:
            verb, swapped, heads = _opposite(clause, constituents, words, rng)
        if not swapped and verb is None and rng.random() < REPLACE_ARGUMENT:
            swapped = _replace_argument(constituents, words, rng)
        changed = changed or (passive is None and (bool(swapped) or verb is not None))
    else:
        if negated:
            # a denied clause answers "ĉu" (ne) but no question word: "Petro ne vidis la
            # lupon" does not say whom Petro saw; "Kiun vidis Petro?" would take the wolf
            return None
        askable = [(n, role, p) for n, (role, p) in enumerate(constituents)
                   if role != "adjunct" or p.preposition is not None or _is_manner(p, words)
                   or _is_direction(p, words)]
        if not askable:
            return None
        counted = [a for a in askable if _counted(a[2], words)]
        if counted and rng.random() < COUNTED_FIRST:
            asked, asked_role, asked_phrase = rng.choice(counted)
        else:
            asked, asked_role, asked_phrase = rng.choice(askable)
        if passive is not None:
            # the object is the passive's subject; the subject is asked with "de"
            asked_role = {"object": "subject", "subject": "doer"}.get(asked_role, asked_role)
        possessor = _person_possessor(asked_phrase, words) \
            if passive is None and asked_role in ("subject", "object", "predicate") else None
        if possessor is not None and rng.random() < POSSESSOR_ASKED:
            text = _question_text(_kies(asked_phrase, words), clause, constituents, words,
                                  rng, asked)
            if text is None:
                return None
            return GeneratedQuestion(text, _stem(words[possessor]), yes_no=False, form="kies")
        named = _named_by_noun(asked_phrase, words) if passive is None else None
        kind = _kind(words[asked_phrase.head], kinds) if passive is None and named is None \
            else None
        if named is None and kind is not None:
            named = asked_phrase.head  # "Bertilo sendis …" → "Kiu reĝo sendis …?"
        if named is not None and rng.random() < NAMED_NOUN_ASKED:
            which = _which_noun(asked_phrase, words, kind)
            text = _question_text(which, clause, constituents, words, rng, asked)
            if text is None:
                return None
            form = " ".join(which.split()[:-1]) + " …"  # "kiu …", "en kiu …"
            if rng.random() < NAME_ASKED:
                text, form = _asking_the_name(text, which, clause, words), "kiel nomiĝis"
            return GeneratedQuestion(text, _stem(words[named]), yes_no=False, form=form)
        head = words[asked_phrase.head]
        class_noun = _class_noun(head) if CLASS_NOUN_ASKED and passive is None and \
            named is None else None
        if class_noun is not None and rng.random() < CLASS_NOUN_ASKED:
            word = "kia" if head.xpos == "NOUN" and rng.random() < CLASS_KIA else "kiu"
            which = _which_noun(asked_phrase, words, class_noun, word)
            text = _question_text(which, clause, constituents, words, rng, asked)
            if text is None:
                return None
            form = " ".join(which.split()[:-1]) + " …"  # "kiun …", "sur kia …"
            return GeneratedQuestion(text, _stem(head), yes_no=False, form=form)
        if passive is None and _qualities(asked_phrase, words) and \
                rng.random() < QUALITY_ASKED:
            return _quality_question(clause, constituents, words, rng, asked)
        question_word = _question_word(asked_role, asked_phrase, words, rng)
        if question_word is None:
            return None
        if passive is not None:
            verb, swapped = passive.parts(asked, plural=question_word.endswith("j")
                                          if asked == passive.undergoer else None)
    text = _question_text(question_word, clause, constituents, words, rng, asked, swapped,
                          verb, heads)
    if text is None:
        return None  # the words, moved, would say something else
    if CONTEXT_CLAUSE and rng.random() < CONTEXT_CLAUSE:
        answer = set() if asked is None else set(asked_phrase.members())
        text = with_context_clause(text, sentence, clause, answer)
    if asked is None:
        if changed and negated:
            return None  # "A did not hit B" says nothing of whether B hit A, nor C
        answer = "ne" if negated or changed else "jes"
        return GeneratedQuestion(text, (answer,), yes_no=True, form="ĉu")
    head = words[asked_phrase.head]
    return GeneratedQuestion(text, _answer_stems(asked_phrase, words, question_word),
                             yes_no=False, pronoun=head.xpos in REFERRING_HEADS,
                             numbers=_counts(question_word),
                             form="kiom da" if _counts(question_word)
                             else question_word)


def with_context_clause(text: str, sentence: Sentence, asked: Clause,
                        answer: set[int]) -> str:
    """``text`` (a question about the clause ``asked``) with another clause of its sentence
    after a comma, as it stands there: the first that an introducer opens (kiam, ĉar, ke,
    kiu …), with a verb, at most ``CONTEXT_WORDS`` words, and no word of the ``answer`` or
    of its roots. Unchanged when the sentence has none."""
    words = sentence.words
    answer_terms = {t for i in answer for t in words[i].terms}
    for clause in sentence.clauses:
        members = sorted(clause.words)
        if clause is asked or clause.verb is None or clause.introducer is None or \
                not members or clause.introducer != members[0] or \
                len(members) > CONTEXT_WORDS or set(members) & (set(asked.words) | answer):
            continue
        if any(answer_terms.intersection(words[i].terms) for i in members):
            continue
        while members and words[members[-1]].is_punct:
            members.pop()
        said = sentence.text[words[members[0]].start:words[members[-1]].end]
        return f"{text[:-1]}, {said}?"
    return text


def _constituents(clause: Clause, words: tuple[Word, ...]) -> list[tuple[str, Phrase]]:
    """A clause's role phrases and adjuncts, without the relative word of "…, kiun li
    malfermas", which no question can keep."""
    found: list[tuple[str, Phrase]] = [
        (key, getattr(clause, key)) for key in _ROLE_KEYS if getattr(clause, key) is not None]
    found += [("adjunct", a) for a in clause.adjuncts]
    return [(r, p) for r, p in found if not _is_relative(p, words)]


def _question_text(question_word: str, clause: Clause,
                   constituents: list[tuple[str, Phrase]], words: tuple[Word, ...],
                   rng: random.Random, asked: int | None = None,
                   swapped: dict[int, str] | None = None, verb: str | None = None,
                   heads: Mapping[int, str] | None = None) -> str | None:
    """The question word, then the clause's other constituents and its verb (or ``verb``)
    in a random order, some adjuncts left out and some phrases without their modifiers;
    ``swapped``: texts that replace constituents, by their place in ``constituents``, each in
    another role unless ``heads`` gives its head's form (in its own role). None when the
    question, parsed, no longer gives a kept constituent its role (``keeps_roles``)."""
    parts: list[tuple[str, str | None, str | None]] = []  # text, role, its head's form
    for n, (role, phrase) in enumerate(constituents):
        if n == asked or (role == "adjunct" and asked is not None
                          and rng.random() < DROP_ADJUNCT):
            continue
        keep = rng.random() >= DROP_MODIFIERS
        text = (swapped or {}).get(n)
        if text is None:
            parts.append((_phrase_text(phrase, words, keep), role, _form(words[phrase.head])))
        elif text:  # an empty text leaves the constituent out
            head = (heads or {}).get(n)  # else a case turned: its role is another
            parts.append((text, role if head else None, head))
    parts.append((verb or _form(words[clause.verb]), None, None))  # type: ignore[index]
    if asked is not None and _identifies(clause, constituents[asked][0], words):
        # "Kio estas la fonto de ĝojo?" of "La muziko estas la fonto de ĝojo": the question
        # word takes the predicate's place, and the predicate reads as the subject
        parts = [(said, "subject" if role == "predicate" else role, head)
                 for said, role, head in parts]
    rng.shuffle(parts)
    kept: list[tuple[str, int, int, str]] = []  # role, where its text starts and ends, head
    text = question_word
    for said, role, head in parts:
        text += " " + said
        if role is not None and head is not None:
            kept.append((role, len(text) - len(said), len(text), head))
    text = text[:1].upper() + text[1:] + "?"
    return text if keeps_roles(text, kept) else None


def _identifies(clause: Clause, asked_role: str, words: tuple[Word, ...]) -> bool:
    """Whether a copula's subject is asked of a clause whose predicate is a definite noun
    phrase ("La muziko estas la fonto de ĝojo": "la" or a "de" phrase): the predicate
    identifies the subject, so "Kio estas la fonto de ĝojo?" asks the subject, whichever
    side of the copula the parser reads the question word on."""
    predicate, subject = clause.predicate, clause.subject
    if asked_role != "subject" or predicate is None or subject is None or \
            clause.verb is None or not words[clause.verb].is_copula or \
            words[predicate.head].xpos != "NOUN" or \
            words[subject.head].xpos not in ("NOUN", "PROPN") or words[subject.head].elided:
        # "Granda estas la malĝojo": an adjective says what the noun is like; "dank’ al
        # Dio" is no subject
        return False
    return any(words[i].lemma == "la" or words[i].lemma == "de" for i in predicate.members())


def keeps_roles(question: str, kept: Sequence[tuple[str, int, int, str]]) -> bool:
    """Whether the parsed ``question`` gives each kept constituent the role it had in its
    sentence, as the head of a phrase in that role. ``kept`` holds its role (subject, object,
    indirect_object, predicate or adjunct), where its text starts and ends, and its head
    word's form. Free word order keeps the meaning only while case and prepositions still tell
    the roles: a "de" phrase moved after a noun reads as that noun's possessor ("la filo de la
    reĝo"), and a nominative moved beside the copula's may swap subject and predicate."""
    try:
        asked = parse(question)
    except KlarecoError:
        return False
    main = asked.main
    if main is None:
        return False
    # a noun right after "kia" or "kies" joins the question word's phrase ("Kia reĝo
    # estis?" asks about a king, not what the king was)
    hole = hole_words(asked, asked.question.index) if asked.question is not None and \
        asked.question.index is not None else set()
    for role, start, end, head in kept:
        found = next((i for i, word in enumerate(asked.words)
                      if start <= word.start < end and word.form.lower() == head.lower()), None)
        if found is None or found in hole:
            return False
        phrases = list(main.adjuncts) if role == "adjunct" else [getattr(main, role)]
        if not any(phrase is not None and phrase.head == found for phrase in phrases):
            return False
    return True


def _apposition_question(sentence: Sentence) -> GeneratedQuestion | None:
    """"Kiu estas Ofelio?" from "Ofelio, filino de Polonio, …": a name set off by a comma
    whose apposition (in the dependency tree, ``keywords.appositions``) is a common noun is
    asked about, and that noun answers. The name is asked in the nominative, as "Kiu estas"
    takes it."""
    words = sentence.words
    for i, last, j in appositions(sentence):
        name, noun = words[i], words[j]
        if name.case != "Acc" and _names_one(words, i) and noun.roots:
            said = " ".join(words[k].form for k in range(i, last + 1))
            return GeneratedQuestion(f"Kiu estas {said}?", (max(noun.roots, key=len),),
                                     yes_no=False, form="kiu estas")
    return None


def owner_question(sentence: Sentence, rng: random.Random,
                   kinds: Mapping[str, Counter[str]] | None = None
                   ) -> GeneratedQuestion | None:
    """"Kiel nomiĝis la filo de Zorbo?" or "Kiu estis la filo de Zorbo?" from a sentence that
    gives a name to a noun of a named owner ("Petro, la filo de Zorbo, …", "la edzino de
    Zorbo estis nomata Maria"): the name answers. A plural noun is asked by its list of
    names ("La filoj de Zorbo: Petro kaj Ana" → "Kiuj estis la filoj de Zorbo?"), which a
    right answer gives whole. The sentence's other names are kept for
    questions it does not answer ("… la filo de Bertilo?" where Bertilo is someone else of
    it). ``kinds`` is unused (the ``Asker`` signature)."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words) or len(relations) != len(words):
        return None
    for name, word in enumerate(words):
        if not word.is_name or not word.form[:1].isupper() or word.case == "Acc" or \
                not _names_one(words, name):
            continue
        noun = named_noun(sentence, name)
        if noun is None or not (
                words[noun].is_person or words[noun].semantic_class in PERSON_CLASSES):
            continue  # someone's: "la tempo de Petro" names no one
        plural = words[noun].feat("Number") == "Plur"
        listed = [k for k in listed_names(sentence, name)
                  if words[k].is_name and relations[k] != "flat"] if plural else [name]
        if plural and len(listed) < 2:
            continue  # people, but not named one by one
        owner = _owner_phrase(sentence, noun)
        if owner is None:
            continue
        said, owner_name = owner
        past = not any(w.feat("Tense") == "Pres" for w in words if w.xpos in ("VERB", "AUX"))
        noun_text = _singular_nominative(words[noun]) + ("j" if plural else "")
        if rng.random() < 0.5:  # people ask either way
            text, form = f"Kiel {'nomiĝis' if past else 'nomiĝas'} la {noun_text} de {said}?", \
                "kiel nomiĝis"
        else:
            text, form = (f"{'Kiuj' if plural else 'Kiu'} {'estis' if past else 'estas'} "
                          f"la {noun_text} de {said}?", "kiuj estis" if plural else "kiu estis")
        run = set(range(name, listed[-1] + 1)) | {
            k for k in range(len(words)) if heads[k] - 1 in listed and relations[k] == "flat"}
        others = tuple(dict.fromkeys(
            w.form[:-1] if w.case == "Acc" and w.form.endswith("n") else w.form
            for k, w in enumerate(words)
            if k not in run and w.is_name and w.form[:1].isupper() and
            w.stem not in (words[owner_name].stem, word.stem) and _names_one(words, k) and
            not _in_place_phrase(sentence, k)))
        return GeneratedQuestion(text, tuple(_name_stem(words[k]) for k in listed),
                                 yes_no=False, form=form, owner=words[owner_name].form,
                                 other_names=others, every=plural)
    return None


def unnamed_relative(sentence: Sentence) -> str | None:
    """"Kiel nomiĝis la edzino de Zorbo?" of a sentence that tells of someone by a noun of a
    named owner ("la edzino de Zorbo rigardis malantaŭen") and gives them no name: people ask
    a story's unnamed people's names. Whether the rest of the corpus names them is the
    caller's to check (``reader.never_named``). None when the sentence has no such noun."""
    words = sentence.words
    if len(sentence.heads) != len(words) or len(sentence.deprels) != len(words):
        return None
    given = {named_noun(sentence, k) for k, word in enumerate(words) if word.is_name}
    for noun, word in enumerate(words):
        if word.xpos != "NOUN" or word.is_name or noun in given or \
                word.feat("Number") == "Plur" or not (
                    word.is_person or word.semantic_class in PERSON_CLASSES):
            continue
        owner = _owner_phrase(sentence, noun)
        if owner is None:
            continue
        past = not any(w.feat("Tense") == "Pres" for w in words if w.xpos in ("VERB", "AUX"))
        return (f"Kiel {'nomiĝis' if past else 'nomiĝas'} la {_singular_nominative(word)} "
                f"de {owner[0]}?")
    return None


def _owner_phrase(sentence: Sentence, noun: int) -> tuple[str, int] | None:
    """The words of a noun's "de" phrase that holds a name, without the "de" ("la reĝo
    Zorbo"), and that name's index; None when it has none. Only a phrase of names, articles,
    and nouns: "de Zorbo", "de la reĝo Zorbo", not "de la viro, kiu …"."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    for child, relation in enumerate(relations):
        if heads[child] - 1 != noun or relation != "nmod":
            continue
        below, grown = {child}, True
        while grown:  # the phrase's whole subtree
            more = {k for k in range(len(words)) if heads[k] - 1 in below} - below
            below |= more
            grown = bool(more)
        kept = sorted(k for k in below
                      if words[k].xpos != "PUNCT" and words[k].form.lower() != "de")
        name = next((k for k in kept if words[k].is_name and words[k].form[:1].isupper()),
                    None)
        if name is None or kept[-1] - kept[0] + 1 != len(kept) or \
                any(words[k].xpos not in ("DET", "NOUN", "PROPN") for k in kept):
            continue
        return " ".join(_form(words[k]) for k in kept), name
    return None


def _in_place_phrase(sentence: Sentence, index: int) -> bool:
    """Whether a name is governed by a preposition other than "de" ("al Romo", "en Egipton"):
    a place or a companion, no one's relative."""
    words, heads = sentence.words, sentence.heads
    return any(heads[k] - 1 == index and words[k].xpos == "ADP" and
               words[k].form.lower() != "de" for k in range(len(words)))


def with_other_owner(generated: GeneratedQuestion, rng: random.Random) -> str | None:
    """The question asked of another person of its sentence ("Kiel nomiĝis la filo de
    Zorbo?" → "… la filo de Bertilo?"): a question whose every word the sentence holds, but
    whose answer it does not give. None when the question has no owner to replace."""
    if not generated.owner or not generated.other_names or \
            generated.owner not in generated.text:
        return None
    other = rng.choice(generated.other_names)
    start = generated.text.rfind(generated.owner)
    return generated.text[:start] + other + generated.text[start + len(generated.owner):]


def _names_one(words: tuple[Word, ...], i: int) -> bool:
    """Whether the capitalised word ``i`` names one person or thing that "Kiu estas …?" can
    ask about: not a word the dictionary knows as a common one, capitalised as a title or a
    month ("la Sinjoro", "Junio"); not a plural ("Prelonganoj", the people of a place); not
    a word without a noun's ending at the start of its sentence, where an adverb is
    capitalised too ("Ĉiudutage, …"); not someone addressed ("Ho Dio, …")."""
    word = words[i]
    if word.semantic_class is not None or word.feat("Number") == "Plur":
        return False
    if i == 0 and word.feat("Number") is None:
        return False
    return not (i > 0 and words[i - 1].form.lower() in VOCATIVE_INTERJECTIONS)


def states(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether a clause says what is, was or will be: its verb is in the indicative (-as, -is,
    -os). A volitive (-u) wishes or commands, a conditional (-us) supposes, an infinitive
    names an action no one is said to do: a question about what they say ("Kion Petro
    faru?", "Kien Petro irus?") asks what no sentence states, and people do not ask it."""
    return clause.verb is not None and words[clause.verb].feat("Mood") == "Ind"


def _naming_question(sentence: Sentence) -> GeneratedQuestion | None:
    """"Kiel nomiĝis la hundo?" from "La hundo estis nomata Bobo" or "la hundo nomiĝis
    Bobo": the name a naming verb gives its subject answers."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or clause.subject is None:
            continue
        subject = words[clause.subject.head]
        naming = [i for i in clause.words if set(words[i].roots) & NAMING_ROOTS
                  and words[i].xpos in ("VERB", "ADJ", "AUX")]
        if subject.xpos == "PRON" or not naming:
            continue
        after = naming[-1] + 1
        if after < len(words) and words[after].is_name and words[after].form[:1].isupper():
            return GeneratedQuestion(
                f"Kiel nomiĝis {_phrase_text(clause.subject, words, True)}?",
                (_name_stem(words[after]),), yes_no=False, form="kiel nomiĝis")
    return None


def as_action(sentence: Sentence, rng: random.Random,
              kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question asking what someone did ("Kion faris Petro en la urbo?" from "Petro
    vendis sian domon en la urbo.") or, ``BEFALLEN`` of the time when the clause has an
    object, and always when its subject undergoes its verb, what befell it ("Kio okazis al
    la domo?", "Kio okazis al Petro?" from "Petro mortis."): the first clause that states an
    action, not denied, whose subject (or object) is no pronoun. The verb fari or okazi
    stands for the clause's verb (``semantics.PRO_VERBS``), in its tense; the verb's main
    root answers."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or _denies(clause, words) or \
                clause.predicate is not None or clause.subject is None:
            continue
        verb = words[clause.verb]  # type: ignore[index]
        if verb.is_copula or not verb.content_roots or \
                not {*PRO_VERBS, *STATE_ROOTS, *SAYING_ROOTS}.isdisjoint(verb.roots):
            continue  # what one says is asked by "Kion diris …?" (``as_speech``)
        adjuncts = [(r, p) for r, p in _constituents(clause, words)
                    if r == "adjunct" and rng.random() >= DROP_ADJUNCT]
        tense = verb.ending or "is"
        # who underwent it: the object, or the subject of a verb with -iĝ- or one that
        # takes no object ("Petro mortis": ``roles.undergone``)
        undergoer, case_turned = clause.object, True
        if undergoer is None and (voice_suffix(verb) == "iĝ" or intransitive(verb)):
            undergoer, case_turned = clause.subject, False
        if undergoer is not None and words[undergoer.head].xpos != "PRON" and \
                not _is_relative(undergoer, words) and (
                    not case_turned or rng.random() < BEFALLEN):  # a door does nothing
            # "la domon" → "la domo", after "al"
            said = _swapped_case(undergoer, words) if case_turned else \
                _phrase_text(undergoer, words, True)
            if said is None:
                continue
            text = _question_text("kio", clause, adjuncts, words, rng,
                                  verb=f"okaz{tense} al {said}")
        else:
            if words[clause.subject.head].xpos == "PRON" or \
                    _is_relative(clause.subject, words):
                continue
            text = _question_text("kion", clause, [("subject", clause.subject), *adjuncts],
                                  words, rng, verb=f"far{tense}")
        if text is not None:
            return GeneratedQuestion(text, _stem(verb), yes_no=False, form="kion faris")
    return None


def as_material(sentence: Sentence, rng: random.Random,
                kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question asking what something is made of ("El kio estis la ŝlosilo, kiun
    Zorbo forĝis?" from "Zorbo forĝis feran ŝlosilon."): the first subject or object whose
    noun has an adjective of a material before it (``semantics.says_material``), asked with
    the rest of its clause as a relative clause; the material's root answers."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or _denies(clause, words) or \
                words[clause.verb].is_copula:  # type: ignore[index]
            continue
        for key, other in (("object", "subject"), ("subject", "object")):
            phrase, rest = getattr(clause, key), getattr(clause, other)
            if phrase is None or words[phrase.head].xpos != "NOUN" or (
                    rest is not None and (words[rest.head].xpos == "PRON"
                                          or _is_relative(rest, words))):
                continue
            made_of = [i for i in sorted(phrase.words)
                       if i < phrase.head and says_material(words[i])]
            if not made_of:
                continue
            head = words[phrase.head]
            noun = _form(head)[:-1] if head.case == "Acc" else _form(head)
            relative = "kiu" + ("j" if head.feat("Number") == "Plur" else "") + (
                "n" if key == "object" else "")
            told = _phrase_text(rest, words, True) if rest is not None else ""
            verb = _form(words[clause.verb])  # type: ignore[index]
            # "…, kiun Zorbo faris?" and "…, kiu malfermis la pordon?"
            said = [relative, told, verb] if key == "object" else [relative, verb, told]
            text = f"El kio estis la {noun}, {' '.join(part for part in said if part)}?"
            return GeneratedQuestion(text, (words[made_of[0]].roots[0],), yes_no=False,
                                     form="el kio")
    return None


def _name_stem(word: Word) -> str:
    """What a right answer naming ``word`` holds: its form, lowercase, without a final
    vowel on a name long enough to inflect (Mirela → mirel, Mirelan holds it too)."""
    name = word.form.lower()
    return name[:-1] if len(name) > 4 and name[-1] in "oaei" else name


def _clause_question(sentence: Sentence, rng: random.Random) -> GeneratedQuestion | None:
    """"Kial …?" about a clause with a "ĉar" clause under it, "Kiam …?" about one with a
    "kiam" clause: the subordinate clause's verb answers."""
    words = sentence.words
    for clause in sentence.clauses:
        if clause.introducer is None or clause.parent is None or clause.verb is None:
            continue
        word = CLAUSE_QUESTIONS.get(words[clause.introducer].form.lower())
        parent = sentence.clauses[clause.parent]
        if word is None or not states(parent, words) or not words[clause.verb].roots:
            continue
        constituents = [(r, p) for r, p in _constituents(parent, words)
                        if not set(p.members()) & set(clause.words)]
        text = _question_text(word, parent, constituents, words, rng)
        if text is None:
            return None
        return GeneratedQuestion(text, (max(words[clause.verb].roots, key=len),),
                                 yes_no=False, form=word)
    return None


@dataclass(frozen=True)
class PassiveVoice:
    """A clause to ask in the passive: its verb's ``esti`` and participle stem
    (``estis``, ``mortigit``), and its subject and object, by their place in the
    constituents, with their nominative texts and numbers."""

    auxiliary: str
    participle: str
    doer: int
    undergoer: int
    texts: dict[int, str]
    plural: dict[int, bool]
    swappable: bool  # whether the doer can become the undergoer (its case can turn)

    def parts(self, asked: int | None, swap: bool = False, plural: bool | None = None
              ) -> tuple[str, dict[int, str]]:
        """The verb phrase (``estis mortigita de Petro``: the doer follows the participle,
        where "de" cannot be read as "of" the noun before it) and the texts that replace the
        constituents (empty: left out), the ``asked`` one aside; ``swap``: who did what to
        whom swapped; ``plural``: the number of the question word that asks the undergoer."""
        doer, undergoer = (self.undergoer, self.doer) if swap else (self.doer, self.undergoer)
        if plural is None:
            plural = self.plural[undergoer]
        verb = f"{self.auxiliary} {self.participle}a{'j' if plural else ''}"
        replaced = {self.doer: ""}
        if asked == self.doer:
            # after "de kiu" a noun would read as its own ("de kiu pomo"): the verb first
            verb += " " + self.texts[undergoer]
            replaced[self.undergoer] = ""
        else:
            verb += " de " + self.texts[doer]
            if asked != self.undergoer:
                replaced[self.undergoer] = self.texts[undergoer]
        return verb, replaced


# a finite verb's ending → the passive participle's suffix and the form of esti with it
_PASSIVE_TENSES = {"is": ("it", "estis"), "as": ("at", "estas"), "os": ("ot", "estos")}


def _passive_voice(clause: Clause, constituents: list[tuple[str, Phrase]],
                   words: tuple[Word, ...]) -> PassiveVoice | None:
    """The clause to ask in the passive voice ("Petro mortigis Paŭlon" → "Paŭlo estis
    mortigita de Petro"); None without a bare subject and object or an indicative verb."""
    keys = [role for role, _ in constituents]
    if "subject" not in keys or "object" not in keys or clause.verb is None:
        return None
    verb = words[clause.verb]
    if verb.is_copula or verb.ending not in _PASSIVE_TENSES or verb.xpos != "VERB":
        return None
    doer_n, undergoer_n = keys.index("subject"), keys.index("object")
    doer, undergoer = constituents[doer_n][1], constituents[undergoer_n][1]
    if doer.preposition is not None or undergoer.preposition is not None:
        return None
    undergoer_text = _swapped_case(undergoer, words)  # Paŭlon → Paŭlo
    if undergoer_text is None:
        return None
    suffix, auxiliary = _PASSIVE_TENSES[verb.ending]
    stem = verb.form.lower()[:-len(verb.ending)] + suffix
    return PassiveVoice(auxiliary, stem, doer_n, undergoer_n,
                        {doer_n: _phrase_text(doer, words, True), undergoer_n: undergoer_text},
                        {n: words[p.head].feat("Number") == "Plur"
                         for n, p in ((doer_n, doer), (undergoer_n, undergoer))},
                        _swapped_case(doer, words) is not None)


def _denies(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether a negation (ne, nek, a neni- correlative) stands anywhere in the clause."""
    return any(words[i].form.lower() in NEGATION_WORDS for i in clause.words)


def _other_voice(verb: Word) -> str | None:
    """An indicative verb's form without its -ig-, for a question about its object as the
    subject (``roles.as_asked`` reads it back): on a root that takes no object the suffix goes
    (mortigis → mortis, pendigis → pendis), on an adjective's or a noun's root it turns to
    -iĝ- (riĉigis → riĉiĝis). None for any other verb: -ig- on a root that takes an object
    (naskigis) may make either one do it, and a bare verb's -iĝ- form often says something
    else than that its object underwent it (koniĝi, fariĝi): such a clause is asked in the
    passive voice."""
    if verb.is_copula or verb.xpos != "VERB" or verb.ending not in _PASSIVE_TENSES:
        return None
    form = verb.form.lower()
    stem, ending = form[:-len(verb.ending)], verb.ending
    if voice_suffix(verb) != "ig" or not stem.endswith("ig") or not intransitive(verb):
        return None
    return stem[:-2] + ("" if names_action(verb) else "iĝ") + ending


def _other_voice_question(clause: Clause, constituents: list[tuple[str, Phrase]],
                          words: tuple[Word, ...], rng: random.Random
                          ) -> GeneratedQuestion | None:
    """A clause with a subject and an object asked in its verb's other voice
    (``_other_voice``): the object is its subject, in the nominative, and the subject (who
    caused or did it) is left out: "Kiu mortis en la turo?" from "Bertilo mortigis la
    gardiston en la turo" (the guard), or "Ĉu la gardisto mortis en la turo?" (jes)."""
    keys = [role for role, _ in constituents]
    if "subject" not in keys or "object" not in keys or clause.verb is None or \
            _denies(clause, words):
        return None
    doer, undergoer = keys.index("subject"), keys.index("object")
    phrase = constituents[undergoer][1]
    if constituents[doer][1].preposition is not None or phrase.preposition is not None:
        return None
    verb = _other_voice(words[clause.verb])
    nominative = _swapped_case(phrase, words)
    if verb is None or nominative is None:
        return None
    if rng.random() < YES_NO:
        text = _question_text("ĉu", clause, constituents, words, rng, None,
                              {doer: "", undergoer: nominative}, verb)
        return None if text is None else GeneratedQuestion(text, ("jes",), yes_no=True,
                                                          form="ĉu")
    question_word = _question_word("subject", phrase, words, rng)
    if question_word is None:
        return None
    text = _question_text(question_word, clause, constituents, words, rng, undergoer,
                          {doer: ""}, verb)
    if text is None:
        return None
    counts = _counts(question_word)
    return GeneratedQuestion(text, _answer_stems(phrase, words, question_word), yes_no=False,
                             pronoun=words[phrase.head].xpos in REFERRING_HEADS,
                             numbers=counts, form="kiom da" if counts else question_word)


def _swap_roles(constituents: list[tuple[str, Phrase]], words: tuple[Word, ...]
                ) -> dict[int, str]:
    """Subject and object with their cases swapped ("Petro vidis Anan" → "Petron
    vidis Ana"), by their place in ``constituents``; empty when the clause lacks one or
    a word cannot change its case."""
    keys = [role for role, _ in constituents]
    if "subject" not in keys or "object" not in keys:
        return {}
    found = {}
    for role in ("subject", "object"):
        n = keys.index(role)
        phrase = constituents[n][1]
        if phrase.preposition is not None:
            return {}
        text = _swapped_case(phrase, words)
        if text is None:
            return {}
        found[n] = text
    return found


def _replace_argument(constituents: list[tuple[str, Phrase]], words: tuple[Word, ...],
                      rng: random.Random) -> dict[int, str]:
    """The clause's object or predicate noun replaced by a common noun of the sentence
    outside the clause's arguments, in the case and number of the one it replaces ("Petro
    manĝis la panon en la kuirejo" → "… manĝis la kuirejon"), by its place in
    ``constituents``; empty when there is nothing to replace or nothing to replace it with."""
    targets = [n for n, (role, phrase) in enumerate(constituents)
               if role in ("object", "predicate") and phrase.preposition is None
               and words[phrase.head].xpos == "NOUN" and not words[phrase.head].is_name]
    if not targets:
        return {}
    n = rng.choice(targets)
    phrase = constituents[n][1]
    head = words[phrase.head]
    arguments = {i for role, p in constituents if role != "adjunct" for i in p.members()}
    donors = sorted({_singular_nominative(w) for i, w in enumerate(words)
                     if w.xpos == "NOUN" and not w.is_name and i not in arguments
                     and _singular_nominative(w).endswith("o") and not set(w.content_roots) &
                     set(head.content_roots)})
    if not donors:
        return {}
    form = rng.choice(donors)
    if head.feat("Number") == "Plur":
        form += "j"
    if head.case == "Acc":
        form += "n"
    return {n: f"la {form}"}


def _opposite(clause: Clause, constituents: list[tuple[str, Phrase]],
              words: tuple[Word, ...], rng: random.Random
              ) -> tuple[str | None, dict[int, str], dict[int, str]]:
    """The clause turned to its opposite by mal- (``frame.opposite``): its verb without the
    mal- it has (malfermis → fermis), or its adjective predicate with mal- taken away or,
    where it has no prefix, added (longa ↔ mallonga); the verb's form or None, and the
    predicate's text and its head's form by its place in ``constituents``. Neither when the
    clause has none."""
    found: list[tuple[str | None, dict[int, str], dict[int, str]]] = []
    verb = words[clause.verb] if clause.verb is not None else None
    if verb is not None and verb.xpos == "VERB" and verb.prefixes[:1] == ("mal",) and \
            verb.form.lower().startswith("mal"):
        found.append((verb.form.lower()[3:], {}, {}))
    for n, (role, phrase) in enumerate(constituents):
        head = words[phrase.head]
        if role != "predicate" or head.xpos != "ADJ" or phrase.preposition is not None:
            continue
        turned = _turned(_form(head), head)
        if turned is None:
            continue
        found.append((None, {n: " ".join(turned if i == phrase.head else _form(words[i])
                                         for i in sorted(phrase.members()))}, {n: turned}))
    for n, (role, phrase) in enumerate(constituents):
        # an adjective of a noun phrase turned the same way: "la juna fratino" → "la
        # maljuna fratino", the noun in its role
        head = words[phrase.head]
        if role == "predicate" or head.xpos != "NOUN":
            continue
        for k in _qualities(phrase, words):
            turned = _turned(_form(words[k]), words[k])
            if turned is not None:
                found.append((None, {n: " ".join(turned if i == k else _form(words[i])
                                                 for i in sorted(phrase.members()))},
                              {n: _form(head)}))
    return rng.choice(found) if found else (None, {}, {})


def _turned(form: str, word: Word) -> str | None:
    """The form with mal- taken away, or added where the word has no prefix; None when it
    has another."""
    if word.prefixes[:1] == ("mal",) and form.startswith("mal"):
        return form[3:]
    return "mal" + form if not word.prefixes else None


def _singular_nominative(word: Word) -> str:
    """A noun's form without its plural and accusative endings: kuirejojn → kuirejo."""
    form = word.form.lower()
    return form.removesuffix("n").removesuffix("j")


Asker = Callable[[Sentence, random.Random, Mapping[str, Counter[str]]],
                 GeneratedQuestion | None]


def answerable_questions(store: Store, positions: Sequence[int], rng: random.Random,
                         exclude: Iterable[str] = (), nameless_kept: float = NAMELESS_KEPT,
                         vague_kept: bool = True, ask: Asker = generate
                         ) -> Iterator[GeneratedQuestion]:
    """A question with a known answer from each stored sentence at ``positions``, in that
    order, that holds none of the ``exclude`` texts (the gold evidence), read lazily in
    chunks. Questions asking for a pronoun, a correlative or a bare numeral are left out
    (``GeneratedQuestion.pronoun``): their answer is what it refers to, which the sentence
    alone does not give; most of those naming no one are left out
    (all but ``nameless_kept`` of them), and, unless ``vague_kept``, all of those too vague to
    tell their sentence (``says_enough``). Some name the work they ask about, as people do
    ("… en 'La revizoro'?", "… laŭ Jesaja?"). ``ask`` makes each sentence's question:
    ``generate``, or one kind only (``ASKERS``)."""
    excluded = [normalize_for_judging(text) for text in exclude]
    titles = {doc_id: info.get("title", "") for doc_id, info in store.documents().items()}
    nouns: dict[str, list[str]] = {}  # nouns seen in each document's sentences so far
    kinds: dict[str, Counter[str]] = {}  # what the sentences so far say each name is
    total = store.count("sentences")  # for _beside alone
    for start in range(0, len(positions), 1024):
        chunk = list(positions[start:start + 1024])
        rows = store.sentences_at(chunk)
        for position, row, sentence in zip(chunk, rows, store.asts_at(chunk), strict=True):
            said = normalize_for_judging(sentence.text)  # once, not once per gold text
            if any(gold in said for gold in excluded):
                continue
            seen = nouns.setdefault(row.doc_id, [])
            learn_kinds(sentence, kinds)
            generated = ask(sentence, rng, kinds)
            if generated is not None:
                generated = replace(generated, sentence=row.text,
                                    sentence_id=row.sentence_id)
                if PRONOUN_NAMED and (PRONOUN_NAMED == 1.0 or rng.random() < PRONOUN_NAMED):
                    named = with_pronoun_named(
                        generated.text, sentence,
                        lambda p=position, d=row.doc_id: _beside(store, p - 1, d, total))
                    generated = replace(generated, text=named)
            own = {w.form.lower() for w in sentence.words}
            seen.extend(w.form.lower() for w in sentence.words
                        if w.xpos == "NOUN" and not w.proper and w.case == "Nom")
            del seen[:-200]
            if generated is None or generated.pronoun or not generated.answers:
                continue
            if not names_someone(generated.text) and (
                    rng.random() >= nameless_kept or
                    not (vague_kept or says_enough(generated.text))):
                continue
            # (not a "kiu estas" question: what the name is, is what it asks)
            if generated.form != "kiu estas" and rng.random() < KIND_MENTION:
                generated = replace(generated, text=with_kind(generated.text, kinds))
            if GENERAL_NOUN and rng.random() < GENERAL_NOUN:
                generated = replace(generated, text=with_general_noun(generated.text, rng))
            others = [n for n in seen if n not in own]
            if others and rng.random() < FOREIGN_WORD:
                for noun in rng.sample(others, min(len(others), rng.randint(1, 2))):
                    generated = replace(generated, text=with_word(generated.text, noun, rng))
            if CIRCUMSTANCE_BESIDE and rng.random() < CIRCUMSTANCE_BESIDE:
                beside = _beside(store, position + rng.choice((-1, 1)), row.doc_id, total)
                said_beside = circumstance(beside, generated.answers) if beside else None
                if said_beside is not None:
                    generated = replace(generated, text=with_circumstance(generated.text,
                                                                          said_beside))
            title = titles.get(row.doc_id, "")
            if title and rng.random() < TITLE_MENTION:
                work = work_mention(row.doc_id, title)
                generated = replace(generated, text=with_work(generated.text, work), work=work)
            yield generated


def with_pronoun_named(question: str, sentence: Sentence,
                       before: Callable[[], Sentence | None]) -> str:
    """The question with the subject pronoun it shares with its sentence (li, ŝi, ili) written
    as the name that pronoun stands for, where the sentence before names it
    (``candidates.referent_before``); as it was when the sentence has no such pronoun, says
    it more than once, or the name cannot be told."""
    words = sentence.words
    for n, clause in enumerate(sentence.clauses):
        if clause.subject is None or len(clause.subject.words) != 1:
            continue
        pronoun = words[clause.subject.head].form.lower()
        if pronoun not in SUBJECT_PERSONS:
            continue
        said = re.compile(rf"(?<!\w){pronoun}(?!\w)", re.IGNORECASE)
        if len(said.findall(question)) != 1 or sum(w.form.lower() == pronoun for w in words) != 1:
            continue
        referent = referent_before(words, Candidate((clause.subject.head,), "subject", n),
                                   before)
        if not referent:
            return question
        name = "".join(w.form if w.is_punct or not k else " " + w.form
                       for k, w in enumerate(referent))
        return said.sub(name, question, count=1)
    return question


def _beside(store: Store, position: int, doc_id: str, total: int) -> Sentence | None:
    """The stored sentence at ``position`` (of ``total``) when it is one of the work
    ``doc_id``."""
    if position < 0 or position >= total:
        return None
    row = store.sentences_at([position], evidence=True)[0]
    return store.ast_of(row) if row.doc_id == doc_id else None


def circumstance(sentence: Sentence, answers: Sequence[str]) -> str | None:
    """What ``sentence`` tells, as a question may give it after "kiam": its first main
    clause that states something (``states``), its words in one run, as they stand there
    (without a joining word before them: kaj, sed, tiam …), at most ``CONTEXT_WORDS`` words
    and none holding one of the question's ``answers`` (which it would give away); None
    when it has none, or when it is a line of speech (quoted, or after a colon)."""
    words = sentence.words
    if any(w.form in (":", "«", "»", "“", "”", '"', "„") for w in words):
        return None
    for clause in sentence.clauses:
        members = sorted(clause.words)
        if clause.kind != "main" or not states(clause, words) or not members or \
                members[-1] - members[0] + 1 != len(members):
            continue
        while members and (words[members[0]].is_punct or
                           words[members[0]].form.lower() in _JOINING):
            members.pop(0)
        while members and words[members[-1]].is_punct:
            members.pop()
        if not members or len(members) > CONTEXT_WORDS or \
                any(words[i].is_punct for i in members):
            continue
        said = " ".join(sentence.text[words[members[0]].start:words[members[-1]].end].split())
        if any(answer in said.lower() for answer in answers):
            continue
        return said if words[members[0]].is_name else said[0].lower() + said[1:]
    return None


def with_circumstance(question: str, said: str) -> str:
    """The question with ``said`` (``circumstance``) after ", kiam"."""
    return f"{question.rstrip().rstrip('?')}, kiam {said}?"


def in_other_voice(sentence: Sentence, rng: random.Random,
                   kinds: Mapping[str, Counter[str]] | None = None
                   ) -> GeneratedQuestion | None:
    """Only a question in the other voice of an -ig- verb (``_other_voice_question``), about
    the first indicative clause that has one: a held-out set of that kind alone."""
    words = sentence.words
    for clause in sentence.clauses:
        if states(clause, words):
            made = _other_voice_question(clause, _constituents(clause, words), words, rng)
            if made is not None:
                return made
    return None


def as_said_or_opposite(sentence: Sentence, rng: random.Random,
                        kinds: Mapping[str, Counter[str]] | None = None
                        ) -> GeneratedQuestion | None:
    """Only a ĉu question about the first indicative, undenied clause with a mal- verb or an
    adjective predicate: half the time as it is (jes), half turned to its opposite
    (``_opposite``: ne); its form says which ("ĉu jes", "ĉu ne")."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or _denies(clause, words):
            continue
        constituents = _constituents(clause, words)
        verb, swapped, heads = _opposite(clause, constituents, words, rng)
        if verb is None and not swapped:
            continue
        if rng.random() < 0.5:
            text, answer = _question_text("ĉu", clause, constituents, words, rng), "jes"
        else:
            text, answer = _question_text("ĉu", clause, constituents, words, rng, None,
                                          swapped, verb, heads), "ne"
        if text is not None:
            return GeneratedQuestion(text, (answer,), yes_no=True, form=f"ĉu {answer}")
    return None


def as_event(sentence: Sentence, rng: random.Random,
             kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question about when or where an action happened, named by its noun (``Kiam
    okazis la morto de Bertilo?`` from ``Bertilo mortis en la jaro 1850``; ``roles.
    event_noun_roles`` reads it back): the first indicative clause of a verb whose root takes
    no object (or has -iĝ-), with a subject that is no pronoun and no object, and a time or
    place adjunct, which answers."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or clause.subject is None or clause.object is not None \
                or clause.verb is None or _denies(clause, words):
            continue
        verb, subject = words[clause.verb], clause.subject
        suffix = voice_suffix(verb)
        if verb.xpos != "VERB" or verb.is_copula or not names_action(verb) or \
                subject.preposition is not None or words[subject.head].xpos == "PRON" or \
                (not intransitive(verb) and suffix != "iĝ") or suffix == "ig":
            continue
        for phrase in clause.adjuncts:
            question_word = _question_word("adjunct", phrase, words, rng)
            if question_word not in ("kiam", "kie"):
                continue
            noun = verb.form.lower()[:-len(verb.ending or "")] + "o"
            said = _phrase_text(subject, words, rng.random() >= DROP_MODIFIERS)
            text = f"{question_word.capitalize()} okazis la {noun} de {said}?"
            return GeneratedQuestion(text, _answer_stems(phrase, words, question_word),
                                     yes_no=False, form=question_word)
    return None


def as_quality(sentence: Sentence, rng: random.Random,
               kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question asking what a noun of the first indicative, undenied clause that has
    one with adjectives is like (``_quality_question``: "Kian ĉapelon aĉetis Petro?")."""
    words = sentence.words
    for clause, constituents, asked, _, phrase in _stated_constituents(sentence):
        if _qualities(phrase, words):
            return _quality_question(clause, constituents, words, rng, asked)
    return None


def _stated_constituents(sentence: Sentence
                         ) -> Iterator[tuple[Clause, list[tuple[str, Phrase]], int, str, Phrase]]:
    """Each constituent of each indicative, undenied clause, in order: its clause, that
    clause's constituents, its place among them, its role and its phrase."""
    words = sentence.words
    for clause in sentence.clauses:
        if not states(clause, words) or _denies(clause, words):
            continue
        constituents = _constituents(clause, words)
        for asked, (role, phrase) in enumerate(constituents):
            yield clause, constituents, asked, role, phrase


def as_speech(sentence: Sentence, rng: random.Random,
              kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question asking what someone said or knew ("Kion Petro diris al Ana?" from
    "Petro diris al Ana: Mi venos morgaŭ." or "Petro diris al Ana, ke li venos."): the first
    clause with a subject that is no pronoun whose verb says something
    (``candidates.said_by``); its answer is what is said, known by its first content word."""
    words = sentence.words
    for n, clause in enumerate(sentence.clauses):
        if clause.subject is None or words[clause.subject.head].xpos == "PRON" or \
                not states(clause, words):
            continue
        said = [words[i] for i in said_by(words, sentence.clauses, n)]
        content = [w for w in said if w.is_content and not w.is_copula]
        if sum(not w.is_punct for w in said) < 2 or not content:
            continue
        text = _question_text("kion", clause, _constituents(clause, words), words, rng)
        if text is not None:
            return GeneratedQuestion(text, _stem(content[0]), yes_no=False, form="kion")
    return None


def as_identity(sentence: Sentence, rng: random.Random,
                kinds: Mapping[str, Counter[str]] | None = None) -> GeneratedQuestion | None:
    """Only a question asking who or what a definite predicate identifies ("Kio estas la
    fonto de ĝojo?" from "La muziko estas la fonto de ĝojo", ``_identifies``): the first
    indicative, undenied copular clause with one and a subject that is no pronoun; its
    subject answers."""
    words = sentence.words
    for clause, constituents, asked, role, phrase in _stated_constituents(sentence):
        if not _identifies(clause, role, words) or words[phrase.head].xpos in REFERRING_HEADS:
            continue  # "li estis la reĝo": who he is, the sentence does not say
        question_word = _question_word(role, phrase, words, rng)
        text = None if question_word is None else _question_text(
            question_word, clause, constituents, words, rng, asked)
        if text is not None:
            return GeneratedQuestion(text, _answer_stems(phrase, words, question_word),
                                     yes_no=False, form=question_word)
    return None


# held-out sets of one kind of question (``scripts/eval_generated.py --only``)
ASKERS: dict[str, Asker] = {"other-voice": in_other_voice, "opposite": as_said_or_opposite,
                            "event-noun": as_event, "owner-naming": owner_question,
                            "quality": as_quality, "speech": as_speech, "action": as_action,
                            "material": as_material, "identity": as_identity}


def names_someone(question: str) -> bool:
    """Whether a question holds a proper name: a capitalised word after its first."""
    return any(word[:1].isupper() for word in question.split()[1:])


def says_enough(question: str) -> bool:
    """Whether at least ``MIN_SAID_WORDS`` words of a question are search terms (content words,
    numbers, names): what it is about, beside its question word and function words. Words,
    not terms: a derived word gives two terms (finiĝas: fin, finiĝ) and says one thing."""
    try:
        asked = parse(question)
    except KlarecoError:
        return False
    return sum(1 for word in asked.words if word.index_terms) >= MIN_SAID_WORDS


def _read_question(question: str) -> tuple[tuple[Word, ...], set[int]] | None:
    """A generated question's words and the indexes of its asked phrase (``hole_words``), or
    None when it does not parse: what ``with_word`` and ``with_kind`` add words around."""
    try:
        ast = parse(question)
    except KlarecoError:
        return None
    asked = hole_words(ast, ast.question.index) if ast.question is not None else set()
    return ast.words, asked


def with_word(question: str, noun: str, rng: random.Random) -> str:
    """The question with a noun of its work that its sentence does not hold, as "de la X"
    after one of its nouns outside the asked phrase (a possessor: "la domo de la X"): people
    ask in their own words, which the answering sentence does not all repeat. Unchanged when
    it has no such noun."""
    read = _read_question(question)
    if read is None:
        return question
    words, asked = read
    places = [i for i, word in enumerate(words)
              if word.xpos == "NOUN" and i not in asked
              and (i + 1 == len(words) or words[i + 1].form.lower() != "de")]
    if not places:
        return question
    end = words[rng.choice(places)].end
    return f"{question[:end]} de la {noun}{question[end:]}"


# Suffixes after which a noun is still of its root's class ("patrino", "fraŭlino", "dometo");
# others make another kind of thing (paroĥ-estr-o: a person, not a parish)
_CLASS_KEEPING_SUFFIXES = frozenset({"in", "et", "eg"})
# Classes whose noun does not name what is in them: a "sinjoro" is no "titolo", a "poeto" no
# "profesio"
_NO_KIND_CLASSES = frozenset({"TITOLO", "RANGO", "PROFESIO", "POSTENO", "RELPOSTENO"})


def with_general_noun(question: str, rng: random.Random) -> str:
    """The question with one singular common noun outside its asked phrase named by the noun
    of its dictionary class, in the same case ("Kion manĝis la aglo?" → "Kion manĝis la
    birdo?", ``_class_noun``). Unchanged when it has no such noun."""
    read = _read_question(question)
    if read is None:
        return question
    words, asked = read
    nouns = [(i, noun) for i, word in enumerate(words) if word.xpos == "NOUN" and
             i not in asked and set(word.suffixes) <= _CLASS_KEEPING_SUFFIXES and
             word.semantic_class not in _NO_KIND_CLASSES and
             (noun := _class_noun(word)) is not None]
    if not nouns:
        return question
    i, noun = rng.choice(nouns)
    ending = "n" if words[i].case == "Acc" else ""
    return f"{question[:words[i].start]}{noun}{ending}{question[words[i].end:]}"


def with_kind(question: str, kinds: Mapping[str, Counter[str]]) -> str:
    """The question with each name outside the asked phrase led by the kind the corpus gives
    it ("Kiun mortigis Bertilo?" → "Kiun mortigis la reĝo Bertilo?", ``_kind``), as people say
    whom they mean by more than a name, with words its sentence need not hold. A name already
    led by a noun ("la reĝo Bertilo", "la urbon Parizo") is left as it is."""
    read = _read_question(question)
    if read is None:
        return question
    words, asked = read
    found = question
    for i in reversed(range(1, len(words))):  # from the end: earlier offsets stay valid
        kind = _kind(words[i], kinds) if i not in asked else None
        if kind is None or words[i - 1].xpos in ("NOUN", "PROPN"):
            continue
        ending = "n" if words[i].case == "Acc" else ""
        start = words[i].start
        found = f"{found[:start]}la {kind}{ending} {found[start:]}"
    return found


def work_mention(doc_id: str, title: str) -> str:
    """How a question names the work it asks about: a Bible book (its id is a book code, GEN)
    "laŭ" its name, another work "en" its quoted title."""
    return f"laŭ {title}" if doc_id.isupper() else f"en '{title}'"


def with_work(question: str, work: str) -> str:
    """The question ending with ``work`` (``work_mention``)."""
    return f"{question.rstrip('?')} {work}?"
