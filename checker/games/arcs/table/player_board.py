"""The player board: six resource slots, some covered by the cities not built yet (6.10).

The five cities sit left to right; building takes the leftmost, a returning city fills the
rightmost empty slot, so the number of cities left says which slots are covered: the first
covers resource slot 3, the second slot 4, the third slots 5 and 6, the fourth the "+2 to won
ambitions" bonus and the fifth the "+3".
"""

from __future__ import annotations

from checker.games.arcs.state import State

RESOURCE_SLOTS = 6
OPEN_SLOTS = {5: 2, 4: 3, 3: 4, 2: 6, 1: 6, 0: 6}
"""Resource slots not covered, by the number of cities still on the board."""

NAMES = {"material": "Material", "fuel": "Fuel", "weapons": "Weapon", "relics": "Relic",
         "psionics": "Psionic"}


def open_slots(state: State, player: str) -> int:
    return OPEN_SLOTS[state.cities[player]]


def held(state: State, player: str) -> int:
    return sum(1 for resource in state.resources[player] if resource is not None)


def resource_summary(state: State, player: str) -> str:
    """`Fuel, empty, Material (2 of 3 open slots)`: the open slots, left to right."""
    shown = state.resources[player][:max(open_slots(state, player), held(state, player))]
    slots = ", ".join(NAMES[r] if r else "empty" for r in shown)
    return f"{slots} ({held(state, player)} of {open_slots(state, player)} open slots)"
