"""The passive voice read as the active clause it says, on made-up sentences."""

from __future__ import annotations

from klareco.experts.factoid.frame import read_frame
from klareco.experts.factoid.roles import (
    action_noun_roles,
    clause_roles,
    states_whole,
    undergone,
)
from klareco.parse import parse


def roles(text: str, clause: int = 0) -> dict[str, str]:
    """The words of each role of one clause, and the word naming its action."""
    ast = parse(text)
    found = clause_roles(ast.clauses[clause], ast.words)
    shown = {key: " ".join(ast.words[i].form for i in sorted(found.of(key)))
             for key in ("subject", "object", "predicate")}
    shown["verb"] = ast.words[found.verb].form if found.verb is not None else ""
    shown["passive"] = str(found.passive)
    return shown


def test_an_active_clause_keeps_its_roles() -> None:
    assert roles("La lupo manĝis la kapron.") == {
        "subject": "La lupo", "object": "la kapron", "predicate": "", "verb": "manĝis",
        "passive": "False"}


def test_a_passive_clause_has_its_doer_as_subject_and_its_subject_as_object() -> None:
    found = roles("La kapro estis manĝita de la lupo en la arbaro.")
    assert (found["subject"], found["object"], found["verb"]) == ("la lupo", "La kapro",
                                                                   "manĝita")
    assert found["passive"] == "True" and found["predicate"] == ""


def test_a_passive_without_a_doer_and_in_every_tense() -> None:
    assert roles("La leteroj estas skribataj.")["object"] == "La leteroj"
    found = roles("La domo estos konstruota.")
    assert (found["object"], found["subject"], found["verb"]) == ("La domo", "", "konstruota")


def test_a_participle_read_into_the_noun_after_it_is_still_the_action() -> None:
    found = roles("Kie estis entombigita la maljuna reĝo?")
    assert found["verb"] == "entombigita" and found["object"].endswith("reĝo")
    assert "entombigita" not in found["object"]


def test_a_copula_with_an_adjective_or_a_noun_is_no_passive() -> None:
    assert roles("La kapro estis blanka.")["passive"] == "False"
    assert roles("La kapro estis besto de la vilaĝo.")["predicate"] == "besto de la vilaĝo"
    # an active participle says who does it, not to whom: no passive
    assert roles("La lupo estis manĝinta la kapron.")["passive"] == "False"


def test_a_passive_question_asks_for_the_undergoer_or_the_doer() -> None:
    undergoer = read_frame(parse("Kiu estis manĝita de la lupo?"))
    assert undergoer is not None and undergoer.role == "object"
    assert undergoer.verb_roots == {"manĝ"}
    assert dict(undergoer.role_terms)["subject"] == {"lup"}
    doer = read_frame(parse("De kiu estis manĝita la kapro?"))
    assert doer is not None and doer.role == "subject"
    assert dict(doer.role_terms)["object"] == {"kapr"}


def test_an_action_named_by_a_noun_reads_as_its_clause() -> None:
    ast = parse("La tuta laboro de la forĝisto estis dek horoj.")
    found = action_noun_roles(ast.clauses[0], ast.words, frozenset({"labor"}))
    assert found is not None
    assert ast.words[found.verb].form == "laboro"
    assert " ".join(ast.words[i].form for i in sorted(found.subject)) == "la forĝisto"
    assert " ".join(ast.words[i].form for i in sorted(found.predicate)) == "dek horoj"
    # only for the asked action, only a copula, only with the doer after "de"
    assert action_noun_roles(ast.clauses[0], ast.words, frozenset({"dorm"})) is None
    verb = parse("La forĝisto laboris dek horojn.")
    assert action_noun_roles(verb.clauses[0], verb.words, frozenset({"labor"})) is None
    bare = parse("La laboro estis peza.")
    assert action_noun_roles(bare.clauses[0], bare.words, frozenset({"labor"})) is None


def test_the_doer_of_an_action_noun_may_be_told_by_a_relative_clause() -> None:
    ast = parse("La tuta vojaĝo, kiun travojaĝis Marta, estis tri semajnoj.")
    found = action_noun_roles(ast.clauses[0], ast.words, frozenset({"vojaĝ"}), ast.clauses)
    assert found is not None
    assert [ast.words[i].form for i in sorted(found.subject)] == ["Marta"]
    # a relative clause of another action says nothing of who made the journey
    other = parse("La tuta vojaĝo, kiun priskribis Marta, estis tri semajnoj.")
    assert action_noun_roles(other.clauses[0], other.words, frozenset({"vojaĝ"}),
                             other.clauses) is None


def test_a_whole_is_a_subject_said_whole() -> None:
    def whole(text: str) -> bool:
        ast = parse(text)
        return states_whole(ast.clauses[0], ast.words)

    assert whole("La tuta vojaĝo de Marta estis tri semajnoj.")
    assert whole("Ĉiuj liaj tagoj estis naŭdek jaroj.")
    assert not whole("La vojaĝo de Marta estis tri semajnoj.")
    assert not whole("Marta vojaĝis tri semajnojn.")


