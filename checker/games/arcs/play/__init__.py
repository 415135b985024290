"""Card play: leading and following by Surpass, Copy or Pivot, seizing and passing the
initiative (`card_play`), whose turn comes next and the end of a round (`round_end`),
declaring an ambition on the lead card (`declaring`), and the vocabulary of card play
(`play_vocabulary`).

May import `parts`, `table` (a player left with nothing on the map places ships as the turn
ends) and the top-level `state` and `common`; no other arcs subpackage."""
