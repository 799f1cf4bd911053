"""What words mean for finding and answering: the one home of these facts of Esperanto.

The parser, the keywords, the question generator and the answer expert all read these tables;
none keeps a copy. Roots are written as the ``literumilo`` dictionary has them (``tag``,
``somer``), dictionary classes as it names them (``PERSONO``); a test checks both against the
installed dictionary, so a table can never hold an entry that no word will match.
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from klareco.lexicon.closed_classes import CARDINAL_DIGITS, CARDINAL_MULTIPLIERS, PREPOSITIONS
from klareco.lexicon.orthography import from_x_system
from klareco.lexicon.roots import load_roots


class Word(Protocol):
    """What the facts below read of a parsed word (``klareco.parse.ast.Word``, a later stage
    than the lexicon)."""

    @property
    def form(self) -> str: ...

    @property
    def xpos(self) -> str: ...

    @property
    def roots(self) -> tuple[str, ...]: ...

    @property
    def prefixes(self) -> tuple[str, ...]: ...

    @property
    def suffixes(self) -> tuple[str, ...]: ...

    @property
    def semantic_class(self) -> str | None: ...

# The role a prepositional phrase plays, by its preposition: "al kiu" asks for the indirect
# object and "al Petro" gives it; "en kiu urbo" asks for a place and "en Varsovio" gives one.
# A preposition missing here ("laŭ", "sen", "kontraŭ" …) marks an adjunct of no fixed role.
PREPOSITION_ROLES: dict[str, str] = {
    "al": "indirect_object",
    "per": "instrument",
    "kun": "company",
    "de": "source",
    "el": "source",
    "pro": "reason",
    "por": "purpose",
    "pri": "topic",
    **{p: "place" for p in ("en", "sur", "sub", "ĉe", "apud", "super", "inter", "ekster",
                            "ĉirkaŭ", "tra", "trans", "malantaŭ", "preter")},
    **{p: "time" for p in ("post", "antaŭ", "dum", "ĝis", "je", "depost")},
}

# Prepositions that place one time relative to another: "tri tagojn post la festo".
RELATIVE_TIME_PREPOSITIONS = frozenset({"post", "antaŭ"})

# Copulas: verbs whose nominative complement is a predicate, not a second subject ("Ofelio
# estas filino de Polonio"). Each is written as its morphemes before the ending — roots, then
# suffixes — because "fariĝi" is a copula while "fari", whose root it shares, is not.
COPULAS: frozenset[tuple[str, ...]] = frozenset({
    ("est",), ("iĝ",), ("rest",), ("ŝajn",), ("aspekt",),
    ("far", "iĝ"), ("nom", "iĝ"), ("montr", "iĝ"),
})

# Verbs that stand for any action or event, as a pronoun stands for a noun: "Kion faris
# Petro?" asks what Petro did, whatever verb the answer says it with, and "Kio okazis al
# Petro?" what happened to him. Each root with the role its question word has (kion, the
# object of fari; kio, the subject of okazi); ``parse.questions.pro_verb`` reads them.
PRO_VERBS: dict[str, str] = {"far": "object", "okaz": "subject"}
# Verbs that say what someone has, can, must, wants, knows or feels, not what they do:
# "Petro havis domon" does not answer "Kion faris Petro?".
STATE_ROOTS = frozenset("hav pov dev vol sci kon sent ekzist ŝajn ŝat am dezir esper".split())

# What things are made of: the dictionary's classes of metals, alloys, minerals, fabrics and
# trees (their wood), and materials it gives no class. An adjective made on one says what its
# noun is made of ("la ora krono": a crown of gold), which "El kio …?" asks (``says_material``).
MATERIAL_CLASSES = frozenset({"ELEMENTO", "ALOJO", "MINERALO", "SXTOFO", "ARBO"})
MATERIAL_ROOTS = frozenset("lign ŝton vitr led lan paper ebur vaks tol brik argil".split())


def says_material(word: Word) -> bool:
    """An adjective made on a material's root alone: ``ora``, ``feran``, ``lignaj`` (not
    ``orumita``, gilded, nor ``arĝentkolora``)."""
    return word.xpos == "ADJ" and len(word.roots) == 1 and not word.prefixes and \
        not word.suffixes and (word.roots[0] in MATERIAL_ROOTS or
                               word.semantic_class in MATERIAL_CLASSES)


# Roots that name: "nomo", "nomi", "nomiĝi". "Kiel vi nomiĝas?" asks for a name, not a manner.
NAMING_ROOTS = frozenset({"nom"})

# Kinship nouns and their converses, by whole stem: "X estas filo de Y" says that Y is a
# parent of X, so it answers "Kiu estis la patro de X?" (and "la patrino": the name does not
# say which); "X, la edzino de Y" answers who X's husband was. A relation with no converse
# noun of its own (onklo: nevo or nevino) is left out rather than guessed.
KIN_CONVERSES: dict[str, frozenset[str]] = {
    **{parent: frozenset({"fil", "filin"}) for parent in ("patr", "patrin")},
    **{child: frozenset({"patr", "patrin"}) for child in ("fil", "filin")},
    **{grandparent: frozenset({"nep", "nepin"}) for grandparent in ("av", "avin")},
    **{grandchild: frozenset({"av", "avin"}) for grandchild in ("nep", "nepin")},
    **{sibling: frozenset({"frat", "fratin"}) for sibling in ("frat", "fratin")},
    "edz": frozenset({"edzin"}),
    "edzin": frozenset({"edz"}),
}
# The kin nouns that say a woman (by -in-), and those whose converse does not say the other's
# sex ("X, la filo de Y": Y a father or a mother; "X, la edzo de Y" makes Y a wife).
FEMININE_KIN = frozenset({"patrin", "filin", "avin", "nepin", "fratin", "edzin"})
SEX_BLIND_KIN = frozenset({"patr", "patrin", "fil", "filin", "av", "avin", "nep", "nepin",
                           "frat", "fratin"})


# The person nouns that name a man without a suffix (their women take -in-: patrino,
# reĝino, virino); most others (amiko, instruisto) name either, and a noun with -in- a woman.
MALE_PERSON_ROOTS = frozenset({"vir", "knab", "patr", "fil", "frat", "edz", "av", "nep",
                               "onkl", "nev", "bopatr", "bofil", "bofrat", "reĝ", "princ",
                               "sinjor"})


def converses_answering(stem: str) -> frozenset[str]:
    """The kin nouns whose statement answers a question asking by ``stem`` ("la patro de X"
    is answered by "X, la filo de Y"): its converses, but for a noun that asks a woman none
    that does not say the sex ("X, la filo de Y" names no mother)."""
    converses = KIN_CONVERSES.get(stem, frozenset())
    return converses - SEX_BLIND_KIN if stem in FEMININE_KIN else converses


# Bearing and begetting say the same of parent and child: "Y naskis X" makes Y the mother of
# X, "Y naskigis X" the father (begetting, in the older style), "al Y naskiĝis X" a parent.
BIRTH_ROOTS = frozenset({"nask"})
# Verbs of saying: after one and a colon stands what was said ("Petro diris al ŝi: Mi
# venos."), the object a question "Kion diris Petro?" asks for.
SAYING_ROOTS = frozenset({"dir", "respond", "demand", "kri", "flustr", "rakont"})
# Marrying says who is whose spouse: "X edziĝis kun Y" (X becomes a husband) makes Y his
# wife, "Y edziniĝis al X" (Y becomes a wife) makes X her husband; kun or al name the other.
MARRIAGE_ROOTS = frozenset({"edz"})
SPOUSE_NOUNS = {"husband": "edz", "wife": "edzin"}
PARENT_NOUNS = frozenset({"patr", "patrin"})
CHILD_NOUNS = frozenset({"fil", "filin"})

# Nouns of time and measure: a bare accusative of one is an adjunct ("ĉiun tagon", "tri
# jarojn"), not an object, and a preposition before one asks or tells when ("post kiom da tagoj").
TIME_AND_MEASURE_ROOTS = frozenset(
    """tag nokt jar monat semajn hor minut sekund moment vesper maten foj temp somer vintr
    printemp aŭtun dimanĉ lund mard merkred ĵaŭd vendred sabat""".split()
)

# Adverbs in -e that say how far, how sure or in what order, not how something was done:
# "tute" (wholly), "vere" (truly), "certe", "efektive" (indeed), "sufiĉe" (enough), "plene"
# (fully), "precipe" (above all), "fine" (at last), "komence" (at first). "Kiel li venis?" is
# answered by "rapide", not by "fine". Adverbs made from a preposition ("poste", "kune",
# "apude") or a numeral ("unue", "dufoje") are none either (``says_how``).
DEGREE_AND_STANCE_ROOTS = frozenset(
    "tut ver cert efektiv sufiĉ plen precip fin komenc".split())

MONTH_ROOTS = frozenset(
    "januar februar mart april maj juni juli aŭgust septembr oktobr novembr decembr".split())

# What "kiom <adjective>" counts: "kiom aĝa" is answered in years (months, weeks, days),
# "kiom alta" (longa, larĝa, profunda, dika) in units of length, "kiom peza" in weights.
_LENGTH_UNITS = ("metr", "centimetr", "milimetr", "fut", "uln", "col", "mejl", "paŝ", "stadi")
MEASURED_IN: dict[str, tuple[str, ...]] = {
    "aĝ": ("jar", "monat", "semajn", "tag"),
    **{root: _LENGTH_UNITS for root in ("alt", "long", "larĝ", "profund", "dik")},
    "pez": ("gram", "funt", "tun", "talent", "sikl"),
}
# Money ("kiom da mono") is counted in coins: the dictionary's class MONERO (dolaro, rublo,
# denaro …), the weights that were money (funto, siklo, talento), coins it files elsewhere
# (franko, marko) and money itself (moneroj).
MONEY_ROOT = "mon"
_MONEY_ALSO = frozenset({MONEY_ROOT, "funt", "sikl", "talent", "frank", "mark"})
# The signs written before an amount of money in place of its coin's name: £50 is fifty
# pounds, $3 three dollars.
CURRENCY_SIGNS = frozenset("£$€¥₤")


def units_of(root: str) -> frozenset[str]:
    """The roots an amount asked by ``kiom`` with ``root`` is counted in: years for "aĝ",
    coins for "mon", the root itself for a noun counted as it is ("kiom da ŝafoj")."""
    if root == MONEY_ROOT:
        return money_units()
    return frozenset(MEASURED_IN.get(root, (root,)))


@cache
def money_units() -> frozenset[str]:
    """The roots money is counted in (read from the dictionary once)."""
    return frozenset(r for r, entry in load_roots().items()
                     if entry.semantic_class == "MONERO") | _MONEY_ALSO

# Dictionary classes of roots that name people, and places: type hints for "kiu" and "kie".
PERSON_CLASSES = frozenset({"PERSONO", "PARENCO", "PROFESIO", "POSTENO", "ETNO", "REGANTO",
                            "RELPERSONO", "RELPOSTENO"})
# Suffixes that make a noun name a person, whatever its root: -ist- (one by trade: pordisto),
# -ul- (one marked by: junulo), -an- (a member: urbano), -estr- (a leader: urbestro). -in-,
# -et-, -eg- after one of them keep it a person (instruistino).
PERSON_SUFFIXES = frozenset({"ist", "ul", "an", "estr"})
PERSON_KEEPING_SUFFIXES = frozenset({"in", "et", "eg"})
PLACE_CLASSES = frozenset({"URBO", "LANDO", "LOKO", "REGIONO", "RIVERO", "GEOGRAFIO"})


def class_stem(name: str) -> str:
    """The stem of the noun that a dictionary class is named by: BIRDO → bird, TRINKAJXO →
    trinkaĵ."""
    noun = from_x_system(name.lower())
    return noun[:-1] if noun.endswith("o") else noun


_PLACE_CLASS_STEMS = frozenset(class_stem(name) for name in PLACE_CLASSES)  # URBO → urb


def may_name_a_place(stem: str) -> bool:
    """Whether a noun of this stem may name a kind of place: the dictionary gives it a
    place's class ("urbo", "lando", "insulo") or none ("strato", "domo"). A question "en kiu
    urbo" is answered by a name or by the noun itself ("en Varsovio", "en la urbo"); one
    of a kind the dictionary knows as no place, "sur kia besto", by any thing ("sur
    ĉevalo")."""
    if stem in _PLACE_CLASS_STEMS:
        return True
    root = load_roots().get(stem)
    return root is None or root.semantic_class is None or root.semantic_class in PLACE_CLASSES


def says_how(roots: tuple[str, ...]) -> bool:
    """Whether an adverb in -e of these roots can tell how something was done ("rapide",
    "malrapide", "kun ĝojo" is a phrase): not one of time or measure ("vespere", "tage"), of
    degree, stance or order (``DEGREE_AND_STANCE_ROOTS``), nor one made from a preposition
    ("poste", "kune") or a numeral ("unue", "dufoje")."""
    if not roots:
        return False
    first = roots[0]
    return not (set(roots) & (TIME_AND_MEASURE_ROOTS | DEGREE_AND_STANCE_ROOTS)
                or first in PREPOSITIONS or first in CARDINAL_DIGITS
                or first in CARDINAL_MULTIPLIERS)


_TIME_ROOTS = TIME_AND_MEASURE_ROOTS | MONTH_ROOTS


def is_time(word: Word) -> bool:
    """A noun of time or measure, a month, or a four-digit year."""
    return not _TIME_ROOTS.isdisjoint(word.roots) or (
        word.xpos == "NUM" and word.form.isdigit() and len(word.form) == 4)


def is_currency_sign(word: Word) -> bool:
    """A sign that stands for a coin's name before an amount: "£" of "£50"."""
    return word.form in CURRENCY_SIGNS


def is_fraction(word: Word) -> bool:
    """A share made of a numeral by ``-on-``: duono (a half), dekonon (a tenth), triona,
    kvarone; not a word of other roots (dekonaĵo, the tithe, is a thing, not a share)."""
    return bool(word.roots) and word.suffixes == ("on",) and all(
        r in CARDINAL_DIGITS or r in CARDINAL_MULTIPLIERS for r in word.roots)


def is_ordinal(word: Word) -> bool:
    """An ordinal: an adjective of numerals (sepa, dudek-unua, centa), also one written in
    digits (10-a, 10a, 10-an)."""
    return word.xpos == "ADJ" and bool(word.roots) and all(
        r in CARDINAL_DIGITS or r in CARDINAL_MULTIPLIERS or r.rstrip("-").isdigit()
        for r in word.roots)
