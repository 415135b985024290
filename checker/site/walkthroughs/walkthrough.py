"""A checked scenario as HTML: every step listed in order, so the page reads well without
JavaScript; `walkthrough.js` adds the stepper's buttons and turns the list into a stepper.
When the game's ruleset draws the state (`Pictures`), the setup and each step that changed
what is drawn show it as inline SVG, drawn here at build time: no image file, no script.

The markup carries no inline script: under Material's instant navigation inline scripts
would run again as page code. Everything the stepper needs is in the elements themselves.

A walkthrough is drafted once per scenario text, independent of the page that shows it and
of where the text stands: rule links are tokens, and so is the list of failures (whose
locations depend on the file). `placing.place` turns a draft into the HTML of one page.
Drafts are what the site's result cache keeps, so a rebuild neither runs nor renders a
scenario again (nor imports this module).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from checker.changes import changed
from checker.engine import Run, StepRecord
from checker.provenance import RULEBOOK
from checker.scenario import Claims, Scenario
from checker.sentences import (
    ARROW,
    NO_SENTENCES,
    Words,
    claims_words,
    sentences_of,
    step_sentence,
)
from checker.site.pages.rulemap import escape
from checker.site.walkthroughs.placing import (
    FAILURES,
    SOURCE,
    LinkMaker,
    base36,
    one_byte,
    prefix,
    step_anchor,
    token,
)
from checker.site.walkthroughs.source_label import source_html, why_html
from checker.svg import FIXED, num
from checker.verdict import Verdict


def draft(scenario: Scenario, verdict: Verdict, notes: tuple[str, ...],
          rules_text: str = RULEBOOK) -> str:
    """The walkthrough of a checked scenario, with rule links, failures and the YAML source
    as tokens; `notes` is its `narration`, `rules_text` what its game calls its rules text
    (`GameInfo.rules_text`), for its source."""
    run = verdict.run
    failed = "" if verdict.passed else " wt--failed"
    head = _head(scenario, verdict.passed, token, answer(verdict, token), rules_text)
    parts = [f'<div class="wt{failed}" id="{escape(scenario.id)}" data-walkthrough tabindex="-1">',
             head + FAILURES + why_html(scenario.provenance)]
    if run is None and verdict.setup_refused is not None:
        parts.append(_refused_setup(verdict, token))
    if run is not None:
        initial = run.ruleset.describe(run.initial)
        drawn = Pictures(run, scenario.id).all()
        parts += [_setup(initial, drawn[0]), _steps(run, initial, notes, token, drawn[1:]),
                  _outcome(run, token),
                  _claims(run, scenario.expect, token, "Checked at the end")]
    parts += [SOURCE, "</div>"]
    return one_byte("\n".join(parts))


def narration(scenario: Scenario) -> tuple[str, ...]:
    """The author's explanation of each step: the YAML comment lines right above it ("" for
    a step without one)."""
    lines = scenario.source.text.split("\n")
    return tuple(_comment_above(lines, step.location.line) for step in scenario.steps)


def summary(scenario: Scenario, notes: tuple[str, ...]) -> str:
    """What search should find of a walkthrough, as escaped text: its title and its
    `narration`."""
    return escape(" ".join([scenario.title, *filter(None, notes)]))


def _comment_above(lines: list[str], line: int) -> str:
    """The YAML comment lines right above a line (1-based)."""
    said: list[str] = []
    index = line - 2
    while index >= 0 and lines[index].lstrip().startswith("#"):
        said.insert(0, lines[index].lstrip()[1:].strip())
        index -= 1
    return " ".join(said)


def _head(scenario: Scenario, passed: bool, links: LinkMaker, said: str,
          rules_text: str) -> str:
    if not passed:
        badge = '<span class="wt-badge wt-badge--failed">Does not hold</span>'
    elif scenario.disputed:
        badge = ('<span class="wt-badge wt-badge--disputed" title="The engine disagrees with '
                 'this example, as its status says">Disputed</span>')
    else:
        badge = ('<span class="wt-badge wt-badge--verified" title="Every claim was checked by '
                 'the rules engine when this site was built">&#10003; Verified</span>')
    about = ", ".join(links(rule) for rule in scenario.about)
    rules = f' <span class="wt-about">Illustrates {about}</span>' if about else ""
    return (f'<p class="wt-title"><a class="wt-link" href="#{escape(scenario.id)}">'
            f'{escape(scenario.title)}</a></p>{said}\n<p class="wt-meta">{badge}{rules}'
            f'{source_html(scenario.provenance, rules_text)}</p>')


def answer(verdict: Verdict, links: LinkMaker) -> str:
    """What the scenario comes to, in a few words: its setup refused, who wins, the steps
    refused, or else what its last step does (nothing for a scenario that did not run or has
    no step)."""
    run = verdict.run
    if run is None:
        setup = verdict.setup_refused
        if setup is None:
            return ""
        return f'\n<p class="wt-answer">The setup is refused ({links(setup.rule)}).</p>'
    if run.outcome is not None:
        winner = f"{escape(run.outcome.winner)} wins" if run.outcome.winner else "a draw"
        when = "at setup" if run.ended_at_step == 0 else f"at step {run.ended_at_step}"
        said = f"Game over {when}: {winner} ({links(run.outcome.rule)})."
    elif refused := [r for r in run.records if r.violation is not None]:
        said = "Refused " + _and([f"at step {r.step.index} ({links(r.violation.rule)})"
                                  for r in refused if r.violation is not None]) + "."
    elif run.records:
        last = run.records[-1].step
        said = f"At step {last.index}: " + escape(step_sentence(sentences_of(run.ruleset),
                                                                last.kind, last.args))
    else:
        return ""
    return f'\n<p class="wt-answer">{said}</p>'


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def table(picture: str) -> str:
    """Where the state table of the setup or a step starts: beside a picture it is the
    picture's text alternative, a click away (closed); without one, it is what shows."""
    return '<details class="wt-table">' if picture else '<details class="wt-table" open>'


