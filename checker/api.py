"""The contract between the checker and a game, version `API_VERSION`: everything a game
package needs, in one import. See the guide page "Add your own game" for a worked example.

A game package provides:

- a declaration, `GameInfo(name, title, ruleset="module:Class")`, registered under the
  entry-point group `checker.games` (`checker.game_info`), in a module that imports nothing
  heavy: the registry reads it on every run;
- a `Ruleset` (below): its vocabulary (the setup keys, step kinds and claims a scenario may
  use, `Vocabulary`), its sentences (each step kind and claim in the game's own words,
  `Sentences`), and four functions: `setup`, `apply` (which returns the new state and the
  `Event`s that happened, each citing the rule that decided it, or raises `RuleViolation`
  naming the rule that forbids the step), `outcome` (an `Outcome` once the game has ended)
  and `describe` (the state as labelled lines for people);
- optionally `picture(state, previous, rulebook)`: an inline SVG of the table, drawn in the
  walkthroughs (see `checker.svg` and `checker.score_pictures` for the shared pieces).

Rule ids are `game:number` (`hearts:3.1`); a rule exists because a page in the game's folder
defines it (`§3.1 ...`), and the engine's citations are checked against the pages.

Within a major version, what is here only grows: a game written for version 1 runs on every
checker of version 1.
"""

from __future__ import annotations

from checker.engine import Event, Outcome, Ruleset, RuleViolation
from checker.expectations import View
from checker.game_info import API_VERSION, GameInfo
from checker.rulebook import RuleBook
from checker.sentences import Sentences
from checker.vocabulary import (
    Bool,
    Choice,
    Expectation,
    Int,
    Key,
    ListOf,
    MapOf,
    OneOf,
    Record,
    Ref,
    StepKind,
    Str,
    Vocabulary,
)

__all__ = [
    "API_VERSION", "Bool", "Choice", "Event", "Expectation", "GameInfo", "Int", "Key", "ListOf",
    "MapOf", "OneOf", "Outcome", "Record", "Ref", "RuleBook", "RuleViolation", "Ruleset",
    "Sentences", "StepKind", "Str", "View", "Vocabulary",
]
