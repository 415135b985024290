"""The walkthrough HTML: a golden file for one real scenario, and what it must always say."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from repo_games import GAMES

from checker.location import Location
from checker.site.examples.verify import ScenarioChecks
from checker.site.pages.rulemap import Anchor, RuleMap
from checker.site.render.rendering import render
from checker.site.walkthroughs.placing import Links, folded
from checker.site.walkthroughs.walkthrough import state_changes
from checker.yamlsource import Text

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "ti4" / "victory-reach-goal-in-status-phase.yaml"
PAGES = {"61": "ti4/objective-cards.md", "81": "ti4/status-phase.md", "98": "ti4/victory-points.md"}


def rule_map() -> RuleMap:
    """Every TI4 rule on the page of its section (others on one page), as the site lays them."""
    rules = RuleMap()
    for ruleset in GAMES.values():
        for rule in ruleset.rulebook.ids():
            section = rule.partition(":")[2].split(".")[0]
            page = PAGES.get(section, "ti4/related.md")
            rules.anchors[rule] = Anchor(rule, page, Location(page, 1, 1))
        rules.titles.update({f"{ruleset.game}:{k}": v for k, v in ruleset.rulebook.titles.items()})
    return rules


def walkthrough(path: Path, text: str | None = None, page: str = "ti4/victory-points.md") -> str:
    checks = ScenarioChecks(GAMES)
    checked = checks.check(Text(str(path.relative_to(ROOT)), text or path.read_text("utf-8")))
    assert not checked.problems
    return render(checked.examples[0], Links(rule_map(), page))


def test_the_walkthrough_html_matches_the_golden_file(golden: Callable[[str, str], None]) -> None:
    golden("walkthrough-victory-reach-goal-in-status-phase.html", walkthrough(SCENARIO) + "\n")


def test_every_step_is_listed_with_its_anchor_narration_and_state() -> None:
    html = walkthrough(SCENARIO)
    steps = re.findall(r'<li class="wt-step" id="([^"]+)" data-step="(\d+)">', html)
    assert [index for _, index in steps] == ["1", "2", "3", "4", "5"]
    assert all(anchor == f"ti4-victory-reach-goal-mid-status-phase--step-{i}"
               for anchor, i in steps)
    assert html.count('<div class="wt-setup"><p class="wt-label">Setup</p>') == 1
    assert html.count('<details class="wt-table"><summary class="wt-label">The state as a table'
                      '</summary><dl class="wt-state"') == 1, "the setup's, closed: TI4 draws"
    assert html.count('class="wt-label wt-changes">') == 5, "each step says what it changed"
    assert html.count('<details class="wt-table"><summary class="wt-label wt-changes">') == 2, \
        "in a table when it changed something"
    assert "wt-stepper" not in html and "<button" not in html, \
        "the stepper's buttons only work with the script, which makes them"
    assert "<script" not in html, "instant navigation would re-run inline scripts"


def test_links_point_at_the_rule_pages_from_where_the_walkthrough_stands() -> None:
    html = walkthrough(SCENARIO, page="ti4/status-phase.md")
    assert 'href="../victory-points/#98.7"' in html
    assert 'href="#81.1"' in html, "a rule on the same page is a bare fragment"


def test_the_outcome_banner_names_the_step_the_winner_and_the_deciding_rule() -> None:
    html = walkthrough(SCENARIO)
    banner = re.search(r'<p class="wt-outcome[^"]*">(.*?)</p>', html)
    assert banner is not None
    assert "Game over at step 2: <strong>Blue</strong> wins, decided by" in banner[1]
    assert "#98.7" in banner[1]


def test_a_wrong_claim_shows_in_red_with_its_place() -> None:
    text = SCENARIO.read_text("utf-8").replace("winner: Blue", "winner: Red")
    html = walkthrough(SCENARIO, text)
    assert 'class="wt wt--failed"' in html and "wt-badge--failed" in html
    assert re.search(r"scenarios/ti4/victory-reach-goal-in-status-phase\.yaml:\d+:\d+</code> "
                     r"winner: stated Red, engine Blue", html)


def test_a_setup_claimed_as_refused_shows_the_refusal_and_the_claim() -> None:
    text = ("id: x\ntitle: Start on 10?\ngame: ti4\nsetup:\n  players: [Red, Blue, Green]\n"
            "  points: {Red: 10}\nexpect:\n  setup_rejected: ti4:98.7\n")
    html = walkthrough(SCENARIO, text)
    assert "wt-badge--verified" in html and "wt--failed" not in html
    refused = re.search(r'<p class="wt-refused"><strong>Refused</strong> by (.*?)</p>', html)
    assert refused is not None and "#98.7" in refused[1]
    assert "Red starts on 10 victory points" in refused[1]
    claims = re.search(r'<p class="wt-claims">Checked: (.*?)</p>', html)
    assert claims is not None and claims[1].startswith("the rules forbid this setup (")
    assert "wt-steps" not in html and "wt-outcome" not in html, "no game, so no step"


def test_a_step_lists_only_what_changed_and_the_rows_that_went() -> None:
    """The setup and the changes, read in order, give the state after each step; the script
    rebuilds the whole state from them (tests/test_site_browser.py checks it in Chromium)."""
    before = {"Round": "3, action phase", "Active player": "Red", "Speaker": "Blue"}
    after = {"Round": "3, status phase", "Speaker": "Blue", "Game over": "Red wins"}
    html = state_changes(after, before)
    rows = re.findall(r"<div><dt>([^<]+)</dt><dd>(.+?)</dd></div>", html)
    assert rows == [("Round", '3, <span class="wt-was">action phase \u2192 </span>status phase'),
                    ("Game over", "Red wins"), ("Active player", "none")], \
        "a value that changed says what it was; a row that came says what it is"
    assert 'data-order="Round\nSpeaker\nGame over"' in html, "rows came and went"
    assert "data-order" not in state_changes({**before, "Round": "4"}, before)
    assert "does not change" in state_changes(before, dict(before))


def test_characters_above_latin_1_are_written_as_references() -> None:
    """One such character would make Python keep a whole generated page (thousands of
    walkthroughs) at two bytes a character, and every copy and the UTF-8 encoding of it
    many times slower; references read the same in the browser."""
    text = (SCENARIO.read_text("utf-8")
            .replace("still score, and", "still score \u2014 and")
            .replace("Green's turn to score", "Green\u2019s turn to score"))
    html = walkthrough(SCENARIO, text)
    assert max(html) <= "\xff"
    assert "still score &#8212; and" in html, "the title"
    assert html.count("Green&#8217;s turn to score") == 2, "the narration and the YAML source"
    plain = walkthrough(SCENARIO)
    assert html.replace("&#8212;", "-").replace("&#8217;", "'") == plain.replace(
        "still score, and", "still score - and")


ONE_COMBAT = SCENARIO.parent / "objectives-single-ground-combat.yaml"


def _answer(html: str) -> str:
    found = re.search(r'<p class="wt-answer">(.*?)</p>', html)
    assert found is not None, "a walkthrough that ran says what it comes to"
    return re.sub(r"<[^>]+>", "", found[1])


def test_the_answer_names_the_winner_the_refused_steps_or_the_last_step() -> None:
    """What a scenario comes to, under its title, in a few words (the line a folded example
    shows): who wins and by which rule; else each refused step with its rule; else what the
    last step does; and a refused setup by its rule."""
    assert _answer(walkthrough(SCENARIO)) == "Game over at step 2: Blue wins (98.7)."
    text = ONE_COMBAT.read_text("utf-8")
    assert _answer(walkthrough(ONE_COMBAT, text)) == "Refused at step 4 (61.7)."
    three = text.split("  # One combat")[0] + "expect:\n  points: {Red: 5}\n"
    refused = SCENARIO.parent / "setup-refused-game-round.yaml"
    first = refused.read_text("utf-8").split("\n\n- id:")[0]
    assert _answer(walkthrough(refused, first)) == "The setup is refused (84.1)."
    assert _answer(walkthrough(ONE_COMBAT, three)) == \
        "At step 3: Red scores Spark a Rebellion."


def _sourced(text: str, source: str) -> str:
    """A scenario's text with `source` as its source, in place of any it has."""
    text = re.sub(r"^source:.*\n(?:  .*\n)*", "", text, flags=re.MULTILINE)
    return text.replace("\ngame: ti4\n", f"\ngame: ti4\n{source}", 1)


