"""Card play: leading and following by Surpass, Copy or Pivot, seizing and passing the
initiative (`card_play`), whose turn comes next and the end of a round (`round_end`),
declaring an ambition on the lead card (`declaring`), and the vocabulary of card play
(`play_vocabulary`).

May import `parts`, and `state` and `common` above it; no other arcs subpackage."""
