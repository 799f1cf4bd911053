"""CoNLL-U input and output (https://universaldependencies.org/format.html).

Output passes the UD validator (``udvalidate --lang eo --level 2``): every sentence has a
``# sent_id`` and a ``# text``, every word a HEAD and a DEPREL with one ``root``, and MISC says
``SpaceAfter=No`` where no space follows a token (``SpacesAfter=…`` for other gaps). A
sentence read from CoNLL-U keeps its comments and its MISC column as they were.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from klareco.errors import InputError
from klareco.parse.ast import Sentence


class ConlluError(InputError):
    """A CoNLL-U file that cannot be read."""


@dataclass
class ConlluToken:
    """One token line of CoNLL-U (multi-word ranges and empty nodes are skipped)."""

    id: int
    form: str
    lemma: str
    upos: str
    feats: str
    head: str
    deprel: str
    misc: str = "_"

    @property
    def space_after(self) -> bool:
        return "SpaceAfter=No" not in self.misc.split("|")


@dataclass
class ConlluSentence:
    """A sentence block: its comments and tokens."""

    comments: list[str] = field(default_factory=list)
    tokens: list[ConlluToken] = field(default_factory=list)

    def comment(self, name: str) -> str | None:
        """The value of a ``# name = value`` comment, or None."""
        for line in self.comments:
            key, sep, value = line[1:].partition("=")
            if sep and key.strip() == name:
                return value.strip()
        return None

    @property
    def sent_id(self) -> str | None:
        return self.comment("sent_id")


def read_conllu(lines: Iterable[str]) -> Iterator[ConlluSentence]:
    """Sentences of a CoNLL-U text, given as lines."""
    sentence = ConlluSentence()
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\n").rstrip("\r")
        if not line.strip():
            if sentence.tokens:
                yield sentence
            sentence = ConlluSentence()
            continue
        if line.startswith("#"):
            sentence.comments.append(line)
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise ConlluError(f"CoNLL-U line {number}: expected 10 tab-separated columns, "
                              f"found {len(cols)}")
        if "-" in cols[0] or "." in cols[0]:
            continue  # multi-word token range or empty node
        try:
            token_id = int(cols[0])
        except ValueError:
            raise ConlluError(f"CoNLL-U line {number}: bad token id {cols[0]!r}") from None
        sentence.tokens.append(ConlluToken(token_id, cols[1], cols[2], cols[3], cols[5], cols[6],
                                           cols[7], cols[9]))
    if sentence.tokens:
        yield sentence


def format_feats(feats: tuple[tuple[str, str], ...] | dict[str, str]) -> str:
    """UD FEATS column: Name=Value pairs sorted by name (case-insensitively), or ``_``."""
    pairs = feats.items() if isinstance(feats, dict) else feats
    if not pairs:
        return "_"
    return "|".join(f"{k}={v}" for k, v in sorted(pairs, key=lambda kv: kv[0].lower()))


def _gap_misc(gap: str) -> str | None:
    """MISC for the text between a token and the next: nothing for one space."""
    if gap == " ":
        return None
    if gap == "":
        return "SpaceAfter=No"
    escaped = gap.replace("\\", "\\\\").replace(" ", "\\s").replace("\t", "\\t").replace(
        "\n", "\\n").replace("\r", "\\r")
    return f"SpacesAfter={escaped}"


def to_conllu(sentence: Sentence, sent_id: str | None = None,
              source: ConlluSentence | None = None, tagger=None) -> str:  # type: ignore[no-untyped-def]
    """The sentence as a CoNLL-U block (ending with a blank line).

    ``source`` is the CoNLL-U sentence it was read from: its comments and MISC are kept (a
    missing ``# sent_id`` or ``# text`` is added). ``tagger`` maps a word to the (lemma,
    UPOS, features) to write, for another treebank's conventions; by default the word's own.
    """
    lines = list(source.comments) if source is not None else []
    if not any(_is_comment(line, "sent_id") for line in lines):
        lines.insert(0, f"# sent_id = {sent_id or 1}")
    # one line: a line break inside the sentence (verse) is a space there, and MISC keeps it
    text = sentence.text.strip().replace("\r", " ").replace("\n", " ")
    if not any(_is_comment(line, "text") for line in lines):
        lines.insert(1, f"# text = {text}")
    words = sentence.words
    for n, word in enumerate(words):
        if source is not None:
            misc = source.tokens[n].misc
        else:
            following = words[n + 1].start if n + 1 < len(words) else None
            gap = sentence.text[word.end:following] if following is not None else " "
            misc = _gap_misc(gap) or "_"
        lemma, upos, feats = tagger(word) if tagger is not None else (
            word.lemma, word.pos, word.feats)
        head = str(sentence.heads[n]) if sentence.heads else "0"
        deprel = sentence.deprels[n] if sentence.deprels else "root"
        lines.append("\t".join([
            str(n + 1), word.form, lemma or "_", upos, "_", format_feats(feats), head, deprel,
            "_", misc,
        ]))
    return "\n".join(lines) + "\n\n"


def _is_comment(line: str, name: str) -> bool:
    key, sep, _ = line[1:].partition("=")
    return bool(sep) and key.strip() == name
