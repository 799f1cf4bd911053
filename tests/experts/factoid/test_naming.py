"""Which noun a sentence gives a name to, and whose that noun is (made-up sentences)."""

from __future__ import annotations

import pytest

from klareco.experts.base import Evidence
from klareco.experts.factoid import FactoidExpert
from klareco.experts.factoid.frame import kin_asked_by_kies, read_frame
from klareco.experts.factoid.kin import (
    kin_named,
    named_noun,
    noun_owners,
    possessive_owners,
    possessive_referent,
)
from klareco.parse import parse


def _named(text: str, name: str) -> tuple[str | None, set[str]]:
    sentence = parse(text)
    index = next(i for i, w in enumerate(sentence.words) if w.form == name)
    noun = named_noun(sentence, index)
    if noun is None:
        return None, set()
    return sentence.words[noun].form, noun_owners(sentence, noun)


@pytest.mark.parametrize(("text", "name", "noun", "owners"), [
    ("Petro, la filo de Zorbo, venis.", "Petro", "filo", {"zorb"}),
    ("Kaj la filo de Zorbo, Petro, iris hejmen.", "Petro", "filo", {"zorb"}),
    ("La edzino de Zorbo estis nomata Mirela.", "Mirela", "edzino", {"zorb"}),
    ("La nomo de la edzino de Zorbo estis Mirela.", "Mirela", "edzino", {"zorb"}),
    ("Zorbo havis filon, kies nomo estis Petro.", "Petro", "filon", set()),
    # "sia" is the subject's: Zorbo's son; a subject that names no one gives no owner
    ("Zorbo donis al sia filo la nomon Petro.", "Petro", "filo", {"zorb"}),
    ("Li iris kun sia frato Petro.", "Petro", "frato", set()),
    ("Zorbo venis kaj vokis sian filon Petro.", "Petro", "filon", {"zorb"}),
    # "lia" is not the subject's: whose son it is, the sentence does not say
    ("Zorbo vokis lian filon Petro.", "Petro", "filon", set()),
    ("La filoj de Zorbo: Petro kaj Ana.", "Petro", "filoj", {"zorb"}),
])
def test_the_noun_a_name_is_given_to(text: str, name: str, noun: str, owners: set[str]) -> None:
    assert _named(text, name) == (noun, owners)


@pytest.mark.parametrize(("text", "noun", "owner", "not_owner"), [
    ("Zorbo vokis sian filon.", "filon", {"zorb"}, set()),
    ("Zorbo vokis lian filon.", "filon", set(), {"zorb"}),
    ("Ingrid renkontis ŝian fratinon.", "fratinon", set(), {"ingrid"}),
    # the subject of a coordinate clause that has none is the one before it
    ("Zorbo venis kaj vokis sian filon.", "filon", {"zorb"}, set()),
    ("Zorbo venis kaj vokis lian filon.", "filon", set(), {"zorb"}),
    # "lia" as part of the subject is not the subject's: it is the one named before it
    # (``test_lia_stands_for_the_person_named_before_it``)
    ("Zorbo diris, ke lia filo venos.", "filo", {"zorb"}, set()),
    ("Zorbo kaj lia filo venis.", "filo", {"zorb"}, set()),
    ("Zorbo kaj liaj filoj estis riĉaj.", "filoj", {"zorb"}, set()),
    ("Li diris, ke lia filo venos.", "filo", set(), set()),
    # the subject's own name, not one in its "de" phrase, nor a subject of a common noun
    ("La koro de Zorbo estis pura dum lia tuta vivo.", "vivo", set(), set()),
    ("La reĝo Zorbo vokis lian filon.", "filon", set(), {"zorb"}),
    ("La reĝo vokis lian filon.", "filon", set(), set()),
    ("Zorbo kun sia filo venis al Bertilo.", "filo", {"zorb"}, set()),
    ("Li vokis sian filon.", "filon", set(), set()),
    ("Zorbo vokis la filon de Bertilo.", "filon", set(), set()),
])
def test_a_possessive_says_whether_a_noun_is_its_clause_subjects(
        text: str, noun: str, owner: set[str], not_owner: set[str]) -> None:
    sentence = parse(text)
    index = next(i for i, w in enumerate(sentence.words) if w.form == noun)
    assert possessive_owners(sentence, index) == (owner, not_owner)


