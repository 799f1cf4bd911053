"""The factoid expert on small hand-written question/evidence pairs."""

from __future__ import annotations

import pytest

from klareco.experts.base import Evidence
from klareco.experts.factoid import FactoidExpert
from klareco.experts.factoid.expert import answer_key
from klareco.experts.factoid.features import kinds_of_class
from klareco.parse import parse


def ask(question: str, *evidence: str) -> str | None:
    found = FactoidExpert().answer(
        parse(question),
        [Evidence(text, parse(text), n, 1.0) for n, text in enumerate(evidence, 1)])
    return None if found is None else found.text


@pytest.mark.parametrize(("question", "evidence", "expected"), [
    ("Kiu estas Marko?", "Marko, filo de Petro.", "filo de Petro"),
    ("Kiun helpis Tobio?", "Kaj Tobio parolis kun sia frato Elio; kaj Tobio helpis lin tiam.",
     "Elio"),
    ("Kiu manĝis la pomon?", "La knabo manĝis la pomon en la ĝardeno.", "La knabo"),
    ("Kion manĝis la knabo?", "La knabo manĝis la pomon kaj la piron.", "la pomon kaj la piron"),
    ("Kie loĝis Ana?", "Ana loĝis en la urbo Varsovio.", "en la urbo Varsovio"),
    ("Kiom da pomoj havis Ana?", "Ana havis dek du pomojn.", "dek du pomojn"),
    # each number counts its own noun; a measure counts what follows its "da"
    ("Kiom da fontoj estis en Zorbujo?", "En Zorbujo estis dek du fontoj de akvo kaj "
     "sepdek palmoj.", "dek du fontoj"),
    ("Kiom da akvo portis Ana?", "Ana portis du litrojn da akvo kaj tri pomojn.",
     "du litrojn da akvo"),
    # money is counted in coins: "kiom da mono" is answered by pounds or roubles
    ("Kiom da mono Zorbo pagis al Petro?", "Zorbo pagis al Petro du mil funtojn.",
     "du mil funtojn"),
    ("Kiom da mono havis Ana?", "Ana havis tri pomojn kaj kvin rublojn.", "kvin rublojn"),
    # a currency sign before an amount is its coin's name: £50 is money
    ("Kiom da mono Zorbo promesis al Petro?", "Zorbo promesis al Petro donacon de £50.",
     "£50"),
    ("Kiom da mono Zorbo postulis?", "Zorbo postulis pagon de $2,500 por la domo.",
     "$2,500"),
    # a share made by -on- is an amount of what the question counts
    ("Kiom el la pomoj prenos Zorbo?", "El viaj pomoj Zorbo prenos dekonon.", "dekonon"),
    ("Kiom da pomoj prenos Zorbo?", "Zorbo prenos duonon de la pomoj.",
     "duonon de la pomoj"),
    ("Kiom da pomoj prenos Zorbo?", "Zorbo prenos duonon de la piroj kaj tri pomojn.",
     "tri pomojn"),
    ("Kiam alvenos la letero?", "La letero alvenos la 10an de aprilo.", "la 10an de aprilo"),
    ("Kiun nomon ŝi donis al la hundo?", "Ŝi donis al la hundo la nomon Bobo.", "Bobo"),
    ("Per kio Petro tranĉis la panon?", "Petro tranĉis la panon per akra tranĉilo.",
     "per akra tranĉilo"),
    ("Kun kiu promenis Ana?", "Ana promenis kun sia fratino Eva.", "kun sia fratino Eva"),
    # naming verbs, dates, consequences, labels
    ("Kiel nomiĝis la hundo?", "La hundo estis nomata Bobo.", "Bobo"),
    ("Kiel nomiĝis la kato?", "Ŝi vidis la katon kaj nomis ĝin Mina.", "Mina"),
    ("Kiam mortis Petro?", "Petro mortis la 9 de julio de 1950.", "la 9 de julio de 1950"),
    ("Kial la knabo ploris?", "La pomo falis en la riveron, kaj tial la knabo ploris.",
     "La pomo falis en la riveron"),
    ("Kiom kostis la libro?", "En la jaro 1905 la libro kostis dek rublojn.", "dek rublojn"),
])
def test_extracts_the_phrase_in_the_asked_role(question: str, evidence: str,
                                                expected: str) -> None:
    assert ask(question, evidence) == expected


def test_yes_no_follows_negation() -> None:
    assert ask("Ĉu Ana dormis?", "Ana ne dormis en la nokto.") == "ne"
    assert ask("Ĉu Ana dormis?", "Ana dormis en la nokto.") == "jes"


