"""The Python-Markdown extension: rule items, rule links, worked examples.

Plain Python-Markdown, so it also runs outside MkDocs; the MkDocs plugin only gives it the
site-wide context (where every rule is, which scenarios were checked, the current page).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from pathlib import Path
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from checker.games import GAMES
from checker.site.context import SiteContext, failure_html
from checker.site.syntax import RULE_MARK, RULE_REF, SCENARIO_EMBED, depth, label, prose_lines
from checker.sources import fence_spans

_ITEMS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6"}


class ExamplesPreprocessor(Preprocessor):
    """Replace each ```scenario fence and `[[scenario:id]]` line by its walkthrough, before
    any fenced-code extension sees them (superfences would swallow a formatter's errors)."""

    def __init__(self, md: Markdown, context: SiteContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        done = 0
        for fence in fence_spans(self.context.page, lines):
            out += self._embeds(lines[done:fence.start])
            html = self.context.fence_html(fence.text) if fence.closed else \
                failure_html([fence.unclosed()])
            out += self._block(fence.indent, html)
            done = fence.end
        out += self._embeds(lines[done:])
        return out

    def _embeds(self, lines: list[str]) -> list[str]:
        prose = {index for index, _ in prose_lines(lines)}
        out: list[str] = []
        for index, line in enumerate(lines):
            embed = SCENARIO_EMBED.match(line) if index in prose else None
            if embed:
                out += self._block(embed["indent"], self.context.embed_html(embed["id"]))
            else:
                out.append(line)
        return out

    def _block(self, indent: str, html: str) -> list[str]:
        return ["", indent + self.md.htmlStash.store(html), ""]


class RuleMarkProcessor(Treeprocessor):
    """`§61.6 ...` at the start of a paragraph, list item or heading: the item's anchor and
    its visible number, a link to itself."""

    def __init__(self, md: Markdown, context: SiteContext) -> None:
        super().__init__(md)
        self.context = context

    def run(self, root: etree.Element) -> None:
        game = self.context.game
        for element in root.iter():
            if element.tag not in _ITEMS or not element.text:
                continue
            text = element.text.lstrip()
            mark = RULE_MARK.match(text)
            if not mark or not game:
                continue
            ref = mark["ref"]
            element.text = None
            number = etree.Element("a", {"class": "rule-num", "href": f"#{ref}",
                                         "title": f"Link to {game}:{ref}"})
            number.text = label(ref)
            number.tail = text[mark.end():]
            element.insert(0, number)
            target = element
            target.set("id", ref)
            target.set("data-rule", f"{game}:{ref}")
            classes = f"rule rule--depth-{depth(ref)}"
            target.set("class", f"{target.get('class', '')} {classes}".strip())


class RuleRefProcessor(InlineProcessor):
    """`[[ti4:61.6]]` and `[[ti4:61.6|label]]`: a link to the rule wherever it is defined."""

    def __init__(self, context: SiteContext, md: Markdown) -> None:
        super().__init__(RULE_REF.pattern, md)
        self.context = context

    def handleMatch(  # type: ignore[override]
            self, m: re.Match[str], data: str) -> tuple[str, int, int]:
        html = self.context.rules.link(m["id"], self.context.page, m["label"])
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class RulesExtension(Extension):
    """Register the three processors; `context` is shared with the MkDocs plugin."""

    def __init__(self, context: SiteContext | None = None, **kwargs: Any) -> None:
        self.config = {
            "docs_dir": ["docs", "The pages' folder, when used without the MkDocs plugin."],
            "scenarios": ["scenarios", "The standalone scenarios' folder, likewise."],
            "page": ["", "The page being converted, relative to docs_dir (e.g. ti4/rules.md)."],
        }
        super().__init__(**kwargs)
        self.context = context or SiteContext.from_folders(
            Path(self.getConfig("docs_dir")), Path(self.getConfig("scenarios")), GAMES)
        if context is None:
            self.context.page = self.getConfig("page")

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        # After whitespace normalisation (30), before fenced code (superfences: 25).
        md.preprocessors.register(ExamplesPreprocessor(md, self.context), "checker_examples", 28)
        # After inline patterns (20), before attr_list (8) and toc (5) give headings ids.
        md.treeprocessors.register(RuleMarkProcessor(md, self.context), "checker_rules", 15)
        # Code spans (190) win; before links (160) so `[[` is not read as a link.
        md.inlinePatterns.register(RuleRefProcessor(self.context, md), "checker_refs", 175)


def makeExtension(**kwargs: Any) -> RulesExtension:
    return RulesExtension(**kwargs)
