"""Roles, clauses and questions: case marking decides, never word order."""

import pytest

from klareco.errors import EmptyInputError
from klareco.parse import parse


def head_form(phrase) -> str | None:  # type: ignore[no-untyped-def]
    return None if phrase is None else phrase.to_dict(SENTENCE.words)["head"]["form"]


SENTENCE = None


def roles(text: str) -> dict[str, str | None]:
    global SENTENCE
    SENTENCE = parse(text)
    s = SENTENCE
    return {
        "subject": head_form(s.subject),
        "verb": s.verb.form if s.verb else None,
        "object": head_form(s.object),
        "predicate": head_form(s.predicate),
    }


def test_object_first_subject_last() -> None:
    r = roles("La katon vidas la hundo.")
    assert (r["subject"], r["verb"], r["object"]) == ("hundo", "vidas", "katon")


@pytest.mark.parametrize(
    "text",
    ["La hundo vidas la katon.", "La katon la hundo vidas.", "Vidas la hundo la katon.",
     "Vidas la katon la hundo."],
)
def test_word_order_does_not_change_roles(text: str) -> None:
    r = roles(text)
    assert (r["subject"], r["object"]) == ("hundo", "katon")


def test_prepositional_phrase_is_not_the_subject() -> None:
    r = roles("En la domo la hundo kuras.")
    assert r["subject"] == "hundo"
    assert r["verb"] == "kuras"
    adjuncts = [a.to_dict(SENTENCE.words)["text"] for a in SENTENCE.main.adjuncts]
    assert adjuncts == ["En la domo"]


def test_a_noun_joined_to_a_prepositional_phrase_shares_its_preposition() -> None:
    # a preposition takes the nominative: "kaj tri monatoj" after "dum du jaroj" is its
    r = roles("Ne pluvis dum du jaroj kaj tri monatoj.")
    assert r["subject"] is None
    r = roles("La knabo loĝis en la urbo kaj la vilaĝo.")
    assert r["subject"] == "knabo"
    r = roles("En la urbo la knabo kaj la knabino ludis.")
    assert r["subject"] == "knabo"


def test_a_clause_goes_on_after_a_relative_clause_set_off_by_commas() -> None:
    # the verb after "…, kiun" is the relative clause's: the comma opens no new clause
    s = parse("Tobio faris el la ligno, kiun li prenis, tablon, kaj donis ĝin al Ana.")
    main = s.main
    assert main is not None and main.object is not None
    assert s.words[main.object.head].form == "tablon"
    assert [c.kind for c in s.clauses].count("coordinate") == 1


def test_a_clause_after_a_closed_subordinate_clause_is_a_clause_of_its_own() -> None:
    s = parse("Ana volas, ke Tobio venu hejmen, ŝi diris al la hundo.")
    said = next(c for c in s.clauses if c.kind == "coordinate")
    assert said.subject is not None and s.words[said.subject.head].form == "ŝi"
    assert s.main is not None and s.main.subject is not None
    assert s.words[s.main.subject.head].form == "Ana"
    assert s.clauses[next(c for c in s.clauses if c.kind == "subordinate").parent] is s.main


@pytest.mark.parametrize("text", ["Ana ploris, kaj kiam Tobio venis, la hundo bojis.",
                                  "Ana ploris, kaj se Tobio venos, la hundo bojos."])
def test_a_clause_after_kaj_may_begin_with_a_subordinate_clause(text: str) -> None:
    s = parse(text)
    coordinate = next(c for c in s.clauses if c.kind == "coordinate")
    assert coordinate.subject is not None and s.words[coordinate.subject.head].form == "hundo"
    inner = next(c for c in s.clauses if c.kind == "subordinate")
    assert s.clauses[inner.parent] is coordinate


def test_main_verb_is_not_the_relative_clause_verb() -> None:
    r = roles("La hundo, kiun mi vidis, manĝas.")
    assert r["verb"] == "manĝas"
    assert r["subject"] == "hundo"
    relative = SENTENCE.clauses[1]
    assert relative.kind == "relative"
    assert SENTENCE.words[relative.verb].form == "vidis"
    assert SENTENCE.words[relative.object.head].form == "kiun"