def test_the_question_own_words_are_no_answer() -> None:
    assert ask("Kiu estas Marko?", "Marko.") is None


def test_kioma_horo_asks_the_hour() -> None:
    # an ordinal of hours, with its part of the day
    assert ask("Je kioma horo Zorbo eniris la domon?",
               "Je la dua posttagmeze Zorbo eniris la domon.") == "Je la dua posttagmeze"


def test_a_number_that_labels_a_noun_is_no_amount() -> None:
    # "la jaro 1905" names a year, "ĉapitro 5" a chapter: neither says how much
    assert ask("Kiom kostis la libro?", "En la jaro 1905 la libro kostis multe.") is None


def test_no_one_and_nothing_answer_who_and_what_in_their_case() -> None:
    assert ask("Kion Zorbo trovis en la skatolo?", "Zorbo trovis nenion en la skatolo.") == \
        "nenion"
    assert ask("Kiun vidis Zorbo en la domo?", "En la domo Zorbo vidis neniun.") == "neniun"
    assert ask("Kiu trovis la skatolon?", "Neniu trovis la skatolon.") == "Neniu"
    # "neniu" as the subject of another clause says nothing of what Zorbo found
    assert ask("Kion trovis Zorbo?", "Zorbo trovis la skatolon, sed neniu trovis la ŝlosilon.") \
        == "la skatolon"


def test_a_number_after_a_list_counts_what_the_colon_names() -> None:
    # "La filoj de Zorbo: …  — tri": the dash closes the list, the number counts the sons
    assert ask("Kiom da filoj havis Zorbo?", "La filoj de Zorbo: Petro, Ana, kaj Ringo — tri.") \
        == "tri"
    assert ask("Kiom da filinoj havis Zorbo?",
               "La filoj de Zorbo: Petro, Ana, kaj Ringo — tri.") is None


def test_a_share_said_by_an_adverb_is_no_amount() -> None:
    # "duone" (half-way) says how far it was done, not how much there was
    assert ask("Kiom da jaroj Zorbo laboris en la urbo?", "Zorbo laboris duone en la urbo.") \
        is None


def test_a_count_of_something_else_loses_to_the_counted_noun() -> None:
    text = ask("Kiom da pomoj havis Ana?", "Ana havis tri hundojn kaj dek pomojn.")
    assert text is not None and "pomojn" in text


@pytest.mark.parametrize(("question", "expected"), [
    ("Kiom da filinoj havis Bertilo?", "tri filinojn"),
    ("Kiom da filoj havis Bertilo?", "sep filojn"),
])
def test_a_count_of_the_other_sex_is_no_count_of_the_asked(question: str,
                                                          expected: str) -> None:
    # filo and filino share their root; -in- says they are not the same people
    assert ask(question, "Bertilo havis sep filojn kaj tri filinojn.") == expected


def test_statements_are_not_for_the_factoid_expert() -> None:
    expert = FactoidExpert()
    assert expert.can_handle(parse("La hundo dormas.")) == 0.0
    assert expert.can_handle(parse("Kie dormas la hundo?")) == 1.0


def test_answers_carry_offsets_into_their_sentence() -> None:
    text = "Ana loĝis en la urbo Varsovio."
    found = FactoidExpert().answer(parse("Kie loĝis Ana?"),
                                   [Evidence(text, parse(text), 1, 1.0)])
    assert found is not None and found.start is not None
    assert text[found.start:found.end] == found.text
    assert 0.0 <= found.confidence <= 1.0


def test_a_name_after_the_question_word_is_asked_about() -> None:
    # "Per kio Marko" must not swallow Marko into the hole: he is what the question is about
    assert ask("Per kio Marko batis Tomason?",
               "Marko batis la ŝteliston per la bastono.") == "per la bastono"


def test_names_in_the_context_count_as_found() -> None:
    question = parse("Kun kiu edziĝis Mickiewicz?")
    text = "Li edziĝis kun Celina."
    bare = Evidence(text, parse(text), 1, 1.0)
    placed = Evidence(text, parse(text), 1, 1.0, frozenset({"mickiewicz"}))
    expert = FactoidExpert()
    alone, in_context = expert.options(question, [bare]), expert.options(question, [placed])
    assert alone[1].features["names_found"] == 0.0
    assert in_context[1].features["names_found"] == 1.0
    # without its context the sentence names no one asked: no answer from it
    assert expert.answer(question, [bare]) is None
    found_in_context = expert.answer(question, [placed])
    assert found_in_context is not None and found_in_context.text == "kun Celina"