def _setup(initial: Mapping[str, str], picture: str) -> str:
    return (f'<div class="wt-setup"><p class="wt-label">Setup</p>{picture}{table(picture)}'
            f'<summary class="wt-label">The state as a table</summary>{_state(initial)}'
            '</details></div>')


class Pictures:
    """A walkthrough's pictures of the game, drawn at build time when its ruleset has the
    optional method `picture(state, previous=None)`: an inline `<svg>` of `state`, what changed
    since `previous` marked (elements of class `chg`, and a last sentence of its `<title>`
    starting "Changed by this step:"), or "" when there is nothing new to draw.

    A part that pictures draw alike (`checker.svg.fixed`: the board, a card, a token, a line
    of a table) is written once: the first picture holding it gives it a short id, and later
    ones show it by `<use>`, moved by `x` and `y` where it stands elsewhere; a part holding
    parts that changed is written again, showing those that did not by `<use>`. So a step
    writes little more than what it changed. The stepper hides steps, not the setup, and a
    `<use>` draws what it points to even when that is hidden, so every picture still shows
    whole whichever step is on screen.

    The ids start with the same few letters and digits, taken from the scenario's id, so that
    walkthroughs on one page do not share them (`prefix`)."""

    def __init__(self, run: Run, scenario_id: str) -> None:
        self._run = run
        self._draw = getattr(run.ruleset, "picture", None)
        self._prefix = prefix(scenario_id)
        self._ids: dict[str, tuple[str, float, float]] = {}

    def all(self) -> list[str]:
        """The setup's picture, then each step's ("" for a refused step, which leaves the
        very same state)."""
        run, state = self._run, self._run.initial
        drawn = [self.draw(state)]
        for record in run.records:
            drawn.append("" if record.state is state else self.draw(record.state, state))
            state = record.state
        return self._tidy(drawn)

    def _tidy(self, drawn: list[str]) -> list[str]:
        """The pictures with an id only on the parts a `<use>` shows, numbered from 0 in the
        order they are written, so shorter; a part no `<use>` shows and that stands where it
        was drawn is no group at all."""
        shown = set(_SHOWN.findall("".join(drawn)))
        names: dict[str, str] = {}
        for name in _NAMED.findall("".join(drawn)):
            if name in shown:
                names[name] = f"{self._prefix}{base36(len(names))}"

        def tidy(picture: str) -> str:
            out: list[str] = []
            dropped: list[bool] = []
            at = 0
            for found in _GROUP.finditer(picture):
                part = _NAMED_PART.match(found[0])
                if found[1]:
                    if dropped.pop():
                        out += [picture[at:found.start()]]
                        at = found.end()
                    continue
                if found[2]:
                    continue
                keep = part is None or part["id"] in names or part["moved"]
                dropped.append(not keep)
                if part is not None:
                    opening = (f'<g id="{names[part["id"]]}"' if part["id"] in names
                               else "<g") + (part["moved"] or "") + ">"
                    out += [picture[at:found.start()], opening if keep else ""]
                    at = found.end()
            out.append(picture[at:])
            return _SHOWN.sub(lambda m: f'xlink:href="#{names[m[1]]}"', "".join(out))
        return [tidy(picture) for picture in drawn]

    def draw(self, state: Any, previous: Any = None) -> str:
        drawn = self._draw(state, previous) if self._draw is not None else ""
        return f'<div class="wt-picture">{self._share(drawn)}</div>' if drawn else ""

    def _share(self, svg: str) -> str:
        """The picture as served: its parts shared, and in HTML's own way (an `<svg>` in a
        page needs no namespace, and the HTML parser reads `xlink:href` without one). Not
        SVG 2's shorter `href`: Material's instant navigation rewrites every `href` of a new
        page, and a `<use>`'s is read-only, which leaves the page blank."""
        return self._parts(svg).replace(_ROOT, "<svg", 1)

    def _parts(self, svg: str, at: int = 0, stop: int | None = None,
               ends: dict[int, int] | None = None) -> str:
        """The picture's text from `at` to `stop`, each `fixed` part in it drawn once and
        shown again by a `<use>` (`ends`: where each of its groups ends)."""
        stop = len(svg) if stop is None else stop
        ends = _group_ends(svg) if ends is None else ends
        out = []
        while (found := _PART.search(svg, at, stop)) is not None:
            end = ends[found.start()]
            body = svg[found.end():end - len("</g>")]
            x, y = float(found["x"] or 0), float(found["y"] or 0)
            known = self._ids.get(body)
            if known is None:
                name = f"{self._prefix}{base36(len(self._ids))}"
                self._ids[body] = (name, x, y)
                moved = found["moved"] or ""
                inner = self._parts(svg, found.end(), end - len("</g>"), ends)
                part = f'<g id="{name}"{moved}>{inner}</g>'
            else:
                name, x0, y0 = known
                part = (f'<use xlink:href="#{name}"{_offset("x", x - x0)}'
                        f'{_offset("y", y - y0)}/>')
            out += [svg[at:found.start()], part]
            at = end
        return "".join(out) + svg[at:stop]