def _one_line(text: str) -> str:
    """The example as a rules page folds it: its head, and a link to the whole of it."""
    checked = ScenarioChecks(GAMES).check(Text(str(SCENARIO.relative_to(ROOT)), text))
    [example] = checked.examples
    return folded(str(example.html), Links(rule_map(), "ti4/victory-points.md"), example.id,
                  example.steps, "walkthroughs.html")


def test_the_walkthrough_and_its_one_line_say_where_the_ruling_comes_from() -> None:
    """The verdict's line ends with the source in the game's words; the one line a rules page
    folds the example to shows its kind in a word (`wt-from-kind`, the style sheet hides the
    label there, for a screen reader still reads it), the whole label as its tooltip."""
    text = _sourced(SCENARIO.read_text("utf-8"), 'source: {kind: rules, ref: "98.7"}\n')
    html = walkthrough(SCENARIO, text)
    said = ('<span class="wt-from" data-source="rules" title="Source: Living Rules Reference '
            '98.7"><span class="wt-from-label">Source: Living Rules Reference 98.7</span>'
            '<span class="wt-from-kind" aria-hidden="true">Rules</span></span>')
    assert said + "</p>" in html, "in the verdict's line, in the game's own words"
    assert said in _one_line(text), "the one line a rules page shows says it too"
    assert "wt-why" not in html


def test_this_sites_reading_shows_its_reasoning_in_the_walkthrough() -> None:
    text = _sourced(SCENARIO.read_text("utf-8"), 'source:\n  kind: reading\n  ref: "98.7"\n'
                    "  why: Blue's claim comes first & ends it.\n")
    html = walkthrough(SCENARIO, text)
    label = "Source: This site's reading of Living Rules Reference 98.7"
    assert (f'<span class="wt-from" data-source="reading" title="{label}. Blue\'s claim comes '
            f'first &amp; ends it."><span class="wt-from-label">{label}</span><span '
            'class="wt-from-kind" aria-hidden="true">Site\'s reading</span></span>') in html
    reason = ("<p class=\"wt-why\"><strong>This site's reading:</strong> Blue's claim comes "
              "first &amp; ends it.</p>")
    assert reason in html
    one_line = _one_line(text)
    assert label in one_line and "wt-why" not in one_line, "the one line keeps to the label"


def test_a_scenario_without_a_source_says_so() -> None:
    html = walkthrough(SCENARIO, _sourced(SCENARIO.read_text("utf-8"), ""))
    assert ('<span class="wt-from" data-source="none" title="Source not stated"><span '
            'class="wt-from-label">Source not stated</span>') in html
