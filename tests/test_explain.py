"""`explain`: the walkthrough as text, also when the setup itself breaks a rule."""

from __future__ import annotations

import re
from pathlib import Path

from checker.explain import explain

ROOT = Path(__file__).resolve().parent.parent


def test_explain_when_the_setup_breaks_a_rule(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 10}\n")
    assert explain(verdict(text)) == (
        "X\n"
        "  id: x (ti4) at s.yaml:1:1\n"
        "  source: not stated\n"
        "\n"
        "Verdict: not run: the setup breaks a rule (below)\n"
        "  s.yaml:5:3: the setup breaks ti4:98.7: Red starts on 10 victory points: the game "
        "would already be over\n")


def test_explain_a_disputed_scenario(verdict, minimal) -> None:
    text = minimal.replace("game: ti4\n", "game: ti4\nabout: [ti4:61.12]\nstatus: disputed\n")
    out = explain(verdict(text.replace("{Red: 1}", "{Red: 2}"))).splitlines()
    assert out[2] == "  about: ti4:61.12"
    assert out[-1] == "Verdict: disputed, the engine disagrees as expected"
    out = explain(verdict(text)).splitlines()
    assert out[-2:] == [
        "Verdict: disputed, but it no longer disagrees",
        ("  s.yaml:1:1: scenario 'x' is marked disputed but the engine now agrees with every "
        "claim: mark it verified"),
    ]


def test_explain_says_where_the_ruling_comes_from(verdict, minimal) -> None:
    rules = minimal.replace("game: ti4\n", 'game: ti4\nsource: {kind: rules, ref: "61.12"}\n')
    assert explain(verdict(rules), "Living Rules Reference").splitlines()[2] == (
        "  source: Living Rules Reference 61.12")
    reading = minimal.replace("game: ti4\n", "game: ti4\nsource:\n  kind: reading\n"
                              '  ref: "61.12"\n  why: The card is met at once.\n')
    assert explain(verdict(reading)).splitlines()[2:4] == [
        "  source: This site's reading of Rulebook 61.12", "  why: The card is met at once."]


def test_explain_names_the_winner_and_the_rule(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 9}\n").replace(
        "{Red: 1}", "{Red: 10}")
    out = explain(verdict(text)).splitlines()
    assert "  [ti4:98.7] Red reached 10 victory points: the game ends at once and Red wins." in out
    assert out[-3:] == [
        "Outcome: game over at step 1; Red wins (ti4:98.7: Red reached 10 victory points).",
        "Checked at the end: Red has 10 victory points.",
        "Verdict: every claim holds",
    ]


def test_explain_says_each_step_and_claim_in_words(verdict, minimal) -> None:
    """The same sentences as the site's walkthroughs (checker.sentences): the step as a player
    says it, its claims in words with rule ids, what changed as `8 → 9`."""
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 8}\n").replace(
        "  - score: {player: Red, objective: Expand Borders}\n",
        "  - score: {player: Red, objective: Expand Borders}\n"
        "    expect: {points: {Red: 9, Blue: 0}, cites: [ti4:61.12]}\n"
        "  - score: {player: Red, objective: Expand Borders}\n"
        "    expect: {rejected: ti4:61.8}\n").replace("{Red: 1}", "{Red: 9}")
    out = explain(verdict(text)).splitlines()
    first = out.index("Step 1: Red scores Expand Borders.  (s.yaml:11:5)")
    assert out[first + 1:first + 7] == [
        "  [ti4:61.12] Red places a control token on Expand Borders.",
        "  [ti4:61.12] Red gains 1 victory point from Expand Borders: 8 \u2192 9.",
        "  Checked: Red has 9 victory points and Blue 0; the engine cites ti4:61.12.",
        "  Changes to the state:",
        "    Victory points: Red 8 \u2192 9, Blue 0, Green 0 (goal 10)",
        "    Scored: nothing \u2192 Red: Expand Borders",
    ]
    second = out.index("Step 2: Red scores Expand Borders.  (s.yaml:13:5)")
    assert out[second + 2] == "  Checked: the rules forbid this step (ti4:61.8)."
    assert out[-2:] == ["Checked at the end: Red has 9 victory points.",
                        "Verdict: every claim holds"]


def _sample_holds(sample: str, output: str) -> list[str]:
    """The lines of a sample of `checker explain` that the output does not have, in order;
    `...` stands for lines or text left out."""
    lines = iter(output.splitlines())
    missing = []
    for line in sample.splitlines():
        if line.strip() == "..." or line.startswith("$ "):
            continue
        wanted = re.compile(".*".join(map(re.escape, line.split("..."))) + "$")
        if not any(wanted.match(out) for out in lines):
            missing.append(line)
            lines = iter(output.splitlines())
    return missing


def test_the_guides_samples_of_explain_are_what_it_prints(verdict) -> None:
    """The samples in docs/guide/checking-a-question.md and the README, line by line."""
    guide = (ROOT / "docs" / "guide" / "checking-a-question.md").read_text("utf-8")
    question = re.search(r"```yaml\n(id: question-.*?)```", guide, re.DOTALL)
    samples = re.findall(r"```text\n(.*?)```", guide, re.DOTALL)
    assert question and len(samples) >= 2
    assert _sample_holds(samples[0], explain(verdict(question[1], "question.yaml"))) == []
    tie = ROOT / "scenarios" / "ti4" / "victory-objectives-run-out-tie.yaml"
    tie_text = tie.read_text("utf-8")
    assert _sample_holds(samples[1], explain(verdict(tie_text, str(tie.relative_to(ROOT))))) == []
    readme = (ROOT / "README.md").read_text("utf-8")
    sample = re.search(r"```text\n(\$ checker explain (\S+)\n.*?)```", readme, re.DOTALL)
    assert sample is not None
    path = ROOT / sample[2]
    shown = explain(verdict(path.read_text("utf-8"), sample[2]))
    assert _sample_holds(sample[1].replace("(...:", "(...yaml:"), shown) == []


def test_explain_a_setup_claimed_as_refused(verdict) -> None:
    text = ("id: x\ntitle: X\ngame: ti4\nsetup:\n  players: [Red, Blue, Green]\n"
            "  points: {Red: 10}\nexpect:\n  setup_rejected: ti4:98.7\n")
    assert explain(verdict(text)) == (
        "X\n"
        "  id: x (ti4) at s.yaml:1:1\n"
        "  source: not stated\n"
        "\n"
        "Setup: refused by ti4:98.7: Red starts on 10 victory points: the game would already "
        "be over\n"
        "Checked at the end: the rules forbid this setup (ti4:98.7).\n"
        "Verdict: every claim holds\n")
