"""What the pictures add to the walkthroughs of a built site.

    .venv/bin/mkdocs build -d /tmp/site && .venv/bin/python benchmarks/walkthrough_pictures.py /tmp/site

    # and against a site built before a change, game by game:
    .venv/bin/python benchmarks/walkthrough_pictures.py /tmp/site /tmp/site-before

It reads every page the build wrote and takes each walkthrough that shows a picture (its
`<div ... data-walkthrough>` element as served, the first time a page shows it). It measures
each three ways, raw bytes and gzipped (level 6, as web servers compress):

- without pictures: its `<div class="wt-picture">` taken out, the walkthrough as it was
  before it had any;
- unshared: every `<use>` replaced by the part it shows, as if each picture held its own
  board;
- as served: the parts pictures draw alike written once, where first drawn, and shown by
  `<use>` (moved by x and y where they stand elsewhere) in the others.

It prints every walkthrough of ten steps or more, the median one, and the totals. Given a
second site, built before a change, it also compares each game's walkthroughs as served there
and here: the median walkthrough (by its size before) and the totals, raw and gzipped.
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
from pathlib import Path

START = re.compile(r'<div class="wt[^"]*" id="(?P<id>[^"]+)" data-walkthrough[\s>]')
"""A walkthrough's start (not a folded line's, `data-walkthrough-line`, which only opens it)."""
END = "</details>\n</div>"
"""A walkthrough ends with its YAML source; a picture holds no `</details>`."""
PICTURE = re.compile(r'<div class="wt-picture">.*?</svg></div>', re.DOTALL)
SHARED = re.compile(r'<g (?:class="pic-fixed" )?id="(?P<id>[^"]+)"(?: transform="[^"]*")?>')
"""A part written once for the pictures of a walkthrough to show (as served before c4764c7's
follow-up, it also had the class `pic-fixed`)."""
USE = re.compile(r'<use xlink:href="#(?P<id>[^"]+)"(?: x="(?P<x>[-.\d]+)")?(?: y="(?P<y>[-.\d]+)")?/>')
GROUP = re.compile(r"<(/?)g\b[^>]*?(/?)>")


def walkthroughs(site: Path, pictured: bool = True) -> dict[str, str]:
    """Each walkthrough with a picture (or each, without `pictured`), by id (the first page
    showing it)."""
    found: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        for match in START.finditer(html):
            end = html.index(END, match.start()) + len(END)
            piece = html[match.start():end]
            if "wt-picture" in piece or not pictured:
                found.setdefault(match["id"], piece)
    return found


def unshared(html: str) -> str:
    """The walkthrough with each `<use>` replaced by the part it shows (moved where it shows
    it), and so on for the parts those hold, as if every picture held all it draws."""
    parts = {}
    for match in SHARED.finditer(html):
        depth = 0
        for tag in GROUP.finditer(html, match.start()):
            depth += -1 if tag[1] else 0 if tag[2] else 1
            if depth == 0:
                parts[match["id"]] = html[match.start():tag.end()].replace(
                    f' id="{match["id"]}"', "", 1)
                break

    def whole(use: re.Match[str]) -> str:
        part = USE.sub(whole, parts[use["id"]])
        if use["x"] or use["y"]:
            part = f'<g transform="translate({use["x"] or 0} {use["y"] or 0})">{part}</g>'
        return part
    return USE.sub(whole, html)


def sizes(html: str) -> tuple[int, int]:
    data = html.encode("utf-8")
    return len(data), len(gzip.compress(data, 6))


def main(site: Path) -> None:
    rows = []
    for scenario_id, html in walkthroughs(site).items():
        rows.append((scenario_id, html.count('<li class="wt-step"'),
                     html.count('class="wt-picture"'), *sizes(PICTURE.sub("", html)),
                     *sizes(unshared(html)), *sizes(html)))
    if not rows:
        sys.exit(f"no walkthrough with a picture under {site}")

    def line(name: str, steps: object, pictures: object, *figures: int) -> str:
        raw0, gz0, raw1, gz1, raw, gz = figures
        return (f"{name:<44} {steps!s:>5} {pictures!s:>4}  {raw0:>8,} {raw1:>8,} {raw:>8,} "
                f"{raw / raw0 - 1:>+5.0%}  {gz0:>7,} {gz1:>7,} {gz:>7,} {gz / gz0 - 1:>+5.0%}")

    print(f"{'':<44} {'':>5} {'':>4}  {'raw bytes':^32}  {'gzipped':^29}")
    print(f"{'walkthrough':<44} {'steps':>5} {'pics':>4}  {'none':>8} {'unshared':>8} "
          f"{'served':>8} {'':>5}  {'none':>7} {'unshrd':>7} {'served':>7}")
    for row in sorted(rows, key=lambda r: -r[1]):
        if row[1] >= 10:
            print(line(*row))
    middle = sorted(rows, key=lambda r: r[7])[len(rows) // 2]
    print(line(f"median: {middle[0]}", *middle[1:]))
    totals = [sum(row[i] for row in rows) for i in range(1, 9)]
    print(line(f"all {len(rows)} walkthroughs with a picture", *totals))
    count = len(rows)
    print(f"mean per walkthrough: {statistics.mean(r[3] for r in rows):,.0f} -> "
          f"{statistics.mean(r[7] for r in rows):,.0f} bytes raw, "
          f"{statistics.mean(r[4] for r in rows):,.0f} -> "
          f"{statistics.mean(r[8] for r in rows):,.0f} gzipped ({count} walkthroughs); "
          f"per picture: {(totals[4] - totals[2]) / totals[1]:,.0f} bytes raw unshared, "
          f"{(totals[6] - totals[2]) / totals[1]:,.0f} served")


GAMES = ("ti4", "ti3", "arcs")
"""Scenario ids start with their game's name."""


def compare(site: Path, before: Path) -> None:
    """Each game's walkthroughs as served before and now: the median and the totals."""
    now, then = walkthroughs(site, pictured=False), walkthroughs(before, pictured=False)
    print(f"\n{'game':<6} {'walkthroughs':>12}  {'median before':>13} {'now':>7} {'':>5}  "
          f"{'gz before':>9} {'now':>6} {'':>5}  {'all before':>10} {'now':>9} {'':>5}  "
          f"{'gz before':>9} {'now':>8} {'':>5}")
    for game in GAMES:
        ids = sorted((i for i in now if i in then and i.startswith(game + "-")),
                     key=lambda i: len(then[i]))
        if not ids:
            continue
        middle = ids[len(ids) // 2]
        (raw0, gz0), (raw1, gz1) = sizes(then[middle]), sizes(now[middle])
        totals = [sum(sizes(pages[i])[k] for i in ids) for pages in (then, now) for k in (0, 1)]
        print(f"{game:<6} {len(ids):>12}  {raw0:>13,} {raw1:>7,} {raw1 / raw0 - 1:>+5.0%}  "
              f"{gz0:>9,} {gz1:>6,} {gz1 / gz0 - 1:>+5.0%}  {totals[0]:>10,} {totals[2]:>9,} "
              f"{totals[2] / totals[0] - 1:>+5.0%}  {totals[1]:>9,} {totals[3]:>8,} "
              f"{totals[3] / totals[1] - 1:>+5.0%}   median: {middle}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "site"))
    if len(sys.argv) > 2:
        compare(Path(sys.argv[1]), Path(sys.argv[2]))
