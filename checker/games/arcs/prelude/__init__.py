"""The Prelude step: a resource spent without an action of its own (Weapons let the pips
battle) (`prelude_step`), and the vocabulary of the Prelude (`prelude_vocabulary`). Resources
spent for an action are paid through the action itself (`actions.prelude_spending`).

May import `parts`, `table`, `play` and `actions` (the Prelude is part of a turn, spends as
the actions do), and the top-level `state` and `common`; no other arcs subpackage."""
