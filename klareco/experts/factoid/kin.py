"""Which noun a sentence gives a name to, whose that noun is, and who is whose kin.

A name is given to a common noun by apposition ("Petro, la filo de Zorbo"), by a copula
("la edzino de Zorbo estis Mirela") or by a naming word ("la nomo de lia edzino estis
Mirela"): ``named_noun``. Whose the noun is, its "de" phrase says ("la filo de Zorbo") and
its possessive, as Esperanto marks it: "sia" is its clause subject's, "lia" and "ŝia" someone
else's, the one a reader takes them for (``possessive_owners``, ``possessive_subject``,
``possessive_referent``). A kin noun's converse says the kin the other way round ("Petro, la
filo de Zorbo" makes Zorbo Petro's parent), and so do verbs of bearing and of marrying
(``kin_named``). The factoid expert reads these for questions that ask someone by a noun of
a named owner ("Kiel nomiĝis la edzino de Zorbo?", "Kiu estis la patro de Petro?").
"""

from __future__ import annotations

from collections.abc import Iterator

from klareco.experts.factoid.frame import Frame
from klareco.experts.factoid.roles import relative_antecedent
from klareco.lexicon.closed_classes import NEGATION_WORDS, THIRD_PERSON_PRONOUNS
from klareco.lexicon.semantics import (
    BIRTH_ROOTS,
    CHILD_NOUNS,
    FEMININE_KIN,
    KIN_CONVERSES,
    MALE_PERSON_ROOTS,
    MARRIAGE_ROOTS,
    NAMING_ROOTS,
    PARENT_NOUNS,
    PERSON_CLASSES,
    SPOUSE_NOUNS,
    converses_answering,
)
from klareco.parse.ast import Clause, Phrase, Sentence, Word

# the dictionary's classes of people, with those of titles and ranks ("Sinjoro", "Reĝo")
PEOPLE_AND_TITLES = PERSON_CLASSES | {"TITOLO", "RANGO"}
KIN_NOUNS = frozenset(KIN_CONVERSES)  # the nouns of kinship: patro, filino, edzo …

# The relations by which a common noun describes a name in the dependency tree: its
# apposition ("Petro, la filo de Zorbo"; "la filo de Zorbo, Petro"; "sia frato Petro") or the
# subject of a name said by a copula ("la edzino de Zorbo estis Maria").
_DESCRIBING = frozenset({"appos", "nsubj", "nsubj:pass"})


def named_noun(sentence: Sentence, name: int) -> int | None:
    """The common noun the sentence gives the name at ``name`` to, by apposition, a copula or
    a naming word: "filo" in "Petro, la filo de Zorbo, …", "la filo de Zorbo, Petro, …",
    "la edzino de Zorbo estis nomata Maria", "la nomo de lia edzino estis Maria", "havis
    filon, kies nomo estis Petro", "donis al sia filo la nomon Petro". None when no noun
    describes it (a name in a place's phrase: "iris al Romo") or the sentence has no tree."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words) or len(relations) != len(words):
        return None
    parent = heads[name] - 1
    children = [c for c in range(len(words)) if heads[c] - 1 == name]
    said = any(relations[c] == "cop" for c in children)  # "… estis Maria": the predicate
    for child in children:
        if _common_noun(words[child]) and (relations[child] == "appos" or (
                said and relations[child] in ("nsubj", "nsubj:pass"))):
            return _through_naming(sentence, child)
    if parent < 0:
        return None
    if relations[name] in _DESCRIBING and _common_noun(words[parent]):
        return _through_naming(sentence, parent)
    if words[parent].xpos in ("VERB", "ADJ") and set(words[parent].roots) & NAMING_ROOTS:
        # "estis nomata Maria", "nomis lin Petro": whom the naming verb names
        return next((c for c, r in enumerate(relations) if heads[c] - 1 == parent and
                     r in ("nsubj", "nsubj:pass", "obj") and _common_noun(words[c])), None)
    return None


def named_for_another(sentence: Sentence, span: tuple[int, ...], frame: Frame) -> bool:
    """Whether the span is a name its sentence gives to the noun the question asks by, of
    someone else: "la edzino de Petro estis Mirela" says whose wife Mirela is, and it is
    not Zorbo's ("Kiel nomiĝis la edzino de Zorbo?")."""
    words = sentence.words
    name = next((i for i in span if words[i].is_name), None)
    if name is None:
        return False
    noun = named_noun(sentence, name)
    if noun is None or not is_asked_noun(words[noun], frame):
        return False
    owners = noun_owners(sentence, noun)
    if owners:
        return owners.isdisjoint(frame.named_owners)
    # "Petro vidis lian edzinon Mirela": by its "lia", not Petro's wife
    return not possessive_owners(sentence, noun)[1].isdisjoint(frame.named_owners)


