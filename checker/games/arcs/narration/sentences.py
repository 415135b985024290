"""Arcs in words: each step kind as the sentence a player would say, each claim as what it
checks (`checker.sentences`). The actions are said as the player whose turn it is says them
("Tax Blue's city at 2 Arrow"); the steps of ending a chapter by their names in the rulebook
("score ambitions"), never by their number: a walkthrough numbers its own steps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.games.arcs.parts.components import NEUTRAL
from checker.sentences import Sentences, amounts, count, each, listed, naming, tally

_RESOURCES = {"material": ("Material", "Material"), "fuel": ("Fuel", "Fuel"),
              "weapons": ("Weapon", "Weapons"), "relics": ("Relic", "Relics"),
              "psionics": ("Psionic", "Psionics")}
_PLURALS = dict(_RESOURCES.values())
_PIECES = {"ships": "ship", "starports": "starport", "cities": "city", "agents": "agent"}
_STAGES = {"chapter": "the chapter is being played",
           "scoring": "the chapter is over and its ambitions are being scored",
           "cleaned up": "the chapter is over and cleaned up",
           "game end checked": "the chapter is over and the end of the game was checked",
           "cards drawn": "the new hands are drawn"}


def who(name: str | None) -> str:
    """A player, the two-player neutral, or nobody."""
    return "nobody" if name is None else "the neutral player" if name == NEUTRAL else name


def pieces(number: int, piece: str) -> str:
    """`1 city`, `2 cities`, `3 Blue ships`."""
    return count(number, piece, piece[:-1] + "ies" if piece.endswith("city") else None)


def resource(name: str, number: int | None = None) -> str:
    one, many = _RESOURCES.get(name, (name, name))
    return one if number is None else count(number, one, many)


def _face(face: str) -> str:
    """A die face, such as `hit + self-hit`, as `hit and self-hit`."""
    return listed([symbol.strip() for symbol in face.split("+")])


# --- Steps ----------------------------------------------------------------------------------

def _token(spend: Any) -> str:
    """A token spent: `a Fuel`, or `the resource in slot 3`."""
    return f"the resource in slot {spend}" if isinstance(spend, int) else f"a {resource(spend)}"


def _paid(said: Any) -> Any:
    """An action's sentence, and how it is paid when a resource pays it in the Prelude."""
    return lambda args: said(args) + (f", spending {_token(args['spend'])} in the Prelude "
                                      "instead of an action pip" if "spend" in args else "")


def _prelude(args: Mapping[str, Any]) -> str:
    if "card" not in args:
        return f"spend {_token(args['spend'])} in the Prelude" if "spend" in args else \
            "take a Prelude action"
    said = [f"use the Prelude ability of {args['card']}"]
    if "system" in args:
        said.append(f"placing ships at {args['system']}")
    if "gates" in args:
        said.append(f"placing ships at {listed(list(args['gates']), 'no gate')}")
    if "gain" in args:
        said.append(f"gaining {count(args['gain'], 'resource')}")
    if "steal" in args:
        stolen = [args["steal"]] if isinstance(args["steal"], Mapping) else args["steal"]
        said.append("stealing " + listed([_stolen(item) for item in stolen], "nothing"))
    if "discard" in args:
        said.append(f"discarding {tally(map(resource, args['discard']), _PLURALS)} to make "
                    "room")
    if "pay" in args:
        said.append(f"discarding {_token(args['pay'])}")
    if "beside" in args:
        said.append(f"placing it beside {args['beside']}")
    if "cards" in args:
        said.append(f"discarding {count(args['cards'], 'action card')} with it")
    return ", ".join(said)


def _stolen(item: Mapping[str, Any]) -> str:
    if "card" in item:
        return f"{item['from']}'s {item['card']}"
    if "slot" in item:
        return f"the resource in slot {item['slot']} of {item['from']}'s board"
    return f"from {item['from']}"


def _tax(args: Mapping[str, Any]) -> str:
    owner = args.get("owner")
    city = f"{owner}'s city" if owner else "the Loyal city"
    discard = args.get("discard")
    return f"tax {city} at {args['system']}" + (
        f", discarding {resource(discard)}" if discard else "")