def test_a_name_asked_by_a_noun_of_someone_comes_only_from_a_name_given_to_one() -> None:
    told = "Kaj la edzino de Zorbo rigardis malantaŭen."
    others = "Kaj Mirela kaj Petro kantis en la vilaĝo de Zorbo."
    # no sentence gives anyone the name: the names there are others'
    assert ask("Kiel nomiĝis la edzino de Zorbo?", told, others) is None
    assert ask("Kiel nomiĝis la edzino de Zorbo?", told,
               "Kaj Mirela, la edzino de Zorbo, kantis.") == "Mirela"
    # "Kiu estis …?" may be answered by what she was: the ranker weighs it


def test_what_a_question_tells_around_its_asked_clause_is_measured_apart() -> None:
    # "kiam Zorbo venis al la urbo" is told in another sentence than the one that answers:
    # the asked clause's words are all there, the question's as a whole are not
    text = "Bertilo aĉetis ruĝan ĉapelon."
    question = parse("Kion aĉetis Bertilo, kiam Zorbo venis al la urbo?")
    options = FactoidExpert().options(question, [Evidence(text, parse(text), 1, 1.0)])
    null, best = options[0].features, options[1].features
    assert best["core_coverage"] == 1.0 and best["coverage"] < 0.5
    assert null["null:core_coverage"] == 1.0 and 0.5 < null["null:told_around"] < 1.0
    # a question of one clause tells nothing around it: both shares are the same
    alone = FactoidExpert().options(parse("Kion aĉetis Bertilo?"),
                                    [Evidence(text, parse(text), 1, 1.0)])
    assert alone[1].features["core_coverage"] == alone[1].features["coverage"] == 1.0
    assert alone[0].features["null:told_around"] == 0.0


def test_an_answer_of_the_kind_the_question_names_is_marked() -> None:
    # the dictionary puts Romo in its class URBO, an aglo in BIRDO, and birdo in ANIMALO
    assert "urb" in kinds_of_class("URBO")
    assert {"bird", "animal"} <= kinds_of_class("BIRDO")
    text = "Zorbo loĝis en Romo apud la rivero kaj vidis aglon."
    evidence = [Evidence(text, parse(text), 1, 1.0)]

    def marked(question: str) -> set[str]:
        return {o.text for o in FactoidExpert().options(parse(question), evidence)[1:]
                if any(name.startswith("kind_of_asked:") for name in o.features)}

    assert marked("En kiu urbo loĝis Zorbo?") == {"en Romo"}
    assert marked("Kian birdon vidis Zorbo?") == {"aglon"}
    assert marked("Kie loĝis Zorbo?") == set()  # no noun says what kind is asked


def test_the_first_option_is_no_answer_and_options_carry_their_span() -> None:
    text = "Ana loĝis en la urbo Varsovio."
    options = FactoidExpert().options(parse("Kie loĝis Ana?"),
                                      [Evidence(text, parse(text), 1, 1.0)])
    assert options[0].candidate is None and "null" in options[0].features
    assert all(text[o.start:o.end] == o.text for o in options[1:])


def test_a_denied_name_is_not_the_name() -> None:
    assert ask("Kiel nomiĝas la hundo?",
               "La hundo ne nomiĝas Bobo; ĝia vera nomo estas Reks.") == "Reks"


def test_kies_asks_the_possessor_of_the_noun_it_governs() -> None:
    assert ask("Pro kies letero Ana ploris?", "Ana ploris pro la letero de Petro.") == "Petro"


def test_a_compound_question_word_counts_times() -> None:
    assert ask("Kiomfoje Ana vizitis Parizon?", "Ana vizitis Parizon trifoje.") == "trifoje"


def test_an_age_is_counted_in_years_and_a_year_is_no_count() -> None:
    assert ask("Kiom aĝa estis Ana?", "Ana havis du filojn kaj estis dudek jarojn aĝa.") == \
        "dudek jarojn"
    assert ask("Kiom da filoj havis Ana?", "En 1850 Ana havis tri filojn.") == "tri filojn"


def test_a_prepositional_question_word_asks_for_a_phrase_its_preposition_heads() -> None:
    text = "La kato dormis sur la tablo en la kuirejo."
    options = FactoidExpert().options(parse("Sur kio dormis la kato?"),
                                      [Evidence(text, parse(text), 1, 1.0)])
    same = {o.text: o.features.get("same_preposition") for o in options[1:]}
    assert same["sur la tablo"] == 1.0 and same["en la kuirejo"] == 0.0
    by_text = {o.text: o.features for o in options[1:]}
    assert "preposition:sur|sur" in by_text["sur la tablo"]


