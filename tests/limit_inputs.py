"""For each limit of `checker.limits`, a YAML text just past it and one at it: what every way of
checking (`checker run`, pytest, the MkDocs/ProperDocs plugin, Zensical, the page's checker)
must judge alike. A limit added to `checker.limits` without texts here fails
`test_limits_everywhere.py`."""

from __future__ import annotations

from typing import NamedTuple

from repo_games import GAMES, TI4_TITLES

from checker import limits
from checker.runner import load_file


class Limit(NamedTuple):
    past: str
    at: str
    says: str
    """What the error past the limit says (a part of it)."""


def scenario(name: str, extra: str = "", about: str = "[ti4:61.12]") -> str:
    """A valid TI4 scenario (Red scores a revealed objective) with `extra` keys at the end."""
    return (f"id: {name}\ntitle: Red scores\ngame: ti4\nabout: {about}\nsetup:\n"
            "  players: [Red, Blue, Green]\n  phase: status\n"
            "  strategy_cards: {Red: Leadership, Blue: Trade, Green: Imperial}\n"
            "  public_objectives: {revealed: [Expand Borders]}\n"
            "steps:\n  - score: {player: Red, objective: Expand Borders}\n" + extra +
            "expect:\n  points: {Red: 1}\n")


def _steps(count: int) -> str:
    # Scoring an objective again is refused (61.8); each step claims so.
    return "".join("  - score: {player: Red, objective: Expand Borders}\n"
                   "    expect: {rejected: ti4:61.8}\n" for _ in range(count - 1))


def _filled(name: str, size: int) -> str:
    """A valid scenario of exactly `size` bytes (a comment makes up the rest)."""
    text = scenario(name)
    return text + "#" + "x" * (size - len(text) - 2) + "\n"


def _scenarios(name: str, count: int) -> str:
    return "".join("- " + scenario(f"{name}-{i}").replace("\n", "\n  ").rstrip() + "\n"
                   for i in range(count))


def _deep(name: str, levels: int) -> str:
    # The scenario's mapping is the first level, `setup:`'s the second.
    inner = levels - 2
    return scenario(name).replace("setup:\n", f"setup:\n  deep: {'[' * inner}{']' * inner}\n")


def _values(name: str, count: int) -> str:
    # The mapping, its keys and values, and the items of `n`: `count` values in all.
    base = f"id: {name}\nn: []\n"
    items = count - 5
    return base.replace("[]", "[" + ", ".join(["1"] * items) + "]")


def limit_texts(name: str, around: int = 0) -> dict[str, Limit]:
    """The texts for each limit, their scenario ids starting with `name` (ids are unique in a
    site, and each place holds its own); `around`: the bytes a page adds around the text (the
    file limit counts the page's)."""
    ids = ", ".join(f"ti4:{n}" for n in list(TI4_TITLES)[:limits.RULE_IDS + 1])
    digits = limits.NUMBER_CHARACTERS
    return {
        "FILE_BYTES": Limit(_filled(name, limits.FILE_BYTES + 1 - around),
                            _filled(name, limits.FILE_BYTES - around),
                            f"may have at most {limits.FILE_BYTES:,}"),
        "DEPTH": Limit(_deep(name, limits.DEPTH + 1), _deep(name, limits.DEPTH),
                       f"nested more than {limits.DEPTH} levels deep"),
        "VALUES": Limit(_values(name, limits.VALUES + 1), _values(name, limits.VALUES),
                        f"more than {limits.VALUES:,}"),
        "NUMBER_CHARACTERS": Limit(
            scenario(name, "  - score: {player: Red, objective: Expand Borders, n: "
                     + "9" * (digits + 1) + "}\n"),
            scenario(name, "  - score: {player: Red, objective: Expand Borders, n: "
                     + "9" * digits + "}\n"),
            f"at most {digits} characters long"),
        "SCENARIOS": Limit(_scenarios(name, limits.SCENARIOS + 1),
                           _scenarios(name, limits.SCENARIOS),
                           f"at most {limits.SCENARIOS} scenarios"),
        "STEPS": Limit(scenario(name, _steps(limits.STEPS + 1)), scenario(name, _steps(limits.STEPS)),
                       f"at most {limits.STEPS} steps"),
        "RULE_IDS": Limit(scenario(name, about=f"[{ids}]"),
                          scenario(name, about="[" + ids.rsplit(", ", 1)[0] + "]"),
                          f"at most {limits.RULE_IDS} item"),
    }


def limit_names() -> set[str]:
    """The limits `checker.limits` defines."""
    return {name for name, value in vars(limits).items()
            if name.isupper() and isinstance(value, int)}


def worst_legal_question() -> str:
    """The most drawing the limits allow in one question: as many scenarios of `limits.STEPS`
    steps as `limits.VALUES` lets through (each step holds 7 values), every step refused, so
    that each has a failure to show (about 17 MB of walkthroughs)."""
    head = ("- id: big-{n}\n  title: Question {n}\n  game: ti4\n  about: [ti4:98.7]\n  setup:\n"
            "    players: [Red, Blue, Green]\n    phase: status\n    round: 7\n"
            "    points: {{Red: 8, Blue: 8, Green: 9}}\n  steps:\n")
    step = "    - score: {player: Red, objective: Expand Borders}\n"
    count = limits.VALUES // (7 * limits.STEPS + 40)
    text = "".join(head.format(n=n) + step * limits.STEPS + "  expect: {winner: Green}\n"
                   for n in range(count))
    loaded = load_file("scenario.yaml", text, GAMES)
    assert not loaded.problems and len(loaded.scenarios) == count >= 30, "legal, and large"
    assert len(text) < limits.FILE_BYTES
    return text
