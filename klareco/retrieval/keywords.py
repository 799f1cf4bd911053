"""Query keywords from parsed sentences: roots and names, not words.

A sentence's terms are what it is about (``Word.index_terms``): proper names (whole,
lowercased) and the roots of its nouns, verbs, adjectives and adverbs. A derived word also gives
its full stem (``lernejo`` → ``lern`` and ``lernej``), so that derivational families meet on the
root (``naskiĝis``/``naskis`` → ``nask``) while an exact derivation still scores higher.
Question words, copulas, pronouns, articles and other function words give nothing, nor does
the verb that stands for the action a question asks (``faris`` in "Kion faris Petro?":
``parse.questions.pro_verb``).

Weights (query side): a name 1.0, a root 1.0, an extra stem 0.5. Names already weigh more
through BM25's idf (they are rare); on the dev set, extra name weight lowered recall@100
(name ×1: 0.783, ×1.5: 0.759, ×2: 0.747, measured before title terms were indexed). On
held-out generated questions (README, "Measured") the stem at 0.5 beats 0.25, 0.75 and 1.

A name the lexicon can also read as words (``Herbeno``: ``herb-en-o``) gives those roots too,
so that it meets its sentence-initial form, which is read as a common word. Its roots are a
second reading of the name, not what it means: they weigh as an extra stem, or a question
naming a person would count the name two or three times over the words asked about.

A name an apposition describes ("Ofelio, filino de Polonio") also gives its sentence a marked
term (``=ofeli``), which a question asking only who or what a name is searches for too
("Kiu estas Ofelio?"): see ``DESCRIBED``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from klareco.errors import EmptyInputError
from klareco.lexicon.semantics import (
    BIRTH_ROOTS,
    CHILD_NOUNS,
    KIN_CONVERSES,
    NAMING_ROOTS,
    PARENT_NOUNS,
    converses_answering,
)
from klareco.parse import parse
from klareco.parse.ast import Sentence
from klareco.parse.questions import pro_verb

# Query weight of a term by its kind (``Term.kind``).
WEIGHTS = {"name": 1.0, "root": 1.0, "number": 1.0, "stem": 0.5}
# A sentence that describes a name by an apposition ("Ofelio, filino de Polonio, …") is also
# indexed under the name's term with this mark, and a question that asks only who or what a
# name is ("Kiu estas Ofelio?") also searches for it, at DESCRIBED_WEIGHT: the apposition is
# what such a question asks for, and among the many sentences that name someone the few that
# say who they are share no other word with it. It counts as one keyword more in the fusion
# (``fusion.Fusion.per_keyword``). Weight and count chosen on "Kiu estas …?" questions
# generated from held-out documents (docs/measurements.md).
DESCRIBED = "="
DESCRIBED_WEIGHT = 1.0
DEFINITION_WORDS = frozenset({"kiu", "kio"})
# A question asking someone's kin by a kin noun ("Kiu estis la patro de Petro?") is answered
# as well by a sentence that says the converse ("Petro, la filo de Zorbo": ``KIN_CONVERSES``;
# "Zorbo naskigis Petron": ``BIRTH_ROOTS``), which shares only the name with it: such a
# question also searches for the converse nouns and the verb of bearing at CONVERSE_WEIGHT,
# and for the sentences that describe the name (``DESCRIBED``) when KIN_DESCRIBED. Chosen
# on kin questions generated from the corpus (docs/measurements.md).
CONVERSE_WEIGHT = 0.5
KIN_DESCRIBED = True


@dataclass(frozen=True)
class Keyword:
    """One query term: as shown (``mitrandiro``), as indexed (``mitrandir``), its weight and
    kind (name, root, stem, number)."""

    text: str
    term: str
    weight: float
    kind: str


def keywords(sentence: Sentence) -> list[Keyword]:
    """The weighted keywords of a parsed sentence, first use kept."""
    seen: dict[str, Keyword] = {}
    # "faris" in "Kion faris Petro?" stands for the verb the answer says: not one to search
    action = pro_verb(sentence)
    for n, word in enumerate(sentence.words):
        if n == action:
            continue
        found_terms = word.index_terms
        named = any(found.kind == "name" for found in found_terms)
        for found in found_terms:
            weight = WEIGHTS[found.kind]
            if named and found.kind != "name":
                weight = min(weight, WEIGHTS["stem"])  # a name's roots: its second reading
            keyword = Keyword(found.text, found.term, weight, found.kind)
            known = seen.get(keyword.term)
            if known is None or keyword.weight > known.weight:
                seen[keyword.term] = keyword
    found = list(seen.values())
    if DESCRIBED_WEIGHT and asks_what_a_name_is(sentence):
        found += [Keyword(k.text, DESCRIBED + k.term, DESCRIBED_WEIGHT, "described")
                  for k in found if k.kind == "name"]
    converse, owners = kin_asked(sentence)
    if converse and sentence.question is not None and sentence.question.role == "name":
        # "Kiel nomiĝis la patro de Petro?" asks who he was, as "Kiu estis …?" does: the
        # naming root says what kind of answer, and the converse sentence does not hold it
        found = [Keyword(k.text, k.term, min(k.weight, WEIGHTS["stem"]), k.kind)
                 if k.term in NAMING_ROOTS else k for k in found]
    if CONVERSE_WEIGHT:
        found += [Keyword(stem, stem, CONVERSE_WEIGHT, "converse") for stem in sorted(converse)
                  if stem not in seen]
    if KIN_DESCRIBED and DESCRIBED_WEIGHT:
        found += [Keyword(k.text, DESCRIBED + k.term, DESCRIBED_WEIGHT, "described")
                  for k in found if k.kind == "name" and k.term in owners]
    return found


def kin_asked(sentence: Sentence) -> tuple[frozenset[str], frozenset[str]]:
    """For a question with a kin noun of a named person ("la patro de Petro"), the stems of
    its converse nouns of another root (``fil``, ``filin``; none for ``edzo`` or ``frato``)
    and the terms of the names it is said of; empty unless it asks who that kin is (``kiu``
    as its subject or predicate, a name: "Kiel nomiĝis …?", or ``kies``: "Kies filo estis
    Petro?"), which the converse answers as well; a yes/no question is checked against its
    own clause."""
    words, heads = sentence.words, sentence.heads
    asked = sentence.question
    if asked is None or len(heads) != len(words) or not (
            asked.role == "name" or asked.word == "kiu" and asked.role in ("subject",
                                                                           "predicate")
            or asked.word == "kies"):
        return frozenset(), frozenset()
    converse: set[str] = set()
    owners: set[str] = set()
    for child, noun in _kin_pairs(sentence):
        stem = words[noun].terms[-1]
        kin = KIN_CONVERSES.get(stem)
        if kin:
            # a converse of the noun's own root (edzo: edzino) is searched by that root
            converse.update(other for other in converses_answering(stem)
                            if not other.startswith(words[noun].roots[-1]))
            if kin & (PARENT_NOUNS | CHILD_NOUNS):  # "Zorbo naskigis Petron"
                converse |= BIRTH_ROOTS
            owners.update(t.term for t in words[child].index_terms if t.kind == "name")
    return frozenset(converse), frozenset(owners)


def asks_what_a_name_is(sentence: Sentence) -> bool:
    """Whether a question asks only who or what a name is: "Kiu estas Ofelio?", "Kio estis
    Esperanto?" — kiu/kio, a form of esti, and nothing else but the name."""
    asked = sentence.question
    if asked is None or asked.word not in DEFINITION_WORDS or asked.role != "predicate":
        return False
    said = [w for w in sentence.words if w.index_terms or w.is_copula]
    return bool(said) and all(w.is_copula and w.lemma == "esti" or w.is_name for w in said) \
        and any(w.is_name for w in said)


def described_terms(sentence: Sentence) -> list[str]:
    """The marked terms (``DESCRIBED``) of the names an apposition describes in a sentence
    (``appositions``)."""
    words = sentence.words
    return [DESCRIBED + t.term for first, last, _ in appositions(sentence)
            for word in words[first:last + 1] for t in word.index_terms if t.kind == "name"]


def appositions(sentence: Sentence) -> list[tuple[int, int, int]]:
    """The names a common noun describes as their apposition, as (the name's first word, its
    last, the noun): a capitalised name, a comma, and a noun that the dependency tree makes
    its ``appos`` ("Ofelio, filino de Polonio"; "Petro Ivanoviĉ Kozlov, juĝisto", whose
    last words are the first's ``flat``). Empty when the sentence has no tree."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words) or len(relations) != len(words):
        return []
    found = []
    for noun, relation in enumerate(relations):
        name = heads[noun] - 1
        if relation != "appos" or name < 0 or words[noun].xpos != "NOUN" or \
                words[noun].is_name or not words[name].is_name or \
                not words[name].stem[:1].isupper():
            continue
        last = name
        while last + 1 < noun and relations[last + 1] == "flat" and \
                heads[last + 1] - 1 == name:
            last += 1
        if noun >= last + 2 and words[last + 1].form == ",":
            found.append((name, last, noun))
    return found


def _kin_pairs(sentence: Sentence) -> list[tuple[int, int]]:
    """(a name, a common noun said of it) pairs of a question: the noun's ``de`` name ("la
    patro de Petro"), or the name a copula says the noun of ``kies`` is ("Kies filo estis
    Petro?": the noun is Petro's, as the converse noun says)."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    pairs = [(child, heads[child] - 1) for child, relation in enumerate(relations)
             if relation == "nmod" and heads[child] > 0 and words[child].is_name]
    # "la patro de la profeto Petro": a title noun with its name right after it (the name
    # its appos) is that person, so the name is the kin noun's owner
    for name, relation in enumerate(relations):
        title = name - 1
        if relation == "appos" and title >= 0 and heads[name] - 1 == title and \
                words[name].is_name and not words[title].is_name and \
                relations[title] == "nmod" and heads[title] > 0:
            pairs.append((name, heads[title] - 1))
    for kies, word in enumerate(words):
        noun = heads[kies] - 1
        if word.form.lower() != "kies" or noun < 0:
            continue
        pairs += [(child, noun) for child, relation in enumerate(relations)
                  if words[child].is_name and relation == "nsubj" and heads[child] - 1 == noun]
    return [(name, noun) for name, noun in pairs
            if not words[noun].is_name and words[noun].terms]


def terms(sentence: Sentence) -> list[str]:
    """A sentence's index terms, with repeats (term frequency counts), and the marked terms of
    the names it describes (``described_terms``)."""
    return [term for word in sentence.words for term in word.terms] + \
        described_terms(sentence)


def context_terms(title: str, heads: Iterable[str]) -> list[str]:
    """Terms of the work's title and the section headings a sentence stands under.

    Questions name the work or the part they ask about ("la edzo de Marta", "en 'La feino'");
    the sentence that answers rarely repeats it, so each sentence is also indexed under them.
    """
    found: list[str] = []
    for text in (title, *heads):
        if not text or not text.strip():
            continue
        try:
            found.extend(k.term for k in keywords(parse(text)))
        except EmptyInputError:
            continue
    return list(dict.fromkeys(found))


def speaker_terms(speaker: str) -> list[str]:
    """Terms of a drama speech's speaker (``Hamleto``, ``Urbestro``, ``Sro de Sotenville``):
    the "mi" of every sentence of the speech, which rarely says its own name. A label set in
    capitals (``IFIGENIO``) is read as a name."""
    label = " ".join(w.capitalize() if w.isupper() else w for w in speaker.split())
    return context_terms(label, ())
