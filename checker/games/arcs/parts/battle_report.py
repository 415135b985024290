"""What a battle did, kept with the state after it for people and pictures: the dice rolled, each
hit landed, what was stolen and which Court cards were Ransacked (9)."""

from __future__ import annotations

from dataclasses import dataclass

SKIRMISH, ASSAULT, RAID = "skirmish", "assault", "raid"
HIT, SELF_HIT, INTERCEPT, BUILDING_HIT, KEY = "hit", "self-hit", "intercept", "building hit", "key"
"""The symbols on the battle dice: hit ships first, hit your own ships, intercept, hit buildings,
and the raid key."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One die rolled and the face it shows."""

    die: str
    """`skirmish`, `assault` or `raid`."""
    face: tuple[str, ...]
    """Its symbols; () for a blank face."""


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit landed on a piece."""

    symbol: str
    """What dealt it: a `hit`, `self-hit`, `intercept` or `building hit`."""
    owner: str
    piece: str
    """`ship`, `city` or `starport`."""
    destroyed: bool
    """True when the piece was damaged already and is now removed; False when it is damaged."""


@dataclass(frozen=True, slots=True)
class BattleReport:
    system: str
    attacker: str
    defender: str
    rolls: tuple[Roll, ...]
    hits: tuple[Hit, ...] = ()
    stolen: tuple[str, ...] = ()
    """What the attacker raided, in order: resources by name, Guild cards by title."""
    ransacked: tuple[str, ...] = ()
    """Court cards taken by Ransacking the Court."""