def _offset(axis: str, by: float) -> str:
    return f' {axis}="{num(by)}"' if round(by, 1) else ""


_PART = re.compile(FIXED + r'(?P<moved> transform="translate\((?P<x>[-.\d]+) (?P<y>[-.\d]+)\)")?>')
"""A `fixed` part's opening tag, and where it is moved to."""
_ROOT = '<svg xmlns="http://www.w3.org/2000/svg"'
_NAMED = re.compile(r'<g id="([^"]+)"')
_NAMED_PART = re.compile(r'<g id="(?P<id>[^"]+)"(?P<moved> transform="[^"]*")?>')
_SHOWN = re.compile(r'xlink:href="#([^"]+)"')


_GROUP = re.compile(r"<(/?)g\b[^>]*?(/?)>")
"""A `<g>` tag: opening, closing (group 1) or empty (group 2). Attribute values hold no `>`
(`checker.svg.escape`)."""


def _group_ends(svg: str) -> dict[int, int]:
    """Where each `<g>` element of a picture ends (after its `</g>`), by where it starts: one
    pass over the picture, however deep its parts nest."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for found in _GROUP.finditer(svg):
        if found[1]:
            if not opened:
                raise ValueError("a picture with a </g> that closes nothing")
            ends[opened.pop()] = found.end()
        elif not found[2]:
            opened.append(found.start())
    if opened:
        raise ValueError("a picture with an unclosed <g>")
    return ends


def _steps(run: Run, initial: Mapping[str, str], notes: tuple[str, ...],
           links: LinkMaker, pictures: list[str]) -> str:
    previous, state = initial, run.initial
    items = []
    for record, picture in zip(run.records, pictures, strict=True):
        # A refused step leaves the very same state: no need to describe it again.
        now = previous if record.state is state else run.ruleset.describe(record.state)
        items.append(_step(run, record, notes[record.step.index - 1], links, now, previous,
                           picture))
        previous, state = now, record.state
    return f'<ol class="wt-steps">\n{"".join(items)}</ol>'


def _step(run: Run, record: StepRecord, note: str, links: LinkMaker, now: Mapping[str, str],
          previous: Mapping[str, str], picture: str) -> str:
    step = record.step
    anchor = step_anchor(run.scenario.id, step.index)
    said = step_sentence(sentences_of(run.ruleset), step.kind, step.args)
    head = (f'<p class="wt-step-title"><a href="#{escape(anchor)}">Step {step.index}</a>: '
            f'<span class="wt-said">{escape(said)}</span></p>')
    if record.violation is not None:
        body = (f'<p class="wt-refused"><strong>Refused</strong> by '
                f'{links(record.violation.rule)}: {escape(record.violation.message)}</p>')
    else:
        events = "".join(f"<li>{escape(event.text)} ({links(event.rule)})</li>"
                         for event in record.events)
        body = f'<ul class="wt-events">{events}</ul>' if events else \
            '<p class="wt-events">Nothing changes.</p>'
    told = f'<p class="wt-note">{escape(note)}</p>' if note else ""
    return (f'<li class="wt-step" id="{escape(anchor)}" data-step="{step.index}">\n'
            f'{head}{told}{body}{_claims(run, step.expect, links)}{picture}'
            f'{state_changes(now, previous, table(picture))}</li>\n')


def _refused_setup(verdict: Verdict, links: LinkMaker) -> str:
    """A setup the rules forbid: no game starts, so the walkthrough is the refusal and the
    claims about it."""
    refused = verdict.setup_refused
    assert refused is not None
    claims = verdict.scenario.expect
    said = _words(claims_words(NO_SENTENCES, claims.values), links) if claims else ""
    checked = f'<p class="wt-claims">Checked: {said}</p>' if said else ""
    return (f'<div class="wt-setup"><p class="wt-label">Setup</p><p class="wt-refused">'
            f'<strong>Refused</strong> by {links(refused.rule)}: {escape(refused.message)}'
            f'</p>{checked}</div>')


def _claims(run: Run, claims: Claims | None, links: LinkMaker, label: str = "Checked") -> str:
    """What the scenario claims, in words: a step's claims, or the claims at the end."""
    if claims is None:
        return ""
    said = _words(claims_words(sentences_of(run.ruleset), claims.values), links)
    return f'<p class="wt-claims">{label}: {said}</p>' if said else ""