def test_tree_distance_counts_dependency_edges_from_the_matched_words() -> None:
    from klareco.experts.factoid.candidates import span_head
    from klareco.experts.factoid.features import tree_distances

    sentence = parse("La knabo manĝis la ruĝan pomon.")
    words = [w.form for w in sentence.words]
    verb = words.index("manĝis")
    distance = tree_distances(sentence.heads, {verb}, len(words))
    assert distance[verb] == 0
    assert distance[words.index("pomon")] == 1 and distance[words.index("ruĝan")] == 2
    span = (words.index("la", 2), words.index("ruĝan"), words.index("pomon"))
    assert span_head(sentence.heads, span) == words.index("pomon")
    assert tree_distances((), {verb}, len(words)) == []


@pytest.mark.parametrize(("text", "key"), [
    ("Ŝem, Ĥam kaj Jafet.", "ŝem ĥam kaj jafet"),
    ("«La Reĝo»  de\u00a0Zorbujo!", "la reĝo de zorbujo"),
    ("la 14-an de majo 1917", "la 14an de majo 1917"),
    ("tri_kvar", "trikvar"),
])
def test_answers_are_compared_without_case_punctuation_or_extra_spaces(text: str,
                                                                      key: str) -> None:
    assert answer_key(text) == key


def test_the_evidence_is_read_in_the_order_of_the_answer_it_holds() -> None:
    evidence = ["La hundo dormis sub la tablo.", "La hundo bojis al la kato.",
                "Ana loĝis en la urbo Varsovio kun sia hundo."]
    found = FactoidExpert().answer(
        parse("Kie loĝis Ana?"),
        [Evidence(text, parse(text), n, 1.0) for n, text in enumerate(evidence, 1)])
    assert found is not None and found.evidence == 2
    # the third sentence holds the answer; the others keep their retrieval order
    assert found.reading == (2, 0, 1)


def test_a_count_stated_for_the_whole_action_is_the_answer() -> None:
    part = "Marta laboris dek jarojn, kaj naskiĝis al ŝi filino."
    whole = "La tuta laboro de Marta estis kvardek jaroj."
    other = "Klara laboris tridek jarojn."
    evidence = [Evidence(text, parse(text), n, 1.0)
                for n, text in enumerate((part, other, whole), 1)]
    options = FactoidExpert().options(parse("Kiom da jaroj laboris Marta?"), evidence)
    # the whole is what is asked: not a span of it, not someone else's count
    assert {o.text for o in options[1:]} == {"kvardek jaroj"}
    # the whole's clause reads as the asked action with the asked subject
    counted = next(o for o in options if o.text == "kvardek jaroj")
    assert counted.features["verb_agrees"] == 1.0 and counted.features["same_role"] == 1.0
    # without the whole, the part stays; a question restricted by a phrase keeps it too
    assert "dek jarojn" in {o.text for o in FactoidExpert().options(
        parse("Kiom da jaroj laboris Marta?"), evidence[:2])}
    assert "dek jarojn" in {o.text for o in FactoidExpert().options(
        parse("Kiom da jaroj laboris Marta en la urbo?"), evidence)}
    assert "dek jarojn" in {o.text for o in FactoidExpert().options(
        parse("Kiom da jaroj laboris Marta, antaŭ ol naskiĝis al ŝi filino?"), evidence)}


def _elsewhere(*texts: str) -> dict[str, float | None]:
    """Each candidate's ``other_subject`` feature for "Kiom da jaroj laboris Marta?" over
    ``texts`` as the evidence."""
    evidence = [Evidence(text, parse(text), n, 1.0) for n, text in enumerate(texts, 1)]
    options = FactoidExpert().options(parse("Kiom da jaroj laboris Marta?"), evidence)
    return {o.text: o.features.get("other_subject") for o in options[1:]}


def test_a_clause_about_someone_else_is_marked() -> None:
    elsewhere = _elsewhere("Klara laboris tridek jarojn.", "Ŝi laboris dek jarojn.",
                           "Marta laboris kvin jarojn.")
    # another name is another referent; a pronoun may be Marta; Marta is not
    assert elsewhere["tridek jarojn"] == 1.0
    assert elsewhere["dek jarojn"] == 0.0 and elsewhere["kvin jarojn"] == 0.0


def test_a_speaker_or_addressee_may_be_the_one_asked_about() -> None:
    # "mi" is whoever speaks or tells the story, "vi" whoever is spoken to: both may be
    # the person the question names, as a third-person pronoun may
    elsewhere = _elsewhere("Mi laboris dek jarojn en la urbo.", "Vi laboris kvin jarojn.",
                           "Klara laboris tridek jarojn.")
    assert elsewhere["dek jarojn"] == 0.0 and elsewhere["kvin jarojn"] == 0.0
    assert elsewhere["tridek jarojn"] == 1.0


