"""Yes/no by clause matching, on made-up sentences."""

from __future__ import annotations

from klareco.experts.base import Evidence
from klareco.experts.factoid.frame import read_frame
from klareco.experts.factoid.yes_no import clause_fillers, phrases_missing, yes_no
from klareco.parse import parse


def verdict(question: str, *evidence: str) -> str | None:
    asked = parse(question)
    frame = read_frame(asked)
    assert frame is not None
    found = yes_no(frame, asked, [Evidence(t, parse(t), n, 1.0)
                                  for n, t in enumerate(evidence, 1)])
    return None if found is None else found.answer


def test_the_same_clause_is_jes_and_swapped_roles_are_ne() -> None:
    said = "Petro batis sian fraton Paŭlo kaj forkuris."
    assert verdict("Ĉu Petro batis Paŭlon?", said) == "jes"
    assert verdict("Ĉu Paŭlo batis Petron?", said) == "ne"


def test_a_name_right_after_a_noun_names_it() -> None:
    said = "La reĝo benis sian filon Tomaso."
    assert verdict("Ĉu la reĝo benis Tomason?", said) == "jes"
    assert verdict("Ĉu la reĝo benis Jakobon?", said) == "ne"


def test_a_shared_subject_and_a_pronoun_keep_who_did_what() -> None:
    said = "Petro renkontis sian fraton Paŭlo kaj batis lin."
    fillers = clause_fillers(parse(said), 1)
    assert "petr" in " ".join(fillers["subject"]) and "paŭl" in " ".join(fillers["object"])
    assert verdict("Ĉu Paŭlo batis Petron?", said) == "ne"


def test_jes_and_ne_give_the_answer_s_own_polarity() -> None:
    # whatever the question's form: "Ĉu Ana ne dormis?" – "Ne, ŝi ne dormis." / "Jes, ŝi dormis."
    assert verdict("Ĉu Ana dormis?", "Ana ne dormis en la nokto.") == "ne"
    assert verdict("Ĉu Ana ne dormis?", "Ana ne dormis en la nokto.") == "ne"
    assert verdict("Ĉu Ana ne dormis?", "Ana dormis en la nokto.") == "jes"
    assert verdict("Ĉu Ana dormis?", "Ana dormis en la nokto.") == "jes"


def test_another_name_after_the_same_noun_is_ne() -> None:
    said = "Marta, filino de Jozefo, kantis."
    assert verdict("Ĉu Marta estas filino de Karlo?", said) == "ne"


def test_the_clause_about_the_question_s_subject_is_read_before_a_mere_copula() -> None:
    # a copula clause about someone else ("la kato estis filino …") shares only the predicate
    # noun; the clause that names the question's subject says whose daughter she is
    asked = "Ĉu Ludmilo estas filino de Karlo?"
    other = "Oni diras, ke la kato estis filino de muelisto."
    own = "Ludmilo, filino de Jozefo, kantis."
    assert verdict(asked, other, own) == "ne"
    assert verdict("Ĉu Ludmilo estas filino de Jozefo?", other, own) == "jes"


def test_nothing_matching_is_no_answer() -> None:
    assert verdict("Ĉu Ana dormis?", "La hundo bojis.") is None


def test_a_subordinate_clause_between_does_not_lend_its_subject() -> None:
    said = ("Petro vidis Paŭlon; kaj kiam ili estis en la urbo, Petro kuris al sia frato "
            "Paŭlo kaj batis lin.")
    assert verdict("Ĉu Paŭlo batis Petron?", said) == "ne"
    assert verdict("Ĉu Petro batis Paŭlon?", said) == "jes"


def test_another_object_or_predicate_in_the_same_clause_is_read_as_differing() -> None:
    asked = parse("Ĉu Petro manĝis pomon?")
    frame = read_frame(asked)
    assert frame is not None

    def differs(text: str) -> float:
        found = yes_no(frame, asked, [Evidence(text, parse(text), 1, 1.0)])
        assert found is not None
        return found.features["yn:filler_differs"]

    assert differs("Petro manĝis panon en la kuirejo.") == 1.0
    assert differs("Petro manĝis pomon en la kuirejo.") == 0.0


def test_another_object_or_predicate_is_ne_and_a_modifier_more_or_less_is_not() -> None:
    assert verdict("Ĉu la kato trinkis lakton?", "La kato trinkis akvon.") == "ne"
    assert verdict("Ĉu la rozo estas ruĝa?", "La rozo estas blanka.") == "ne"
    assert verdict("Ĉu la kato trinkis freŝan lakton?", "La kato trinkis lakton.") == "jes"
    assert verdict("Ĉu la kato trinkis lakton?", "La kato trinkis la freŝan lakton.") == "jes"
    # the same object in another order of words, or with a dative before it
    assert verdict("Ĉu la knabo donis la pomon al Ana?", "Al Ana la knabo donis la pomon.") \
        == "jes"


def test_the_expert_offers_both_verdicts_with_the_clause_reading_joined_to_each() -> None:
    from klareco.experts.factoid import FactoidExpert

    text = "Petro batis sian fraton Paŭlo."
    options = FactoidExpert().options(parse("Ĉu Paŭlo batis Petron?"),
                                      [Evidence(text, parse(text), 1, 1.0)])
    by_answer = {o.text: o.features for o in options[1:]}
    assert set(by_answer) == {"jes", "ne"}
    # both crossed: Petro is the subject, and Paŭlo names the brother, the object
    assert by_answer["ne"]["ne|yn:crossed_role"] == 2.0
    assert by_answer["jes"]["jes|yn:crossed_role"] == 2.0
    assert not any(name.startswith("jes|") for name in by_answer["ne"])


