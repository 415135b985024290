"""The three battle dice and their faces, and the dice an attacker may collect: one for each
attacking ship at most, six of a type at most, and raid dice only under the raid-dice limit
(9.4, 9.5). The faces rolled are the scenario's; the engine checks each is on its die."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from checker.games.arcs.common import refuse
from checker.games.arcs.parts.battle_report import (
    ASSAULT,
    BUILDING_HIT,
    HIT,
    INTERCEPT,
    KEY,
    RAID,
    SELF_HIT,
    SKIRMISH,
    Roll,
)
from checker.games.arcs.state import State

SYMBOLS = (HIT, SELF_HIT, INTERCEPT, BUILDING_HIT, KEY)
"""In the order a face is written: `hit + self-hit`, `intercept + key + key`."""
BLANK = "blank"
DIE_NAMES = (SKIRMISH, ASSAULT, RAID)
DICE_OF_A_TYPE = 6
"""The box holds six dice of each type, and no more may be collected."""


def canonical(symbols: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(symbols, key=SYMBOLS.index))


def _die(*faces: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(canonical(face) for face in faces)


DICE: dict[str, tuple[tuple[str, ...], ...]] = {
    SKIRMISH: _die((), (), (), (HIT,), (HIT,), (HIT,)),
    ASSAULT: _die((), (HIT, SELF_HIT), (HIT, SELF_HIT), (HIT, INTERCEPT), (HIT, HIT),
                  (HIT, HIT, SELF_HIT)),
    RAID: _die((INTERCEPT,), (INTERCEPT, KEY, KEY), (KEY, SELF_HIT), (KEY, BUILDING_HIT),
               (BUILDING_HIT, SELF_HIT), (BUILDING_HIT, SELF_HIT)),
}
"""The six faces of each die."""
FACE_RULE = {SKIRMISH: "9.5a", ASSAULT: "9.5b", RAID: "9.5c"}


def face_text(face: tuple[str, ...]) -> str:
    return " + ".join(face) or BLANK


def parse_face(text: str) -> tuple[str, ...]:
    """The symbols a face written as `hit + self-hit` shows; `blank` shows none."""
    if text.strip() == BLANK:
        return ()
    return canonical([part.strip() for part in text.split("+")])


def collect(state: State, attacker: str, system: str, defender: str,
            given: Mapping[str, Sequence[str]]) -> tuple[Roll, ...]:
    """The dice collected and rolled, each checked against the rules for collecting and against
    the faces of its die."""
    ships = state.fleet(system, attacker).total
    total = sum(len(faces) for faces in given.values())
    if total > most_dice(ships):
        refuse("9.4a", f"{attacker} has {ships} attacking ship{'s' if ships != 1 else ''} at "
               f"{system}, so collects at most {ships} dice, not {total}")
    for die, faces in given.items():
        if len(faces) > DICE_OF_A_TYPE:
            refuse("9.4b", f"at most {DICE_OF_A_TYPE} {die} dice can be collected, not "
                   f"{len(faces)}")
    if given.get(RAID) and not raid_dice_allowed(state, system, defender):
        refuse("9.4c", f"no raid dice: {defender} has no building at {system} and has Loyal "
               "buildings elsewhere on the map")
    rolls = []
    for die in DIE_NAMES:
        for text in given.get(die, ()):
            face = parse_face(text)
            if face not in DICE[die]:
                refuse(FACE_RULE[die], f"'{text}' is not a face of the {die} die; its faces are "
                       f"{', '.join(sorted({face_text(f) for f in DICE[die]}))}")
            rolls.append(Roll(die, face))
    return tuple(rolls)


def most_dice(ships: int) -> int:
    """One die for each attacking ship, fresh or damaged (9.4a)."""
    return ships


def raid_dice_allowed(state: State, system: str, defender: str) -> bool:
    """Raid dice only against a defender with a building in the battle system, or with no Loyal
    building anywhere on the map (9.4c)."""
    here = any(b is not None and b.owner == defender for b in state.slots(system))
    anywhere = any(b is not None and b.owner == defender
                   for slots in state.buildings.values() for b in slots)
    return here or not anywhere


def count(rolls: Sequence[Roll], symbol: str) -> int:
    return sum(roll.face.count(symbol) for roll in rolls)
