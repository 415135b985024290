"""The folders of a long list's pages parked in the cache while MkDocs empties the site
(`checker.site.parked`): a rebuild moves them back instead of making them again, and writes
the same pages; anything else about them, and the site is built as without parking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from sites import built, make_site, new_process
from test_site_scale import many, written_pages

from checker.site.parked import PARKED, PLACED

LISTS = Path(".cache") / "plugin" / "checker" / "lists"


def folders(site: Path) -> list[str]:
    """Each written list page's folder."""
    return sorted(str(page.parent.relative_to(site)) for page in written_pages(site))


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folders made from now on (as the site's path ends)."""
    folders: list[str] = []
    real = Path.mkdir

    def mkdir(self: Path, *args, **kwargs):  # type: ignore[no-untyped-def]
        folders.append(self.as_posix())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    return folders


def made_here(made: list[str], site: Path, names: list[str]) -> list[str]:
    return [name for name in names if (site / name).as_posix() in made]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the same pages, whenever they are built
    config = make_site(tmp_path, {}, many(800))
    built(config)
    return config


def test_a_rebuild_moves_the_folders_back(site: Path, made: list[str]) -> None:
    root = site.parent
    first = folders(root / "site")
    pages = {p: p.read_bytes() for p in written_pages(root / "site")}
    assert len(first) >= 2
    placed = json.loads((root / LISTS / PLACED).read_text("utf-8"))
    assert sorted(placed) == first
    built(site)
    assert folders(root / "site") == first
    assert made_here(made, root / "site", first) == [], "moved back, not made again"
    assert {p: p.read_bytes() for p in written_pages(root / "site")} == pages
    assert not (root / LISTS / PARKED).exists(), "nothing left waiting"


def test_a_folder_holding_anything_else_is_left_to_mkdocs(
        site: Path, made: list[str]) -> None:
    root = site.parent
    first = folders(root / "site")
    name = first[0]
    (root / "site" / name / "extra.txt").write_text("not ours", encoding="utf-8")
    pages = {p: p.read_bytes() for p in written_pages(root / "site")}
    built(site)
    assert made_here(made, root / "site", first) == [name], "made again, the others moved"
    assert not (root / "site" / name / "extra.txt").exists()
    assert {p: p.read_bytes() for p in written_pages(root / "site")} == pages


@pytest.mark.parametrize("damage", ["", "[1]", '{"../../outside": "abc"}', "{",
                                    '{"ti4/scenarios/page-3": "not/a/key"}'])
def test_a_damaged_list_of_placed_folders_is_ignored(site: Path, damage: str) -> None:
    root = site.parent
    pages = {p: p.read_bytes() for p in written_pages(root / "site")}
    (root / LISTS / PLACED).write_text(damage, encoding="utf-8")
    built(site)
    assert {p: p.read_bytes() for p in written_pages(root / "site")} == pages


def test_a_dirty_build_parks_nothing(site: Path) -> None:
    root = site.parent
    first = folders(root / "site")
    extra = root / "site" / first[0] / "extra.txt"
    extra.write_text("left alone by a dirty build", encoding="utf-8")
    new_process()
    cfg = load_config(str(site), site_dir=str(root / "site"))
    cfg.plugins.on_startup(command="build", dirty=True)
    build(cfg, dirty=True)
    assert folders(root / "site") == first and extra.exists(), "left where they are"
    assert not (root / LISTS / PARKED).exists()
