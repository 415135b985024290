"""The standard actions but battle: taking an action on a turn and paying for it (`acting`),
with a resource token in the Prelude (`prelude_spending`),
Tax, Build, Move, Repair, gaining a resource (`gaining`), Influence and Secure
(`court_actions`) with the Vox cards' effects (`vox`), Guild cards coming to and leaving a
play area (`guild_cards`), stealing from a Rival (`stealing`),
Provoking Outrage (`outrage`), a player left with nothing on the map placing ships at a gate
(`elimination`), and the vocabulary of the actions (`action_vocabulary`).

May import `parts`, `table` and `play` (a Vox card may declare an ambition), and the top-level
`state` and `common`; no other arcs subpackage."""
