"""The pieces on the table as the rules read them: who controls a system (`control`), the
player boards (`player_board`), the tokens a returned city covers (`covered_slots`), what is
left in each supply (`supply`), the piece limits (`piece_limits`), the map's setup
(`map_setup`) and the vocabulary of the map and the pieces (`map_vocabulary`).

May import `parts` and the top-level `state` and `common`; no other arcs subpackage."""
