"""`checker explain`: the walkthrough of one scenario as text, step by step, in the same
sentences as the site's walkthroughs (`checker.sentences`, `checker.changes`)."""

from __future__ import annotations

from checker.changes import changed, plain
from checker.engine import Run
from checker.expectations import SETUP_REJECTED
from checker.location import InternalError, inert
from checker.provenance import RULEBOOK, Provenance
from checker.scenario import Claims
from checker.sentences import NO_SENTENCES, claims_words, sentences_of, step_sentence
from checker.sentences import plain as plain_words
from checker.verdict import Verdict


def explain(verdict: Verdict, rules_text: str = RULEBOOK) -> str:
    """The walkthrough as lines of text; user text in them is inert (see `inert`), so no
    name or value can start a line of its own. `rules_text` is what the game calls its rules
    text, for the scenario's source."""
    return "".join(f"{inert(line)}\n" for line in _lines(verdict, rules_text))


def _lines(verdict: Verdict, rules_text: str) -> list[str]:
    run = verdict.run
    scenario = verdict.scenario
    lines = [f"{scenario.title}", f"  id: {scenario.id} ({scenario.game}) at {scenario.location}"]
    if scenario.about:
        lines.append(f"  about: {', '.join(scenario.about)}")
    lines += _source(scenario.provenance, rules_text)
    refused = verdict.setup_refused
    if run is None and refused is not None and scenario.expect is not None \
            and SETUP_REJECTED in scenario.expect.values:
        said = plain_words(claims_words(NO_SENTENCES, scenario.expect.values))
        return [*lines, "", f"Setup: refused by {refused.rule}: {refused.message}",
                f"Checked at the end: {said}", "Verdict: " + _verdict(verdict),
                *(f"  {line}" for line in verdict.lines())]
    if run is None:
        return [*lines, "", "Verdict: not run: " + _not_run(verdict),
                *(f"  {line}" for line in verdict.lines())]
    lines += ["", "Setup:"] + _state(run.ruleset.describe(run.initial))
    previous = run.ruleset.describe(run.initial)
    sentences = sentences_of(run.ruleset)
    for record in run.records:
        step = record.step
        said = step_sentence(sentences, step.kind, step.args)
        lines += ["", f"Step {step.index}: {said}  ({step.location})"]
        if record.violation is not None:
            lines.append(f"  refused by {record.violation.rule}: {record.violation.message}")
            lines += _claims(run, step.expect, "  Checked")
            continue
        lines += [f"  [{event.rule}] {event.text}" for event in record.events]
        lines += _claims(run, step.expect, "  Checked")
        now = run.ruleset.describe(record.state)
        changes = [f"    {key}: {_change(previous.get(key), value)}" for key, value in now.items()
                   if previous.get(key) != value]
        changes += [f"    {key}: none" for key in previous if key not in now]
        if changes:
            lines += ["  Changes to the state:", *changes]
        previous = now
    lines += ["", _outcome(run), *_claims(run, verdict.scenario.expect, "Checked at the end")]
    lines.append("Verdict: " + _verdict(verdict))
    return lines + [f"  {line}" for line in verdict.lines()]


def _source(stated: Provenance | None, rules_text: str) -> list[str]:
    if stated is None:
        return ["  source: not stated"]
    why = [f"  why: {stated.why}"] if stated.why else []
    return [f"  source: {stated.label(rules_text)}", *why]


def _claims(run: Run, claims: Claims | None, label: str) -> list[str]:
    if claims is None:
        return []
    said = plain_words(claims_words(sentences_of(run.ruleset), claims.values))
    return [f"{label}: {said}"] if said else []


def _change(before: str | None, after: str) -> str:
    return after if before is None else plain(changed(before, after))


def _state(rows: dict[str, str]) -> list[str]:
    return [f"  {key}: {value}" for key, value in rows.items()]


def _outcome(run: Run) -> str:
    if run.outcome is None:
        return "Outcome: the game goes on."
    winner = run.outcome.winner or "nobody (a draw)"
    when = "at setup" if run.ended_at_step == 0 else f"at step {run.ended_at_step}"
    return (f"Outcome: game over {when}; {winner} wins "
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
