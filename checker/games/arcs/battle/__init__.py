"""Battle: choosing the system and the defender and resolving the dice (`battle`), the dice
and their faces (`dice`), hits on pieces and Trophies (`hits`), destroying a city: Outrage and
Ransacking the Court (`outrage`), Raiding (`raid`), and the vocabulary of battle
(`battle_vocabulary`).

May import `parts`, `table`, `play` and `actions` (a battle is paid for as any action; Raiding
steals, Ransacking secures, and a destroyed city Provokes Outrage as the actions do), and the
top-level `state` and `common`; no other arcs subpackage."""
