"""A game's coverage page: every rule with the verified examples that illustrate it and that
the engine decided by it, the uncovered rules first, the sections covered only through their
rules apart (with how many of them have examples), and the game's totals."""

from __future__ import annotations

import re

import pytest
from repo_games import TI4_TITLES as TITLES
from rule_sites import cited_site
from sites import mkdocs

from checker.site.render.coverage import rule_order

_ROW = re.compile(r'<tr><td><a class="rule-ref" href="[^"]*#([^"]+)"[^>]*>[^<]*</a></td>'
                  r"<td>([^<]*)</td><td>(\d+)</td><td>(\d+)</td></tr>")
_SECTION_ROW = re.compile(r'<tr><td><a class="rule-ref" href="[^"]*#([^"]+)"[^>]*>[^<]*</a></td>'
                          r"<td>([^<]*)</td><td>(\d+) of (\d+)</td></tr>")


@pytest.fixture(scope="module")
def coverage(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("covered")
    done = mkdocs(cited_site(root), "--strict")
    assert done.returncode == 0, done.stderr
    return (root / "site" / "ti4" / "coverage" / "index.html").read_text(encoding="utf-8")


def rows(html: str) -> list[tuple[str, str, int, int]]:
    return [(ref, title, int(illustrated), int(cited))
            for ref, title, illustrated, cited in _ROW.findall(html)]


def section_rows(html: str) -> list[tuple[str, str, int, int]]:
    return [(ref, title, int(covered), int(parts))
            for ref, title, covered, parts in _SECTION_ROW.findall(html)]


def test_each_rule_counts_the_verified_examples_that_illustrate_it_and_that_cite_it(
        coverage: str) -> None:
    counted = {ref: (illustrated, cited) for ref, _, illustrated, cited in rows(coverage)}
    assert len(counted) + len(section_rows(coverage)) == len(TITLES)
    assert counted["61.12"] == (2, 2), "the page's example and ti4-second"
    assert counted["61.6"] == (1, 0), "ti4-second names it in about:; the engine never cites it"
    assert counted["61.8"] == (0, 1), "the engine refused ti4-second's step 2 by it"
    assert counted["61.5"] == (0, 0), "only the disputed example illustrates it"


def test_the_rules_no_example_covers_come_first_in_rule_order(coverage: str) -> None:
    found = rows(coverage)
    covered = [ref for ref, _, illustrated, cited in found if illustrated or cited]
    assert covered == ["61.6", "61.8", "61.12"]
    assert [ref for ref, *_ in found[-3:]] == covered
    uncovered = [f"ti4:{ref}" for ref, *_ in found[:-3]]
    assert uncovered == sorted(uncovered, key=rule_order)
    assert coverage.index("Rules no example covers (119)") < \
        coverage.index("Rules with examples (3)") < \
        coverage.index("Sections covered through their rules (1)")


def test_a_section_covered_only_through_its_rules_says_how_many_of_them_have_examples(
        coverage: str) -> None:
    """Section 61 is covered through its parts (61.6, 61.8, 61.12), though no example names
    it: it is listed apart, not among the rules with examples with two counts of 0."""
    parts = sum(1 for ref in TITLES if ref.startswith("61."))
    assert section_rows(coverage) == [("61", TITLES["61"], 3, parts)]
    with_examples = coverage[coverage.index('<h2 id="rules-with-examples'):]
    assert all(illustrated or cited for _, _, illustrated, cited in rows(with_examples))


def test_the_page_gives_the_games_totals_and_titles(coverage: str) -> None:
    assert ("Twilight Imperium (4th edition): <strong>123 rules</strong>, 4 of them covered "
            "(3%): 3 by a verified example, 1 through the rules under them; 119 not covered "
            "yet. Worked examples: 3, 2 of them verified.") in coverage
    assert ("61.6", TITLES["61.6"], 1, 0) in rows(coverage)


def test_a_section_is_made_of_the_rules_under_its_number() -> None:
    from checker.site.render.coverage import _is_part

    assert _is_part("ti4:61.6", "ti4:61") and _is_part("ti4:2.3c", "ti4:2.3")
    assert _is_part("ti4:61.note2", "ti4:61")
    assert not _is_part("ti4:10", "ti4:1") and not _is_part("ti4:61", "ti4:61")
    assert not _is_part("ti4:61.6", "ti4:6")


def test_rules_sort_by_their_numbers() -> None:
    rules = ["ti4:61.10", "ti4:61.note2", "ti4:61.5a", "ti4:61", "ti4:61.2", "ti4:61.5",
             "ti4:61.note10"]
    assert sorted(rules, key=rule_order) == ["ti4:61", "ti4:61.2", "ti4:61.5", "ti4:61.5a",
                                             "ti4:61.10", "ti4:61.note2", "ti4:61.note10"]
