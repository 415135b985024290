"""`checker import`: rules texts with numbered lists become rules pages whose every item is a
rule marker the site finds (`scan_page`), with the same bytes on every run, links between the
imported topics, and one located line for every input it cannot take."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.cli import main
from checker.importer.command import ImportUsageError, Request, import_rules
from checker.importer.markup import emphasis
from checker.importer.page import item_ref, letters
from checker.site.pages.syntax import scan_page

CARGO = """\
---
title: Cargo Holds
---

 \n## Rules Reference

  \nA ship carries goods in its cargo hold.\u00a0 \n
 1. Every ship has a cargo hold with slots printed on its card.
 \n    1. A slot holds one good token.
    2. A damaged ship loses its <i>last</i> slot.

 2. A player may load goods only at a <b>harbor </b>they control.
 3. Loading Goods
 \nLoading is how goods get onto a ship.

 4. A full ship cannot load more; see <a href="/rules/r_trade_routes">Trade Routes</a>.
 \n \n## Notes

 \n 1. Goods in a hold are known to everyone.
 \n    1. So is the number of empty slots.

 2. Goods on a ship that sinks go back to the supply.
 \n \n## Related Topics

 \n - <a href="/rules/r_trade_routes">Trade Routes</a>
 - <a href="/rules/r_storms">Storms</a>
 \n"""
"""A text in the official reference's export format, in this project's own words: front
matter, odd blank lines, indented sub-lists, inline HTML, notes and related topics."""

ROUTES = """\
# Trade Routes

Routes link harbors.

1. A route joins two harbors.
   1. A route may cross open sea only.
      1. Shallows count as open sea.
2. **Bold** words stay bold.

## Related Topics

