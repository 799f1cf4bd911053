"""What the answer ranker reads about a candidate: named features, each of order 1.

A feature says something of the language, never of a particular question: the question's
role against the slot the candidate fills (``pair:object|object``), the kind of thing the
candidate is (a name, a person, a place, a time, a number) against the role asked, how much of
the question its sentence matches and in which roles (who did what to whom), how near it
stands to the matched words, whether its clause has the question's verb, and the sentence's
rank. Conjunctions such as ``pair:…`` and ``type:…`` let a linear model learn what goes with
what. The weights are learned (``model``); nothing here is tuned by hand.
"""

from __future__ import annotations

from functools import cache

from klareco.experts.base import Evidence
from klareco.experts.factoid.candidates import Candidate, counting, points_back, span_head
from klareco.experts.factoid.frame import Frame
from klareco.experts.factoid.kin import is_asked_noun, kin_named, named_noun, noun_owners
from klareco.experts.factoid.roles import (
    Roles,
    action_noun_roles,
    clause_roles,
    relative_antecedent,
    undergone,
)
from klareco.lexicon.closed_classes import PERSONAL_PRONOUNS
from klareco.lexicon.roots import load_roots
from klareco.lexicon.semantics import PLACE_CLASSES, class_stem, is_time
from klareco.parse.ast import Clause, Word

Features = dict[str, float]
NULL = "null"  # the "no answer here" option every question has


def sentence_features(frame: Frame, item: Evidence, matched: set[int],
                      coverage: float, names_found: float, top_score: float) -> Features:
    """What one evidence sentence gives every candidate in it; ``top_score``: the retrieval
    score of the best evidence sentence."""
    words = item.ast.words
    verb = bool(frame.verb_roots) and any(
        frame.verb_roots & set(words[i].content_roots) for i in matched)
    core = frame.core_terms
    # the share of the asked clause's terms (``Frame.core_terms``) the sentence holds
    core_coverage = coverage if core is None else core_share(words, matched, frame.terms, core)
    return {"coverage": coverage, "core_coverage": core_coverage, "names_found": names_found,
            "all_names": float(names_found == 1.0),
            "inverse_rank": 1.0 / item.rank,
            # how far the retriever puts it below the best sentence (fused scores are
            # z-scores: a gap of 3 is as good as none at all)
            "score_gap": min(max(top_score - item.score, 0.0), 3.0) / 3.0,
            "matched_none": float(not matched),
            "has_verb": float(verb)}


