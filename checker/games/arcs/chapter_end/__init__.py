"""The end of a chapter: when a chapter ends and the order of its four steps (`chapter`),
scoring the ambitions (`scoring`), clean-up (`cleanup`), the end of the game or the next
chapter and drawing new hands (`game_end`), and the end as a picture (`drawing`).

May import `parts`, `play` (a finished round is closed first) and `table` (a city returned at
clean-up may cover resource slots), and the top-level `state` and `common`; no other arcs
subpackage."""
