"""From a sentence's AST to answer candidates, on made-up sentences."""

from __future__ import annotations

import pytest

from klareco.experts.factoid.candidates import answer_candidates, measured_unit
from klareco.experts.factoid.frame import matched_words, read_frame
from klareco.parse import parse


def spans(question: str, sentence: str) -> dict[str, set[str]]:
    """The candidate texts of ``sentence`` for ``question``, by slot."""
    frame = read_frame(parse(question))
    assert frame is not None
    ast = parse(sentence)
    found: dict[str, set[str]] = {}
    for candidate in answer_candidates(ast, matched_words(ast.words, frame.terms), frame):
        words = ast.words
        text = sentence[words[candidate.words[0]].start:words[candidate.words[-1]].end]
        found.setdefault(candidate.slot, set()).add(text)
    return found


def test_every_role_phrase_is_a_candidate_with_its_slot() -> None:
    said = "La knabo manĝis la pomon en la ĝardeno."
    found = spans("Kiu manĝis?", said)
    assert "La knabo" in found["subject"]
    assert "la pomon" in found["object"]
    assert "en la ĝardeno" in spans("Kie manĝis?", said)["place"]


def test_a_coordinated_list_is_one_candidate() -> None:
    found = spans("Kiujn vidis Ana?", "Ana vidis Petron, Paŭlon kaj Marion.")
    assert any("Paŭlon kaj Marion" in text for text in found["object"])


def test_the_names_listed_for_the_asked_noun_are_one_candidate() -> None:
    found = spans("Kiuj estis la filoj de Zorbo?", "La filoj de Zorbo: Petro, Paŭlo kaj Ana.")
    assert "Petro, Paŭlo kaj Ana" in found["naming"]
    assert "Petro" not in found["naming"]  # the plural asks for all of them
    found = spans("Kiu estis la filo de Zorbo?", "La filoj de Zorbo: Petro, Paŭlo kaj Ana.")
    assert {"Petro", "Petro, Paŭlo kaj Ana"} <= found["naming"]
    found = spans("Kiuj estis la amikoj de Zorbo?",
                  "Zorbo havis du amikojn: Petro kaj Ana, kiujn li amis.")
    assert "Petro kaj Ana" in found["naming"]


def test_a_pronoun_stands_for_the_name_before_it() -> None:
    found = spans("Kiun helpis Tobio?", "Tobio parolis kun sia frato Elio kaj helpis lin.")
    assert "Elio" in found["object"]


def test_the_question_own_words_are_no_candidate() -> None:
    found = spans("Kiu estas Marko?", "Marko dormas.")
    assert "Marko" not in {t for texts in found.values() for t in texts}


def test_appositions_namings_quantities_and_dates() -> None:
    assert "filo de Petro" in spans("Kiu estas Marko?", "Marko, filo de Petro, venis.")[
        "apposition"]
    assert "Bobo" in spans("Kiel nomiĝis la hundo?", "La hundo estis nomata Bobo.")["naming"]
    assert "dek du pomojn" in spans("Kiom da pomoj havis Ana?",
                                    "Ana havis dek du pomojn.")["quantity"]
    assert "la 3an de majo 1901" in spans("Kiam naskiĝis Ana?",
                                          "Ana naskiĝis la 3an de majo 1901.")["date"]
    assert "la 5-a de aŭgusto" in spans("Kiam venis Ana?", "Ana venis la 5-a de aŭgusto.")[
        "date"]


def test_an_apposition_follows_the_whole_of_a_name_of_several_words() -> None:
    # a list of a play's persons: each name, then what the person is
    said = "Petro Ivanoviĉ Kozlov, juĝisto."
    assert "juĝisto" in spans("Kiu estas Petro Ivanoviĉ Kozlov?", said)["apposition"]
    assert "juĝisto" in spans("Kiu estas Kozlov?", said)["apposition"]


def test_an_adjective_of_a_number_and_a_unit_answers_kiom_aga() -> None:
    # "tridekjara": thirty years old; the lexicon holds no root "tridek"
    found = spans("Kiom aĝa estis la knabo?", "La knabo estis eble tridekjara.")
    assert "tridekjara" in found["quantity"]
    assert "dumonata" in spans("Kiom aĝa estis la hundo?", "La hundo estis dumonata.")[
        "quantity"]
    # a clause that holds one says more than the age: the word alone answers
    said = "Li ne ludis, ĉar, kvankam li estis forta knabo (eble dekdujara), li timis."
    assert spans("Kiom aĝa estis la knabo?", said) == {"quantity": {"dekdujara"}}


@pytest.mark.parametrize(("word", "unit"), [
    ("dekjara", "jar"), ("tridekjaraj", "jar"), ("dumonatan", "monat"), ("kvintaga", "tag"),
    ("dekstra", None), ("centra", None), ("unua", None), ("sepa", None), ("jara", None)])
def test_the_unit_of_a_numeral_compound(word: str, unit: str | None) -> None:
    adjective = next(w for w in parse(f"Ĝi estas {word} afero.").words if w.form == word)
    assert measured_unit(adjective) == unit


def test_an_adverb_is_a_manner_and_a_clause_a_predicate() -> None:
    found = spans("Kiel kuris la knabo?", "La knabo kuris rapide al la domo.")
    assert "rapide" in found["manner"]
    assert any(text.startswith("kuris rapide") for text in found["verb_phrase"])