def other_kin_of_the_owner(sentence: Sentence, span: tuple[int, ...], head: int,
                           frame: Frame) -> bool:
    """Whether the span is another kin of the question's person than the one it asks, or a
    name given to such a kin: "la filoj de Petro", and Ana and Ringo in "La filoj de Petro
    estis Ana kaj Ringo", are not Petro's father ("Kiu estis la patro de Petro?"). ``head``:
    the span's head word."""
    words = sentence.words
    nouns = [head, *(named_noun(sentence, i) for i in span if words[i].is_name)]
    for noun in nouns:
        if noun is None or not _common_noun(words[noun]) or is_asked_noun(words[noun], frame) \
                or not set(words[noun].terms[-1:]) & KIN_NOUNS:
            continue
        if not noun_owners(sentence, noun).isdisjoint(frame.named_owners):
            return True
    return False


def kin_denied(sentence: Sentence, span: tuple[int, ...], frame: Frame) -> bool:
    """Whether the span's name is the subject that a "lia" denies is the asked kin: for "Kiu
    estis la patro de Petro?", Zorbo in "Zorbo vokis lian filon Petro" (the son is someone
    else's, so Zorbo is not his father; ``possessive_subject``)."""
    if not any(sentence.words[i].is_name for i in span):
        return False
    for noun in _converse_nouns(sentence, frame):
        possessive = possessive_subject(sentence, noun)
        if possessive is not None and not possessive[0] and set(possessive[1]) & set(span):
            return True
    return False


def _converse_nouns(sentence: Sentence, frame: Frame) -> Iterator[int]:
    """The kin nouns of the asked noun's converse (``converses_answering``) that the sentence
    names the question's person by ("Petro, la filo de Zorbo" for "Kiu estis la patro de
    Petro?"); none unless the question asks by a kin noun of someone named."""
    converse = frozenset().union(*map(converses_answering, frame.named_stems))
    words = sentence.words
    if not converse or not frame.named_owners or len(sentence.heads) != len(words):
        return
    for i, word in enumerate(words):
        if not word.is_name or frame.named_owners.isdisjoint(word.terms):
            continue
        noun = named_noun(sentence, i)
        if noun is not None and not converse.isdisjoint(words[noun].terms[-1:]):
            yield noun


def is_asked_noun(word: Word, frame: Frame) -> bool:
    """Whether a noun is the one the question asks a name by, by its whole stem (edzino, not
    edzo: ``Frame.named_stems``)."""
    return not frame.named_stems.isdisjoint(word.terms[-1:])


def _common_noun(word: Word) -> bool:
    return word.xpos == "NOUN" and not word.is_name


