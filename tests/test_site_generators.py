"""The real site built with each generator that reads mkdocs.yml: MkDocs 1.6 and ProperDocs
(strict, the plugin failing the build) and Zensical (no plugin, only the Markdown extension),
then compared page by page: the same rule anchors, the same rule links, the same walkthroughs,
no `[[` left; and a wrong example under each, as a rules editor meets it.

Each build works on a copy of mkdocs.yml, docs/ and scenarios/ (Zensical writes its site and
its cache inside the project's folder), with an empty result cache. Zensical's copy gets the
checker's files first (`python -m checker.site docs`); MkDocs and ProperDocs get none, and
their plugin serves them.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from repo_games import GAMES
from sites import GENERATORS, GOOD, STRICT, generate, make_site

from checker.site.publish.offline_files import FALLBACK
from checker.site.publish.site_files import site_files, write

ROOT = Path(__file__).resolve().parent.parent
_ARTICLE = re.compile(r"<article\b.*?</article>", re.DOTALL)
_RULE_ITEM = re.compile(r"<(?:p|li|h[1-6])\b[^>]*\bdata-rule=\"([^\"]+)\"[^>]*>")
_ID = re.compile(r'\bid="([^"]+)"')
_RULE_LINK = re.compile(r'<(?:a|span) class="rule-ref[^"]*"[^>]*>.*?</(?:a|span)>', re.DOTALL)
_WALKTHROUGH = re.compile(r'<div class="wt[^"]*" id="([^"]+)" data-walkthrough .*?</details>\n'
                          r"</div>", re.DOTALL)
_FOLDED = re.compile(r'<div class="wt wt--folded" id="([^"]+)" data-walkthrough-line>.*?'
                     r'data-open-walkthrough>[^<]*</a></p>\n</div>', re.DOTALL)
_KEPT_HERE = re.compile(r'<div class="wt wt--folded" id="([^"]+)" data-walkthrough-line>.*?'
                        r'<details class="wt-kept" data-kept-walkthrough>.*?</summary>\n'
                        r'(<div class="wt[^"]*") (data-walkthrough .*?</details>\n</div>)\n'
                        r'</details>\n</div>', re.DOTALL)
_KEPT_LIST = re.compile(r'<div class="rule-uses-body" id="uses-([^"]+)">(.*?</div>)\n',
                        re.DOTALL)
_LIST_LINK = re.compile(r'<a class="rule-uses" href="[^"#]*#uses-([^"]+)"[^>]*>[^<]*</a>')
_CODE = re.compile(r"<(pre|code)\b.*?</\1>", re.DOTALL)
_HREF = re.compile(r'\bhref="([^"]*)"')


@pytest.fixture(scope="module")
def real_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The real site built by each generator: the folder it wrote."""
    sites = {}
    for generator in GENERATORS:
        work = tmp_path_factory.mktemp(generator)
        shutil.copy2(ROOT / "mkdocs.yml", work / "mkdocs.yml")
        for folder in ("docs", "scenarios"):
            shutil.copytree(ROOT / folder, work / folder)
        if generator == "zensical":  # it runs no plugin: the docs folder must hold them
            write(work / "docs", GAMES)
        done = generate(generator, work / "mkdocs.yml", *STRICT[generator])
        assert done.returncode == 0, f"{generator} build failed:\n{done.stdout}{done.stderr}"
        assert "in the rules pages and scenarios" not in done.stdout + done.stderr, \
            f"{generator} reported problems:\n{done.stderr}"
        sites[generator] = work / "site"
    return sites


def pages(site: Path) -> dict[str, str]:
    """Each page's article (what the page's Markdown became), by the page's folder; with
    each example that the page folds to one line opened, as a reader opens it (the plugin
    keeps its walkthrough in the file beside the page; Zensical runs no plugin and keeps it
    in the page, under the line)."""
    out = {}
    for path in sorted(site.rglob("index.html")):
        found = _ARTICLE.search(path.read_text(encoding="utf-8"))
        article = found[0] if found else ""
        article = _KEPT_HERE.sub(lambda kept: f'{kept[2]} id="{kept[1]}" {kept[3]}', article)
        kept = path.parent / "walkthroughs.html"
        if kept.exists():
            text = kept.read_text(encoding="utf-8")
            whole = walkthroughs(text)
            article = _FOLDED.sub(lambda line, whole=whole: whole[line[1]], article)
            lists = {found[1]: f'<div class="rule-uses-body">{found[2]}'
                     for found in _KEPT_LIST.finditer(text)}
            article = _LIST_LINK.sub(lambda link, lists=lists: lists[link[1]], article)
        out[path.parent.relative_to(site).as_posix()] = article
    return out


def rule_anchors(html: str) -> set[tuple[str, str]]:
    """(rule id, anchor) of every rule item."""
    out = set()
    for tag in _RULE_ITEM.finditer(html):
        anchor = _ID.search(tag[0])
        out.add((tag[1], anchor[1] if anchor else ""))
    return out


def walkthroughs(html: str) -> dict[str, str]:
    return {found[1]: found[0] for found in _WALKTHROUGH.finditer(html)}


def compared(real_sites: dict[str, Path], generator: str) -> Iterator[tuple[str, str, str]]:
    """(page, MkDocs' article, the generator's) for every page MkDocs wrote; the generator
    must have written each."""
    ours, theirs = pages(real_sites["mkdocs"]), pages(real_sites[generator])
    # The page shown offline in place of a page not kept: the plugin's (Zensical runs none).
    for written in (ours, theirs):
        written.pop(FALLBACK.removesuffix(".md"), None)
    assert sorted(ours) == sorted(theirs)
    for page, html in ours.items():
        yield page, html, theirs[page]