def _ships(fresh: int, damaged: int) -> str:
    return listed([text for n, text in ((fresh, pieces(fresh, "fresh ship")),
                                        (damaged, pieces(damaged, "damaged ship"))) if n],
                  "no ship")


def _move(args: Mapping[str, Any]) -> str:
    to = args["to"]
    route = to if isinstance(to, str) else ", then ".join(to)
    said = (f"move {_ships(args.get('fresh', 0), args.get('damaged', 0))} from "
            f"{args['from']} to {route}")
    dropped = args.get("drop_off") or {}
    if dropped:
        said += ", dropping off " + each(dropped, lambda system, ships: _ships(
            ships.get("fresh", 0), ships.get("damaged", 0)) + f" at {system}")
    return said


def _secure(args: Mapping[str, Any]) -> str:
    extra = [f"choosing cluster {args['cluster']}"] if args.get("cluster") else []
    extra += [f"declaring {args['ambition']}"] if args.get("ambition") else []
    extra += [f"choosing {resource(args['outrage'])} Outrage"] if args.get("outrage") else []
    return f"secure {args['card']}" + (f", {listed(extra)}" if extra else "")


def _dice(dice: Mapping[str, Any]) -> str:
    rolled = [f"{count(len(faces), f'{die} die', f'{die} dice')} ("
              f"{('; ' if any('+' in face for face in faces) else ', ').join(map(_face, faces))})"
              for die, faces in dice.items() if faces]
    return f"rolling {listed(rolled)}" if rolled else "rolling no die"


def _landed(hits: Any, what: str) -> str:
    return f"{what} on {_tallied(hits)}" if hits else ""


def _tallied(names: Any, empty: str = "none") -> str:
    """Pieces counted: `2 ships and 1 damaged city`."""
    return tally(names, {name: name[:-1] + "ies" for name in names if name.endswith("city")},
                 empty)


def _raid(items: Any) -> str:
    taken = []
    for item in items:
        if "slot" in item:
            taken.append(f"the resource in slot {item['slot']}")
        if "card" in item:
            taken.append(f"the Guild card {item['card']}")
        if "discard" in item:
            taken.append(f"discarding {resource(item['discard'])}")
    return "raiding " + listed(taken, "nothing")


def _ransacked(item: Any) -> str:
    """A card Ransacked, with what its When Secured effect chose."""
    if isinstance(item, str):
        return item
    return _secure(item).removeprefix("secure ")


def _battle(args: Mapping[str, Any]) -> str:
    said = f"battle {args['defender']} at {args['system']}, {_dice(args.get('dice') or {})}"
    parts = [_landed(args.get("self_hits"), "self-hits land"),
             _landed(args.get("intercept_hits"), "intercept hits land"),
             _landed(args.get("ship_hits"), "hits land"),
             _landed(args.get("building_hits"), "building hits land")]
    ransack = args.get("ransack")
    if ransack:
        cards = [ransack] if isinstance(ransack, (str, Mapping)) else list(ransack)
        parts.append(f"ransacking the Court for {listed([_ransacked(c) for c in cards])}")
    if args.get("raid"):
        parts.append(_raid(args["raid"]))
    parts = [part for part in parts if part]
    return said + (f"; {'; '.join(parts)}" if parts else "")


def _rifles(args: Mapping[str, Any]) -> str:
    said = (f"fire Galactic Rifles from {args['system']} at {args['defender']}'s pieces at "
            f"{args['target']}, {_dice({'skirmish': args.get('dice') or []})}")
    parts = [_landed(args.get("hits"), "hits land")]
    ransack = args.get("ransack")
    if ransack:
        cards = [ransack] if isinstance(ransack, (str, Mapping)) else list(ransack)
        parts.append(f"ransacking the Court for {listed([_ransacked(c) for c in cards])}")
    parts = [part for part in parts if part]
    return said + (f"; {'; '.join(parts)}" if parts else "")


def _ending(name: str, doing: str) -> Any:
    return lambda args: f"ending the chapter, {name}: {doing}"


def _clean_up(args: Mapping[str, Any]) -> str:
    said = _ending("clean up", "Trophies, Captives and ambition markers go back, and a marker "
                   "flips")(args)
    discards = args.get("discard") or {}
    return said + "".join(f"; {player} discards {tally(map(resource, tokens), _PLURALS)}"
                          for player, tokens in discards.items())


