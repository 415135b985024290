"""What a page needs to preview what it cites, without leaving the page or the site: the text
of every rule it links to and the definition of every glossary term it uses, written into the
page itself; and the glossary terms marked where the page uses them.

The texts go at the end of the page, in a hidden element, as attributes of one empty link per
rule or term (its `href` the rule's own link, as the page's other links to it). Attributes:
search indexes none of it, and a page opened from a plain folder of files (file://, where a
script may not fetch a file) still has its previews. Only what the page cites is written, so a
page weighs a few kilobytes more, not the whole rulebook. `reference.js` shows them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Iterable
from typing import TYPE_CHECKING

from markdown import Markdown
from markdown.treeprocessors import Treeprocessor

from checker.rule_text import label
from checker.site.glossary import Glossary, Term
from checker.site.placing import one_byte
from checker.site.rulemap import escape

if TYPE_CHECKING:
    from checker.site.context import SiteContext
    from checker.site.markdown_ext import Converting, RulesExtension

LONGEST = 600
"""Characters of a rule's text a preview shows; the rest is a click away."""
_SKIPPED = {"a", "code", "pre", "kbd", "samp", "script", "style", "dfn", "abbr", "h1", "h2",
            "h3", "h4", "h5", "h6"}
"""Elements whose words are never marked as terms: links, code, headings."""
_BLOCKS = {"p", "li", "td", "th", "dt", "dd", "blockquote", "div", "details", "summary"}
"""Elements within which a term is marked once, at its first use."""


class TermProcessor(Treeprocessor):
    """On a page of a game with a glossary: the first use of each term in every paragraph,
    list item or table cell becomes a link to its glossary entry (not in the rule that defines
    it, nor in links, code or headings). On the glossary page itself: each entry gets its
    anchor, and its term is marked as the defining instance (`<dfn>`)."""

    def __init__(self, md: Markdown, extension: RulesExtension) -> None:
        super().__init__(md)
        self.extension = extension
        self.used: dict[str, Term] = {}
        """The terms marked on the page being converted, by their data id."""

    def run(self, root: etree.Element) -> None:
        self.used = {}
        now = self.extension.now
        glossary = now.context.glossaries.get(now.game) if now.game else None
        if glossary is None:
            return
        if now.page == glossary.page:
            _entries(root, glossary)
            return
        # A page that is the section defining a term is all about it: the term is not marked.
        anchors = now.context.rules.anchors
        here = {term.name for term in glossary.terms if "." not in term.rule.partition(":")[2]
                and term.rule in anchors and anchors[term.rule].page == now.page}
        if glossary.pattern is not None:
            _Marker(self, now, glossary, glossary.pattern, here).walk(root, set(here), "")


class _Marker:
    def __init__(self, processor: TermProcessor, now: Converting, glossary: Glossary,
                 pattern: re.Pattern[str], never: set[str]) -> None:
        self.processor, self.now, self.pattern, self.never = processor, now, pattern, never
        self.forms = glossary.by_form
        self.href = now.context.rules.page_link(glossary.page, now.page)
        self.game = glossary.game

    def walk(self, element: etree.Element, seen: set[str], rule: str) -> None:
        if element.tag in _BLOCKS:
            seen, rule = set(self.never), element.get("data-rule") or rule
        element.text = self.mark(element.text, seen, rule)
        for child in element:
            if child.tag not in _SKIPPED:
                self.walk(child, seen, rule)
            child.tail = self.mark(child.tail, seen, rule)

    def mark(self, text: str | None, seen: set[str], rule: str) -> str | None:
        if not text:
            return text
        out, done = [], 0
        for found in self.pattern.finditer(text):
            term = self.forms[found[0].casefold()]
            if term.name in seen or term.rule == rule:
                continue
            seen.add(term.name)
            key = f"{self.game}:{term.slug}"
            self.processor.used[key] = term
            said = escape(found[0])
            link = one_byte(f'<a class="term-ref" href="{escape(self.href)}#{term.slug}" '
                            f'data-term="{escape(key)}">{said}</a>')
            out += [text[done:found.start()], self.processor.md.htmlStash.store(
                self.now.context.defer(self.now.page, link, one_byte(said)))]
            done = found.end()
        return "".join(out) + text[done:] if out else text


def _entries(root: etree.Element, glossary: Glossary) -> None:
    """Each entry of the glossary page: its anchor, and its term as the defining instance."""
    terms = {term.name: term for term in glossary.terms}
    for item in root.iter("li"):
        holder = item[0] if len(item) and item[0].tag == "p" and not (item.text or "").strip() \
            else item
        if (holder.text or "").strip() or not len(holder) or holder[0].tag != "strong":
            continue
        term = terms.get((holder[0].text or "").strip())
        if term is None:
            continue
        item.set("id", term.slug)
        item.set("class", f"{item.get('class', '')} glossary-entry".strip())
        holder[0].tag = "dfn"


class PreviewData(Treeprocessor):
    """The end of the page: the texts of the rules it links to and of the terms it marks. Read
    from what the page stashed (a treeprocessor, not a postprocessor: `toc` runs the
    postprocessors again on each heading)."""

    def __init__(self, md: Markdown, extension: RulesExtension, terms: TermProcessor) -> None:
        super().__init__(md)
        self.extension, self.terms = extension, terms

    def run(self, root: etree.Element) -> None:
        now = self.extension.now
        if now.page in now.context.more:
            return  # a page a list continues on holds its own (`scenario_list.part_html`)
        html = preview_html(now.context, now.page, cited(now), self.terms.used)
        if html:
            # A paragraph of its own: the raw HTML postprocessor puts the block in its place.
            # Deferred where walkthroughs are: search need not read it (a coverage page cites
            # every rule of its game).
            etree.SubElement(root, "p").text = self.md.htmlStash.store(
                now.context.defer(now.page, html))


def cited(now: Converting) -> list[str]:
    """The rules the page links to: those its text refers to, and those linked by the page's
    links (its walkthroughs, tables and lists, including the walkthroughs the MkDocs plugin
    puts in last), by page and line: the same order whatever the generator and the order it
    lists the pages in."""
    return in_order(now.context, [*now.links.linked, *now.refs])


def in_order(context: SiteContext, rules: Iterable[str]) -> list[str]:
    """The rules of `rules` that some page defines, by page and line."""
    anchors = context.rules.anchors
    return sorted((rule for rule in set(rules) if rule in anchors),
                  key=lambda rule: (anchors[rule].page, anchors[rule].location.line))


def preview_html(context: SiteContext, page: str, rules: list[str],
                 terms: dict[str, Term]) -> str:
    """The hidden element holding the previews of `rules` and `terms`, on `page`."""
    links, index = context.rules, context.index
    items = []
    for rule in rules:
        item = index.items.get(rule)
        if item is None:
            continue
        said = index.previews.get(rule)
        if said is None:  # the same on every page that cites the rule
            said = index.previews[rule] = (
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