- [Cargo Holds](/rules/r_cargo_holds)
- /rules/r_cargo_holds
"""
"""The same kind of text in plain Markdown, three levels deep."""

CARGO_REFS = ["12", "12.1", "12.1a", "12.1b", "12.2", "12.3", "12.4", "12.note1", "12.note1a",
              "12.note2"]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def refs(page: Path) -> list[str]:
    return [mark.ref for mark in scan_page(str(page), page.read_text(encoding="utf-8")).marks]


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    return folder


def run(docs: Path, *texts: Path, sections: tuple[int, ...] = (), force: bool = False,
        game: str = "sail") -> list[str]:
    outcome = import_rules(Request(list(texts), game, docs, sections, force))
    assert outcome.ok, outcome.lines
    return outcome.lines


# What a page holds.

def test_every_item_is_a_rule_marker_numbered_as_the_official_reference(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "cargo.md", CARGO), sections=(12,))
    page = docs / "sail" / "cargo-holds.md"
    assert refs(page) == CARGO_REFS
    assert page.read_text(encoding="utf-8").startswith(
        "# §12 Cargo Holds\n\nA ship carries goods in its cargo hold.\n\n"
        "§12.1 Every ship has a cargo hold with slots printed on its card.\n\n"
        "§12.1a A slot holds one good token.\n\n")


def test_a_paragraph_under_an_item_stays_plain_and_numbering_goes_on(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "cargo.md", CARGO), sections=(12,))
    text = (docs / "sail" / "cargo-holds.md").read_text(encoding="utf-8")
    assert "§12.3 Loading Goods\n\nLoading is how goods get onto a ship.\n\n§12.4 A full" in text


def test_inline_html_becomes_markdown_and_stray_spaces_go(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "cargo.md", CARGO), sections=(12,))
    text = (docs / "sail" / "cargo-holds.md").read_text(encoding="utf-8")
    assert "§12.1b A damaged ship loses its *last* slot.\n" in text
    assert "§12.2 A player may load goods only at a **harbor** they control.\n" in text
    assert "\u00a0" not in text and " \n" not in text and "<" not in text


def test_notes_and_their_items_are_numbered_as_notes(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "cargo.md", CARGO), sections=(12,))
    text = (docs / "sail" / "cargo-holds.md").read_text(encoding="utf-8")
    assert "## Notes\n\n§12.note1 Goods in a hold are known to everyone.\n\n" \
        "§12.note1a So is the number of empty slots.\n" in text


def test_a_third_level_is_numbered_after_a_dot(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "routes.md", ROUTES))
    page = docs / "sail" / "trade-routes.md"
    assert refs(page) == ["1", "1.1", "1.1a", "1.1a.1", "1.2"]
    assert "§1.2 **Bold** words stay bold." in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(("numbers", "note", "ref"), [
    ((5,), False, "5"), ((5, 1), False, "5a"), ((5, 3, 2), False, "5c.2"),
    ((5, 3, 2, 1), False, "5c.2a"), ((1, 2), True, "note1b"), ((2, 27), False, "2aa"),
])
def test_item_numbers(numbers, note, ref) -> None:
    assert item_ref(numbers, note) == ref
    assert [letters(n) for n in (1, 26, 27, 52, 53)] == ["a", "z", "aa", "az", "ba"]


@pytest.mark.parametrize(("html", "markdown"), [
    ("<b> a </b>b", " **a** b"), ("<b><i>x</i></b>", "***x***"), ("<B>x</b>", "**x**"),
    ("<b>never closed", "<b>never closed"), ("<b></b>", ""),
    ("<b>" * 100_000 + "x" + "</b>" * 100_000,
     "**" * 8 + "<b>" * 99_992 + "x" + "**" * 8 + "</b>" * 99_992),
])
def test_emphasis(html, markdown) -> None:
    assert emphasis(html) == markdown


def test_lazy_numbers_count_on_and_written_gaps_are_kept(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "a.md", "# Lazy\n\n1. one\n1. two\n1. three\n   1. sub\n"
                    "   1. sub two\n7. seven\n"))
    assert refs(docs / "sail" / "lazy.md") == ["1", "1.1", "1.2", "1.3", "1.3a", "1.3b", "1.7"]


def test_text_that_looks_like_a_marker_is_escaped(tmp_path, docs) -> None:
    run(docs, write(tmp_path, "a.md", "# Odd\n\n§5 is not ours.\n\n1. first\n§2 either.\n"))
    page = docs / "sail" / "odd.md"
    assert refs(page) == ["1", "1.1"]
    assert "&sect;5 is not ours." in page.read_text(encoding="utf-8")


# Links between topics.

def test_links_to_topics_imported_together_become_page_links(tmp_path, docs) -> None:
    lines = run(docs, write(tmp_path, "cargo.md", CARGO), write(tmp_path, "routes.md", ROUTES))
    cargo = (docs / "sail" / "cargo-holds.md").read_text(encoding="utf-8")
    routes = (docs / "sail" / "trade-routes.md").read_text(encoding="utf-8")
    assert "see [Trade Routes](trade-routes.md).\n" in cargo
    assert cargo.endswith("## Related topics\n\n- [Trade Routes](trade-routes.md)\n"
                          "- Storms\n")
    assert routes.endswith("- [Cargo Holds](cargo-holds.md)\n- [Cargo Holds](cargo-holds.md)\n")
    assert [line for line in lines if "no page" in line] == [
        f"{tmp_path / 'cargo.md'}:38:4: no page for /rules/r_storms; kept as text"]


def test_a_link_to_a_page_already_in_the_folder_is_resolved(tmp_path, docs) -> None:
    write(docs, "sail/storms.md", "# §40 Storms\n")
    run(docs, write(tmp_path, "cargo.md", CARGO), sections=(12,))
    text = (docs / "sail" / "cargo-holds.md").read_text(encoding="utf-8")
    assert "- [Storms](storms.md)\n" in text
    assert "- Trade Routes\n" in text


# Stable: same bytes, no silent overwrite.

def test_twice_gives_the_same_bytes_and_says_unchanged(tmp_path, docs) -> None:
    source = write(tmp_path, "cargo.md", CARGO)
    page = docs / "sail" / "cargo-holds.md"
    first = run(docs, source, sections=(12,))
    before = page.read_bytes()
    second = run(docs, source, sections=(12,))
    assert page.read_bytes() == before
    assert first[-1] == f"{page}: written (§12 from {source})"
    assert second[-1] == f"{page}: unchanged (§12 from {source})"


def test_a_changed_page_is_refused_unless_forced(tmp_path, docs) -> None:
    source = write(tmp_path, "cargo.md", CARGO)
    page = docs / "sail" / "cargo-holds.md"
    run(docs, source, sections=(12,))
    edited = page.read_text(encoding="utf-8").replace("good token", "good token or coin")
    page.write_text(edited, encoding="utf-8")
    refused = import_rules(Request([source], "sail", docs, (12,)))
    assert not refused.ok
    assert refused.lines[-1] == f"{page}:7:1: differs from the page {source} gives; kept as " \
        "it is (--force replaces it)"
    assert page.read_text(encoding="utf-8") == edited
    assert run(docs, source, sections=(12,), force=True)[-1].startswith(f"{page}: replaced")
    assert "or coin" not in page.read_text(encoding="utf-8")


def test_nothing_is_written_when_one_text_is_bad(tmp_path, docs) -> None:
    good = write(tmp_path, "cargo.md", CARGO)
    bad = write(tmp_path, "bad.md", "# Bad\n\nno list here\n")
    outcome = import_rules(Request([good, bad], "sail", docs))
    assert (outcome.ok, outcome.lines) == (False, [
        (f"{bad}:1:1: no numbered list: a rules text holds its rules as items `1.`, `2.`, ... "
        "under its title")])
    assert not (docs / "sail").exists()


# Section numbers.

@pytest.mark.parametrize(("heads", "sections", "expected"), [
    (("# A", "# B"), (), [1, 2]),
    (("# A", "# B"), (5,), [5, 6]),
    (("# A", "# B"), (61, 81), [61, 81]),
    (("# 61 A", "---\ntitle: B\nsection: 81\n---"), (), [61, 81]),
    (("# §61 A", "# B"), (61,), [61, 62]),
])
def test_section_numbers(tmp_path, docs, heads, sections, expected) -> None:
    texts = [write(tmp_path, f"{n}.md", f"{head}\n\n1. x\n") for n, head in enumerate(heads)]
    run(docs, *texts, sections=sections)
    assert [refs(docs / "sail" / f"{name}.md") for name in ("a", "b")] == \
        [[str(n), f"{n}.1"] for n in expected]


@pytest.mark.parametrize(("heads", "sections", "message"), [
    (("# 61 A", "# B"), (), r"1\.md has no section number, but .*0\.md has one \(61\)"),
    (("# 61 A", "# B"), (5,), (r"--section makes .*0\.md section 5, but its title says 61 "
     r"\(at .*0\.md:1:3\)")),
    (("# A", "# B"), (5, 6, 7), "--section gives 3 numbers for 2 files"),
    (("# A", "# 1 B"), (), r"0\.md has no section number"),
    (("# 3 A", "# 3 B"), (), r"0\.md and .*1\.md would both be section 3"),
    (("# A", "# A"), (), r"0\.md and .*1\.md would both be .*a\.md"),
])
def test_ambiguous_sections_are_usage_errors(tmp_path, docs, heads, sections, message) -> None:
    texts = [write(tmp_path, f"{n}.md", f"{head}\n\n1. x\n") for n, head in enumerate(heads)]
    with pytest.raises(ImportUsageError, match=message):
        import_rules(Request(texts, "sail", docs, sections))
    assert not (docs / "sail").exists()


def test_a_section_another_page_has_is_refused(tmp_path, docs) -> None:
    write(docs, "sail/storms.md", "# §12 Storms\n")
    with pytest.raises(ImportUsageError, match="section 12, which .*storms.md is already"):
        import_rules(Request([write(tmp_path, "cargo.md", CARGO)], "sail", docs, (12,)))


# Bad input: one located line, exit 1 (the file) or 4 (the command), nothing written.

def _deep(levels: int) -> str:
    return "# Deep\n\n" + "".join("  " * n + "1. x\n" for n in range(levels))


BAD_FILES = [
    ("latin1.md", b"# T\n\n1. caf\xe9\n",
     ("latin1.md:3:7: cannot read file: not UTF-8 text: byte 0xe9 cannot start or continue a "
     "character")),
    ("prose.md", b"# Prose\n\nNo numbers at all.\n", "prose.md:1:1: no numbered list"),
    ("deep.md", _deep(200).encode(), ("deep.md:9:13: a list nested 7 deep; a rules text may "
     "nest lists at most 6 deep")),
    ("front.md", b"---\ntitle: T\nsection: six\n---\n1. x\n",
     "front.md:3:10: section: a whole number from 1 to 999,999 is needed, not 'six'"),
    ("open.md", b"---\ntitle: T\n1. x\n", ("open.md:1:1: the front matter opened here is "
     "never closed with ---")),
    ("untitled.md", b"1. x\n", "untitled.md:1:1: no title"),
    ("empty.md", b"# T\n\n1.\n2. x\n", "empty.md:3:1: a numbered item with no text"),
]


@pytest.mark.parametrize(("name", "content", "message"), BAD_FILES,
                         ids=[bad[0] for bad in BAD_FILES])
def test_a_bad_text_is_one_located_line_and_exit_1(tmp_path, monkeypatch, capsys, name,
                                                   content, message) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / name).write_bytes(content)
    monkeypatch.chdir(tmp_path)
    assert main(["import", name, "--game", "sail"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(message) and out.count("\n") == 1 and err == ""
    assert list((tmp_path / "docs").iterdir()) == []


def test_a_folder_and_a_huge_file_are_refused_unread(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "folder").mkdir()
    with open(tmp_path / "huge.md", "wb") as huge:
        huge.truncate(50 * 1024 * 1024)
    monkeypatch.chdir(tmp_path)
    assert main(["import", "folder", "huge.md", "--game", "sail"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "folder:1:1: cannot read file: not a regular file but a folder",
        ("huge.md:1:1: cannot read file: the file is 52,428,800 bytes; scenario files and "
        "pages may have at most 1,048,576")]


@pytest.mark.parametrize(("args", "message"), [
    (["missing.md", "--game", "sail"], "no such file: missing.md"),
    (["ok.md", "--game", "TI4"], "--game 'TI4' is not a game id"),
    (["ok.md", "--game", "ti-4"], "--game 'ti-4' is not a game id"),
    (["ok.md"], "the following arguments are required: --game"),
    (["ok.md", "--game", "sail", "--section", "x"], "argument --section: not a section"),
    (["ok.md", "--game", "sail", "--section", "0"], "--section: section numbers are from 1"),
    (["ok.md", "--game", "sail", "--docs", "nowhere"], "no such folder: nowhere"),
])
def test_usage_errors_exit_4(tmp_path, monkeypatch, capsys, args, message) -> None:
    (tmp_path / "docs").mkdir()
    write(tmp_path, "ok.md", "# Ok\n\n1. x\n")
    monkeypatch.chdir(tmp_path)
    assert main(["import", *args]) == 4
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"checker: error: {message}")
    assert list((tmp_path / "docs").iterdir()) == []


def test_the_command_writes_and_reports(checker, tmp_path) -> None:
    (tmp_path / "docs").mkdir()
    write(tmp_path, "cargo.md", CARGO)
    done = checker("import", "cargo.md", "--game", "sail", "--section", "12")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "cargo.md:21:39: no page for /rules/r_trade_routes; kept as text",
        "cargo.md:37:4: no page for /rules/r_trade_routes; kept as text",
        "cargo.md:38:4: no page for /rules/r_storms; kept as text",
        "docs/sail/cargo-holds.md: written (§12 from cargo.md)"]


# The official texts the project started from, when they are at hand.

SEEDS = Path("/work/shared/seeds")


def test_the_seed_texts_import_with_the_official_numbers(tmp_path) -> None:
    texts = [next(SEEDS.glob(f"{n:03}_*.txt"), None) for n in (0, 1)]
    if None in texts:
        pytest.skip(f"the seed rules texts are not in {SEEDS}")
    docs = tmp_path / "docs"
    docs.mkdir()
    run(docs, *[text for text in texts if text], sections=(61, 81), game="ti4")
    objectives = refs(docs / "ti4" / "objective-cards.md")
    status = refs(docs / "ti4" / "status-phase.md")
    assert len(set(objectives)) == len(objectives) and len(set(status)) == len(status)
    assert objectives[:3] == ["61", "61.1", "61.1a"]
    assert {"61.5a", "61.5b", "61.5c", "61.15a", "61.21a", "61.22", "61.note9",
            "61.note6a"} <= set(objectives)
    assert next(ref for ref in objectives if ref.startswith("61.note")) == "61.note1"
    assert status == ["81", "81.1", "81.2", "81.2a", "81.2b", "81.3", "81.4", "81.5", "81.5a",
                      "81.5b", "81.6", "81.7", "81.8", "81.note1", "81.note2", "81.note3"]
