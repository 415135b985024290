"""The player board: six resource slots, some covered by the cities not built yet (6.10).

The five cities sit left to right; building takes the leftmost, a returning city fills the
rightmost empty slot, so the number of cities left says which slots are covered: the first
covers resource slot 3, the second slot 4, the third slots 5 and 6, the fourth the "+2 to won
ambitions" bonus and the fifth the "+3".
"""

from __future__ import annotations

from checker.games.arcs.components import RESOURCES
from checker.games.arcs.state import State

RESOURCE_SLOTS = 6
OPEN_SLOTS = {5: 2, 4: 3, 3: 4, 2: 6, 1: 6, 0: 6}
"""Resource slots not covered, by the number of cities still on the board."""

NAMES = {"material": "Material", "fuel": "Fuel", "weapons": "Weapon", "relics": "Relic",
         "psionics": "Psionic"}


def open_slots(state: State, player: str) -> int:
    return OPEN_SLOTS[state.cities[player]]


def held(state: State, player: str) -> int:
    return sum(state.resources[player].values())


def resource_summary(state: State, player: str) -> str:
    tokens = [f"{n} {NAMES[r]}" for r in RESOURCES if (n := state.resources[player].get(r, 0))]
    return f"{', '.join(tokens) or 'none'} ({held(state, player)} of {open_slots(state, player)}" \
           " open slots)"
