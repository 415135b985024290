"""Pictures in walkthroughs, as drafted: a game's ruleset may draw the state
(`picture(state, previous)`), and the walkthrough shows the setup's picture and one for each
step that changed what is drawn, writing the parts every picture shares once. A golden file
for an Arcs walkthrough; what the browser makes of it is in tests/test_site_browser.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from repo_games import GAMES
from test_site_walkthrough import ROOT, rule_map, walkthrough

from checker.engine import Run
from checker.games.ti4.ruleset import TI4
from checker.runner import check_scenario, load_file
from checker.site.examples.verify import ScenarioChecks
from checker.site.render.rendering import render
from checker.site.walkthroughs.placing import Links, prefix
from checker.site.walkthroughs.walkthrough import Pictures
from checker.svg import fixed, num, picture, tag
from checker.yamlsource import Text

NS = "{http://www.w3.org/2000/svg}"
MAP_PATH = ROOT / "scenarios" / "arcs" / "walkthrough-pictures.yaml"
"""Where the scenario below pretends to stand (no such file: the text is given)."""
MAP_SCENARIO = """\
id: arcs-walkthrough-pictures
title: Red taxes, influences and Blue moves
game: arcs
setup:
  players: [Red, Blue, Green]
  setup_card: 3 Player Homelands
  initiative: Red
  action_cards: {Red: 4, Blue: 4, Green: 4}
  cities: {Red: 3, Blue: 4}
  ships:
    1 Gate: {Green: 4}
    2 Moon: {Red: 3, Blue: 1}
    3 Hex: {Blue: 2, Green: 1}
  damaged_ships:
    3 Hex: {Green: 2}
  buildings:
    1 Hex: [Green starport, Red damaged city]
    2 Arrow: [Red city]
    2 Moon: [Blue city]
  court: [Farseers, Gatekeepers, Construction Union, Relic Fence]
  court_agents:
    Farseers: {Red: 2, Green: 1}
steps:
  - lead: {player: Red, card: Administration 3}
  - tax: {system: 2 Arrow}
  # Refused: each city once per turn.
  - tax: {system: 2 Arrow}
    expect: {rejected: arcs:8.1d}
  - influence: {card: Farseers}
  - pivot: {player: Blue, card: Mobilization 2}
  - move: {from: 3 Hex, to: [3 Gate], fresh: 2}
    expect:
      ships: {3 Gate: {Blue: 2}}
