"""What a page needs to preview what it cites, without leaving the page or the site: the text
of every rule it links to and the definition of every glossary term it uses, written into the
page itself (the Markdown extension's `PreviewData` writes it; its `TermProcessor` marks the
glossary terms where the page uses them).

The texts go at the end of the page, in a hidden element, as attributes of one empty link per
rule or term (its `href` the rule's own link, as the page's other links to it). Attributes:
search indexes none of it, and a page opened from a plain folder of files (file://, where a
script may not fetch a file) still has its previews. Only what the page cites is written, so a
page weighs a few kilobytes more, not the whole rulebook. `reference.js` shows them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from checker.rule_text import label
from checker.site.pages.glossary import Term
from checker.site.pages.rulemap import RuleMap, escape
from checker.site.walkthroughs.placing import one_byte

if TYPE_CHECKING:
    from checker.site.render.rendering import Rendering

LONGEST = 600
"""Characters of a rule's text a preview shows; the rest is a click away."""
def in_order(where: RuleMap, rules: Iterable[str]) -> list[str]:
    """The rules of `rules` that some page defines (`where`), by page and line."""
    anchors = where.anchors
    return sorted((rule for rule in set(rules) if rule in anchors),
                  key=lambda rule: (anchors[rule].page, anchors[rule].location.line))


def preview_html(rendering: Rendering, page: str, rules: list[str],
                 terms: dict[str, Term]) -> str:
    """The hidden element holding the previews of `rules` and `terms`, on `page`."""
    links, index = rendering.site.rules, rendering.site.index
    items = []
    for rule in rules:
        item = index.items.get(rule)
        if item is None:
            continue
        said = rendering.previews.get(rule)
        if said is None:  # the same on every page that cites the rule
            said = rendering.previews[rule] = (
                f'data-number="{escape(number(rule))}" '
                f'data-title="{escape(links.titles.get(rule, ""))}" '
                f'data-section="{escape(index.page_titles.get(item.page, ""))}" '
                f'data-text="{escape(shortened(item.text))}"')
        items.append(f'<a data-rule-preview="{escape(rule)}" '
                     f'href="{escape(links.href(rule, page) or "")}" {said}></a>')
    for key, term in terms.items():
        items.append(f'<a data-term-preview="{escape(key)}" '
                     f'href="{escape(links.href(term.rule, page) or "")}" '
                     f'data-name="{escape(term.name)}" data-number="{escape(number(term.rule))}" '
                     f'data-text="{escape(term.definition)}"></a>')
    if not items:
        return ""
    body = "\n".join(items)
    return one_byte(f'<div class="checker-previews" hidden data-search-exclude>\n{body}\n</div>')


def number(rule: str) -> str:
    """A rule's number as pages show it: "61.6", "61 note 2"."""
    return label(rule.partition(":")[2])


def shortened(text: str) -> str:
    """At most `LONGEST` characters of a rule's text, cut after a word."""
    if len(text) <= LONGEST:
        return text
    return text[:LONGEST].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"
