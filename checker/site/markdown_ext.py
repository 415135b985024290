"""The Python-Markdown extension: rule items, rule links, worked examples, scenario lists and
coverage tables.

Everything the checker adds to a page comes from here, under any site generator that runs
the `markdown_extensions` of mkdocs.yml (MkDocs, ProperDocs, Zensical) or under plain
Python-Markdown. The site-wide context (where every rule is, which scenario is shown where)
is gathered by the extension itself (`gather`), or pinned by the MkDocs plugin for a build.

    markdown_extensions:
      - checker.site.markdown_ext:
          scenarios: scenarios
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from checker.location import Location, Problem
from checker.project import configured_games
from checker.registry import games
from checker.rule_pages import game_of
from checker.rule_text import RULE_MARK, RULE_REF, depth, label, prose_numbers
from checker.site.gathered.context import SiteContext
from checker.site.hosting.gather import site_context
from checker.site.hosting.host import host_of
from checker.site.pages.glossary import Glossary, Term
from checker.site.pages.rulemap import escape
from checker.site.pages.syntax import COVERAGE, SCENARIO_EMBED, SCENARIO_LIST
from checker.site.render.coverage import coverage_lines
from checker.site.render.previews import in_order, preview_html
from checker.site.render.rendering import Rendering
from checker.site.render.rule_entries import make_entries
from checker.site.render.scenario_list import scenario_list
from checker.site.walkthroughs.placing import (
    NOT_SEARCHED,
    Links,
    failure_html,
    one_byte,
)
from checker.sources import fence_spans, too_large

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_ITEMS = {"p", "li", *_HEADINGS}
_SCENARIOS = ("The standalone scenarios' folder, relative to the project's folder "
              "(mkdocs.yml's); empty for none.")
_DOCS = "The pages' folder, under plain Python-Markdown (a site generator says its own)."
_GAMES = ("The site's games: a list of names, each with its pages in the folder of its name "
          "in the docs folder, or a mapping of each name to its folder; by default every "
          "installed game, each in the folder of its name.")
_PAGE = "The page being converted, relative to docs_dir (ti4/rules.md), under plain Markdown."


class Converting:
    """The page being converted: its path in the docs folder, its game, its site."""

    __slots__ = ("context", "game", "links", "page", "refs", "rendering")

    def __init__(self, page: str, game: str, rendering: Rendering, links: Links) -> None:
        self.page, self.game = page, game
        self.rendering = rendering
        """What rendering the site's pages writes as it goes (slots, walkthroughs shown)."""
        self.context: SiteContext = rendering.site
        self.links = links
        """Makes the page's rule links (and knows which rules it linked)."""
        self.refs: set[str] = set()
        """The rules the page's own text refers to (`§61.6`), linked without `links`."""