STEPS: dict[str, Any] = {
    "lead": lambda a: f"{a['player']} leads {a['card']}",
    "surpass": lambda a: f"{a['player']} surpasses with {a['card']}",
    "copy": lambda a: f"{a['player']} copies, playing "
                      + (f"{a['card']} face down" if a.get("card") else "a card face down"),
    "pivot": lambda a: f"{a['player']} pivots with {a['card']}",
    "seize": lambda a: f"{a['player']} seizes the initiative, playing an extra card face down",
    "declare_ambition": lambda a: f"the player who led declares {a['ambition']}",
    "pass_initiative": lambda a: "the initiative holder passes instead of leading",
    "end_round": lambda a: "the round ends",
    "tax": _paid(_tax),
    "build": _paid(lambda a: f"build a {a['piece']} at {a['system']}"),
    "move": _paid(_move),
    "repair": _paid(lambda a: f"repair a damaged {a['piece']} at {a['system']}"),
    "influence": _paid(lambda a: f"influence: place an agent on {a['card']}"),
    "secure": _paid(_secure),
    "battle": _paid(_battle),
    "fire_rifles": _paid(_rifles),
    "prelude": _prelude,
    "elimination": lambda a: f"{a['player']}, left with no ship and no starport on the map, "
                             f"places fresh ships at {a['gate']} as the turn ends",
    "end_chapter": lambda a: "the chapter ends",
    "score_ambition": lambda a: f"ending the chapter, score ambitions: {a['ambition']} is "
                                "scored",
    "clean_up": _clean_up,
    "check_game_end": _ending("end the game or advance the chapter",
                              "does anyone win, or does the chapter marker advance?"),
    "draw_cards": _ending("draw cards", "each player draws six action cards"),
    "mulligan": lambda a: f"{a['player']} takes the mulligan and redraws their hand",
}


# --- Claims ---------------------------------------------------------------------------------

def _places(ambition: str, places: Mapping[str, Any]) -> str:
    said = []
    if "first" in places:
        said.append(f"{who(places['first'])} first")
    if "second" in places:
        second = [who(name) for name in places["second"]]
        said.append(f"{listed(second, 'nobody')} second")
    return f"in {ambition} {listed(said, 'nobody places')}"


def _by_ambition(values: Mapping[str, Any], say: Any) -> str:
    """Per ambition, how much each named player had: `for Tycoon, Red gained 5 Power and
    Blue 3`."""
    return each(values, lambda ambition, by_player: f"for {ambition}, " + say(
        {who(player): n for player, n in by_player.items()}))


def _returned(player: str, back: Mapping[str, int]) -> str:
    got = [pieces(n, _PIECES[kind]) for kind, n in back.items() if n]
    return f"{player} got back {listed(got)}" if got else f"{player} got nothing back"


def _supply(player: str, supply: Mapping[str, int]) -> str:
    held = listed([pieces(n, _PIECES[kind]) for kind, n in supply.items() if kind != "cities"],
                  "")
    said = [f"{player} has {held} in their supply"] if held else []
    if "cities" in supply:
        said.append(f"{pieces(supply['cities'], 'city')} on {player}'s player board")
    return listed(said, f"nothing is stated of {player}'s supply")


def _trophies(holder: str, owners: Mapping[str, Mapping[str, int]]) -> str:
    held = [pieces(n, f"{owner} {_PIECES[kind]}") for owner, by_kind in owners.items()
            for kind, n in by_kind.items()]
    return f"{holder} holds {listed(held, 'nothing')} as Trophies"


def _slots(player: str, slots: Mapping[int, Any]) -> str:
    return f"in {player}'s resource slots, " + listed(
        [f"slot {slot} " + (f"holds {resource(held)}" if held else "is empty")
         for slot, held in slots.items()], "nothing is stated")


def _buildings(system: str, buildings: Any) -> str:
    return f"{system} holds " + _tallied(buildings, "no building")


def _court(cards: Any) -> str:
    return "the Court row, left to right, is " + listed(
        [card or "an empty place" for card in cards], "empty")


