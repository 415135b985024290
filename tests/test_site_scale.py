"""Scale: with thousands of standalone scenarios no page embeds, no page of the site grows past
about 1 MB of HTML: the list page shows as many walkthroughs as its budget allows, and the
others follow on pages of their own (MkDocs' plugin adds them) or, without the plugin, are
counted by folder; no link leads to a walkthrough the site does not show."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from sites import GOOD_YAML, built, make_site, mkdocs, new_process

from checker.site.gathered.lists import LIST_BUDGET
from checker.site.publish import kept_pages, list_pages

COUNT = 3000
MAX_PAGE = 1_000_000


def many(count: int) -> dict[str, str]:
    """`count` small passing scenarios, ten to a file, in folders of a thousand."""
    files: dict[str, str] = {}
    for start in range(0, count, 10):
        items = [textwrap.indent(GOOD_YAML.replace("ti4-page-example", f"gen-{n:05d}"),
                                 "  ").replace("  ", "- ", 1)
                 for n in range(start, min(start + 10, count))]
        files[f"ti4/part-{start // 1000}/gen-{start:05d}.yaml"] = "".join(items)
    return files


def page_sizes(site: Path) -> dict[str, int]:
    return {str(path.relative_to(site)): path.stat().st_size for path in site.rglob("*.html")}


def test_thousands_of_scenarios_are_paged_and_no_page_passes_1_mb(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, many(COUNT))
    cfg = built(config)
    site = tmp_path / "site"
    sizes = page_sizes(site)
    assert max(sizes.values()) < MAX_PAGE, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]
    listing = (site / "ti4" / "scenarios" / "index.html").read_text("utf-8")
    pages = list_pages_in(site)
    assert len(pages) >= 3
    # Every scenario has its walkthrough on exactly one page of the list, in order of id.
    shown: list[str] = []
    for page in [site / "ti4" / "scenarios" / "index.html", *pages]:
        text = page.read_text("utf-8")
        ids = re.findall(r'id="(gen-\d{5})" data-walkthrough', text)
        assert ids, page
        # Each page's table links the walkthroughs on that page, and the list's other pages.
        assert set(re.findall(r'href="#(gen-\d{5})"', text)) == set(ids), page
        assert text.count('aria-current="page"') >= 1
        shown += ids
    assert shown == [f"gen-{n:05d}" for n in range(COUNT)]
    assert not [p for p in (site / "ti4" / "scenarios").iterdir() if p.is_dir()], \
        "the list's pages are files side by side, not a folder each"
    first = pages[0].name
    assert f'href="{first}"' in listing and "scenarios follow on the next pages" in listing
    assert f"of {len(pages) + 1}</h1>" in pages[-1].read_text("utf-8")
    # Nothing is counted by folder: every scenario is on the site, and rules.json says where.
    assert "more scenarios in" not in listing
    rules = json.loads((site / "rules.json").read_text("utf-8"))
    urls = {s["id"]: s["url"] for s in rules["scenarios"]}
    assert all(urls[f"gen-{n:05d}"] for n in range(COUNT))
    assert urls[f"gen-{COUNT - 1:05d}"].startswith(f"ti4/scenarios/{pages[-1].name}#")
    assert LIST_BUDGET < MAX_PAGE
    assert not cfg.plugins["checker"].context.problems


def test_the_pages_written_from_a_frame_are_whole_pages(tmp_path: Path) -> None:
    """Material renders the list's second page; the plugin writes the others from its frame.
    Each says its own title and address, and is in the sitemap (which Material's instant
    navigation reads) and the search index as the second is."""
    config = make_site(tmp_path, {}, many(800), material=True)
    with config.open("a", encoding="utf-8") as out:
        out.write("site_url: https://example.invalid/\n")
    built(config)
    site = tmp_path / "site"
    pages = list_pages_in(site)
    assert len(pages) >= 3
    count = len(pages) + 1
    sitemap = (site / "sitemap.xml").read_text("utf-8")
    with gzip.open(site / "sitemap.xml.gz", "rt", encoding="utf-8") as packed:
        assert packed.read() == sitemap
    docs = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]
    shapes: list[dict[str, str]] = []
    for number, page in enumerate(pages, 2):
        text = page.read_text("utf-8")
        title = f"scenarios, page {number} of {count}"
        assert f"{title} - " in text.split("</title>")[0], page
        assert text.count(title) == 3, page  # the head's title, the header's, the heading
        assert f"page {2 if number != 2 else 3} of {count}" not in text, page
        url = f"ti4/scenarios/page-{number}.html"
        assert f'<link rel="canonical" href="https://example.invalid/{url}">' in text
        assert f"<loc>https://example.invalid/{url}</loc>" in sitemap, url
        entries = [d for d in docs if d["location"].startswith(url)]
        assert entries[0]["location"] == url and entries[0]["title"].endswith(title), url
        ids = re.findall(r'id="(gen-\d{5})" data-walkthrough', text)
        sections = entries[1:]
        assert sections and all(re.fullmatch(url + r"#section-[\w-]+", d["location"])
                                for d in sections)
        # What search finds of each walkthrough on the page: its title, under its section.
        said = "".join(d["text"] for d in sections)
        assert said.startswith("<p>") and said.count("Red scores Expand Borders") == len(ids)
        # The same shape as the indexer gave the second page's entries.
        shapes = shapes or entries
        assert [set(d) for d in entries] == [set(d) for d in shapes], url
        assert text.count('class="checker-previews"') == 1 and "data-rule-preview" in text
    assert sitemap.count("/ti4/scenarios/page-") == len(pages)


def test_without_the_plugin_the_list_counts_what_does_not_fit(tmp_path: Path) -> None:
    """A generator that adds no pages (the extension alone, as under Zensical) shows what fits
    on the list page and counts the others by folder; nothing links to what is not shown."""
    config = make_site(tmp_path, {}, many(COUNT), plugin="  []")
    built(config)
    site = tmp_path / "site"
    sizes = page_sizes(site)
    assert max(sizes.values()) < MAX_PAGE, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]
    assert not list(site.glob("ti4/scenarios/page-*"))
    listing = (site / "ti4" / "scenarios" / "index.html").read_text("utf-8")
    shown = len(re.findall(r'id="gen-\d{5}" data-walkthrough', listing))
    assert 20 < shown < COUNT
    assert "more scenarios in <code>scenarios/ti4/part-2/</code>, 1,000 of them hold" in listing
    assert "gen-02999" not in listing


def test_adding_a_scenario_prints_no_warning_about_a_page_nobody_wrote(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, many(600))  # enough for the list to go on over pages
    pages = sorted(str(p.relative_to(tmp_path / "docs")) for p in (tmp_path / "docs").rglob("*.md"))
    with config.open("a", encoding="utf-8") as out:
        out.write("nav:\n" + "".join(f"  - {page}\n" for page in pages))
    first = mkdocs(config)
    assert first.returncode == 0, first.stderr
    (tmp_path / "scenarios" / "ti4" / "new.yaml").write_text(
        GOOD_YAML.replace("ti4-page-example", "a-new-one"), encoding="utf-8")
    again = mkdocs(config)
    assert again.returncode == 0, again.stderr
    assert "WARNING" not in again.stderr and "nav" not in again.stderr, again.stderr
    assert (tmp_path / "site" / "ti4" / "scenarios" / "page-2.html").exists()
    listed = "".join(page.read_text("utf-8")
                     for page in (tmp_path / "site" / "ti4" / "scenarios").rglob("*.html"))
    assert 'id="a-new-one"' in listed


def test_a_written_page_changes_with_what_it_shows(tmp_path: Path) -> None:
    """A rebuild takes a written page's content from the cache only while nothing it shows
    changed: a scenario's title, a rule's text it previews."""
    config = make_site(tmp_path, {}, many(800))
    built(config)
    site, kept = tmp_path / "site", tmp_path / ".cache" / "plugin" / "checker" / "lists"
    last = list_pages_in(site)[-1]
    assert int(last.stem.removeprefix("page-")) >= 3
    written = len(list_pages_in(site)) - 1
    assert len(list(kept.glob("*.html"))) == written
    shown = re.findall(r'id="(gen-\d{5})" data-walkthrough', last.read_text("utf-8"))[0]
    number = int(shown.removeprefix("gen-"))
    source = tmp_path / "scenarios" / "ti4" / f"part-{number // 1000}" / \
        f"gen-{number // 10 * 10:05d}.yaml"
    text = source.read_text("utf-8")
    before = f"id: {shown}\n  title: Red scores Expand Borders\n"
    assert before in text
    source.write_text(text.replace(before, before.replace("Borders", "Borders, renamed")),
                      encoding="utf-8")
    built(config)
    page = last.read_text("utf-8")
    assert f'<a class="wt-link" href="#{shown}">Red scores Expand Borders, renamed</a>' in page
    assert f'<a href="#{shown}">Red scores Expand Borders, renamed</a>' in page  # its row
    rules = tmp_path / "docs" / "ti4" / "rules.md"
    rules.write_text(rules.read_text("utf-8").replace(
            '"} Scoring a public objective.', '"} Newly worded: Scoring a public objective.'),
                     encoding="utf-8")
    built(config)
    page = last.read_text("utf-8")
    assert 'data-rule-preview="ti4:61.12"' in page and "Newly worded: " in page
    # The contents no build shows any more are gone from the cache.
    assert len(list(kept.glob("*.html"))) == written


def test_written_pages_follow_the_sites_addresses(tmp_path: Path) -> None:
    """With `use_directory_urls: false` the list's pages are `page-3.html` and so on, linked
    and titled as the theme's page 2 is."""
    config = make_site(tmp_path, {}, many(800))
    with config.open("a", encoding="utf-8") as out:
        out.write("use_directory_urls: false\n")
    built(config)
    folder = tmp_path / "site" / "ti4" / "scenarios"
    pages = sorted(folder.glob("page-*.html"), key=lambda p: int(p.stem.removeprefix("page-")))
    assert len(pages) >= 3 and not list(folder.glob("page-*/"))
    count = len(pages) + 1
    scripts = re.findall(r'<script src="([^"]+)"', pages[0].read_text("utf-8"))
    assert any(src.endswith("assets/checker/checker.js") for src in scripts)
    for number, page in enumerate(pages, 2):
        text = page.read_text("utf-8")
        assert re.findall(r'<script src="([^"]+)"', text) == scripts, page
        assert f"scenarios, page {number} of {count} - Test</title>" in text, page
        assert f'<a aria-current="page">{number}</a>' in text
        assert '<a href="../scenarios.html">1</a>' in text
        others = [n for n in range(2, count + 1) if n != number]
        assert all(f'<a href="page-{n}.html">{n}</a>' in text for n in others), page


