"""Scale: with thousands of standalone scenarios no page embeds, no page of the site grows past
about 1 MB of HTML (the list page shows as many walkthroughs as its budget allows, and counts
the others by folder), and no link leads to a walkthrough the site does not show."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from sites import GOOD_YAML, built, make_site, mkdocs

from checker.site.context import LIST_BUDGET

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


def test_thousands_of_scenarios_make_no_page_over_1_mb(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, many(COUNT))
    cfg = built(config)
    sizes = {str(path.relative_to(tmp_path / "site")): path.stat().st_size
             for path in (tmp_path / "site").rglob("*.html")}
    assert max(sizes.values()) < MAX_PAGE, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]
    listing = (tmp_path / "site" / "ti4" / "scenarios" / "index.html").read_text("utf-8")
    shown = listing.count('<div class="wt"')
    assert 50 < shown < COUNT
    # The others are counted by folder, not listed one by one.
    assert "more scenarios in <code>scenarios/ti4/part-2/</code>, 1,000 of them hold" in listing
    assert "gen-02999" not in listing
    # What the site does not show, nothing links to: rules.json says so.
    rules = json.loads((tmp_path / "site" / "rules.json").read_text("utf-8"))
    urls = {s["id"]: s["url"] for s in rules["scenarios"]}
    assert sum(1 for url in urls.values() if url) == shown
    assert urls["gen-00000"] is not None and urls[f"gen-{COUNT - 1:05d}"] is None
    assert LIST_BUDGET < MAX_PAGE
    assert not cfg.plugins["checker"].context.problems


def test_adding_a_scenario_prints_no_warning_about_a_page_nobody_wrote(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, many(30))
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
    assert 'id="a-new-one"' in (tmp_path / "site" / "ti4" / "scenarios" / "index.html").read_text(
        "utf-8")
