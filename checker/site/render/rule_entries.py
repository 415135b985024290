"""Each rule item as an entry of its own: in the site search, and with what cites it.

Site search (Material for MkDocs' and Zensical's) splits a page into entries at headings
that have an id: each entry is a heading, the text up to the next heading, and the heading's
id as the place a result opens. A rule item is a paragraph or a list item, so it would only
be found inside its section, and a result would open the page at the section's heading. So
each one gets a heading of its own that only the search indexers read, inside an element
that holds the rule item alone:

    <div class="rule-entry">
      <h6 class="rule-search" id="ti4:61.6" aria-hidden="true">TI4 61.6 At most one ...</h6>
      <p class="rule" id="61.6" data-rule="ti4:61.6">61.6 In each status phase ...
        <a class="rule-uses" href="walkthroughs.html#uses-ti4:61.6">Cited by 4</a></p>
    </div>

The heading's text (the game, the number and the rule's title) is the entry's title, which
search ranks far above text: a number, `ti4:61.6`, or a term the title names finds the rule
first. Its id is the full rule id, the place a search result opens; it is laid out at the
top of the rule item (`reference.css`), so the page opens at the rule, which is highlighted as
the target. It is hidden from screen readers, which read the rule item itself. An indexer
ends an entry where the element holding its heading ends: examples after the rule stay in
their section's entry. A list item holds its heading itself; a rule that is a heading is an
entry already.

What cites the rule (`cited_by`) is left out of search: on a rules page a link that ends the
rule item and opens the list, kept in the file beside the page, in place (`rule-entries.js`);
elsewhere a disclosure after the rule item (inside it for a list item).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterator

from checker.rule_pages import derived_title
from checker.rule_text import label
from checker.site.gathered.cited_by import Made, RuleUses, cited_by_html
from checker.site.pages.rule_index import RuleIndex
from checker.site.pages.rulemap import RuleMap, escape
from checker.site.walkthroughs.placing import one_byte

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
def game_label(game: str) -> str:
    """A game's id as players write it: "TI4", "Arcs"."""
    return game.upper() if any(c.isdigit() for c in game) else game.capitalize()


def rule_title(rule: str, rules: RuleMap, index: RuleIndex) -> str:
    """A rule's short title: its page's (`rule_pages`), else the first words of its text."""
    title = rules.titles.get(rule)
    if title is None:
        item = index.items.get(rule)
        title = derived_title(item.text) if item is not None else ""
    return title


def search_title(rule: str, rules: RuleMap, index: RuleIndex) -> str:
    """The title of a rule's search entry: its game, number and title, e.g. "TI4 61.6 At most
    one public and one secret objective each status phase"."""
    game, _, ref = rule.partition(":")
    return f"{game_label(game)} {label(ref)} {rule_title(rule, rules, index)}".strip()


def search_heading(rule: str, title: str) -> str:
    return (f'<h6 class="rule-search" id="{escape(rule)}" aria-hidden="true">'
            f"{one_byte(escape(title))}</h6>")


def make_entries(root: etree.Element, page: str, rules: RuleMap, index: RuleIndex,
                 uses: RuleUses, stash: Callable[[str], str],
                 defer: Callable[[str], str] = str, made: Made | None = None,
                 aside: Callable[[str], str] = str) -> None:
    """Give each rule item of a rendered page (marked `data-rule`) its search heading and its
    disclosure, as `aside` shows it on the page (`Rendering.cited_aside`: on a rules page, a
    link that ends the rule item; else a disclosure after it). The HTML goes through `stash`
    (Markdown's own), which no later processor reads as Markdown or as headings, and a
    disclosure first through `defer` (`Rendering.defer`: under MkDocs it goes into the
    written page last, as walkthroughs do, so that search and the theme do not parse its
    links)."""
    for parent, position, item in list(_rule_items(root)):
        rule = item.get("data-rule", "")
        cited = cited_by_html(uses, rule, rules, page, made)
        inline = False
        if cited:
            cited = aside(cited)
            inline = cited.startswith("<a ")
            cited = defer(cited)
        if item.tag in _HEADINGS:
            if cited:
                shown = f'<p class="rule-uses-line">{cited}</p>' if inline else cited
                item.tail = stash(shown) + (item.tail or "")
            continue
        heading = stash(search_heading(rule, search_title(rule, rules, index)))
        if inline:
            _append_text(item, stash(cited))  # no space: search would index it
            cited = ""
        if item.tag == "li":
            item.text = heading + (item.text or "")
            if cited:
                _append_text(item, stash(cited))
            continue
        entry = etree.Element("div", {"class": "rule-entry"})
        entry.text = heading
        entry.tail, item.tail = item.tail, stash(cited) if cited else None
        parent.remove(item)
        parent.insert(position, entry)
        entry.append(item)


def _rule_items(root: etree.Element) -> Iterator[tuple[etree.Element, int, etree.Element]]:
    """(parent, index in it, item) of every rule item, parents before their children."""
    for parent in root.iter():
        for position, child in enumerate(parent):
            if child.get("data-rule") is not None:
                yield parent, position, child


def _append_text(element: etree.Element, text: str) -> None:
    if len(element):
        last = element[-1]
        last.tail = (last.tail or "") + text
    else:
        element.text = (element.text or "") + text
