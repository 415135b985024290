"""What the Arcs state is made of, without a rule that reads it: the map of the Reach
(`board`), the pieces, the ambition markers and other printed numbers (`components`), the
action cards, the Court cards, where a round of card play stands (`rounds`), what a battle did
(`battle_report`), and the words a scenario names them by (`words`).

Imports no other arcs module: the top-level `state` is built on it, and every other
subpackage on `state`."""
