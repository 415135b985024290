"""Where an example's ruling comes from, as its walkthrough shows it: in the verdict's line
(and so on the example's compact line too), and the reasoning behind it under the title."""

from __future__ import annotations

from checker.provenance import NOT_STATED, READING, Provenance
from checker.site.pages.rulemap import escape

NONE = "none"
"""The `data-source` of an example that does not state its source."""
SOURCE_KINDS = {
    "rules": "",
    "faq": "Official FAQ",
    "errata": "Official errata",
    "designer": "Designer's ruling",
    "reading": "This site's reading",
    NONE: "Not stated",
}
"""Each kind of source (`checker.provenance.KINDS`) as a scenario list's choice names it; the
rules by the name of the game's rules text ("Rulebook")."""


def source_html(stated: Provenance | None, rules_text: str) -> str:
    """The source in a player's words, its kind in `data-source` (which a scenario list
    filters by, `none` when it is not stated); the reasoning, when given, as its tooltip."""
    if stated is None:
        return f' <span class="wt-from" data-source="{NONE}">{NOT_STATED}</span>'
    why = f' title="{escape(stated.why)}"' if stated.why else ""
    return (f' <span class="wt-from" data-source="{stated.kind}"{why}>Source: '
            f'{escape(stated.label(rules_text))}</span>')


def why_html(stated: Provenance | None) -> str:
    """The reasoning behind the source, when it gives one: for this site's own reading, why
    it reads the rules so."""
    if stated is None or not stated.why:
        return ""
    said = "This site's reading" if stated.kind == READING else "About the source"
    return f'\n<p class="wt-why"><strong>{said}:</strong> {escape(stated.why)}</p>'
