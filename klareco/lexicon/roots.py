"""Open-class roots, read at run time from the ``literumilo`` dictionary.

``literumilo/data/vortaro.tsv`` (public domain, about 10,700 entries in the x-system) gives for
each root its part of speech, a semantic class (PERSONO, URBO, LANDO, BESTO …), transitivity,
how it combines and how rare it is. Klareco never copies the file: it reads it from the
installed package.
"""

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from klareco.errors import KlarecoError
from klareco.lexicon.orthography import from_x_system

# Dictionary parts of speech whose entries Klareco does not use as roots: affixes and
# prefix-like elements are the project's own inventory (affixes.py), letters and
# abbreviations are not roots.
_NOT_ROOTS = frozenset(
    {"PREFIKSO", "SUFIKSO", "PARTICIPO", "TEHXPREFIKSO", "MALLONGIGO", "LITERO"}
)
# Combining limits of affix-like entries ("ul", "ej" as roots are in affixes.py already).
_AFFIX_LIMITS = frozenset({"S", "P", "PRT"})


@dataclass(frozen=True)
class Root:
    """One dictionary root."""

    text: str  # lowercase, with Esperanto letters
    pos: str  # the dictionary's part of speech: SUBST, VERBO, ADJ, ADVERBO, …
    semantic_class: str | None  # PERSONO, URBO, LANDO, … or None
    transitive: bool | None
    rarity: int  # 0 (common) … 4 (rare)
    proper: bool  # written with a capital in the dictionary (Afriko, Parizo)
    combines: bool  # the dictionary allows it in derivations and compounds
    takes_endings: bool  # the dictionary allows a grammatical ending on it (not vi.n, kaj)
    parts: tuple[str, ...]  # morphemes of a lexicalised compound ("aer.bat.il"), else (text,)


class LexiconError(KlarecoError):
    """The root dictionary could not be read."""


@cache
def _dictionary_text() -> str:
    # The package is located, not imported: importing it builds its spell-checker tables,
    # a tenth of a second every `klareco ask` would pay for nothing.
    spec = find_spec("literumilo")
    try:
        if spec is None or not spec.submodule_search_locations:
            raise FileNotFoundError("literumilo")
        folder = Path(next(iter(spec.submodule_search_locations)))
        return (folder / "data" / "vortaro.tsv").read_text("utf-8")
    except FileNotFoundError as exc:  # pragma: no cover - install issue
        raise LexiconError(
            "the literumilo root dictionary is missing; reinstall Klareco (pip install -e .)"
        ) from exc


@cache
def lexicon_hash() -> str:
    """sha256 of the dictionary file: identifies the lexicon an analysis was made with."""
    return hashlib.sha256(_dictionary_text().encode("utf-8")).hexdigest()


@cache
def load_roots() -> dict[str, Root]:
    """All usable roots by their lowercase spelling (compound entries by their joined text).

    When a spelling has several entries, ``_preference`` picks one.
    """
    roots: dict[str, Root] = {}
    for line in _dictionary_text().splitlines():
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 9 or cols[1] in _NOT_ROOTS or cols[6] in _AFFIX_LIMITS:
            continue
        spelled = from_x_system(cols[0])
        parts = tuple(p.lower() for p in spelled.split("."))
        text = "".join(parts)
        try:
            rarity = int(cols[7])
        except ValueError:
            rarity = 4
        root = Root(
            text=text,
            pos=cols[1],
            semantic_class=None if cols[2] == "N" else cols[2],
            transitive={"T": True, "N": False}.get(cols[3]),
            rarity=rarity,
            proper=spelled[:1].isupper(),
            combines=cols[6] != "N",
            parts=parts,
            takes_endings=cols[5] != "N",
        )
        known = roots.get(text)
        if known is None or _preference(root) < _preference(known):
            roots[text] = root
    return roots


def _preference(root: Root) -> tuple[int, bool, bool, int]:
    """Which of two entries spelled alike is the root: the commoner one; then a lowercase one,
    one that takes endings (vin "wine" over vi.n "you"), a plain root over a compound."""
    return (root.rarity, root.proper, not root.takes_endings, len(root.parts))
