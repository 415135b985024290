"""Arcs in words for people: each step kind and claim as a sentence (`sentences`), and the
state as labelled rows (`describe`), with the map, the player boards and the Court
(`describe_map`) and the last battle with Outrage (`describe_battle`). They say what the
rules did, never decide it: nothing in the rules imports them.

May import `parts`, `table`, `play`, `actions`, `battle` and `chapter_end`, and the top-level
`state` and `common`; no other arcs subpackage."""
