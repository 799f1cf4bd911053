"""Held-out sets made over the default corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from klareco.engine import Engine
from klareco.parse import parse
from klareco.training.heldout import HeldOutItem, verb_swapped_items
from klareco.training.questions import GeneratedQuestion

pytestmark = pytest.mark.corpus


def test_verb_swapped_questions_keep_all_but_their_verb_and_have_no_answer(
        real_home: Path) -> None:
    made = [GeneratedQuestion(text, ("petr",), yes_no=False, form="kiun")
            for text in ("Kiun vidis Zorbo en la ĝardeno?", "Kiun renkontis Mirela?")]
    items = [HeldOutItem(g, g.text, True, g.form) for g in made]
    unanswerable = HeldOutItem(made[0], "Kiun vidis Bertilo?", False, "unanswerable")
    swapped = verb_swapped_items(Engine.load(real_home), [*items, unanswerable], seed=3,
                                 sample=2000)
    assert len(swapped) == 2
    for item, was in zip(swapped, items, strict=True):
        assert (item.answerable, item.form) == (False, "unanswerable")
        before, after = parse(was.text), parse(item.text)
        assert before.verb is not None and after.verb is not None
        assert after.verb.form != before.verb.form and after.verb.ending == before.verb.ending
        assert [w.form for w in after.words if w is not after.verb] == \
            [w.form for w in before.words if w is not before.verb]
