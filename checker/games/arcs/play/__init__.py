"""Card play: leading and following by Surpass, Copy or Pivot, seizing and passing the
initiative (`card_play`), whose turn comes next and the end of a round (`round_end`),
declaring an ambition on the lead card (`declaring`), and the vocabulary of card play
(`play_vocabulary`).

May import `parts` and the top-level `state` and `common`; no other arcs subpackage."""