def _referent(text: str, noun: str) -> list[str]:
    sentence = parse(text)
    index = next(i for i, w in enumerate(sentence.words) if w.form == noun)
    return [sentence.words[i].form for i in possessive_referent(sentence, index)]


@pytest.mark.parametrize(("text", "noun", "referent"), [
    ("Zorbo renkontis Petron kaj lian filon.", "filon", ["Petron"]),
    ("La nomo de la viro estis Zorbo, kaj la nomo de lia edzino estis Ana.", "edzino",
     ["Zorbo"]),
    ("Zorbo Kant kaj lia edzino Ana venis.", "edzino", ["Zorbo", "Kant"]),
    # a clause before is read by its subject first, before a name of its "de" phrase
    ("En Zorbujo reĝis Bertilo, filo de Zorbo, kaj la nomo de lia urbo estis Dinhaba.",
     "urbo", ["Bertilo"]),
    # in a clause before, its subject first
    ("Kaj kiam Zorbo benis Petron kaj Petro eliris de antaŭ sia patro Zorbo, lia frato "
     "Ringo venis.", "frato", ["Petro"]),
    ("Kaj li ploris pro Zorbo, ke lia patro insultis lin.", "patro", []),
    # but after a verb of bearing, the child: the next of a genealogy
    ("Zorbo naskigis Petron; lia filo estis Ringo.", "filo", ["Petron"]),
    ("Zorbo havis filon Petro; lia filo estis Ringo.", "filo", ["Petro"]),
    ("Zorbo naskigis Petron; lia filo estis Ringo, lia nepo estis Bertilo.", "nepo",
     ["Ringo"]),
    # a name given to a place or a thing is no one's owner of kin
    ("Kiam mortis Zorbo, ekreĝis Bertilo; la nomo de lia urbo estis Pau, kaj la nomo de lia "
     "edzino estis Ana.", "edzino", ["Bertilo"]),
    # never the clause's subject, nor the relative pronoun's noun that is that subject
    ("Zorbo vokis lian filon Petro.", "filon", []),
    ("Zorbo, kiu vokis lian filon, venis.", "filon", []),
    # a name the noun describes is not whose the noun is
    ("Zorbo Kant, lia filo.", "filo", []),
    ("Zorbo riproĉis Anan, la edzinon de lia frato.", "frato", []),
    # what stands between may be what it stands for: a pronoun, a person's common noun,
    # the start of someone's words
    ("Zorbo diris, ke li vokis lian filon.", "filon", []),
    ("Zorbo vidis Petron, la knabon kaj lian patrinon.", "patrinon", []),
    # so may a name of a "de" phrase; and a name after a name may say who the first is
    ("Ana vidis la filon de Zorbo kaj lian edzinon.", "edzinon", []),
    ("Ni gastis ĉe via parenco Zorbo, Buzano, kaj ĉe lia filo Petro.", "filo", []),
    ("Kiam Zorbo kaj Ana adiaŭis la instruiston, lian edzinon kaj Petron, ili ridis.",
     "edzinon", []),
    ("Zorbo diris: lia filo venis.", "filo", []),
    # "ŝia" is a woman's and "lia" a man's: a name a noun says is of the other sex is passed
    ("Ana vidis sinjoron Zorbo kaj ŝian filon.", "filon", []),
    ("Zorbo vidis fraŭlinon Ana kaj lian filon.", "filon", []),
    ("Zorbo vidis fraŭlinon Ana kaj ŝian filon.", "filon", ["Ana"]),
    # a people or a place is no one's kin; a capitalised "Lia" inside a sentence is God's
    ("Ili vidis la Levidon kaj lian filon.", "filon", []),
    ("Ŝi iris en Romon kaj lia filo venis.", "filo", []),
    ("Kaj la reĝo ekreĝigis super Zorbujo kaj Pau lian fraton Bertilo.", "fraton", []),
    ("Tiam venis Petro kaj Lia anĝelo.", "anĝelo", []),
    # "sia" is the subject's (``possessive_subject``)
    ("Zorbo renkontis Petron kaj sian filon.", "filon", []),
])
def test_lia_stands_for_the_person_named_before_it(text: str, noun: str,
                                                   referent: list[str]) -> None:
    assert _referent(text, noun) == referent


def _answer(question: str, text: str) -> str | None:
    found = FactoidExpert().answer(parse(question), [Evidence(text, parse(text), 1, 1.0)])
    return found.text if found is not None else None


