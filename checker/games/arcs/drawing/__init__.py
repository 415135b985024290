"""The map of the Reach as a picture for walkthroughs: the map, the Court, who is who and the
key (`map`), the battle panel under it on the step of a battle (`battle_panel`), the player
boards under it on a Prelude action or an Outrage a card provoked (`board_panel`), and the
shapes they are drawn with (`shapes`). The end of a chapter draws its own picture
(`chapter_end.drawing`). Only the ruleset imports it.

May import `parts`, `table`, `play`, `actions`, `battle`, `chapter_end` and `narration` (the
picture's words are the map's rows), and the top-level `state` and `common`; no other arcs
subpackage."""
