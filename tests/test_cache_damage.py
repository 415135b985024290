"""The cache can save work, never change a verdict (issue 33, break 5).

Two small sites are built, each once as it was (its cache kept aside: the earlier build) and
once as it is: one with a wrong example and a right one, on a page and in scenario files
(its build fails, as `checker run` does), and one whose list of hundreds of scenarios goes
on over pages the plugin writes, the last of them now said to be disputed (its build
passes). Then `.cache/plugin/checker/` is damaged or forged in one way per test, and the
site built again by the real `mkdocs build`. Whatever the cache holds, the build must report
what `checker run` reports for the same files (its exit status and its problems, line for
line), write the very pages a build without any cache writes, print no traceback, and stay
within the time and memory of such a build: each read of the cache is bounded, and a FIFO
or device in its place is ignored, never waited on.

What is guaranteed: everything the cache keeps is sealed to the very input it was made from
(a SHA-256 of the engine's fingerprint, its key and its bytes) and checked when it is used,
and the scenario files are read on every build. So accidental damage, truncation,
relabelling (a result, a whole or a page put under another key), swapping, a stale version
from an earlier build or another engine, devices, FIFOs and links are ignored and made
again. What is not: a forgery that computes its seals anew. No seal without a secret can
stop that, and whoever can write the cache could as well write the checker's code.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from repo_games import TI4_TITLES
from sites import GOOD_YAML, make_site

RIGHT = GOOD_YAML.replace("ti4-page-example", "ti4-right")
WRONG_BEFORE = GOOD_YAML.replace("ti4-page-example", "ti4-wrong")
"""What the wrong file said in the earlier build: then it held."""
WRONG = WRONG_BEFORE.replace("{Red: 1}", "{Red: 3}")
FENCE_RIGHT = GOOD_YAML.replace("ti4-page-example", "ti4-fence-right")
FENCE_WRONG_BEFORE = GOOD_YAML.replace("ti4-page-example", "ti4-fence-wrong")
FENCE_WRONG = FENCE_WRONG_BEFORE.replace("{Red: 1}", "{Red: 3}")
FENCE_OTHER = GOOD_YAML.replace("ti4-page-example", "ti4-fence-other")
DISPUTED_BEFORE = GOOD_YAML.replace("ti4-page-example", "zz-disputed")
"""The last of the long list, on its last page, verified in the earlier build."""
DISPUTED = DISPUTED_BEFORE.replace("{Red: 1}", "{Red: 3}").replace(
    "game: ti4", "game: ti4\nstatus: disputed")
"""Now wrong, and said to be: the build passes, and its pages show it as disputed."""
LISTED = 300
"""Scenarios enough for the TI4 list to go on over pages the plugin writes (page 3 on)."""
TITLE = TI4_TITLES["61.12"]

CACHE = Path(".cache") / "plugin" / "checker"
LIMIT_SECONDS = 300
MEMORY_BYTES = 3 << 30
"""The address space a build may take: a read without bound fails at once, rather than
after filling the machine's memory."""
BUILD = """\
import atexit, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
atexit.register(lambda: print("maxrss", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                              file=sys.stderr))
from mkdocs.__main__ import cli
sys.argv[0] = "mkdocs"
cli()
"""


def key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def page(first: str, second: str) -> str:
    return f"# Examples\n\n```scenario\n{first}```\n\nAnd another.\n\n```scenario\n{second}```\n"


def listed(count: int) -> dict[str, tuple[str, str]]:
    """`count` passing scenarios, ten to a file, as they were and are."""
    files = {}
    for start in range(0, count, 10):
        text = "".join("- " + GOOD_YAML.replace("ti4-page-example", f"gen-{n:05d}").replace(
            "\n", "\n  ").rstrip() + "\n" for n in range(start, min(start + 10, count)))
        files[f"ti4/gen-{start:05d}.yaml"] = (text, text)
    return files


@dataclass
class Build:
    status: int
    problems: list[str]
    stderr: str
    seconds: float
    memory_kb: int


