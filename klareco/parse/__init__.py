"""Parsing: Esperanto text → morphological and syntactic AST."""

from klareco.parse.ast import Clause, Morpheme, Phrase, Question, Sentence, Word
from klareco.parse.morphology import analyze_word
from klareco.parse.parser import parse, parse_tokens

__all__ = [
    "Clause", "Morpheme", "Phrase", "Question", "Sentence", "Word", "analyze_word", "parse",
    "parse_tokens",
]