@pytest.mark.parametrize("adverb", ["fine", "tute", "poste", "kune", "unue", "dufoje"])
def test_an_adverb_of_order_degree_or_time_is_no_manner(adverb: str) -> None:
    # "Kiel la knabo kuris?" asks how: "rapide", not "fine" (at last) or "unue" (first)
    found = spans("Kiel kuris la knabo?", f"La knabo {adverb} kuris rapide al la domo.")
    assert found["manner"] == {"rapide"}


def test_an_adverb_in_en_says_where_to() -> None:
    found = spans("Kien kuris la knabo?", "La knabo rapide kuris hejmen.")
    assert found["direction"] == {"hejmen"} and "manner" not in found
    assert "hejmen" not in spans("Kiel kuris la knabo?",
                                 "La knabo rapide kuris hejmen.").get("manner", set())


def test_a_question_word_says_what_kind_of_answer_it_takes() -> None:
    # kiom: an amount; kiel nomiĝis: a name; kiam: a time; kial: a cause
    said = "Ana vizitis sian amikon en la urbo ĉar ŝi sopiris."
    assert "quantity" not in spans("Kiom aĝa estis Ana?", said)
    assert not spans("Kiom aĝa estis Ana?", said)
    assert not spans("Kiel nomiĝis la amiko?", said)
    assert set(spans("Kial Ana vizitis la amikon?", said)) <= {"because_clause", "reason",
                                                               "purpose"}
    assert spans("Kial Ana vizitis la amikon?", said)
    assert "la urbo" in " ".join(spans("Kie Ana vizitis la amikon?", said)["place"])


def test_a_count_of_time_keeps_what_it_counts_from() -> None:
    found = spans("Kiam foriris Ana?", "Tri tagojn post la festo foriris Ana.")
    assert "Tri tagojn post la festo" in found["time"]


def test_a_denied_clause_gives_no_answer_and_kies_asks_a_possessor() -> None:
    found = spans("Kiel nomiĝas la hundo?", "La hundo ne nomiĝas Bobo; ĝia nomo estas Reks.")
    texts = {t for group in found.values() for t in group}
    assert "Reks" in texts and "Bobo" not in texts
    # a clause that carries its own negation is a reason all the same
    found = spans("Kial Petro dormis en la arbaro?",
                  "Petro dormis en la arbaro, ĉar li ne trovis la vojon.")
    assert "ĉar li ne trovis la vojon" in found["because_clause"]
    found = spans("Pro kies letero Ana ploris?", "Ana ploris pro la letero de Petro.")
    assert set(found) == {"possessor"} and "Petro" in found["possessor"]


def test_a_subject_is_no_prepositional_phrase_and_an_amount_no_clause() -> None:
    said = "La knabo manĝis la pomon en la ĝardeno."
    assert not any(t.startswith("en ") for group in spans("Kiu manĝis?", said).values()
                   for t in group)
    found = spans("Kiom aĝa estis Ana?", "Ana estis dudek jarojn aĝa.")
    assert {t for group in found.values() for t in group} == {"dudek jarojn"}


def test_a_year_is_asked_by_en_kiu_jaro_a_count_of_years_is_not() -> None:
    assert spans("En kiu jaro mortis Petro?", "Petro mortis en 1905.")
    assert not spans("En kiu jaro mortis Petro?", "Petro vivis okcent jarojn.")


def test_a_name_given_is_nominative_and_a_person_is_not_named_by_a_country() -> None:
    said = "La edzino de Petro iris al Parizo kaj vidis Anan en Francujo."
    assert not spans("Kiel nomiĝis la edzino de Petro?", said)
    assert "Marta" in " ".join(spans("Kiel nomiĝis la edzino de Petro?",
                                     "La edzino de Petro nomiĝis Marta.").get("naming", ()))


def test_a_passive_clause_offers_its_doer_and_undergoer_in_their_active_roles() -> None:
    said = "La kapro estis manĝita de la lupo."
    assert "La kapro" in spans("Kiun manĝis la lupo?", said)["object"]
    assert "la lupo" in spans("Kiu manĝis la kapron?", said)["subject"]


def test_a_numeral_after_the_da_phrase_it_counts_answers_kiom_da() -> None:
    said = "La reĝo havis da ĉevaloj kvardek kaj da ŝafoj ducent."
    assert spans("Kiom da ĉevaloj havis la reĝo?", said)["quantity"] == {"kvardek"}
    assert spans("Kiom da ŝafoj havis la reĝo?", said)["quantity"] == {"ducent"}
    # after a "de" phrase and a comma too; but a numeral after a bare noun counts nothing
    found = spans("Kiom da fiŝoj estis en la reto?", "La reto estis plena de fiŝoj, sesdek.")
    assert found["quantity"] == {"sesdek"}
    assert "quantity" not in spans("Kiom da fiŝoj kaptis Petro?", "Petro kaptis fiŝojn, sesdek.")


def test_en_kiu_tago_takes_an_ordinal_and_en_kiu_tempo_any_time() -> None:
    found = spans("En kiu tago la reĝo revenis?", "La reĝo revenis en la tria tago.")
    assert "en la tria tago" in found["time"]
    # "en kiu jaro" asks for a date: not how long
    assert "time" not in spans("En kiu jaro Petro loĝis en Romo?",
                               "Petro loĝis en Romo dum tri jaroj.")
    found = spans("En kiu tempo de la jaro ili venis?",
                  "Ili venis je la komenco de la vintro.")
    assert "je la komenco de la vintro" in found["time"]


