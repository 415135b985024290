"""TI3 as the core sees it: bad input is a located error, the engine cites only rules its
pages define, every rule it refuses with has a scenario that claims the refusal, and the
tie-breaks of Imperium Rex apply in their order."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from repo_games import GAMES, plays

from checker.engine import run
from checker.runner import Loaded, load_file

ROOT = Path(__file__).resolve().parent.parent
TI3 = GAMES["ti3"]

BASE = """\
id: x
title: X
game: ti3
setup:
  players: [Red, Blue, Green]
  strategy_cards: {Red: Initiative, Blue: Trade, Green: Imperial}
"""


def _scenarios() -> list[Loaded]:
    files = sorted((ROOT / "scenarios" / "ti3").glob("*.yaml"))
    files += sorted((ROOT / "docs" / "ti3").glob("*.md"))
    return [load_file(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"), GAMES)
            for p in files]


def _ti3_runs() -> list:
    return [run(s, TI3) for loaded in _scenarios() for s in loaded.scenarios
            if s.game == "ti3" and plays(s)]


def test_unknown_step_and_bad_setup_are_located_errors(
        problems: Callable[..., list[str]]) -> None:
    text = BASE + """\
  victory_points_goal: 12
  planets: {Red: lots}
steps:
  - score: {player: Red, objective: A}
  - claim: {player: Redd, objective: A}
expect: {game_over: false}
"""
    found = problems(text)
    assert found[0].startswith("s.yaml:7:24: unknown victory point goal '12'")
    assert found[1] == "s.yaml:8:18: expected a list or a single value, got text" \
        or found[1].startswith("s.yaml:8:18:")
    assert found[2].startswith("s.yaml:10:5: unknown step kind 'score'; it is a step of ti4")
    assert found[3].startswith("s.yaml:11:21: unknown player 'Redd' (did you mean 'Red'?)")


def test_a_setup_that_breaks_a_rule_is_refused_with_the_rule(
        load: Callable[..., Loaded]) -> None:
    from checker.runner import check_scenario

    text = BASE + "  points: {Red: 10}\nexpect: {game_over: false}\n"
    loaded = load(text)
    verdict = check_scenario(loaded.scenarios[0], GAMES)
    assert "ti3:12.2" in str(verdict.problems[0])


@pytest.mark.parametrize(("setup", "message"), [
    ("  phase: strategy\n  strategy_cards_used: [Imperial]\n", "in the strategy phase"),
    ("  strategy_cards_used: [Warfare]\n", "nobody holds it"),
])
def test_a_strategy_card_used_before_the_scenario_must_be_usable(
        load: Callable[..., Loaded], setup: str, message: str) -> None:
    from checker.runner import check_scenario

    loaded = load(BASE + setup + "expect: {game_over: false}\n")
    problem = str(check_scenario(loaded.scenarios[0], GAMES).problems[0])
    assert "ti3:14.3" in problem and message in problem


@pytest.mark.parametrize(("phase", "round_", "refused"), [
    ("action", 3, None), ("action", 1, None), ("strategy", 3, "ti3:3.3"),
])
def test_a_home_system_lost_at_the_start_costs_claims_only_if_a_status_phase_saw_it(
        load: Callable[..., Loaded], phase: str, round_: int, refused: str | None) -> None:
    """3.3 follows a round whose claims were lost (3.1), never a loss mended in one action
    phase; a setup in the strategy phase comes after the last round's status phase (none
    before round 1's, where every home planet is still held: 3.4)."""
    cards = "{Red: Initiative, Blue: Trade, Green: Imperial}"
    held, opening = ("{}", f"  - strategy_phase: {cards}\n") if phase == "strategy" else (cards, "")
    text = f"""\
id: x
title: X
game: ti3
setup:
  players: [Red, Blue, Green]
  phase: {phase}
  round: {round_}
  strategy_cards: {held}
  public_objectives: {{Stage I objective A: 1}}
  home_control: {{Red: false}}
steps:
{opening}  - home_system: {{player: Red, controls_all: true}}
  - status_phase: {{}}
  - claim: {{player: Red, objective: Stage I objective A}}
expect: {{game_over: false}}
"""
    [scenario] = load(text).scenarios
    violation = run(scenario, TI3).records[-1].violation
    assert (violation.rule if violation else None) == refused


def test_the_engine_cites_only_rules_of_its_rulebook_and_every_refusal_is_claimed() -> None:
    cited, refused = set(), set()
    for trace in _ti3_runs():
        for record in trace.records:
            cited.update(event.rule for event in record.events)
            if record.violation is not None:
                refused.add(record.violation.rule)
    assert cited and all(rule in TI3.rulebook for rule in cited)
    assert refused <= set(TI3.rulebook.ids())


def test_at_least_25_scenario_files_and_every_rule_is_illustrated() -> None:
    runs = _ti3_runs()
    files = {t.scenario.location.path for t in runs if t.scenario.location.path.endswith(".yaml")}
    assert len(runs) >= 25 and len(files) >= 25
    # A refused setup illustrates the rule that refuses it too (3.4 has nothing else to show).
    about = {rule for loaded in _scenarios() for s in loaded.scenarios if s.game == "ti3"
             for rule in s.about}
    sections = {r for r in TI3.rulebook.ids() if "." not in r.partition(":")[2]}
    missing = [r for r in TI3.rulebook.ids() if r not in about and r not in sections]
    assert missing == []


def test_the_ti3_pages_embed_at_least_10_worked_examples() -> None:
    from checker.site.pages.syntax import scan_page

    embeds = [embed.target for page in sorted((ROOT / "docs" / "ti3").glob("*.md"))
              for embed in scan_page(page.name, page.read_text(encoding="utf-8")).embeds]
    assert len(set(embeds)) >= 10


@pytest.mark.parametrize(("counters", "winner", "rule"), [
    ({"Red": (2, 3, 2), "Blue": (1, 3, 5)}, "Red", "ti3:13.3b"),
    ({"Red": (2, 3, 3), "Blue": (3, 2, 4)}, "Blue", "ti3:13.3c"),
    ({"Red": (2, 2, 4), "Blue": (1, 3, 4)}, None, "ti3:13.3d"),
])
def test_imperium_rex_counts_unused_counters_before_the_race_sheet(
        load: Callable[..., Loaded], counters: dict, winner: str | None, rule: str) -> None:
    areas = ", ".join(f"{p}: {{strategy: {s}, command: {c}, fleet: {f}}}"
                      for p, (s, c, f) in counters.items())
    text = BASE + f"""\
  points: {{Red: 8, Blue: 8}}
  planets: {{Red: 5, Blue: 5, Green: 9}}
  command_counters: {{{areas}}}
steps:
  - imperial_primary: {{player: Green, reveals: Imperium Rex, victory_points: 0}}
expect: {{game_over: true}}
"""
    [scenario] = load(text).scenarios
    outcome = run(scenario, TI3).outcome
    assert outcome is not None and (outcome.winner, outcome.rule) == (winner, rule)
