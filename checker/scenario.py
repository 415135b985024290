"""Scenarios: the envelope every game shares (id, title, game, about, status, setup, steps, expect).

`build` checks a loaded YAML value against the envelope and the game's vocabulary
and returns Scenario objects whose nodes keep their locations; every problem of
the text is collected and raised together as one ScenarioError.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from checker import limits
from checker.expectations import FINAL_ONLY, GAME_END, RULE_ID, SETUP_REJECTED, STEP_ONLY
from checker.game_info import GameUnavailable
from checker.location import Location, ScenarioError
from checker.rulebook import RULE_ID as RULE_ID_PATTERN
from checker.rulebook import RuleBook
from checker.vocabulary import (
    Choice,
    Context,
    Expectation,
    Key,
    ListOf,
    Record,
    Str,
    Vocabulary,
    did_you_mean,
    is_valid,
    type_name,
)
from checker.yamlsource import Pos, Text, YList, YMap

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
STATUSES = ("verified", "disputed")


class Game(Protocol):
    """The part of a Ruleset that building a scenario needs."""

    @property
    def game(self) -> str: ...

    @property
    def vocabulary(self) -> Vocabulary: ...

    @property
    def rulebook(self) -> RuleBook: ...


@dataclass(frozen=True)
class Claims:
    """Checked expectations, with the node of each so a mismatch can point at it."""

    values: Mapping[str, Any]
    node: YMap
    """The `expect:` mapping as written (locations of each key and value)."""

    def value_pos(self, key: str) -> Pos:
        return self.node.value_pos[key]


@dataclass(frozen=True)
class Step:
    index: int
    """1-based position among the scenario's steps."""
    kind: str
    args: Any
    expect: Claims | None
    location: Location


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    game: str
    about: tuple[str, ...]
    status: str
    setup: Mapping[str, Any]
    setup_location: Location
    steps: tuple[Step, ...]
    expect: Claims | None
    location: Location
    source: Text
    """The YAML text the scenario was read from (a whole file or one fence)."""

    @property
    def disputed(self) -> bool:
        return self.status == "disputed"


ENVELOPE = {
    "id": Key(Str(), "Stable slug, unique in the site (lowercase letters, digits, dashes).", required=True),
    "title": Key(Str(), "The question the example answers, as a player would ask it.", required=True),
    "game": Key(Str(), "Which ruleset judges the scenario.", required=True),
    "about": Key(ListOf(RULE_ID, unique=True, max_items=limits.RULE_IDS),
                 "Rule ids this example illustrates, e.g. ti4:61.6."),
    "status": Key(Choice(STATUSES, "status"), "`verified` (default), or `disputed`: expected to "
                  "disagree with the engine; fails once it agrees."),
    "setup": Key(Record({}), "The game-specific starting state."),
    "steps": Key(ListOf(Str(), max_items=limits.STEPS), "Ordered decisions and events, each one "
                 "step kind with its arguments and an optional `expect`."),
    "expect": Key(Record({}), "Claims checked after the last step."),
}
"""The envelope keys; the per-game parts (setup, steps, expect) come from each game's vocabulary
(see `build` and `schema.scenario_schema`)."""


def build(value: Any, source: Text, games: Mapping[str, Game]) -> list[Scenario]:
    """Scenarios from one loaded YAML text (a mapping or a list of them)."""
    ctx = Context(source, [])
    if value is None:
        ctx.error((max(source.line_offset, 1), source.col_offset + 1), "empty: no scenario here")
        raise ScenarioError(ctx.problems)
    items: list[tuple[Any, Pos]]
    if isinstance(value, YList):
        items = list(zip(value, value.item_pos))
        if not items:
            ctx.error(value.pos, "empty list: no scenario here")
        if len(items) > limits.SCENARIOS:
            ctx.error(value.pos, f"expected at most {limits.SCENARIOS} scenarios in one text, got "
                      f"{len(items)}")
            raise ScenarioError(ctx.problems)
    else:
        items = [(value, getattr(value, "pos", (source.line_offset + 1, source.col_offset + 1)))]
    scenarios = []
    for item, pos in items:
        scenario = _scenario(item, pos, ctx, games)
        if scenario is not None:
            scenarios.append(scenario)
    if ctx.problems:
        raise ScenarioError(sorted(ctx.problems, key=lambda p: (p.location.line, p.location.col)))
    return scenarios