def test_a_word_of_the_same_root_is_not_the_question_s_own() -> None:
    said = "La knabo iris al la fiŝisto ĉe la rivero."
    assert "al la fiŝisto" in spans("Al kiu iris la knabo por aĉeti fiŝon?", said)[
        "indirect_object"]
    # the question's own word is still no answer
    assert "indirect_object" not in spans("Al kiu iris la fiŝisto?",
                                          "La fiŝisto iris al la fiŝisto.")
    # nor is a word that is only a part of a compound the question says: hands for wrists
    found = spans("En kio la knabo tenis la manradikojn?",
                  "La knabo tenis la manradikojn en siaj manoj.")
    assert "en siaj manoj" in found["place"]


def test_a_relative_pronoun_stands_for_the_noun_phrase_before_it() -> None:
    said = "Ni renkontis la maljunan kuraciston, kiu loĝis en la vilaĝo."
    assert "la maljunan kuraciston" in spans("Kiu loĝis en la vilaĝo?", said)["subject"]
    said = "Petro vidis la domon, kiun konstruis lia patro."
    assert "la domon" in spans("Kion konstruis la patro de Petro?", said)["object"]


def test_a_name_given_in_quotes_after_a_naming_word_is_a_naming() -> None:
    said = "La societo prenis por si la nomon “Verda Stelo de Lyon” antaŭ du jaroj."
    assert spans("Kiel nomiĝis la societo?", said).get("naming") == {"Verda Stelo de Lyon"}
    # an unclosed quotation gives none
    said = "La societo prenis por si la nomon “Verda Stelo kaj poste ankoraŭ multe pli."
    assert "naming" not in spans("Kiel nomiĝis la societo?", said)


def test_only_a_determiner_question_word_takes_the_noun_after_it() -> None:
    # "Kie knaboj dormis?": kie takes no noun, the boys are the subject, any place answers
    found = spans("Kie knaboj dormis?", "Knaboj dormis en la arbaro.")
    assert "en la arbaro" in found["place"]
    # "En kiu urbo …": the city is asked, so a place that is no city does not answer
    assert not spans("En kiu urbo knaboj dormis?", "Knaboj dormis en la arbaro.").get("place")


def test_a_number_after_a_noun_names_it_and_one_before_a_noun_counts_that_noun() -> None:
    found = spans("Kiam falis la turo?", "La turo falis en la jaro 1350.")
    assert "en la jaro 1350" in found["time"]
    found = spans("Kiam li vizitis la urbon?", "Li vizitis la urbon 3 fojojn.")
    assert "la urbon 3" not in {t for group in found.values() for t in group}


def test_a_por_ke_clause_is_a_purpose() -> None:
    found = spans("Kial la knabino kantis?", "La knabino kantis, por ke la bebo ne ploru.")
    assert "por ke la bebo ne ploru" in found["purpose"]


def test_a_name_right_after_a_common_noun_belongs_to_its_phrase() -> None:
    # an -n name that is no accusative (Kedron) stays with its noun when the clause has
    # its object already; one the clause needs as its object is the object
    found = spans("Kien Tobio kondukis la ŝafojn?",
                  "Tobio kondukis ilin al la rivero Kedron kaj lavis ilin tie.")
    assert "al la rivero Kedron" in found["direction"]
    found = spans("Kiun vidis Tobio?", "Tobio vidis la reĝon Davidon en la urbo Jerusalem.")
    assert "la reĝon Davidon" in found["object"]
    found = spans("Kiun Tobio donis?", "Tobio donis al la knabo Elion.")
    assert "Elion" in found["object"]
    assert "al la knabo" in spans("Al kiu Tobio donis Elion?",
                                  "Tobio donis al la knabo Elion.")["indirect_object"]


def test_a_plural_pronoun_stands_for_names_joined_by_kaj_not_for_one_name() -> None:
    found = spans("Kiujn Tobio vidis?", "Elio kaj Marko venis, kaj Tobio vidis ilin.")
    assert "Elio kaj Marko" in found["object"]
    found = spans("Kiujn Tobio lavis?", "Tobio kondukis la ŝafojn al Elio kaj lavis ilin.")
    assert "Elio" not in found.get("object", set())
    assert "Elio" in spans("Kiun Tobio vidis?", "Elio venis, kaj Tobio vidis lin.")["object"]


def test_a_number_the_question_says_is_its_own_word() -> None:
    found = spans("Kiuj estis la tri fratoj de Tobio?",
                  "Kiam la tri fratoj de Tobio aŭdis tion, ili tuj venis.")
    assert "la tri fratoj de Tobio" not in {t for texts in found.values() for t in texts}
    assert "la tri fratoj de Tobio" in {t for texts in spans(
        "Kiuj estis la fratoj de Tobio?",
        "Kiam la tri fratoj de Tobio aŭdis tion, ili tuj venis.").values() for t in texts}


def test_kien_is_not_answered_where_from_and_de_kie_not_where_to() -> None:
    said = "Tobio iris de la urbo al la maro."
    texts = {t for texts in spans("Kien iris Tobio?", said).values() for t in texts}
    assert "al la maro" in texts and "de la urbo" not in texts
    texts = {t for texts in spans("De kie iris Tobio?", said).values() for t in texts}
    assert "de la urbo" in texts and "al la maro" not in texts


