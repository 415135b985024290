"""A small site whose rules are cited in every way the site counts: by examples that
illustrate them (`about:`), by the engine deciding their steps, by a disputed example (which
counts for nothing), and by references in the pages. The "cited by" lists, the coverage page
and rules.json of this site are known exactly."""

from __future__ import annotations

from pathlib import Path

from sites import GOOD, GOOD_YAML, make_site

SECOND_YAML = GOOD_YAML.replace("ti4-page-example", "ti4-second").replace(
    "about: [ti4:61.12]", 'about: [ti4:61.12, ti4:61.6]\nsource: {kind: rules, ref: "61.8"}'
).replace(
    "  - score: {player: Red, objective: Expand Borders}\n",
    "  - score: {player: Red, objective: Expand Borders}\n"
    "  - score: {player: Red, objective: Expand Borders}\n"
    "    expect: {rejected: ti4:61.8}\n")
"""Verified: illustrates 61.12 and 61.6; the engine cites 61.12 (step 1) and 61.8 (step 2).
Its source is the rules text, 61.8."""

DISPUTED_YAML = GOOD_YAML.replace("ti4-page-example", "ti4-disputed").replace(
    "about: [ti4:61.12]", "about: [ti4:61.5]\nstatus: disputed\nsource: {kind: reading, "
    'ref: "61.5", why: "The card is met when it is scored."}').replace(
    "points: {Red: 1}", "points: {Red: 2}")
"""Disputed: illustrates 61.5 and the engine cites 61.12, but it is not verified. Its source is
this site's reading of 61.5."""

PAGE = "# A\n\nThe limit is [[ti4:61.6]].\n\n" + GOOD
"""ti4/a.md: a reference to 61.6 outside any rule item, and the verified example
`ti4-page-example` (illustrates 61.12; the engine cites it at step 1)."""

COVERAGE_PAGE = "# Coverage\n\n[[coverage:ti4]]\n"


def cited_site(root: Path, **options: object) -> Path:
    """The site, with its coverage page `ti4/coverage.md`; its mkdocs.yml."""
    return make_site(root, {"ti4/a.md": PAGE, "ti4/coverage.md": COVERAGE_PAGE},
                     {"ti4/second.yaml": SECOND_YAML, "ti4/disputed.yaml": DISPUTED_YAML},
                     **options)  # type: ignore[arg-type]