def _scenario(node: Any, pos: Pos, ctx: Context, games: Mapping[str, Game]) -> Scenario | None:
    if not isinstance(node, YMap):
        ctx.error(pos, f"a scenario must be a mapping, got {type_name(node)}")
        return None
    before = len(ctx.problems)
    for key in node:
        if key not in ENVELOPE:
            ctx.error(node.key_pos[key], f"unknown key '{key}'{did_you_mean(key, list(ENVELOPE))}")
    for name, key in ENVELOPE.items():
        if key.required and name not in node:
            ctx.error(pos, f"missing required key '{name}'")
    plain = {name: ENVELOPE[name].spec.check(node[name], node.value_pos[name], ctx)
             for name in ("id", "title", "game", "about", "status") if name in node}
    scenario_id = plain.get("id")
    if isinstance(scenario_id, str) and not SLUG.match(scenario_id):
        ctx.error(node.value_pos["id"], f"id '{scenario_id}' must be a slug: lowercase letters, "
                  "digits and dashes")
    game = _game(node, plain.get("game"), ctx, games)
    about = plain.get("about")
    if isinstance(node.get("about"), YList) and about is not None and is_valid(about):
        for rule_pos, rule_id in zip(node["about"].item_pos, about):
            check_rule_id(rule_id, rule_pos, ctx, games)
    if game is None:
        return None
    vocabulary = game.vocabulary
    setup_node = node.get("setup", _empty(pos))
    ctx.names = vocabulary.names(setup_node) if isinstance(setup_node, YMap) else {}
    setup = vocabulary.setup.check(setup_node, node.value_pos.get("setup", pos), ctx)
    steps = _steps(node.get("steps"), node.value_pos.get("steps", pos), ctx, game, games)
    expect = _claims(node.get("expect"), node.value_pos.get("expect"), ctx, vocabulary, games,
                     step_level=False)
    _setup_claim_alone(node, expect, ctx)
    listed = node.get("steps")
    stated = "expect" in node or isinstance(listed, YList) and any(
        isinstance(item, YMap) and "expect" in item for item in listed)
    if not stated:
        ctx.error(pos, "the scenario claims nothing: give an `expect` (at the end or on a step)")
    if len(ctx.problems) > before or not is_valid(setup):
        return None
    return Scenario(
        id=plain["id"], title=plain["title"], game=game.game, about=tuple(plain.get("about") or ()),
        status=plain.get("status", "verified"), setup=setup,
        setup_location=ctx.location(node.value_pos.get("setup", pos)), steps=tuple(steps), expect=expect,
        location=ctx.location(pos), source=ctx.source)


def _empty(pos: Pos) -> YMap:
    empty = YMap()
    empty.pos, empty.key_pos, empty.value_pos = pos, {}, {}
    return empty


def _game(node: YMap, name: Any, ctx: Context, games: Mapping[str, Game]) -> Game | None:
    if not isinstance(name, str):
        return None
    if name not in games:
        ctx.error(node.value_pos["game"], f"unknown game '{name}'{did_you_mean(name, list(games))}; "
                  f"expected one of {', '.join(games)}")
        return None
    try:
        games[name].vocabulary  # noqa: B018 - loads the game's engine, which may fail
    except GameUnavailable as unavailable:
        ctx.error(node.value_pos["game"], str(unavailable))
        return None
    return games[name]


def check_rule_id(rule_id: Any, pos: Pos, ctx: Context, games: Mapping[str, Game]) -> bool:
    """A rule id must have the `game:number` shape and name a rule some game defines."""
    if not isinstance(rule_id, str):
        return False
    match = RULE_ID_PATTERN.match(rule_id)
    if not match:
        ctx.error(pos, f"'{rule_id}' is not a rule id; write it like ti4:61.6")
        return False
    game = games.get(match["game"])
    if game is None:
        ctx.error(pos, f"rule id '{rule_id}' names unknown game '{match['game']}'")
        return False
    if rule_id not in game.rulebook:
        known = game.rulebook.ids()
        ctx.error(pos, f"unknown rule '{rule_id}'{did_you_mean(rule_id, known)}")
        return False
    return True


def _steps(node: Any, pos: Pos, ctx: Context, game: Game, games: Mapping[str, Game]) -> list[Step]:
    if node is None:
        return []
    if not isinstance(node, YList):
        ctx.error(pos, f"`steps` must be a list, got {type_name(node)}")
        return []
    if len(node) > limits.STEPS:
        ctx.error(pos, f"expected at most {limits.STEPS} steps, got {len(node)}")
        return []
    steps = []
    for index, (item, item_pos) in enumerate(zip(node, node.item_pos), start=1):
        step = _step(index, item, item_pos, ctx, game, games)
        if step is not None:
            steps.append(step)
    return steps


