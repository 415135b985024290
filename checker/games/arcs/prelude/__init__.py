"""The Prelude step (`prelude_step`): a resource spent for no standard action (a Weapon lets
the pips battle), or a Guild card's Prelude ability: who may use it and the abilities on cards
and the initiative (`guild_prelude`), those that place ships (`guild_ships`) and those that
bring resources and cards (`guild_goods`); and the vocabulary of the Prelude
(`prelude_vocabulary`). Resources spent for an action are paid through the action itself
(`actions.prelude_spending`); a Union gives its card back as the round ends
(`play.round_end`).

May import `parts`, `table`, `play` and `actions` (the Prelude is part of a turn, spends as
the actions do, and Lattice Spies seizes the initiative), and the top-level `state` and
`common`; no other arcs subpackage."""
