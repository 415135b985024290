"""The `source:` key of a scenario (`checker.provenance`): its declaration, which the
validator and the JSON Schema read, and its check, which gives a located problem for each
mistake."""

from __future__ import annotations

from typing import Any

from checker.provenance import KINDS, READING, Provenance
from checker.vocabulary import Choice, Context, Key, Record, Str, is_valid
from checker.yamlsource import Pos, YMap

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


def check_source(node: Any, pos: Pos, ctx: Context) -> Provenance | None:
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
