"""The standalone scenarios kept whole between builds (`checker.site.examples.standalone`): a rebuild
whose scenario files did not change takes what the site needs of them from the cache, places
only the scenarios its pages show, and writes the same site, byte for byte, as a build that
checked every file; anything else checks the files again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort, PluginError
from sites import GOOD, built, make_site
from test_site_scale import many

from checker.site.examples import standalone, verify
from checker.site.examples.store import KeptResult

KEPT = Path(".cache") / "plugin" / "checker"


def site_files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file()}


def kept_wholes(root: Path) -> list[Path]:
    return sorted((root / KEPT).glob(f"{standalone.PREFIX}*.json"))


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often this build made the whole from the files, and placed a kept result."""
    counts = {"made": 0, "placed": 0}
    made, placed = standalone.from_files, KeptResult.placed

    def counting_made(*args, **kwargs):  # type: ignore[no-untyped-def]
        counts["made"] += 1
        return made(*args, **kwargs)

    def counting_placed(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["placed"] += 1
        return placed(self, *args, **kwargs)

    monkeypatch.setattr(verify, "from_files", counting_made)
    monkeypatch.setattr(KeptResult, "placed", counting_placed)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the same pages, whenever they are built
    return counts


def test_a_rebuild_takes_the_kept_whole_and_writes_the_same_site(
        tmp_path: Path, counted: dict[str, int]) -> None:
    page = "# Embeds\n\n[[scenario:gen-00007]]\n\n" + GOOD
    config = make_site(tmp_path, {"ti4/embeds.md": page}, many(800), material=True)
    built(config)
    assert counted["made"] == 1 and len(kept_wholes(tmp_path)) == 1
    first = site_files(tmp_path / "site")
    assert "rules.json" in first and "search/search_index.json" in first
    assert len([name for name in first if "/page-" in name]) >= 3
    counted.update(made=0, placed=0)
    built(config)
    assert counted["made"] == 0, "the whole comes from the cache"
    assert counted["placed"] < 200, "only what the rendered pages show is placed, of 800"
    assert site_files(tmp_path / "site") == first
    # Editing a page keeps the whole: it depends on the scenario files alone.
    rules = tmp_path / "docs" / "ti4" / "rules.md"
    rules.write_text(rules.read_text("utf-8").replace(
        '"} Scoring a public objective.', '"} Newly worded: Scoring a public objective.'),
                     encoding="utf-8")
    built(config)
    assert counted["made"] == 0
    assert "Newly worded: " in (tmp_path / "site" / "ti4" / "rules" / "index.html").read_text(
        "utf-8")


def test_an_edited_file_makes_the_whole_again(tmp_path: Path, counted: dict[str, int]) -> None:
    config = make_site(tmp_path, {}, many(60))
    built(config)
    old = kept_wholes(tmp_path)
    source = tmp_path / "scenarios" / "ti4" / "part-0" / "gen-00020.yaml"
    source.write_text(source.read_text("utf-8").replace(
        "id: gen-00023\n  title: Red scores Expand Borders",
        "id: gen-00023\n  title: Red scores Expand Borders, renamed"), encoding="utf-8")
    counted.update(made=0)
    built(config)
    assert counted["made"] == 1
    assert len(kept_wholes(tmp_path)) == 1 and kept_wholes(tmp_path) != old
    listed = (tmp_path / "site" / "ti4" / "scenarios" / "index.html").read_text("utf-8")
    assert "Red scores Expand Borders, renamed" in listed
    counted.update(made=0)
    built(config)
    assert counted["made"] == 0


def test_a_new_file_or_a_removed_one_makes_the_whole_again(
        tmp_path: Path, counted: dict[str, int]) -> None:
    config = make_site(tmp_path, {}, many(60))
    built(config)
    folder = tmp_path / "scenarios" / "ti4" / "part-0"
    (folder / "gen-00050.yaml").rename(folder / "gen-00050.yml.off")
    counted.update(made=0)
    built(config)
    assert counted["made"] == 1
    listed = (tmp_path / "site" / "ti4" / "scenarios" / "index.html").read_text("utf-8")
    assert "gen-00049" in listed and "gen-00050" not in listed
    (folder / "gen-00050.yml.off").rename(folder / "gen-00050.yaml")
    counted.update(made=0)
    built(config)
    assert counted["made"] == 1
    assert "gen-00050" in (tmp_path / "site" / "ti4" / "scenarios" / "index.html").read_text(
        "utf-8")


@pytest.mark.parametrize("damage", ["", "{", "garbage\n{}", "DIGEST", "BODY"])
def test_a_damaged_kept_whole_is_made_again(tmp_path: Path, counted: dict[str, int],
                                             damage: str) -> None:
    config = make_site(tmp_path, {}, many(60))
    built(config)
    first = site_files(tmp_path / "site")
    [kept] = kept_wholes(tmp_path)
    data = kept.read_bytes()
    if damage == "DIGEST":
        data = data.replace(b'"digest": "', b'"digest": "0')
    elif damage == "BODY":
        data = data.replace(b'"gen-00001"', b'"gen-00101"')
    else:
        data = damage.encode()
    kept.write_bytes(data)
    counted.update(made=0)
    built(config)
    assert counted["made"] == 1
    assert site_files(tmp_path / "site") == first


def test_a_page_that_uses_a_standalone_id_is_reported_with_the_kept_whole(
        tmp_path: Path, counted: dict[str, int], caplog: pytest.LogCaptureFixture) -> None:
    """With a whole kept, an id the pages and a file both use is still a problem at the
    file's copy (the pages are read first), and the whole is not used."""
    config = make_site(tmp_path, {}, many(60))
    built(config)
    page = tmp_path / "docs" / "ti4" / "copy.md"
    page.write_text("# Copy\n\n" + GOOD.replace("ti4-page-example", "gen-00005"),
                    encoding="utf-8")
    counted.update(made=0)
    with pytest.raises((Abort, PluginError)):
        built(config)
    assert counted["made"] == 1
    assert re.search(r"scenarios/ti4/part-0/gen-00000\.yaml:\d+:\d+: duplicate scenario id "
                     r"'gen-00005' \(first used at docs/ti4/copy\.md:", caplog.text), caplog.text
    page.unlink()
    counted.update(made=0)
    built(config)
    assert counted["made"] == 0, "the whole kept before the copy is still good"
