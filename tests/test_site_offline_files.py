"""What a built site holds for reading offline (`checker.site.publish.offline_files`): the list
of every file "Keep this site for offline reading" keeps, made from what the build wrote, and
the fallback page shown in place of a page not kept, made by the theme.

The browser side (keeping, the fallback page filled in, search marked) is in
`test_site_offline`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from sites import GOOD, built, make_site
from test_site_scale import many

from checker.site.publish.offline_files import (
    FALLBACK_MARK,
    MANIFEST,
    KeptPage,
    offline_list,
    sectioned,
)

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "checker" / "site" / "assets"
STAMP = re.compile(r'<div class="checker-build" data-built="([^"]+)" hidden></div>')

HOME = KeptPage("", "Home", "", "index.html")
RULES = KeptPage("ti4/rules/", "Rules (61)", "Twilight Imperium 4", "ti4/rules/index.html")
FALLBACK = KeptPage("offline/", "You are offline", "", "offline/index.html")


def _site(root: Path, paths: list[str]) -> Path:
    for path in paths:
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(b"x" * (len(path) + 1))
    return root


WRITTEN = ["index.html", "ti4/rules/index.html", "ti4/rules/walkthroughs.html",
           "offline/index.html", "404.html", "sw.js", "sitemap.xml", "sitemap.xml.gz",
           "search/search_index.json", "assets/javascripts/bundle.min.js",
           "assets/javascripts/bundle.min.js.map", "assets/javascripts/workers/search.min.js",
           "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/lunr/wordcut.js",
           "assets/javascripts/lunr/min/lunr.de.min.js",
           "assets/javascripts/lunr/min/lunr.ja.min.js",
           "assets/javascripts/lunr/min/lunr.multi.min.js",
           "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
           "assets/images/a picture.png", "assets/checker/checker.js", MANIFEST,
           "assets/checker/browser/bundle.json", "assets/checker/browser/pyodide/py.wasm",
           "assets/checker/browser/checker.zip", "assets/checker/browser/templates/ti4.json",
           ".nojekyll", ".hidden/page.html"]
"""What a build may write: pages, a walkthroughs file, the fallback page, the theme's files
and those no page loads."""


def test_the_list_holds_what_pages_load_and_the_checker_apart(tmp_path: Path) -> None:
    site = _site(tmp_path, WRITTEN)
    listed = offline_list(site, "2025-05-03T14:02:11.123Z", [HOME, RULES, FALLBACK], FALLBACK,
                          ["en"])
    assert listed.build == "2025-05-03T14:02:11.123Z"
    assert listed.fallback == "offline/"
    assert listed.pages == (HOME, RULES), "the fallback page is no page to list"
    assert [kept.url for kept in listed.files] == [
        "", "sitemap.xml", "assets/checker/checker.js", "assets/checker/browser/bundle.json",
        "assets/checker/browser/templates/ti4.json", "assets/images/a%20picture.png",
        "assets/javascripts/bundle.min.js", "assets/javascripts/workers/search.min.js",
        "offline/", "search/search_index.json", "ti4/rules/", "ti4/rules/walkthroughs.html"]
    assert [kept.url for kept in listed.checker] == [
        "assets/checker/browser/checker.zip", "assets/checker/browser/pyodide/py.wasm"]
    sizes = {kept.url: kept.size for kept in listed.files}
    assert sizes["ti4/rules/"] == len("ti4/rules/index.html") + 1


def test_the_searchs_language_files_are_kept_for_the_sites_languages(tmp_path: Path) -> None:
    site = _site(tmp_path, WRITTEN)

    def lunr(languages: list[str]) -> list[str]:
        listed = offline_list(site, "", [], None, languages)
        return [kept.url.removeprefix("assets/javascripts/lunr/") for kept in listed.files
                if "/lunr/" in kept.url]

    assert lunr(["en"]) == []
    assert lunr(["de"]) == ["min/lunr.de.min.js", "min/lunr.stemmer.support.min.js"]
    assert lunr(["en", "ja"]) == ["tinyseg.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js",
                                  "min/lunr.stemmer.support.min.js"]


def test_the_list_as_json_names_each_page_by_title_and_section(tmp_path: Path) -> None:
    site = _site(tmp_path, ["index.html", "ti4/rules/index.html"])
    data = json.loads(offline_list(site, "b", [HOME, RULES], None, ["en"]).json())
    assert data == {
        "build": "b", "fallback": None,
        "pages": [{"url": "", "title": "Home", "section": ""},
                  {"url": "ti4/rules/", "title": "Rules (61)", "section": "Twilight Imperium 4"}],
        "files": [{"url": "", "bytes": 11}, {"url": "ti4/rules/", "bytes": 21}],
        "checker": []}


EMBED = "# Embed\n\nAn example.\n\n" + GOOD


def test_the_plugin_lists_every_file_a_page_loads_and_writes_the_fallback_page(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/embed.md": EMBED}, material=True)
    built(config)
    site = tmp_path / "site"
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    home = (site / "index.html").read_text(encoding="utf-8")
    stamp = STAMP.search(home)
    assert stamp is not None and data["build"] == stamp[1], "the build the pages carry"
    assert data["fallback"] == "offline/"
    pages = {page["url"]: (page["title"], page["section"]) for page in data["pages"]}
    assert pages[""] == ("Home", "")
    assert pages["ti4/embed/"] == ("Embed", "Ti4")
    assert "offline/" not in pages
    urls = [file["url"] for file in data["files"]]
    assert {"", "ti4/embed/", "ti4/embed/walkthroughs.html", "offline/",
            "search/search_index.json", "assets/checker/checker.js", "sw.js"} - set(urls) \
        == {"sw.js"}, "every page, its walkthroughs, the fallback, search and the scripts"
    for file in data["files"] + data["checker"]:
        path = site / file["url"]
        path = path / "index.html" if file["url"].endswith("/") or not file["url"] else path
        assert path.stat().st_size == file["bytes"], file["url"]
    assert not [url for url in urls if url.endswith(".map")]

    fallback = (site / "offline" / "index.html").read_text(encoding="utf-8")
    assert FALLBACK_MARK in fallback and "<h1" in fallback and "You are offline" in fallback
    assert 'class="md-header' in fallback, "made by the theme, with its look"
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert not [doc for doc in index["docs"] if doc["location"].startswith("offline/")]


def test_a_docs_folder_page_of_the_fallbacks_name_stays_the_sites_own(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"offline.md": "# Our offline notes\n"}, material=True)
    built(config)
    site = tmp_path / "site"
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert data["fallback"] is None
    assert {"url": "offline/", "title": "Our offline notes", "section": ""} in data["pages"]
    assert "Our offline notes" in (site / "offline" / "index.html").read_text(encoding="utf-8")


def test_the_scripts_name_the_list_and_the_fallback_mark_the_build_writes() -> None:
    for script in ("sw.js", "offline.js"):
        source = (ASSETS / script).read_text(encoding="utf-8")
        assert f'"{MANIFEST}"' in source, script
    assert f'"{FALLBACK_MARK}"' in (ASSETS / "sw.js").read_text(encoding="utf-8")
    assert f'"[{FALLBACK_MARK}]"' in (ASSETS / "offline.js").read_text(encoding="utf-8")


def test_the_pages_a_long_list_continues_on_are_listed_by_title_in_its_section(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, many(1200))
    built(config)
    site = tmp_path / "site"
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    continued = [path.name for path in (site / "ti4" / "scenarios").glob("*.html")
                 if path.name != "index.html"]
    assert len(continued) >= 3, "the list continues on pages, some written from its frame"
    listed = [(page["url"], page["title"], page["section"]) for page in data["pages"]]
    first = [entry for entry in listed if entry[0] == "ti4/scenarios/"]
    assert first == [("ti4/scenarios/", "All TI4 scenarios", "Ti4")]
    after = listed[listed.index(first[0]) + 1:][:len(continued)]
    assert sorted(url for url, _, _ in after) == sorted(f"ti4/scenarios/{name}"
                                                        for name in continued)
    numbers = [re.search(rf"page (\d+) of {len(continued) + 1}$", title) for _, title, _ in after]
    assert sorted(int(found[1]) for found in numbers if found) == \
        list(range(2, len(continued) + 2)), "each titled, and with its number"
    assert {section for _, _, section in after} == {"Ti4"}, "in the list's section"
    assert {url for url, _, _ in after} <= {file["url"] for file in data["files"]}


def test_pages_out_of_the_nav_go_with_the_nearest_page_above_them() -> None:
    pages = [HOME, RULES, KeptPage("guide/", "Guide", "Guide", "guide/index.html"),
             KeptPage("ti4/rules/page-2.html", "Rules, page 2", "", "ti4/rules/page-2.html"),
             KeptPage("ti4/x/y/z/", "Deep", "", "ti4/x/y/z/index.html"),
             KeptPage("other/", "Other", "", "other/index.html")]
    placed = sectioned(pages, {"ti4/rules/page-2.html", "ti4/x/y/z/", "other/"})
    assert [(page.url, page.section) for page in placed] == [
        ("", ""), ("ti4/x/y/z/", ""), ("other/", ""), ("ti4/rules/", "Twilight Imperium 4"),
        ("ti4/rules/page-2.html", "Twilight Imperium 4"), ("guide/", "Guide")]
