"""`checker explain`: the walkthrough of one scenario as text, step by step."""

from __future__ import annotations

from checker.engine import Run
from checker.location import InternalError, inert
from checker.verdict import Verdict, show


def explain(verdict: Verdict) -> str:
    """The walkthrough as lines of text; user text in them is inert (see `inert`), so no
    name or value can start a line of its own."""
    return "".join(f"{inert(line)}\n" for line in _lines(verdict))


def _lines(verdict: Verdict) -> list[str]:
    run = verdict.run
    scenario = verdict.scenario
    lines = [f"{scenario.title}", f"  id: {scenario.id} ({scenario.game}) at {scenario.location}"]
    if scenario.about:
        lines.append(f"  about: {', '.join(scenario.about)}")
    if run is None:
        return [*lines, "", "Verdict: not run: " + _not_run(verdict),
                *(f"  {line}" for line in verdict.lines())]
    lines += ["", "Setup:"] + _state(run.ruleset.describe(run.initial))
    previous = run.ruleset.describe(run.initial)
    for record in run.records:
        step = record.step
        lines += ["", f"Step {step.index}: {step.kind} {show(step.args)}  ({step.location})"]
        if record.violation is not None:
            lines.append(f"  refused by {record.violation.rule}: {record.violation.message}")
            continue
        lines += [f"  [{event.rule}] {event.text}" for event in record.events]
        now = run.ruleset.describe(record.state)
        changed = [(k, v) for k, v in now.items() if previous.get(k) != v]
        if changed:
            lines.append("  State now:")
            lines += [f"    {k}: {v}" for k, v in changed]
        previous = now
    lines += ["", _outcome(run)]
    lines.append("Verdict: " + _verdict(verdict))
    return lines + [f"  {line}" for line in verdict.lines()]


def _state(rows: dict[str, str]) -> list[str]:
    return [f"  {key}: {value}" for key, value in rows.items()]


def _outcome(run: Run) -> str:
    if run.outcome is None:
        return "Outcome: the game goes on."
    winner = run.outcome.winner or "nobody (a draw)"
    return (f"Outcome: game over at step {run.ended_at_step}; {winner} wins "
            f"({run.outcome.rule}: {run.outcome.reason}).")


NOT_CHECKED = "Verdict: not checked: the scenario has errors (above); fix them and run again"
"""The verdict line when the file's errors leave no scenario to run."""


def _not_run(verdict: Verdict) -> str:
    if any(isinstance(p, InternalError) for p in verdict.problems):
        return "the checker failed on it (below); please report it"
    return "the setup breaks a rule (below)"


def _verdict(verdict: Verdict) -> str:
    if verdict.scenario.disputed:
        return "disputed, the engine disagrees as expected" if verdict.passed else \
            "disputed, but it no longer disagrees"
    return "every claim holds" if verdict.passed else "some claims do not hold"