def test_a_length_of_time_in_several_units_is_one_amount() -> None:
    found = spans("Kiom longe ne pluvis?", "Ne pluvis dum du jaroj kaj tri monatoj.")
    assert found["quantity"] == {"du jaroj kaj tri monatoj"}
    assert "tri monatoj" not in found.get("subject", set())
    # children of two kinds are two counts: each is an answer of its own
    found = spans("Kiom da filoj havis Tobio?", "Tobio havis tri filojn kaj du filinojn.")
    assert "tri filojn" in found["quantity"]


def test_a_clause_too_long_for_a_short_answer_keeps_its_subject_verb_and_what_follows() -> None:
    said = ("Tobio restis hejme, ĉar dum la tuta longa malvarma vintro la stato de lia "
            "maljuna patro estis tro malbona.")
    found = spans("Kial Tobio restis hejme?", said)
    assert "la stato de lia maljuna patro estis tro malbona" in found["because_clause"]
    short = spans("Kial Tobio restis hejme?", "Tobio restis hejme, ĉar lia patro malsanis.")
    assert "ĉar lia patro malsanis" in short["because_clause"]


def test_kies_is_answered_by_the_noun_a_possessive_stands_for_by_number_and_sex() -> None:
    asked = "Kies ĉevalo estas rapida?"
    found = spans(asked, "Tobio trovis bonan rajdistinon, kaj ŝia ĉevalo estas rapida.")
    assert "bonan rajdistinon" in found["possessor"]
    found = spans(asked, "La reĝino vidis la knabon, kaj lia ĉevalo estas rapida.")
    assert found["possessor"] == {"la knabon"}
    found = spans(asked, "La reĝino vidis la knabojn, kaj ilia ĉevalo estas rapida.")
    assert found["possessor"] == {"la knabojn"}


def test_a_range_of_numbers_is_one_amount() -> None:
    found = spans("Kiom altaj estas la turoj?", "La turoj estas altaj 5-6 metrojn.")
    assert "5-6 metrojn" in found["quantity"]


def test_a_prepositional_phrase_between_a_subject_noun_and_its_verb_describes_the_noun() -> None:
    found = spans("Kio estas la komenco de saĝo?",
                  "La timo antaŭ la reĝo estas la komenco de saĝo.")
    assert found["subject"] == {"La timo antaŭ la reĝo"}
    assert spans("Kiu venis?", "La reĝo en tiu tago venis.")["subject"] == {"La reĝo"}
    assert spans("Kiu venis?", "La reĝo venis en la urbon.")["subject"] == {"La reĝo"}


def test_a_pronoun_object_is_not_its_own_clause_s_subject() -> None:
    # the subject itself would be "sin": "lin" is someone named before
    found = spans("Kiun Paŭlo vidis?", "Tobio venis, kaj Elio vidis lin.")
    assert found["object"] == {"Tobio"}


def referents(question: str, sentence: str, before: str) -> dict[str, list[str]]:
    """The names that the pronoun candidates of ``sentence`` stand for when ``before`` is the
    sentence before it, by slot."""
    frame = read_frame(parse(question))
    assert frame is not None
    ast, earlier = parse(sentence), parse(before)
    found: dict[str, list[str]] = {}
    for candidate in answer_candidates(ast, matched_words(ast.words, frame.terms), frame,
                                       lambda: earlier):
        if candidate.referent:
            assert candidate.pronoun and len(candidate.words) == 1  # the span: the pronoun
            found.setdefault(candidate.slot, []).append(
                " ".join(w.form for w in candidate.referent))
    return found


@pytest.mark.parametrize(("sentence", "before", "expected"), [
    # the narrative goes on with the subject of the sentence before
    ("Kaj li konstruis novan domon.", "Tiam Marko revenis el la urbo.", ["Marko"]),
    ("Ŝi konstruis domon apud la rivero.", "Marta Kovalska diris al la vilaĝanoj: Venu.",
     ["Marta Kovalska"]),
    ("Ili konstruis domon.", "Petro kaj Paŭlo venis al la monto.", ["Petro kaj Paŭlo"]),
    # "ili" after one name, "li" after two: they stand for someone else
    ("Ili konstruis domon.", "Petro venis al la monto.", []),
    ("Li konstruis domon.", "Petro kaj Paŭlo venis al la monto.", []),
    # the subject before is no name (a pronoun, a common noun): nothing to stand for
    ("Li konstruis domon.", "Li venis al la urbo de Marko.", []),
    ("Li konstruis domon.", "La viro vidis Markon.", []),
    # a name before the pronoun in its own sentence is what it may stand for, not the one
    # of the sentence before
    ("Post la morto de Elio li konstruis domon.", "Marko venis.", []),
    # "ĝi" is a thing or an animal
    ("Ĝi konstruis neston.", "Marko venis.", []),
])
def test_a_subject_pronoun_with_no_name_before_it_continues_the_sentence_before(
        sentence: str, before: str, expected: list[str]) -> None:
    assert referents("Kiu konstruis domon?", sentence, before).get("subject", []) == expected