CLAIMS: dict[str, Any] = {
    "power": lambda v: amounts(v, "Power", "Power"),
    "places": lambda v: each(v, _places),
    "gained": lambda v: _by_ambition(v, lambda by: amounts(by, "Power", "Power",
                                                           verbs=("gained", "gained"))),
    "bonus_power": lambda v: _by_ambition(v, lambda by: amounts(
        by, "bonus Power", "bonus Power", verbs=("gained", "gained"))),
    "counts": lambda v: _by_ambition(v, lambda by: amounts(by, "", "", verbs=("counted",
                                                                               "counted"))),
    "declared": lambda v: (listed(list(v)) + (" is" if len(v) == 1 else " are") + " declared")
                          if v else "no ambition is declared",
    "markers": lambda v: "the ambition markers show " + listed(list(v), "nothing"),
    "chapter": lambda v: f"it is chapter {v}",
    "stage": lambda v: _STAGES.get(v, v),
    "initiative": lambda v: f"{v} holds the initiative",
    "turn_order": lambda v: "the turn order is " + listed(list(v), "empty"),
    "action_cards": lambda v: amounts(v, "action card", after=" in hand"),
    "trophies": lambda v: amounts(v, "Trophy", "Trophies", verbs=("holds", "hold")),
    "captives": lambda v: amounts(v, "Captive", verbs=("holds", "hold")),
    "cities": lambda v: amounts(v, "city", "cities", after=" on their player board"),
    "won_ambition_bonus": lambda v: "for an ambition won outright, " + amounts(
        v, "bonus Power", "bonus Power", verbs=("gains", "gain")),
    "returned": lambda v: each(v, _returned),
    "mulligan": lambda v: f"{v} took the mulligan" if v else "nobody took the mulligan",
    "out_of_play": lambda v: (f"{'cluster' if len(v) == 1 else 'clusters'} "
                              f"{listed([str(c) for c in v])} "
                              f"{'is' if len(v) == 1 else 'are'} out of play")
                             if v else "every cluster is in play",
    "adjacent": lambda v: each(v, lambda s, near: f"{s} is adjacent to "
                               f"{listed(list(near), 'no system in play')}"),
    "control": lambda v: each(v, lambda s, p: f"{who(p)} controls {s}"),
    "ships": lambda v: each(v, lambda s, by: f"at {s} " + amounts(by, "fresh ship")),
    "damaged_ships": lambda v: each(v, lambda s, by: f"at {s} " + amounts(by, "damaged ship")),
    "buildings": lambda v: each(v, _buildings),
    "resources": lambda v: each(v, lambda p, held: f"{p} has " + listed(
        [resource(name, n) for name, n in held.items()], "no resource named") + " on their "
        "board"),
    "open_resource_slots": lambda v: amounts(v, "open resource slot"),
    "supply": lambda v: each(v, _supply),
    "resource_supply": lambda v: "the general supply holds " + listed(
        [resource(name, n) for name, n in v.items()], "no resource named"),
    "court": _court,
    "court_agents": lambda v: each(v, lambda card, by: f"{card} holds " + listed(
        [pieces(n, f"{p} agent") for p, n in by.items()], "no agent")),
    "lead_card": lambda v: f"{v} is the lead card" if v else "no card is led: it is between "
                                                             "rounds",
    "lead_number": lambda v: f"the lead card counts as {v}",
    "turn": lambda v: f"it is {v}'s turn" if v else "it is nobody's turn",
    "action_pips": lambda v: f"{count(v, 'action pip')} {'is' if v == 1 else 'are'} left "
                             "this turn",
    "seized": lambda v: f"{v} seized the initiative this round" if v else
                        "nobody seized the initiative this round",
    "guild_cards_held": lambda v: each(v, lambda p, cards: naming(
        cards, f"{p} holds the Guild card", f"{p} holds the Guild cards",
        f"{p} holds no Guild card")),
    "trophy_pieces": lambda v: each(v, _trophies),
    "outrage": lambda v: each(v, lambda p, kinds: f"{p} has Outraged "
                              + listed([resource(k) for k in kinds], "no resource")),
    "outrage_placeholders": lambda v: amounts(v, "Outrage icon", after=" covered without "
                                              "an agent, none being free"),
    "resource_slots": lambda v: each(v, _slots),
    "court_discard": lambda v: ("the Court discard pile holds, oldest first, " + listed(list(v)))
                               if v else "the Court discard pile is empty",
}

SENTENCES = Sentences(STEPS, CLAIMS)