def build(root: Path) -> Build:
    """`mkdocs build` of the site at `root`, as a new process, bounded in time and memory."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1", "SOURCE_DATE_EPOCH": "0"}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", BUILD.format(limit=MEMORY_BYTES), "build",
                           "-f", str(root / "mkdocs.yml")], capture_output=True, text=True,
                          cwd=root, env=env, timeout=LIMIT_SECONDS, check=False)
    seconds = time.monotonic() - start
    memory = re.search(r"^maxrss (\d+)$", done.stderr, re.MULTILINE)
    problems = re.findall(r"^ERROR\s+-\s+checker: (.*)$", done.stderr, re.MULTILINE)
    return Build(done.returncode, sorted(problems), done.stderr, seconds,
                 int(memory.group(1)) if memory else 0)


def checker_run(root: Path) -> tuple[int, list[str]]:
    """`checker run` of the same files: its exit status and problems."""
    done = subprocess.run([sys.executable, "-m", "checker", "run"], capture_output=True,
                          text=True, cwd=root, timeout=LIMIT_SECONDS, check=False)
    return done.returncode, sorted(line for line in done.stdout.splitlines()
                                   if re.match(r"^\S+:\d+:\d+: ", line))


def site_files(root: Path) -> dict[str, bytes]:
    site = root / "site"
    return {path.relative_to(site).as_posix(): path.read_bytes()
            for path in sorted(site.rglob("*")) if path.is_file()}


@dataclass
class Built:
    """A site built as it is (its cache what the last build kept), and what a build without
    a cache and `checker run` report of it."""

    root: Path
    earlier: Path
    """The cache of the earlier build."""
    clean: Build
    pages: dict[str, bytes]
    run: tuple[int, list[str]]


def prepare(root: Path, pages: dict[str, tuple[str, str]], scenarios: dict[str, tuple[str, str]],
            problems: int, retitled: bool = False) -> Built:
    """Build the site at `root` as it was (each page and file's first text; with `retitled`,
    a rule had another title, so the results were another engine's), keep that cache aside,
    then as it is (their second texts): once without a cache, for what it reports (as many
    as `problems`) and writes, then again, for the cache it keeps."""
    root.mkdir()
    make_site(root, {name: was for name, (was, _) in pages.items()},
              {name: was for name, (was, _) in scenarios.items()})
    rules = root / "docs" / "ti4" / "rules.md"
    now = rules.read_text("utf-8")
    if retitled:
        rules.write_text(now.replace(f'{{title="{TITLE}"}}', '{title="Another title"}', 1),
                         encoding="utf-8")
    earlier = build(root)
    assert earlier.status == 0, earlier.stderr
    kept = root.parent / "earlier"
    shutil.move(root / CACHE, kept)
    rules.write_text(now, encoding="utf-8")
    for name, (_, text) in pages.items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    for name, (_, text) in scenarios.items():
        (root / "scenarios" / name).write_text(text, encoding="utf-8")
    clean = build(root)
    built = Built(root, kept, clean, site_files(root), checker_run(root))
    assert (clean.status, clean.problems) == built.run, clean.stderr
    assert len(clean.problems) == problems, clean.stderr
    warm = build(root)
    assert (warm.status, warm.problems) == built.run and site_files(root) == built.pages
    return built


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return prepare(tmp_path_factory.mktemp("failing") / "site",
                   {"ti4/examples.md": (page(FENCE_RIGHT, FENCE_WRONG_BEFORE),
                                        page(FENCE_RIGHT, FENCE_WRONG))},
                   {"ti4/right.yaml": (RIGHT, RIGHT), "ti4/wrong.yaml": (WRONG_BEFORE, WRONG)},
                   problems=2, retitled=True)


@pytest.fixture(scope="module")
def passing(tmp_path_factory: pytest.TempPathFactory) -> Built:
    built = prepare(tmp_path_factory.mktemp("passing") / "site",
                    {"ti4/examples.md": (page(FENCE_RIGHT, FENCE_OTHER),) * 2},
                    {**listed(LISTED), "ti4/zz.yaml": (DISPUTED_BEFORE, DISPUTED)}, problems=0)
    assert "ti4/scenarios/page-4.html" in built.pages, "the plugin writes pages 3 and 4"
    return built


@dataclass
class Case:
    """A copy of a built site and of its earlier cache, to damage."""

    root: Path
    earlier: Path

    @property
    def cache(self) -> Path:
        return self.root / CACHE

    def one(self, pattern: str, folder: Path | None = None) -> Path:
        found = sorted((folder or self.cache).glob(pattern))
        assert len(found) == 1, found
        return found[0]


# --- The results store, results.json: a line of JSON with the engine, the keys (64
# hexadecimal digits each, one after another) and where each result ends, then the results.

def head_and_rest(path: Path) -> tuple[dict[str, Any], bytes]:
    head, _, rest = path.read_bytes().partition(b"\n")
    return json.loads(head), rest


def write_store(path: Path, head: dict[str, Any], rest: bytes) -> None:
    path.unlink()
    path.write_bytes(json.dumps(head).encode() + b"\n" + rest)


def relabelled(keys: str, renames: dict[str, str]) -> str:
    slots = [keys[n:n + 64] for n in range(0, len(keys), 64)]
    assert set(renames) <= set(slots), "each key renamed is in the store"
    return "".join(renames.get(slot, slot) for slot in slots)


def earlier_results(renames: dict[str, str]) -> Callable[[Case], None]:
    """The earlier build's results, each of `renames` put under the key of another text (the
    text of an example now, where it was the text that held), the engine named this one."""
    def put(case: Case) -> None:
        store = case.cache / "results.json"
        now, _ = head_and_rest(store)
        head, rest = head_and_rest(case.earlier / "results.json")
        head["keys"] = relabelled(head["keys"], renames)
        head["engine"] = now["engine"]
        write_store(store, head, rest)
    return put


def results_of_another_engine(case: Case) -> None:
    shutil.copy(case.earlier / "results.json", case.cache / "results.json")


def swap(first: str, second: str) -> Callable[[Case], None]:
    def swapped(case: Case) -> None:
        store = case.cache / "results.json"
        head, rest = head_and_rest(store)
        head["keys"] = relabelled(head["keys"], {first: second, second: first})
        write_store(store, head, rest)
    return swapped


def verdict_flipped(case: Case) -> None:
    """The wrong file's result rewritten to say it holds, the offsets after it moved to fit."""
    store = case.cache / "results.json"
    head, rest = head_and_rest(store)
    slot = head["keys"].index(key(WRONG)) // 64
    ends = head["ends"]
    start, end = [0, *ends][slot], ends[slot]
    value = json.loads(rest[start:end])
    value["examples"][0][7:9] = [True, []]  # passed, failures
    new = json.dumps(value, separators=(",", ":")).encode()
    head["ends"] = ends[:slot] + [e + len(new) - (end - start) for e in ends[slot:]]
    write_store(store, head, rest[:start] + new + rest[end:])