def test_a_name_given_to_someone_elses_kin_by_lia_is_no_answer() -> None:
    asked = "Kiu estis la edzino de Zorbo?"
    assert _answer(asked, "Zorbo venis kun sia edzino Mirela.") == "Mirela"
    assert _answer(asked, "Zorbo venis kun lia edzino Mirela.") != "Mirela"
    # and the subject is not the kin of one its "lia" gives to another
    asked = "Kiu estis la patro de Bertilo?"
    assert _answer(asked, "Zorbo vokis sian filon Bertilo.") == "Zorbo"
    assert _answer(asked, "Zorbo vokis lian filon Bertilo.") != "Zorbo"


def test_a_name_given_to_the_kin_of_the_one_lia_stands_for_is_that_ones() -> None:
    said = "La nomo de la viro estis Bertilo, kaj la nomo de lia edzino estis Mirela."
    assert _answer("Kiel nomiĝis la edzino de Bertilo?", said) == "Mirela"
    assert _answer("Kiel nomiĝis la edzino de Zorbo?", said) != "Mirela"
    # read the other way, the name it stands for is the asked kin's
    assert _answer("Kiu estis la edzo de Mirela?", said) == "Bertilo"


def test_a_name_in_a_place_phrase_is_given_to_no_noun() -> None:
    assert _named("Petro venis al Romo kun sia filino.", "Romo") == (None, set())
    assert _named("Petro venis al Romo kun sia filino.", "Petro") == (None, set())


def test_a_question_names_the_noun_and_owner_it_asks_by() -> None:
    frame = read_frame(parse("Kiel nomiĝis la edzino de la reĝo Zorbo?"))
    assert frame is not None
    assert (frame.named_stems, frame.named_owners) == ({"edzin"}, {"zorb"})
    frame = read_frame(parse("Kiu estis la filo de Zorbo?"))
    assert frame is not None and frame.named_stems == {"fil"}
    for question in ("Kiu estas Zorbo?", "Kiun vidis la filo de Zorbo?"):
        frame = read_frame(parse(question))
        assert frame is not None and not frame.named_stems


def test_a_name_question_is_read_by_the_relative_clause_about_the_one_named() -> None:
    # the naming verb says no action: the relative clause says what the person did or
    # underwent, and who else is in it
    frame = read_frame(parse("Kiel nomiĝis la fiŝisto, kiu kaptis la grandan karpon?"))
    assert frame is not None and frame.role == "name"
    assert frame.verb_roots == {"kapt"}
    assert dict(frame.role_terms)["object"] >= {"karp"}
    assert frame.voice is not None and frame.voice.transitive and not frame.voice.doer
    frame = read_frame(parse("Kiel nomiĝis la knabo, kiun Mirela savis?"))
    assert frame is not None and frame.verb_roots == {"sav"}
    assert "mirela" in dict(frame.role_terms)["subject"]
    assert frame.voice is not None and frame.voice.transitive and frame.voice.doer
    # without a relative clause after its subject, the question keeps its own clause
    for question in ("Kiel nomiĝis la fiŝisto?", "Kiun vidis la fiŝisto, kiu kaptis karpon?"):
        frame = read_frame(parse(question))
        assert frame is not None and "kapt" not in frame.verb_roots


def _converse(question: str, text: str) -> list[str]:
    frame = read_frame(parse(question))
    assert frame is not None
    sentence = parse(text)
    return [sentence.words[i].form for i in sorted(kin_named(sentence, frame))]


