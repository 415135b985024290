"""Speed of `checker run`, end to end, on generated TI4 scenarios.

    .venv/bin/python benchmarks/checker_run.py [--sizes 1000 10000] [--repeat 3]

For each size it writes that many valid, passing TI4 scenarios (23 to 55 lines,
35 on average: scoring in the status phase, refused steps, a reveal, game end) into a
temporary folder, half of them one per file and half in files that hold a list
of ten. In each of --repeat rounds it times the real `checker run DIR` as a subprocess
pinned to one core (`taskset -c 0` where available), then on every core (its default
--jobs), each checked to report every scenario passed, and the bare C YAML parse of the
same files (`yaml.load(text, Loader=yaml.CSafeLoader)`, file reading included) in this
process, pinned to core 0. It prints wall clock and CPU time (user + system, the workers'
too) as median (least-most) over the rounds, and each round's ratio to its own parse.

The generator is deterministic for a given --seed. `--keep DIR` writes the
scenarios to DIR (one folder per size) and leaves them there, e.g. to profile
a run.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import yaml
    from yaml import CSafeLoader
except ImportError:  # pragma: no cover - depends on the interpreter
    sys.exit("benchmarks/checker_run.py needs PyYAML built with libyaml; run it with the "
             "project's venv: .venv/bin/python benchmarks/checker_run.py")

ROOT = Path(__file__).resolve().parent.parent
CPU = 0

# --- The game facts the generator needs (kept here so the benchmark does not import the
# --- package it measures). Names are the real TI4 objective cards.

STRATEGY_CARDS = {"Leadership": 1, "Diplomacy": 2, "Politics": 3, "Construction": 4,
                  "Trade": 5, "Warfare": 6, "Technology": 7, "Imperial": 8}
STAGE_I = ["Corner the Market", "Develop Weaponry", "Diversify Research", "Erect a Monument",
           "Expand Borders", "Found Research Outposts", "Intimidate Council",
           "Lead From the Front", "Negotiate Trade Routes", "Sway the Council",
           "Build Defenses", "Discover Lost Outposts", "Engineer a Marvel", "Explore Deep Space",
           "Improve Infrastructure", "Make History", "Populate the Outer Rim", "Push Boundaries",
           "Raise a Fleet"]
STAGE_II = ["Conquer the Weak", "Form Galactic Brain Trust", "Master the Sciences",
            "Revolutionize Warfare", "Subdue the Galaxy", "Unify the Colonies",
            "Achieve Supremacy", "Become a Legend", "Command an Armada",
            "Construct Massive Cities", "Control the Borderlands", "Patrol Vast Territories",
            "Protect the Border", "Reclaim Ancient Monuments", "Rule Distant Lands"]
# Left out: Amass Wealth and the stage II objectives with a cost (Centralize Galactic Trade,
# Found a Golden Age, Galvanize the People, Manipulate Galactic Law, Hold Vast Reserves).
# The stage I costs above are payable as set up: resources, influence and trade goods are not
# tracked without `spendable`, and Lead From the Front takes the 3 tactic tokens every player
# starts with (once per scenario at most, as each objective is scored once per player).
SECRET_STATUS = ["Adapt New Strategies", "Become the Gatekeeper", "Control the Region",
                 "Cut Supply Lines", "Establish a Perimeter", "Forge an Alliance",
                 "Form a Spy Network", "Fuel the War Machine", "Gather a Mighty Fleet",
                 "Learn the Secrets of the Cosmos", "Master the Laws of Physics",
                 "Mine Rare Minerals", "Monopolize Production", "Occupy the Seat of the Empire",
                 "Threaten Enemies", "Defy Space and Time", "Destroy Heretical Works",
                 "Establish Hegemony", "Foster Cohesion", "Hoard Raw Materials",
                 "Mechanize the Military", "Occupy the Fringe", "Produce en Masse",
                 "Seize an Icon", "Stake Your Claim", "Strengthen Bonds"]
SECRET_ACTION = ["Spark a Rebellion", "Unveil Flagship", "Become a Martyr", "Betray a Friend",
                 "Brave the Void", "Darken the Skies", "Demonstrate Your Power",
                 "Prove Endurance"]
COLOURS = ["Red", "Blue", "Green", "Yellow", "Purple", "Black", "Orange", "Pink"]
FACTIONS = ["Letnev", "Sol", "Hacan", "Jol-Nar", "Xxcha", "Yssaril", "Mentak", "Winnu",
            "Muaat", "Saar", "Arborec", "Nekro"]


STAGE_II_SET = set(STAGE_II)
PUBLIC_SET = set(STAGE_I) | STAGE_II_SET
SECRET_STATUS_SET = set(SECRET_STATUS)


def value_points(name: str) -> int:
    return 2 if name in STAGE_II_SET else 1


# --- A small model of the status phase, enough to state what the engine must say.

@dataclass
class Table:
    rng: random.Random
    players: list[str]
    order: list[str]
    """Initiative order."""
    cards: dict[str, str]
    goal: int
    points: dict[str, int]
    scored: dict[str, list[str]]
    revealed: list[str]
    facedown_i: list[str]
    facedown_ii: list[str]
    hands: dict[str, list[str]]
    counted: bool
    """The setup gives the facedown objectives as counts, not names."""
    home_lost: set[str] = field(default_factory=set)
    public_now: set[str] = field(default_factory=set)
    secret_now: set[str] = field(default_factory=set)
    cursor: int = -1
    status_done: int = 0
    scored_now: dict[str, list[str]] = field(default_factory=dict)

    def can_score_public(self, player: str) -> list[str]:
        if player in self.home_lost or player in self.public_now:
            return []
        if self.order.index(player) < self.cursor:
            return []
        return [n for n in self.revealed if n not in self.scored[player]]

    def can_score_secret(self, player: str) -> list[str]:
        if player in self.secret_now or self.order.index(player) < self.cursor:
            return []
        return [n for n in self.hands[player] if n in SECRET_STATUS_SET]

    def score(self, player: str, name: str) -> int:
        """Apply a legal score; the points after it (capped at the goal)."""
        self.points[player] = min(self.goal, self.points[player] + value_points(name))
        self.scored[player].append(name)
        self.scored_now.setdefault(player, []).append(name)
        if name in PUBLIC_SET:
            self.public_now.add(player)
        else:
            self.secret_now.add(player)
            self.hands[player].remove(name)
        self.cursor = max(self.cursor, self.order.index(player))
        return self.points[player]


def new_table(rng: random.Random, *, phase_done_publics: int | None = None,
              goal: int | None = None, all_revealed: bool = False) -> Table:
    count = rng.choice([3, 4, 4, 4, 5, 5, 6, 6])
    names = rng.sample(FACTIONS if rng.random() < 0.25 else COLOURS, count)
    picked = rng.sample(list(STRATEGY_CARDS), count)
    cards = dict(zip(names, picked))
    order = sorted(names, key=lambda p: STRATEGY_CARDS[cards[p]])
    goal = goal or (14 if rng.random() < 0.2 else 10)
    stage_i = rng.sample(STAGE_I, 5)
    stage_ii = rng.sample(STAGE_II, 5)
    if all_revealed:
        revealed, facedown_i, facedown_ii = stage_i + stage_ii, [], []
    else:
        shown = phase_done_publics if phase_done_publics is not None else rng.randint(2, 5)
        revealed, facedown_i = stage_i[:shown], stage_i[shown:]
        if shown == 5 and rng.random() < 0.5:
            extra = rng.randint(1, 3)
            revealed += stage_ii[:extra]
            facedown_ii = stage_ii[extra:]
        else:
            facedown_ii = stage_ii
    status_secrets = rng.sample(SECRET_STATUS, count * 2)
    action_secrets = rng.sample(SECRET_ACTION, count)
    hands = {}
    for player in names:
        hand = [status_secrets.pop() for _ in range(rng.choice([0, 1, 1, 2]))]
        if rng.random() < 0.15:
            hand.append(action_secrets.pop())  # scored in the action phase, not now
        hands[player] = hand
    scored: dict[str, list[str]] = {p: [] for p in names}
    for player in names:
        if rng.random() < 0.3:
            scored[player] = rng.sample(revealed, 1)
    points = {}
    for player in names:
        worth = sum(value_points(n) for n in scored[player])
        points[player] = rng.randint(worth, max(worth, goal - 4))
    counted = rng.random() < 0.3
    if counted:  # the setup gives only how many are facedown; the engine names them itself
        facedown_i = [f"facedown stage I objective #{i}" for i in range(1, len(facedown_i) + 1)]
        facedown_ii = [f"facedown stage II objective #{i}"
                       for i in range(1, len(facedown_ii) + 1)]
    return Table(rng, names, order, cards, goal, points, scored, revealed, facedown_i,
                 facedown_ii, hands, counted)


# --- YAML text, written the way people write scenarios (flow style for short values).

def plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {plain(v)}" for k, v in value.items()) + "}"
    return "[" + ", ".join(plain(v) for v in value) + "]"


class Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lines: list[str] = []
        self.steps = 0

    def add(self, text: str) -> None:
        self.lines.append(text)

    def step(self, kind: str, args: dict[str, Any] | None, expect: dict[str, Any],
             comment: str = "") -> int:
        """One step with its claims; block style for two claims or more, most of the time."""
        self.steps += 1
        tail = f"  # {comment}" if comment else ""
        self.add(f"  - {kind}: {plain(args or {})}{tail}")
        if len(expect) == 1 or (len(expect) == 2 and self.rng.random() < 0.6):
            self.add(f"    expect: {plain(expect)}")
        else:
            self.add("    expect:")
            for key, value in expect.items():
                self.add(f"      {key}: {plain(value)}")
        return self.steps

    def expect(self, claims: dict[str, Any]) -> None:
        self.add("expect:")
        for key, value in claims.items():
            self.add(f"  {key}: {plain(value)}")


def header(w: Writer, t: Table, sid: str, title: str, about: list[str], phase: str,
           round_: int) -> None:
    w.add(f"id: {sid}")
    w.add(f"title: {title}")
    w.add("game: ti4")
    w.add(f"about: {plain(about)}")
    w.add("setup:")
    w.add(f"  players: {plain(t.players)}")
    if round_ > 1:
        w.add(f"  round: {round_}")
    w.add(f"  phase: {phase}")
    if t.goal != 10:
        w.add(f"  victory_points_goal: {t.goal}")
    w.add(f"  strategy_cards: {plain(t.cards)}")
    w.add(f"  points: {plain(t.points)}")
    scored = {p: names for p, names in t.scored.items() if names}
    if scored:
        w.add(f"  scored: {plain(scored)}")
    w.add("  public_objectives:")
    w.add(f"    revealed: {plain(t.revealed)}")
    w.add(f"    stage_i: {len(t.facedown_i) if t.counted else plain(t.facedown_i)}")
    w.add(f"    stage_ii: {len(t.facedown_ii) if t.counted else plain(t.facedown_ii)}")
    hands = {p: h for p, h in t.hands.items() if h}
    if hands:
        w.add(f"  secret_objectives: {plain(hands)}")
    if t.home_lost:
        w.add(f"  home_control: {plain({p: False for p in sorted(t.home_lost)})}")
    w.add("steps:")


def refusal(t: Table) -> tuple[str, dict[str, str], str, str] | None:
    """A score the rules forbid at this point: (player, args, rule, comment), or None."""
    rng = t.rng
    options = []
    for player in t.order:
        if player in t.public_now and player not in t.home_lost:
            others = [n for n in t.revealed if n not in t.scored[player]]
            if others:
                options.append((player, rng.choice(others), "ti4:61.6",
                                "one public objective per status phase"))
        if t.scored[player]:
            options.append((player, rng.choice(t.scored[player]), "ti4:61.8",
                            "each objective only once"))
        hidden = [n for n in t.facedown_i if n in PUBLIC_SET] or \
            [n for n in STAGE_I if n not in t.revealed]
        if not any(n in t.revealed for n in hidden):
            options.append((player, rng.choice(hidden), "ti4:61.11", "not revealed yet"))
        for other in t.order:
            theirs = [n for n in t.hands[other] if other != player]
            if theirs:
                options.append((player, theirs[0], "ti4:61.19", f"{other}'s secret"))
        action = [n for n in t.hands[player] if n not in SECRET_STATUS_SET]
        if action:
            options.append((player, action[0], "ti4:61.5", "an action phase objective"))
        if player in t.home_lost:
            open_ = [n for n in t.revealed if n not in t.scored[player]]
            if open_:
                options.append((player, open_[0], "ti4:61.16", "home system not held"))
        if (t.order.index(player) < t.cursor and player not in t.public_now
                and player not in t.home_lost):
            open_ = [n for n in t.revealed if n not in t.scored[player]]
            if open_:
                options.append((player, open_[0], "ti4:81.1", "too late: initiative order"))
    if not options:
        return None
    rule = rng.choice(sorted({option[2] for option in options}))
    player, name, rule, comment = rng.choice([o for o in options if o[2] == rule])
    return player, {"player": player, "objective": name}, rule, comment


def score_round(w: Writer, t: Table, *, refusals: int, winner: str | None = None) -> int | None:
    """Players score in initiative order, with refused steps mixed in; nobody but `winner`
    reaches the goal. Returns the step at which `winner` reached it, if one was named."""
    rng = t.rng
    ended_at = None
    planned = sorted(rng.sample(range(len(t.order) + 1), min(refusals, len(t.order) + 1)))
    for index, player in enumerate(t.order):
        if planned and planned[0] == index:
            planned.pop(0)
            bad = refusal(t)
            if bad:
                _, args, rule, comment = bad
                w.step("score", args, {"rejected": rule}, comment)
        if player == winner:
            publics = t.can_score_public(player)
            need = t.goal - t.points[player]
            best = [n for n in publics if value_points(n) >= need]
            name = rng.choice(best)
            before = t.points[player]
            after = t.score(player, name)
            claims: dict[str, Any] = {"points": {player: after}, "game_over": True,
                                      "winner": player}
            if before + value_points(name) > t.goal:
                claims["cites"] = ["ti4:98.4a", "ti4:98.7"]
            else:
                claims["ended_by"] = "ti4:98.7"
            ended_at = w.step("score", {"player": player, "objective": name}, claims,
                              f"{player} reaches {t.goal}")
            return ended_at
        for kind in ("public", "secret"):
            names = t.can_score_public(player) if kind == "public" else t.can_score_secret(player)
            if not names or rng.random() < 0.7:
                continue
            name = rng.choice(names)
            if t.points[player] + value_points(name) >= t.goal:
                continue
            after = t.score(player, name)
            claims = {"points": {player: after}}
            if rng.random() < 0.4:
                claims["scored"] = {player: list(t.scored[player])}
            elif kind == "secret" and rng.random() < 0.5:
                claims["secret_objectives"] = {player: len(t.hands[player])}
            w.step("score", {"player": player, "objective": name}, claims)
    if planned:
        bad = refusal(t)
        if bad:
            _, args, rule, comment = bad
            w.step("score", args, {"rejected": rule}, comment)
    return ended_at


def reveal(w: Writer, t: Table) -> None:
    rng = t.rng
    if t.facedown_i:
        card = t.facedown_i[0] if rng.random() < 0.6 or t.counted else rng.choice(t.facedown_i)
        args = {} if card == t.facedown_i[0] else {"objective": card}
        t.facedown_i.remove(card)
        cites = None
    else:
        card = t.facedown_ii[0]
        args = {}
        cites = ["ti4:81.2a"] if len(t.facedown_ii) == 5 else None
        t.facedown_ii.remove(card)
    t.status_done = 2
    claims: dict[str, Any] = {}
    if not t.counted:  # a counted card has no name a scenario could state
        t.revealed.append(card)
        claims["revealed"] = list(t.revealed)
    claims["unrevealed"] = {"stage_i": len(t.facedown_i), "stage_ii": len(t.facedown_ii)}
    if cites:
        claims["cites"] = cites
    if rng.random() < 0.3:
        claims["status_step"] = 2
    w.step("reveal_objective", args, claims)


def late_score(w: Writer, t: Table) -> None:
    """After the reveal, step 1 is over: a score is refused by 61.5a."""
    for player in t.rng.sample(t.order, len(t.order)):
        names = [n for n in t.revealed if n not in t.scored[player]]
        if names and player not in t.home_lost:
            w.step("score", {"player": player, "objective": t.rng.choice(names)},
                   {"rejected": "ti4:61.5a"}, "step 1 is over")
            return


def final_points(t: Table) -> dict[str, int]:
    keep = [p for p in t.players if t.rng.random() < 0.7] or t.players[:1]
    return {p: t.points[p] for p in keep}


# --- The four kinds of scenario.

def scoring_scenario(rng: random.Random, sid: str) -> list[str]:
    t = new_table(rng)
    if rng.random() < 0.2:
        t.home_lost.add(rng.choice(t.players))
    w = Writer(rng)
    title = rng.choice(["Who may score what in the status phase, in initiative order",
                        "One public and one secret objective each status phase",
                        "Scoring objectives, then the speaker reveals the next one"])
    header(w, t, sid, title, ["ti4:61.6", "ti4:81.1", "ti4:81.2"], "status", rng.randint(2, 6))
    score_round(w, t, refusals=rng.choice([1, 1, 2]))
    reveal(w, t)
    if rng.random() < 0.3:
        late_score(w, t)
    claims: dict[str, Any] = {"points": final_points(t)}
    if t.scored_now and rng.random() < 0.5:
        claims["scored"] = {p: t.scored[p] for p in t.scored_now}
    claims["phase"] = "status"
    claims["status_step"] = 2
    claims["game_over"] = False
    w.expect(claims)
    return w.lines


def victory_scenario(rng: random.Random, sid: str) -> list[str]:
    t = new_table(rng, goal=10 if rng.random() < 0.8 else 14)
    winner = rng.choice(t.order)
    t.home_lost.discard(winner)
    open_ = [n for n in t.revealed if n not in t.scored[winner]]
    if not open_:
        t.scored[winner] = []
        open_ = list(t.revealed)
    worth = sum(value_points(n) for n in t.scored[winner])
    top = max(value_points(n) for n in open_)
    t.points[winner] = max(worth, t.goal - rng.randint(1, top))
    for player in t.players:  # nobody else can reach the goal first
        if player != winner:
            t.points[player] = min(t.points[player], t.goal - 4)
            worth = sum(value_points(n) for n in t.scored[player])
            if t.points[player] < worth:
                t.scored[player] = []
    w = Writer(rng)
    header(w, t, sid, f"{winner} reaches {t.goal} victory points in the status phase",
           ["ti4:98.7", "ti4:61.6"], "status", rng.randint(3, 8))
    ended_at = score_round(w, t, refusals=rng.choice([0, 1]), winner=winner)
    after = rng.choice(["reveal", "score"])
    if after == "reveal":
        w.step("reveal_objective", {}, {"rejected": "ti4:98.7"}, "the game is over")
    else:
        later = [p for p in t.order if p != winner]
        player = rng.choice(later)
        w.step("score", {"player": player, "objective": t.revealed[0]}, {"rejected": "ti4:98.7"})
    claims: dict[str, Any] = {"game_over": True, "winner": winner, "ended_by": "ti4:98.7",
                              "ended_at_step": ended_at, "points": {winner: t.goal}}
    if rng.random() < 0.5:
        claims["scored"] = {winner: t.scored[winner]}
    w.expect(claims)
    return w.lines


def run_out_scenario(rng: random.Random, sid: str) -> list[str]:
    t = new_table(rng, all_revealed=True)
    if rng.random() < 0.4:  # a tie on top, decided by initiative order
        top = max(t.points.values())
        for player in rng.sample(t.players, 2):
            worth = sum(value_points(n) for n in t.scored[player])
            t.points[player] = max(top, worth)
    w = Writer(rng)
    title = rng.choice(["No public objective is left to reveal",
                        "The objectives run out, and most victory points wins"])
    header(w, t, sid, title, ["ti4:61.15", "ti4:98.8"], "status", rng.randint(6, 10))
    score_round(w, t, refusals=rng.choice([0, 1]))
    best = max(t.points.values())
    winner = next(p for p in t.order if t.points[p] == best)
    claims: dict[str, Any] = {"game_over": True, "winner": winner}
    if rng.random() < 0.5:
        claims["cites"] = ["ti4:81.2b", "ti4:61.15"]
    ended_at = w.step("reveal_objective", {}, claims, "nothing left to reveal")
    if rng.random() < 0.5:
        w.step("draw_action_cards", {}, {"rejected": "ti4:98.8"})
    w.expect({"winner": winner, "ended_by": "ti4:98.8", "ended_at_step": ended_at,
              "points": final_points(t)})
    return w.lines


def action_scenario(rng: random.Random, sid: str) -> list[str]:
    t = new_table(rng, phase_done_publics=rng.choice([2, 3, 4, 5, 5]))
    w = Writer(rng)
    title = rng.choice(["The action phase ends; objectives are scored in initiative order",
                        "From the action phase into the status phase"])
    header(w, t, sid, title, ["ti4:81", "ti4:81.1", "ti4:61.14"], "action", rng.randint(2, 6))
    w.step("status_phase", {}, {"phase": "status", "initiative_order": t.order})
    score_round(w, t, refusals=rng.choice([0, 1, 1]))
    reveal(w, t)
    if rng.random() < 0.4:
        w.step("draw_action_cards", {}, {"status_step": 3})
    w.expect({"points": final_points(t), "game_over": False, "phase": "status"})
    return w.lines


KINDS = ((scoring_scenario, 40), (victory_scenario, 25), (action_scenario, 20),
         (run_out_scenario, 15))


def scenarios(count: int, seed: int) -> Iterator[tuple[str, list[str]]]:
    rng = random.Random(seed)
    makers = [maker for maker, weight in KINDS for _ in range(weight)]
    for number in range(1, count + 1):
        maker = rng.choice(makers)
        kind = maker.__name__.removesuffix("_scenario").replace("_", "-")
        yield kind, maker(rng, f"bench-{number:05d}-{kind}")


def generate(count: int, folder: Path, seed: int = 4) -> tuple[int, int]:
    """Write `count` scenarios under `folder`; half one per file, half in lists of ten.
    Returns (files, lines)."""
    files = lines = 0
    batch: list[list[str]] = []
    for number, (kind, text) in enumerate(scenarios(count, seed), start=1):
        sub = folder / "ti4" / f"part-{(number - 1) // 500:03d}"
        if number % 2:
            sub.mkdir(parents=True, exist_ok=True)
            body = "\n".join(text) + "\n"
            (sub / f"{kind}-{number:05d}.yaml").write_text(body, encoding="utf-8")
        else:
            batch.append(text)
            if len(batch) < 10 and number < count:
                continue
            sub.mkdir(parents=True, exist_ok=True)
            body = "".join("- " + "\n  ".join(item) + "\n" for item in batch)
            (sub / f"batch-{number:05d}.yaml").write_text(body, encoding="utf-8")
            batch = []
        files += 1
        lines += body.count("\n")
    return files, lines


# --- Timing.

def checker_command(cpus: str = str(CPU)) -> list[str]:
    here = Path(sys.executable).parent / "checker"
    venv = ROOT / ".venv" / "bin" / "checker"
    command = [str(here)] if here.exists() else [str(venv)] if venv.exists() else \
        [sys.executable, "-m", "checker"]
    if shutil.which("taskset"):
        command = ["taskset", "-c", cpus] + command
    return command


def all_cpus() -> str:
    """Every core this process may run on, as taskset lists them."""
    try:
        return ",".join(str(cpu) for cpu in sorted(os.sched_getaffinity(0)))
    except AttributeError:
        return str(CPU)


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_checker(folder: Path, expected: int, cpus: str = str(CPU)) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the command's and its workers') of one `checker run`, on
    the cores `cpus` (its default --jobs is one process per core it may use)."""
    command = checker_command(cpus) + ["run", str(folder)]
    cpu = _child_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, check=False, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or last != f"{expected} passed, 0 failed":
        shown = "\n".join(done.stdout.splitlines()[:20])
        sys.exit(f"checker run did not pass all {expected} scenarios (exit "
                 f"{done.returncode}, last line {last!r}):\n{shown}\n{done.stderr[-2000:]}")
    return elapsed, _child_cpu() - cpu