def list_pages_in(site: Path) -> list[Path]:
    """The pages the TI4 list continues on (page 2 on), in order."""
    return sorted(site.glob("ti4/scenarios/page-*.html"),
                  key=lambda p: int(p.stem.removeprefix("page-")))


def written_pages(site: Path) -> list[Path]:
    """The list's pages the plugin writes (page 3 on), in order."""
    return list_pages_in(site)[1:]


def test_a_rebuild_links_the_kept_pages_and_never_writes_through_a_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild links each written page from the cache while nothing it shows changed; a
    page changed through its link in the site is made again, not served; a new frame (the
    site's name) takes each page's content from the kept page."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the theme's pages say when they were built
    config = make_site(tmp_path, {}, many(800))
    built(config)
    site, kept = tmp_path / "site", tmp_path / ".cache" / "plugin" / "checker" / "lists"
    first = {p: p.read_bytes() for p in written_pages(site)}
    assert len(first) >= 2
    made: list[str] = []
    real = list_pages.part_html
    monkeypatch.setattr(list_pages, "part_html",
                        lambda context, part, links: made.append(part.uri) or real(
                            context, part, links))
    built(config)
    pages = written_pages(site)
    assert {p: p.read_bytes() for p in pages} == first and made == []
    inodes = {p.stat().st_ino for p in kept.glob("*.html")}
    assert {p.stat().st_ino for p in pages} == inodes, "hard links to the kept pages"
    # Something changes a page of the site in place: the next build makes it again.
    damaged = pages[0]
    with damaged.open("r+b") as out:
        out.write(b"<!-- changed in place -->")
    built(config)
    assert made == ["ti4/scenarios/" + damaged.stem + ".md"]
    assert damaged.read_bytes() == first[damaged]
    # --dirty: a page in the site is replaced, never written through its link.
    held = tmp_path / "held"  # links of our own to the kept files: what a write through changes
    held.mkdir()
    for page in kept.glob("*.html"):
        os.link(page, held / page.name)
    kept_bytes = {p.name: p.read_bytes() for p in held.iterdir()}
    (site / "sitemap.xml").unlink()  # what a dirty build writes again
    new_process()
    cfg = load_config(str(config), site_dir=str(site))
    cfg.plugins.on_startup(command="build", dirty=True)
    build(cfg, dirty=True)
    assert (site / "sitemap.xml").exists()
    assert {p.name: p.read_bytes() for p in held.iterdir()} == kept_bytes
    # A new site name changes every page's frame (as the build time does, in MkDocs' own
    # theme); the contents come from the kept pages.
    made.clear()
    config.write_text(config.read_text("utf-8").replace("site_name: Test",
                                                        "site_name: Renamed"), "utf-8")
    built(config)
    assert made == []
    for page in written_pages(site):
        text = page.read_text("utf-8")
        assert " - Renamed</title>" in text and " - Test</title>" not in text
        assert text.count('data-walkthrough') == first[page].decode("utf-8").count(
            'data-walkthrough')


def test_an_edited_scenario_makes_again_only_the_page_that_shows_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit of one standalone scenario (its title, then its verdict) makes again the one
    written page that shows it, not the others; the site is the one a build from an empty
    cache writes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the theme's pages say when they were built
    config = make_site(tmp_path, {}, many(800))
    built(config)
    site, cache = tmp_path / "site", tmp_path / ".cache" / "plugin" / "checker"
    pages = written_pages(site)
    assert len(pages) >= 3
    target = pages[1]
    shown = {int(n) for n in re.findall(r'id="gen-(\d{5})" data-walkthrough',
                                        target.read_text("utf-8"))}
    # A file of ten the page shows whole (a file whose scenarios two pages share makes both).
    start = next(n for n in range(0, 800, 10) if shown >= set(range(n, n + 10)))
    path = tmp_path / "scenarios" / "ti4" / f"part-{start // 1000}" / f"gen-{start:05d}.yaml"
    made: list[str] = []
    real = list_pages.part_html
    monkeypatch.setattr(list_pages, "part_html",
                        lambda context, part, links: made.append(part.uri) or real(
                            context, part, links))
    uri = "ti4/scenarios/" + target.stem + ".md"
    for old, new, seen in (("title: Red scores Expand Borders", "title: Red scores once more",
                            "Red scores once more"),
                           ("points: {Red: 1}", "points: {Red: 3}", "does not hold")):
        text = path.read_text("utf-8")
        path.write_text(text.replace(old, new, 1), "utf-8")
        made.clear()
        built(config, command="serve")
        assert made == [uri], new
        edited = {p: p.read_bytes() for p in written_pages(site)}
        assert seen in target.read_text("utf-8")
        shutil.rmtree(cache)  # from nothing kept: the same pages
        built(config, command="serve")
        assert {p: p.read_bytes() for p in written_pages(site)} == edited, new


def test_a_rebuild_digests_again_only_the_kept_pages_something_touched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept page's bytes are read and digested again only when its stamp (inode and change
    time) shows that something touched it since a build linked it: a rebuild reads none."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the pages' stamp says when they were built
    config = make_site(tmp_path, {}, many(300))
    built(config)
    digested: list[str] = []
    real = kept_pages._digest
    monkeypatch.setattr(kept_pages, "_digest",
                        lambda path, size: digested.append(path.name) or real(path, size))
    built(config)
    assert digested == []
    kept = sorted((tmp_path / ".cache" / "plugin" / "checker" / "lists").glob("*.html"))
    assert len(kept) >= 2
    os.chmod(kept[0], 0o644)  # its change time, not its bytes
    built(config)
    assert digested == [kept[0].name]
    built(config)
    assert digested == [kept[0].name], "stamped again when linked"