def test_only_the_subject_pronoun_is_read_across_sentences() -> None:
    assert referents("Kiu vidis la hundon?", "Ŝi vidis lin kaj la hundon.",
                     "Tiam Ana venis hejmen.") == {"subject": ["Ana"]}
    # nor is the sentence before read for a question about another role
    assert referents("Kiun vidis la knabo?", "Li vidis la knabon.", "Marko venis.") == {}


def test_a_name_the_question_says_is_no_answer_in_a_pronoun_either() -> None:
    assert referents("Kiu konstruis la domon de Marko?", "Li konstruis la domon.",
                     "Marko venis.") == {}


def test_an_ordinal_dates_only_a_unit_of_time() -> None:
    # "la unua instruisto" is the first of the teachers, not a year
    found = spans("En kiu jaro mortis Petro?",
                  "Petro, la unua instruisto de la lernejo, mortis en la tria jaro de la milito.")
    assert found.get("apposition", set()) == set()
    assert "en la tria jaro de la milito" in found["time"]
    assert "la unuan tagon" in spans("En kiu tago venis Petro?",
                                     "Petro venis, kaj la unuan tagon li dormis.")["time"]


def test_an_ordinal_of_the_question_does_not_say_the_cardinal() -> None:
    # "la kvina tago" says the fifth day, not five of anything: "kvin fojojn" answers
    found = spans("Kiom da fojoj la knabo legis la leteron en la kvina tago?",
                  "En la kvina tago la knabo legis la leteron kvin fojojn.")
    assert "kvin fojojn" in {t for texts in found.values() for t in texts}
    # the question's own number still is no answer
    found = spans("Kiom da fratoj havis la tri knabinoj?", "La tri knabinoj havis tri fratojn.")
    assert "tri fratojn" not in {t for texts in found.values() for t in texts}


def test_a_clause_in_another_voice_offers_its_roles_as_the_question_reads_them() -> None:
    # "Kiu mortis?" asks for whom the killer killed, never for the killer
    found = spans("Kiu mortis en la turo?", "Bertilo mortigis la gardiston en la turo.")
    assert found["subject"] == {"la gardiston"}
    found = spans("Kio malfermiĝis?", "La ventego malfermis la pordon.")
    assert found["subject"] == {"la pordon"}


def test_a_pronoun_that_stands_for_the_question_s_own_name_is_no_answer() -> None:
    # "li" is Bertilo, whom the question names: not Zorbo, the name before him
    said = "En Zorbo loĝis Bertilo, kaj la knabino venis al li."
    found = spans("Kiu venis al Bertilo?", said)
    assert "la knabino" in found["subject"]
    assert "Zorbo" not in found.get("indirect_object", set())
    assert "Bertilo" in spans("Al kiu venis la knabino?", said)["indirect_object"]


def test_kia_with_a_noun_takes_what_qualifies_that_noun() -> None:
    question = "Kian ĉapelon aĉetis Petro?"
    found = spans(question, "Petro aĉetis belan ruĝan ĉapelon en la urbo.")
    assert found["attribute"] == {"belan ruĝan ĉapelon"}
    # a "de" phrase after the noun says what it is like too; the article stays out
    assert spans(question, "Petro aĉetis la ĉapelon de kato.")["attribute"] == \
        {"ĉapelon de kato"}
    # a bare noun says nothing of its kind; the adjectives of another noun are not asked
    assert "attribute" not in spans(question, "Petro aĉetis ĉapelon.")
    assert "attribute" not in spans(question, "Petro aĉetis ruĝan mantelon.")
    # nor is a count: "tri" says how many hats, not what they are like
    assert spans(question, "Petro aĉetis tri verdajn ĉapelojn.")["attribute"] == \
        {"verdajn ĉapelojn"}
    # nor how much, which or when: "kelkaj", "sama", "morgaŭa" answer kiom, kiu, kiam
    for said in ("Petro aĉetis kelkajn ĉapelojn.", "Petro aĉetis la saman ĉapelon.",
                 "Petro aĉetis la morgaŭan ĉapelon."):
        assert "attribute" not in spans(question, said), said
    # kia alone asks what its subject is (the predicate), not what a noun is like
    assert "attribute" not in spans("Kia estis Petro?", "Petro estis bona knabo.")


def _texts(question: str, sentence: str) -> set[str]:
    return {t for texts in spans(question, sentence).values() for t in texts}


def test_kiu_and_kia_are_answered_by_a_thing_or_a_quality_not_by_an_action() -> None:
    said = "Bertilo venis al la urbo kaj aĉetis ruĝan ĉapelon."
    assert "verb_phrase" not in spans("Kiu aĉetis ĉapelon?", said)
    assert "verb_phrase" not in spans("Kian ĉapelon aĉetis Bertilo?", said)
    # what someone did is what kion faris asks
    assert "aĉetis ruĝan ĉapelon" in spans("Kion faris Bertilo?", said)["verb_phrase"]


def test_kie_is_not_answered_by_where_to() -> None:
    said = "Bertilo loĝis ĉe Zorbo kaj skribis al Ingrid."
    texts = _texts("Kie loĝis Bertilo?", said)
    assert "ĉe Zorbo" in texts and "al Ingrid" not in texts
    assert "al Ingrid" in _texts("Al kiu skribis Bertilo?", said)


