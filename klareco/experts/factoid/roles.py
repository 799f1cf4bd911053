"""Who did what to whom in a clause, with the passive voice undone.

In Esperanto a form of ``esti`` with a passive participle (-ata, -ita, -ota) is the passive
voice: ``Petro estis mortigita de Paŭlo`` says what ``Paŭlo mortigis Petron`` says. Its
subject is the one the action is done to and its ``de``-phrase the doer. The clause builder
reads such a clause as a copula like any other (subject ``Petro``, predicate ``mortigita de
Paŭlo``), and where the participle comes first (``estis entombigita Raĥel``) it takes the
participle for an adjective of the noun after it. ``clause_roles`` reads both as the active
clause they say: the participle names the action, the undergoer is the object and the
``de``-phrase's noun the subject, so a question in one voice meets evidence in the other.

The suffixes -ig- and -iĝ- move a root's participants the same way (``as_asked``): ``Kain
mortigis Habelon`` says that Habel died (``Habel mortis``), and ``Petro malfermis la pordon``
that the door came open (``la pordo malfermiĝis``). Read against a question in the other
voice, the evidence clause's roles are those of the question's verb.
"""

from __future__ import annotations

from dataclasses import dataclass

from klareco.lexicon.roots import Root, load_roots
from klareco.parse.ast import Clause, Phrase, Word

_BE = ("est",)  # the root of esti, the auxiliary of the passive
_HAPPEN = ("okaz",)  # okazi: what happens is an event its subject names


@dataclass(frozen=True)
class Roles:
    verb: int | None  # the word naming the action: the verb, or a passive's participle
    subject: frozenset[int]  # the doer's words (in a passive, the noun after ``de``)
    object: frozenset[int]  # the undergoer's words (in a passive, its grammatical subject)
    predicate: frozenset[int]  # what a copula says of the subject (none in a passive)
    passive: bool = False
    # read in a question's voice (``as_asked``): 1 when the clause's object is the asked
    # verb's subject (its own subject unsaid there), -1 when its subject is that one's object
    shifted: int = 0

    def of(self, role: str) -> frozenset[int]:
        """The words of ``role``: subject, object or predicate."""
        return getattr(self, role)


def is_passive_participle(word: Word) -> bool:
    """An adjectival passive participle: ``mortigita``, ``amataj``, ``skribotan``."""
    return (word.feat("VerbForm") == "Part" and word.feat("Voice") == "Pass"
            and word.ending == "a")


@dataclass(frozen=True)
class Voice:
    """How a question's verb says its action: its content roots, the last of -ig- or -iĝ-
    in it ("" for neither), whether the question gives it an object (or asks for one), and
    whether it names who does it (its subject, outside the asked phrase)."""

    roots: frozenset[str]
    suffix: str
    transitive: bool
    doer: bool = False


def voice_suffix(word: Word) -> str:
    """The last of the valency suffixes in a word: "ig" (mortigis, riĉigis), "iĝ"
    (malfermiĝis, naskiĝis) or ""."""
    return next((s for s in reversed(word.suffixes) if s in ("ig", "iĝ")), "")


def clause_roles(clause: Clause, words: tuple[Word, ...], asked: Voice | None = None
                 ) -> Roles:
    """The clause's action and its doer, undergoer and predicate, the passive undone; read
    in the voice of the question's verb when ``asked`` is given (``as_asked``)."""
    roles = _passive(clause, words) or Roles(
        clause.verb, _members(clause.subject), _members(clause.object),
        _members(clause.predicate))
    return roles if asked is None else as_asked(roles, words, asked)


