"""Walkthroughs in the game's words: every step kind and every claim key of every game's
vocabulary has a sentence (a new key without words fails here), and every sentence reads
without YAML or engine syntax, whatever values the vocabulary allows."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from repo_games import GAMES

from checker.changes import Was, _bracketed_items, _items, changed, plain
from checker.expectations import FINAL_ONLY, GAME_END, STEP_ONLY
from checker.provenance import KINDS, Provenance
from checker.sentences import (
    CORE_CLAIMS,
    claims_words,
    sentences_of,
    step_sentence,
)
from checker.sentences import plain as plain_words
from checker.site.walkthroughs.source_label import SHORT, SOURCE_KINDS
from checker.vocabulary import (
    Bool,
    Choice,
    Int,
    ListOf,
    MapOf,
    OneOf,
    Record,
    Ref,
    Spec,
    Str,
)

ENGINE_SYNTAX = re.compile(r"[{}\[\]_<>]|->|: \[|#\d|\(s\)|\b(?:null|None|True|False)\b|'\w+':")
"""What a reader should never meet outside the YAML source: mappings and lists as YAML or
Python writes them, key names, ASCII arrows, placeholders and `(s)` plurals."""

PLAYERS = ("Red", "Blue")
SPECIAL = {"FaceSpec": ["hit + self-hit", "blank"], "BuildingSpec": ["Red city",
                                                                     "Blue damaged starport"],
           "RuleIdSpec": ["ti4:61.6"]}
"""Samples of the specs the generator below does not know by their class."""


def samples(spec: Spec) -> list[Any]:
    """A few values the spec accepts, as a checked scenario holds them: each choice's first
    and last, lists empty and of two, mappings with their keys."""
    kind = type(spec).__name__
    if kind in SPECIAL:
        return list(SPECIAL[kind])
    if isinstance(spec, Bool):
        return [True, False]
    if isinstance(spec, Int):
        low = spec.minimum or 0
        return sorted({low, min(low + 1, spec.maximum), min(low + 2, spec.maximum)})
    if isinstance(spec, Choice):
        return list(dict.fromkeys([spec.choices[0], spec.choices[-1]]))
    if isinstance(spec, Ref):
        names = list(spec.catalog or ()) or (
            [*PLAYERS, "neutral"] if "neutral" in spec.kind else list(PLAYERS))
        return list(dict.fromkeys([names[0], names[-1]])) + ([None] if spec.nullable else [])
    if isinstance(spec, Str):
        return ["Mecatol Rex"]
    if isinstance(spec, ListOf):
        items = samples(spec.item)
        pair = (items * 2)[:2]
        return ([[]] if spec.min_items == 0 else []) + [items[:1], pair]
    if isinstance(spec, MapOf):
        keys, values = samples(spec.key), samples(spec.value)
        return [{key: value for key, value in zip(keys, itertools.cycle(values))},
                {keys[0]: values[-1]}]
    if isinstance(spec, Record):
        every = {name: samples(key.spec)[0] for name, key in spec.keys.items()}
        last = {name: samples(key.spec)[-1] for name, key in spec.keys.items()}
        needed = {name: value for name, value in every.items() if spec.keys[name].required}
        defaults = {name: key.default for name, key in spec.keys.items()
                    if key.default is not None}
        return [{**defaults, **needed}, {**defaults, **every}, {**defaults, **last}]
    if isinstance(spec, OneOf):
        return [value for option in spec.options for value in samples(option)]
    raise AssertionError(f"no samples for {kind}: add some to SPECIAL")


def step_kinds() -> Iterator[tuple[str, str, Any]]:
    for game, ruleset in GAMES.items():
        for kind, step in ruleset.vocabulary.steps.items():
            yield game, kind, step.spec


def claim_keys() -> Iterator[tuple[str, str, Any]]:
    for game, ruleset in GAMES.items():
        for key, expectation in ruleset.vocabulary.expectations.items():
            yield game, key, expectation.spec
    for key, expectation in {**GAME_END, **STEP_ONLY, **FINAL_ONLY}.items():
        yield "ti4", key, expectation.spec


def test_every_step_kind_of_every_game_has_a_sentence() -> None:
    missing = [f"{game}: {kind}" for game, kind, _ in step_kinds()
               if kind not in sentences_of(GAMES[game]).steps]
    assert missing == [], "write these in checker/games/<game>/sentences.py"


def test_every_claim_key_of_every_game_has_words() -> None:
    missing = [f"{game}: {key}" for game, key, _ in claim_keys()
               if key not in sentences_of(GAMES[game]).claims and key not in CORE_CLAIMS]
    assert missing == [], "write these in checker/games/<game>/sentences.py"
    assert set(CORE_CLAIMS) == {*GAME_END, *STEP_ONLY, *FINAL_ONLY}, \
        "checker.sentences words the core's"


@pytest.mark.parametrize(("game", "kind", "spec"), list(step_kinds()),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_a_step_reads_as_a_sentence(game: str, kind: str, spec: Spec) -> None:
    for args in samples(spec):
        said = step_sentence(sentences_of(GAMES[game]), kind, args)
        assert ENGINE_SYNTAX.search(said) is None, (args, said)
        assert said[0].isupper() and said.endswith((".", "?")), said


@pytest.mark.parametrize(("game", "key", "spec"), list(claim_keys()),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_a_claim_reads_in_words(game: str, key: str, spec: Spec) -> None:
    for value in samples(spec):
        said = plain_words(claims_words(sentences_of(GAMES[game]), {key: value}))
        assert ENGINE_SYNTAX.search(said) is None, (value, said)
        assert said.endswith(".") and len(said) > 5, said


def test_claims_read_as_one_sentence_with_their_rules_as_rules() -> None:
    words = claims_words(sentences_of(GAMES["ti4"]), {
        "points": {"Red": 9, "Blue": 8}, "game_over": False, "cites": ["ti4:61.12", "ti4:98.7"],
        "action_cards": {"Red": 1, "Blue": 1}})
    assert plain_words(words) == (
        "Red has 9 victory points and Blue 8; the game is not over; the engine cites ti4:61.12 "
        "and ti4:98.7; Red and Blue each have 1 action card in hand.")
    assert [part.id for part in words if not isinstance(part, str)] == ["ti4:61.12", "ti4:98.7"]


def test_a_game_without_sentences_still_reads_in_plain_words() -> None:
    class Bare:
        pass
    assert step_sentence(sentences_of(Bare()), "draw_cards", {"player": "Red", "cards": 2}) == \
        "Draw cards: player Red and cards 2."
    assert plain_words(claims_words(sentences_of(Bare()), {"hand_size": {"Red": 2}})) == \
        "hand size: Red 2."


@pytest.mark.parametrize(("before", "after", "shown"), [
    ("Red 8, Blue 8, Green 9 (goal 10)", "Red 9, Blue 10, Green 9 (goal 10)",
     "Red 8 → 9, Blue 8 → 10, Green 9 (goal 10)"),
    ("Red 3/3/2, Blue 3/3/2", "Red 5/3/2, Blue 3/3/2", "Red 3/3/2 → 5/3/2, Blue 3/3/2"),
    ("nothing", "Red: Expand Borders", "nothing → Red: Expand Borders"),
    ("Red: Expand Borders", "Red: Expand Borders; Blue: Conquer the Weak",
     "Red: Expand Borders; Blue: Conquer the Weak"),
    ("7, status phase (score objectives)", "7, status phase (reveal public objective done)",
     "7, status phase (score objectives) → (reveal public objective done)"),
    ("7, status phase (score objectives)", "7, status phase (score objectives done)",
     "7, status phase (score objectives) → (score objectives done)"),
    ("8, status phase (ready cards done)", "9, strategy phase",
     "8 → 9, status phase (ready cards done) → strategy phase"),
    (", ".join(f"card {n}" for n in range(20)), "card 3, card 40", "card 3, card 40"),
    ("Red 1, Blue 2", "Red 1, Blue", "Red 1, Blue 2 → Blue"),
])
def test_a_changed_value_shows_what_it_was(before: str, after: str, shown: str) -> None:
    pieces = changed(before, after)
    assert plain(pieces) == shown
    assert "".join(p if isinstance(p, str) else p.now for p in pieces) == after
    assert all(p.before for p in pieces if isinstance(p, Was))


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_source_has_its_own_words(kind: str) -> None:
    """Where a ruling comes from, as a player reads it on a walkthrough: a new kind of source
    without words of its own fails here, and none reads as YAML."""
    said = {rules_text: Provenance(kind, "p. 17", "Why.").label(rules_text)
            for rules_text in ("Rulebook", "Living Rules Reference")}
    for words in said.values():
        assert words and not ENGINE_SYNTAX.search(words), words
        assert not re.search(r"\b(?:kind|ref|why)\b|`", words), words
    others = {Provenance(other, "p. 17", "Why.").label("Rulebook") for other in KINDS
              if other != kind}
    assert said["Rulebook"] not in others, "each kind reads differently"
    assert kind in SHORT and kind in SOURCE_KINDS, "a tag for the one line, a name for lists"


@pytest.mark.parametrize("value", [
    "", "Red 8", "Red 8, Blue 8", "Red: Expand Borders; Blue: Conquer the Weak, Raise a Fleet",
    "a, , b", "a,b; c;  d, ", ", leading", "trailing,", "x; ; ;", "no separators here",
])
def test_items_without_brackets_split_as_the_bracket_aware_reading_does(value: str) -> None:
    """A value without brackets is split at once; the same items as read character by
    character."""
    assert _items(value) == _bracketed_items(value)