def test_a_name_asked_is_not_where_someone_went() -> None:
    said = ("Kaj Bertilo venis al Zelpo, al sia domo; kaj jen lia filino eliris renkonte "
            "al li.")
    assert not _texts("Kiel nomiĝis la filino de Bertilo, kiu eliris renkonte al li?", said)
    assert "Ingrid" in _texts("Kiel nomiĝis la filino de Bertilo?",
                              "La filino de Bertilo nomiĝis Ingrid.")


def test_a_word_that_points_elsewhere_is_no_answer() -> None:
    for said in ("Tiamaniere mortis Bertilo.", "Tiel mortis Bertilo."):
        assert not _texts("Kiel mortis Bertilo?", said)
    assert not _texts("Kial Bertilo venis?", "Pro tio Bertilo venis.")
    assert not _texts("Kiam Bertilo venis?", "Tiatempe Bertilo venis.")
    # a noun made on one names a thing of its own, and a phrase with a noun says more
    assert "En tiu tempo" in spans("Kiam Bertilo venis?", "En tiu tempo Bertilo venis.")["time"]
    assert "la tialon" in _texts("Kion klarigis Bertilo?", "Bertilo klarigis la tialon.")


def test_a_bare_count_says_how_many_not_when() -> None:
    asked = "Kiam Bertilo venis en la urbon?"
    for said in ("La nombro de ĉiuj, kiuj venis en la urbon kun Bertilo, estis sepdek.",
                 "Bertilo venis en la urbon kun sepdek viroj."):
        assert not _texts(asked, said)
    assert "En la tria jaro" in spans(asked, "En la tria jaro Bertilo venis en la urbon.")["time"]
    assert "en 1850" in spans(asked, "Bertilo venis en la urbon en 1850.")["time"]


def test_a_clause_that_tells_the_asked_event_is_not_its_time_or_cause() -> None:
    said = "Zorbo havis la aĝon de cent jaroj, kiam naskiĝis al li lia filo Bertilo."
    assert "when_clause" not in spans("Kiam naskiĝis Bertilo?", said)
    assert "because_clause" not in spans("Kial Bertilo ploris?", "Zorbo ridis, ĉar Bertilo "
                                                                   "ploris.")
    # another event's clause still tells when or why
    assert spans("Kiam naskiĝis Bertilo?", "Bertilo naskiĝis, kiam Zorbo estis en Romo.")[
        "when_clause"] == {"kiam Zorbo estis en Romo"}
    assert spans("Kial Bertilo ploris?", "La pomo falis, kaj tial Bertilo ploris.")[
        "because_clause"] == {"La pomo falis"}


def test_a_woman_asked_is_not_named_by_a_noun_of_a_man_nor_the_other_way() -> None:
    asked = "Kiu estis la edzino de Zorbo?"
    assert not _texts(asked, "La edzino de Zorbo estis bona viro.")
    assert "bona virino" in _texts(asked, "La edzino de Zorbo estis bona virino.")
    assert not _texts("Kiu estis la patro de Zorbo?", "La patro de Zorbo estis la filino de "
                                                      "Bertilo.")
    # a noun that names either sex stays
    assert "la amiko de Bertilo" in _texts(asked, "La edzino de Zorbo estis la amiko de "
                                                  "Bertilo.")


def test_a_number_as_predicate_counts_the_subject() -> None:
    said = "La filoj de Zorbo estis dek du."
    assert spans("Kiom da filoj havis Zorbo?", said)["quantity"] == {"dek du"}
    assert "quantity" not in spans("Kiom da filinoj havis Zorbo?", said)


def test_marrying_says_whose_spouse_someone_is() -> None:
    assert "Ingrid" in spans("Kiu estis la edzino de Zorbo?",
                             "Zorbo edziĝis kun Ingrid.")["naming"]
    assert "Zorbo" in spans("Kiu estis la edzo de Ingrid?",
                            "Ingrid edziniĝis al Zorbo.")["naming"]
    assert "Zorbo" in spans("Kiu estis la edzo de Ingrid?",
                            "Zorbo edziĝis kun Ingrid.")["naming"]
    # a husband is no one's wife, and a marriage denied makes no spouse
    assert "naming" not in spans("Kiu estis la edzino de Ingrid?", "Ingrid edziniĝis al Zorbo.")
    assert "naming" not in spans("Kiu estis la edzino de Zorbo?",
                                 "Zorbo neniam edziĝis kun Ingrid.")


def test_a_parenthesis_after_a_name_leaves_its_apposition_to_it() -> None:
    for said in ("Zorbo Kalvin (Kalvèn), riĉa kampulo, edzo de Ingrid.",
                 "Zorbo Kalvin (1850–1910), riĉa kampulo."):
        assert spans("Kiu estas Zorbo Kalvin?", said)["apposition"] == {"riĉa kampulo"}


def test_a_list_of_names_then_what_they_are_describes_each() -> None:
    found = spans("Kiu estas Zorbo?", "Ingrid, Zorbo, Bertilo, oficiroj.")
    assert "oficiroj" in found["apposition"]
    assert "urbaj bienhavantoj" in spans("Kiu estas Zorbo?", "Zorbo Kalvin, Bertilo Kalvin, "
                                                             "urbaj bienhavantoj.")["apposition"]


def test_whom_a_cry_is_said_to_is_no_apposition() -> None:
    assert not _texts("Kiu estas Zorbo?", "Zorbo, panjo!")
    assert spans("Kiu estas Zorbo?", "Zorbo, mia frato, venis!")["apposition"] == {"mia frato"}