def as_asked(roles: Roles, words: tuple[Word, ...], asked: Voice) -> Roles:
    """An evidence clause's roles as a question whose verb has the same root in another voice
    reads them. -ig- makes a root's subject the object of a causer: ``Kain mortigis Habelon``
    answers "Kiu mortis?" with its object and "Kiun mortigis Kain?" is answered by the
    subject of ``Habel mortis`` (also ``riĉigi``/``riĉiĝi``, ``sidigi``/``sidiĝi``). -iĝ- makes
    a transitive verb's object its subject, without the doer: ``Petro malfermis la pordon``
    answers "Kio malfermiĝis?" with its object, and ``la pordo malfermiĝis`` answers "Kiun
    malfermis oni?" with its subject — but not a question that names who did it ("Kion
    malfermis Petro?"): the clause does not say. -ig- on a root that takes an object
    (``naskigi``) may add a causer to either participant, and is left as it is."""
    if roles.verb is None or roles.shifted:
        return roles
    verb = words[roles.verb]
    own = voice_suffix(verb)
    if own == asked.suffix or asked.roots.isdisjoint(verb.content_roots):
        return roles
    causes = intransitive(verb)
    if (own == "ig" and causes) or (asked.suffix == "iĝ" and own == ""):
        if roles.object:
            return Roles(roles.verb, roles.object, frozenset(), roles.predicate,
                         roles.passive, shifted=1)
    elif not asked.doer and ((asked.suffix == "ig" and causes and own != "ig") or
                             (own == "iĝ" and asked.suffix == "" and asked.transitive)):
        if roles.subject and not roles.object:
            return Roles(roles.verb, frozenset(), roles.subject, roles.predicate,
                         roles.passive, shifted=-1)
    return roles


def head_root(word: Word) -> Root | None:
    """The dictionary's entry for a word's head root; None for a root it does not know."""
    return load_roots().get(word.roots[-1]) if word.roots else None


def intransitive(word: Word) -> bool:
    """Whether a word's head root takes no object as a verb (morti, sidi) or is no verb
    (riĉa, reĝo), by the dictionary: its -ig- form makes that root's subject an object."""
    root = head_root(word)
    return root is None or not root.transitive


def undergone(roles: Roles, words: tuple[Word, ...]) -> Roles:
    """The roles of a clause read for who underwent its action: with no object, the subject
    of a verb with -iĝ- or of one that takes no object (``Petro mortis``, ``la pordo
    malfermiĝis``) undergoes it, as the object of its -ig- form would (``Paŭlo mortigis
    Petron``); any other clause keeps its roles."""
    if roles.object or roles.verb is None or not roles.subject:
        return roles
    verb = words[roles.verb]
    if voice_suffix(verb) != "iĝ" and not intransitive(verb):
        return roles
    return Roles(roles.verb, frozenset(), roles.subject, roles.predicate, roles.passive)


def names_action(word: Word) -> bool:
    """Whether a word's head root is a verb's, by the dictionary (VERBO, SUBSTVERBO): its
    noun names the action (morto), and without -ig- it is still a verb (mortigis → mortis)."""
    root = head_root(word)
    return root is not None and root.pos in ("VERBO", "SUBSTVERBO")


def action_noun_roles(clause: Clause, words: tuple[Word, ...], verb_roots: frozenset[str],
                      clauses: tuple[Clause, ...] = ()) -> Roles | None:
    """The clause read as the action its subject's noun names, when that noun has one of
    ``verb_roots``: ``la vivo de Petro estis sepdek jaroj`` says what ``Petro vivis sepdek
    jarojn`` says — the noun is the action, its doer the ``de``-phrase or the subject of a
    relative clause of the same action right after it (``la vivo, kiun travivis Petro``;
    ``clauses``: the sentence's), and the predicate what is said of the action. None for
    any other clause."""
    subject = clause.subject
    if clause.verb is None or not words[clause.verb].is_copula or subject is None:
        return None
    noun = words[subject.head]
    if noun.xpos != "NOUN" or verb_roots.isdisjoint(noun.content_roots):
        return None
    after = sorted(i for i in subject.members() if i > subject.head)
    if after and words[after[0]].form.lower() == "de":
        doer = frozenset(after[1:])
    else:
        doer = _relative_doer(subject.head, words, verb_roots, clauses)
        if not doer:
            return None
    return Roles(subject.head, doer, frozenset(), _members(clause.predicate))


def _relative_doer(noun: int, words: tuple[Word, ...], verb_roots: frozenset[str],
                   clauses: tuple[Clause, ...]) -> frozenset[int]:
    """The subject of a relative clause that opens right after ``noun`` (past its comma)
    and whose verb has one of ``verb_roots``: who does the action the noun names."""
    opening = noun + 2 if noun + 1 < len(words) and words[noun + 1].form == "," else noun + 1
    for other in clauses:
        if other.kind == "relative" and other.introducer == opening and \
                other.verb is not None and other.subject is not None and \
                not verb_roots.isdisjoint(words[other.verb].content_roots):
            return frozenset(other.subject.members())
    return frozenset()