def test_a_phrase_of_the_question_that_the_evidence_lacks_is_counted() -> None:
    asked = parse("Ĉu Petro iris en la urbon kun sia hundo?")
    frame = read_frame(asked)
    assert frame is not None and len(frame.phrase_terms) == 2
    said = parse("Petro iris en la urbon.")
    assert phrases_missing(frame, said.words, frozenset()) == 1  # no dog there
    assert phrases_missing(frame, said.words, frozenset({"hund"})) == 0  # its work names one
    found = yes_no(frame, asked, [Evidence(said.text, said, 1, 1.0)])
    assert found is not None and found.features["yn:phrase_missing"] == 1.0


def test_a_question_in_the_passive_meets_evidence_in_the_active_and_back() -> None:
    active = "La lupo manĝis la kapron en la arbaro."
    assert verdict("Ĉu la kapro estis manĝita de la lupo?", active) == "jes"
    assert verdict("Ĉu la lupo estis manĝita de la kapro?", active) == "ne"
    passive = "La kapro estis manĝita de la lupo en la arbaro."
    assert verdict("Ĉu la lupo manĝis la kapron?", passive) == "jes"
    assert verdict("Ĉu la kapro manĝis la lupon?", passive) == "ne"


def test_a_coordinate_passive_without_subject_is_about_the_subject_before_it() -> None:
    fillers = clause_fillers(parse("Petro falis kaj estis vundita de la ŝtonoj."), 1)
    assert "petr" in " ".join(fillers["object"]) and "ŝton" in " ".join(fillers["subject"])


def test_a_neni_correlative_in_any_form_denies_its_clause() -> None:
    assert verdict("Ĉu Ana havis filon?", "Ana havis neniun filon.") == "ne"
    assert verdict("Ĉu Petro diris ion?", "Petro diris nenion al la juĝisto.") == "ne"
    assert verdict("Ĉu Ana havis filon?", "Ana havis unu filon.") == "jes"


def test_the_clause_is_read_in_the_question_s_voice() -> None:
    said = "Bertilo mortigis la gardiston."
    assert verdict("Ĉu la gardisto mortis?", said) == "jes"
    assert verdict("Ĉu la pordo malfermiĝis?", "La ventego malfermis la pordon.") == "jes"
    # who killed is no one who died: in the question's voice he has no role
    frame = read_frame(parse("Ĉu la gardisto mortis?"))
    assert frame is not None
    fillers = clause_fillers(parse(said), 0, frame.voice)
    assert fillers == {"subject": {"gard", "gardist"}}


def test_mal_makes_a_verb_or_a_predicate_its_opposite() -> None:
    assert verdict("Ĉu la ponto estis longa?", "La ponto estis mallonga.") == "ne"
    assert verdict("Ĉu la ponto estis mallonga?", "La ponto estis longa.") == "ne"
    assert verdict("Ĉu Bertilo fermis la fenestron?", "Bertilo malfermis la fenestron.") == "ne"
    assert verdict("Ĉu Bertilo malfermis la fenestron?",
                   "Bertilo malfermis la fenestron.") == "jes"
    # a noun that only shares the root elsewhere in the clause says nothing of it
    assert verdict("Ĉu la vojo estis longa?", "La vojo estis longa kaj malseka.") == "jes"


def test_a_clause_only_about_someone_else_gives_no_verdict() -> None:
    # the question's subject is in no role of the only clause that matches: it says nothing
    # of whether Ludmilo sang
    assert verdict("Ĉu Ludmilo kantis en la preĝejo?", "Karlo kantis en la preĝejo.") is None
    assert verdict("Ĉu Ludmilo kantis en la preĝejo?",
                   "Ludmilo kantis en la preĝejo.") == "jes"


def test_another_kin_noun_of_the_same_owner_is_ne() -> None:
    said = "Bertilo, filo de Zorbo, venis al la urbo."
    assert verdict("Ĉu Bertilo estis la patro de Zorbo?", said) == "ne"
    assert verdict("Ĉu Bertilo estis la filo de Zorbo?", said) == "jes"


def test_a_kin_noun_given_by_sia_says_whose_kin_whatever_the_roles() -> None:
    # "sia" is the subject's: Bertilo is Zorbo's son, though Zorbo is the subject and
    # Bertilo the object of the clause
    said = "Zorbo vokis sian filon Bertilo."
    assert verdict("Ĉu Bertilo estis la filo de Zorbo?", said) == "jes"
    assert verdict("Ĉu Bertilo estis la patro de Zorbo?", said) == "ne"
    # "lia" is someone else's: Bertilo is not Zorbo's son
    assert verdict("Ĉu Bertilo estis la filo de Zorbo?", "Zorbo vokis lian filon Bertilo.") \
        == "ne"


def test_an_adjective_turned_by_mal_on_the_same_noun_is_ne() -> None:
    assert verdict("Ĉu Zorbo edziĝis kun la juna fratino?",
                   "Zorbo edziĝis kun la maljuna fratino.") == "ne"
    assert verdict("Ĉu Zorbo edziĝis kun la juna fratino?",
                   "Zorbo edziĝis kun la juna fratino.") == "jes"
    # the opposite adjective of another noun says nothing of the one asked
    assert verdict("Ĉu la juna reĝo edziĝis kun la fratino?",
                   "La juna reĝo edziĝis kun la maljuna fratino.") == "jes"