def test_kie_is_not_answered_by_a_time() -> None:
    assert not _texts("Kie mortis Zorbo?", "Zorbo mortis en la 1907.")
    assert spans("Kie mortis Zorbo?", "Zorbo mortis en Zelpo en la jaro 1907.")["place"] == {
        "en Zelpo"}


def test_who_is_no_clause_no_bare_number_and_no_participle() -> None:
    asked = "Kiuj estis la amikoj de Zorbo?"
    # "estis irinta" is a compound tense, not what Zorbo was
    assert not _texts(asked, "Zorbo estis irinta al Zelpo.")
    assert "predicate" not in spans(asked, "La amikoj de Zorbo estis dek du.")
    assert "Bertilo kaj Ingrid" in _texts(asked, "La amikoj de Zorbo estis Bertilo kaj Ingrid.")
    assert "when_clause" not in spans("Kiu venis?", "Kiam Zorbo dormis, venis Bertilo.")
    # a capitalised name the lexicon reads as an adjective is still a name
    assert "Mirzaj" in _texts("Kiu venis?", "Kiam Zorbo dormis, Mirzaj venis.")


def test_a_kind_of_thing_is_answered_by_any_thing_a_kind_of_place_by_a_name() -> None:
    # "sur kia besto": a thing of that kind, though the sentence does not call it a beast
    assert "sur ĉevalo" in _texts("Sur kia besto rajdis Zorbo?", "Zorbo rajdis sur ĉevalo.")
    assert "sur mulo" in _texts("Sur kiu besto rajdis Zorbo?",
                                "Zorbo renkontis Ingrid; Zorbo rajdis sur mulo.")
    # "en kiu urbo", "sur kiu strato": a name or the noun itself, not any place
    said = "Zorbo loĝis en granda domo sur la strato Malva en Parizo."
    assert "en granda domo" not in _texts("En kiu urbo loĝis Zorbo?", said)
    assert "en Parizo" in _texts("En kiu urbo loĝis Zorbo?", said)
    assert "en granda domo" not in _texts("Sur kiu strato loĝis Zorbo?", said)


def test_what_was_said_after_a_verb_of_saying_and_a_colon_is_its_object() -> None:
    said = "Kaj Zorbo diris al Ingrid: Mi venos morgaŭ."
    assert "Mi venos morgaŭ" in spans("Kion Zorbo diris al Ingrid?", said)["object"]
    assert "Mi ne scias" in spans("Kion respondis Zorbo?", "Zorbo respondis: Mi ne scias.")[
        "object"]
    # no colon, or a verb that says nothing: no speech
    assert "Mi venos morgaŭ" not in _texts("Kion Zorbo diris?",
                                           "Zorbo diris tion. Mi venos morgaŭ.")
    assert "la pomon" not in spans("Kion Zorbo manĝis?", "Zorbo manĝis: la pomon.").get(
        "object", set()) or "la pomon" in spans(
        "Kion Zorbo manĝis?", "Zorbo manĝis la pomon.")["object"]


def test_a_ke_clause_right_after_a_verb_without_an_object_is_its_object() -> None:
    assert "ke la reĝo mortis" in spans("Kion sciis Zorbo?",
                                        "Zorbo sciis, ke la reĝo mortis.")["object"]
    assert "ke li venos" in spans("Kion diris Zorbo?", "Zorbo diris, ke li venos.")["object"]
    # "por ke" says what for, not what: no object
    assert "ke li manĝu" not in spans("Kion faris Zorbo?",
                                      "Zorbo laboris, por ke li manĝu.").get("object", set())
    # what was said is no one, and no reason
    said = "Zorbo diris al la reĝo, ke la reĝino venos."
    assert "ke la reĝino venos" not in _texts("Kiu estas la reĝo?", said)
    assert "ke la reĝino venos" not in _texts("Kial Zorbo venis?", said)


def test_kia_is_answered_by_no_bare_number_or_adverb() -> None:
    said = "Zorbo, katolika pastro, skribis tri leterojn en la numero 3."
    texts = _texts("Kia pastro estis Zorbo?", said)
    assert "katolika pastro" in texts and not texts & {"3", "tri"}
    assert "meze" not in _texts("Kian laboron faris Zorbo?",
                                "Zorbo laboris meze de la kampo kiel paŝtisto.")
    assert "varma" in _texts("Kia estis la tago?", "La tago estis varma.")


def test_kion_faris_and_kio_okazis_ask_an_action_and_take_only_a_verb_phrase() -> None:
    for question in ("Kion faris Zorbo?", "Kion Zorbo faros en la urbo?",
                     "Kio okazis al Mirela?", "Kio okazis?"):
        frame = read_frame(parse(question))
        assert frame is not None and frame.role == "action", question
        assert not frame.verb_roots and "far" not in frame.terms and "okaz" not in frame.terms
    found = spans("Kion faris Zorbo?", "Zorbo vendis sian domon en la urbo.")
    assert set(found) == {"verb_phrase"}
    assert "vendis sian domon en la urbo" in found["verb_phrase"]
    # what a copula says is what one is, not what one did; a passive says what befell one
    assert not spans("Kion faris Zorbo?", "Zorbo estis riĉa.")
    assert "estis vundita de la lupo" in spans(
        "Kio okazis al Mirela?", "Mirela estis vundita de la lupo.")["verb_phrase"]
    # whom it befell is the object of the verb that says it: "La lupo vundis Mirelan"
    frame = read_frame(parse("Kio okazis al Ingrid?"))
    assert frame is not None and ("object", frozenset({"ingrid"})) in frame.role_terms


