"""What an Arcs scenario can say about the Prelude: the `prelude` step (10). A standard action
is paid with a resource token through its own `spend` key (`actions.action_vocabulary`)."""

from __future__ import annotations

from checker.games.arcs.actions.action_vocabulary import TOKEN
from checker.vocabulary import Key, Record, StepKind

STEPS = (
    StepKind("prelude", Record({
        "spend": Key(TOKEN, "The resource token spent: its resource (the leftmost such token), "
                     "or its slot, 1 to 6 from the left. A Weapon lets the action pips battle "
                     "this turn; any other is spent without effect (10.2c, 10.4).",
                     required=True),
    }, "argument"), "A Prelude action of the player whose turn it is that is not a standard "
                    "action (10)."),
)