def test_relative_clause_without_commas() -> None:
    r = roles("La libro kiun vi legas estas mia.")
    assert (r["verb"], r["subject"], r["predicate"]) == ("estas", "libro", "mia")


def test_subordinate_clause_first() -> None:
    r = roles("Kiam li venis, mi manĝis pomon.")
    assert (r["subject"], r["verb"], r["object"]) == ("mi", "manĝis", "pomon")


def test_copula_takes_a_predicate() -> None:
    r = roles("La patro estas sana.")
    assert (r["subject"], r["predicate"]) == ("patro", "sana")
    r = roles("Li estas feliĉa.")
    assert (r["subject"], r["predicate"]) == ("Li", "feliĉa")


def test_indirect_object() -> None:
    s = parse("Petro donis la libron al sia amiko.")
    assert s.words[s.main.indirect_object.head].form == "amiko"
    assert s.words[s.object.head].form == "libron"


def test_time_accusative_is_an_adjunct() -> None:
    r = roles("Ĉiun tagon mi legas libron.")
    assert r["object"] == "libron"


def test_genitive_stays_in_its_phrase() -> None:
    s = parse("Ofelio estas filino de Polonio.")
    assert s.predicate.text(s.words) == "filino de Polonio"


def test_a_degree_particle_inside_a_noun_phrase_stays_in_it() -> None:
    s = parse("La plej juna frato vidis la pli belan domon.")
    assert s.subject.text(s.words) == "La plej juna frato"
    assert s.object.text(s.words) == "la pli belan domon"
    s = parse("Zorbo edziĝis kun la malpli juna fratino.")
    assert [a.text(s.words) for a in s.main.adjuncts] == ["kun la malpli juna fratino"]
    # before a predicate adjective it stays outside: it qualifies the adjective alone
    s = parse("La domo estas tre bela.")
    assert s.subject.text(s.words) == "La domo"


@pytest.mark.parametrize("text", ["Kiom da pomoj manĝis Petro?", "Petro manĝis tiom da pomoj.",
                                  "Kiom da pomoj la knabo manĝis?"])
def test_a_quantity_phrase_leaves_the_subject_to_the_nominative(text: str) -> None:
    # after "da" no ending shows the case: the other nominative is the subject
    r = roles(text)
    assert r["subject"] in ("Petro", "knabo")
    assert SENTENCE.object.text(SENTENCE.words).endswith("da pomoj")


def test_a_quantity_phrase_alone_is_the_subject() -> None:
    r = roles("Kiom da knaboj kuris?")
    assert r["subject"] == "Kiom"


def test_a_quantity_of_time_is_an_adjunct() -> None:
    r = roles("Kiom da tagoj dormis la kato?")
    assert (r["subject"], r["object"]) == ("kato", None)
    assert [a.text(SENTENCE.words) for a in SENTENCE.main.adjuncts] == ["Kiom da tagoj"]


def test_kiom_before_an_adverb_is_a_degree() -> None:
    r = roles("Kiom longe la knaboj dormis?")
    assert r["subject"] == "knaboj"
    assert SENTENCE.question is not None and SENTENCE.question.role == "quantity"


def test_a_preposition_governs_a_quoted_title() -> None:
    s = parse("Kion Petro legis en 'La Verda Arbaro'?")
    assert s.words[s.subject.head].form == "Petro"
    adjunct = s.main.adjuncts[0]
    assert adjunct.preposition is not None and adjunct.text(s.words).endswith("Verda Arbaro")
    assert s.deprels[[w.form for w in s.words].index("Arbaro")] == "obl"


def test_a_quoted_phrase_after_a_noun_names_it() -> None:
    s = parse("La knabo legis la romanon 'Verda Arbaro'.")
    assert s.words[s.object.head].form == "romanon"
    assert s.deprels[[w.form for w in s.words].index("Arbaro")] in ("appos", "flat")
    # a quoted clause is not a name
    s = parse("La knabo diris 'Petro venis'.")
    assert s.object is None


def test_intonation_question() -> None:
    s = parse("Vi venas?")
    assert s.type == "question"
    assert s.question is not None and s.question.word is None
    assert s.question.role == "yes_no"


