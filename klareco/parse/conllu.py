"""CoNLL-U input and output (https://universaldependencies.org/format.html)."""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from klareco.errors import KlarecoError
from klareco.parse.ast import Sentence


class ConlluError(KlarecoError):
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


@dataclass
class ConlluSentence:
    """A sentence block: its comments and tokens."""

    comments: list[str] = field(default_factory=list)
    tokens: list[ConlluToken] = field(default_factory=list)

    @property
    def sent_id(self) -> str | None:
        for comment in self.comments:
            if comment.startswith("# sent_id"):
                return comment.split("=", 1)[1].strip()
        return None


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
                                           cols[7]))
    if sentence.tokens:
        yield sentence


def format_feats(feats: tuple[tuple[str, str], ...]) -> str:
    """UD FEATS column: Name=Value pairs sorted by name, or ``_``."""
    if not feats:
        return "_"
    return "|".join(f"{k}={v}" for k, v in sorted(feats, key=lambda kv: kv[0].lower()))


def to_conllu(sentence: Sentence, sent_id: str | None = None) -> str:
    """The sentence as a CoNLL-U block (ending with a blank line)."""
    lines = []
    if sent_id:
        lines.append(f"# sent_id = {sent_id}")
    lines.append(f"# text = {sentence.text}")
    words = sentence.words
    for n, word in enumerate(words):
        space = "No" if n + 1 < len(words) and words[n + 1].start == word.end else "Yes"
        head = str(sentence.heads[n]) if sentence.heads else "_"
        deprel = sentence.deprels[n] if sentence.deprels else "_"
        lines.append("\t".join([
            str(n + 1), word.form, word.lemma or "_", word.pos, "_", format_feats(word.feats),
            head, deprel, "_", f"SpaceAfter={space}",
        ]))
    return "\n".join(lines) + "\n\n"
