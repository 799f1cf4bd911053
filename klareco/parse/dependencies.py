"""Universal Dependencies heads and relations from Klareco's clauses and phrases.

Used for CoNLL-U export and for scoring subjects and objects against a UD treebank. It
follows UD where Klareco's analysis says enough (nsubj, obj, cop, det, amod, case, nmod,
mark, cc, punct, advmod) and falls back to ``dep`` elsewhere.
"""

from klareco.parse.ast import Clause, Phrase, Word

_MODIFIER_RELATIONS = {"DET": "det", "ADJ": "amod", "NUM": "nummod", "ADP": "case"}
_WORD_RELATIONS = {
    "PUNCT": "punct", "SYM": "punct", "CCONJ": "cc", "SCONJ": "mark", "PART": "advmod",
    "ADV": "advmod", "INTJ": "discourse",
}
_CLAUSE_RELATIONS = {"relative": "acl", "subordinate": "advcl", "coordinate": "conj"}


def dependencies(
    words: tuple[Word, ...], clauses: tuple[Clause, ...]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """1-based UD heads (0 = root) and relations for every word."""
    heads = [0] * len(words)
    relations = ["dep"] * len(words)
    assigned = [False] * len(words)

    def attach(index: int, head: int | None, relation: str) -> None:
        if index == head or assigned[index]:
            return
        heads[index] = 0 if head is None else head + 1
        relations[index] = relation
        assigned[index] = True

    roots = [clause_root(c) for c in clauses]
    for n, clause in enumerate(clauses):
        root = roots[n]
        if root is None:
            continue
        if clause.parent is None and (n == 0 or roots[0] is None):
            attach(root, None, "root")
        elif clause.parent is None:  # a main-level clause coordinated with the first
            attach(root, roots[0], "conj")
        else:
            relation = _CLAUSE_RELATIONS.get(clause.kind, "dep")
            if clause.kind == "subordinate" and clause.introducer is not None and (
                    words[clause.introducer].lemma in ("ke", "ĉu")):
                relation = "ccomp"
            attach(root, roots[clause.parent], relation)
        if clause.predicate is not None and clause.verb is not None:
            attach(clause.verb, root, "cop")
        roles: list[tuple[Phrase | None, str]] = [
            (clause.subject, "nsubj"), (clause.object, "obj"),
            (clause.indirect_object, "obl"), (clause.predicate, "root"),
        ]
        roles += [(a, "advmod" if a.kind == "adverb" else "obl") for a in clause.adjuncts]
        for phrase, relation in roles:
            if phrase is None:
                continue
            if phrase.head != root:
                attach(phrase.head, root, relation)
            _attach_inside(phrase, words, attach)
        for i in clause.words:
            word = words[i]
            if word.pos == "VERB" and word.feat("VerbForm") == "Inf":
                attach(i, root, "xcomp")
            else:
                attach(i, root, _WORD_RELATIONS.get(word.pos, "dep"))
    first_root = next((r for r in roots if r is not None), None)
    for i in range(len(words)):
        if not assigned[i]:
            attach(i, first_root, _WORD_RELATIONS.get(words[i].pos, "dep"))
    return tuple(heads), tuple(relations)


def clause_root(clause: Clause) -> int | None:
    """The word a clause hangs from: its predicate with a copula, else its verb, else the head
    of its subject or object, else its first word."""
    if clause.predicate is not None:
        return clause.predicate.head
    if clause.verb is not None:
        return clause.verb
    for phrase in (clause.subject, clause.object):
        if phrase is not None:
            return phrase.head
    return clause.words[0] if clause.words else None


def _attach_inside(phrase: Phrase, words: tuple[Word, ...], attach) -> None:  # type: ignore[no-untyped-def]
    """Determiners, adjectives, prepositions and 'de' phrases inside one phrase."""
    head = phrase.head
    nested_head: int | None = None
    for n, i in enumerate(phrase.words):
        word = words[i]
        if i == head:
            continue
        if word.pos == "ADP" and i != phrase.preposition:
            # an attached genitive: "de Polonio" → nmod of the head, "de" its case marker
            following = [j for j in phrase.words[n + 1:] if words[j].pos in ("NOUN", "PROPN",
                                                                              "PRON")]
            nested_head = following[0] if following else None
            if nested_head is not None:
                attach(nested_head, head, "nmod")
                attach(i, nested_head, "case")
            continue
        target = nested_head if nested_head is not None and i > nested_head else head
        if i == phrase.preposition:
            attach(i, head, "case")
        else:
            attach(i, target, _MODIFIER_RELATIONS.get(word.pos, "dep"))