def candidate_features(frame: Frame, item: Evidence, candidate: Candidate,
                       matched: set[int], sentence: Features,
                       tree_distance: list[int] | None = None,
                       clauses: dict[int, ClauseReading] | None = None) -> Features:
    """The features of one candidate; ``tree_distance``: each word's distance in the
    sentence's dependency tree from the nearest matched word (``tree_distances``);
    ``clauses``: the readings of the sentence's clauses made so far (``clause_reading``),
    filled as they are made, for the next candidate of the same sentence."""
    words = item.ast.words
    span = candidate.words
    role = frame.role
    found: Features = dict(sentence)
    found["bias"] = 1.0
    found[f"pair:{role}|{candidate.slot}"] = 1.0
    found[f"slot:{candidate.slot}"] = 1.0
    content = [i for i in span if words[i].is_content]
    own = sum(1 for i in content if i in matched)
    found["own_share"] = own / len(content) if content else 0.0
    if matched:
        distance = min(abs(i - m) for i in span for m in matched)
        found["near"] = 1.0 / (1.0 + distance / 4)
    if tree_distance:
        # in the tree, the answer hangs near what the question names: the object of the
        # matched verb, the apposition of the matched name
        steps = min(tree_distance[i] for i in span)
        found["tree_near"] = 1.0 / (1.0 + steps)
        found[f"tree_steps:{role}|{min(steps, 4)}"] = 1.0
    head = words[span_head(item.ast.heads, span)]
    # a pronoun that stands for a name of the sentence before is read as that name, in the
    # pronoun's place and case
    shown = list(candidate.referent) or [words[i] for i in span]
    named = [w for w in candidate.referent if w.is_name][-1] if candidate.referent else head
    # what the span's head word is, against the question word: kiun takes an accusative
    # noun, kiu a person, kie a place noun … (lexicon classes, parts of speech, case)
    found[f"head_pos:{frame.word}|{named.xpos}"] = 1.0
    found[f"head_case:{frame.word}|{head.case or '-'}"] = 1.0
    if named.semantic_class:
        found[f"head_class:{role}|{named.semantic_class}"] = 1.0
        if frame.hole_stems and not frame.hole_stems.isdisjoint(
                kinds_of_class(named.semantic_class)):
            # "En kiu urbo …?" — Romo, of the dictionary's class URBO; "Kian birdon …?" — an
            # aglo, of the class BIRDO
            found[f"kind_of_asked:{role}"] = 1.0
    if candidate.clause is not None:
        if clauses is None:
            clauses = {}
        reading = clauses.get(candidate.clause)
        if reading is None:
            reading = clauses[candidate.clause] = clause_reading(
                frame, item.ast.clauses[candidate.clause], words, item.ast.clauses)
        agrees, same, crossed, main, elsewhere = reading
        if agrees:
            found["verb_agrees"] = 1.0
            found[f"verb_agrees:{role}"] = 1.0
            found[f"verb_pair:{role}|{candidate.slot}"] = 1.0  # the asked role of that verb
        found["same_role"] = float(same)
        found["crossed_role"] = float(crossed)
        found["main_clause"] = float(main)
        found["other_subject"] = float(elsewhere)
    if frame.named_stems and not candidate.referent and head.is_name:
        found.update(naming_features(frame, item, span_head(item.ast.heads, span)))
    # (a resolved pronoun gets no feature of its own: generated questions never ask for a
    # pronoun, so such a feature would only ever be seen on wrong answers)
    for kind in candidate_types(frame, shown):
        found[f"type:{role}|{kind}"] = 1.0
    found[f"length:{role}|{_bucket(len(shown))}"] = 1.0
    # a preposition asks for a phrase it heads ("sur kio" → "sur la tablo"), and a question
    # word without one takes some prepositions more than others (kie: en, sur, ĉe …)
    first = words[span[0]]
    preposition = first.stem.lower() if first.xpos == "ADP" else "-"
    found[f"preposition:{frame.preposition or frame.word}|{preposition}"] = 1.0
    if frame.preposition:
        found["same_preposition"] = float(preposition == frame.preposition)
    counted = counting(frame, [words[i] for i in span])
    if counted:
        found[f"counts:{counted}"] = 1.0
    return found


@cache
def kinds_of_class(name: str) -> frozenset[str]:
    """What a word of the dictionary's class ``name`` is a kind of, as noun stems: the
    class's own name (BIRDO: bird), then the class of that noun's root (birdo is of the class
    ANIMALO: animal) and so on up, while the name is a root of the dictionary."""
    found: list[str] = []
    current: str | None = name
    while current and len(found) < MAX_KIND_STEPS:
        stem = class_stem(current)
        if stem in found:
            break
        found.append(stem)
        root = load_roots().get(stem)
        current = root.semantic_class if root is not None else None
    return frozenset(found)


MAX_KIND_STEPS = 4  # classes above a word followed (rivero → geografio → scienco)