def _through_naming(sentence: Sentence, noun: int) -> int | None:
    """A naming noun stands for whom it names: "la nomo de lia edzino" → edzino, "filon, kies
    nomo" → filon, "donis al sia filo la nomon" → filo; any other noun for itself."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if not set(words[noun].roots) & NAMING_ROOTS:
        return noun
    children = [c for c in range(len(words)) if heads[c] - 1 == noun]
    owner = next((c for c in children if relations[c] == "nmod" and _common_noun(words[c])),
                 None)
    if owner is not None:
        return owner
    parent = heads[noun] - 1
    if parent < 0:
        return None
    if relations[noun] == "acl:relcl" and _common_noun(words[parent]):
        return parent
    if relations[noun] == "obj":  # given to someone: "al sia filo"
        return next((c for c in range(len(words)) if heads[c] - 1 == parent and
                     relations[c] == "obl" and _common_noun(words[c]) and
                     any(heads[k] - 1 == c and words[k].form.lower() == "al"
                         for k in range(len(words)))), None)
    return None


def noun_owners(sentence: Sentence, noun: int) -> set[str]:
    """The terms of the names that say whose a noun is: those in its "de" phrases ("la filo
    de Zorbo", "la edzino de la reĝo Bertilo") and the one its "sia" stands for ("Zorbo
    vokis sian filon": ``possessive_owners``)."""
    words = sentence.words
    return {term for k in _owner_names(sentence, noun) for term in words[k].terms} | \
        possessive_owners(sentence, noun)[0]


_NAMING_RELATIONS = frozenset({"appos", "flat", "flat:name"})  # "la reĝo Bertilo", "Zorbo Kant"


def possessive_owners(sentence: Sentence, noun: int) -> tuple[set[str], set[str]]:
    """Whose a noun is by its third-person possessive, as Esperanto marks it: "sia" is the
    subject's of its clause ("Zorbo vokis sian filon": Zorbo's son), "lia", "ŝia" someone
    else's ("Zorbo vokis lian filon": not Zorbo's), the one named before it
    (``possessive_referent``: "Zorbo renkontis Petron kaj lian filon": Petro's). The terms of
    the names the noun belongs to, and of the subject it does not (``possessive_subject``)."""
    words = sentence.words
    found = possessive_subject(sentence, noun)
    reflexive, names = found if found is not None else (False, ())
    terms = {t for i in names for t in words[i].terms}
    if reflexive:
        return terms, set()
    return {t for i in possessive_referent(sentence, noun) for t in words[i].terms}, terms


def possessive_subject(sentence: Sentence, noun: int) -> tuple[bool, tuple[int, ...]] | None:
    """For a noun with a third-person possessive ("sia", "lia", "ŝia"), whether it is the
    reflexive "sia", and the positions of the own names of its clause's subject (a coordinate
    clause's shared one), which "sia" is and "lia", "ŝia" are not: the head and the names in
    apposition to it, not those of its "de" phrase. None when the noun has no such possessive,
    its clause no subject, or the noun is the subject or part of it ("Zorbo kaj lia filo")."""
    possessive = _third_possessive(sentence, noun)
    subject = None if possessive is None else _possessive_subject(sentence, noun, possessive)
    if possessive is None or subject is None:
        return None
    return sentence.words[possessive].stem.lower() == "si", _own_names(sentence, subject)


def _own_names(sentence: Sentence, phrase: Phrase) -> tuple[int, ...]:
    """The positions of a phrase's own names: its head's and those in apposition to it
    ("la reĝo Zorbo"), not those of its "de" phrase."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    return tuple(sorted(i for i in phrase.members() if words[i].is_name and (
        i == phrase.head or heads[i] - 1 == phrase.head and relations[i] in _NAMING_RELATIONS)))


def _possessive_subject(sentence: Sentence, noun: int, possessive: int) -> Phrase | None:
    """The subject of the clause of a noun with a possessive (``possessive_subject``)."""
    words, heads = sentence.words, sentence.heads
    clause = next((c for c in sentence.clauses if noun in c.words), None)
    if clause is None:
        return None
    subject = clause.subject
    if subject is None and clause.kind == "coordinate":  # "… kaj vokis sian filon"
        subject = shared_subject(sentence, clause)
    if subject is None or _within(heads, noun, subject.head) or (
            possessive >= 2 and words[possessive - 1].xpos == "CCONJ"
            and possessive - 2 in subject.members()):
        return None
    return subject


def _third_possessive(sentence: Sentence, noun: int) -> int | None:
    """The position of the noun's "sia", "lia" or "ŝia", if it has one (and a tree)."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if len(heads) != len(words) or len(relations) != len(words):
        return None
    return next((c for c in range(len(words)) if heads[c] - 1 == noun and
                 relations[c] == "nmod:poss" and words[c].word_class == "possessive" and
                 words[c].stem.lower() in ("si", "li", "ŝi")), None)


# opening a phrase of place: a name after them is where, not whose
_PLACE_PREPOSITIONS = frozenset({"en", "el", "tra", "ĝis", "super", "sub", "trans", "ekster"})


# opening what someone says: a possessive after them is the speaker's words
_SPEECH_MARKS = frozenset({":", "«", "“", "\""})


# after which a capital letter opens a sentence or a line of speech, not a name
_OPENING_MARKS = frozenset({".", "!", "?", ":", ";", "«", "“", "\"", "—", "–", "-"})


def possessive_referent(sentence: Sentence, noun: int) -> tuple[int, ...]:
    """The positions of the name a noun's "lia" or "ŝia" stands for, as a reader takes it.

    In the noun's own clause, the nearest person named before it ("Zorbo renkontis Petron
    kaj lian filon", "Zorbo kaj lia filo"). In a clause before, the one that clause goes on
    about when it names someone: its subject ("Zorbo eliris de antaŭ sia patro Petro, kaj
    lia frato venis": Zorbo's brother), or the child it names as born or had ("Zorbo
    naskigis Petron; lia filo estis Ringo": the next of a genealogy); else the nearest name
    there ("La nomo de la viro estis Zorbo, kaj la nomo de lia edzino estis Ana"). With the
    words of that name ("Zorbo Kant").

    Never the subject of the noun's own clause, which "lia" is not (``possessive_subject``),
    nor a name the noun describes ("Petro, lia filo", "Ana, la edzino de lia frato", "Petro
    kaj Ana, liaj gefiloj"). Passed over: a name after "la" (a people or a place: "la
    Levido"), one of a place phrase ("en Romo") and one the sentence gives to a place or a
    thing ("la nomo de lia urbo estis Pau"). Empty when a third-person pronoun, a person's
    common noun without a name or a name in a "de" phrase stands nearer, or is the subject
    of the clause before: each may be whom it stands for ("Zorbo diris, ke li vokis lian
    filon"; "la filoj de Zorbo … liaj filoj"); when the nearest name follows another after a
    comma ("Zorbo, Buzano, kaj lia filo": who the first is, or a list); when what someone
    says opens between (after a colon or a quote); when no name stands before it; and for a
    capitalised "Lia" inside a sentence, which in the corpus's texts is God's."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    possessive = _third_possessive(sentence, noun)
    if possessive is None or words[possessive].stem.lower() == "si" or (
            possessive > 0 and words[possessive].form[:1].isupper()
            and words[possessive - 1].form not in _OPENING_MARKS):
        return ()
    subject = _possessive_subject(sentence, noun, possessive)
    passed: set[int] = set()
    if subject is not None:
        passed = set(subject.members())
        if words[subject.head].form.lower() in ("kiu", "kiuj"):  # "Zorbo, kiu vokis lian …"
            passed |= set(relative_antecedent(words, subject.head))
    given = {k: named_noun(sentence, k) for k in range(possessive) if words[k].is_name}
    named = set(given.values())
    clause_of = {w: n for n, c in enumerate(sentence.clauses) for w in c.words}
    reached = {clause_of.get(noun)}
    # "Petro kaj Ana, liaj gefiloj", not the subject of what follows ("…, Ana, lia filo
    # estis Petro")
    described = set() if relations[noun] in ("nsubj", "nsubj:pass") else \
        _listed_before(words, possessive)

    def passed_over(run: range) -> bool:
        thing = given.get(run[0])
        return bool(passed.intersection(run) or described.intersection(run)) or any(
            _describes(sentence, noun, n) for n in run) or \
            _in_place_phrase(sentence, run[0]) or (
                run[0] > 0 and words[run[0] - 1].form.lower() == "la") or (
                thing is not None and words[thing].semantic_class not in (None, *PEOPLE_AND_TITLES))

    def stops(k: int) -> bool:  # someone it may stand for, or what someone says
        word = words[k]
        return word.form in _SPEECH_MARKS or _points_to_someone(word, named, k) and (
            k not in passed or word.xpos == "PRON")

    for k in range(possessive - 1, -1, -1):
        if clause_of.get(k) not in reached:
            # a clause before: whom it goes on with, when it names someone, is whom "lia"
            # stands for ("Zorbo eliris de antaŭ sia patro Petro, kaj lia frato venis")
            reached.add(clause_of.get(k))
            before = _whom_it_goes_on_with(sentence, clause_of[k]) if k in clause_of else None
            if before is not None and before.head < k and not passed & before.members():
                if _points_to_someone(words[before.head], named, before.head):
                    return ()
                own = _own_names(sentence, before)
                if own and not any(stops(j) for j in range(own[-1] + 1, possessive)):
                    run = range(own[0], max(_name_run(words, own[0], frozenset())) + 1)
                    if not passed_over(run):
                        return tuple(run)
        if stops(k):
            return ()
        if not words[k].is_name:
            continue
        if _of_de(sentence, heads[k] - 1 if relations[k] in _NAMING_RELATIONS else k):
            return ()  # whose another noun is, or whose this one is: it does not say
        start = k
        while start > 0 and words[start - 1].is_name:
            start -= 1
        if passed_over(range(start, k + 1)) or \
                _other_sex(sentence, (given.get(start), start - 1), noun, words[possessive]):
            continue
        if start > 1 and words[start - 1].form == "," and words[start - 2].is_name and not (
                start > 2 and words[start - 3].form.lower() == "la"):
            # "Zorbo, Buzano, kaj lia filo": a name after a name may say who the first is
            # (his people) or be the next of a list; whose the noun is, it does not say
            return ()
        return tuple(range(start, k + 1))
    return ()


def _other_sex(sentence: Sentence, describing: tuple[int | None, int], noun: int,
               possessive: Word) -> bool:
    """Whether the noun that describes a name (``describing``: the noun it is given to, the
    word before it; not the possessive's own ``noun``) says it is of the other sex than the
    possessive ("ŝia" a woman's, "lia" a man's, ``noun_sex``): "fraŭlino Ana", "Ana, la
    edzino de …" a woman, "sinjoro Zorbo" a man."""
    words = sentence.words
    nouns = [n for n in describing if n is not None and n >= 0 and n != noun
             and _common_noun(words[n]) and words[n].terms]
    if not nouns:
        return False
    return noun_sex(words[nouns[0]]) == ("woman" if possessive.stem.lower() == "li" else "man")


def noun_sex(word: Word) -> str | None:
    """The sex a person's noun says: "woman" with -in- (reĝino), "man" for one of
    ``MALE_PERSON_ROOTS`` without it (reĝo); None for the others (amiko, instruisto)."""
    if "in" in word.suffixes:
        return "woman"
    return "man" if word.terms[-1:] and word.terms[-1] in MALE_PERSON_ROOTS else None


def _whom_it_goes_on_with(sentence: Sentence, clause: int) -> Phrase | None:
    """The phrase of a clause that a text goes on about: its subject, but the child the
    clause names as born or had, the next of a genealogy ("Zorbo naskigis Petron; lia filo
    estis Ringo", "Zorbo havis filon Petro; lia filo …": Petro's son)."""
    found = sentence.clauses[clause]
    words = sentence.words
    if found.verb is None:
        return found.subject
    roots = set(words[found.verb].roots)
    if not BIRTH_ROOTS.isdisjoint(roots):
        # the child born: its object, or a name right after the verb whose accusative the
        # parser did not know ("naskigis Binean")
        if found.object is not None and words[found.object.head].is_name:
            return found.object
        after = found.verb + 1
        if found.object is None and after < len(words) and words[after].is_name and \
                sentence.heads[after] - 1 == found.verb:
            return Phrase("noun", after, (after,))
    child = words[found.object.head] if found.object is not None else None
    if child is not None and "hav" in roots and _common_noun(child) and \
            child.terms[-1:] and child.terms[-1] in CHILD_NOUNS and \
            _own_names(sentence, found.object):
        return found.object  # "Zorbo havis filon Petro"
    return found.subject


def _points_to_someone(word: Word, named: set[int | None], position: int) -> bool:
    """Whether a word stands for a person other than by a name: a third-person pronoun, or
    a person's common noun to which the sentence gives no name (``named``)."""
    if word.xpos == "PRON":
        return word.stem.lower() in THIRD_PERSON_PRONOUNS
    return _common_noun(word) and word.is_person and position not in named


def _describes(sentence: Sentence, noun: int, name: int) -> bool:
    """Whether the noun is part of what the sentence says of the name: it hangs below the
    name in the tree other than as one of a list ("Petro, lia filo"; not "Petro kaj lia
    filo")."""
    heads, relations = sentence.heads, sentence.deprels
    word, seen = noun, 0
    while word >= 0 and seen <= len(heads):
        if word == name:
            return True
        if relations[word] == "conj":
            return False
        word, seen = heads[word] - 1, seen + 1
    return False


def _listed_before(words: tuple[Word, ...], possessive: int) -> set[int]:
    """The names listed right before a possessive after a comma ("Petro kaj Ana, liaj
    gefiloj"): the possessive's noun most likely describes them, and they are not whose it
    is."""
    if possessive < 2 or words[possessive - 1].form != "," or not words[possessive - 2].is_name:
        return set()
    found = set()
    k = possessive - 2
    while k >= 0 and (words[k].is_name or words[k].form in (",", "kaj")):
        if words[k].is_name:
            found.add(k)
        k -= 1
    return found


def _of_de(sentence: Sentence, word: int) -> bool:
    """Whether a word heads a "de" phrase of a noun: "la filo de Zorbo"."""
    words, heads = sentence.words, sentence.heads
    return sentence.deprels[word] == "nmod" and any(
        heads[c] - 1 == word and words[c].form.lower() == "de" for c in range(word))


def _in_place_phrase(sentence: Sentence, name: int) -> bool:
    """Whether a name, or the first of a list it ends ("super Judujo kaj Zorbujo"), is
    opened by a preposition of place (``_PLACE_PREPOSITIONS``)."""
    words, heads = sentence.words, sentence.heads
    while sentence.deprels[name] == "conj" and heads[name] - 1 < name:
        name = heads[name] - 1
    return any(heads[c] - 1 == name and words[c].form.lower() in _PLACE_PREPOSITIONS
               for c in range(max(0, name - 3), name))


def _within(heads: tuple[int, ...], word: int, top: int) -> bool:
    """Whether ``word`` is ``top`` or depends on it, directly or through others."""
    seen = 0
    while word >= 0 and seen <= len(heads):
        if word == top:
            return True
        word, seen = heads[word] - 1, seen + 1
    return False


def shared_subject(sentence: Sentence, clause: Clause) -> Phrase | None:
    """The subject of the nearest main or coordinate clause before a coordinate clause that
    has none (subordinate clauses between them do not count)."""
    first = min(clause.words, default=0)
    before = [c for c in sentence.clauses if c.kind in ("main", "coordinate")
              and c.subject is not None and c.words and max(c.words) < first]
    return max(before, key=lambda c: max(c.words)).subject if before else None


def _owner_names(sentence: Sentence, noun: int) -> list[int]:
    """The positions of the names in a noun's "de" phrases (``noun_owners``)."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    found: list[int] = []
    for child, relation in enumerate(relations):
        if heads[child] - 1 != noun or relation != "nmod":
            continue
        # the name itself, or a name in apposition to it
        found.extend(k for k in range(len(words))
                     if (k == child or heads[k] - 1 == child) and words[k].is_name)
    return found


def kin_by_converse(sentence: Sentence, frame: Frame) -> set[int]:
    """The positions of the names that the sentence makes the asked kin of the question's
    named person by the converse noun (``KIN_CONVERSES``): for "Kiu estis la patro de
    Petro?", Zorbo in "Petro, la filo de Zorbo, …", "la filo de Zorbo, Petro", "Zorbo
    vokis sian filon Petro" (``possessive_subject``) or "Zorbo kaj lia filo Petro"
    (``possessive_referent``); a name's later words too ("Zorbo Ivanoviĉ"). Empty unless the
    question asks a name by a kin noun of someone named."""
    # "X, la filo de Y" does not say whether Y is a man or a woman, and a genealogy names
    # the father so: it answers who X's father was, not who his mother was
    words = sentence.words
    found: set[int] = set()
    for noun in _converse_nouns(sentence, frame):
        # "Zorbo vokis sian filon Petro", "Zorbo kaj lia filo Petro"
        possessive = possessive_subject(sentence, noun)
        mine = possessive[1] if possessive is not None and possessive[0] else \
            possessive_referent(sentence, noun)
        for k in [*_owner_names(sentence, noun), *mine]:
            found |= _name_run(words, k, frame.named_owners)
    return found


def kin_by_birth(sentence: Sentence, frame: Frame) -> set[int]:
    """The positions of the names that a verb of bearing (``BIRTH_ROOTS``) makes the asked
    parent or child of the question's named person: for "Kiu estis la patro de Petro?",
    Zorbo in "Zorbo naskigis Petron" or "al Zorbo naskiĝis Petro"; for "Kiu estis la filo
    de Zorbo?", Petro. "Naski" says the mother, "naskigi" the father, "naskiĝi al" either
    (but no mother asked alone). Empty unless the question asks a parent or a child of
    someone named."""
    parents = frame.named_stems & PARENT_NOUNS
    child = not frame.named_stems.isdisjoint(CHILD_NOUNS)
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if not (parents or child) or not frame.named_owners or len(heads) != len(words):
        return set()
    found: set[int] = set()
    for verb, word in enumerate(words):
        if word.xpos != "VERB" or BIRTH_ROOTS.isdisjoint(word.roots):
            continue
        # naski: the mother bears; naskigi: the father begets; naskiĝi al: either
        bearer = "patrin" if not {"ig", "iĝ"} & set(word.suffixes) else \
            "patr" if "ig" in word.suffixes else None
        parent = bool(parents) and (bearer in parents if bearer else
                                    not parents <= FEMININE_KIN)
        below = [(c, relations[c]) for c in range(len(words)) if heads[c] - 1 == verb]
        subjects = _names_under(sentence, [c for c, r in below if r == "nsubj"])
        if "iĝ" in word.suffixes:  # the subject is born, to whom "al" names
            born = subjects
            bearers = _names_after(sentence, below, ("al",))
        else:  # the object is born ("naskigis tri filojn: Ŝem, Ĥam kaj Jafet")
            bearers = subjects
            born = _names_under(sentence, [c for c, r in below if r in ("obj", "dep")])
        for asked, said, given in ((parent, born, bearers), (child, bearers, born)):
            if asked and any(not frame.named_owners.isdisjoint(words[k].terms) for k in said):
                found |= {k for k in given if frame.named_owners.isdisjoint(words[k].terms)}
    return found


def kin_by_marriage(sentence: Sentence, frame: Frame) -> set[int]:
    """The positions of the names that a verb of marrying (``MARRIAGE_ROOTS``) makes the
    asked spouse of the question's named person: for "Kiu estis la edzino de Zorbo?",
    Ingrid in "Zorbo edziĝis kun Ingrid" or "Ingrid edziniĝis al Zorbo"; for "la edzo de
    Ingrid", Zorbo. Empty unless the question asks a spouse of someone named."""
    wife = SPOUSE_NOUNS["wife"] in frame.named_stems
    husband = SPOUSE_NOUNS["husband"] in frame.named_stems
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    if not (wife or husband) or not frame.named_owners or len(heads) != len(words):
        return set()
    found: set[int] = set()
    for verb, word in enumerate(words):
        if word.xpos != "VERB" or MARRIAGE_ROOTS.isdisjoint(word.roots) or \
                "iĝ" not in word.suffixes or (verb > 0 and
                                              words[verb - 1].form.lower() in NEGATION_WORDS):
            continue  # ("… neniam edziĝis kun …" says they did not marry)
        below = [(c, relations[c]) for c in range(len(words)) if heads[c] - 1 == verb]
        subjects = _names_under(sentence, [c for c, r in below if r == "nsubj"])
        others = _names_after(sentence, below, ("kun", "al"))
        # edziĝi: the subject becomes a husband; edziniĝi: a wife
        husbands, wives = (others, subjects) if "in" in word.suffixes else (subjects, others)
        for asked, said, given in ((wife, husbands, wives), (husband, wives, husbands)):
            if asked and any(not frame.named_owners.isdisjoint(words[k].terms) for k in said):
                found |= {k for k in given if frame.named_owners.isdisjoint(words[k].terms)}
    return found


def kin_named(sentence: Sentence, frame: Frame) -> set[int]:
    """The names the sentence makes the asked kin of the question's named person, by a
    converse kin noun, a verb of bearing or one of marrying (``kin_by_converse``,
    ``kin_by_birth``, ``kin_by_marriage``)."""
    return kin_by_converse(sentence, frame) | kin_by_birth(sentence, frame) | \
        kin_by_marriage(sentence, frame)


def _name_run(words: tuple[Word, ...], start: int, besides: frozenset[str]) -> set[int]:
    """The positions of the name of one or more words that starts at ``start``, unless it is
    one of ``besides`` (by term)."""
    found = set()
    k = start
    while k < len(words) and words[k].is_name and besides.isdisjoint(words[k].terms):
        found.add(k)
        k += 1
    return found


def _names_after(sentence: Sentence, below: list[tuple[int, str]],
                 prepositions: tuple[str, ...]) -> set[int]:
    """The names (``_names_under``) of a verb's ``obl`` dependents (``below``: its
    (child, relation) pairs) opened by one of ``prepositions``: "al Zorbo", "kun Ingrid"."""
    words, heads = sentence.words, sentence.heads
    return _names_under(sentence, [c for c, r in below if r == "obl" and any(
        heads[k] - 1 == c and words[k].form.lower() in prepositions
        for k in range(len(words)))])


def _names_under(sentence: Sentence, tops: list[int]) -> set[int]:
    """The names among ``tops`` and the names joined to them as their conjuncts, flat parts
    or appositions ("Ŝem, Ĥam kaj Jafet"; "Petro Ivanoviĉ")."""
    words, heads, relations = sentence.words, sentence.heads, sentence.deprels
    found: set[int] = set()
    waiting = list(tops)
    while waiting:
        i = waiting.pop()
        if i in found:
            continue
        if words[i].is_name:
            found.add(i)
        waiting.extend(c for c in range(len(words)) if heads[c] - 1 == i and
                       relations[c] in ("conj", "flat", "appos"))
    return {i for i in found if words[i].is_name}
