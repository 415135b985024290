"""Where a scenario's ruling comes from, its `source:` key: the game's own rules text, an
official FAQ or errata entry, a designer's ruling, or this site's own reading of the rules
where they are silent or ambiguous, with the reasoning. A player reads it in the game's words
(`Provenance.label`): "Living Rules Reference 61.7", "Rulebook p. 17", "Official FAQ: ...".

The key is optional for the checker: a site of another game builds without it, and its
walkthroughs say "Source not stated" (`NOT_STATED`). This project's own tests demand it of
every scenario of this site.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.game_info import RULEBOOK
from checker.vocabulary import Choice, Context, Key, Record, Str, is_valid
from checker.yamlsource import Pos, YMap

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

SPEC = Record({
    "kind": Key(Choice(tuple(KINDS), "source kind"), "Where the ruling comes from: "
                + "; ".join(f"`{kind}`, {doc}" for kind, doc in KINDS.items()) + ".",
                required=True),
    "ref": Key(Str(), "Where, in words a player can look up: for `rules` and `reading` a page "
               "(`p. 17`) or rule number (`61.7`) of the rules text, else the FAQ entry, the "
               "erratum, or where the designer's ruling was given.", required=True),
    "why": Key(Str(), "The reasoning, in a sentence: required for `kind: reading`, optional "
               "otherwise."),
}, what="source key")
"""The `source:` mapping, for the validator and the JSON Schema."""


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
        return f"{_NAMES[self.kind]}: {self.ref}"


def _joined(ref: str) -> str:
    """What goes between the name of a rules text and a place in it: a space before a number
    or a page ("Rulebook p. 17", "Living Rules Reference 61.7"), else a comma ("Rulebook,
    Status Phase")."""
    return " " if ref[:1].isdigit() or ref.startswith(("p. ", "pp. ")) else ", "


_NAMES = {"faq": "Official FAQ", "errata": "Official errata", "designer": "Designer ruling"}


def provenance(node: Any, pos: Pos, ctx: Context) -> Provenance | None:
    """The checked `source:` mapping at `pos`, or None with its problems in `ctx`."""
    checked = SPEC.check(node, pos, ctx)
    if not is_valid(checked) or not isinstance(node, YMap):
        return None
    kind, ref, why = checked.get("kind"), checked.get("ref"), checked.get("why")
    if kind is None or ref is None:
        return None  # a missing key, reported by the Record
    fine = True
    for key, value in (("ref", ref), ("why", why)):
        if isinstance(value, str) and not value.strip():
            ctx.error(node.value_pos[key], f"`{key}` is empty: {_EMPTY[key]}")
            fine = False
    if kind == READING and why is None:
        ctx.error(pos, "a source of kind `reading` needs a `why`: this site's reasoning, "
                  "in a sentence, since the rules do not say it in so many words")
        fine = False
    return Provenance(kind, ref.strip(), (why or "").strip()) if fine else None


_EMPTY = {"ref": "say where the ruling is (a page, a rule number, an FAQ entry)",
          "why": "give the reasoning in a sentence, or leave the key out"}


def rules_text_of(game: object) -> str:
    """What `game` (an installed game, or a ruleset) calls its own rules text."""
    name = getattr(game, "rules_text", None)
    return name if isinstance(name, str) and name else RULEBOOK