def naming_features(frame: Frame, item: Evidence, name: int) -> Features:
    """Whether the sentence gives the name at ``name`` to the noun the question describes
    the person by (``Frame.named_stems``: "la edzino de Petro"), to another noun, or to
    none; and, given to that noun, whether the noun is said to be the question's owner's
    (Petro's) or no one's (another's is no candidate: ``kin.named_for_another``).
    A name the converse kin noun relates to the owner ("Petro, la filo de Zorbo" for "la
    patro de Petro") is read as the direct statement it implies ("la patro de Petro estis
    Zorbo"), so it reads as given to the asked noun, of the same owner; so does one a verb
    of bearing makes the asked parent or child ("Zorbo naskigis Petron")."""
    if name in kin_named(item.ast, frame):
        return {"named:asked": 1.0, "named_owner:same": 1.0}
    noun = named_noun(item.ast, name)
    if noun is None:
        return {"named:none": 1.0}
    if not is_asked_noun(item.ast.words[noun], frame):
        return {"named:other": 1.0}
    found = {"named:asked": 1.0}
    if frame.named_owners:
        said = bool(noun_owners(item.ast, noun) & frame.named_owners)
        found[f"named_owner:{'same' if said else 'unsaid'}"] = 1.0
    return found


def tree_distances(heads: tuple[int, ...], sources: set[int], size: int) -> list[int]:
    """Each word's number of dependency edges from the nearest word of ``sources``
    (``size`` where none is reachable); empty when the sentence has no tree."""
    if len(heads) != size or not sources:
        return []
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for i, head in enumerate(heads):
        if 0 < head <= size:
            neighbours[i].append(head - 1)
            neighbours[head - 1].append(i)
    distance = [size] * size
    frontier = sorted(sources)
    for i in frontier:
        distance[i] = 0
    while frontier:
        following = []
        for i in frontier:
            for j in neighbours[i]:
                if distance[j] == size:
                    distance[j] = distance[i] + 1
                    following.append(j)
        frontier = following
    return distance


def core_share(words: tuple[Word, ...], matched: set[int], weights: dict[str, float],
               core: frozenset[str]) -> float:
    """The weighted share of the ``core`` terms among ``weights`` that the sentence holds."""
    total = sum(weights[t] for t in core)
    if not total:
        return 0.0
    found = {t for i in matched for t in words[i].terms} & core
    return sum(weights[t] for t in found) / total


def null_features(frame: Frame, sentences: list[Features]) -> Features:
    """The "no answer" option: how well the best evidence matches the question at all."""
    best_coverage = max((s["coverage"] for s in sentences), default=0.0)
    best_names = max((s["names_found"] for s in sentences), default=0.0)
    # one sentence with all the question's names, and with its verb too: a question whose
    # name was swapped finds its names and the rest of its words in different sentences
    named = [s for s in sentences if s["all_names"]]
    return {NULL: 1.0, f"{NULL}:{frame.role}": 1.0,
            f"{NULL}:coverage": best_coverage, f"{NULL}:names_found": best_names,
            f"{NULL}:core_coverage": max((s["core_coverage"] for s in sentences), default=0.0),
            # how much of the question tells around what it asks (0: nothing)
            f"{NULL}:told_around": _told_around(frame),
            f"{NULL}:named_coverage": max((s["coverage"] for s in named), default=0.0),
            f"{NULL}:named_verb": float(any(s["has_verb"] for s in named)),
            f"{NULL}:no_names": float(not frame.names),
            f"{NULL}:no_verb": float(not frame.verb_roots)}


def _told_around(frame: Frame) -> float:
    """The weighted share of the question's terms outside its asked clause."""
    if frame.core_terms is None:
        return 0.0
    total = sum(frame.terms.values())
    return 1.0 - sum(frame.terms[t] for t in frame.core_terms) / total if total else 0.0


# of a candidate's clause: whether its verb is the question's, how many of the question's
# fillers stand in the same and in the crossed role (``role_agreement``), whether it is main,
# and whether its subject is someone other than the question's (``subject_elsewhere``)
ClauseReading = tuple[bool, int, int, bool, bool]