def test_object_question() -> None:
    s = parse("Kion vi vidas?")
    assert s.type == "question"
    assert (s.question.word, s.question.role) == ("kio", "object")
    assert s.words[s.object.head].form == "Kion"
    assert s.words[s.subject.head].form == "vi"


def test_who_is_question_with_a_name() -> None:
    s = parse("Kiu estas Mitrandiro?")
    assert s.question.word == "kiu"
    assert s.question.role == "predicate"
    name = s.words[2]
    assert name.form == "Mitrandiro" and name.proper and name.pos == "PROPN"
    assert s.words[s.subject.head].form == "Mitrandiro"


@pytest.mark.parametrize(
    ("text", "word", "role"),
    [
        ("Kiun vidis Petro?", "kiu", "object"),
        ("Kiu mortigis Habelon?", "kiu", "subject"),
        ("Kie naskiĝis Zamenhof?", "kie", "place"),
        ("Kien li iris?", "kie", "direction"),
        ("Kiam venis la diluvo?", "kiam", "time"),
        ("Kiom da jaroj vivis Noa?", "kiom", "quantity"),
        ("Kial vi ploras?", "kial", "reason"),
        ("Kies filo estas Kain?", "kies", "possessor"),
        ("Kiel vi nomiĝas?", "kiel", "name"),
        ("Kiel vi fartas?", "kiel", "manner"),
        ("Al kiu vi donis la libron?", "kiu", "indirect_object"),
        ("Per kio li skribas?", "kio", "instrument"),
        ("Kun kiu ŝi dancis?", "kiu", "company"),
        ("Ĉu vi venos?", "ĉu", "yes_no"),
        ("En kiu tago Dio ripozis?", "kiu", "time"),
        ("Pro kies kulpo li mortis?", "kies", "possessor"),
        ("Kiomfoje li venis?", "kiomfoj", "quantity"),
        # a preposition before kiom governs the counted noun: the question asks a number
        ("Dum kiom da tagoj li fastis?", "kiom", "quantity"),
        ("Kun kiom da viroj venis la reĝo?", "kiom", "quantity"),
        # kioma asks a place in an order: of hours or days, a time
        ("Je kioma horo venis Petro?", "kiom", "time"),
        ("Kiomajn tagojn li fastis?", "kiom", "time"),
    ],
)
def test_question_words_and_roles(text: str, word: str, role: str) -> None:
    s = parse(text)
    assert s.type == "question"
    assert (s.question.word, s.question.role) == (word, role)


@pytest.mark.parametrize(
    ("text", "word", "role", "preposition"),
    [
        # an adverb of degree or approximation, or a coordinator, before the question word
        ("Proksimume kiom da pomoj manĝis la knabo?", "kiom", "quantity", None),
        ("Do kiu venis?", "kiu", "subject", None),
        ("Kaj ĉu li venis?", "ĉu", "yes_no", None),
        # a phrase set off by a comma first: the question word opens the main clause
        ("Laŭ la libro, kion faris la reĝo?", "kio", "object", None),
        ("En la urbo, kial la homoj ploris?", "kial", "reason", None),
        # a preposition over an adverb still governs the question word's phrase
        ("Al almenaŭ kiom da homoj li skribis?", "kiom", "quantity", "al"),
        # ĉirkaŭ before a number word says "about", not where
        ("Ĉirkaŭ kiom aĝa estis la patro?", "kiom", "quantity", None),
    ],
)
def test_a_question_word_after_what_may_precede_it(text: str, word: str, role: str,
                                                   preposition: str | None) -> None:
    s = parse(text)
    assert (s.question.word, s.question.role, s.question.preposition) == \
        (word, role, preposition)
    assert [c.kind for c in s.clauses] == ["main"]  # not a relative clause


def test_command() -> None:
    assert parse("Venu tuj!").type == "command"
    assert parse("La hundo kuras.").type == "statement"