@pytest.mark.parametrize(("question", "text", "kin"), [
    # a child's noun says who the parent is, and the other way round
    ("Kiu estis la patro de Bertilo?", "Bertilo, la filo de Zorbo, venis.", ["Zorbo"]),
    ("Kiu estis la patro de Bertilo?", "Kaj la filo de Mirela, Bertilo, iris hejmen.",
     ["Mirela"]),
    # "la filo de Zorbo" does not say whether Zorbo is a man or a woman: no mother
    ("Kiu estis la patrino de Bertilo?", "Bertilo, la filo de Zorbo, venis.", []),
    ("Kiu estis la fratino de Bertilo?", "Bertilo, la frato de Zorbo, venis.", []),
    ("Kiu estis la edzino de Bertilo?", "Bertilo, la edzo de Ingrid, venis.", ["Ingrid"]),
    ("Kiel nomiĝis la filo de Zorbo?", "Zorbo, la patro de Bertilo, dormis.", ["Bertilo"]),
    ("Kiu estis la edzo de Ingrid?", "Ingrid, la edzino de Zorbo Kant, kantis.",
     ["Zorbo", "Kant"]),
    ("Kiu estis la avo de Bertilo?", "Bertilo, nepo de Zorbo, ridis.", ["Zorbo"]),
    # a noun that is no converse of the asked one, or said of someone else, says nothing
    ("Kiu estis la patro de Bertilo?", "Bertilo, la edzo de Mirela, venis.", []),
    ("Kiu estis la patro de Bertilo?", "Ringo, la filo de Zorbo, venis.", []),
    ("Kiu estis la patro de Bertilo?", "Bertilo venis kun Zorbo.", []),
    # a possessive "sia" is the subject's: Bertilo is Zorbo's son; "lia" is another's
    ("Kiu estis la patro de Bertilo?", "Zorbo vokis sian filon Bertilo.", ["Zorbo"]),
    ("Kiu estis la patro de Bertilo?", "Zorbo vokis lian filon Bertilo.", []),
    ("Kiu estis la patro de Bertilo?", "Zorbo kaj lia filo Bertilo venis.", ["Zorbo"]),
    ("Kiu estis la patro de Bertilo?", "Zorbo vokis Ringon kaj lian filon Bertilo.",
     ["Ringon"]),
    # a verb of bearing says who is whose parent, whichever side is asked
    ("Kiu estis la patro de Bertilo?", "Kaj Zorbo naskigis Bertilon.", ["Zorbo"]),
    ("Kiu estis la patrino de Bertilo?", "Kaj Ingrid naskis Bertilon.", ["Ingrid"]),
    ("Kiu estis la patro de Bertilo?", "Al Zorbo naskiĝis Bertilo.", ["Zorbo"]),
    # naskigi says the father, naskiĝi al either: neither answers who the mother was
    ("Kiu estis la patrino de Bertilo?", "Kaj Zorbo naskigis Bertilon.", []),
    ("Kiu estis la patrino de Bertilo?", "Al Zorbo naskiĝis Bertilo.", []),
    ("Kiu estis la patro de Bertilo?", "Kaj Ingrid naskis Bertilon.", []),
    ("Kiu estis la filo de Zorbo?", "Zorbo naskigis Bertilon kaj Ringon.",
     ["Bertilon", "Ringon"]),
    ("Kiu estis la filo de Zorbo?", "Kaj Bertilo naskigis Zorbon.", []),
    ("Kiu estis la edzo de Ingrid?", "Kaj Zorbo naskigis Bertilon.", []),
])
def test_a_converse_kin_noun_or_a_verb_of_bearing_names_the_kin_asked(
        question: str, text: str, kin: list[str]) -> None:
    assert _converse(question, text) == kin


def test_the_converse_kin_is_the_answer() -> None:
    found = FactoidExpert().answer(
        parse("Kiu estis la patro de Bertilo?"),
        [Evidence(text, parse(text), n, 1.0) for n, text in enumerate((
            "Bertilo, la filo de Zorbo, loĝis en la urbo.",
            "Ringo, la filo de Kastor, loĝis apude."), 1)])
    assert found is not None and found.text == "Zorbo"


def test_kies_with_a_kin_noun_asks_for_the_converse_kin() -> None:
    found = kin_asked_by_kies(parse("Kies filo estis Bertilo?"))
    assert found is not None
    rewritten, stems = found
    assert rewritten.text == "Kiu estis la patro de Bertilo?" and stems == {"patr", "patrin"}
    frame = read_frame(parse("Kies edzino estas Ingrid?"))
    assert frame is not None and frame.named_stems == {"edz"}
    assert frame.named_owners == {"ingrid"}
    # a kies of another noun, or of a kin noun not said of a name, asks its own question
    for question in ("Kies libron legis Bertilo?", "Kies filo estas la reĝo?",
                     "Kies filon vidis Bertilo?"):
        assert kin_asked_by_kies(parse(question)) is None


@pytest.mark.parametrize("evidence", ["Zorbo, la patro de Bertilo, venis.",
                                      "Bertilo, la filo de Zorbo, venis.",
                                      "Kaj Zorbo naskigis Bertilon."])
def test_kies_kin_is_answered_by_either_side_of_the_relation(evidence: str) -> None:
    found = FactoidExpert().answer(parse("Kies filo estis Bertilo?"),
                                   [Evidence(evidence, parse(evidence), 1, 1.0)])
    assert found is not None and found.text == "Zorbo"
