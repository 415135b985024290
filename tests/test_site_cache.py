"""The results the site keeps on disk: a rebuild neither runs nor renders an unchanged scenario,
yet still reports every problem at its place, and a bad or foreign cache is never trusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import Abort, PluginError
from repo_games import GAMES
from sites import GOOD, GOOD_YAML, built, html, make_site, mkdocs, plugin_of

from checker.location import Location, Problem
from checker.provenance import Provenance
from checker.site.examples import verify
from checker.site.examples.results import Example, Result
from checker.site.examples.store import Record, ResultStore, decoded, encoded, sealed
from checker.site.pages.rulemap import RuleMap
from checker.site.publish.rules_json import rules_json
from checker.site.render.rendering import render
from checker.site.walkthroughs.placing import Links
from checker.yamlsource import Text

STORE = Path(".cache") / "plugin" / "checker" / "results.json"


@pytest.fixture(autouse=True)
def same_build_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page carries its build's start time (`build_stamp`): builds at one time, so that
    two builds of the same site write the same pages."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")


def header(store: Path) -> Any:
    """What the store holds: its engine, and each result as JSON values by key."""
    engine, records = decoded(store.read_bytes())
    return {"engine": engine,
            "results": {key: json.loads(bytes(record.value)) for key, record in records.items()}}


def rewrite(store: Path, results: dict[str, Any]) -> None:
    """The store with `results` in place of its own, each with its drafts kept and sealed
    anew: what the seal cannot tell from a result `save` wrote, placing it must."""
    engine, records = decoded(store.read_bytes())
    new = {}
    for key, result in results.items():
        value = json.dumps(result).encode()
        new[key] = Record(value, records[key].drafts,
                          sealed(engine, key, value, records[key].drafts))
    store.write_bytes(b"".join(encoded(engine, new)))


def runs_of_a_fresh_build(config: Path) -> int:
    """Build in this process with a new plugin instance, as a new `mkdocs build` would."""
    return plugin_of(built(config)).checks.runs


def two_pages(tmp_path: Path) -> Path:
    second = GOOD.replace("ti4-page-example", "ti4-second")
    return make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD, "ti4/b.md": "# B\n\n" + second},
                     {"ti4/one.yaml": GOOD_YAML.replace(
                         "ti4-page-example", "ti4-file")})


def test_a_second_build_runs_nothing_and_writes_the_same_pages(tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    assert runs_of_a_fresh_build(config) == 3
    assert (tmp_path / STORE).is_file()
    first = {page: html(tmp_path, page) for page in ("ti4/a", "ti4/b", "ti4/scenarios")}
    assert runs_of_a_fresh_build(config) == 0
    assert {page: html(tmp_path, page) for page in first} == first


def test_only_the_edited_scenario_runs_again_and_the_store_forgets_removed_ones(
        tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    page_b = tmp_path / "docs" / "ti4" / "b.md"
    page_b.write_text(page_b.read_text(encoding="utf-8").replace(
        "title: Red scores", "title: Red, again, scores"), encoding="utf-8")
    (tmp_path / "scenarios" / "ti4" / "one.yaml").unlink()
    assert runs_of_a_fresh_build(config) == 1
    kept = header(tmp_path / STORE)["results"]
    assert len(kept) == 2, "the removed file's result is not kept"
    assert "Red, again, scores" in html(tmp_path, "ti4/b")


def test_a_wrong_claim_kept_in_the_cache_still_fails_the_build_at_its_new_place(
        tmp_path: Path) -> None:
    wrong = GOOD.replace("{Red: 1}", "{Red: 3}")
    config = make_site(tmp_path, {"ti4/broken.md": "# Broken\n\n" + wrong})
    first = mkdocs(config)
    assert first.returncode == 1
    assert "docs/ti4/broken.md:16:17: points.Red: stated 3, engine 1" in first.stderr
    assert (tmp_path / STORE).is_file(), "results are kept even when the build fails"
    (tmp_path / "docs" / "ti4" / "broken.md").write_text(
        "# Broken\n\nTwo lines\n\nfurther down.\n\n" + wrong, encoding="utf-8")
    second = mkdocs(config)
    assert second.returncode == 1
    assert "docs/ti4/broken.md:20:17: points.Red: stated 3, engine 1" in second.stderr


@pytest.mark.parametrize("damage", ["{not json", '{"format": 2, "engine": "x"}', "[]",
                                    "BAD-RESULTS", "DRAFT-OUTSIDE", "ENDS-OUTSIDE"])
def test_an_unreadable_or_foreign_cache_is_ignored_and_replaced(
        tmp_path: Path, damage: str) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    store = tmp_path / STORE
    data = header(store)
    if damage == "BAD-RESULTS":
        rewrite(store, {key: {"examples": [["too", "short"]], "problems": []}
                        for key in data["results"]})
    elif damage == "DRAFT-OUTSIDE":
        for value in data["results"].values():
            for example in value["examples"]:
                example[-2] += 10**6
        rewrite(store, data["results"])
    elif damage == "ENDS-OUTSIDE":
        head, _, rest = store.read_bytes().partition(b"\n")
        line = json.loads(head)
        line["ends"][-1] += 10**9
        store.write_bytes(json.dumps(line).encode() + b"\n" + rest)
    else:
        store.write_text(damage, encoding="utf-8")
    assert runs_of_a_fresh_build(config) == 3
    assert header(store)["engine"].startswith(verify.engine_version())
    assert runs_of_a_fresh_build(config) == 0


def test_another_engine_runs_everything_again(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    monkeypatch.setattr(verify, "engine_version", lambda: "another engine")
    assert runs_of_a_fresh_build(config) == 3


def test_the_engine_fingerprint_covers_every_module_of_the_package() -> None:
    """Not only the modules loaded so far: a game module imported late still counts."""
    verify.engine_version.cache_clear()
    try:
        fingerprint = verify.engine_version()
        code = subprocess.run(
            [sys.executable, "-c", "from checker.site.examples.verify import engine_version as v; print(v())"],
            capture_output=True, text=True, check=True)
        assert code.stdout.strip() == fingerprint
    finally:
        verify.engine_version.cache_clear()


def test_with_the_cache_off_nothing_is_written(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD},
                       plugin="  - checker: {cache: false}")
    assert runs_of_a_fresh_build(config) == 1
    assert not (tmp_path / ".cache").exists()
    assert runs_of_a_fresh_build(config) == 1


def test_a_store_that_cannot_be_written_does_not_stop_the_build(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file where the folder should be", encoding="utf-8")
    config = make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD},
                       plugin="  - checker: {cache_dir: blocked/results}")
    assert runs_of_a_fresh_build(config) == 1
    assert 'data-walkthrough' in html(tmp_path, "ti4/a")


def test_a_result_reads_back_as_it_was_saved(tmp_path: Path) -> None:
    example = Example("ti4-x", 'A "title" with <html>', "ti4", ("ti4:61.6",),
                      Location("", 3, 1), 2, False,
                      (Problem(Location("", 9, 5), "points.Red: stated 2, engine 1"),),
                      "<div>\x02ti4:61.6\x03\x02!\x03\r\n\x02=\x03</div>",
                      "A &quot;title&quot; with &lt;html&gt; é—")
    other = example._replace(id="ti4-y", html="<p>second\rdraft</p>",
                             provenance=Provenance("reading", "61.6", "It reads so."))
    results = {"k" * 64: Result((example, other), ()),
               "e" * 64: Result((), (Problem(Location("", 1, 1), "bad"),))}
    store = ResultStore(tmp_path / "store")
    store.save("engine", results)
    kept = store.load("engine")
    assert kept.keys() == results.keys()
    for key, result in results.items():
        for place in (("", 0, 0, ""), ("docs/ti4/a.md", 7, 4, "text")):
            assert kept[key].placed(*place) == result.placed(*place)
    assert kept["k" * 64].placed("a.md", 7, 4, "")
    assert store.load("another engine") == {}
    assert not list((tmp_path / "store").glob(".results-*")), "no temporary file is left"


def test_a_kept_result_saved_again_keeps_its_draft_as_it_was(tmp_path: Path) -> None:
    """A build that runs one text again saves the others as the store kept them: their
    drafts copied byte for byte, not decoded and encoded again."""
    example = Example("ti4-x", "T", "ti4", (), Location("", 1, 1), 1, True, (),
                      "<p>caf\u00e9 \u2014 \U0001f3b2</p>", "said")
    store = ResultStore(tmp_path / "store")
    store.save("engine", {"k" * 64: Result((example,), ())})
    store.save("engine", {**store.load("engine"),
                          "n" * 64: Result((example._replace(id="ti4-y"),), ())})
    again = store.load("engine")
    assert again["k" * 64].placed("", 0, 0, "") == \
        Result((example,), ()).placed("", 0, 0, "")
    assert str(again["n" * 64].placed("", 0, 0, "").examples[0].html) == str(example.html)


def test_one_damaged_result_in_the_store_is_checked_again_alone(tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    store = tmp_path / STORE
    data = header(store)
    damaged = next(iter(data["results"]))
    data["results"][damaged]["examples"][0][4] = "not a line"
    rewrite(store, data["results"])
    assert runs_of_a_fresh_build(config) == 1
    assert header(store)["results"][damaged]["examples"][0][4] == 1, "saved again, mended"
    assert runs_of_a_fresh_build(config) == 0


def test_text_in_a_scenario_cannot_forge_a_rule_link_token() -> None:
    forged = GOOD_YAML.replace(
        "title: Red scores Expand Borders", 'title: "Sneaky \\x02ti4:61.6\\x03 title"')
    checked = verify.ScenarioChecks(GAMES).check(Text("forged.yaml", forged))
    page = render(checked.examples[0], Links(RuleMap(), "ti4/x.md"))
    assert "Sneaky &#65533;ti4:61.6&#65533; title" in page, "U+FFFD, as a reference"
    assert "\x02" not in page and "\x03" not in page


def test_a_damaged_draft_in_the_store_is_drawn_again(tmp_path: Path) -> None:
    """Bytes of a draft damaged in the store (here, no longer UTF-8) break its result's seal:
    the scenario is checked and drawn again, and its page is as it was."""
    config = make_site(tmp_path, {"ti4/a.md": "# A\n\n" + GOOD})
    assert mkdocs(config).returncode == 0
    first = (html(tmp_path, "ti4/a"), html(tmp_path, "ti4/a/walkthroughs.html"))
    store = tmp_path / ".cache" / "plugin" / "checker" / "results.json"
    data = store.read_bytes()
    start = data.index(b"\n") + 1 + json.loads(data.partition(b"\n")[0])["ends"][-1]
    store.write_bytes(data[:start + 10] + b"\xff\xfe" + data[start + 12:])
    again = mkdocs(config)
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    assert (html(tmp_path, "ti4/a"), html(tmp_path, "ti4/a/walkthroughs.html")) == first


def reads_of_scenario_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The standalone scenario files the checks read from now on."""
    read: list[str] = []
    real = verify.read_text
    monkeypatch.setattr(verify, "read_text", lambda path: read.append(str(path)) or real(path))
    return read