def asked_roles(question: str, text: str, clause: int = 0) -> dict[str, str]:
    """The words of each role of one clause of ``text`` read in ``question``'s voice."""
    frame = read_frame(parse(question))
    assert frame is not None and frame.voice is not None
    ast = parse(text)
    found = clause_roles(ast.clauses[clause], ast.words, frame.voice)
    return {key: " ".join(ast.words[i].form for i in sorted(found.of(key)))
            for key in ("subject", "object")}


def test_ig_makes_a_root_s_subject_the_object_of_a_causer() -> None:
    # "Bertilo mortigis la gardiston": the guard died; Bertilo is no one who died
    said = "Bertilo mortigis la gardiston en la turo."
    assert asked_roles("Kiu mortis en la turo?", said) == {"subject": "la gardiston",
                                                           "object": ""}
    assert asked_roles("Kiun mortigis Bertilo?", said)["object"] == "la gardiston"
    # the other way: the one who died is the one killed, and who killed him is not said, so
    # a question that names the killer is not answered by it
    assert asked_roles("Kiu estis mortigita?", "La gardisto mortis.") == {
        "subject": "", "object": "La gardisto"}
    assert asked_roles("Kiun mortigis Bertilo?", "La gardisto mortis.") == {
        "subject": "La gardisto", "object": ""}
    # an adjective's root: riĉigi makes rich, riĉiĝi becomes rich
    assert asked_roles("Kiu riĉiĝis?", "La komercisto riĉigis sian filon.")["subject"] == \
        "sian filon"


def test_ig_on_a_root_that_takes_an_object_is_left_as_it_is() -> None:
    # "naskigi": who was born or who bore is not said by the suffix alone
    said = "Jakobo naskigis Jozefon."
    assert asked_roles("Kiu naskiĝis?", said) == {"subject": "Jakobo", "object": "Jozefon"}


def test_i_g_makes_a_transitive_verb_s_object_its_subject() -> None:
    said = "La ventego malfermis la pordon."
    assert asked_roles("Kio malfermiĝis?", said) == {"subject": "la pordon", "object": ""}
    assert asked_roles("Kio estis malfermita?", "La pordo malfermiĝis.") == {
        "subject": "", "object": "La pordo"}
    assert asked_roles("Kion malfermis la ventego?", "La pordo malfermiĝis.") == {
        "subject": "La pordo", "object": ""}
    # a verb without an object in the question or the evidence stays as it is
    assert asked_roles("Kiu sidiĝis?", "La knabo sidis.")["subject"] == "La knabo"


def test_a_clause_in_the_question_s_own_voice_or_of_another_verb_is_unchanged() -> None:
    said = "Bertilo mortigis la gardiston."
    assert asked_roles("Kiun mortigis Bertilo?", said) == {"subject": "Bertilo",
                                                           "object": "la gardiston"}
    assert asked_roles("Kiu dormis?", said)["subject"] == "Bertilo"


def test_an_event_named_by_a_noun_is_asked_as_its_verb() -> None:
    frame = read_frame(parse("Kiam okazis la morto de Bertilo?"))
    assert frame is not None and frame.role == "time"
    assert frame.verb_roots == {"mort"} and dict(frame.role_terms)["subject"] == {"bertil"}
    # -iĝ-: the born one is the subject; -ig-: the killed one the object
    born = read_frame(parse("Kiam estis la naskiĝo de Bertilo?"))
    assert born is not None and born.voice is not None and born.voice.suffix == "iĝ"
    assert dict(born.role_terms)["subject"] == {"bertil"}
    killed = read_frame(parse("Kie okazis la mortigo de Bertilo?"))
    assert killed is not None and dict(killed.role_terms)["object"] == {"bertil"}
    # a root that takes an object leaves the de phrase without a role (who visited whom?)
    visit = read_frame(parse("Kiam okazis la vizito de Bertilo?"))
    assert visit is not None and visit.verb_roots == {"vizit"} and not visit.role_terms
    # not a noun of no verb, not what a copula says of the event, not a passive
    assert read_frame(parse("Kiam okazis la nupto de Bertilo?")).verb_roots == {"okaz"}
    said = read_frame(parse("Ĉu la morto de Bertilo estis trista?"))
    assert said is not None and said.verb_roots == frozenset()
    doer = read_frame(parse("De kio estis trovita la akceptanto de Bertilo?"))
    assert doer is not None and doer.role == "subject" and doer.verb_roots == {"trov"}


def test_the_subject_of_a_verb_that_takes_no_object_or_has_iĝ_undergoes_it() -> None:
    def undergoer(text: str) -> tuple[str, str]:
        ast = parse(text)
        found = undergone(clause_roles(ast.clauses[0], ast.words), ast.words)
        return tuple(" ".join(ast.words[i].form for i in sorted(found.of(key)))
                     for key in ("subject", "object"))

    assert undergoer("Zorbo mortis en la arbaro.") == ("", "Zorbo")
    assert undergoer("La pordo malfermiĝis.") == ("", "La pordo")
    # one with an object, or a verb that takes one, keeps its roles
    assert undergoer("Zorbo manĝis la pomon.") == ("Zorbo", "la pomon")
    assert undergoer("Zorbo manĝis.") == ("Zorbo", "")