def cut(fraction: float, name: str = "results.json") -> Callable[[Case], None]:
    def truncated(case: Case) -> None:
        path = case.one(name)
        data = path.read_bytes()
        path.write_bytes(data[:int(len(data) * fraction)])
    return truncated


def header_only(case: Case) -> None:
    path = case.cache / "results.json"
    path.write_bytes(path.read_bytes().partition(b"\n")[0] + b"\n")


def byte_flipped(case: Case) -> None:
    """A byte changed near the end of the file, in the last result's drafts, as a disk or a
    bad copy would."""
    path = case.cache / "results.json"
    data = bytearray(path.read_bytes())
    data[-200] ^= 0x20
    path.write_bytes(bytes(data))


def replaced(content: bytes) -> Callable[[Case], None]:
    def written(case: Case) -> None:
        (case.cache / "results.json").write_bytes(content)
    return written


def swapped_for(kind: str, name: str = "results.json") -> Callable[[Case], None]:
    """The file `name` (a pattern, or a path in the cache folder) made something else."""
    def put(case: Case) -> None:
        path = case.one(name) if "*" in name else case.cache / name
        if path.exists():
            path.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "device":
            path.symlink_to("/dev/zero")
        elif kind == "loop":
            path.symlink_to(path.name)
        elif kind == "dangling":
            path.symlink_to("no-such-file")
        elif kind == "folder":
            path.mkdir()
            (path / "results.json").write_text("{}")
        elif kind == "sparse":
            with path.open("wb") as out:
                out.truncate(1 << 34)  # 16 GiB that take no room on the disk
    return put


