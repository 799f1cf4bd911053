"""The encoder's input vocabularies: morphemes from the lexicon, grammar features from the AST.

A word node is read as two small sets of tokens:

* morpheme tokens — the head root, the other roots of a compound, prefixes and suffixes, or the
  lemma of a closed-class word. Roots come from the ``literumilo`` lexicon and closed words and
  affixes from ``klareco.lexicon``; proper names and roots the lexicon lacks are hashed into
  fixed buckets, so the vocabulary never grows with the corpus.
* feature tokens — part of speech, ending, case, number, tense/mood, verb form, participle
  voice, correlative, the lexicon's semantic class, and the word's role in its clause.

The vocabulary's hash is stored with a trained model: weights trained over one lexicon are
meaningless over another, so a mismatch refuses to load.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence
from functools import cache

from klareco.lexicon import affixes, closed_classes
from klareco.lexicon.roots import load_roots
from klareco.parse.ast import Word
from klareco.parse.conventions import etb_tags

NAME_BUCKETS = 2048
UNKNOWN_ROOT_BUCKETS = 1024
MORPHEME_SLOTS = 6  # head root + up to 5 of: other roots, prefixes, suffixes
PAD = 0

ROLES = ("root", "subject", "object", "predicate", "indirect_object", "adjunct", "modifier",
         "relative", "subordinate", "coordinate", "other")
_FEATURE_VALUES: dict[str, Sequence[str]] = {
    "pos": ("NOUN", "PROPN", "VERB", "ADJ", "ADV", "PRON", "DET", "ADP", "AUX", "CCONJ",
            "SCONJ", "PART", "INTJ", "NUM", "PUNCT", "SYM", "X"),
    "ending": ("o", "a", "e", "i", "as", "is", "os", "us", "u", "'"),
    "Case": ("Nom", "Acc"),
    "Number": ("Sing", "Plur"),
    "Tense": ("Pres", "Past", "Fut", "Pass"),
    "Mood": ("Ind", "Cnd", "Imp"),
    "VerbForm": ("Inf", "Part", "Fin"),
    "Voice": ("Act", "Pass"),
    "correlative": tuple(f"{p}-{s}" for p in closed_classes.CORRELATIVE_PREFIXES
                         for s in closed_classes.CORRELATIVE_SUFFIXES),
    "role": ROLES,
    "flag": ("proper", "unknown"),
}
# pos, ending, role, six UD features, correlative, semantic class and two flags
FEATURE_SLOTS = 13


def _closed_words() -> list[str]:
    words = {closed_classes.ARTICLE, *closed_classes.PERSONAL_PRONOUNS,
             *closed_classes.PREPOSITIONS, *closed_classes.COORDINATING_CONJUNCTIONS,
             *closed_classes.SUBORDINATING_CONJUNCTIONS, *closed_classes.PARTICLES,
             *closed_classes.PRIMITIVE_ADVERBS, *closed_classes.INTERJECTIONS,
             *closed_classes.CARDINAL_DIGITS, *closed_classes.CARDINAL_MULTIPLIERS}
    words |= {p + s for p in closed_classes.CORRELATIVE_PREFIXES
              for s in closed_classes.CORRELATIVE_SUFFIXES}
    return sorted(words)


class Vocabulary:
    """Token ids for morphemes and grammar features; 0 is padding in both."""

    def __init__(self) -> None:
        roots = load_roots()
        morphemes = (["r:" + r for r in sorted(roots)] + ["w:" + w for w in _closed_words()]
                     + ["p:" + p for p in sorted(affixes.PREFIXES)]
                     + ["s:" + s for s in sorted(affixes.SUFFIXES)]
                     + ["s:" + s for s in sorted(affixes.PARTICIPLES)] + ["number"])
        self.morpheme_ids = {token: n for n, token in enumerate(morphemes, start=1)}
        self.name_base = len(morphemes) + 1
        self.unknown_base = self.name_base + NAME_BUCKETS
        self.morpheme_count = self.unknown_base + UNKNOWN_ROOT_BUCKETS

        classes = sorted({r.semantic_class for r in roots.values() if r.semantic_class})
        features = [f"{name}={value}" for name, values in _FEATURE_VALUES.items()
                    for value in values] + [f"sem={c}" for c in classes]
        self.feature_ids = {token: n for n, token in enumerate(features, start=1)}
        self.feature_count = len(features) + 1
        self.hash = hashlib.sha256("\n".join(
            [*morphemes, f"names={NAME_BUCKETS}", f"unknown={UNKNOWN_ROOT_BUCKETS}",
             *features]).encode("utf-8")).hexdigest()

    def _bucket(self, base: int, size: int, text: str) -> int:
        # crc32, not hash(): the same text must land in the same bucket in every process
        return base + zlib.crc32(text.encode("utf-8")) % size

    def morphemes(self, word: Word) -> list[int]:
        """Morpheme token ids of one word, head root first."""
        ids = self.morpheme_ids
        if word.is_name:
            return [self._bucket(self.name_base, NAME_BUCKETS, word.stem.lower())]
        if word.pos == "NUM" and word.form.isdigit():
            return [ids["number"]]
        if not word.roots:
            lemma = word.stem.lower()
            found = ids.get("w:" + lemma)
            return [found] if found else [self._bucket(self.unknown_base, UNKNOWN_ROOT_BUCKETS,
                                                        lemma)]
        tokens = []
        for root in (word.roots[-1], *word.roots[:-1]):
            found = ids.get("r:" + root)
            tokens.append(found or self._bucket(self.unknown_base, UNKNOWN_ROOT_BUCKETS, root))
        tokens += [ids[t] for t in ("p:" + p for p in word.prefixes) if t in ids]
        tokens += [ids[t] for t in ("s:" + s for s in word.suffixes) if t in ids]
        return tokens[:MORPHEME_SLOTS]

    def features(self, word: Word, role: str) -> list[int]:
        """Grammar feature token ids of one word in the given clause role. The tags are read
        in the conventions the shipped model was trained on (``etb_tags``)."""
        ids = self.feature_ids
        _, pos, feats = etb_tags(word)
        tokens = [f"pos={pos}", f"ending={word.ending}", f"role={role}"]
        tokens += [f"{name}={feats[name]}" for name in
                   ("Case", "Number", "Tense", "Mood", "VerbForm", "Voice") if name in feats]
        if word.correlative:
            tokens.append(f"correlative={word.correlative[0]}-{word.correlative[1]}")
        if word.semantic_class:
            tokens.append(f"sem={word.semantic_class}")
        if word.proper:
            tokens.append("flag=proper")
        if not word.known:
            tokens.append("flag=unknown")
        found = [ids[t] for t in tokens if t in ids]
        return found[:FEATURE_SLOTS]


@cache
def vocabulary() -> Vocabulary:
    """The vocabulary of the installed lexicon (built once per process)."""
    return Vocabulary()
