"""What rendering a build's pages writes as it goes, apart from the site it renders (the
gathered `SiteContext`, which nothing changes once it is gathered): the slots left for the
written page, the walkthroughs and steps each page shows, their picture ids, and what each
page of a long list shows."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from checker.site.examples.results import Example
from checker.site.gathered.cited_by import USES_BODY, Made
from checker.site.gathered.context import SiteContext
from checker.site.gathered.placement import folds_examples
from checker.site.gathered.slots import slot
from checker.site.pages.rulemap import escape
from checker.site.walkthroughs.placing import (
    NOT_SEARCHED,
    Links,
    failure_html,
    folded,
    kept_here,
    place,
    prefix,
    renamed_pictures,
    step_anchor,
)
from checker.yamlsource import Text

_USES_RULE = re.compile(r'data-rule-uses="([^"]+)"')
_USES_SUMMARY = re.compile(r'<summary title="([^"]*)">([^<]*)</summary>')


class Rendering:
    """The pages of one build as they are rendered, from the gathered `site`."""

    deferred: dict[str, dict[str, str]] | None
    """When deferring (the MkDocs plugin asks for it), a walkthrough, a list, a disclosure, the
    previews or a link is left in the page's HTML as a slot holding only its searchable text
    (`defer`), and kept here by page and slot until `fill_slots` puts it in the written page:
    Markdown's postprocessors, the search indexer and the theme then never walk through the
    state tables and sources of every walkthrough, nor parse the tags of every link."""
    shown: dict[str, set[str]]
    """By page: the ids of the walkthroughs and steps rendered on it."""
    picture_ids: dict[str, dict[str, str]]
    """By page: the prefix of each walkthrough's picture ids, and its scenario."""
    list_parts: dict[str, dict[str, Any]]
    """By game: what each page of its list shows (`scenario_list`), worked out once."""
    list_slots: dict[str, str]
    """By page a list continues on: the slot its content is deferred in."""
    cited: Made
    """Each example's entry in the rules' "cited by" lists (`cited_by.cited_by_html`)."""
    previews: dict[str, str]
    """What the preview of each rule shows (`previews.preview_html`), made once a build for
    all the pages that cite the rule."""
    folds: Mapping[str, str]
    """By page whose examples fold to one line each (`placing.folded`): the address, from
    the page, of the file beside it that keeps what it shows on demand (the MkDocs plugin
    writes it): the walkthroughs of those examples, and what cites each rule."""
    folded: dict[str, list[str]]
    """By page of `folds`: what goes in that file, in the page's order."""
    in_page: bool
    """Whether every rules page folds its examples keeping their walkthroughs in the page
    itself (`kept_here`): for a generator that runs no plugin to write `folds`' files."""

    def __init__(self, site: SiteContext, deferring: bool = False,
                 folds: Mapping[str, str] | None = None, in_page: bool = False) -> None:
        self.site = site
        self.deferred = {} if deferring else None
        self.shown, self.picture_ids, self.list_parts, self.list_slots = {}, {}, {}, {}
        self.cited, self.previews = {}, {}
        self.folds, self.folded = folds or {}, {}
        self.in_page = in_page

    def fence_html(self, text: Text, links: Links) -> str:
        """The walkthroughs of a page's ```scenario fence, on the page `links` is for."""
        checked = self.site.fences.get(text.text) or self.site.checks.check(text)
        for example in checked.examples:
            self._show(links.page, example)
        html = failure_html(checked.problems) if checked.problems else "\n".join(
            self._shown(example, links) for example in checked.examples)
        return self._slot(links.page, html, checked.examples)

    def embed_html(self, scenario_id: str, links: Links) -> str:
        example = self.site.examples.get(scenario_id)
        if example is None:
            return (f'<div class="wt wt--failed" role="alert" {NOT_SEARCHED}><p '
                    f'class="wt-failure">No scenario with the id '
                    f'<code>{escape(scenario_id)}</code>.</p></div>')
        self._show(links.page, example)
        return self._slot(links.page, self._shown(example, links), (example,))

    def walkthroughs_html(self, examples: Iterable[Example], links: Links) -> str:
        """Walkthroughs one after another (those a game's scenario list shows), in a slot."""
        examples = list(examples)
        return self._slot(links.page, self.walkthroughs(examples, links), examples)

    def walkthroughs(self, examples: Iterable[Example], links: Links) -> str:
        """Walkthroughs one after another, as HTML."""
        html = []
        for example in examples:
            self._show(links.page, example)
            html.append(self._render(example, links))
        return "\n".join(html)

    def _slot(self, page: str, html: str, examples: Iterable[Example]) -> str:
        # One paragraph: search indexes the text, and parses every tag of a page one by one.
        return self.defer(page, html, f"<p>{' '.join(e.said for e in examples)}</p>")

    def defer(self, page: str, html: str, said: str = "") -> str:
        """What goes in the page for `html`: when deferring, a slot holding only `said`, the
        text search is to find there, between two comments (search reads the text without
        parsing the tags and attributes it stands for); else the HTML itself."""
        if self.deferred is None:
            return html
        key = self.next_slot(page)
        self.deferred.setdefault(page, {})[key] = html
        return slot(key, said)

    def next_slot(self, page: str) -> str:
        """The key of the next slot `defer` makes on `page`."""
        return str(len((self.deferred or {}).get(page, {})))

    def _shown(self, example: Example, links: Links) -> str:
        """What the page shows of an example: on a page of `folds`, one line that opens its
        walkthrough (kept in `folded`), unless the example fails, whose failures stay in
        sight; else the walkthrough."""
        html = self._render(example, links)
        if example.failures or not example.passed:
            return html
        if self.in_page:
            if not folds_examples(links.page, self.site.placement, self.site.folders):
                return html
            return kept_here(str(example.html), links, example.id, example.steps, html)
        href = self.folds.get(links.page)
        if href is None:
            return html
        self.folded.setdefault(links.page, []).append(html)
        return folded(str(example.html), links, example.id, example.steps, href)

    def cited_aside(self, page: str, cited: str) -> str:
        """A rule's "cited by" disclosure as `page` shows it: on a page of `folds`, its list
        goes in the file beside the page (`folded`), and the page keeps one link to it, "Cited
        by N", which `rule-entries.js` opens in place (a disclosure is several elements with
        a shadow tree each, and a rules page has one under most of its rules)."""
        href = self.folds.get(page)
        start = cited.find(USES_BODY)
        rule = _USES_RULE.search(cited)
        said = _USES_SUMMARY.search(cited)
        if href is None or start < 0 or rule is None or said is None or \
                not cited.endswith("</details>"):
            return cited
        anchor = f"uses-{rule[1]}"
        body = cited[start:-len("</details>")]
        self.folded.setdefault(page, []).append(
            f'<div class="rule-uses-body" id="{anchor}"{body[len(USES_BODY) - 1:]}')
        link = escape(f"{href}#{anchor}")
        return (f'<a class="rule-uses" href="{link}" data-rule-uses="{rule[1]}" '
                f'{NOT_SEARCHED} title="{said[1]}">{said[2]}</a>')

    def _render(self, example: Example, links: Links) -> str:
        """`render`, with picture ids no other walkthrough on the page has: the prefix taken
        from a scenario's id is the same for two scenarios once in millions of pairs."""
        html = render(example, links)
        taken = self.picture_ids.setdefault(links.page, {})
        mine = prefix(example.id)
        if taken.setdefault(mine, example.id) == example.id:
            return html
        number = 1
        while (other := prefix(f"{example.id}#{number}")) in taken:
            number += 1
        taken[other] = example.id
        return renamed_pictures(html, mine, other)

    def _show(self, page: str, example: Example) -> None:
        shown = self.shown.setdefault(page, set())
        shown.add(example.id)
        shown.update(step_anchor(example.id, index) for index in range(1, example.steps + 1))


def render(example: Example, links: Links) -> str:
    """The walkthrough of a checked scenario, as the page `links` is for shows it."""
    return place(str(example.html), links, example.failures, str(example.source),
                 example.location)
