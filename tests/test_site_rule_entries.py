"""Each rule item as an entry of its own: the heading the search indexers split on, and the
"cited by" disclosure, in the HTML the extension writes and in Material's search index."""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest
from repo_games import TI4_TITLES as TITLES
from rule_sites import cited_site
from sites import mkdocs

from checker.location import Location
from checker.rule_text import plain_text
from checker.site.examples.results import Example
from checker.site.gathered.cited_by import SHOWN, cited_by_html, rule_uses
from checker.site.markdown_ext import RulesExtension
from checker.site.pages.rule_index import RuleIndex
from checker.site.pages.rulemap import RuleMap

PAGE = """\
# §61 Objective cards

§61.6 One public and one secret ([[ti4:81.1|step 1]]).

- §61.7 A rule in a list.
- §61.8 Another, **bold**.

Text after the rules.
"""


@pytest.fixture
def page_html(tmp_path: Path) -> str:
    docs = tmp_path / "docs"
    (docs / "ti4").mkdir(parents=True)
    (docs / "ti4" / "rules.md").write_text(PAGE, encoding="utf-8")
    extension = RulesExtension(docs_dir=str(docs), scenarios="", page="ti4/rules.md")
    return markdown.markdown(PAGE, extensions=[extension])


def test_a_paragraph_rule_holds_its_search_heading_and_nothing_else(page_html: str) -> None:
    entry = re.search(r'<div class="rule-entry">.*?</div>', page_html, re.DOTALL)
    assert entry is not None
    assert entry[0] == (
        '<div class="rule-entry"><h6 class="rule-search" id="ti4:61.6" aria-hidden="true">'
        'TI4 61.6 One public and one secret (step 1).</h6><p class="rule rule--depth-1" data-rule="ti4:61.6" '
        'id="61.6"><a class="rule-num" href="#61.6" title="Link to ti4:61.6">61.6</a> One '
        'public and one secret (<span class="rule-ref rule-ref--broken" title="unknown rule '
        'ti4:81.1">step 1</span>).</p>\n</div>')


def test_a_list_item_rule_holds_its_heading_and_a_heading_rule_needs_none(
        page_html: str) -> None:
    assert ('<li class="rule rule--depth-1" data-rule="ti4:61.7" id="61.7"><h6 class='
            '"rule-search" id="ti4:61.7" aria-hidden="true">TI4 61.7 A rule in a list.</h6>'
            '<a class="rule-num"') in page_html
    assert '<h1 class="rule rule--depth-0" data-rule="ti4:61" id="61">' in page_html
    assert 'id="ti4:61"' not in page_html
    assert page_html.count('class="rule-search"') == 3
    assert "<p>Text after the rules.</p>" in page_html


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cited")
    done = mkdocs(cited_site(root, material=True), "--strict")
    assert done.returncode == 0, done.stderr
    return root / "site"


def test_every_rule_item_is_a_search_entry_that_opens_the_page_at_it(built: Path) -> None:
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    entries = {doc["location"]: doc for doc in index["docs"]}
    for ref, title in TITLES.items():
        if ref == "61":
            continue  # the page's heading, a section of the index already
        entry = entries[f"ti4/rules/#ti4:{ref}"]
        number = ref.replace(".note", " note ")
        assert entry["title"] == f"TI4 {number} {title}"
        assert entry["text"] == f'<p>{number} {title}.</p>', "the rule alone, no cited-by list"


def disclosure(html: str, rule: str, kept: str = "") -> str:
    """What cites a rule on a rules page: the link that ends the rule item, then its list as
    `rule-entries.js` puts it in place from `kept`, the file beside the page."""
    link = f"walkthroughs.html#uses-{rule}"
    found = re.search(rf'<a class="rule-uses" href="{re.escape(link)}" data-rule-uses="'
                      rf'{re.escape(rule)}" data-search-exclude title="[^"]*">[^<]*</a></p>',
                      html)
    assert found is not None, f"no cited-by link for {rule}"
    listed = re.search(rf'<div class="rule-uses-body" id="uses-{re.escape(rule)}">(.*?)</div>\n',
                       kept, re.DOTALL)
    assert listed is not None, f"no list for {rule} beside the page"
    return found[0][:-len("</p>")] + f'<div class="rule-uses-body">{listed[1]}</div>'


def test_a_rule_lists_its_examples_the_engines_decisions_and_the_pages_citing_it(
        built: Path) -> None:
    html = (built / "ti4" / "rules" / "index.html").read_text(encoding="utf-8")
    kept = (built / "ti4" / "rules" / "walkthroughs.html").read_text(encoding="utf-8")
    assert disclosure(html, "ti4:61.12", kept) == (
        '<a class="rule-uses" href="walkthroughs.html#uses-ti4:61.12" data-rule-uses="ti4:61.12" '
        'data-search-exclude title="What cites 61.12: 3 examples">Cited by 3</a>'
        '<div class="rule-uses-body">'
        '<p class="rule-uses-head">Examples that illustrate 61.12</p><ul>'
        '<li><a href="../a/#ti4-page-example">Red scores Expand Borders</a></li>'
        '<li><a href="../scenarios/#ti4-second">Red scores Expand Borders</a></li></ul>'
        '<p class="rule-uses-head">Examples the engine decided by 61.12</p><ul>'
        '<li><a href="../scenarios/#ti4-disputed--step-1">Red scores Expand Borders</a>, step 1 '
        "(disputed)</li>"
        '<li><a href="../a/#ti4-page-example--step-1">Red scores Expand Borders</a>, step 1</li>'
        '<li><a href="../scenarios/#ti4-second--step-1">Red scores Expand Borders</a>, step 1'
        "</li></ul></div>")
    assert '<li><a href="../scenarios/#ti4-second--step-2">Red scores Expand Borders</a>, ' \
           "step 2</li>" in disclosure(html, "ti4:61.8", kept)
    limit = disclosure(html, "ti4:61.6", kept)
    assert "Cited by 2</a>" in limit
    assert '<p class="rule-uses-head">Rules and pages that refer to 61.6</p><ul><li><a ' \
           'href="../a/">A</a></li></ul>' in limit
    assert '<a href="../scenarios/#ti4-disputed">Red scores Expand Borders</a> (disputed)' \
        in disclosure(html, "ti4:61.5", kept)
    assert 'data-rule-uses="ti4:61.1"' not in html, "nothing cites 61.1: no disclosure"


def example(number: int) -> Example:
    return Example(f"ti4-{number:04}", f"Example {number}", "ti4", ("ti4:61.6",),
                   Location("", 1, 1), 1, True, (), "", "", cites=(("ti4:61.6", 1),))


def test_a_long_list_shows_its_first_entries_and_counts_the_rest() -> None:
    rules = RuleMap()
    uses = rule_uses([example(n) for n in range(SHOWN + 5)], {}, {"ti4": "ti4/all.md"},
                     RuleIndex())
    html = cited_by_html(uses, "ti4:61.6", rules, "ti4/rules.md")
    assert html.count("<li>") == 2 * SHOWN
    assert html.count('<li class="rule-uses-more">and <a href="../all/">5 more</a></li>') == 2


def test_a_rule_items_markdown_reads_as_plain_text() -> None:
    assert plain_text("§61.5a For a card ([[ti4:81.1|step 1]], [[ti4:61.note2]]) **only** "
                      "`here` and [there](x.md).", "61.5a") == \
        "For a card (step 1, 61 note 2) only here and there."