def test_x_system_sentence() -> None:
    s = parse("Cxu vi mangxas?")
    assert s.question.word == "ĉu"
    assert (s.verb.lemma, s.verb.stem) == ("manĝi", "manĝ")
    # a name's lemma is in Esperanto letters too; its form stays as typed
    s = parse("Kion vidis Sxercxahxo?")
    name = s.words[s.subject.head]
    assert (name.form, name.lemma) == ("Sxercxahxo", "Ŝerĉaĥo")


def test_offsets_reproduce_the_words() -> None:
    text = "  „Kie estas l’ hundo?” — demandis Petro."
    s = parse(text)
    for word in s.words:
        assert text[word.start:word.end] == word.form
    assert any(w.form == "l’" and w.lemma == "la" for w in s.words)


def test_json_has_the_interface_fields() -> None:
    d = parse("Kiun vidis Petro?").to_dict()
    for key in ("text", "type", "question", "subject", "verb", "object", "predicate",
                "indirect_object", "adjuncts", "words"):
        assert key in d
    word = d["words"][0]
    for key in ("form", "lemma", "stem", "prefixes", "roots", "suffixes", "ending", "pos",
                "feats", "correlative", "proper", "elided", "known"):
        assert key in word
    assert d["question"]["word"] == "kiu"


def test_empty_input_is_the_documented_error() -> None:
    with pytest.raises(EmptyInputError):
        parse("   ")


def test_a_capitalised_word_mid_sentence_shaped_like_a_name_is_one() -> None:
    words = parse("Poste venis Marta kaj Karen, sed la Sankta Spirito restis.").words
    by_form = {w.form: w for w in words}
    assert by_form["Marta"].pos == "PROPN" and by_form["Marta"].proper
    assert by_form["Karen"].pos == "PROPN"
    assert by_form["Sankta"].pos == "ADJ"  # it qualifies the noun after it


def test_an_adjective_before_the_copula_is_its_predicate() -> None:
    sentence = parse("Granda estas la malĝojo de Zorbo.")
    clause = sentence.clauses[0]
    assert clause.subject is not None and clause.predicate is not None
    assert clause.subject.text(sentence.words) == "la malĝojo de Zorbo"
    assert clause.predicate.text(sentence.words) == "Granda"
    clause = parse("La domoj estas belaj.").clauses[0]  # the usual order, unchanged
    assert clause.predicate is not None and clause.predicate.head == 3


def test_a_name_in_n_listed_where_no_verb_takes_an_object_is_whole() -> None:
    # no verb, or only a copula: nothing takes an accusative, the -n is the name's own
    words = {w.form: w for w in parse("La filoj de Zorbo: Petro, Ivano kaj Kedron.").words}
    assert words["Kedron"].case == "Nom" and words["Kedron"].lemma == "Kedron"
    words = {w.form: w for w in parse("La amikoj de Zorbo estis Petro kaj Kedron.").words}
    assert words["Kedron"].case == "Nom"
    # a verb that takes objects: the accusative of Kedro, listed with another object
    words = {w.form: w for w in parse("Petro vidis Paŭlon kaj Kedron.").words}
    assert words["Kedron"].case == "Acc"


def test_a_capitalised_accusative_adjective_with_no_noun_to_agree_with_is_a_name() -> None:
    # bel·a·n would be an accusative adjective, but nothing after it takes its -n
    words = {w.form: w for w in parse("Poste venis Belan kaj parolis al Ruĝan.").words}
    assert words["Belan"].pos == "PROPN" and words["Belan"].lemma == "Belan"
    assert words["Belan"].case == "Nom"  # the -n is the name's own
    assert words["Ruĝan"].pos == "PROPN"
    asked = parse("Kiom da jaroj vivis Belan?")
    name = asked.words[4]
    # the whole name, and its root, which meets the other readings of the word elsewhere
    assert [(t.term, t.kind) for t in name.index_terms] == [("belan", "name"), ("bel", "root")]
    assert asked.clauses[0].subject is not None and asked.clauses[0].object is None
    assert asked.clauses[0].subject.text(asked.words) == "Belan"  # no accusative: the doer
    # after a clause's subject, such a name is the accusative of a name in -a (Bela)
    greeted = parse("Ŝi salutis Belan kaj ŝian fraton.")
    assert greeted.clauses[0].subject.text(greeted.words) == "Ŝi"
    assert greeted.clauses[0].object.text(greeted.words) == "Belan"
    bela = greeted.words[2]
    assert (bela.lemma, bela.case) == ("Bela", "Acc")
    assert [t.term for t in bela.index_terms if t.kind == "name"] == ["bela"]
    shared = parse("Petro iris al la urbo kaj vidis Belan tie.")  # the subject of the first
    assert shared.clauses[1].object.text(shared.words) == "Belan"
    # one that agrees with a noun stays an adjective, capitalised or not: the noun after
    # it, the one before it, or the noun an article stands for
    for sentence in ("Ili transiris la Ruĝan Maron.", "Ŝi aĉetis belan domon.",
                     "Mi vizitis la landon Belan.", "Ŝi parolis la Belan kaj la Bonan lingvon."):
        adjective = next(w for w in parse(sentence).words if w.form.lower().endswith("an"))
        assert adjective.pos == "ADJ" and adjective.feat("Case") == "Acc", sentence