# --- The other files the cache keeps.

def forged_files_record(case: Case, texts: dict[str, str]) -> None:
    """The record of the files' states an earlier format kept (files.json, which the checker
    then trusted instead of reading a file): each scenario file in its present state, said to
    hold its text, or the one `texts` gives for its name."""
    engine = head_and_rest(case.cache / "results.json")[0]["engine"]
    records = {}
    for path in sorted((case.root / "scenarios").rglob("*.yaml")):
        text = texts.get(path.name) or path.read_text("utf-8")
        info = path.stat()
        records[str(path)] = [info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino,
                              key(text), len(text)]
    (case.cache / "files.json").write_text(json.dumps(
        {"format": 1, "engine": engine, "files": records}))


def files_record_forged(case: Case) -> None:
    """The wrong file said to hold the right file's text."""
    forged_files_record(case, {"wrong.yaml": RIGHT})


def earlier_whole_relabelled(case: Case) -> None:
    """What the site needs of all the scenario files at once, as the earlier build kept it,
    renamed to the key of the files now and its first line made to say that key (with the
    record of the files' states that let the earlier format take it)."""
    now = case.one("standalone-*.json")
    head, _, body = case.one("standalone-*.json", case.earlier).read_bytes().partition(b"\n")
    header = json.loads(head)
    header["key"] = now.name.removeprefix("standalone-").removesuffix(".json")
    now.write_bytes(json.dumps(header).encode() + b"\n" + body)
    forged_files_record(case, {})


def citations_forged(case: Case) -> None:
    """The engine's citations said to include a rule no page defines."""
    case.one("citations-*.json").write_text(
        json.dumps({"ti4": [["ti4:99.99", ["checker/games/ti4/forged.py", 1, 1]]]}))


def earlier_file(pattern: str) -> Callable[[Case], None]:
    """A file as the earlier build kept it, under the name of the one kept now."""
    def copied(case: Case) -> None:
        shutil.copy(case.one(pattern, case.earlier), case.one(pattern))
    return copied


# --- The pages the plugin writes of a long list (lists/KEY.html) and their index.

def kept_pages(folder: Path) -> tuple[dict[str, Any], dict[str, Path]]:
    """The index of the kept pages, and the page that shows the disputed scenario and the
    one before it, by "last" and "before"."""
    index = json.loads((folder / "index.json").read_bytes())
    pages = sorted(folder.glob("*.html"), key=lambda p: b'id="zz-disputed"' in p.read_bytes())
    return index, {"last": pages[-1], "before": pages[-2]}


def earlier_list_page_relabelled(case: Case) -> None:
    """The page of the list as the earlier build kept it (the disputed scenario verified
    then), put under the key of that page now, with its entry in the index."""
    folder, earlier = case.cache / "lists", case.earlier / "lists"
    index, now = kept_pages(folder)
    old_index, old = kept_pages(earlier)
    name = now["last"].name
    shutil.copy2(old["last"], now["last"])
    index[name.removesuffix(".html")] = old_index[old["last"].name.removesuffix(".html")]
    (folder / "index.json").write_text(json.dumps(index))


def list_pages_swapped(case: Case) -> None:
    folder = case.cache / "lists"
    index, pages = kept_pages(folder)
    last, before = (pages[n].name.removesuffix(".html") for n in ("last", "before"))
    pages["last"].rename(folder / "swap")
    pages["before"].rename(pages["last"])
    (folder / "swap").rename(pages["before"])
    index[last], index[before] = index[before], index[last]
    (folder / "index.json").write_text(json.dumps(index))


def list_page_changed_in_place(case: Case) -> None:
    """The last page written through its link at the same size, its time set back."""
    _, pages = kept_pages(case.cache / "lists")
    path = pages["last"]
    before = path.stat()
    data = path.read_bytes()
    with path.open("r+b") as out:
        out.write(data.replace(b'id="zz-disputed"', b'id="zz-verified"'))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


