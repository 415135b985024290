"""The key reference in docs/guide/writing-scenarios.md cannot drift from the JSON Schema.

The convention the page follows, and this test enforces:

- Each group of keys has a heading with an explicit id starting with `key-`, e.g.
  `### Setup {#key-ti4-setup}`. The groups are `key-envelope` (and a group for each envelope key
  with named keys of its own, such as `key-envelope-source`), and for each game
  `key-<game>-setup`, `key-<game>-steps` (the step kinds), `key-<game>-step-<kind>` (the
  arguments of a step kind that has named arguments), `key-<game>-expect` (the claims valid at
  the end and in a step), `key-<game>-step-expect` (the claims valid only in a step) and
  `key-<game>-final-expect` (the claims valid only at the end). A key
  whose value is a mapping with named keys of its own (directly or by player) gets a group
  named after its parent and itself: `key-ti4-setup-public_objectives`.
- Under the heading, one Markdown table; the first cell of every body row is the key in
  backticks and nothing else. Fenced code blocks are skipped.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from repo_games import GAMES

from checker.schema import scenario_schema

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide" / "writing-scenarios.md"

HEADING = re.compile(r"^#{1,6}[ \t]")
GROUP = re.compile(r"\{#(?P<id>key-[a-z0-9_-]+)\}[ \t]*$")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
SEPARATOR = re.compile(r"^\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$")
KEY_CELL = re.compile(r"^`(?P<key>[^`\s]+)`$")


def reference_from_page(text: str) -> tuple[dict[str, list[str]], list[str]]:
    """The key groups the page lists, and what breaks the convention (with line numbers)."""
    groups: dict[str, list[str]] = {}
    problems: list[str] = []
    group: str | None = None
    state = "none"
    """For the current group: "none" (no table yet), "header", "rows", "done"."""
    fence: str | None = None

    def close(number: int) -> None:
        if group is not None and state in ("none", "header"):
            problems.append(f"line {number}: group {group} has no table of keys")

    for number, line in enumerate(text.split("\n"), start=1):
        opening = FENCE.match(line)
        if fence is not None:
            if opening and opening[1][0] == fence[0] and len(opening[1]) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = None
            continue
        if opening:
            fence = opening[1]
            continue
        if HEADING.match(line):
            close(number)
            found = GROUP.search(line)
            group = found["id"] if found else None
            state = "none"
            if group is not None:
                if group in groups:
                    problems.append(f"line {number}: group {group} appears twice")
                groups[group] = []
            continue
        if group is None:
            continue
        is_row = line.lstrip().startswith("|")
        if not is_row:
            if state in ("header", "rows"):
                state = "done"
            continue
        if state == "done":
            problems.append(f"line {number}: group {group} has a second table")
        elif state == "none":
            state = "header"
        elif state == "header":
            if not SEPARATOR.match(line.strip()):
                problems.append(f"line {number}: group {group}: expected the table's separator row")
            state = "rows"
        else:
            cell = line.strip().strip("|").split("|")[0].strip()
            key = KEY_CELL.match(cell)
            if key is None:
                problems.append(f"line {number}: group {group}: first cell {cell!r} is not a key "
                                "in backticks")
            elif key["key"] in groups[group]:
                problems.append(f"line {number}: group {group}: `{key['key']}` is listed twice")
            else:
                groups[group].append(key["key"])
    close(len(text.split("\n")))
    return groups, problems


def reference_from_schema(schema: dict[str, Any]) -> dict[str, list[str]]:
    """The same groups, read from the JSON Schema of scenario files."""
    definitions = schema["$defs"]
    scenario = definitions["scenario"]
    groups = {"key-envelope": list(scenario["properties"])}
    for name, child in scenario["properties"].items():
        _record_groups(f"key-envelope-{name}", child, groups)
    for branch in scenario["allOf"]:
        game = branch["if"]["properties"]["game"]["const"]
        parts = branch["then"]["properties"]
        _record_groups(f"key-{game}-setup", parts["setup"], groups)
        kinds = parts["steps"]["items"]["oneOf"]
        groups[f"key-{game}-steps"] = [kind["required"][0] for kind in kinds]
        for kind in kinds:
            name = kind["required"][0]
            _record_groups(f"key-{game}-step-{name}", kind["properties"][name], groups)
        final = parts["expect"]["properties"]
        _record_groups(f"key-{game}-expect", parts["expect"], groups)
        step_claims = _resolve(kinds[0]["properties"]["expect"], definitions)["properties"]
        groups[f"key-{game}-step-expect"] = [key for key in step_claims if key not in final]
        groups[f"key-{game}-final-expect"] = [key for key in final if key not in step_claims]
        groups[f"key-{game}-expect"] = [key for key in groups[f"key-{game}-expect"]
                                        if key in step_claims]
    return groups


def _resolve(node: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    reference = node.get("$ref")
    if reference is None:
        return node
    resolved: dict[str, Any] = definitions[reference.removeprefix("#/$defs/")]
    return resolved


def _record_groups(group: str, node: dict[str, Any], groups: dict[str, list[str]]) -> None:
    """A mapping with named keys is a group, also when it is given by player (a map of them)."""
    if "properties" not in node and isinstance(node.get("additionalProperties"), dict):
        node = node["additionalProperties"]
    properties = node.get("properties") or {}
    if not properties:
        return
    groups[group] = list(properties)
    for name, child in properties.items():
        _record_groups(f"{group}-{name}", child, groups)


def compare(page: dict[str, list[str]], schema: dict[str, list[str]]) -> list[str]:
    """What the page lacks or has too many of, one message per group."""
    messages = []
    for group, keys in schema.items():
        if group not in page:
            messages.append(f"{group}: group missing (no heading with {{#{group}}}); keys: "
                            f"{', '.join(keys)}")
            continue
        missing = [key for key in keys if key not in page[group]]
        extra = [key for key in page[group] if key not in keys]
        if missing:
            messages.append(f"{group}: missing keys: {', '.join(missing)}")
        if extra:
            messages.append(f"{group}: keys not in the schema: {', '.join(extra)}")
    for group in page:
        if group not in schema:
            messages.append(f"{group}: group not in the schema")
    return messages


def _page_text() -> str:
    return GUIDE.read_text(encoding="utf-8")


def _drift(text: str) -> list[str]:
    page, problems = reference_from_page(text)
    return problems + compare(page, reference_from_schema(scenario_schema(GAMES)))


def test_the_key_reference_lists_exactly_the_keys_of_the_schema() -> None:
    assert _drift(_page_text()) == []


def test_every_schema_group_has_keys() -> None:
    """The schema side is not empty by accident (a change of the schema's shape would be)."""
    groups = reference_from_schema(scenario_schema(GAMES))
    assert {"key-envelope", "key-ti4-setup", "key-ti4-steps", "key-ti4-step-score",
            "key-ti4-expect", "key-ti4-step-expect", "key-ti4-setup-public_objectives"} <= set(groups)
    assert "players" in groups["key-ti4-setup"]
    assert groups["key-ti4-step-expect"] == ["rejected", "cites", "not_cited"]
    assert groups["key-ti4-final-expect"] == ["setup_rejected"]
    assert "setup_rejected" not in groups["key-ti4-expect"]
    assert all(groups.values())


def _without_row(text: str, group: str, key: str) -> str:
    """The page text with the row of `key` removed from the table of `group`."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if f"{{#{group}}}" in line)
    row = next(i for i in range(start, len(lines)) if lines[i].startswith(f"| `{key}` |"))
    return "\n".join(lines[:row] + lines[row + 1:])


def test_a_removed_key_is_reported_by_name() -> None:
    text = _without_row(_page_text(), "key-ti4-expect", "ended_at_step")
    assert _drift(text) == ["key-ti4-expect: missing keys: ended_at_step"]


def test_a_removed_nested_key_is_reported_by_name() -> None:
    text = _without_row(_page_text(), "key-ti4-setup-public_objectives", "stage_ii")
    assert _drift(text) == ["key-ti4-setup-public_objectives: missing keys: stage_ii"]


def test_an_extra_key_and_a_missing_group_are_reported() -> None:
    text = _page_text().replace("| `winner` | player, or", "| `winnr` | player, or", 1)
    text = text.replace("{#key-ti4-step-score}", "", 1)
    drift = _drift(text)
    assert "key-ti4-expect: missing keys: winner" in drift
    assert "key-ti4-expect: keys not in the schema: winnr" in drift
    assert any(message.startswith("key-ti4-step-score: group missing") for message in drift)


def test_rows_that_break_the_convention_are_reported() -> None:
    text = """\
## Setup {#key-ti4-setup}

| key | meaning |
| --- | --- |
| players | no backticks |
| `round` | fine |
| `round` | twice |

## Steps {#key-ti4-steps}

No table here.

```markdown
## In a code block {#key-ignored}
```
"""
    page, problems = reference_from_page(text)
    assert page == {"key-ti4-setup": ["round"], "key-ti4-steps": []}
    assert problems == [
        "line 5: group key-ti4-setup: first cell 'players' is not a key in backticks",
        "line 7: group key-ti4-setup: `round` is listed twice",
        "line 16: group key-ti4-steps has no table of keys",
    ]


def test_the_guide_states_the_limits_the_checker_applies() -> None:
    from checker import limits

    section = _page_text().split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    assert f"| a scenario file or a Markdown page | {limits.FILE_BYTES:,} bytes" in section
    assert any(row.startswith("| nesting") and f"| {limits.DEPTH} levels" in row for row in rows)
    assert any(row.startswith("| values in one YAML text") and f"| {limits.VALUES:,}:" in row
               for row in rows)
    assert any(row.startswith("| a number |") and f"| {limits.NUMBER_CHARACTERS} characters"
               in row for row in rows)
    assert f"| scenarios in one file (a list of them) | {limits.SCENARIOS} |" in rows
    assert f"| steps in one scenario | {limits.STEPS} |" in rows
    assert f"| rule ids in `about`, or in one step's `cites` or `not_cited` | {limits.RULE_IDS} |" \
        in rows
