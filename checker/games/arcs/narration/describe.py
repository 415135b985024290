"""The Arcs state as labelled rows, as a player would read it off the table: one row per
declared ambition with every count, the places and the Power gained, then the clean-up and
the end-of-game check."""

from __future__ import annotations

from collections.abc import Mapping

from checker.games.arcs.chapter_end.cleanup import PIECE
from checker.games.arcs.chapter_end.scoring import counts
from checker.games.arcs.common import listed, plural
from checker.games.arcs.narration.describe_battle import describe_battle
from checker.games.arcs.narration.describe_map import describe_court, describe_map
from checker.games.arcs.parts.components import AMBITIONS, BOX_RESOURCES, NEUTRAL
from checker.games.arcs.parts.rounds import Turn
from checker.games.arcs.state import Result, Stage, State
from checker.games.arcs.table.player_board import NAMES


def describe(state: State) -> dict[str, str]:
    rows = {
        "Chapter": f"{state.chapter} of 5, {_stage(state)}",
        "Initiative": f"{state.initiative} (turn order {', '.join(state.turn_order())})",
        "Action cards": _hands(state),
        **_round(state),
        "Power": ", ".join(f"{p} {state.power(p)}" for p in state.players)
                 + f" (the game ends at {state.threshold} with {len(state.players)} players)",
        "Ambition markers": _markers(state),
    }
    for ambition in AMBITIONS:
        row = _ambition(state, ambition)
        if row:
            rows[row[0]] = row[1]
    rows["City bonus for a won ambition"] = ", ".join(
        f"{p} {'+' + str(state.bonus(p)) if state.bonus(p) else 'none'} "
        f"({plural(state.cities[p], 'city')} on the board)" for p in state.players)
    rows["Trophies"] = _held(state) or "none"
    rows["Captives"] = "; ".join(
        f"{holder}: " + ", ".join(f"{plural(n, owner + ' agent')}" for owner, n in owners.items())
        for holder, owners in state.captives.items() if sum(owners.values())) or "none"
    rows.update(describe_map(state))
    rows.update(describe_court(state))
    rows.update(describe_battle(state))
    if state.box_resources is not None:
        rows["Neutral third player (box resources)"] = ", ".join(
            f"{a} {sum(state.box_resources.get(r, 0) for r in kinds)}"
            for a, kinds in BOX_RESOURCES.items()) + " (Weapons count as Trophies)"
    if state.cleanup:
        rows["Clean-up"] = "; ".join(state.cleanup) + _returned(state)
    if state.check:
        rows["End of game check"] = state.check
    if state.mulliganed:
        rows["Mulligan"] = f"{state.mulliganed} redrew their hand"
    if state.ended:
        rows["Game over"] = f"{state.ended.winner} wins: {state.ended.reason}"
    return rows


def _stage(state: State) -> str:
    if state.ended:
        return "game over"
    return {
        Stage.PLAYING: "being played",
        Stage.SCORING: "over: ambitions being scored",
        Stage.CLEANED: "over: clean-up done",
        Stage.CHECKED: "over: the next chapter begins once new hands are drawn",
        Stage.DRAWN: "new hands drawn; the initiative holder starts",
    }[state.stage]


def _round(state: State) -> dict[str, str]:
    current = state.round
    if current is None:
        return {}
    lead = f"{current.done[0]} led {current.lead.name}"
    if current.number != current.lead.number:
        lead += " (the zero marker makes it 0)"
    played = ", ".join(current.done[1:])
    text = lead + (f"; played since: {played}" if played else "")
    if current.seized:
        text += f"; {current.seized} seized the initiative"
    for union in current.unions:
        text += f"; {union.card} ({union.player}'s) beside {union.beside.name}"
    rows = {"Round": text}
    turn = current.turn
    if turn is not None:
        how = {"lead": "leads", "surpass": "Surpasses", "copy": "Copies", "pivot": "Pivots"}
        rows["Turn"] = f"{turn.player} {how[turn.play]}: {plural(turn.left, 'action pip')} " \
                       f"left for {', '.join(turn.actions)}{_prelude(turn)}"
    return rows


def _prelude(turn: Turn) -> str:
    """What the Prelude under way has spent, which is out of the supply until it ends."""
    if not turn.in_prelude or not turn.spent:
        return ""
    return f"; spent in the Prelude: {listed([NAMES[r] for r in turn.spent])} (back in the " \
           "supply when it ends)"


def _hands(state: State) -> str:
    text = ", ".join(f"{p} {state.hands[p]}" for p in state.players)
    if state.passed:
        text += f"; passed in a row: {', '.join(p for p in state.players if p in state.passed)}"
    return text


def _markers(state: State) -> str:
    declared = [f"{a} {' + '.join(state.faces(m) for m in state.boxes[a])}"
                for a in state.declared()]
    placed = {m for names in state.boxes.values() for m in names}
    free = [state.faces(m) for m in ("5/3", "3/2", "2/0") if m not in placed]
    text = "; ".join(declared) if declared else "no ambition declared"
    return f"{text}; available: {', '.join(free) or 'none'}"


def _ambition(state: State, ambition: str) -> tuple[str, str] | None:
    result = state.result(ambition)
    if result is not None:
        return (f"{ambition} ({result.high}/{result.low})",
                f"{_tally(result.counts)} — {_places(result)}")
    names = state.boxes.get(ambition)
    if not names or state.stage >= Stage.CLEANED:
        return None
    shown = [state.showing(m) for m in names]
    high, low = sum(v[0] for v in shown), sum(v[1] for v in shown)
    return f"{ambition} ({high}/{low})", f"{_tally(counts(state, ambition))} — not scored yet"


def _tally(tally: Mapping[str, int]) -> str:
    return ", ".join(f"{'neutral' if who == NEUTRAL else who} {n}" for who, n in tally.items())


def _places(result: Result) -> str:
    if result.first is None and not result.second:
        return "nobody qualifies, nobody gains Power"
    parts = []
    if result.first is None:
        parts.append(f"tie for 1st, so {listed(result.second)} take 2nd")
    elif result.first == NEUTRAL:
        parts.append("1st the neutral (gains nothing)")
    else:
        bonus = result.bonus[result.first]
        parts.append(f"1st {result.first} +{result.high}"
                     + (f" (+{bonus} bonus)" if bonus else ""))
    if result.first is not None and not result.second:
        runner = [w for w, n in result.counts.items() if n and w != result.first]
        if runner:
            parts.append("tie for 2nd, nobody takes it")
    for who in result.second:
        parts.append("2nd the neutral (gains nothing)" if who == NEUTRAL
                     else f"2nd {who} +{result.low}")
    return ", ".join(parts)


def _held(state: State) -> str:
    out = []
    for holder, owners in state.trophies.items():
        pieces = [plural(n, f"{owner} {PIECE[kind]}")
                  for owner, kinds in owners.items() for kind, n in kinds.items() if n]
        if pieces:
            out.append(f"{holder}: {', '.join(pieces)}")
    return "; ".join(out)


def _returned(state: State) -> str:
    if not state.returned:
        return ""
    return "; given back: " + "; ".join(
        f"{owner} " + ", ".join(plural(n, PIECE[kind])
                                for kind, n in kinds.items() if n)
        for owner, kinds in state.returned.items())