FAILING: dict[str, Callable[[Case], None]] = {
    "results-of-an-earlier-build-relabelled": earlier_results(
        {key(WRONG_BEFORE): key(WRONG), key(FENCE_WRONG_BEFORE): key(FENCE_WRONG)}),
    "results-of-another-engine-named-this-one": earlier_results({}),
    "results-of-another-engine": results_of_another_engine,
    "results-of-two-files-swapped": swap(key(WRONG), key(RIGHT)),
    "results-of-two-fences-swapped": swap(key(FENCE_WRONG), key(FENCE_RIGHT)),
    "results-of-a-file-and-a-fence-swapped": swap(key(WRONG), key(FENCE_RIGHT)),
    "a-result-rewritten-to-hold": verdict_flipped,
    "results-cut-in-half": cut(0.5),
    "results-cut-in-their-drafts": cut(0.95),
    "results-header-only": header_only,
    "results-empty": replaced(b""),
    "results-not-json": replaced(bytes(range(256)) * 64),
    "results-a-byte-flipped": byte_flipped,
    "results-a-link-to-a-device": swapped_for("device"),
    "results-a-fifo": swapped_for("fifo"),
    "results-a-sparse-file-of-16-gib": swapped_for("sparse"),
    "results-a-link-to-itself": swapped_for("loop"),
    "results-a-dangling-link": swapped_for("dangling"),
    "results-a-folder": swapped_for("folder"),
    "files-record-forged": files_record_forged,
    "files-record-a-fifo": swapped_for("fifo", "files.json"),
    "whole-of-an-earlier-build-relabelled": earlier_whole_relabelled,
    "whole-cut-in-half": cut(0.5, "standalone-*.json"),
    "whole-a-fifo": swapped_for("fifo", "standalone-*.json"),
    "citations-forged": citations_forged,
    "citations-a-link-to-a-device": swapped_for("device", "citations-*.json"),
}
"""Damage to the cache of the site whose build fails."""

PASSING: dict[str, Callable[[Case], None]] = {
    "list-page-of-an-earlier-build-relabelled": earlier_list_page_relabelled,
    "list-pages-swapped": list_pages_swapped,
    "list-page-changed-in-place-at-its-size-and-time": list_page_changed_in_place,
    "list-index-a-fifo": swapped_for("fifo", "lists/index.json"),
    "results-of-an-earlier-build-relabelled": earlier_results(
        {key(DISPUTED_BEFORE): key(DISPUTED)}),
    "whole-of-an-earlier-build-relabelled": earlier_whole_relabelled,
    "rules-json-of-an-earlier-build": earlier_file("rules-*.json"),
    "schema-cut-in-half": cut(0.5, "schema-*.json"),
}
"""Damage to the cache of the site whose build passes, and writes every page."""


def damaged_build(built: Built, tmp_path: Path, damage: Callable[[Case], None]) -> None:
    """Damage a copy of `built`'s cache with `damage`, build, and compare."""
    case = Case(tmp_path / "site", tmp_path / "earlier")
    shutil.copytree(built.root, case.root, symlinks=True,
                    ignore=lambda folder, _: ["site"] if folder == str(built.root) else [])
    shutil.copytree(built.earlier, case.earlier, symlinks=True)
    damage(case)
    after = build(case.root)
    assert "Traceback" not in after.stderr, after.stderr
    assert (after.status, after.problems) == built.run, after.stderr
    assert site_files(case.root) == built.pages, "the pages a build without a cache writes"
    assert after.seconds < 3 * built.clean.seconds + 30, "within the time of a build"
    assert after.memory_kb < 2 * built.clean.memory_kb, "within the memory of a build"


@pytest.mark.parametrize("damage", FAILING)
def test_whatever_the_cache_holds_a_failing_build_reports_what_checker_run_does(
        failing: Built, tmp_path: Path, damage: str) -> None:
    damaged_build(failing, tmp_path, FAILING[damage])


@pytest.mark.parametrize("damage", PASSING)
def test_whatever_the_cache_holds_a_passing_build_writes_the_pages_it_would_without(
        passing: Built, tmp_path: Path, damage: str) -> None:
    damaged_build(passing, tmp_path, PASSING[damage])
