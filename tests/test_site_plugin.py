"""The MkDocs plugin on real MkDocs: a real `MkDocsConfig`, real builds of small sites, the
real `mkdocs` command for what a user sees when an example or a reference is wrong."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from sites import GOOD, GOOD_YAML, built, html, make_site, mkdocs, plugin_of

from checker import limits
from checker.citations import engine_citations
from checker.registry import installed
from checker.site.examples import verify
from checker.site.hosting import gather
from checker.site.plugin import EXTENSION, RulesPlugin


def test_the_config_validates_cleanly_with_typed_options(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    config = MkDocsConfig(config_file_path=str(tmp_path / "mkdocs.yml"))
    config.load_dict({"site_name": "Test", "docs_dir": str(tmp_path / "docs"),
                      "markdown_extensions": [{EXTENSION: {"scenarios": "examples"}}],
                      "plugins": [{"checker": {"enabled": True, "cache_dir": ".cache/x"}}]})
    errors, warnings = config.validate()
    assert (errors, warnings) == ([], [])
    plugin = config.plugins["checker"]
    assert isinstance(plugin, RulesPlugin)
    assert plugin.config.enabled is True and plugin.config.cache is True
    plugin.on_config(config)
    assert plugin.folders is not None and plugin.folders.scenarios == tmp_path / "examples"


def test_a_wrong_option_type_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    config = MkDocsConfig(config_file_path=str(tmp_path / "mkdocs.yml"))
    config.load_dict({"site_name": "Test", "docs_dir": str(tmp_path / "docs"),
                      "plugins": [{"checker": {"enabled": "sometimes"}}]})
    errors, _ = config.validate()
    assert errors and "enabled" in str(errors[0][1])


def test_rule_items_get_their_number_and_anchor_and_links_resolve_across_pages(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/other.md": "# Other\n\nSee [[ti4:61.6]] and "
                                                  "[[ti4:98.7|the goal rule]], not `[[ti4:1.1]]`.\n"})
    built(config)
    rules = html(tmp_path, "ti4/rules")
    assert '<p class="rule rule--depth-1" data-rule="ti4:61.6" id="61.6"><a class="rule-num" ' \
           'href="#61.6" title="Link to ti4:61.6">61.6</a>' in rules
    assert 'id="61.5a"' in rules and "rule--depth-2" in rules
    assert '<a class="rule-num" href="#61.note2" title="Link to ti4:61.note2">61 note 2</a>' in rules
    other = html(tmp_path, "ti4/other")
    assert '<a class="rule-ref" href="../rules/#61.6" title="ti4:61.6: ' in other
    assert '>the goal rule</a>' in other
    assert "<code>[[ti4:1.1]]</code>" in other


def test_a_page_example_is_checked_and_rendered_as_a_walkthrough(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/example.md": "# Example\n\n" + GOOD})
    cfg = built(config)
    page = html(tmp_path, "ti4/example")
    assert 'id="ti4-page-example" data-walkthrough-line' in page  # folded to its line
    assert "wt-badge--verified" in page and "Illustrates 61.12" in page
    kept = html(tmp_path, "ti4/example/walkthroughs.html")
    assert 'id="ti4-page-example" data-walkthrough ' in kept
    assert '<a class="rule-ref" href="../rules/#61.12"' in kept
    assert plugin_of(cfg).checks.runs == 1
    assert plugin_of(cfg).folders not in gather._CHECKS, "the pages used the plugin's context"
    listing = html(tmp_path, "ti4/scenarios")
    assert "Red scores Expand Borders" in listing and "example.md#ti4-page-example" not in listing
    assert 'href="../example/#ti4-page-example"' in listing


def test_a_walkthrough_is_searchable_by_its_title_and_narration_not_its_state(
        tmp_path: Path) -> None:
    page = "# Example\n\n" + GOOD.replace("  - score:", "  # Red fulfils the card and scores it.\n  - score:")
    config = make_site(tmp_path, {"ti4/example.md": page}, material=True)
    built(config)
    written = html(tmp_path, "ti4/example")
    assert 'id="ti4-page-example" data-walkthrough-line>' in written and "wt-slot" not in written
    kept = html(tmp_path, "ti4/example/walkthroughs.html")
    assert 'id="ti4-page-example" data-walkthrough ' in kept
    assert "Custodians token" in kept, "the file beside the page has the whole walkthrough"
    assert "Custodians token" not in written, "the rules page shows the example as one line"
    assert '<span class="wt-from-label">Source not stated</span>' in written, \
        "the one line says where its ruling comes from, or that it does not say"
    index = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(doc["text"] + doc["title"] for doc in index["docs"]
                    if doc["location"].startswith("ti4/example/"))
    assert "Red scores Expand Borders" in text and "Red fulfils the card and scores it." in text
    assert "Custodians token" not in text and "public_objectives" not in text


def test_a_standalone_scenario_is_embedded_by_id_and_listed(tmp_path: Path) -> None:
    body = GOOD_YAML.replace("ti4-page-example", "ti4-file")
    config = make_site(tmp_path, {"ti4/embed.md": "# Embed\n\n!!! example\n\n    [[scenario:ti4-file]]\n"},
                       {"ti4/one.yaml": body})
    built(config)
    assert 'id="ti4-file" data-walkthrough' in html(tmp_path, "ti4/embed")
    listing = html(tmp_path, "ti4/scenarios")
    assert 'href="../embed/#ti4-file">Red scores Expand Borders</a>' in listing
    assert "data-walkthrough" not in listing, "the list links to the page that shows it"


def test_a_scenario_no_page_embeds_is_shown_on_the_list_page_and_found_by_search(
        tmp_path: Path) -> None:
    body = GOOD_YAML.replace("ti4-page-example", "ti4-file")
    config = make_site(tmp_path, {}, {"ti4/one.yaml": body, "ti4/two.yaml": body.replace(
        "ti4-file", "ti4-other").replace("title: Red scores", "title: Red, too, scores")},
        material=True)
    built(config)
    listing = html(tmp_path, "ti4/scenarios")
    assert 'id="ti4-file" data-walkthrough' in listing
    assert 'id="ti4-other" data-walkthrough' in listing
    assert '<h2 id="section-61-objective-cards">Section 61, Objective cards' in listing
    assert 'href="#ti4-file">Red scores Expand Borders</a>' in listing
    assert 'href="#ti4-other">Red, too, scores Expand Borders</a>' in listing
    assert '<a class="rule-ref" href="../rules/#61.12"' in listing
    index = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text("utf-8"))
    found = {doc["location"] for doc in index["docs"]
             if "Red, too, scores Expand Borders" in doc["text"]}
    assert found == {"ti4/scenarios/#section-61-objective-cards"}, \
        "found where the walkthrough is, once: the table is not indexed"
    assert not any("Shown on" in doc["text"] for doc in index["docs"])


def test_a_scenario_no_page_shows_is_a_problem_when_no_page_lists_its_game(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/scenarios.md": "# Not a list\n"},
                       {"ti4/one.yaml": GOOD_YAML.replace("ti4-page-example", "ti4-file")})
    result = mkdocs(config)
    assert result.returncode == 1
    assert ("scenarios/ti4/one.yaml:1:1: no page shows scenario 'ti4-file': embed it with "
            "[[scenario:ti4-file]], or list the ti4 scenarios on a page with "
            "[[scenarios:ti4]]") in result.stderr


@pytest.mark.parametrize("flags", [(), ("-q",), ("-v",)])
def test_a_wrong_winner_fails_the_build_naming_file_line_and_column(
        tmp_path: Path, flags: tuple[str, ...]) -> None:
    page = "---\ntitle: Broken\n---\n# Broken\n\n" + GOOD.replace(
        "expect:\n  points: {Red: 1}", "expect:\n  points: {Red: 1}\n  winner: Blue")
    config = make_site(tmp_path, {"ti4/broken.md": page})
    result = mkdocs(config, *flags)
    assert result.returncode == 1
    # Front matter (3 lines) + heading + blank + fence: `winner:` is on line 21.
    line = next(n for n, text in enumerate(page.split("\n"), 1) if "winner: Blue" in text)
    assert f"docs/ti4/broken.md:{line}:11: winner: stated Blue, engine null" in result.stderr
    assert not (tmp_path / "site" / "ti4" / "broken").exists()


def test_broken_references_fail_the_build_each_at_its_line(tmp_path: Path) -> None:
    config = make_site(tmp_path, {
        "ti4/zz-refs.md": "# Refs\n\nSee [[ti4:61.66]].\n\n[[scenario:nope]]\n\n§61.6 Again.\n"
                          "\n[[scenarios:ti5]]\n\n[[scenarios:ti4]]\n",
        "guide.md": "# Guide\n\n§61.6 Not in a game folder.\n"})
    result = mkdocs(config)
    assert result.returncode == 1
    for line in ("docs/ti4/zz-refs.md:3:5: unknown rule ti4:61.66 (did you mean ti4:61.6?)",
                 "docs/ti4/zz-refs.md:5:3: no scenario with the id 'nope'",
                 "docs/ti4/zz-refs.md:7:1: rule ti4:61.6 is already defined at docs/ti4/rules.md:",
                 "docs/ti4/zz-refs.md:9:3: no game 'ti5' (the games: arcs, ti3, ti4)",
                 ("docs/ti4/zz-refs.md:11:3: the ti4 scenarios are already listed at "
                  "docs/ti4/scenarios.md:3:3"),
                 "docs/guide.md:3:1: rule marker §61.6 outside a game's folder"):
        assert line in result.stderr


def test_a_malformed_reference_fails_the_build_at_its_place(tmp_path: Path) -> None:
    """Each was shown as escaped text and the build passed."""
    config = make_site(tmp_path, {"ti4/zz-bad.md": (
        '# Bad\n\nSee [[ti4:61.6">a label]] and `[[shown as code]]`.\n\n'
        "[[scenario:<img src=x>]]\n\n[[scenarios:]]\n\n[[coverage:]]\n")})
    result = mkdocs(config)
    assert result.returncode == 1
    found = [line.split(": write ")[0].split("checker: ")[-1] for line in result.stderr.splitlines()
             if "malformed reference" in line]
    assert found == ["docs/ti4/zz-bad.md:3:5: malformed reference '[[ti4:61.6\">a label]]'",
                     "docs/ti4/zz-bad.md:5:1: malformed reference '[[scenario:<img src=x>]]'",
                     "docs/ti4/zz-bad.md:7:1: malformed reference '[[scenarios:]]'",
                     "docs/ti4/zz-bad.md:9:1: malformed reference '[[coverage:]]'"]


def test_a_page_past_the_size_limit_is_refused_unread_under_the_plugin(tmp_path: Path) -> None:
    """The plugin checked every fence of a page that `checker run` and Zensical refuse."""
    fence = GOOD.replace("id: x", "id: x{n}")
    filler = "Words of a long page. " * 800
    body = "".join(fence.replace("{n}", str(n)) + "\n" + filler + "\n\n" for n in range(60))
    assert len(body) > limits.FILE_BYTES
    config = make_site(tmp_path, {"ti4/huge.md": "# Huge\n\n" + body})
    result = mkdocs(config, "-q")
    assert result.returncode == 1
    assert (f"docs/ti4/huge.md:1:1: cannot read file: the file is {len(body) + 8:,} bytes; "
            f"scenario files and pages may have at most {limits.FILE_BYTES:,}") in result.stderr
    assert "x0" not in result.stderr and "Traceback" not in result.stderr
    built(config, command="serve")  # serve goes on: the page says it was not read
    page = html(tmp_path, "ti4/huge")
    assert "cannot read file: the file is" in page and "data-walkthrough" not in page


def test_a_rule_the_engine_cites_but_no_page_defines_fails_at_the_engines_line(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {})
    rules = tmp_path / "docs" / "ti4" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("§98.8{", "98.8{"), encoding="utf-8")
    result = mkdocs(config)
    assert result.returncode == 1
    game = installed().games["ti4"]
    first = next(c for c in engine_citations("ti4", game.source, str(game.source))
                 if c.rule == "ti4:98.8")
    assert f"{first.location}: the ti4 engine cites ti4:98.8, which no page defines" \
        in result.stderr, result.stderr
    assert "/checker/games/ti4/" in str(first.location)


def test_a_wrong_standalone_scenario_fails_the_build(tmp_path: Path) -> None:
    body = GOOD_YAML.replace("{Red: 1}", "{Red: 2}")
    config = make_site(tmp_path, {}, {"ti4/wrong.yaml": body})
    result = mkdocs(config)
    assert result.returncode == 1
    assert "scenarios/ti4/wrong.yaml:13:17: points.Red: stated 2, engine 1" in result.stderr


def test_serve_keeps_going_and_shows_the_failure_in_red_on_the_page(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/broken.md": "# Broken\n\n" + GOOD.replace(
        "{Red: 1}", "{Red: 3}")})
    built(config, command="serve")
    page = html(tmp_path, "ti4/broken")
    assert 'class="wt wt--failed"' in page and "wt-badge--failed" in page
    assert "docs/ti4/broken.md:16:17</code> points.Red: stated 3, engine 1" in page


def test_a_serve_rebuild_reruns_only_changed_scenarios(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    second = GOOD.replace("ti4-page-example", "ti4-second")
    config = make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD, "ti4/b.md": "# B\n\n" + second})
    cfg = load_config(str(config), site_dir=str(tmp_path / "site"))
    cfg.plugins.on_startup(command="serve", dirty=False)
    plugin = plugin_of(cfg)

    def rebuild() -> int:
        before = plugin.checks.runs
        fresh = load_config(str(config), site_dir=str(tmp_path / "site"))
        assert plugin_of(fresh) is plugin, "serve keeps plugins that define on_startup"
        build(fresh)
        return plugin.checks.runs - before

    assert rebuild() == 2
    assert rebuild() == 0
    page_a = tmp_path / "docs" / "ti4" / "a.md"
    page_a.write_text("# A\n\nA new paragraph above the example.\n\n" + GOOD.replace(
        "{Red: 1}", "{Red: 4}"), encoding="utf-8")
    assert rebuild() == 1
    assert "docs/ti4/a.md:18:17</code> points.Red: stated 4" in html(tmp_path, "ti4/a")
    page_a.write_text("# A\n\nMoved down\n\nfurther.\n\n" + GOOD.replace("{Red: 1}", "{Red: 4}"),
                      encoding="utf-8")
    assert rebuild() == 0, "moving a fence does not re-run it"
    assert "docs/ti4/a.md:20:17</code> points.Red: stated 4" in html(tmp_path, "ti4/a")
    monkeypatch.setattr(verify, "engine_version", lambda: "another engine")
    assert rebuild() == 2, "another engine re-runs everything"


def test_disabled_the_plugin_fails_nothing_and_the_extension_still_renders(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/example.md": "# Example\n\n" + GOOD.replace(
        "{Red: 1}", "{Red: 3}")}, plugin="  - checker: {enabled: false}")
    result = mkdocs(config, "--strict")
    assert result.returncode == 0, result.stderr
    page = html(tmp_path, "ti4/example")
    assert 'id="ti4-page-example" data-walkthrough' in page and "wt-badge--failed" in page
    assert "docs/ti4/example.md:16:17</code> points.Red: stated 3, engine 1" in page
    assert "checker: docs/ti4/example.md:16:17: points.Red: stated 3, engine 1" in result.stderr
    assert not (tmp_path / ".cache").exists(), "the result cache is the plugin's"


def test_the_plugin_without_its_extension_is_a_config_error(tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, extension="  - admonition")
    result = mkdocs(config)
    assert result.returncode == 1
    assert ("the checker plugin needs its Markdown extension: list checker.site.markdown_ext "
            "under markdown_extensions in mkdocs.yml") in result.stderr


def test_the_plugin_error_is_raised_in_process_before_pages_are_written(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/x.md": "# X\n\n[[ti4:0.0]]\n"})
    with pytest.raises((PluginError, Abort)):
        built(config)
    assert not (tmp_path / "site" / "ti4" / "x" / "index.html").exists()


def test_only_at_shutdown_the_plugin_leaves_what_is_alive_out_of_the_last_collections(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/example.md": "# Example\n\n" + GOOD})
    gc.unfreeze()
    cfg = built(config)
    assert gc.get_freeze_count() == 0, "a build in a process that goes on freezes nothing"
    try:
        cfg.plugins.on_shutdown()  # the mkdocs command's last event, before it exits
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
