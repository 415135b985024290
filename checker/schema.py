"""The JSON Schema for scenario files, made from the same declarations as the validator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.engine import Ruleset
from checker.scenario import ENVELOPE, STATUSES, expectations_for

SCHEMA_ID = "https://rules-reference.invalid/scenario.schema.json"


def _claims_schema(ruleset: Ruleset, step_level: bool) -> dict[str, Any]:
    table = expectations_for(ruleset.vocabulary, step_level)
    return {"type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {name: {**e.spec.schema(), "description": e.doc} for name, e in table.items()}}


def _step_schema(ruleset: Ruleset) -> dict[str, Any]:
    expect = _claims_schema(ruleset, step_level=True)
    return {"oneOf": [
        {"type": "object", "description": kind.doc, "additionalProperties": False,
         "required": [name],
         "properties": {name: kind.spec.schema(), "expect": expect}}
        for name, kind in ruleset.vocabulary.steps.items()]}


def _game_schema(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "if": {"properties": {"game": {"const": ruleset.game}}, "required": ["game"]},
        "then": {"properties": {
            "setup": ruleset.vocabulary.setup.schema(),
            "steps": {"type": "array", "items": _step_schema(ruleset)},
            "expect": _claims_schema(ruleset, step_level=False),
        }},
    }


def scenario_schema(games: Mapping[str, Ruleset]) -> dict[str, Any]:
    envelope = {name: {"description": key.doc} for name, key in ENVELOPE.items()}
    envelope["id"].update({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})
    envelope["title"].update({"type": "string"})
    envelope["game"].update({"enum": list(games)})
    envelope["about"].update(ENVELOPE["about"].spec.schema())
    envelope["status"].update({"enum": list(STATUSES)})
    envelope["setup"].update({"type": "object"})
    envelope["steps"].update({"type": "array"})
    envelope["expect"].update({"type": "object"})
    scenario = {
        "type": "object",
        "required": [name for name, key in ENVELOPE.items() if key.required],
        "additionalProperties": False,
        "properties": envelope,
        "allOf": [_game_schema(ruleset) for ruleset in games.values()],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Rules scenario",
        "description": "A worked rules example, checked by the rules engine.",
        "$defs": {"scenario": scenario},
        "anyOf": [{"$ref": "#/$defs/scenario"},
                  {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/scenario"}}],
    }