def test_a_name_after_a_prepositional_phrase_s_noun_is_the_subject_a_clause_lacks() -> None:
    for text, adjunct in (("En tiu vintro Tomaso vendis la ĉevalon.", "En tiu vintro"),
                          ("Post la festo Zelia dormis.", "Post la festo")):
        sentence = parse(text)
        clause = sentence.clauses[0]
        assert clause.subject is not None and clause.subject.text(sentence.words) in text
        assert sentence.words[clause.subject.head].is_name
        assert [p.text(sentence.words) for p in clause.adjuncts][0] == adjunct
        assert sentence.deprels[clause.subject.head] == "nsubj"
    # with a subject elsewhere, or none after it, the name stays the noun's apposition
    for text in ("En la urbo Parizo loĝis multaj homoj.", "Li laboris en la urbo Parizo."):
        sentence = parse(text)
        assert any(p.text(sentence.words).endswith("Parizo") for p in sentence.clauses[0].adjuncts)


def test_number_written_as_one_word_counts_its_noun() -> None:
    sentence = parse("Mia najbaro havas dekdu malgrandajn kokinojn.")
    assert sentence.object is not None
    assert sentence.object.text(sentence.words) == "dekdu malgrandajn kokinojn"
    assert sentence.verb is not None and sentence.verb.form == "havas"


def test_a_ki_word_after_a_preposition_leaves_the_noun_phrase_after_it_to_the_clause() -> None:
    # "kio" stands alone and "kiu" takes one noun, never an article: "la viro" is the subject
    for text, adjunct in (("Per kio la viro tranĉis la panon?", "Per kio"),
                          ("En kiu urbo la viro loĝas?", "En kiu urbo")):
        sentence = parse(text)
        clause = sentence.clauses[0]
        assert clause.subject is not None and clause.subject.text(sentence.words) == "la viro"
        assert [p.text(sentence.words) for p in clause.adjuncts] == [adjunct]
    relative = parse("La domo, en kiu la viro loĝas, estas granda.")
    assert relative.clauses[1].subject.text(relative.words) == "la viro"
    asked = parse("Kiun libron la knabo legis?")
    assert asked.clauses[0].object.text(asked.words) == "Kiun libron"


@pytest.mark.parametrize(("text", "subject", "other"), [
    ("Post du jaroj Petro revenis.", "Petro", "Post du jaroj"),  # a preposition's noun
    ("Post ses semajnoj Petro estis resanigita.", "Petro", "Post ses semajnoj"),
    ("La ŝafojn Karlo paŝtis.", "Karlo", "La ŝafojn"),  # an accusative noun
])
def test_a_single_name_after_a_plural_noun_starts_a_phrase(text: str, subject: str,
                                                            other: str) -> None:
    sentence = parse(text)
    main = sentence.clauses[0]
    assert main.subject is not None and main.subject.text(sentence.words) == subject
    shown = [p.text(sentence.words) for p in main.phrases()]
    assert other in shown