def test_a_damaged_index_of_kept_pages_only_makes_them_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the pages' stamp says when they were built
    config = make_site(tmp_path, {}, many(800))
    built(config)
    site, kept = tmp_path / "site", tmp_path / ".cache" / "plugin" / "checker" / "lists"
    first = {p: p.read_bytes() for p in written_pages(site)}
    good = json.loads((kept / "index.json").read_bytes())
    assert good and all(len(entry) == 8 and entry[5] for entry in good.values())

    def each(change: Callable[[list], list]) -> bytes:
        index = json.loads((kept / "index.json").read_bytes())
        return json.dumps({key: change(entry) for key, entry in index.items()}).encode()

    changes: list[Callable[[list], list]] = [
        lambda old: old[:7],  # the seal left out
        lambda old: ["", 0, 10**9, 1, [], "0" * 64, [0, 0], "0" * 64],
        lambda old: [*old[:7], "0" * 64],
        lambda old: [*old[:4], [["anchor", "heading", "text"]], *old[5:]],  # under its seal
        lambda old: [*old[:4], "sections", *old[5:]],
        lambda old: [*old[:6], [0, 0], old[7]]]  # another stamp under its seal
    for damage in (b"", b"{", b"[1, 2]", b'{"x": [1, 2, 3, 4, 5, []]}', *changes):
        (kept / "index.json").write_bytes(damage if isinstance(damage, bytes) else each(damage))
        built(config)
        assert {p: p.read_bytes() for p in written_pages(site)} == first, damage
        # Kept again as it was, what search finds of each page's sections included.
        again = json.loads((kept / "index.json").read_bytes())
        assert {key: [*entry[:3], *entry[4:6]] for key, entry in again.items()} == \
            {key: [*entry[:3], *entry[4:6]] for key, entry in good.items()}, damage
