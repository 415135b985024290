"""The Markdown extension on its own, as another static-site tool would run it: plain
Python-Markdown with the extension, a docs folder and a page name."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from repo_games import GAMES
from repo_games import TI4_TITLES as TITLES

from checker.registry import installed
from checker.rule_text import depth, label
from checker.site.markdown_ext import RulesExtension
from checker.site.pages.rulemap import RuleMap, page_url, source_link
from checker.site.pages.syntax import scan_page
from checker.site.publish.site_files import write

PAGE = """\
# §61 Objective cards

§61.6 One public and one secret.

§61.5a A lettered item.

See [[ti4:98.7]] and [[ti4:61.6|the limit]]; `[[ti4:61.6]]` stays code.

```text
[[ti4:0.0]] and
§61.7 inside code are left alone
```
"""


def plain_site(docs: Path) -> None:
    """A docs folder with PAGE as ti4/rules.md, every other rule defined, the checker's files."""
    (docs / "ti4").mkdir(parents=True)
    (docs / "ti4" / "rules.md").write_text(PAGE, encoding="utf-8")
    rest = "\n\n".join(f'§{ref}{{title="{title}"}} {title}.' for ref, title in TITLES.items()
                       if ref not in ("61", "61.6", "61.5a"))
    (docs / "ti4" / "more.md").write_text(rest, encoding="utf-8")
    for game, ruleset in GAMES.items():
        if game != "ti4":
            (docs / game).mkdir()
            (docs / game / "rules.md").write_text("\n\n".join(
                f'§{ref}{{title="{title}"}} {title}.' for ref, title in ruleset.rulebook.titles.items()),
                encoding="utf-8")
    write(docs, installed().games)


def test_the_extension_runs_on_plain_python_markdown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    plain_site(docs)
    extension = RulesExtension(docs_dir=str(docs), scenarios=str(tmp_path / "none"),
                               page="ti4/rules.md")
    html = markdown.markdown(PAGE, extensions=[extension, "fenced_code"])
    assert extension.now.context.problems == ()
    assert capsys.readouterr().err == ""
    assert '<h1 class="rule rule--depth-0" data-rule="ti4:61" id="61">' in html
    assert 'id="61.6"' in html and 'class="rule rule--depth-2"' in html
    assert '<a class="rule-ref" href="../more/#98.7"' in html
    assert '>the limit</a>' in html and 'href="#61.6"' in html
    assert "<code>[[ti4:61.6]]</code>" in html
    assert "[[ti4:0.0]] and\n§61.7 inside code" in html


def test_on_its_own_the_extension_reports_problems_once_and_shows_them_in_red(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = tmp_path / "docs"
    plain_site(docs)
    (docs / "ti4" / "rules.md").write_text(PAGE + "\nSee [[ti4:61.66]].\n", encoding="utf-8")
    md = markdown.Markdown(extensions=[RulesExtension(
        docs_dir=str(docs), scenarios="", page="ti4/rules.md")])
    html = md.convert(PAGE + "\nSee [[ti4:61.66]].\n")
    assert '<span class="rule-ref rule-ref--broken" title="unknown rule ti4:61.66">' in html
    md.reset()
    md.convert(PAGE)
    err = capsys.readouterr().err
    line = (f"checker: {docs / 'ti4' / 'rules.md'}:14:5: unknown rule ti4:61.66 (did you mean "
            f"ti4:61.6?)")
    assert err.count(line) == 1, err
    assert err.count("1 problem in the rules pages and scenarios") == 1
    (docs / "ti4" / "rules.md").write_text(PAGE, encoding="utf-8")
    md.reset()
    md.convert(PAGE)
    assert capsys.readouterr().err == "", "gathered again once a page changed: no problem left"


def test_the_scanner_skips_code_and_locates_each_item() -> None:
    scan = scan_page("p.md", PAGE)
    assert [(m.ref, m.location.line, m.location.col) for m in scan.marks] == [
        ("61", 1, 3), ("61.6", 3, 1), ("61.5a", 5, 1)]
    assert [(r.target, r.location.line, r.location.col) for r in scan.references] == [
        ("ti4:98.7", 7, 5), ("ti4:61.6", 7, 22)]


def test_rule_numbers_are_shown_and_indented_by_depth() -> None:
    assert [label(r) for r in ("61", "61.6", "61.5a", "61.note2", "61.note6a")] == [
        "61", "61.6", "61.5a", "61 note 2", "61 note 6a"]
    assert [depth(r) for r in ("61", "61.6", "61.5a", "61.note2", "61.note6a")] == [
        0, 1, 2, 1, 2]


@pytest.mark.parametrize(("page", "origin", "directory_urls", "url"), [
    ("ti4/objective-cards.md", "ti4/status-phase.md", True, "../objective-cards/"),
    ("ti4/index.md", "ti4/status-phase.md", True, "../"),
    ("index.md", "ti4/index.md", True, "../"),
    ("ti4/status-phase.md", "index.md", True, "ti4/status-phase/"),
    ("ti4/objective-cards.md", "ti4/status-phase.md", False, "objective-cards.html"),
    ("guide/ci.md", "ti4/index.md", False, "../guide/ci.html"),
])
def test_links_between_pages_follow_the_mkdocs_layout(page: str, origin: str,
                                                      directory_urls: bool, url: str) -> None:
    assert page_url(page, origin, directory_urls) == url


@pytest.mark.parametrize(("page", "origin", "url"), [
    ("ti4/scenarios/page-3.md", "ti4/scenarios/page-2.md", "page-3.html"),
    ("ti4/scenarios.md", "ti4/scenarios/page-2.md", "./"),
    ("ti4/scenarios/page-2.md", "ti4/scenarios.md", "page-2.html"),
    ("ti4/scenarios/page-2.md", "ti4/rules.md", "../scenarios/page-2.html"),
    ("ti4/rules.md", "ti4/scenarios/page-2.md", "../rules/"),
    ("ti4/scenarios/page-2.md", "index.md", "ti4/scenarios/page-2.html"),
])
def test_a_long_lists_pages_are_files_in_its_folder(page: str, origin: str, url: str) -> None:
    rules = RuleMap(files=frozenset({"ti4/scenarios/page-2.md", "ti4/scenarios/page-3.md"}))
    assert rules.page_link(page, origin) == url


@pytest.mark.parametrize(("page", "origin", "link"), [
    ("ti4/objective-cards.md", "ti4/status-phase.md", "objective-cards.md"),
    ("index.md", "ti4/index.md", "../index.md"),
    ("ti4/status-phase.md", "index.md", "ti4/status-phase.md"),
    ("guide/ci.md", "ti4/index.md", "../guide/ci.md"),
])
def test_under_zensical_links_name_the_markdown_file_it_turns_into_a_url(
        page: str, origin: str, link: str) -> None:
    """Zensical rewrites every relative link of a page's HTML as if it were written in the
    Markdown file; the links it leaves alone under MkDocs are rewritten too."""
    assert source_link(page, origin) == link
