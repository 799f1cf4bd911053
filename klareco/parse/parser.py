"""The parser's public entry points: text or pre-tokenised words in, ``Sentence`` out."""

from collections.abc import Set as AbstractSet

from klareco.errors import EmptyInputError
from klareco.lexicon.closed_classes import ELIDED_ARTICLE
from klareco.parse.ast import Sentence, Word
from klareco.parse.morphology import analyze_word, own_analysis
from klareco.parse.syntax import build_sentence
from klareco.parse.tokenize import tokenize

# Longer inputs are parsed in full but as one sentence; splitting into sentences is the
# corpus splitter's job (klareco/corpus/split.py).

ELIDED_ARTICLES = (ELIDED_ARTICLE, ELIDED_ARTICLE.replace("'", "’"))  # l', with either mark


def _keeps_elision(form: str, quoted: bool) -> bool:
    """Whether a word's final apostrophe is elision: the form with it is a word (``hund'``
    for hundo, ``l'``); and inside single quotes, the word without it is not already whole.
    Elision drops an ending, so in ``'Georgo Dandin'`` or ``'komercan'`` the apostrophe
    closes the quote: a name, or a word with its ending, is complete without it."""
    if not analyze_word(form).known:
        return False
    if not quoted or form.lower() in ELIDED_ARTICLES:
        return True
    whole = form[:-1]
    return not (whole[:1].isupper() or analyze_word(whole).known)


def parse(text: str, names: AbstractSet[str] = frozenset()) -> Sentence:
    """Parse one sentence (or question) of Esperanto text. ``names``: forms (lowercase) to
    read as names also where they start a sentence (a corpus's table of them,
    ``klareco.corpus.names``); without it a sentence's first word is a name only by its
    shape.

    Raises ``EmptyInputError`` when the text is empty or only whitespace; any other string,
    however odd, gets an analysis.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    if not text.strip():
        raise EmptyInputError("nothing to parse: the text is empty")
    tokens = tokenize(text, _keeps_elision)
    words = [_place(own_analysis(form), n, start, end)
             for n, (form, start, end) in enumerate(tokens)]
    return build_sentence(text, words, names)


def parse_tokens(forms: list[str], spaces_after: list[bool] | None = None) -> Sentence:
    """Parse a pre-tokenised sentence (as in CoNLL-U). ``spaces_after`` says which tokens a
    space follows (all but the last when absent); the sentence text is the forms joined
    that way, and the offsets index it."""
    if not forms:
        raise EmptyInputError("nothing to parse: no tokens")
    if spaces_after is None:
        spaces_after = [True] * (len(forms) - 1) + [False]
    words: list[Word] = []
    pieces: list[str] = []
    position = 0
    for n, (form, space) in enumerate(zip(forms, spaces_after, strict=True)):
        words.append(_place(own_analysis(form), n, position, position + len(form)))
        pieces.append(form + (" " if space and n + 1 < len(forms) else ""))
        position += len(pieces[-1])
    return build_sentence("".join(pieces), words)


def _place(word: Word, index: int, start: int, end: int) -> Word:
    # dataclasses.replace re-runs __init__; one copy of the dict, given to a bare instance, is
    # several times faster on the hot path.
    fields = word.__dict__.copy()
    fields["index"], fields["start"], fields["end"] = index, start, end
    placed = object.__new__(Word)
    object.__setattr__(placed, "__dict__", fields)
    return placed
