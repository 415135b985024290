"""The map of the Reach as a picture for walkthroughs: the map, the Court and who is who
(`map`), and the battle panel under it.

Shows a state, never decides one: may import every arcs subpackage but `chapter_end`, whose
picture is its own; nothing in the rules imports it."""
