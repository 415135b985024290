"""Rules pages speak rules (issue 31, item 4): outside YAML fences and the collapsed notes for
scenario writers, no page of a game's rules explains the engine, the checker, YAML or scenario
syntax. Such notes live in the guide, or in a `??? note "For scenario writers"` block next to
the example, which a player never has to open."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("ti4", "ti3", "arcs")
TOOL_PAGES = ("ask.md", "coverage.md", "scenarios.md")
"""A game's pages about the site's tools, not its rules: asking the engine, coverage, the list
of every scenario."""

WRITER_NOTE = re.compile(r'^(?P<indent>\s*)\?\?\? [a-z]+ "For scenario writers"\s*$')
"""The opening line of a collapsed note for scenario writers (`???+` or `!!!` would show it)."""

FENCE = re.compile(r"^(?P<indent>\s*)(?P<marks>`{3,}|~{3,})")

ENGINE_TALK = re.compile(
    r"`|\bengines?\b|\bchecker\b|\bYAML\b|\bJSON\b|\bschema\b|\bscenarios?\b"
    r"|\b[a-z]+_[a-z_]+\b|\bmodel(?:s|led|ed)?\b",
    re.IGNORECASE,
)
"""What only a scenario writer needs: code spans (keys and step kinds are written in them),
the engine, the checker and the formats, the word scenario, snake_case names, what the engine
does or does not model. Words of the games such as step, claim, setup or refused are allowed,
and word boundaries keep "Loyal Engineers" out."""

NOT_PROSE = (
    re.compile(r"\[\[[^\]]*\]\]"),  # rule references and scenario, list and coverage markers
    re.compile(r"\[[^\]]*\]\(scenarios\.md\)"),  # a link to the list page, named by its title
    re.compile(r"\]\([^)]*\)"),  # link targets (the link text stays)
)


def engine_talk(text: str) -> list[tuple[int, str]]:
    """The lines of a rules page's Markdown that talk like the engine, with their numbers."""
    found: list[tuple[int, str]] = []
    fence: re.Match[str] | None = None
    note_indent: int | None = None
    for number, line in enumerate(text.splitlines(), 1):
        indent = len(line) - len(line.lstrip())
        if note_indent is not None and (not line.strip() or indent > note_indent):
            continue
        note_indent = None
        if fence is not None:
            marks = fence["marks"]
            if line.strip().startswith(marks) and not line.strip().strip(marks[0]):
                fence = None
            continue
        if opened := FENCE.match(line):
            fence = opened
            continue
        if opened := WRITER_NOTE.match(line):
            note_indent = len(opened["indent"])
            continue
        prose = line
        for pattern in NOT_PROSE:
            prose = pattern.sub("", prose)
        if ENGINE_TALK.search(prose):
            found.append((number, line.strip()))
    return found


def rules_pages() -> list[Path]:
    pages = [
        page
        for game in GAMES
        for page in sorted((ROOT / "docs" / game).glob("*.md"))
        if page.name not in TOOL_PAGES
    ]
    for game in GAMES:
        for name in TOOL_PAGES:
            assert (ROOT / "docs" / game / name).is_file(), f"{game}/{name} is no longer a tool page"
    return pages


@pytest.mark.parametrize(
    "line",
    [
        "How the engine applies this, in every phase:",
        "phase is refused, and a scenario setup that gives strategy cards",
        "as `ransack: Farseers`, or a list for two cities.",
        "Uprising, which asks for a cluster, cannot be Ransacked in a scenario.",
        "In a scenario the draw is a step of its own (draw_secret_objective).",
        "The checker does not model the Prelude.",
        '!!! note "In scenarios"',
        "Paste the YAML into the ask page.",
    ],
)
def test_engine_talk_is_found(line: str) -> None:
    assert engine_talk(line) == [(1, line)]


@pytest.mark.parametrize(
    "line",
    [
        "(Loyal Engineers, Loyal Pilots, Loyal Marines, Loyal Empaths and Loyal Keepers)",
        "strategy card because they all went back in status phase step 8 ([[ti4:81.8]]).",
        "Claims in the status phase follow it; a player claims nothing.",
        "At setup, six planets are covered by out-of-play markers.",
        "The new hand cannot be refused or redrawn.",
        "Example: one Blue agent is enough.",
        "[[scenario:arcs-battle-ransack-court]]",
        "[All TI4 scenarios](scenarios.md) lists every checked example.",
        "See [the note](../guide/writing_scenarios.md#key-arcs-step-battle).",
    ],
)
def test_the_games_own_words_are_not_engine_talk(line: str) -> None:
    assert engine_talk(line) == []


def test_yaml_fences_and_collapsed_writer_notes_are_not_prose() -> None:
    page = (
        'Rule text.\n'
        '=== "TI3"\n'
        '    ```scenario\n'
        '    steps: [{draw_secret_objective: {player: Red}}]\n'
        '    ```\n'
        '??? note "For scenario writers"\n'
        '    A raid names a slot, such as `raid: [{slot: 2}]`.\n'
        '\n'
        '    The checker puts a gained token in the leftmost slot.\n'
        'Back to the rules: the engine decides.\n'
        '???+ note "For scenario writers"\n'
        '    Shown open, so the checker talk here counts.\n'
    )
    assert [number for number, _ in engine_talk(page)] == [10, 11, 12]


def test_no_rules_page_talks_like_the_engine() -> None:
    pages = rules_pages()
    assert len(pages) >= 30
    found = [
        f"{page.relative_to(ROOT)}:{number}: {line}"
        for page in pages
        for number, line in engine_talk(page.read_text(encoding="utf-8"))
    ]
    assert not found, "engine talk on rules pages (move it to the guide or a collapsed note):\n" + (
        "\n".join(found)
    )


def test_the_notes_moved_off_the_rules_stay_next_to_their_examples() -> None:
    """The notes are kept for scenario writers, collapsed, not dropped."""
    battle = (ROOT / "docs" / "arcs" / "battle.md").read_text(encoding="utf-8")
    victory = (ROOT / "docs" / "ti4" / "victory-points.md").read_text(encoding="utf-8")
    assert battle.count('??? note "For scenario writers"') >= 5
    assert "`ransack: Farseers`" in battle
    assert '??? note "For scenario writers"' in victory
    assert "`strategy_cards`" in victory
