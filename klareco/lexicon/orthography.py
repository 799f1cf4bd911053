"""Spelling normalisation for analysis: x-system, h-system, apostrophes.

Stored and displayed text is never changed; these functions only produce the keys the
analyser looks words up by.
"""

import re
import unicodedata

# x-system: the letter x does not exist in Esperanto, so "cx" is unambiguous.
_X_LETTERS = {"c": "ĉ", "g": "ĝ", "h": "ĥ", "j": "ĵ", "s": "ŝ", "u": "ŭ"}
_X_RE = re.compile(r"[cghjsuCGHJSU][xX]")

# h-system (Fundamento): "ch" can also be a real letter pair ("flughaveno" = flug+haven),
# so it is only tried when the plain spelling is not understood.
_H_SYSTEM = {"ch": "ĉ", "gh": "ĝ", "hh": "ĥ", "jh": "ĵ", "sh": "ŝ", "au": "aŭ", "eu": "eŭ"}
_H_RE = re.compile(r"ch|gh|hh|jh|sh|au(?![aeiou])|eu(?![aeiou])", re.IGNORECASE)

APOSTROPHES = "'’‘ʼ`´"
_APOSTROPHE_RE = re.compile(f"[{APOSTROPHES}]")


def from_x_system(text: str) -> str:
    """Replace x-system digraphs (``cxu``) with the letters (``ĉu``)."""
    if "x" not in text and "X" not in text:
        return text

    def repl(m: re.Match[str]) -> str:
        base = m.group(0)[0]
        letter = _X_LETTERS[base.lower()]
        return letter.upper() if base.isupper() else letter

    return _X_RE.sub(repl, text)


def from_h_system(word: str) -> str:
    """Replace h-system digraphs (``chu``, ``auto`` → ``ĉu``, ``aŭto``); a fallback only."""

    def repl(m: re.Match[str]) -> str:
        found = m.group(0)
        letter = _H_SYSTEM[found.lower()]
        return letter.upper() if found[0].isupper() and len(letter) == 1 else letter

    return _H_RE.sub(repl, word)


def normalize_word(form: str) -> str:
    """The spelling a word is analysed under: NFC, x-system resolved, one ASCII apostrophe."""
    form = unicodedata.normalize("NFC", form)
    form = from_x_system(form)
    return _APOSTROPHE_RE.sub("'", form)
