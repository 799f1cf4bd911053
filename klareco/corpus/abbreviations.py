"""Esperanto abbreviations that end in a period: the one list the splitter (and tokenizers) use.

Forms are lowercase and written without inner spaces ("k. t. p." is looked up as "k.t.p.").
"""

from __future__ import annotations

# Abbreviations that always lead into more of the same sentence: titles before a name, words
# before a number or an example. A period after them never ends a sentence.
LEADING_ABBREVIATIONS = frozenset(
    {
        "s-ro.",
        "s-ino.",
        "d-ro.",
        "dro.",
        "sro.",
        "sino.",
        "f-ino.",
        "f-ro.",
        "prof.",
        "pastr.",
        "gen.",
        "kap.",
        "sta.",
        "sto.",
        "st.",
        "sank.",
        "joh.",
        "n-ro.",
        "nro.",
        "no.",
        "nr.",
        "num.",
        "p.",
        "pp.",
        "pag.",
        "vol.",
        "ĉap.",
        "ekz.",
        "ekzempl.",
        "t.e.",
        "t.",
        "e.",
        "k.",
        "kp.",
        "kompr.",
        "vd.",
        "v.",
        "vid.",
        "str.",
        "bv.",
        "resp.",
        "jan.",
        "feb.",
        "mar.",
        "apr.",
        "aŭg.",
        "sep.",
        "sept.",
        "okt.",
        "nov.",
        "dec.",
    }
)
# Abbreviations that often end a sentence ("… k.t.p. Poste …"): a period after them ends the
# sentence when a capitalised word follows, as after any word.
CLOSING_ABBREVIATIONS = frozenset(
    {"k.t.p.", "ktp.", "k.c.", "kc.", "k.s.", "ks.", "k.a.", "ka.", "etc.", "j.", "jc.", "u.e.a."}
)
ABBREVIATIONS = LEADING_ABBREVIATIONS | CLOSING_ABBREVIATIONS
