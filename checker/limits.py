"""How large scenario input may be. A file or YAML text past a limit is refused with a located
error before it can cost much time or memory; every limit is far above what a real scenario
needs (the project's own: 8 levels deep, 253 values, 55 KB for the largest page). The guide
(docs/guide/writing-scenarios.md, "Limits") states the same numbers, and a test keeps them
in step. Counts inside a scenario are bounded per key by each game's vocabulary."""

from __future__ import annotations

FILE_BYTES = 1_048_576
"""A scenario file or a Markdown page: 1 MiB, refused before it is read whole."""

DEPTH = 32
"""Mappings and lists nested inside one another, aliases counted where they are used."""

VALUES = 50_000
"""Values (keys, scalars, mappings, lists) in one YAML text; an alias counts as a copy of
all it stands for, so an "alias bomb" of a few hundred bytes is refused at once."""

NUMBER_CHARACTERS = 20
"""The written length of a number (`123`, `0x1F`, `1.5e3`)."""

SCENARIOS = 100
"""Scenarios in one YAML text (a file may hold a list of them; the project's most is 2)."""

STEPS = 200
"""Steps in one scenario (the project's most is 11)."""

RULE_IDS = 50
"""Rule ids in a scenario's `about`, or in one step's `cites` (the project's most is 9)."""