"""
"""Six steps: the Court changes at step 4 and the map at step 6; the others draw nothing new
(step 3 is refused)."""

SVG = re.compile(r"<svg .*?</svg>", re.DOTALL)


def _map_run() -> Run:
    loaded = load_file("pictures.yaml", MAP_SCENARIO, GAMES)
    assert loaded.scenarios, [str(p) for p in loaded.problems]
    done = check_scenario(loaded.scenarios[0], GAMES).run
    assert done is not None
    return done


def _pictures(html: str) -> tuple[list[str], list[list[str]]]:
    """The setup's pictures and each step's, as written."""
    setup, *steps = html.split('<li class="wt-step"')
    return SVG.findall(setup), [SVG.findall(step) for step in steps]


def _element(html: str, start: int) -> str:
    """The `<g>` element that starts at `start`."""
    depth = 0
    for found in re.finditer(r"<(/?)g\b[^>]*?(/?)>", html[start:]):
        depth += -1 if found[1] else 0 if found[2] else 1
        if depth == 0:
            return html[start:start + found.end()]
    raise AssertionError("unclosed <g>")


USE = re.compile(r'<use xlink:href="#([^"]+)"(?: x="([-.\d]+)")?(?: y="([-.\d]+)")?/>')
PART = re.compile(r'<g id="([^"]+)"(?: transform="translate\(([-.\d]+) ([-.\d]+)\)")?>')


def _whole(svg: str, html: str) -> str:
    """A picture as its ruleset drew it: each `<use>` replaced by what it shows (the element of
    that id, written earlier in the same walkthrough, moved by the `<use>`'s x and y), its
    parts as `fixed` wrote them, and its root with its namespace, as XML has it."""
    def shown(use: re.Match[str]) -> str:
        start = html.index(f'<g id="{use[1]}"')
        assert start < html.index(use[0]), "a <use> points back"
        part = PART.match(html, start)
        assert part is not None
        x, y = (float(part[2] or 0) + float(use[2] or 0), float(part[3] or 0) + float(use[3] or 0))
        moved = f' transform="translate({num(x)} {num(y)})"' if x or y else ""
        return f'<g class="pic-fixed"{moved}>' + whole(_element(html, start)[part.end() - start:])

    def whole(text: str) -> str:
        text = USE.sub(shown, text)
        return PART.sub(lambda m: '<g class="pic-fixed"' + (
            f' transform="translate({m[2]} {m[3]})">' if m[2] else ">"), text)
    assert "xmlns" not in svg, "in a page an <svg> needs no namespace"
    return whole(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def _plain(svg: str) -> str:
    """A picture with its parts as plain groups, and none where a part stands where it was
    drawn: the walkthrough writes a part no `<use>` shows with no id, and with no group at all
    unless it is moved."""
    out: list[str] = []
    dropped: list[bool] = []
    at = 0
    svg = svg.replace('<g class="pic-fixed"', "<g")
    for found in re.finditer(r"<(/?)g\b[^>]*?(/?)>", svg):
        if found[2]:
            continue
        if found[1]:
            drop = dropped.pop()
        else:
            drop = found[0] == "<g>"
            dropped.append(drop)
        if drop:
            out.append(svg[at:found.start()])
            at = found.end()
    return "".join(out) + svg[at:]


def _xml(svg: str) -> ET.Element:
    """A picture as served, read as XML: with the namespaces HTML does without."""
    return ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" '
                                     'xmlns:xlink="http://www.w3.org/1999/xlink" ', 1))


def test_an_arcs_walkthrough_matches_the_golden_file(golden: Callable[[str, str], None]) -> None:
    golden("walkthrough-arcs-pictures.html", walkthrough(MAP_PATH, MAP_SCENARIO,
                                                         page="arcs/standard-actions.md") + "\n")


def test_the_setup_and_each_step_that_changed_the_map_have_the_rulesets_picture() -> None:
    html = walkthrough(MAP_PATH, MAP_SCENARIO, page="arcs/standard-actions.md")
    run = _map_run()
    arcs: Any = run.ruleset
    setup, steps = _pictures(html)
    states = [run.initial, *(record.state for record in run.records)]
    assert [len(s) for s in steps] == [0, 0, 0, 1, 0, 1], "the Court at 4, the map at 6"
    # Each picture, its shared parts put back, is exactly what the ruleset draws: so each
    # shows whole, whichever step is on screen.
    assert [_whole(s, html) for s in setup] == [arcs.picture(run.initial)]
    for number, drawn in enumerate(steps, start=1):
        expected = arcs.picture(states[number], states[number - 1])
        assert [_whole(s, html) for s in drawn] == ([expected] if expected else []), number
    for svg in setup + [s for step in steps for s in step]:
        root = _xml(svg)
        assert root.get("role") == "img" and root[0].tag == f"{NS}title" and root[0].text
    assert 'class="wt-picture"><svg' in html
    # After the step's claims, before what it changed.
    step_six = html.split('<li class="wt-step"')[6]
    assert step_six.index("wt-claims") < step_six.index("wt-picture") \
        < step_six.index("wt-changes")


def test_what_every_picture_draws_alike_is_written_once() -> None:
    html = walkthrough(MAP_PATH, MAP_SCENARIO, page="arcs/standard-actions.md")
    ids = re.findall(r'<g id="([^"]+)">', html)
    first = prefix("arcs-walkthrough-pictures")
    assert ids == [first + "0", first + "1"], "the board and who is who, in the setup's picture"
    assert re.fullmatch(r"p[0-9a-z]{5}", first), "short: a letter and five from a hash"
    uses = re.findall(r'<use xlink:href="#([^"]+)"/>', html)
    assert "<use href" not in html, "Material's instant navigation cannot rewrite <use href>"
    assert "xmlns" not in html, "in a page an <svg> needs no namespace, nor xlink:href one"
    assert uses == ids * 2, "in the pictures of steps 4 and 6"
    assert html.index(ids[0]) < html.index("<use ")
    assert html.count("pic-fixed") == 0, "an id marks a part written for the others"
    arcs: Any = _map_run().ruleset
    drawn = arcs.picture(_map_run().initial)
    board = _element(drawn, drawn.index('<g class="pic-fixed">'))
    assert len(board) > 2000 and html.count(board[len('<g class="pic-fixed">'):]) == 1


class _Drawn(TI4):
    """TI4 with a picture of its own: any game's ruleset may draw, and the site does the
    rest; nothing in the walkthrough knows the game."""

    rulebook = GAMES["ti4"].rulebook

    def picture(self, state: Any, previous: Any = None, rulebook: Any = None) -> str:
        points = {p: state.points(p) for p in state.players}
        if previous is not None and points == {p: previous.points(p) for p in state.players}:
            return ""
        bars = "".join(tag("rect", x=10 * i, y=0, width=8, height=n + 1)
                       for i, n in enumerate(points.values()))
        frame = fixed(tag("g", tag("g", tag("path", d="M0 0h30")) + tag("g", stroke="red"),
                          fill="none") + tag("path", d="M0 9h30"))
        changed = "" if previous is None else \
            " Changed by this step: " + ", ".join(p for p in points
                                                  if points[p] != previous.points(p))
        return picture(30, 10, f"Points {points}.{changed}", frame + bars, "bars")


def test_any_ruleset_with_a_picture_method_gets_pictures() -> None:
    path = ROOT / "scenarios" / "ti4" / "victory-reach-goal-in-status-phase.yaml"
    checks = ScenarioChecks({**GAMES, "ti4": _Drawn()})
    checked = checks.check(Text(str(path.relative_to(ROOT)), path.read_text("utf-8")))
    html = render(checked.examples[0], Links(rule_map(), "ti4/victory-points.md"))
    setup, steps = _pictures(html)
    assert len(setup) == 1 and any(steps) and not all(steps)
    scenario_id = checked.examples[0].id
    first = prefix(scenario_id) + "0"
    assert html.count(f'<g id="{first}"><g fill="none">') == 1
    assert html.count(f'<use xlink:href="#{first}"/>') == sum(map(len, steps))
    for svg in setup + [s for step in steps for s in step]:
        _xml(svg)
    undrawn = ScenarioChecks({**GAMES, "ti4": _Undrawn()}).check(
        Text(str(path.relative_to(ROOT)), path.read_text("utf-8")))
    plain = render(undrawn.examples[0], Links(rule_map(), "ti4/victory-points.md"))
    assert "wt-picture" not in plain and "<svg" not in plain, "no picture method, no picture"
    tables = plain.count('<details class="wt-table"')
    assert plain.count('<details class="wt-table" open>') == tables >= 2, \
        "without pictures, the tables are open"
    for part in html.split('<li class="wt-step"'):
        if "wt-table" in part:
            assert ('<details class="wt-table">' in part) == ("wt-picture" in part), \
                "beside a picture the table is its text alternative, closed; else open"


class _Undrawn:
    """TI4 without its `picture` method."""

    def __init__(self) -> None:
        self._game = TI4()
        self.rulebook = GAMES["ti4"].rulebook

    def __getattr__(self, name: str) -> Any:
        if name == "picture":
            raise AttributeError(name)
        return getattr(self._game, name)


def test_the_walkthrough_stays_one_byte_a_character_and_token_free() -> None:
    """Pictures go into the cached draft as they are: no character above U+00FF (see
    `placing.one_byte`), and none of the characters that mark its tokens."""
    html = walkthrough(MAP_PATH, MAP_SCENARIO.replace("Red", "R\u00f8d"),
                       page="arcs/standard-actions.md")
    assert "<svg" in html and "R&#248;d" in html
    assert max(html) <= "\xff" and "\x02" not in html and "\x03" not in html


def test_a_part_drawn_again_elsewhere_or_holding_parts_is_shown_by_use() -> None:
    """A part drawn again at another place is a `<use>` moved by the difference; a part that
    changed is written again, the parts in it that did not shown by `<use>`."""
    card = fixed(tag("path", d="M0 0h9v5H0z"), 10, 20)
    pictures = Pictures(_map_run(), "some-scenario")
    first = pictures._share(picture(50, 50, "A", fixed(card + fixed("<text>x</text>", 0, 30)),
                                    "t"))
    again = pictures._share(picture(50, 50, "B", fixed(card + fixed("<text>y</text>", 0, 30))
                                    + fixed(tag("path", d="M0 0h9v5H0z"), 25, 5), "t"))
    p = prefix("some-scenario")
    assert first == (f'<svg class="pic pic--t" viewBox="0 0 50 50" width="100%" role="img" '
                     f'fill="currentColor"><title>A</title><g id="{p}0"><g id="{p}1" '
                     f'transform="translate(10 20)"><path d="M0 0h9v5H0z"/></g><g id="{p}2" '
                     f'transform="translate(0 30)"><text>x</text></g></g></svg>')
    assert again.endswith(f'<title>B</title><g id="{p}3"><use xlink:href="#{p}1"/><g id="{p}4" '
                          f'transform="translate(0 30)"><text>y</text></g></g>'
                          f'<use xlink:href="#{p}1" x="15" y="-15"/></svg>')


def test_scoring_pictures_show_whole_from_their_shared_parts() -> None:
    """TI4, TI3 and Arcs chapter-end walkthroughs: each picture, its `<use>`s put back (moved,
    and the parts in parts too), is exactly what the ruleset draws; a step's picture writes
    little beyond what it changed."""
    for path, page in [(ROOT / "scenarios" / "ti4" / "victory-reach-goal-in-status-phase.yaml",
                        "ti4/victory-points.md"),
                       (ROOT / "scenarios" / "ti3" / "claim-one-public-and-secret.yaml",
                        "ti3/end-of-game.md"),
                       (ROOT / "scenarios" / "arcs" / "full-chapter-end.yaml",
                        "arcs/ending-a-chapter.md")]:
        html = walkthrough(path, page=page)
        loaded = load_file(str(path), path.read_text("utf-8"), GAMES)
        done = check_scenario(loaded.scenarios[0], GAMES).run
        assert done is not None
        draw: Any = done.ruleset.picture  # type: ignore[attr-defined]
        states = [done.initial, *(record.state for record in done.records)]
        setup, steps = _pictures(html)
        assert [_plain(_whole(s, html)) for s in setup] == [_plain(draw(states[0]))], \
            path.name
        drawn = 0
        for number, served in enumerate(steps, start=1):
            expected = draw(states[number], states[number - 1]) \
                if states[number] is not states[number - 1] else ""
            assert [_plain(_whole(s, html)) for s in served] == \
                ([_plain(expected)] if expected else []), (path.name, number)
            for svg in served:
                drawn += 1
                assert len(svg) < len(expected) * 0.7, "a step writes what it changed"
                _xml(svg)
        assert drawn, path.name
