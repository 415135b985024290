"""What a walkthrough says, in the game's own words: each step as the sentence a player would
say ("Blue scores Expand Borders"), each claim as what it checks ("Red has 3 victory points").

Each game words its own step kinds and claims in a module of its own
(`checker/games/<game>/sentences.py`) and hands them to the core as its ruleset's `sentences`;
the claims every game understands (how the game ended, a refused step, the rules cited) are
worded here. The site's walkthroughs and `checker explain` both read these sentences, and a
test walks every step kind and claim key of every game, so a new one without words fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

ARROW = "\u2192"
"""How a value that changed is written: `2 → 3`."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule id inside a sentence: a link on the site, the id itself in the terminal."""

    id: str


Words = tuple["str | Rule", ...]
"""A sentence in pieces: text, and the rule ids it names."""

StepSentence = Callable[[Any], str]
"""A step's arguments as the sentence a player would say (without its full stop)."""
ClaimSentence = Callable[[Any], str]
"""A claim's stated value as what it checks, a clause that can follow "Checked:"."""


@dataclass(frozen=True)
class Sentences:
    """A game's sentences: one for each step kind and each claim key of its vocabulary."""

    steps: Mapping[str, StepSentence] = field(default_factory=dict)
    claims: Mapping[str, ClaimSentence] = field(default_factory=dict)


NO_SENTENCES = Sentences()


def sentences_of(ruleset: Any) -> Sentences:
    """A ruleset's sentences; none for a game that has not written them yet."""
    return getattr(ruleset, "sentences", NO_SENTENCES)


def step_sentence(sentences: Sentences, kind: str, args: Any) -> str:
    """The step as a sentence, capitalised and with its full stop."""
    say = sentences.steps.get(kind)
    return full_stop(say(args) if say is not None else _unworded(kind, args))


def claims_words(sentences: Sentences, claims: Mapping[str, Any]) -> Words:
    """Every claim as a clause, one after the other, to follow "Checked:": `Red has 9 victory
    points; the game is not over.`"""
    out: list[str | Rule] = []
    for key, value in claims.items():
        if out:
            out.append("; ")
        out += claim_words(sentences, key, value)
    return (*out, ".") if out else ()


def claim_words(sentences: Sentences, key: str, value: Any) -> Words:
    core = CORE_CLAIMS.get(key)
    if core is not None:
        return core(value)
    say = sentences.claims.get(key)
    return (say(value) if say is not None else _unworded(key, value),)


def plain(words: Words) -> str:
    """Words as text for the terminal: a rule as its id."""
    return "".join(part if isinstance(part, str) else part.id for part in words)


def _rules(rules: Iterable[str], last: str = " and ") -> Words:
    out: list[str | Rule] = []
    rules = list(rules)
    for index, rule in enumerate(rules):
        if index:
            out.append(last if index == len(rules) - 1 else ", ")
        out.append(Rule(rule))
    return tuple(out)


CORE_CLAIMS: dict[str, Callable[[Any], Words]] = {
    "rejected": lambda rule: ("the rules forbid this step (", Rule(rule), ")"),
    "cites": lambda rules: ("the engine cites ", *_rules(rules)),
    "not_cited": lambda rules: ("the engine does not cite ", *_rules(rules, " or ")),
    "setup_rejected": lambda rule: ("the rules forbid this setup (", Rule(rule), ")"),
    "game_over": lambda over: ("the game is over" if over else "the game is not over",),
    "winner": lambda winner: (f"{winner} wins" if winner is not None else "nobody has won",),
    "ended_by": lambda rule: ("the game was decided by ", Rule(rule)),
    "ended_at_step": lambda step: (f"the game ended at step {step}" if step else
                                   "the game was already over at setup",),
}
"""The claims of `checker.expectations`, which every game understands."""


# --- Helpers for the games' sentences ------------------------------------------------------

def full_stop(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def listed(words: Iterable[str], empty: str = "none") -> str:
    """`A`, `A and B`, `A, B and C`; `empty` for none."""
    words = list(words)
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(number: int, noun: str, nouns: str | None = None) -> str:
    """`1 victory point`, `2 victory points`; `nouns` when the plural is not noun + s."""
    if not noun:
        return str(number)
    return f"{number} {noun if number == 1 else nouns or noun + 's'}"


def naming(items: Iterable[str], one: str, many: str, none: str) -> str:
    """`the public objective face up is A`, `the public objectives face up are A and B`:
    `one` or `many` followed by the items; `none` when there are none."""
    items = list(items)
    return none if not items else f"{one if len(items) == 1 else many} {listed(items)}"


def tally(names: Iterable[str], plurals: Mapping[str, str] | None = None,
          empty: str = "none") -> str:
    """Names counted, in the order first named: `2 cruisers and 1 war sun`; `plurals` for
    nouns whose plural is not noun + s."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    plurals = plurals or {}
    return listed([count(n, name, plurals.get(name)) for name, n in counts.items()], empty)


def amounts(values: Mapping[str, int], noun: str, nouns: str | None = None, after: str = "",
            verbs: tuple[str, str] = ("has", "have")) -> str:
    """How many each named player has: `Red has 9 victory points, Blue 10 and Green 9`, or
    `Red and Blue each have 1 action card in hand`."""
    if not values:
        return "nothing is stated"
    numbers = list(values.values())
    if len(numbers) > 1 and len(set(numbers)) == 1:
        return f"{listed(list(values))} each {verbs[1]} {count(numbers[0], noun, nouns)}{after}"
    (first, number), *rest = values.items()
    return listed([f"{first} {verbs[0]} {count(number, noun, nouns)}{after}",
                   *(f"{name} {n}" for name, n in rest)])


def each(values: Mapping[str, Any], say: Callable[[str, Any], str]) -> str:
    """One clause per named player (or card, or system): `Red has 9 and Blue has 8`; clauses
    that list things themselves are kept apart by semicolons."""
    said = [say(name, value) for name, value in values.items()]
    if len(said) > 1 and any(" and " in clause or ", " in clause for clause in said):
        return "; ".join(said)
    return listed(said, "nothing is stated")


def change(before: Any, after: Any) -> str:
    return f"{before} {ARROW} {after}"


def _unworded(key: str, value: Any) -> str:
    """A step or claim with no sentence yet (a game still being written): its name and value
    in plain words. The test of every game's vocabulary keeps the real games from using it."""
    name = key.replace("_", " ")
    return f"{name}: {_plain_value(value)}" if value not in (None, {}, ()) else name


def _plain_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return listed(f"{str(k).replace('_', ' ')} {_plain_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return listed([_plain_value(v) for v in value])
    return "none" if value is None else str(value)