@pytest.mark.parametrize(("text", "phrase"), [
    ("Ni skribis al la fratoj Petro kaj Karlo.", "al la fratoj Petro"),  # a list of names
    ("La fratoj Grimm verkis fabelojn.", "La fratoj Grimm"),  # a family's name
    ("Post la reĝo Bertilo venis Karlo.", "Post la reĝo Bertilo"),  # one name, one noun
])
def test_a_name_that_specifies_a_noun_stays_in_its_phrase(text: str, phrase: str) -> None:
    sentence = parse(text)
    assert phrase in [p.text(sentence.words) for p in sentence.clauses[0].phrases()]


def test_dum_before_a_name_and_its_verb_opens_a_clause() -> None:
    sentence = parse("Dum Petro kantis, Maria dancis.")
    words = sentence.words
    opened = [c for c in sentence.clauses if c.introducer is not None]
    assert len(opened) == 1 and words[opened[0].introducer].form == "Dum"
    assert opened[0].subject is not None and opened[0].subject.text(words) == "Petro"
    assert sentence.subject is not None and sentence.subject.text(words) == "Maria"


@pytest.mark.parametrize("text", ["Dum la tago Petro laboris.", "Dum Pasko estis festo.",
                                  "Dum Pasko ni manĝis ŝafidon."])
def test_dum_stays_a_preposition_of_time(text: str) -> None:
    sentence = parse(text)  # no name that a clause of its own could have for subject
    assert all(c.introducer is None for c in sentence.clauses)
    assert any(p.preposition is not None for p in sentence.clauses[0].adjuncts)


@pytest.mark.parametrize(("text", "object_"), [
    ("Ŝi vidis la urbon Parizo.", "la urbon Parizo"),
    ("Ili donis al ŝi la nomon Dina.", "la nomon Dina"),
    ("Li sendis sian filon Karlo al la urbo.", "sian filon Karlo"),
])
def test_a_name_after_an_accusative_noun_specifies_it(text: str, object_: str) -> None:
    sentence = parse(text)
    assert sentence.object is not None and sentence.object.text(sentence.words) == object_


@pytest.mark.parametrize(("text", "subject"), [
    ("La libron Petro legis.", "Petro"),  # the name before its verb is the subject
    ("La libron Petro jam ne legis.", "Petro"),
    ("Tiun tagon Petro, la fiŝisto, venis.", "Petro"),  # an accusative of time
    ("Li vidis la ŝafojn Karlo.", "Li"),  # a plural noun: one name does not specify it
])
def test_a_name_after_an_accusative_noun_may_be_a_phrase_of_its_own(text: str,
                                                                   subject: str) -> None:
    sentence = parse(text)
    assert sentence.subject is not None and sentence.subject.text(sentence.words) == subject
    assert sentence.object is None or subject not in sentence.object.text(sentence.words)


@pytest.mark.parametrize("text", ["La domo, en kiu Petro loĝas, estas granda.",
                                  "En kiu Petro loĝas?"])
def test_a_ki_determiner_takes_no_name(text: str) -> None:
    sentence = parse(text)  # a name needs no determiner: "Petro" is the clause's subject
    assert any(c.subject is not None and c.subject.text(sentence.words) == "Petro"
               for c in sentence.clauses)


@pytest.mark.parametrize(("text", "subject", "place"), [
    ("Jen loĝas en Zorbujo virino, kiu kantas.", "virino", "en Zorbujo"),
    ("Aperis en Zorbujo nova reĝo.", "nova reĝo", "en Zorbujo"),
    ("Mankis al Bertilo kuraĝo.", "kuraĝo", "al Bertilo"),
])
def test_a_noun_right_after_a_prepositions_name_is_the_missing_subject(
        text: str, subject: str, place: str) -> None:
    # an apposition after a name is set off by a comma; a clause without a subject takes it
    sentence = parse(text)
    words = sentence.words
    assert sentence.subject is not None and sentence.subject.text(words) == subject
    assert any(p.text(words) == place for p in sentence.clauses[0].adjuncts + (
        (sentence.clauses[0].indirect_object,) if sentence.clauses[0].indirect_object else ()))


def test_a_noun_after_a_name_stays_in_its_phrase_when_the_clause_has_a_subject() -> None:
    sentence = parse("Petro loĝis en Zorbujo urbeto.")
    assert sentence.subject is not None and sentence.subject.text(sentence.words) == "Petro"
