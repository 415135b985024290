"""The map of the Reach as a picture for walkthroughs: the map, the Court, who is who and the
key (`map`), the battle panel under it on the step of a battle (`battle_panel`), and the shapes
both are drawn with (`shapes`)."""