def clause_reading(frame: Frame, clause: Clause, words: tuple[Word, ...],
                   clauses: tuple[Clause, ...] = ()) -> ClauseReading:
    """What a clause tells every candidate in it (``ClauseReading``); ``clauses``: its
    sentence's (a relative clause may say who does the action its subject names)."""
    roles = clause_roles(clause, words, frame.voice)
    agrees = bool(frame.verb_roots) and roles.verb is not None and \
        not frame.verb_roots.isdisjoint(words[roles.verb].content_roots)
    if not agrees and frame.verb_roots:
        # "la vivo de Petro estis …" for "Kiom da jaroj vivis Petro?": the action as a noun
        named = action_noun_roles(clause, words, frame.verb_roots, clauses)
        if named is not None:
            roles, agrees = named, True
    if frame.role == "action" and dict(frame.role_terms).get("object") and \
            not dict(frame.role_terms).get("subject"):
        # "Kio okazis al Petro?" asks what he underwent: "Petro mortis" tells it
        roles = undergone(roles, words)
    same, crossed = role_agreement(frame, roles, words)
    return (agrees, same, crossed, clause.kind == "main",
            not crossed and subject_elsewhere(frame, roles, words))


RELATIVE_SUBJECTS = frozenset({"kiu", "kiuj"})  # a relative clause's subject, for its noun


def subject_elsewhere(frame: Frame, roles: Roles, words: tuple[Word, ...]) -> bool:
    """Whether the clause's subject (``clause_roles``) is another referent than the
    question's: a phrase with none of the question's subject terms and no personal pronoun
    that could stand for them (``Paŭlo vivis sepdek jarojn`` is not about Petro). Every
    personal pronoun could: ``li`` someone named before, ``mi`` and ``ni`` whoever speaks or
    tells the story, ``vi`` whoever is spoken to, ``oni`` anyone; so ``Mi vivis sepdek
    jarojn``, said by Petro, is about him. A relative pronoun is the noun before it."""
    wanted = next((terms for key, terms in frame.role_terms if key == "subject"), None)
    members = set(roles.of("subject"))
    if not wanted or not members or any(_personal_pronoun(words[i]) for i in members):
        return False
    for i in list(members):
        if words[i].form.lower() in RELATIVE_SUBJECTS:
            members.update(relative_antecedent(words, i))  # "la reĝo, kiu venis": the king
    return not any(wanted & set(words[i].terms) for i in members)


def _personal_pronoun(word: Word) -> bool:
    return word.word_class == "pronoun" and word.lemma.lower() in PERSONAL_PRONOUNS


def role_agreement(frame: Frame, roles: Roles, words: tuple[Word, ...]) -> tuple[int, int]:
    """How many of the question's subject/object fillers stand in the same role of the
    evidence clause (``clause_roles``: the passive undone), and how many in the other one
    (Paŭlo vivis … is not about Petro)."""
    same = crossed = 0
    for key, wanted in frame.role_terms:
        if not wanted or key not in ("subject", "object"):
            continue
        for other in ("subject", "object"):
            members = roles.of(other)
            if not members:
                continue
            there = {t for i in members for t in words[i].terms}
            if there & wanted:
                if other == key:
                    same += 1
                else:
                    crossed += 1
    return same, crossed


def candidate_types(frame: Frame, inside: list[Word]) -> list[str]:
    """The kinds of thing a span's words are: a name, a person, a place, a time, a number …"""
    # one pass over the words (every candidate of every evidence sentence asks this)
    name = person = place = time = number = hole = finite = False
    hole_roots = frame.hole_roots
    for w in inside:
        name = name or w.is_name
        person = person or w.is_person
        place = place or w.semantic_class in PLACE_CLASSES
        time = time or is_time(w)
        number = number or w.is_numeral
        hole = hole or bool(hole_roots) and not hole_roots.isdisjoint(w.content_roots)
        finite = finite or w.xpos == "VERB" and bool(w.feat("Mood"))
    first = inside[0]
    kinds = [kind for kind, found in (
        ("name", name), ("person", person), ("place", place), ("time", time),
        ("number", number),
        ("hole_noun", hole),  # en kiu urbo → … urbo …
        # "en tiu lando" refers to the answer, does not give it
        ("points_back", points_back(first)),
        ("finite_verb", finite)) if found]
    return kinds or ["other"]


def _bucket(length: int) -> str:
    return "1" if length == 1 else "2" if length == 2 else "3-4" if length <= 4 else \
        "5-7" if length <= 7 else "8+"