def _step(index: int, node: Any, pos: Pos, ctx: Context, game: Game,
          games: Mapping[str, Game]) -> Step | None:
    kinds = game.vocabulary.steps
    if not isinstance(node, YMap):
        ctx.error(pos, f"step {index} must be a mapping such as `- score: {{...}}`, got {type_name(node)}")
        return None
    names = [key for key in node if key != "expect"]
    if len(names) > 1 and "expect" not in node:
        for name in names:
            if name not in kinds and did_you_mean(name, ["expect"]):
                ctx.error(node.key_pos[name], f"unknown key '{name}' in step {index} "
                          f"{did_you_mean(name, ['expect'])}")
                names.remove(name)
                break
    if len(names) != 1:
        what = "no step kind" if not names else f"{len(names)} step kinds ({', '.join(map(str, names))})"
        ctx.error(pos, f"step {index} has {what}; give exactly one, plus an optional `expect`")
        return None
    kind = names[0]
    if kind not in kinds:
        owner = [other for other, g in games.items() if other != game.game and kind in g.vocabulary.steps]
        hint = (f"; it is a step of {owner[0]}, not {game.game}" if owner
                else did_you_mean(kind, list(kinds)))
        ctx.error(node.key_pos[kind], f"unknown step kind '{kind}'{hint}")
        return None
    args = kinds[kind].spec.check(node[kind], node.value_pos[kind], ctx)
    expect = _claims(node.get("expect"), node.value_pos.get("expect"), ctx, game.vocabulary, games,
                     step_level=True)
    return Step(index, str(kind), args, expect, ctx.location(node.key_pos[kind]))


_TABLES: dict[tuple[int, bool], tuple[dict[str, Expectation], Record]] = {}


def _claim_table(vocabulary: Vocabulary, step_level: bool) -> tuple[dict[str, Expectation], Record]:
    """The claims allowed at one level, and the Record that checks them; made once per game."""
    key = (id(vocabulary), step_level)
    if key not in _TABLES:
        table = {**GAME_END, **vocabulary.expectations, **(STEP_ONLY if step_level else FINAL_ONLY)}
        record = Record({name: Key(e.spec, e.doc) for name, e in table.items()}, what="expectation")
        _TABLES[key] = (table, record)
    return _TABLES[key]


def expectations_for(vocabulary: Vocabulary, step_level: bool) -> dict[str, Expectation]:
    return _claim_table(vocabulary, step_level)[0]


def _without_misplaced_claims(node: YMap, ctx: Context, step_level: bool) -> YMap:
    """`rejected`, `cites` and `not_cited` speak of one step, so in the final `expect` they are
    an error; `setup_rejected` speaks of the setup, so in a step's `expect` it is one."""
    if step_level:
        misplaced = [key for key in FINAL_ONLY if key in node]
        where = "the setup: put it in the scenario's final `expect`"
    else:
        misplaced = [key for key in STEP_ONLY if key in node]
        where = "one step: put it in that step's `expect`"
    for key in misplaced:
        ctx.error(node.key_pos[key], f"`{key}` is a claim about {where}")
    if not misplaced:
        return node
    kept = YMap((k, v) for k, v in node.items() if k not in misplaced)
    kept.pos = node.pos
    kept.key_pos = dict(node.key_pos)
    kept.value_pos = {k: v for k, v in node.value_pos.items() if k not in misplaced}
    return kept


def _claims(node: Any, pos: Pos | None, ctx: Context, vocabulary: Vocabulary,
            games: Mapping[str, Game], step_level: bool) -> Claims | None:
    if node is None:
        if pos is not None:
            ctx.error(pos, "`expect` is empty: state at least one claim")
        return None
    record = _claim_table(vocabulary, step_level)[1]
    if isinstance(node, YMap):
        node = _without_misplaced_claims(node, ctx, step_level)
    values = record.check(node, pos or (0, 0), ctx)
    if not is_valid(values) or not isinstance(node, YMap):
        return None
    if not node.key_pos:
        ctx.error(node.pos, "`expect` is empty: state at least one claim")
        return None
    if not values:
        return None
    for key in ("rejected", "ended_by", SETUP_REJECTED):
        if key in values:
            check_rule_id(values[key], node.value_pos[key], ctx, games)
    for key in ("cites", "not_cited"):
        for rule_id, rule_pos in zip(values.get(key, ()), getattr(node.get(key), "item_pos", ())):
            check_rule_id(rule_id, rule_pos, ctx, games)
    both = [rule for rule in dict.fromkeys(values.get("not_cited", ()))
            if rule in values.get("cites", ())]
    if both:
        ctx.error(node.value_pos["not_cited"], f"{', '.join(both)} cannot be both cited and "
                  "not cited")
    return Claims(values, node)


def _setup_claim_alone(node: YMap, expect: Claims | None, ctx: Context) -> None:
    """A refused setup starts no game: `setup_rejected` comes with no step and no other claim."""
    if expect is None or SETUP_REJECTED not in expect.values:
        return
    if node.get("steps"):
        ctx.error(node.key_pos["steps"], f"a scenario that claims `{SETUP_REJECTED}` has no "
                  "steps: a refused setup starts no game")
    for key in expect.values:
        if key != SETUP_REJECTED:
            ctx.error(expect.node.key_pos[key], f"`{key}` cannot go with `{SETUP_REJECTED}`: a "
                      "refused setup starts no game to claim anything about")
