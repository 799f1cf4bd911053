"""Questions as people type them → the text the parser reads.

People leave out the question mark, add "?!" or an emoji, type names in lower case and write
ĉ as ``cx`` or ``ch``. The parser reads the sentence type from its final mark and takes a
lower-case unknown word for a common word, so ``ask`` and ``search`` first respell the query:

* x-system digraphs become letters everywhere (Esperanto has no letter x, so ``sx`` is ŝ);
* a word the lexicon does not know is respelled when a respelling is understood: in h-system
  (``Sheutilo`` → ``Ŝeŭtilo``), or capitalised when the corpus has that name (``bertilo`` →
  ``Bertilo``);
* the trailing run of marks, spaces and symbols becomes one "?" when it holds a "?", or when
  it holds no "." or "!" and the text read as a question has a question word
  ("Kie loĝas Bertilo" 😀); any other text keeps its own ending.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from klareco.lexicon.orthography import from_h_system, from_x_system
from klareco.parse import parse
from klareco.parse.ast import name_terms
from klareco.parse.morphology import analyze_word

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_CLOSING_QUOTES = "\"'»”’)"


def question_text(text: str, is_name: Callable[[str], bool]) -> str:
    """``text`` respelled and ended as the question it is; ``is_name(term)`` says whether the
    corpus has a name indexed under ``term`` (``Term.term`` of a proper name)."""
    text = from_x_system(unicodedata.normalize("NFC", text)).strip()
    text = _WORD.sub(lambda m: _respell(m.group(0), is_name), text)
    body, tail = _split_tail(text)
    if not body:
        return text
    if "?" in tail:
        return body + "?"
    if "." in tail or "!" in tail:
        return text
    asked = body + "?"
    question = parse(asked).question
    return asked if question is not None and question.word is not None else text


def _split_tail(text: str) -> tuple[str, str]:
    """The text up to its last letter, digit or closing quote, and what follows it."""
    end = len(text)
    while end > 0 and not (text[end - 1].isalnum() or text[end - 1] in _CLOSING_QUOTES):
        end -= 1
    return text[:end], text[end:]


def _respell(word: str, is_name: Callable[[str], bool]) -> str:
    """A word the lexicon does not know, as the corpus's name it stands for (when one does)."""
    if analyze_word(word).known:  # analysis already tries the h-system for common words
        return word
    for spelling in dict.fromkeys((word, from_h_system(word))):
        candidate = spelling.capitalize() if spelling.islower() else spelling
        if _names_known(candidate, is_name):
            return candidate
    return word


def _names_known(word: str, is_name: Callable[[str], bool]) -> bool:
    names = name_terms([analyze_word(word)])
    return bool(names) and all(is_name(term) for term in names)