def event_noun_roles(clause: Clause, words: tuple[Word, ...]) -> Roles | None:
    """A question's clause read as the event its subject names: ``Kiam okazis la morto de
    Petro?`` asks what ``Kiam mortis Petro?`` asks. The clause's verb is ``okazi`` or a
    copula, its subject a noun of a verb's root (the dictionary's) with a ``de`` phrase. The
    noun names the action; the ``de`` phrase is its subject where the root takes no object or
    has -iĝ- (``la alveno de Petro``, ``la naskiĝo de Petro``), its object with -ig- (``la
    mortigo de Abelo``); after a root that takes an object with neither (``la vizito de la
    reĝo``: who visited, or whom?) it is left without a role. None for any other clause."""
    subject = clause.subject
    if clause.verb is None or subject is None:
        return None
    verb = words[clause.verb]
    if not (verb.is_copula or verb.roots == _HAPPEN):
        return None
    noun = words[subject.head]
    if noun.xpos != "NOUN" or not names_action(noun):
        return None
    after = sorted(i for i in subject.members() if i > subject.head)
    if not after or words[after[0]].form.lower() != "de" or len(after) < 2:
        return None
    de_phrase = frozenset(after[1:])
    suffix = voice_suffix(noun)
    if suffix == "ig":
        return Roles(subject.head, frozenset(), de_phrase, frozenset())
    if suffix == "iĝ" or intransitive(noun):
        return Roles(subject.head, de_phrase, frozenset(), frozenset())
    return Roles(subject.head, frozenset(), frozenset(), frozenset())


def states_whole(clause: Clause, words: tuple[Word, ...]) -> bool:
    """Whether the clause's subject is a whole: ``la tuta vivo de Petro``, ``ĉiuj liaj
    tagoj``. What it says of it is the total, not a part."""
    subject = clause.subject
    return subject is not None and any(_says_whole(words[i]) for i in subject.members())


def _says_whole(word: Word) -> bool:
    """``tuta`` (any form), or the plural ``ĉiuj`` (``ĉiu`` alone picks one at a time)."""
    return word.roots == ("tut",) or (word.correlative == ("ĉi", "u")
                                      and word.feat("Number") == "Plur")


def _members(phrase: Phrase | None) -> frozenset[int]:
    return frozenset() if phrase is None else frozenset(phrase.members())


def _passive(clause: Clause, words: tuple[Word, ...]) -> Roles | None:
    if clause.verb is None or not words[clause.verb].is_copula or \
            words[clause.verb].roots != _BE:
        return None
    for own, other in ((clause.predicate, clause.subject), (clause.subject, clause.predicate)):
        if own is None:
            continue
        members = sorted(own.members())
        # the participle heads the predicate, or opens the phrase it was read into
        participle = own.head if own is clause.predicate else members[0]
        if not is_passive_participle(words[participle]):
            continue
        after = [i for i in members if i > participle]
        doer: list[int] = []
        if after and words[after[0]].form.lower() == "de":
            # the de-phrase runs to the end of the participle's phrase: "de la reĝo"
            doer = after[1:]
            after = []
        undergoer = set(after) | _members(other)
        return Roles(participle, frozenset(doer), frozenset(undergoer), frozenset(),
                     passive=True)
    return None


def relative_antecedent(words: tuple[Word, ...], pronoun: int) -> tuple[int, ...]:
    """The noun phrase right before a relative pronoun (and its comma): its article,
    adjectives and nouns, up to six words; empty when no noun stands there."""
    i = pronoun - 1
    if i >= 0 and words[i].form == ",":
        i -= 1
    end = i
    while i >= 0 and end - i < 6 and words[i].xpos in ("NOUN", "PROPN", "ADJ", "DET", "NUM"):
        i -= 1
    found = tuple(range(i + 1, end + 1))
    return found if any(words[j].xpos in ("NOUN", "PROPN") for j in found) else ()
