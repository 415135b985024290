"""Where a scenario's ruling comes from, its `source:` key: the game's own rules text, an
official FAQ or errata entry, a designer's ruling, or this site's own reading of the rules
where they are silent or ambiguous, with the reasoning. A player reads it in the game's words
(`Provenance.label`): "Living Rules Reference 61.7", "Rulebook p. 17", "Official FAQ: ...".

The key is optional for the checker: a site of another game builds without it, and its
walkthroughs say "Source not stated" (`NOT_STATED`). This project's own tests demand it of
every scenario of this site. The key's declaration and check are in `checker.source_key`;
this module stays light, for a site rebuilt from its cache reads sources but checks none.
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.game_info import RULEBOOK

KINDS = {
    "rules": "the game's own rules text (its rulebook or rules reference)",
    "faq": "an entry of the game's official FAQ",
    "errata": "an official erratum",
    "designer": "a ruling by the game's designer or publisher",
    "reading": "this site's own reading where the rules are silent or ambiguous, with `why`",
}
"""The kinds of source, each with what it means."""

READING = "reading"
"""The kind that must say `why`: the answer is this site's, not the game's."""
NOT_STATED = "Source not stated"
"""What a scenario without a `source` shows."""

@dataclass(frozen=True)
class Provenance:
    """A scenario's stated source."""

    kind: str
    """One of `KINDS`."""
    ref: str
    """Where in it, as written: "p. 17", "61.7", an FAQ entry."""
    why: str = ""
    """The reasoning (always given for a reading)."""

    def label(self, rules_text: str = RULEBOOK) -> str:
        """The source in a player's words; `rules_text` is what the game calls its own rules
        text ("Living Rules Reference")."""
        where = f"{rules_text}{_joined(self.ref)}{self.ref}"
        if self.kind == "rules":
            return where
        if self.kind == READING:
            return f"This site's reading of {where}"
        return f"{KIND_NAMES[self.kind]}: {self.ref}"


def _joined(ref: str) -> str:
    """What goes between the name of a rules text and a place in it: a space before a number
    or a page ("Rulebook p. 17", "Living Rules Reference 61.7"), else a comma ("Rulebook,
    Status Phase")."""
    return " " if ref[:1].isdigit() or ref.startswith(("p. ", "pp. ")) else ", "


KIND_NAMES = {"faq": "Official FAQ", "errata": "Official errata", "designer": "Designer's ruling",
              READING: "This site's reading"}
"""Each kind of source but the rules text itself by name, as a player reads it."""


def rules_text_of(game: object) -> str:
    """What `game` (an installed game, or a ruleset) calls its own rules text."""
    name = getattr(game, "rules_text", None)
    return name if isinstance(name, str) and name else RULEBOOK