def test_fari_with_an_el_phrase_or_another_verb_asks_a_thing() -> None:
    # "faris el la ligno": what was made; "fariĝis" is a copula; "kion diris" what was said
    for question in ("Kion Zorbo faris el la ligno?", "Kio fariĝis Zorbo?",
                     "Kion diris Zorbo?", "Per kio Zorbo faris tion?"):
        frame = read_frame(parse(question))
        assert frame is not None and frame.role != "action", question
    assert "tablon" in spans("Kion Zorbo faris el la ligno?",
                             "Zorbo faris tablon el la ligno.")["object"]


def test_el_kio_asks_what_a_thing_is_made_of_which_an_adjective_of_a_material_says() -> None:
    found = spans("El kio Zorbo forĝis la ŝlosilon?",
                  "Kaj Zorbo forĝis feran ŝlosilon kaj pendigis ĝin sur najlon.")
    assert found["material"] == {"feran"}
    assert "oraj" in spans("El kio estis la kalikoj?",
                           "Mirela vidis, ke la kalikoj estas oraj.")["material"]
    # a big house, a gilded frame, a silver-coloured dress: no material; nor for another
    # question than "el kio"
    assert "material" not in spans("El kio estis la domo?",
                                   "La granda domo havis orumitan kadron kaj arĝentkoloran pordon.")
    assert "material" not in spans("Kion portis Mirela?", "Mirela portis oran kronon.")


def test_the_name_of_one_is_no_plural() -> None:
    said = "Kaj Zorbujanoj kredis al Dio, kaj la reĝo de Zorbujo leviĝis."
    # one king's name is not the name of a people
    assert spans("Kiel nomiĝis la reĝo de Zorbujo?", said) == {}
    assert spans("Kiel nomiĝis la reĝo de Zorbujo?", said.replace("Zorbujanoj", "Bertilo")) == {
        "subject": {"Bertilo"}}
    # several kings may be named so
    assert spans("Kiel nomiĝis la reĝoj de Zorbujo?", said.replace("reĝo ", "reĝoj ")) == {
        "subject": {"Zorbujanoj"}}


def test_which_one_is_not_answered_by_the_asked_noun_alone() -> None:
    # "en kiu urbo" asks which town: a town of some kind does not say
    assert spans("En kiu urbo naskiĝis Zorbo?", "Zorbo naskiĝis en najbara urbo.") == {}
    assert spans("Kiun libron legis Zorbo?", "Zorbo legis dikan libron.") == {}
    # a name, a de-phrase, an ordinal or another noun says which
    for said, found in (("Zorbo naskiĝis en Romo.", "en Romo"),
                        ("Zorbo naskiĝis en la urbo Romo.", "en la urbo Romo"),
                        ("Zorbo naskiĝis en granda urbo de Italujo.",
                         "en granda urbo de Italujo")):
        assert spans("En kiu urbo naskiĝis Zorbo?", said) == {"place": {found}}
    assert "en la sepa tago" in spans("En kiu tago venis Zorbo?",
                                      "Zorbo venis en la sepa tago.")["time"]
    assert spans("Kiun beston vidis Zorbo?", "Zorbo vidis leonon.") == {"object": {"leonon"}}


def test_two_adverbs_in_e_joined_by_kaj_are_also_one_answer() -> None:
    found = spans("Kiam Zorbo gardis la urbon?", "Zorbo gardis la urbon tage kaj nokte.")
    assert {"tage", "nokte", "tage kaj nokte"} <= found["time"]
    how = spans("Kiel Zorbo laboris?", "Zorbo laboris rapide kaj bone.")
    assert "rapide kaj bone" in how["manner"]
    # an adverb of time without -e and one of manner are two answers, not one
    assert "hieraŭ kaj bone" not in spans("Kiel Zorbo laboris?",
                                          "Zorbo laboris hieraŭ kaj bone.").get("manner", set())


def test_another_kin_of_the_person_asked_about_is_no_answer() -> None:
    # Petro's sons, and the names they are given, are not his father
    sons = spans("Kiu estis la patro de Petro?", "La filoj de Petro estis Ana kaj Ringo.")
    assert not {"Ana kaj Ringo", "La filoj de Petro"} & set().union(*sons.values())
    # the son's father is: the converse still answers
    father = spans("Kiu estis la patro de Petro?", "Petro, la filo de Zorbo, venis.")
    assert "Zorbo" in set().union(*father.values())


def test_a_relative_kies_phrase_is_no_answer() -> None:
    found = spans("Kiu estis la patro de Saul?", "Estis viro el Zorbujo, kies nomo estis Ringo.")
    assert "kies nomo" not in set().union(*found.values())


def test_an_hour_with_its_part_of_the_day_is_one_time() -> None:
    found = spans("Je kioma horo Zorbo eniris la domon?",
                  "Je la dua posttagmeze Zorbo eniris la domon.")["time"]
    assert "Je la dua posttagmeze" in found and "Je la dua" not in found
    assert "je la kvara matene" in spans("Kiam Zorbo venis?", "Zorbo venis je la kvara matene.")[
        "time"]
