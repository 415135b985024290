"""A rules page's table of contents, with each rule group in it: MkDocs lists a page's
headings, and most rules are paragraphs (`61.6 In each status phase ...`), so the table of
Victory Points had two entries for its eight rules. The MkDocs plugin adds each rule of the
first depth under its game's section (61.6, not 61.6a) that no heading holds, under the
heading it follows, titled with its number and short title."""

from __future__ import annotations

import re
from collections.abc import Callable

from mkdocs.structure.toc import AnchorLink, TableOfContents

from checker.rule_text import label

_GROUP = re.compile(r'<(?:p|li) class="rule rule--depth-1[^"]*" data-rule="([^"]+)" '
                    r'id="([^"]+)"')


def add_rule_groups(toc: TableOfContents, html: str, title: Callable[[str], str]) -> None:
    """Add to `toc` each rule group of the page whose `html` it is, in the page's order:
    under the last heading before it (the page's title for those before the first section),
    one level below it. `title` gives a rule's short title from its full id."""
    groups = list(_GROUP.finditer(html))
    if not groups:  # most pages but the rules pages, some of them long
        return
    found = [(html.find(f'id="{link.id}"'), link) for link in _flatten(toc.items)]
    headings = sorted(((place, link) for place, link in found if place >= 0),
                      key=lambda pair: pair[0])
    if not headings:
        return
    places = {link.id: place for place, link in headings}
    added = set()
    for group in groups:
        rule, anchor = group[1], group[2]
        if anchor in places:
            continue
        under = [link for place, link in headings if place < group.start()]
        parent = under[-1] if under else headings[0][1]
        number = label(rule.partition(":")[2])
        parent.children.append(AnchorLink(f"{number} {title(rule)}".strip(), anchor,
                                          parent.level + 1))
        places[anchor] = group.start()
        added.add(id(parent))
    for _, link in headings:  # the sections and rules under a heading in the page's order
        if id(link) in added:
            link.children.sort(key=lambda child: places.get(child.id, -1))


def _flatten(links: list[AnchorLink]) -> list[AnchorLink]:
    out = []
    for link in links:
        out.append(link)
        out += _flatten(link.children)
    return out
