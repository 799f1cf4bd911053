"""UD conventions in the output, and the mapping back to the ETB treebank's conventions."""

from __future__ import annotations

import pytest

from klareco.parse import analyze_word, parse
from klareco.parse.conventions import etb_tags


def word_in(text: str, form: str):  # type: ignore[no-untyped-def]
    return next(w for w in parse(text).words if w.form == form)


@pytest.mark.parametrize(("form", "pos", "feats"), [
    ("la", "DET", {"Definite": "Def", "PronType": "Art"}),
    ("granda", "ADJ", {"Case": "Nom", "Degree": "Pos", "Number": "Sing"}),
    ("manĝas", "VERB", {"Mood": "Ind", "Tense": "Pres", "VerbForm": "Fin"}),
    ("manĝus", "VERB", {"Mood": "Sub", "VerbForm": "Fin"}),
    ("manĝu", "VERB", {"Mood": "Imp", "VerbForm": "Fin"}),
    ("manĝi", "VERB", {"VerbForm": "Inf"}),
    ("li", "PRON", {"Case": "Nom", "Gender": "Masc", "Number": "Sing", "Person": "3",
                    "PronType": "Prs"}),
    ("ŝian", "PRON", {"Case": "Acc", "Number": "Sing", "Number[psor]": "Sing", "Person": "3",
                      "Poss": "Yes", "PronType": "Prs"}),
    ("oni", "PRON", {"Case": "Nom", "Person": "3", "PronType": "Ind"}),
    ("tri", "NUM", {"NumType": "Card"}),
    ("ne", "ADV", {"Polarity": "Neg"}),
    ("tre", "ADV", {}),
    ("ĉu", "PART", {}),
    ("jes", "INTJ", {}),
    ("ol", "ADP", {}),
    ("kiam", "ADV", {}),
])
def test_upos_and_features_out_of_context(form: str, pos: str, feats: dict[str, str]) -> None:
    word = analyze_word(form)
    assert (word.pos, dict(word.feats)) == (pos, feats)


def test_a_correlative_in_u_is_a_pronoun_alone_and_a_determiner_before_a_noun() -> None:
    assert word_in("Tiu venis.", "Tiu").pos == "PRON"
    assert word_in("Tiu hundo venis.", "Tiu").pos == "DET"


def test_esti_is_an_auxiliary_only_as_copula_or_auxiliary() -> None:
    assert word_in("Ŝi estas feliĉa.", "estas").pos == "AUX"
    assert word_in("Estas multaj homoj en la urbo.", "Estas").pos == "VERB"


def test_the_question_word_is_interrogative_and_a_relative_word_relative() -> None:
    assert word_in("Kion vi vidas?", "Kion").feat("PronType") == "Int"
    assert word_in("Mi havas libron, kiun vi volas.", "kiun").feat("PronType") == "Rel"


def test_direction_is_an_accusative() -> None:
    word = word_in("Li iris en la domon.", "domon")
    assert word.feat("Case") == "Acc" and word.directional


@pytest.mark.parametrize(("text", "form", "expected"), [
    ("La hundoj kuris.", "hundoj", ("hund", "NOUN", {"Case": "Nom", "Number": "Plur"})),
    ("Li estus venonta.", "estus", ("est", "VERB", {"Mood": "Cnd"})),
    ("Li estus venonta.", "venonta", ("venont", "ADJ", {"Case": "Nom", "Number": "Sing",
                                                        "Tense": "Fut", "Voice": "Act"})),
    ("Ŝi trovis la perditan ringon.", "perditan",
     ("perdit", "ADJ", {"Case": "Acc", "Number": "Sing", "Tense": "Pass", "Voice": "Pass"})),
    ("Li iris en la domon.", "domon", ("dom", "NOUN", {"Case": "Lat", "Number": "Sing"})),
    ("Mia amiko venis.", "Mia", ("mi", "DET", {"Case": "Nom", "Number": "Sing", "Person": "1",
                                               "Poss": "Yes", "PronType": "Prs"})),
    ("Tiu venis.", "Tiu", ("tiu", "DET", {"Case": "Nom", "Number": "Sing",
                                          "PronType": "Dem"})),
    ("Li ne venis.", "ne", ("ne", "PART", {})),
    ("Kion vi vidas?", "Kion", ("kio", "PRON", {"PronType": "Rel"})),
    ("Kie vi estas?", "Kie", ("kie", "ADV", {"PronType": "Rel"})),
    ("Oni diras tion.", "Oni", ("oni", "PRON", {"Case": "Nom", "Number": "Plur", "Person": "0",
                                                "PronType": "Prs"})),
    ("Kain venis.", "Kain", ("Kain", "PROPN", {"Case": "Nom", "Number": "Sing"})),
    ("La lernantoj venis.", "lernantoj",
     ("lernant", "NOUN", {"Case": "Nom", "Number": "Plur", "Tense": "Pres", "Voice": "Act"})),
])
def test_etb_tags_are_the_treebank_conventions(text: str, form: str,
                                               expected: tuple[str, str, dict[str, str]]
                                               ) -> None:
    assert etb_tags(word_in(text, form)) == expected


def test_word_json_has_the_dictionary_lemma_and_the_stem() -> None:
    data = parse("La knabinoj mortigis la drakon.").to_dict()
    verb = data["words"][2]
    assert (verb["lemma"], verb["stem"], verb["pos"]) == ("mortigi", "mortig", "VERB")
    assert data["verb"]["lemma"] == "mortigi"
