"""Index terms and query keywords from parsed sentences: roots and names, not words.

A sentence's terms are what it is about: proper names (whole, lowercased) and the roots of its
nouns, verbs, adjectives and adverbs. A derived word also gives its full stem (``lernejo`` →
``lern`` and ``lernej``), so that derivational families meet on the root
(``naskiĝis``/``naskis`` → ``nask``) while an exact derivation still scores higher. Question
words, copulas, pronouns, articles and other function words give nothing.

Weights (query side): a name 1.0, a root 1.0, an extra stem 0.5. Names already weigh more
through BM25's idf (they are rare); on the dev set, extra name weight lowered recall@100
(name ×1: 0.783, ×1.5: 0.759, ×2: 0.747, measured before title terms were indexed) and the
stem at 0.5 beat 0 and 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from klareco.errors import EmptyInputError
from klareco.lexicon.closed_classes import COPULAR_ROOTS
from klareco.parse.morphology import analyze_word

NAME_WEIGHT = 1.0
ROOT_WEIGHT = 1.0
STEM_WEIGHT = 0.5

_CONTENT_POS = frozenset({"NOUN", "VERB", "ADJ", "ADV"})
# Roots too common or too empty to tell sentences apart: the copula "est" and its kin.
STOP_ROOTS = COPULAR_ROOTS | frozenset({"ad", "ig", "iĝ"})


@dataclass(frozen=True)
class Keyword:
    """One query term: as shown (``mitrandiro``), as indexed (``mitrandir``), its weight and
    kind (name, root, stem)."""

    text: str
    term: str
    weight: float
    kind: str


def name_term(lemma: str) -> str:
    """A name's index term: lowercased, without the noun ending, so Habel = Habelo = Habelon."""
    low = lemma.lower()
    return low[:-1] if len(low) > 3 and low.endswith("o") else low


def _word_keywords(word: dict[str, Any]) -> Iterable[Keyword]:
    pos = word["pos"]
    form = word["form"]
    if pos == "NUM" and form.isdigit():
        yield Keyword(form, form, ROOT_WEIGHT, "number")  # years and counts: 1834, 969
        return
    if "-" in form.strip("-"):
        # hyphenated words (16-regula, nigre-griza): each part on its own
        for part in form.split("-"):
            if part:
                yield from _word_keywords(analyze_word(part).to_dict())
        return
    if word.get("proper") or pos == "PROPN":
        lemma = word["lemma"]
        if any(c.isalpha() for c in lemma):
            yield Keyword(lemma.lower(), name_term(lemma), NAME_WEIGHT, "name")
        if not word.get("known"):
            return
        # A capitalised known word (Dio) is a name here but a plain noun at a sentence start:
        # its roots make both meet.
    elif pos not in _CONTENT_POS or word.get("class") == "correlative" or not word["roots"]:
        return  # function words, correlatives (kiu, kie …), primitive adverbs (jam, nun)
    roots = [r for r in word.get("roots", ()) if len(r) > 1 and r not in STOP_ROOTS]
    for root in roots:
        yield Keyword(root, root, ROOT_WEIGHT, "root")
    stem = word["lemma"].lower()
    if roots and pos != "PROPN" and stem not in roots and stem not in STOP_ROOTS:
        yield Keyword(stem, stem, STEM_WEIGHT, "stem")


def keywords(sentence: dict[str, Any]) -> list[Keyword]:
    """The weighted keywords of a parsed sentence (``Sentence.to_dict()``), first use kept."""
    seen: dict[str, Keyword] = {}
    for word in sentence["words"]:
        for keyword in _word_keywords(word):
            known = seen.get(keyword.term)
            if known is None or keyword.weight > known.weight:
                seen[keyword.term] = keyword
    return list(seen.values())


def terms(sentence: dict[str, Any]) -> list[str]:
    """A sentence's index terms, with repeats (term frequency counts)."""
    return [k.term for word in sentence["words"] for k in _word_keywords(word)]


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
            found.extend(k.term for k in keywords(parse_text(text)))
        except EmptyInputError:
            continue
    return list(dict.fromkeys(found))


def parse_text(text: str) -> dict[str, Any]:
    """A short text (a title, a heading) parsed to the dict keywords() reads."""
    from klareco.parse import parse

    return parse(text).to_dict()