def _words(words: Words, links: LinkMaker) -> str:
    return "".join(escape(part) if isinstance(part, str) else links(part.id) for part in words)


def state_changes(rows: Mapping[str, str], previous: Mapping[str, str],
                  table: str = '<details class="wt-table" open>') -> str:
    """What a step changed: the rows whose value changed, each showing what changed in it
    (`Red 8 → 9`, the old part in a `wt-was` span), and a row gone shown as "none". The setup
    and the changes, read in order, give the state after every step (leaving the `wt-was`
    parts out); the script rebuilds that whole state for the step it shows and marks the rows
    that changed. When rows come or go, `data-order` gives the order of the rows after it.
    The changes are in a `table`, a `<details>` element open or not, its summary their
    label."""
    changes = {key: _changed(previous[key], value) if key in previous else escape(value)
               for key, value in rows.items() if previous.get(key) != value}
    changes.update({key: "none" for key in previous if key not in rows})
    if not changes:
        return '<p class="wt-label wt-changes">The state does not change.</p>'
    order = "" if list(rows) == list(previous) else \
        f' data-order="{escape(chr(10).join(rows))}"'
    return (f'{table}<summary class="wt-label wt-changes">Changes to the state</summary>'
            f'<dl class="wt-state"{order}>{_rows(changes)}</dl></details>')


def _changed(before: str, after: str) -> str:
    return "".join(escape(piece) if isinstance(piece, str) else
                   f'<span class="wt-was">{escape(piece.before)} {ARROW} </span>'
                   f'{escape(piece.now)}' for piece in changed(before, after))


def _state(rows: Mapping[str, str]) -> str:
    return f'<dl class="wt-state">{_rows({key: escape(value) for key, value in rows.items()})}</dl>'


def _rows(rows: Mapping[str, str]) -> str:
    """Rows whose values are HTML already."""
    return "".join(f"<div><dt>{escape(key)}</dt><dd>{value}</dd></div>\n"
                   for key, value in rows.items())


def _outcome(run: Run, links: LinkMaker) -> str:
    if run.outcome is None:
        return '<p class="wt-outcome wt-outcome--open">After the last step the game goes on.</p>'
    winner = (f"<strong>{escape(run.outcome.winner)}</strong> wins" if run.outcome.winner
              else "<strong>a draw</strong>")
    when = "at setup" if run.ended_at_step == 0 else f"at step {run.ended_at_step}"
    return (f'<p class="wt-outcome wt-outcome--over">Game over {when}: {winner}, decided by '
            f'{links(run.outcome.rule)}: {escape(run.outcome.reason)}.</p>')