@pytest.mark.parametrize("generator", GENERATORS)
def test_the_real_site_has_rules_walkthroughs_and_scenario_lists(
        real_sites: dict[str, Path], generator: str) -> None:
    """What the comparisons below compare is there to compare; every generator folds the
    examples of a rules page to one line each."""
    html = (real_sites[generator] / "ti4" / "objective-cards" / "index.html").read_text("utf-8")
    assert html.count("data-walkthrough-line") >= 10
    assert len(walkthroughs(_ARTICLE.search(html)[0])) == 0, "no walkthrough open at first"
    site = pages(real_sites[generator])
    assert len(rule_anchors(site["ti4/objective-cards"])) >= 30
    assert len(walkthroughs(site["ti4/objective-cards"])) >= 10
    assert len(_RULE_LINK.findall(site["ti4/scenarios"])) >= 50
    assert {"ti4/scenarios", "ti3/scenarios", "arcs/scenarios"} <= set(site)


@pytest.mark.parametrize("generator", [g for g in GENERATORS if g != "mkdocs"])
def test_every_page_has_the_same_rule_anchors_links_and_walkthroughs(
        real_sites: dict[str, Path], generator: str) -> None:
    """Zensical turns the relative links of raw HTML into URLs as it does Markdown links: the
    extension writes them as links to Markdown files there, and every link must end up as
    MkDocs' own."""
    for page, ours, theirs in compared(real_sites, generator):
        assert rule_anchors(theirs) == rule_anchors(ours), page
        assert _RULE_LINK.findall(theirs) == _RULE_LINK.findall(ours), page
        assert _HREF.findall(theirs) == _HREF.findall(ours), page
        assert walkthroughs(theirs) == walkthroughs(ours), page


@pytest.mark.parametrize("generator", GENERATORS)
def test_no_page_is_left_with_double_brackets(real_sites: dict[str, Path],
                                              generator: str) -> None:
    """Every `[[...]]` outside code became a link, a walkthrough or a list."""
    left = [page for page, html in pages(real_sites[generator]).items()
            if "[[" in _CODE.sub("", html)]
    assert left == []


@pytest.mark.parametrize("generator", GENERATORS)
def test_the_site_files_are_published(real_sites: dict[str, Path], generator: str) -> None:
    site = real_sites[generator]
    for path, content in site_files(GAMES).items():
        assert (site / path).read_bytes() == content, path
        if generator != "zensical":
            assert not (site.parent / "docs" / path).exists(), "the plugin serves it"
    page = (site / "ti4" / "objective-cards" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<script src="\.\./\.\./assets/checker/checker\.js', page)
    assert re.search(r'<link rel="stylesheet" href="\.\./\.\./assets/checker/checker\.css', page)


@pytest.mark.parametrize("generator", GENERATORS)
def test_a_wrong_example_and_a_broken_reference_under_each_generator(
        tmp_path: Path, generator: str) -> None:
    """MkDocs and ProperDocs fail the build and write no page; Zensical writes the page with
    both in red, and names each in its output (`checker run` is the gate that fails there)."""
    page = "# Broken\n\n" + GOOD.replace("{Red: 1}", "{Red: 3}") + "\nSee [[ti4:61.66]].\n"
    config = make_site(tmp_path, {"ti4/broken.md": page}, material=True,
                       written=generator == "zensical")
    done = generate(generator, config, *STRICT[generator])
    for line in ("docs/ti4/broken.md:16:17: points.Red: stated 3, engine 1",
                 "docs/ti4/broken.md:19:5: unknown rule ti4:61.66 (did you mean ti4:61.6?)"):
        assert line in done.stderr
    written = tmp_path / "site" / "ti4" / "broken" / "index.html"
    if generator != "zensical":
        assert done.returncode == 1 and not written.exists()
        return
    assert done.returncode == 0
    html = written.read_text(encoding="utf-8")
    assert 'class="wt wt--failed"' in html and "wt-badge--failed" in html
    assert "docs/ti4/broken.md:16:17</code> points.Red: stated 3, engine 1" in html
    assert '<span class="rule-ref rule-ref--broken" title="unknown rule ti4:61.66">' in html


def test_zensical_builds_a_page_of_thousands_of_red_boxes(tmp_path: Path) -> None:
    """A page of 8,000 empty fences (128 KB, under the page limit) is 8,000 red boxes: they
    are kept out of Zensical's search index (`data-search-exclude`), whose limit on a page's
    words the boxes' text would pass."""
    page = "# Empty\n\n" + "```scenario\n```\n" * 8000
    assert len(page) < 130_000  # the figure
    config = make_site(tmp_path, {"ti4/empty.md": page}, material=True, written=True)
    done = generate("zensical", config, *STRICT["zensical"])
    assert done.returncode == 0, done.stderr[-2000:]
    html = (tmp_path / "site" / "ti4" / "empty" / "index.html").read_text(encoding="utf-8")
    assert html.count("This example could not be read") == 8000, "each shown in red"
    index = json.loads((tmp_path / "site" / "search.json").read_text(encoding="utf-8"))
    searched = [item["text"] for item in index["items"] if item["location"] == "ti4/empty/"]
    assert searched == [""], "none in the search index"
