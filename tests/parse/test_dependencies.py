"""The dependency tree: one test per rule of Esperanto grammar, on sentences made up here."""

from __future__ import annotations

import pytest

from klareco.parse import parse


def arcs(text: str) -> dict[str, tuple[str, str]]:
    """form → (the form of its head or "ROOT", relation), for a sentence whose forms differ."""
    sentence = parse(text)
    found = {}
    for word, head, relation in zip(sentence.words, sentence.heads, sentence.deprels,
                                    strict=True):
        found[word.form] = (sentence.words[head - 1].form if head else "ROOT", relation)
    return found


SENTENCES = [
    "La katon vidas la hundo.",
    "Mia frato estas instruisto.",
    "La pomo estis manĝita de la knabo.",
    "La libro estas sur la tablo.",
    "En la ĝardeno kreskas floroj, kaj birdoj kantas.",
    "Ŝi diris, ke la vetero estos bela, sed mi ne kredis ŝin.",
    "Mi vidis la hundon, kiu bojis al la luno.",
    "Kiun libron vi volas legi hodiaŭ?",
    "Petro, fermu la pordon!",
    "« Venu », li diris; ŝi ne venis.",
    "Ni loĝas en Romo, la ĉefurbo de Italio, kun tri katoj kaj unu hundo.",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_every_word_has_a_head_and_the_sentence_one_root(text: str) -> None:
    sentence = parse(text)
    n = len(sentence.words)
    assert len(sentence.heads) == len(sentence.deprels) == n
    assert [r for r in sentence.deprels if r == "root"] == ["root"]
    assert sentence.heads.count(0) == 1
    assert sentence.deprels[sentence.heads.index(0)] == "root"
    for start in range(n):  # every word reaches the root: no cycle
        node, steps = start, 0
        while sentence.heads[node] != 0:
            node = sentence.heads[node] - 1
            steps += 1
            assert steps <= n


@pytest.mark.parametrize("text", SENTENCES)
def test_the_tree_says_what_the_roles_say(text: str) -> None:
    """One analysis: each clause's subject, object and indirect object are the tree's."""
    sentence = parse(text)
    for clause in sentence.clauses:
        for phrase, relations in ((clause.subject, ("nsubj", "nsubj:pass", "vocative")),
                                  (clause.object, ("obj",)),
                                  (clause.indirect_object, ("obl",))):
            if phrase is not None and sentence.heads[phrase.head] != 0:
                assert sentence.deprels[phrase.head] in relations


def test_case_not_order_gives_subject_and_object() -> None:
    found = arcs("La katon vidas la hundo.")
    assert found["hundo"] == ("vidas", "nsubj")
    assert found["katon"] == ("vidas", "obj")
    assert found["vidas"] == ("ROOT", "root")


def test_the_predicate_of_esti_heads_its_clause() -> None:
    found = arcs("Mia frato estas instruisto.")
    assert found["instruisto"] == ("ROOT", "root")
    assert found["estas"] == ("instruisto", "cop")
    assert found["frato"] == ("instruisto", "nsubj")
    assert found["Mia"] == ("frato", "nmod:poss")


def test_esti_with_a_passive_participle_is_its_auxiliary() -> None:
    sentence = parse("La pomo estis manĝita de la knabo.")
    found = arcs(sentence.text)
    assert found["manĝita"] == ("ROOT", "root")
    assert found["estis"] == ("manĝita", "aux:pass")
    assert found["pomo"] == ("manĝita", "nsubj:pass")
    assert found["knabo"] == ("manĝita", "obl")
    assert sentence.words[2].pos == "AUX"


def test_esti_saying_where_its_subject_is_is_a_copula() -> None:
    found = arcs("La libro estas sur la tablo.")
    assert found["tablo"] == ("ROOT", "root")
    assert found["estas"] == ("tablo", "cop")
    assert found["sur"] == ("tablo", "case")


def test_esti_before_its_subject_says_that_something_exists() -> None:
    sentence = parse("Estas floroj en la ĝardeno.")
    found = arcs(sentence.text)
    assert found["Estas"] == ("ROOT", "root")
    assert sentence.words[0].pos == "VERB"
    assert found["floroj"] == ("Estas", "nsubj")


def test_other_copulas_keep_the_verb_as_head() -> None:
    found = arcs("Li fariĝis kuracisto.")
    assert found["fariĝis"] == ("ROOT", "root")
    assert found["kuracisto"] == ("fariĝis", "xcomp")


def test_a_relative_clause_hangs_from_its_antecedent() -> None:
    sentence = parse("Mi vidis la hundon, kiu bojis al la luno.")
    found = arcs(sentence.text)
    assert found["bojis"] == ("hundon", "acl:relcl")
    assert found["kiu"] == ("bojis", "nsubj")
    assert sentence.words[5].pos == "PRON"  # kiu standing for the dog
    assert found[","] == ("hundon", "punct")


def test_a_ke_clause_is_a_complement_and_ke_its_mark() -> None:
    found = arcs("Ŝi diris, ke la vetero estos bela.")
    assert found["bela"] == ("diris", "ccomp")
    assert found["ke"] == ("bela", "mark")
    assert found["estos"] == ("bela", "cop")


def test_a_clause_of_reason_is_adverbial() -> None:
    found = arcs("Ni restis hejme, ĉar pluvis.")
    assert found["pluvis"] == ("restis", "advcl")
    assert found["ĉar"] == ("pluvis", "mark")
    assert found["hejme"] == ("restis", "advmod")


def test_coordinated_clauses() -> None:
    found = arcs("Petro kantis kaj Maria dancis.")
    assert found["dancis"] == ("kantis", "conj")
    assert found["kaj"] == ("dancis", "cc")
    assert found["Maria"] == ("dancis", "nsubj")


def test_clauses_after_a_semicolon_are_parataxis() -> None:
    found = arcs("Li venis; ŝi foriris.")
    assert found["foriris"] == ("venis", "parataxis")


def test_coordinated_nominals_hang_from_the_first() -> None:
    found = arcs("Mi aĉetis pomojn, pirojn kaj prunojn.")
    assert found["pirojn"] == ("pomojn", "conj")
    assert found["prunojn"] == ("pomojn", "conj")
    assert found["kaj"] == ("prunojn", "cc")
    assert found[","] == ("pirojn", "punct")


def test_apposition_and_genitive() -> None:
    found = arcs("Ni loĝas en Romo, la ĉefurbo de Italio.")
    assert found["Romo"] == ("loĝas", "obl")
    assert found["ĉefurbo"] == ("Romo", "appos")
    assert found["Italio"] == ("ĉefurbo", "nmod")
    assert found["de"] == ("Italio", "case")
    assert found["la"] == ("ĉefurbo", "det")


def test_a_chain_of_child_nouns_goes_back_a_generation_each_step() -> None:
    # "Zorbo, filo de Ringo, filo de Petro": Ringo is Petro's son, not Zorbo a second time
    sentence = parse("Kaj Zorbo, filo de Ringo, filo de Petro, konstruis muron.")
    words = [w.form for w in sentence.words]
    first, second = [i for i, form in enumerate(words) if form == "filo"]
    assert sentence.words[sentence.heads[first] - 1].form == "Zorbo"
    assert sentence.words[sentence.heads[second] - 1].form == "Ringo"
    assert sentence.deprels[second] == "appos"
    # another noun after a son's is no step back: it stays with the apposition before it
    found = arcs("Kaj Zorbo, filo de Ringo, reĝo de Zorbujo, konstruis muron.")
    assert found["reĝo"] == ("filo", "appos")


def test_a_nominative_after_an_accusative_describes_the_name_in_its_de_phrase() -> None:
    # an apposition agrees in case: "filo" cannot describe "filinon"
    found = arcs("Petro prenis la filinon de Ringo, reĝo de Zorbujo.")
    assert found["reĝo"] == ("Ringo", "appos")


def test_a_colon_after_a_noun_opens_a_list_of_what_it_counts() -> None:
    found = arcs("La filoj de Zorbo: Petro kaj Ana.")
    assert found["Petro"] == ("filoj", "appos")
    assert found["Ana"] == ("Petro", "conj")
    found = arcs("Li havis tri filojn: Petro, Paŭlo kaj Johano, kiujn li amis.")
    assert found["Petro"] == ("filojn", "appos")
    assert found["Johano"] == ("Petro", "conj")
    # after a verb of saying the colon opens what is said: whom it is said to, no list
    found = arcs("Kaj Marta diris al la servisto: Petro, kaj kion pri tio?")
    assert found["Petro"][1] != "appos"


def test_an_infinitive_complements_the_verb_and_governs_what_follows() -> None:
    found = arcs("Ŝi volas legi libron en la ĝardeno.")
    assert found["legi"] == ("volas", "xcomp")
    assert found["libron"] == ("legi", "obj")
    assert found["ĝardeno"] == ("legi", "obl")


def test_an_infinitive_after_a_preposition_is_adverbial() -> None:
    found = arcs("Li venis por helpi.")
    assert found["helpi"] == ("venis", "advcl")
    assert found["por"] == ("helpi", "mark")


def test_esti_before_a_participle_after_a_verb() -> None:
    found = arcs("La leteroj povas esti senditaj.")
    assert found["senditaj"] == ("povas", "xcomp")
    assert found["esti"] == ("senditaj", "aux:pass")


def test_modifiers_inside_a_noun_phrase() -> None:
    found = arcs("Tri belaj knabinoj kuris tre rapide.")
    assert found["Tri"] == ("knabinoj", "nummod")
    assert found["belaj"] == ("knabinoj", "amod")
    assert found["tre"] == ("rapide", "advmod")
    assert found["rapide"] == ("kuris", "advmod")
    assert arcs("La knabino estas tre bela.")["tre"] == ("bela", "advmod")


def test_a_focus_particle_qualifies_the_phrase_after_it() -> None:
    found = arcs("Mi vidis nur Petron.")
    assert found["nur"] == ("Petron", "advmod")


def test_negation_qualifies_the_verb() -> None:
    found = arcs("Mi ne dormis.")
    assert found["ne"] == ("dormis", "advmod")


def test_names_written_together_are_flat() -> None:
    found = arcs("Hieraŭ Ludoviko Zamenhof parolis.")
    assert found["Zamenhof"] == ("Ludoviko", "flat")
    assert found["Ludoviko"] == ("parolis", "nsubj")


def test_someone_addressed_is_a_vocative() -> None:
    found = arcs("Petro, fermu la pordon!")
    assert found["Petro"] == ("fermu", "vocative")
    assert found["!"] == ("fermu", "punct")


def test_the_question_particle_and_words() -> None:
    sentence = parse("Kiun libron vi legas?")
    found = arcs(sentence.text)
    assert found["libron"] == ("legas", "obj")
    assert found["Kiun"] == ("libron", "det")
    assert dict(sentence.words[0].feats)["PronType"] == "Int"
    assert arcs("Ĉu vi venos?")["Ĉu"] == ("venos", "advmod")


def test_quotes_hang_from_the_word_beside_them() -> None:
    found = arcs("« Venu », li diris.")
    assert found["«"] == ("Venu", "punct")
    assert found["»"] == ("Venu", "punct")


def test_only_universal_relations_and_registered_subtypes() -> None:
    allowed = {"root", "nsubj", "nsubj:pass", "obj", "iobj", "obl", "vocative", "advmod",
               "advcl", "ccomp", "xcomp", "acl", "acl:relcl", "amod", "det", "nmod",
               "nmod:poss", "nummod", "appos", "case", "mark", "cc", "conj", "cop", "aux",
               "aux:pass", "punct", "parataxis", "flat", "compound", "discourse", "dep"}
    for text in SENTENCES:
        assert set(parse(text).deprels) <= allowed


def test_whom_a_command_speaks_to_is_a_vocative_after_it_too() -> None:
    found = arcs("Amu vin, infanoj miaj!")
    assert found["infanoj"] == ("Amu", "vocative")
    assert found["miaj"] == ("infanoj", "nmod:poss")  # a possessive after its noun


def test_a_noun_after_a_prepositional_phrase_and_kaj_is_its_conjunct() -> None:
    found = arcs("Ne pluvis dum du jaroj kaj tri monatoj.")
    assert found["monatoj"] == ("jaroj", "conj")
    assert found["jaroj"] == ("pluvis", "obl")


def test_a_repeated_preposition_after_kaj_coordinates_inside_the_phrase_before() -> None:
    # "de Zorbo kaj de Ingrid": both owners of the mother, not a phrase of the verb
    found = arcs("Mirza, la patrino de Zorbo kaj de Ingrid, staris tie.")
    assert found["Ingrid"] == ("Zorbo", "conj")
    assert found["Zorbo"] == ("patrino", "nmod")
    assert found["patrino"] == ("Mirza", "appos")  # no list of people: the kaj is inside
    found = arcs("Li parolis al la filoj de Zorbo kaj de Ingrid.")
    assert found["Ingrid"] == ("Zorbo", "conj")
    # the phrase's own preposition repeated coordinates the whole phrases
    found = arcs("Li venis de la urbo de Zorbo kaj de la maro.")
    assert found["maro"] == ("urbo", "conj")
