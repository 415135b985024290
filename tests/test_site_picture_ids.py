"""Picture ids are unique on a page: each walkthrough's start with a prefix taken from its
scenario's id (`placing.prefix`), and two scenarios whose prefixes are the same, once in
millions of pairs, still get pictures of their own when one page shows both."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from sites import GOOD_YAML, built, html, make_site

from checker.site.walkthroughs.placing import prefix


def colliding_ids() -> tuple[str, str]:
    """Two scenario ids with the same picture prefix, found by trying (a few thousand)."""
    seen: dict[str, str] = {}
    for number in itertools.count():
        scenario_id = f"same-{number}"
        found = seen.setdefault(prefix(scenario_id), scenario_id)
        if found != scenario_id:
            return found, scenario_id
    raise AssertionError("unreachable")


def test_two_walkthroughs_with_the_same_prefix_keep_their_own_pictures(tmp_path: Path) -> None:
    first, second = colliding_ids()
    assert prefix(first) == prefix(second)
    fences = "".join(
        "```scenario\n" + GOOD_YAML.replace("ti4-page-example", name).replace(
            "Red scores", f"{name}, Red scores") + "```\n\n" for name in (first, second))
    make_site(tmp_path, {"ti4/both.md": f"# Both\n\n{fences}"})
    built(tmp_path / "mkdocs.yml")
    page = html(tmp_path, "ti4/both/walkthroughs.html")  # what the page's lines open
    ids = re.findall(r'<g id="([^"]+)"', page)
    assert ids and len(ids) == len(set(ids)), "every picture part has an id of its own"
    shared = set(re.findall(r'xlink:href="#([^"]+)"', page))
    assert shared <= set(ids)
    walkthroughs = re.findall(r'<div class="wt"[^>]* id="(same-\d+)".*?(?=<div class="wt"|\Z)',
                              page, re.DOTALL)
    assert walkthroughs == [first, second]
    parts = [set(re.findall(r'<g id="(p[0-9a-z]{5})', chunk))
             for chunk in re.split(r'<div class="wt"[^>]* id="same-\d+"', page)[1:]]
    assert parts[0] == {prefix(first)} and parts[1] and parts[1] != parts[0]
