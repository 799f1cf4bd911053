#!/usr/bin/env python
"""How the engine answers questions generated from held-out documents.

    python scripts/eval_generated.py [--count 3000] [--seed 11] [--json] [--items FILE]
                                     [--only other-voice|opposite|event-noun|owner-naming|
                                             quality|speech|action|material] [--swap-verbs]

Needs a built corpus (`klareco build`). A fifth of the documents, chosen by a hash of their id,
is held out (`klareco/training/heldout.py`); from their sentences that the encoder was not
trained on, and that hold no evidence of the dev set, the question generator makes one question
each; half of those naming someone get another name of the corpus, and some others ask when,
where or why of what the corpus tells without it (both unanswerable).
Prints the figures `klareco eval` gives the dev set, and answer accuracy per question form.
With --items, the questions are read from FILE when it exists and written to it when not, so
two versions of the engine can be measured on the very same questions. --only makes one kind
of question alone: `other-voice` asks a clause with an -ig- verb about its object in the voice
without it ("Kiu mortis?" from "… mortigis la gardiston"), `opposite` asks `ĉu` about a clause
with a mal- verb or an adjective predicate, half as it is and half turned to its opposite,
`event-noun` asks when or where an event happened by its noun ("Kiam okazis la morto de
Bertilo?" from "Bertilo mortis en …"), `owner-naming` asks a name by someone's relative
("Kiel nomiĝis la filo de Zorbo?"), `quality` asks what a noun with adjectives is like
("Kian ĉapelon aĉetis Petro?" from "… aĉetis ruĝan ĉapelon"), `speech` what someone said
("Kion Petro diris al Ana?" from "Petro diris al Ana: …"), `action` what someone did or
what befell something ("Kion faris Petro?", "Kio okazis al la domo?" from "Petro vendis la
domon"), `material` what something is made of ("El kio estis la ŝlosilo, kiun Petro
forĝis?" from "Petro forĝis feran ŝlosilon"). The held-out documents hold a few hundred
sentences of most of these kinds (of materials, a few dozen), so
--count 400 gives what there is. --swap-verbs asks each answerable question of the set with
its verb swapped for another of the same tense, as the ranker's training makes a share of its
unanswerable questions ("Kiun mortigis Kain?" → "Kiun konstruis Kain?"; the seed draws the
verbs), and measures how often the engine withholds an answer to them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from klareco.engine import Engine
from klareco.evaluation import evidence_texts
from klareco.training.heldout import (
    held_out_items,
    judge,
    read_items,
    report,
    verb_swapped_items,
    write_items,
)
from klareco.training.questions import ASKERS, generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="generated questions")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--items", type=Path, help="JSON lines of questions: read if it "
                        "exists, else written")
    parser.add_argument("--only", choices=sorted(ASKERS),
                        help="make one kind of question only")
    parser.add_argument("--swap-verbs", action="store_true",
                        help="ask the answerable questions with their verb swapped, all "
                        "unanswerable (the seed draws the verbs)")
    args = parser.parse_args()

    engine = Engine.load()
    exclude = evidence_texts()
    progress = sys.stderr.isatty()
    if args.items is not None and args.items.is_file():
        items = read_items(args.items)
    else:
        ask = ASKERS[args.only] if args.only else generate
        items = held_out_items(engine, args.count, args.seed, exclude, progress, ask)
        if args.items is not None:
            write_items(args.items, items)
    if args.swap_verbs:
        items = verb_swapped_items(engine, items, args.seed)
    figures = report(judge(engine, items, progress))
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    print(f"{figures['n']} questions from held-out documents ({figures['answerable']} "
          "answerable)")
    for key in ("answer_accuracy", "abstain_accuracy", "false_abstain_rate", "confident_right",
                "candidate_accuracy", "mrr@10", "read_mrr@10"):
        print(f"  {key:<20} {figures[key]}")
    print(f"  {'confident (>= 0.5)':<20} {figures['confident']}")
    print("form              n   answer accuracy   candidate accuracy")
    for form, row in figures["by_form"].items():
        print(f"{form:<14} {row['n']:>4}   {row['accuracy']!s:<15}   {row['candidate_accuracy']}")


if __name__ == "__main__":
    main()
