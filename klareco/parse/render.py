"""A readable tree of a parsed sentence, for ``klareco parse --format tree``."""

from klareco.parse.ast import Clause, Phrase, Sentence, Word
from klareco.parse.conllu import format_feats


def _segmentation(word: Word) -> str:
    if not word.morphemes:
        return word.form
    return "-".join(m.text if m.known else f"{m.text}?" for m in word.morphemes)


def _phrase(sentence: Sentence, phrase: Phrase) -> str:
    head = sentence.words[phrase.head]
    return f"{phrase.text(sentence.words)}  [head {head.form}]"


def _clause_lines(sentence: Sentence, clause: Clause, number: int) -> list[str]:
    words = sentence.words
    intro = f" ({words[clause.introducer].form})" if clause.introducer is not None else ""
    lines = [f"clause {number}: {clause.kind}{intro}"]
    roles: list[tuple[str, str]] = []
    if clause.verb is not None:
        roles.append(("verb", words[clause.verb].form))
    for name in ("subject", "object", "predicate", "indirect_object"):
        phrase = getattr(clause, name)
        if phrase is not None:
            roles.append((name.replace("_", " "), _phrase(sentence, phrase)))
    roles += [("adjunct", _phrase(sentence, a)) for a in clause.adjuncts]
    for n, (name, text) in enumerate(roles):
        branch = "└─" if n == len(roles) - 1 else "├─"
        lines.append(f"  {branch} {name}: {text}")
    return lines


def render_tree(sentence: Sentence) -> str:
    """Clauses with their roles, then one line per word with its segmentation and features."""
    header = f"{sentence.text}\n  type: {sentence.type}"
    if sentence.question is not None:
        q = sentence.question
        word = (f"{q.preposition} " if q.preposition else "") + (q.word or "(intonation)")
        header += f"; question word: {word} → asks for the {q.role.replace('_', ' ')}"
    lines = [header]
    for n, clause in enumerate(sentence.clauses, start=1):
        lines += _clause_lines(sentence, clause, n)
    lines.append("words:  (form, morphemes, UPOS, lemma, head → relation, features)")
    for word in sentence.words:
        n = word.index
        head = sentence.heads[n] if sentence.heads else 0
        arc = f"{head}:{sentence.deprels[n]}" if sentence.deprels else "_"
        flags = [] if word.known or word.is_punct else ["unknown"]
        if word.proper:
            flags.append("name")
        if word.elided:
            flags.append("elided")
        lines.append(
            f"  {word.index + 1:>3} {word.form:<16} {_segmentation(word):<22} {word.pos:<6}"
            f" {word.lemma:<14} {arc:<12} {format_feats(word.feats)}"
            + (f"  ({', '.join(flags)})" if flags else "")
        )
    return "\n".join(lines)