def time_parse(folder: Path, expected: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of reading and parsing every file with the C loader."""
    paths = sorted(folder.rglob("*.yaml"))
    start, cpu = time.perf_counter(), time.process_time()
    found = 0
    for path in paths:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=CSafeLoader)
        found += len(data) if isinstance(data, list) else 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    if found != expected:
        sys.exit(f"the YAML parse found {found} scenarios, not {expected}")
    return elapsed, cpu


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, least and most."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return median, ordered[0], ordered[-1]


def shown(values: list[float], unit: str, digits: int = 2) -> str:
    median, least, most = spread(values)
    return f"{median:.{digits}f}{unit} ({least:.{digits}f}-{most:.{digits}f})"


def parts(folder: Path, repeat: int) -> list[tuple[str, float]]:
    """CPU seconds (best of `repeat`, in this process, without a command's start) of the
    parse and of the checker's work up to each of its stages, on the files of `folder`."""
    import gc

    from checker.cli import _games_of_project
    from checker.runner import _read_texts, check_scenario
    from checker.scenario import build
    from checker.sources import read_text, texts_in_file
    from checker.yamlsource import load

    games = _games_of_project()
    paths = sorted(folder.rglob("*.yaml"))

    def parse() -> None:
        for path in paths:
            yaml.load(path.read_text(encoding="utf-8"), Loader=CSafeLoader)

    def located() -> None:
        for path in paths:
            for text in texts_in_file(str(path), read_text(path))[0]:
                load(text)

    def built() -> None:
        for path in paths:
            for text in texts_in_file(str(path), read_text(path))[0]:
                build(load(text), text, games)

    def checked() -> None:
        for path in paths:
            for scenario in _read_texts(path, games, str(path)).scenarios:
                check_scenario(scenario, games)

    steps = [("the bare parse: read, yaml.load(text, Loader=CSafeLoader)", parse),
             ("the checker's located load (its own composer, limits, positions)", located),
             ("and validating and building the scenarios", built),
             ("and running the engine and judging every claim", checked)]
    best = {name: float("inf") for name, _ in steps}
    enabled = gc.isenabled()
    gc.disable()  # as `checker run` does
    try:
        for _ in range(repeat):
            for name, step in steps:
                start = time.process_time()
                step()
                best[name] = min(best[name], time.process_time() - start)
    finally:
        if enabled:
            gc.enable()
    return list(best.items())


def pin_self() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {CPU})
            return f"core {CPU}"
        except OSError:
            pass
    return "not pinned"


def revision() -> str:
    """The commit measured, and whether checker/ differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                "checker"], cwd=ROOT, text=True, capture_output=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + (" with uncommitted changes in checker/" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000], metavar="N",
                        help="how many scenarios to check per run (default: 1000 10000)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds of the three runs (default 3)")
    parser.add_argument("--seed", type=int, default=4,
                        help="seed of the scenario generator (default 4)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write the scenarios to DIR/<size>/ and keep them")
    parser.add_argument("--parts", action="store_true",
                        help="also time the checker's stages against the parse, in this "
                        "process (CPU, best of --repeat), on the smallest size")
    args = parser.parse_args(argv)

    cores = all_cpus()
    print(f"checker: {' '.join(checker_command())} run DIR (one core), and "
          f"{' '.join(checker_command(cores))} run DIR (every core: --jobs {len(cores.split(','))})")
    print(f"YAML baseline: yaml.load(text, Loader=CSafeLoader) in this process, {pin_self()}")
    print(f"Python {sys.version.split()[0]}, PyYAML {yaml.__version__}, "
          f"{os.cpu_count()} CPUs, {args.repeat} rounds; commit {revision()}")
    if hasattr(os, "getloadavg"):
        print("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
              + " (other work on the machine slows the runs down)")
    print()

    rows = []
    with tempfile.TemporaryDirectory(prefix="checker-bench-") as scratch:
        startup_dir = Path(scratch) / "one"
        generate(1, startup_dir, args.seed)
        startup = min(time_checker(startup_dir, 1)[0] for _ in range(args.repeat))
        for size in args.sizes:
            folder = (args.keep / str(size)) if args.keep else Path(scratch) / str(size)
            if folder.exists():
                shutil.rmtree(folder)
            files, lines = generate(size, folder, args.seed)
            rounds = []
            for _ in range(args.repeat):  # a round: each in turn, so a slow spell hits all
                rounds.append((time_checker(folder, size), time_checker(folder, size, cores),
                               time_parse(folder, size)))
            rows.append((size, files, lines / size, rounds))
            if args.parts and size == min(args.sizes):
                staged = parts(folder, max(args.repeat, 5))

    print("Each round runs `checker run` on one core, on every core, and the bare parse on "
          "one core, in turn; median (least-most) over the rounds, and each round's ratio to "
          "its own parse. CPU is user + system time, of the workers too.")
    for size, files, per, rounds in rows:
        one = [r[0] for r in rounds]
        every = [r[1] for r in rounds]
        parse = [r[2] for r in rounds]
        print(f"\n{size} scenarios in {files} files, {per:.1f} lines each:")
        print(f"  {'parse, one core:':<21} wall {shown([p[0] for p in parse], ' s')}, "
              f"CPU {shown([p[1] for p in parse], ' s')}, "
              f"{size / spread([p[0] for p in parse])[0]:,.0f} scenarios/s")
        for name, runs in (("checker, one core:", one), ("checker, every core:", every)):
            print(f"  {name:<21} wall {shown([r[0] for r in runs], ' s')}, "
                  f"CPU {shown([r[1] for r in runs], ' s')}, "
                  f"{size / spread([r[0] for r in runs])[0]:,.0f} scenarios/s; to the parse: "
                  f"wall {shown([r[0] / p[0] for r, p in zip(runs, parse)], 'x')}, "
                  f"CPU {shown([r[1] / p[1] for r, p in zip(runs, parse)], 'x')}")
    if args.parts:
        print(f"\nThe checker's stages on {min(args.sizes)} scenarios, in this process, "
              f"without a command's start (CPU s, best of {max(args.repeat, 5)}):")
        for name, seconds in staged:
            print(f"  {name:<66} {seconds:6.3f} s  {seconds / staged[0][1]:5.2f}x the parse")
    if hasattr(os, "getloadavg"):
        print("\nload average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"startup: `checker run` on one scenario takes {startup:.3f} s"
          + (" (PYTHONDONTWRITEBYTECODE is set: the checker's modules are compiled at every start)"
             if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""))
    medians = [(size, spread([r[0][0] for r in rounds])[0]) for size, _, _, rounds in rows]
    for size, run_s in medians:
        marginal = (size - 1) / max(run_s - startup, 1e-9)
        print(f"{size} scenarios without the startup: {1000 * (run_s - startup) / (size - 1):.3f} "
              f"ms per scenario, {marginal:.0f} scenarios/s")
    if len(medians) > 1:
        (small, small_s), (large, large_s) = medians[0], medians[-1]
        growth = (large_s - startup) / (small_s - startup) / ((large - 1) / (small - 1))
        print(f"from {small} to {large} scenarios the time per scenario grows {growth:.2f}x "
              "(1.00x is linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
