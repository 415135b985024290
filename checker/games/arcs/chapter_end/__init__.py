"""The end of a chapter as a picture (`drawing`); the rules of it are in the modules beside
this package (chapter, scoring, cleanup, game_end)."""
