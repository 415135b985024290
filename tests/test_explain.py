"""`explain`: the walkthrough as text, also when the setup itself breaks a rule."""

from __future__ import annotations

from checker.explain import explain


def test_explain_when_the_setup_breaks_a_rule(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 10}\n")
    assert explain(verdict(text)) == (
        "X\n"
        "  id: x (ti4) at s.yaml:1:1\n"
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


def test_explain_names_the_winner_and_the_rule(verdict, minimal) -> None:
    text = minimal.replace("  phase: status\n", "  phase: status\n  points: {Red: 9}\n").replace(
        "{Red: 1}", "{Red: 10}")
    out = explain(verdict(text)).splitlines()
    assert "  [ti4:98.7] Red reached 10 victory points: the game ends at once and Red wins." in out
    assert out[-2:] == [
        "Outcome: game over at step 1; Red wins (ti4:98.7: Red reached 10 victory points).",
        "Verdict: every claim holds",
    ]
