"""The JSON Schema for scenario files, made from the same declarations as the validator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker import limits
from checker.engine import Ruleset
from checker.provenance import READING
from checker.scenario import ENVELOPE, STATUSES, expectations_for

SCHEMA_ID = "https://rules-reference.invalid/scenario.schema.json"


def _claims_schema(ruleset: Ruleset, step_level: bool) -> dict[str, Any]:
    table = expectations_for(ruleset.vocabulary, step_level)
    return {"type": "object", "minProperties": 1, "additionalProperties": False,
            "properties": {name: {**e.spec.schema(), "description": e.doc} for name, e in table.items()}}


def _source_schema() -> dict[str, Any]:
    """`source:`, whose `why` a reading must give, and no text of which may be empty."""
    schema = ENVELOPE["source"].spec.schema()
    for key in ("ref", "why"):
        schema["properties"][key]["pattern"] = r"\S"
    return {**schema, "if": {"properties": {"kind": {"const": READING}}, "required": ["kind"]},
            "then": {"required": ["why"]}}


def _step_schema(ruleset: Ruleset, definitions: dict[str, Any]) -> dict[str, Any]:
    definitions[f"{ruleset.game}-step-claims"] = _claims_schema(ruleset, step_level=True)
    expect = {"$ref": f"#/$defs/{ruleset.game}-step-claims"}
    return {"oneOf": [
        {"type": "object", "description": kind.doc, "additionalProperties": False,
         "required": [name],
         "properties": {name: kind.spec.schema(), "expect": expect}}
        for name, kind in ruleset.vocabulary.steps.items()]}


def _game_schema(ruleset: Ruleset, definitions: dict[str, Any]) -> dict[str, Any]:
    return {
        "if": {"properties": {"game": {"const": ruleset.game}}, "required": ["game"]},
        "then": {"properties": {
            "setup": ruleset.vocabulary.setup.schema(),
            "steps": {"type": "array", "maxItems": limits.STEPS,
                      "items": _step_schema(ruleset, definitions)},
            "expect": _claims_schema(ruleset, step_level=False),
        }},
    }


def scenario_schema(games: Mapping[str, Ruleset]) -> dict[str, Any]:
    envelope: dict[str, dict[str, Any]] = {name: {"description": key.doc}
                                           for name, key in ENVELOPE.items()}
    envelope["id"].update({"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"})
    envelope["title"].update({"type": "string"})
    envelope["game"].update({"enum": list(games)})
    envelope["about"].update(ENVELOPE["about"].spec.schema())
    envelope["source"].update(_source_schema())
    envelope["status"].update({"enum": list(STATUSES)})
    envelope["setup"].update({"type": "object"})
    envelope["steps"].update({"type": "array", "maxItems": limits.STEPS})
    envelope["expect"].update({"type": "object"})
    definitions: dict[str, Any] = {}
    scenario = {
        "type": "object",
        "required": [name for name, key in ENVELOPE.items() if key.required],
        "additionalProperties": False,
        "properties": envelope,
        "allOf": [_game_schema(ruleset, definitions) for ruleset in games.values()],
    }
    definitions["scenario"] = scenario
    _share_long_lists(definitions, definitions)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Rules scenario",
        "description": "A worked rules example, checked by the rules engine.",
        "$defs": definitions,
        "anyOf": [{"$ref": "#/$defs/scenario"},
                  {"type": "array", "minItems": 1, "maxItems": limits.SCENARIOS,
                   "items": {"$ref": "#/$defs/scenario"}}],
    }


def _share_long_lists(node: Any, definitions: dict[str, Any]) -> None:
    """Card catalogs recur in many places: each long `enum` is defined once and referenced."""
    if isinstance(node, list):
        for item in node:
            _share_long_lists(item, definitions)
        return
    if not isinstance(node, dict):
        return
    for value in list(node.values()):
        _share_long_lists(value, definitions)
    values = node.get("enum")
    if isinstance(values, list) and len(values) > 12:
        name = next((key for key, known in definitions.items() if known == {"enum": values}),
                    f"names{len(definitions)}")
        definitions[name] = {"enum": values}
        del node["enum"]
        node["$ref"] = f"#/$defs/{name}"