def test_a_relative_pronoun_is_the_noun_before_it() -> None:
    elsewhere = _elsewhere("En la urbo loĝis Marta, kiu laboris dek jarojn.",
                           "En la urbo loĝis Klara, kiu laboris tridek jarojn.")
    assert elsewhere["dek jarojn"] == 0.0 and elsewhere["tridek jarojn"] == 1.0


def test_a_pronoun_answers_with_the_name_it_stands_for_and_shows_itself() -> None:
    before, text = "Tiam Marko revenis el la urbo.", "Kaj li konstruis novan domon."
    earlier = parse(before)
    found = FactoidExpert().answer(parse("Kiu konstruis novan domon?"),
                                   [Evidence(text, parse(text), 1, 1.0, before=lambda: earlier)])
    assert found is not None and found.text == "Marko"
    assert found.start is not None and text[found.start:found.end] == "li"


def _naming(question: str, *texts: str) -> dict[str, set[str]]:
    """Each name option's ``named…`` features for ``question`` over ``texts``."""
    evidence = [Evidence(text, parse(text), n, 1.0) for n, text in enumerate(texts, 1)]
    options = FactoidExpert().options(parse(question), evidence)
    return {o.text: {k for k in o.features if k.startswith("named")} for o in options[1:]}


def test_a_name_is_marked_by_the_noun_and_owner_its_sentence_gives_it() -> None:
    named = _naming("Kiel nomiĝis la edzino de Zorbo?",
                    "La edzino de Zorbo estis nomata Mirela.",
                    "Bertilo, la edzino de Petro, venis al Zorbo.",
                    "La servisto de Zorbo estis nomata Karlo.")
    assert named["Mirela"] == {"named:asked", "named_owner:same"}
    assert "Bertilo" not in named  # Petro's wife: no answer about Zorbo's
    assert named["Petro"] == {"named:none"}
    assert named["Karlo"] == {"named:other"}


def test_a_copula_question_asks_by_its_subject_noun_too() -> None:
    named = _naming("Kiu estis la filo de Zorbo?", "La filo de Zorbo, Petro, venis hejmen.")
    assert named["Petro"] == {"named:asked", "named_owner:same"}
    assert not any(_naming("Kiu estas Petro?", "Petro, la filo de Zorbo, venis.").values())


def test_a_name_after_the_article_is_no_person_s_name() -> None:
    # a person's name takes no article: "la Bertilano" is one of a people
    asked = "Kiel nomiĝis la frato de Zorbo?"
    evidence = "Mia frato Petro, la Bertilano, loĝas en la urbo."
    options = {o.text for o in FactoidExpert().options(
        parse(asked), [Evidence(evidence, parse(evidence), 1, 1.0)])}
    assert "Petro" in options and not options & {"Bertilano", "la Bertilano"}
    # a river's name may take it: the name with its article stays a candidate
    evidence = "Ili venis al la rivero, la Zorbilo, vespere."
    options = {o.text for o in FactoidExpert().options(
        parse("Kiel nomiĝis la rivero?"), [Evidence(evidence, parse(evidence), 1, 1.0)])}
    assert "la Zorbilo" in options
    assert ask("Kiel nomiĝis la rivero?", evidence) in ("Zorbilo", "la Zorbilo")


def test_a_title_is_no_person_s_name() -> None:
    # "Sinjoro" addresses someone by rank; Petro is the name the sentence gives
    evidence = "Petro, filo de Zorbo, diris: Venu, Sinjoro."
    options = {o.text for o in FactoidExpert().options(
        parse("Kiel nomiĝis la filo de Zorbo?"), [Evidence(evidence, parse(evidence), 1, 1.0)])}
    assert "Petro" in options and "Sinjoro" not in options


def test_no_answer_when_no_sentence_read_names_the_one_asked() -> None:
    evidence = ("La knabo manĝis la pomon en la ĝardeno.", "Ingrid manĝis panon.")
    assert ask("Kion manĝis Bertilo?", *evidence) is None
    assert ask("Ĉu Bertilo manĝis la pomon?", *evidence) is None
    # one sentence that names him is enough to read them all
    assert ask("Kion manĝis Ingrid?", *evidence) == "panon"
    # and a question that names no one is answered from what is read
    assert ask("Kion manĝis la knabo?", *evidence) == "la pomon"
