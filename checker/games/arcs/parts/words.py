"""The words an Arcs scenario uses for the map, the cards and the pieces: systems, clusters,
setup cards, action and Court cards, and buildings written as `Red city` or
`Blue damaged starport`."""

from __future__ import annotations

from typing import Any

from checker.games.arcs.parts.board import CLUSTERS, SETUP_CARDS, SYSTEM_NAMES
from checker.games.arcs.parts.cards import CARD_NAMES
from checker.games.arcs.parts.court_cards import COURT_CARDS
from checker.games.arcs.parts.pieces import BUILDING_KINDS, Building
from checker.vocabulary import INVALID, Choice, Context, Ref, Spec, did_you_mean
from checker.yamlsource import Pos

SYSTEM = Choice(list(SYSTEM_NAMES), "system")
CLUSTER = Choice(list(CLUSTERS), "cluster")
SETUP_CARD = Choice(list(SETUP_CARDS), "setup card")
ACTION_CARD = Choice(list(CARD_NAMES), "action card")
COURT_CARD = Ref("Court card", catalog=COURT_CARDS)
PIECES = ("ship", "city", "starport")
REPAIRABLE = Choice(list(PIECES), "piece")


class BuildingSpec(Spec):
    """`<player> city`, `<player> starport`, with `damaged` before the piece when it is."""

    description = "a building such as `Red city` or `Blue damaged starport`"

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if not isinstance(value, str) or len(value.split()) < 2:
            ctx.error(pos, f"expected {self.description}, got {value!r}")
            return INVALID
        words = value.split()
        kind, damaged = words[-1], len(words) > 2 and words[-2] == "damaged"
        owner = " ".join(words[:-2] if damaged else words[:-1])
        players = ctx.names.get("player", ())
        if kind not in BUILDING_KINDS:
            ctx.error(pos, f"unknown building '{kind}'{did_you_mean(kind, BUILDING_KINDS)}; "
                      "expected city or starport")
            return INVALID
        if owner not in players:
            ctx.error(pos, f"unknown player '{owner}'{did_you_mean(owner, list(players))}")
            return INVALID
        return f"{owner} {'damaged ' if damaged else ''}{kind}"

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": r"^\S.* (damaged )?(city|starport)$"}


BUILDING = BuildingSpec()


def parse_building(text: str) -> Building:
    """The piece a checked building text names."""
    words = text.split()
    damaged = len(words) > 2 and words[-2] == "damaged"
    return Building(" ".join(words[:-2] if damaged else words[:-1]), words[-1], not damaged)


def building_text(building: Building) -> str:
    return f"{building.owner} {'' if building.fresh else 'damaged '}{building.kind}"
