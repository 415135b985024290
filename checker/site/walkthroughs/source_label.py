"""Where an example's ruling comes from, as its walkthrough shows it: in the verdict's line
(and so on the example's compact line too), and the reasoning behind it under the title."""

from __future__ import annotations

from checker.provenance import KIND_NAMES, NOT_STATED, READING, Provenance
from checker.site.pages.rulemap import escape

NONE = "none"
"""The `data-source` of an example that does not state its source."""
SOURCE_KINDS = {"rules": "", **KIND_NAMES, NONE: "Not stated"}
"""Each kind of source (`checker.provenance.KINDS`) as a scenario list's choice names it; the
rules by the name of the game's rules text ("Rulebook")."""


SHORT = {"rules": "Rules", "faq": "FAQ", "errata": "Errata", "designer": "Designer",
         "reading": "Site's reading", NONE: "No source"}
"""Each kind of source in a word or two, as an example's one line shows it beside its
verdict (the whole label is its tooltip there)."""


def source_html(stated: Provenance | None, rules_text: str) -> str:
    """The source in a player's words, its kind in `data-source` (which a scenario list
    filters by, `none` when it is not stated), and the kind in a word or two (`SHORT`),
    which a rules page's one line shows instead of the whole label, to stay one line."""
    kind = NONE if stated is None else stated.kind
    said = NOT_STATED if stated is None else f"Source: {stated.label(rules_text)}"
    tip = said if stated is None or not stated.why else f"{said}. {stated.why}"
    return (f' <span class="wt-from" data-source="{kind}" title="{escape(tip)}">'
            f'<span class="wt-from-label">{escape(said)}</span>'
            f'<span class="wt-from-kind" aria-hidden="true">{SHORT[kind]}</span></span>')


def why_html(stated: Provenance | None) -> str:
    """The reasoning behind the source, when it gives one: for this site's own reading, why
    it reads the rules so."""
    if stated is None or not stated.why:
        return ""
    said = "This site's reading" if stated.kind == READING else "About the source"
    return f'\n<p class="wt-why"><strong>{said}:</strong> {escape(stated.why)}</p>'