def test_a_rebuild_reads_every_scenario_file_and_runs_none_that_did_not_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file is read, so its result is the one of the text it holds now: a record of
    the files' states, to spare reading them, could be forged to pass another's result."""
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    first = {page: html(tmp_path, page) for page in ("ti4/a", "ti4/b", "ti4/scenarios")}
    read = reads_of_scenario_files(monkeypatch)
    assert runs_of_a_fresh_build(config) == 0
    assert read == [str(tmp_path / "scenarios" / "ti4" / "one.yaml")]
    assert {page: html(tmp_path, page) for page in first} == first
    assert "ti4-file" in first["ti4/scenarios"] and "Expand Borders" in first["ti4/scenarios"]


def test_a_scenario_file_changed_at_the_same_size_and_time_is_checked_again(
        tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    path = tmp_path / "scenarios" / "ti4" / "one.yaml"
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert "{Red: 1}" in text
    with path.open("r+", encoding="utf-8") as out:  # the same file, the same size
        out.write(text.replace("{Red: 1}", "{Red: 7}"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the same time
    assert (path.stat().st_size, path.stat().st_mtime_ns, path.stat().st_ino) == (
        before.st_size, before.st_mtime_ns, before.st_ino)
    with pytest.raises((PluginError, Abort)):
        built(config)


def test_a_store_that_lost_its_results_runs_them_again(tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    runs_of_a_fresh_build(config)
    (tmp_path / STORE).unlink()
    assert runs_of_a_fresh_build(config) == 3
    assert runs_of_a_fresh_build(config) == 0


def test_rules_json_is_kept_between_builds_and_changes_with_what_it_says(
        tmp_path: Path) -> None:
    config = two_pages(tmp_path)
    published = tmp_path / "site" / "rules.json"
    cfg = built(config)
    kept = list((tmp_path / STORE).parent.glob("rules-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes().partition(b"\n")[2] == published.read_bytes()
    assert published.read_bytes() == rules_json(plugin_of(cfg).context)
    changes = [  # a file's scenario, a rule's text, a new reference that moves a fence down
        ("scenarios/ti4/one.yaml", "title: Red scores", "title: Red, renamed, scores"),
        ("docs/ti4/rules.md", '"} Scoring a public objective.',
         '"} Newly worded: Scoring a public objective.'),
        ("docs/ti4/a.md", "# A\n", "# A\n\nSee [[ti4:61.12]].\n"),
    ]
    for name, old, new in changes:
        before = published.read_bytes()
        path = tmp_path / name
        text = path.read_text(encoding="utf-8")
        assert old in text, name
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        cfg = built(config)
        assert published.read_bytes() != before, name
        assert published.read_bytes() == rules_json(plugin_of(cfg).context), name
        assert len(list((tmp_path / STORE).parent.glob("rules-*.json"))) == 1


@pytest.mark.parametrize("swap", ["device", "fifo"])
def test_kept_files_swapped_for_a_device_or_a_fifo_are_made_again(tmp_path: Path,
                                                                  swap: str) -> None:
    """results.json as a link to /dev/zero was read without bound (a MemoryError traceback
    after 5.7 GB); as a FIFO it kept the build waiting forever. Every file the cache keeps
    is now read only when it is a regular file: anything else is a damaged cache."""
    config = two_pages(tmp_path)
    first = mkdocs(config)
    assert first.returncode == 0, first.stderr
    pages = {path: path.read_bytes() for path in (tmp_path / "site" / "ti4").rglob("*.html")}
    kept = tmp_path / ".cache" / "plugin" / "checker"
    swapped = sorted(path for path in kept.iterdir() if path.is_file())
    assert "results.json" in {path.name for path in swapped}
    for path in swapped:
        path.unlink()
        if swap == "device":
            path.symlink_to("/dev/zero")
        else:
            os.mkfifo(path)
    again = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(config)],
                           capture_output=True, text=True, timeout=120, check=False,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert again.returncode == 0, again.stderr
    assert "Traceback" not in again.stderr
    assert {path: path.read_bytes() for path in pages} == pages