class ExamplesPreprocessor(Preprocessor):
    """Replace each ```scenario fence, `[[scenario:id]]` line and `[[scenarios:game]]` line by
    what it stands for, before any fenced-code extension sees them (superfences would swallow
    a formatter's errors). The first of the extension's processors to run: it finds the page."""

    def __init__(self, md: Markdown, extension: RulesExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        now = self.extension.start(self.md)
        reason = too_large("\n".join(lines))
        if reason is not None:  # refused unread, as `checker run` refuses it
            problem = Problem(Location(now.page, 1, 1), f"cannot read file: {reason}")
            return self._block("", failure_html([problem])) + lines
        out: list[str] = []
        done = 0
        for fence in fence_spans(now.page, lines):
            out += self._directives(now, lines[done:fence.start])
            html = now.rendering.fence_html(fence.text, now.links) if fence.closed else \
                failure_html([fence.unclosed()])
            out += self._block(fence.indent, html)
            done = fence.end
        out += self._directives(now, lines[done:])
        return out

    def _directives(self, now: Converting, lines: list[str]) -> list[str]:
        # Only a line with "[[" can be one; most lines of a rules page are not.
        marked = [index for index, line in enumerate(lines) if "[[" in line]
        if not marked:
            return lines
        prose = set(prose_numbers(lines, range(len(lines))))
        out: list[str] = []
        done = 0
        for index in marked:
            if index not in prose:
                continue
            line = lines[index]
            embed = SCENARIO_EMBED.match(line)
            listed = SCENARIO_LIST.match(line) if not embed else None
            covered = COVERAGE.match(line) if not (embed or listed) else None
            if not (embed or listed or covered):
                continue
            out += lines[done:index]
            done = index + 1
            if embed:
                out += self._block(embed["indent"], now.rendering.embed_html(embed["id"], now.links))
            elif listed:
                out += self._list(now, listed["indent"], listed["game"])
            elif covered:
                out += self._coverage(now, covered["indent"], covered["game"])
        return out + lines[done:]

    def _list(self, now: Converting, indent: str, game: str) -> list[str]:
        home = now.context.placement.lists.get(game)
        part = now.context.placement.more.get(now.page)
        if home == now.page or part is not None and part.game == game:
            return [indent + line if line else line for line in
                    scenario_list(now.rendering, game, now.links, self.md.htmlStash.store)]
        if home is None:
            said = f"No game <code>{escape(game)}</code>."
        else:
            url = now.context.rules.page_link(home, now.page)
            said = f'The {escape(game)} scenarios are listed <a href="{escape(url)}">elsewhere</a>.'
        return self._block(indent, f'<div class="wt wt--failed" role="alert" '
                                   f'{NOT_SEARCHED}><p class="wt-failure">{said}</p></div>')

    def _coverage(self, now: Converting, indent: str, game: str) -> list[str]:
        if game not in now.context.checks.games:
            return self._block(indent, f'<div class="wt wt--failed" role="alert" '
                                       f'{NOT_SEARCHED}><p class="wt-failure">No game '
                                       f'<code>{escape(game)}</code>.</p></div>')
        return [indent + line if line else line for line in
                coverage_lines(now.rendering, game, now.links, self.md.htmlStash.store)]

    def _block(self, indent: str, html: str) -> list[str]:
        return ["", indent + self.md.htmlStash.store(html), ""]


class RuleMarkProcessor(Treeprocessor):
    """`§61.6 ...` at the start of a paragraph, list item or heading: the item's anchor and
    its visible number, a link to itself; then each item made an entry of its own, for search
    and with what cites it (`rule_entries`)."""

    def __init__(self, md: Markdown, extension: RulesExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        now = self.extension.now
        game, context, page, rendering = now.game, now.context, now.page, now.rendering
        if not game:
            return
        for element in root.iter():
            if element.tag not in _ITEMS or not element.text:
                continue
            text = element.text.lstrip()
            mark = RULE_MARK.match(text)
            if not mark:
                continue
            ref = mark["ref"]
            attributes = {"class": "rule-num", "href": f"#{ref}", "title": f"Link to {game}:{ref}"}
            if element.tag in _HEADINGS:  # an element: the heading's name in the nav is its text
                element.text = None
                number = etree.Element("a", attributes)
                number.text = label(ref)
                number.tail = text[mark.end():]
                element.insert(0, number)
            else:  # put in last under the plugin, as the page's other links (`defer`)
                said = escape(label(ref))
                link = "".join(["<a", *(f' {name}="{escape(value)}"'
                                       for name, value in attributes.items()), f">{said}</a>"])
                element.text = self.md.htmlStash.store(rendering.defer(page, link, said)) + \
                    text[mark.end():]
            element.set("id", ref)
            element.set("data-rule", f"{game}:{ref}")
            classes = f"rule rule--depth-{depth(ref)}"
            element.set("class", f"{element.get('class', '')} {classes}".strip())
        make_entries(root, page, context.rules, context.index, context.uses,
                     self.md.htmlStash.store,
                     lambda html: rendering.defer(page, html), rendering.cited,
                     lambda html: rendering.cited_aside(page, html))


class RuleRefProcessor(InlineProcessor):
    """`[[ti4:61.6]]` and `[[ti4:61.6|label]]`: a link to the rule wherever it is defined."""

    def __init__(self, extension: RulesExtension, md: Markdown) -> None:
        super().__init__(RULE_REF.pattern, md)
        self.extension = extension

    def handleMatch(  # type: ignore[override]
            self, m: re.Match[str], data: str) -> tuple[str, int, int]:
        now = self.extension.now
        now.refs.add(m["id"])
        rules = now.context.rules
        html = rules.link(m["id"], now.page, m["label"])
        said = rules.link_text(m["id"], m["label"])
        return self.md.htmlStash.store(now.rendering.defer(now.page, html, said)), \
            m.start(0), m.end(0)


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
                self.now.rendering.defer(self.now.page, link, one_byte(said)))]
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
        if now.page in now.context.placement.more:
            return  # a page a list continues on holds its own (`scenario_list.part_html`)
        html = preview_html(now.rendering, now.page, cited(now), self.terms.used)
        if html:
            # A paragraph of its own: the raw HTML postprocessor puts the block in its place.
            # Deferred where walkthroughs are: search need not read it (a coverage page cites
            # every rule of its game).
            etree.SubElement(root, "p").text = self.md.htmlStash.store(
                now.rendering.defer(now.page, html))


def cited(now: Converting) -> list[str]:
    """The rules the page links to: those its text refers to, and those linked by the page's
    links (its walkthroughs, tables and lists, including the walkthroughs the MkDocs plugin
    puts in last), by page and line: the same order whatever the generator and the order it
    lists the pages in."""
    return in_order(now.context.rules, [*now.links.linked, *now.refs])


class RulesExtension(Extension):
    """Register the three processors. A site generator makes one instance per page; the
    page and its site's context are found when the conversion starts (`start`)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "scenarios": ["scenarios", _SCENARIOS],
            "docs_dir": ["docs", _DOCS],
            "page": ["", _PAGE],
            "games": ["", _GAMES],
        }
        super().__init__(**kwargs)
        self._now: Converting | None = None

    @property
    def now(self) -> Converting:
        if self._now is None:
            raise RuntimeError("the checker's Markdown processors ran before its preprocessor")
        return self._now

    def start(self, md: Markdown) -> Converting:
        """The page `md` converts, and its site's context."""
        host = host_of(md, self.getConfig("scenarios"), self.getConfig("docs_dir"),
                       self.getConfig("page"), configured_games(self.getConfigs()))
        context, rendering = site_context(host.folders, games())
        self._now = Converting(host.page, game_of(host.page, context.folders), rendering,
                               Links(context.rules, host.page))
        return self._now

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        # After whitespace normalisation (30), before fenced code (superfences: 25).
        md.preprocessors.register(ExamplesPreprocessor(md, self), "checker_examples", 28)
        # After inline patterns (20), before attr_list (8) and toc (5) give headings ids.
        md.treeprocessors.register(RuleMarkProcessor(md, self), "checker_rules", 15)
        # Code spans (190) win; before links (160) so `[[` is not read as a link.
        md.inlinePatterns.register(RuleRefProcessor(self, md), "checker_refs", 175)
        # Glossary terms: once rule items have their ids (15), before headings get theirs (5).
        terms = TermProcessor(md, self)
        md.treeprocessors.register(terms, "checker_terms", 12)
        # The texts of what the page cites, last but the unescaping of text (0).
        md.treeprocessors.register(PreviewData(md, self, terms), "checker_previews", 1)


def makeExtension(**kwargs: Any) -> RulesExtension:
    return RulesExtension(**kwargs)
