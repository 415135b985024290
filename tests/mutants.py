"""Seeded mutants of the project's own scenario input, to fuzz the checker with.

    from mutants import mutants
    for mutant in mutants(seed=1, count=3000):
        (folder / mutant.filename).write_bytes(mutant.data())

Each mutant starts from a scenario file (`scenarios/**/*.yaml`) or a Markdown page holding
```` ```scenario ```` fences (`docs/**/*.md`, the whole page or a stretch around a fence) and
applies one to three mutations: keys removed, duplicated and renamed; types swapped; odd
numbers; unicode, control characters, line endings, a BOM, tabs; broken YAML, anchors and
aliases (undefined, recursive, alias bombs), merge keys and tags; steps and setups of another
game; deep nesting, long strings and long lists; nasty player names; and, in pages, the fences
themselves (unclosed, other code blocks before them, indented, odd fence strings). Mutations
of YAML in a page go into one of its fences, dedented and indented back.

Mutant `i` of a seed depends on the seed, `i` and the project's files only (not on how many
came before), so a failing mutant can be made again alone with `mutant(seed, i)`. Contents stay under
`MAX_SIZE` characters (bytes for the few that are bytes: invalid UTF-8, UTF-16). Scenario ids
get the suffix `-m<i>`, so mutants of one file checked together do not just collide on ids.

The module also holds what a fuzz run asserts about the checker's output
(`output_complaints`), so that the test and `benchmarks/fuzz_cli.py` judge alike.
"""

from __future__ import annotations

import functools
import random
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_SIZE = 300_000
"""Largest mutant, in characters (str) or bytes (bytes)."""

GAMES = ("ti4", "ti3", "arcs")


# --- Mutants and their sources ------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    index: int
    source: str
    """The project file it was made from, relative to the project root."""
    suffix: str
    """`.yaml` or `.md`."""
    content: str | bytes
    """The file's text; bytes when it is not valid UTF-8 (or not UTF-8 at all)."""
    mutations: tuple[str, ...]
    """What was done, in order, e.g. ("deep-flow_seq-20000", "crlf")."""
    operators: tuple[str, ...] = ()
    """The names of the mutations done (`MUTATIONS`), in the same order, e.g. ("deep",
    "endings")."""

    @property
    def name(self) -> str:
        stem = Path(self.source).stem[:28]
        return f"{self.index:05d}-{stem}-{_slug('+'.join(self.mutations))}"[:120]

    @property
    def filename(self) -> str:
        return self.name + self.suffix

    def data(self) -> bytes:
        return self.content if isinstance(self.content, bytes) else self.content.encode("utf-8")

    def line_count(self) -> int:
        return line_count(self.content)

    def describe(self) -> str:
        return f"{self.filename} ({self.source}: {', '.join(self.mutations)})"


@dataclass(frozen=True)
class Source:
    path: str
    suffix: str
    text: str
    game: str


def line_count(content: str | bytes) -> int:
    """Lines of a file as the checker reads it: UTF-8, and "\\r\\n" and a lone "\\r" read as
    one line break each (Python's text mode). A last line without a line break counts."""
    text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*scenario[ \t]*$")
_ANY_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")


@functools.cache
def sources(root: Path = ROOT) -> tuple[Source, ...]:
    """The project's scenario files, and its pages with at least one scenario fence."""
    found: list[Source] = []
    for path in sorted((root / "scenarios").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        found.append(Source(path.relative_to(root).as_posix(), ".yaml", text, _game(text, path)))
    for path in sorted((root / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if any(_FENCE_OPEN.match(line) for line in text.split("\n")):
            found.append(Source(path.relative_to(root).as_posix(), ".md", text, _game(text, path)))
    if not found:
        raise FileNotFoundError(f"no scenario files or pages under {root}")
    return tuple(found)


def _game(text: str, path: Path) -> str:
    match = re.search(r"^[ \t]*game:[ \t]*(ti4|ti3|arcs)[ \t]*$", text, re.MULTILINE)
    if match:
        return match.group(1)
    return next((game for game in GAMES if game in path.parts), "ti4")


KNOWN_GOOD = "scenarios/ti4/victory-reach-goal-in-status-phase.yaml"


def known_good(tag: str, root: Path = ROOT) -> tuple[str, str]:
    """A passing project scenario with the id `fuzz-known-good-<tag>`: (id, text)."""
    text = (root / KNOWN_GOOD).read_text(encoding="utf-8")
    scenario_id = f"fuzz-known-good-{tag}"
    return scenario_id, re.sub(r"(?m)^id:.*$", f"id: {scenario_id}", text, count=1)


def mutants(seed: int = 0, count: int | None = None, root: Path = ROOT,
            start: int = 0) -> Iterator[Mutant]:
    """Mutants `start`, `start + 1`, ... of a seed: `count` of them, or without end."""
    index = start
    while count is None or index < start + count:
        yield mutant(seed, index, root)
        index += 1


def mutant(seed: int, index: int, root: Path = ROOT) -> Mutant:
    """Mutant number `index` of a seed."""
    rng = random.Random(f"checker-fuzz:{seed}:{index}")
    found = sources(root)
    for _ in range(30):
        made = _attempt(rng, index, found)
        if made is not None and len(made.content) <= MAX_SIZE:
            return made
    source = rng.choice(found)
    return Mutant(index, source.path, source.suffix, "\ufeff" + source.text, ("bom",),
                  ("bom",))


@dataclass
class _Context:
    rng: random.Random
    game: str
    index: int
    foreign: Mapping[str, list[str]]
    """Step items of each game, as YAML blocks starting with "- "."""
    setups: Mapping[str, list[str]]
    """Setup blocks of each game, starting with "setup:"."""
    labels: list[str] = field(default_factory=list)
    operators: list[str] = field(default_factory=list)


def _attempt(rng: random.Random, index: int, found: tuple[Source, ...]) -> Mutant | None:
    markdown = [s for s in found if s.suffix == ".md"]
    yaml_files = [s for s in found if s.suffix == ".yaml"]
    source = rng.choice(markdown if markdown and rng.random() < 0.3 else yaml_files)
    text = _unique_ids(source.text, index)
    if source.suffix == ".md":
        text = _excerpt(rng, text)
    foreign, setups = _repertoire(found)
    ctx = _Context(rng, source.game, index, foreign, setups)
    wanted = rng.choice((1, 1, 2, 2, 2, 3))
    chosen: list[_Op] = []
    table = [op for op in _OPS if op.kind != "md" or source.suffix == ".md"]
    weights = [op.weight for op in table]
    while len(chosen) < wanted:
        op = rng.choices(table, weights)[0]
        if op.kind == "bytes" and any(c.kind == "bytes" for c in chosen):
            continue
        chosen.append(op)
    order = {"yaml": 0, "md": 0, "file": 1, "bytes": 2}
    chosen.sort(key=lambda op: order[op.kind])  # stable: file-wide changes last, bytes at the end
    content: str | bytes = text
    for op in chosen:
        assert isinstance(content, str)
        result = _apply(op, ctx, content, source.suffix)
        if result is None:
            continue
        content = result
        if len(content) > MAX_SIZE:
            return None
    if not ctx.labels:
        return None
    return Mutant(index, source.path, source.suffix, content, tuple(ctx.labels),
                  tuple(ctx.operators))


def _apply(op: _Op, ctx: _Context, text: str, suffix: str) -> str | bytes | None:
    done: str | bytes | None
    if op.kind == "yaml" and suffix == ".md":
        done = _in_fence(op, ctx, text)
    else:
        result = op.fn(ctx.rng, text, ctx)
        if result is None:
            return None
        done, label = result
        ctx.labels.append(label)
    if done is not None:
        ctx.operators.append(op.name)
    return done


def _in_fence(op: _Op, ctx: _Context, page: str) -> str | None:
    """Apply a YAML mutation to the body of one scenario fence of a page."""
    lines = page.split("\n")
    fences = [f for f in _fences(lines) if f.scenario]
    if not fences:
        return None
    fence = ctx.rng.choice(fences)
    end = fence.close if fence.close is not None else len(lines)
    body = [_dedent(line, fence.indent) for line in lines[fence.open + 1:end]]
    result = op.fn(ctx.rng, "\n".join(body) + "\n", ctx)
    if result is None:
        return None
    new, label = result
    assert isinstance(new, str), "YAML mutations give text"
    new_body = new.removesuffix("\n")
    indented = [fence.indent + line if line else line for line in new_body.split("\n")]
    ctx.labels.append(label)
    return "\n".join(lines[:fence.open + 1] + indented + lines[end:])


@dataclass(frozen=True)
class _Fence:
    open: int
    close: int | None
    indent: str
    fence: str
    scenario: bool


def _fences(lines: list[str]) -> list[_Fence]:
    """Code fences as the checker reads them (sources.fence_spans): scenario fences and others."""
    found: list[_Fence] = []
    index = 0
    while index < len(lines):
        match = _FENCE_OPEN.match(lines[index]) or _ANY_FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence = match["indent"], match["fence"]
        close = next((j for j in range(index + 1, len(lines))
                      if _closes(lines[j], indent, fence)), None)
        found.append(_Fence(index, close, indent, fence, bool(_FENCE_OPEN.match(lines[index]))))
        index = len(lines) if close is None else close + 1
    return found


def _closes(line: str, indent: str, fence: str) -> bool:
    stripped = line.strip()
    return (stripped.startswith(fence) and set(stripped) == {fence[0]}
            and len(line) - len(line.lstrip()) <= len(indent))


def _dedent(line: str, indent: str) -> str:
    return line[len(indent):] if line.startswith(indent) else line.lstrip()


def _unique_ids(text: str, index: int) -> str:
    return re.sub(r"(?m)^([ \t]*(?:- )?id:[ \t]*)([A-Za-z0-9][\w.-]*)[ \t]*$",
                  lambda m: f"{m[1]}{m[2]}-m{index}", text)


def _excerpt(rng: random.Random, page: str) -> str:
    """Most often a stretch of a page around one or two scenario fences; sometimes all of it."""
    if rng.random() < 0.25:
        return page
    lines = page.split("\n")
    fences = [f for f in _fences(lines) if f.scenario]
    first = rng.randrange(len(fences))
    last = min(len(fences) - 1, first + (1 if rng.random() < 0.2 else 0))
    start = max(0, fences[first].open - rng.randint(0, 12))
    close = fences[last].close
    end = len(lines) if close is None else min(len(lines), close + 1 + rng.randint(0, 12))
    return "\n".join(lines[start:end]) + "\n"


@functools.lru_cache(maxsize=8)
def _repertoire(found: tuple[Source, ...]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Step items and setup blocks of each game, from its scenario files."""
    steps: dict[str, list[str]] = {game: [] for game in GAMES}
    setups: dict[str, list[str]] = {game: [] for game in GAMES}
    for source in found:
        if source.suffix != ".yaml":
            continue
        lines = source.text.split("\n")
        for index, line in enumerate(lines):
            if line.startswith("setup:"):
                setups[source.game].append("\n".join(lines[index:_extent(lines, index, 0)]))
            if line.rstrip() == "steps:":
                end = _extent(lines, index, 0)
                item: list[str] = []
                for body in lines[index + 1:end]:
                    if re.match(r"^ {0,2}- ", body) and item:
                        steps[source.game].append(_block("\n".join(item)))
                        item = []
                    if body.strip() and not body.lstrip().startswith("#"):
                        item.append(body)
                if item:
                    steps[source.game].append(_block("\n".join(item)))
    return steps, setups


def _block(text: str) -> str:
    lines = text.split("\n")
    indent = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines)


def _extent(lines: list[str], index: int, col: int) -> int:
    """Index just past the block value of the key on line `index` whose key starts at `col`:
    the lines after it indented deeper (and, when the key has no value on its line, a block
    sequence at the key's own indentation). Trailing blank lines stay out."""
    inline = bool(re.search(r":[ \t]+[^#\s]", lines[index]))
    end = index + 1
    while end < len(lines):
        line = lines[end]
        stripped = line.lstrip(" ")
        if stripped and not stripped.startswith("#"):
            indent = len(line) - len(stripped)
            if not (indent > col or (indent == col and not inline and stripped.startswith("- "))):
                break
        end += 1
    while end > index + 1 and not lines[end - 1].strip():
        end -= 1
    return end


# --- Where things are in a YAML text ------------------------------------------------------

_BLOCK_KEY = re.compile(
    r"^(?P<lead>[ ]*(?:- +)*)(?P<key>[A-Za-z_][^:#\n]*?)[ ]*:(?P<rest>[ \t].*|)$", re.MULTILINE)
_FLOW_KEY = re.compile(r"(?<=[{,])(?P<space>[ ]*)(?P<key>[A-Za-z_][^{}\[\],:#\n]*?):(?= )")
_VALUE = re.compile(
    r"(?:(?<=: )|(?<=\[)|(?<=\{)|(?<=, )|(?<=- ))"
    r"(?P<v>\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\n]|'')*'"
    r"|(?!- )[^\s,\[\]{}#&*!|>'\"%@`:](?:[^,\[\]{}#\n:]|:(?=[^\s,\[\]{}]))*?)"
    r"(?=[ \t]*(?:[,\]}]|#|$))", re.MULTILINE)
_INT = re.compile(r"[-+]?\d+")


def _values(text: str) -> list[re.Match[str]]:
    return list(_VALUE.finditer(text))


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _flow_end(text: str, pos: int) -> int:
    """Where a flow value starting at `pos` ends: at the first `,`, `]` or `}` outside
    brackets and quotes (or the end of the line in block context)."""
    depth = 0
    quote = ""
    index = pos
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 1
            elif char == quote:
                quote = ""
        elif char in "\"'" and (index == pos or text[index - 1] in " [{,"):
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            if depth == 0:
                return index
            depth -= 1
        elif char == "," and depth == 0 or char == "\n" and depth == 0:
            return index
        index += 1
    return index


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.+=-]+", "_", text).strip("_") or "x"


def _label(*parts: object) -> str:
    return "-".join(_slug(str(p))[:24] for p in parts)


def _yaml_dq(text: str) -> str:
    """`text` as a YAML double-quoted scalar, escapes spelled out."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0:
            out.append(f"\\x{code:02x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _players(text: str) -> list[str]:
    match = re.search(r"players:[ \t]*\[([^\]\n]*)\]", text)
    if not match:
        return []
    return [p.strip() for p in match.group(1).split(",") if re.fullmatch(r"[\w -]+", p.strip())]


def _replace_token(text: str, word: str, new: str) -> str:
    """Replace `word` where it stands as a whole flow or block scalar (a key or a value)."""
    pattern = (r"(?:(?<=[\[{,])|(?<=[\[{,:] )|(?<=- )|(?<=^)|(?<=^ )|(?<=^  )|(?<=^   ))"
               + re.escape(word) + r"(?=[ \t]*(?:[,\]}:]|#|$))")
    return re.sub(pattern, lambda _: new, text, flags=re.MULTILINE)


# --- The mutations -------------------------------------------------------------------------

OpResult = tuple[str, str] | None


@dataclass(frozen=True)
class _Op:
    name: str
    kind: str
    """yaml: on a scenario's YAML (in a page: inside a fence); md: on a page's fences;
    file: on the whole file's text; bytes: the whole file, giving bytes."""
    weight: float
    fn: Callable[..., tuple[str | bytes, str] | None]


def _key_sites(text: str) -> tuple[list[re.Match[str]], list[re.Match[str]]]:
    return list(_BLOCK_KEY.finditer(text)), list(_FLOW_KEY.finditer(text))


def op_key_remove(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    block, flow = _key_sites(text)
    if block and (not flow or rng.random() < 0.6):
        match = rng.choice(block)
        lines = text.split("\n")
        index = text.count("\n", 0, match.start())
        col = len(match["lead"])
        end = _extent(lines, index, col)
        keep = [match["lead"]] if "-" in match["lead"] else []
        return "\n".join(lines[:index] + keep + lines[end:]), _label("key_remove", match["key"])
    if not flow:
        return None
    match = rng.choice(flow)
    end = _flow_end(text, match.end() + 1)
    start = match.start()
    if text[start - 1] == "," and start >= 1:
        start -= 1
    elif end < len(text) and text[end] == ",":
        end += 1
    return _splice(text, start, end, ""), _label("key_remove", match["key"])


def op_key_duplicate(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    block, flow = _key_sites(text)
    if block and (not flow or rng.random() < 0.6):
        match = rng.choice(block)
        lines = text.split("\n")
        index = text.count("\n", 0, match.start())
        end = _extent(lines, index, len(match["lead"]))
        copy = lines[index:end]
        copy[0] = match["lead"].replace("-", " ") + copy[0][len(match["lead"]):]
        if rng.random() < 0.3:
            copy[0] = copy[0].replace(":", ": # a comment\n" + " " * len(match["lead"]) + "#", 0)
        where = end if rng.random() < 0.7 else len(lines)
        return "\n".join(lines[:where] + copy + lines[where:]), _label("key_dup", match["key"])
    if not flow:
        return None
    match = rng.choice(flow)
    end = _flow_end(text, match.end() + 1)
    pair = text[match.start():end].strip()
    return _splice(text, end, end, ", " + pair), _label("key_dup", match["key"])


_HOMOGLYPHS = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
               "i": "\u0456", "s": "\u0455", "x": "\u0445", "y": "\u0443"}


def _near_miss(rng: random.Random, key: str) -> str:
    pos = rng.randrange(max(1, len(key)))
    choices: list[Callable[[], str]] = [
        lambda: key[:pos] + key[pos + 1:pos + 2] + key[pos:pos + 1] + key[pos + 2:],
        lambda: key[:pos] + key[pos + 1:],
        lambda: key[:pos] + key[pos:pos + 1] * 2 + key[pos + 1:],
        lambda: key.upper(),
        lambda: key.title(),
        lambda: key.replace("_", "-") if "_" in key else key + "-",
        lambda: key.replace("_", " ") if "_" in key else key + " x",
        lambda: key + "s",
        lambda: key[:-1] if len(key) > 1 else key + "_",
        lambda: re.sub(r"_(\w)", lambda m: m[1].upper(), key) if "_" in key else "_" + key,
        lambda: "".join(_HOMOGLYPHS.get(c, c) for c in key),
        lambda: key[:1] + "\u200b" + key[1:],
        lambda: key + "\u0301",
        lambda: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in key),
        lambda: '"' + key + ' "',
        lambda: "'" + key + "'",
        lambda: key + "\u00a0",
    ]
    return rng.choice(choices)()


_GARBAGE_KEYS = [
    "", "~", "null", "true", "no", "123", "-1", "1.5", "0x10", "2024-01-01", "\U0001f3b2",
    "x" * 5000, '"a\\nb"', '"\\e[31mred\\e[0m"', "[a, b]", "{a: 1}", "? x", "!!int 3",
    "&anchor k", "*undefined", "<<", "=", "'quoted key'", '"\\0"', "\u043a\u043b\u044e\u0447",
    "\u0645\u0641\u062a\u0627\u062d", "\u202ekey", "a b c d", "%x", "@x", "`x`", "- x", "\t",
    "!!binary aGVsbG8=", '"\\u2028"', "#x", "::", "k" + "\u0301" * 200,
]


def op_key_rename(rng: random.Random, text: str, ctx: _Context, garbage: bool) -> OpResult:
    block, flow = _key_sites(text)
    sites = block + flow
    if not sites:
        return None
    match = rng.choice(sites)
    key = match["key"]
    new = rng.choice(_GARBAGE_KEYS) if garbage else _near_miss(rng, key)
    kind = "key_garbage" if garbage else "key_near"
    return _splice(text, match.start("key"), match.end("key"), new), _label(kind, key, new)


_SWAPS: list[Callable[[str], str]] = [
    lambda v: f"[{v}]", lambda v: f"{{{v}: {v}}}", lambda v: "{}", lambda v: "[]",
    lambda v: "~", lambda v: "null", lambda v: "", lambda v: "true", lambda v: "no",
    lambda v: "on", lambda v: "3.5", lambda v: "-0.0", lambda v: "2024-01-01",
    lambda v: "2024-02-30", lambda v: "2001-12-14t21:59:43.10-05:00", lambda v: f'"{v}"',
    lambda v: f"'{v}'", lambda v: "!!binary aGVsbG8=", lambda v: "!!set {a, b}",
    lambda v: "!!omap [a: 1]", lambda v: "!!str 12", lambda v: f"- {v}", lambda v: f"[[{v}]]",
    lambda v: f"{{{v}}}", lambda v: "[~, ~]", lambda v: f"{v} {v}", lambda v: "=",
    lambda v: "12:30", lambda v: "1e3", lambda v: "'2'", lambda v: "[1, 2]",
]


def op_type_swap(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    block = [m for m in _BLOCK_KEY.finditer(text) if not m["rest"].strip()]
    if block and rng.random() < 0.3:
        match = rng.choice(block)
        lines = text.split("\n")
        index = text.count("\n", 0, match.start())
        end = _extent(lines, index, len(match["lead"]))
        new = rng.choice(["7", "[]", "{}", "~", "text", "[x]", "true", "-1", "''", "1.0"])
        lines[index] = lines[index].rstrip() + " " + new
        return "\n".join(lines[:index + 1] + lines[end:]), _label("type_block", match["key"], new)
    values = _values(text)
    if not values:
        return None
    match = rng.choice(values)
    swap = rng.randrange(len(_SWAPS))
    new = _SWAPS[swap](match["v"])
    return _splice(text, match.start("v"), match.end("v"), new), _label("type_swap", swap, new)


_NUMBERS = [
    "0", "-1", "-0", "+1", "007", "0o17", "0x1F", "0xFFFFFFFFFFFFFFFF", "0b1010", "1_000",
    "1_000_000_000_000", "1:30:00", "-1:30", "190:20:30.15", "1e3", "1e400", "-1e400",
    ".inf", "-.Inf", ".nan", ".NaN", "1.5", "0.000001", "3.0", str(2**31), str(2**31 - 1),
    str(2**63), str(2**63 - 1), str(-(2**63) - 1), str(2**64), str(10**18), str(10**9),
    str(10**6), str(10**5), "1" + "0" * 5000, "-1" + "0" * 5000, "1" + "0" * 4300,
    "9" * 4300, "0x" + "f" * 5000, "1_" * 3000 + "1", "0" * 5000 + "7", "0o" + "7" * 5000,
    "12345678901234567890", "0x", "1__", "\u00bd", "\u0661\u0662", "\uff15", "1e", "--1",
    "+-1", "0.", ".5", "1,000", "1 000", "0b", "0x_", "1.0e+400", "-0x10", "1:2:3:4:5:6:7",
    "99999999999999999999999999999999999999:00",
]
"""Odd numbers: signs, bases, separators and sexagesimals of YAML 1.1, huge and tiny values,
floats that overflow, numbers of more digits than Python converts by default (4300), and
things that look like numbers."""


def op_number(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    values = _values(text)
    numbers = [m for m in values if _INT.fullmatch(m["v"])]
    pool = numbers if numbers and rng.random() < 0.85 else values
    if not pool:
        return None
    match = rng.choice(pool)
    pick = rng.randrange(len(_NUMBERS))
    new = _NUMBERS[pick]
    shown = new if len(new) < 16 else f"{new[:6]}..{len(new)}"
    return _splice(text, match.start("v"), match.end("v"), new), _label("number", shown)


_UNICODE = [
    "\U0001f600", "\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\u202e", "\u202eRed\u202c", "\u2066x\u2069", "\u200f", "\u061c", "\u200e", "e\u0301",
    "Z" + "\u0336\u0301\u0316" * 30, "\u2028", "\u2029", "\u0085", "\ufeff", "\u200b",
    "\u00a0", "\u3000", "\uff46\uff55\uff4c\uff4c", "\U0001d54f", "\ufffd", "\U0010fffd",
    "\u0645\u0631\u062d\u0628\u0627", "\u05e9\u05dc\u05d5\u05dd", "\u65e5\u672c\u8a9e",
    "\u0130", "\u01c5", "\ufb03", "\ud7ff", "\ue000", "\u0301", "\u034f", "\u2063",
]


def op_unicode(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    pick = rng.randrange(len(_UNICODE))
    chars = _UNICODE[pick]
    values = _values(text)
    if values and rng.random() < 0.8:
        match = rng.choice(values)
        value = match["v"]
        if value.startswith(('"', "'")):
            at = match.start("v") + 1 + rng.randrange(max(1, len(value) - 1))
        else:
            at = rng.choice([match.start("v"), match.end("v"),
                             match.start("v") + rng.randrange(len(value) + 1)])
    else:
        at = rng.randrange(len(text) + 1)
    return _splice(text, at, at, chars), _label("unicode", f"U+{ord(chars[0]):04X}", pick)


_RAW_CONTROLS = ["\x00", "\x1b", "\x1b[31m", "\x7f", "\x08", "\x07", "\x0b", "\x0c", "\x9b",
                 "\x1b]0;title\x07", "\x01", "\x1f", "\x90", "\x0e"]
_ESCAPES = ["\\e", "\\0", "\\a", "\\b", "\\x7f", "\\x9b", "\\u202e", "\\u2028", "\\L", "\\P",
            "\\N", "\\_", "\\n", "\\r", "\\t", "\\e[2J\\e[H", "\\U0001F600", "\\ud800",
            "\\e]8;;http://x\\e\\\\link\\e]8;;\\e\\\\", "\\r\\n", "\\v", "\\f", "\\x00",
            "\\uFFFE", "\\U00110000"]


def op_control(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    """Control characters: raw (the YAML reader must refuse them, with a place) or written as
    escapes inside a double-quoted value (they then reach the scenario)."""
    values = _values(text)
    if values and rng.random() < 0.6:
        match = rng.choice(values)
        value = match["v"]
        inner = value[1:-1] if value[:1] == '"' else _yaml_dq(value.strip("'"))[1:-1]
        escape = rng.choice(_ESCAPES)
        at = rng.randrange(len(inner) + 1)
        new = '"' + inner[:at] + escape + inner[at:] + '"'
        return _splice(text, match.start("v"), match.end("v"), new), _label("escape", escape)
    raw = rng.choice(_RAW_CONTROLS)
    at = rng.randrange(len(text) + 1)
    return _splice(text, at, at, raw), _label("control", f"{ord(raw[0]):02x}")


_NASTY_NAMES = [
    "Bl\nue", "\x1b[31mRed\x1b[0m", "\x1b[2J\x1b[H", "Red\r", "Red\u2028Blue", "\u202eeulB",
    "Red\x00", "\x7f", "Red: Blue", "", " ", "~", "null", "- Red", "Red\tBlue",
    "\U0001f7e5", "Re\u0301d", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "\x1b]0;title\x07",
    "Red\nt.yaml:1:1: a problem that is not there", "R" * 10_000, "Red\r\n", "\x85",
    "\u2029", "Red\x9b31m", "\\", "Red\\nBlue", "%s%s%n", "{}", "'", '"',
]
"""Names for players (and ids, titles and objectives): newlines, ANSI and OSC escape
sequences, a fake located line, bidi controls, YAML-looking text, empties."""


def op_nasty_player(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    players = _players(text)
    if not players:
        return op_nasty_text(rng, text, ctx)
    player = rng.choice(players)
    pick = rng.randrange(len(_NASTY_NAMES))
    new = _replace_token(text, player, _yaml_dq(_NASTY_NAMES[pick]))
    if new == text:
        return None
    return new, _label("player", player, pick)


def op_nasty_text(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    sites = [m for m in _BLOCK_KEY.finditer(text)
             if m["key"] in ("id", "title", "objective", "ambition", "game", "phase")
             or (m["rest"].strip() and rng.random() < 0.05)]
    flows = [m for m in _FLOW_KEY.finditer(text) if m["key"] in ("objective", "player")]
    if not sites and not flows:
        return None
    match = rng.choice(sites + flows)
    pick = rng.randrange(len(_NASTY_NAMES))
    new = _yaml_dq(_NASTY_NAMES[pick])
    if match.re is _BLOCK_KEY:
        start = match.start("rest")
        return _splice(text, start, match.end("rest"), " " + new), _label("text", match["key"], pick)
    end = _flow_end(text, match.end() + 1)
    return _splice(text, match.end() + 1, end, new), _label("text", match["key"], pick)


def op_broken(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    """Broken YAML: brackets and quotes left open, bad indentation, stray colons and
    indicators, truncation, lines moved."""
    kind = rng.choice(["unclosed_bracket", "extra_bracket", "unclosed_quote", "indent",
                       "stray_colon", "indicator", "truncate", "delete_char", "swap_lines",
                       "complex_key", "block_scalar", "comment", "document_marks", "dash_line",
                       "lonely_colon", "anchor_name"])
    lines = text.split("\n")
    line_no = rng.randrange(len(lines))
    line = lines[line_no]
    at = rng.randrange(len(line) + 1)
    if kind == "unclosed_bracket":
        closers = [i for i, c in enumerate(text) if c in "]}"]
        if closers and rng.random() < 0.7:
            pos = rng.choice(closers)
            return _splice(text, pos, pos + 1, ""), _label("broken", kind)
        values = _values(text)
        if values:
            match = rng.choice(values)
            return _splice(text, match.start("v"), match.start("v"), rng.choice("[{")), \
                _label("broken", kind)
    if kind == "extra_bracket":
        lines[line_no] = line[:at] + rng.choice("]}[{") + line[at:]
    elif kind == "unclosed_quote":
        values = _values(text)
        if values:
            match = rng.choice(values)
            quote = rng.choice("\"'")
            return _splice(text, match.start("v"), match.start("v"), quote), _label("broken", kind)
        lines[line_no] = line[:at] + '"' + line[at:]
    elif kind == "indent":
        shift = rng.choice([-3, -2, -1, 1, 2, 3, 7])
        indent = len(line) - len(line.lstrip(" "))
        lines[line_no] = " " * max(0, indent + shift) + line.lstrip(" ")
    elif kind == "stray_colon":
        lines[line_no] = line[:at] + rng.choice([": ", ":", "::", ": x: ", " : "]) + line[at:]
    elif kind == "indicator":
        lines[line_no] = line[:at] + rng.choice("@`%&*!|>?#-,") + line[at:]
    elif kind == "truncate":
        cut = rng.randrange(len(text) + 1)
        return text[:cut], _label("broken", kind, cut)
    elif kind == "delete_char":
        if not text:
            return None
        pos = rng.randrange(len(text))
        return _splice(text, pos, pos + 1, ""), _label("broken", kind, repr(text[pos])[1:-1])
    elif kind == "swap_lines":
        other = rng.randrange(len(lines))
        lines[line_no], lines[other] = lines[other], lines[line_no]
    elif kind == "complex_key":
        lines.insert(line_no, "? [a, b]\n: c" if rng.random() < 0.5 else "? |\n  k\n: v")
    elif kind == "block_scalar":
        lines[line_no] = line[:at] + rng.choice([" |", " >-", " |9", " |-0", " >+2", " |\n x"]) \
            + line[at:]
    elif kind == "comment":
        lines[line_no] = line[:at] + rng.choice(["#", " #", "# ", "#\u2028"]) + line[at:]
    elif kind == "document_marks":
        lines.insert(line_no, rng.choice(["---", "...", "--- |", "--- !!map", "%YAML 1.1",
                                          "%YAML 2.0", "%TAG ! tag:x,2000:", "%FOO bar"]))
    elif kind == "dash_line":
        lines.insert(line_no, rng.choice(["- ", "-", "- - -", "  - x", "-x"]))
    elif kind == "lonely_colon":
        lines.insert(line_no, rng.choice([":", ": x", "  :", "?", "? x"]))
    else:
        lines[line_no] = line[:at] + rng.choice(["& ", "&", "&a&b ", "*", "* ", "&\U0001f600 "]) \
            + line[at:]
    return "\n".join(lines), _label("broken", kind)


def _bomb(levels: int, width: int, name: str) -> str:
    out = [f"{name}0: &{name}0 [lol]"]
    for level in range(1, levels):
        refs = ", ".join(f"*{name}{level - 1}" for _ in range(width))
        out.append(f"{name}{level}: &{name}{level} [{refs}]")
    return "\n".join(out)


def op_anchors(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["copy", "undefined", "recursive", "bomb", "bomb_used", "merge",
                       "key_alias", "duplicate_anchor", "string_bomb"])
    values = _values(text)
    if not values:
        return None
    if kind == "copy":
        first = rng.randrange(len(values))
        later = values[first + 1:] or values
        target, source = rng.choice(later), values[first]
        if target is source:
            return None
        text = _splice(text, target.start("v"), target.end("v"), "*a1")
        return _splice(text, source.start("v"), source.start("v"), "&a1 "), _label("alias", kind)
    if kind == "undefined":
        match = rng.choice(values)
        return _splice(text, match.start("v"), match.end("v"), "*nope"), _label("alias", kind)
    if kind == "recursive":
        match = rng.choice(values)
        new = rng.choice(["&r [*r]", "&r {a: *r}", "&r [1, [2, *r]]", "&r {*r : 1}"])
        return _splice(text, match.start("v"), match.end("v"), new), _label("alias", kind)
    if kind in ("bomb", "bomb_used"):
        levels, width = rng.randint(4, 12), rng.randint(4, 10)
        bomb = _bomb(levels, width, "lol")
        text = bomb + "\n" + text
        if kind == "bomb_used":
            match = rng.choice(_values(text)[levels:] or _values(text))
            text = _splice(text, match.start("v"), match.end("v"), f"*lol{levels - 1}")
        return text, _label("alias", kind, f"{width}^{levels}")
    if kind == "string_bomb":
        match = rng.choice(values)
        blob = "x" * rng.choice([1000, 10_000, 50_000])
        refs = ", ".join(["*s"] * rng.choice([100, 1000, 3000]))
        new = f"[&s {blob}, {refs}]"
        return _splice(text, match.start("v"), match.end("v"), new), _label("alias", kind)
    if kind == "merge":
        block = list(_BLOCK_KEY.finditer(text))
        if not block:
            return None
        match = rng.choice(block)
        lines = text.split("\n")
        index = text.count("\n", 0, match.start())
        lead = " " * len(match["lead"])
        merge = rng.choice(["<<: *a1", "<<: [*a1]", "<<: {}", "<<: 1", "<<: {phase: status}"])
        if "*a1" in merge:
            lines.insert(0, "base: &a1 {round: 1}")
            index += 1
        lines.insert(index + 1, lead + merge)
        return "\n".join(lines), _label("merge", merge)
    if kind == "key_alias":
        return "&k x-key: 1\n*k : 2\n" + text, _label("alias", kind)
    match = rng.choice(values)
    other = rng.choice(values)
    if match is other:
        return None
    earlier, later_one = sorted((match, other), key=lambda m: m.start())
    text = _splice(text, later_one.start("v"), later_one.start("v"), "&d ")
    return _splice(text, earlier.start("v"), earlier.start("v"), "&d "), _label("alias", kind)


_TAGS = [
    "!!python/object/apply:os.system [echo pwned]", "!!python/name:builtins.print",
    "!!python/tuple [1, 2]", "!!python/object:object {}", "!!binary aGVsbG8=",
    "!!binary 'not base64 at all!'", "!!int abc", "!!int 0x", "!!int " + "1" * 5000,
    "!!float abc", "!!float 1e99999", "!!bool maybe", "!!timestamp x",
    "!!timestamp 2024-02-30", "!!null x", "!!str [a]", "!!map [a]", "!!seq {a: 1}",
    "!local x", "!<tag:example.com,2000:x> y", "!!set {a}", "!!omap [{a: 1}]",
    "!!pairs [{a: 1}]", "!!merge x", "!!value x", "!!yaml x", "!!str", "!e!x y",
    "!!int 1:30", "!!float .nan", "!!int '12'", "! 12", "!!bool 'yes'", "!!timestamp 2001-12-14",
]


def op_tags(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    values = _values(text)
    pick = rng.randrange(len(_TAGS))
    tag = _TAGS[pick]
    if values and rng.random() < 0.85:
        match = rng.choice(values)
        if rng.random() < 0.3 and not tag.split(" ", 1)[1:]:
            new = f"{tag} {match['v']}"
        else:
            new = tag
        return _splice(text, match.start("v"), match.end("v"), new), _label("tag", pick)
    return f"--- {tag.split(' ')[0]}\n{text}", _label("tag_document", pick)


def op_other_game(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    others = [g for g in GAMES if g != ctx.game and ctx.foreign.get(g)]
    kind = rng.choice(["game_value", "foreign_step", "foreign_step", "foreign_setup",
                       "foreign_steps"])
    if kind == "game_value" or not others:
        new = rng.choice(others + ["TI4", "ti4 ", "ti5", "''", "~", "[ti4]", "Ti3",
                                   "ti\u200b4", "arcs\u0301", "\U0001f3b2"]) if others else "ti5"
        replaced, done = re.subn(r"(?m)^([ \t]*(?:- )?game:)[ \t]*\S.*$",
                                 lambda m: f"{m[1]} {new}", text, count=1)
        return (replaced, _label("game", new)) if done else None
    game = rng.choice(others)
    lines = text.split("\n")
    steps_at = next((i for i, line in enumerate(lines) if line.rstrip() == "steps:"), None)
    if kind == "foreign_setup":
        setup_at = next((i for i, line in enumerate(lines) if line.startswith("setup:")), None)
        if setup_at is None:
            return None
        end = _extent(lines, setup_at, 0)
        setup = rng.choice(ctx.setups[game]).split("\n")
        return "\n".join(lines[:setup_at] + setup + lines[end:]), _label("setup_of", game)
    if steps_at is None:
        return None
    end = _extent(lines, steps_at, 0)
    items = [i for i in range(steps_at + 1, end) if re.match(r"^ *- ", lines[i])]
    indent = (len(lines[items[0]]) - len(lines[items[0]].lstrip(" "))) if items else 2
    if kind == "foreign_steps":
        count = rng.randint(1, 4)
        added = [" " * indent + line for step in rng.sample(ctx.foreign[game],
                                                            min(count, len(ctx.foreign[game])))
                 for line in step.split("\n")]
        return "\n".join(lines[:steps_at + 1] + added + lines[end:]), _label("steps_of", game)
    step = rng.choice(ctx.foreign[game])
    where = rng.choice(items + [end])
    added = [" " * indent + line for line in step.split("\n")]
    kind_name = re.match(r"- (\w+)", step)
    return "\n".join(lines[:where] + added + lines[where:]), \
        _label("step_of", game, kind_name[1] if kind_name else "?")


def op_deep(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    """Nesting from a few hundred to tens of thousands of levels."""
    depth = int(10 ** rng.uniform(2.3, 4.8))
    kind = rng.choice(["flow_seq", "flow_seq", "flow_map", "flow_mixed", "block_seq",
                       "unclosed", "block_map", "quoted_tail"])
    if kind == "flow_seq":
        deep = "[" * depth + "]" * depth
    elif kind == "flow_map":
        depth = min(depth, 60_000)
        deep = "{a: " * depth + "x" + "}" * depth
    elif kind == "flow_mixed":
        depth = min(depth, 40_000)
        deep = "[{a: " * depth + "1" + "}]" * depth
    elif kind == "unclosed":
        deep = rng.choice("[{") * depth
    elif kind == "quoted_tail":
        deep = "[" * depth + '"x'
    else:
        deep = ""
    lines = text.split("\n")
    block = [m for m in _BLOCK_KEY.finditer(text)]
    if kind in ("block_seq", "block_map") or not deep:
        if not block:
            return None
        match = rng.choice(block)
        index = text.count("\n", 0, match.start())
        col = len(match["lead"])
        end = _extent(lines, index, col)
        head = lines[index][:match.end("key") - match.start()] + ":"
        if kind == "block_seq":
            body = [" " * (col + 2) + "- " * depth + "x"]
        else:
            depth = min(depth, 350)
            body = [" " * (col + 2 + 2 * level) + "a:" for level in range(depth)]
            body[-1] += " x"
        return "\n".join(lines[:index] + [head] + body + lines[end:]), \
            _label("deep", kind, depth)
    values = _values(text)
    if not values or rng.random() < 0.15:
        return f"deep: {deep}\n{text}", _label("deep_top", kind, depth)
    match = rng.choice(values)
    return _splice(text, match.start("v"), match.end("v"), deep), _label("deep", kind, depth)


def op_long_string(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    size = rng.choice([1000, 10_000, 100_000, 250_000])
    kind = rng.choice(["ascii", "words", "emoji", "combining", "escapes", "key", "comment",
                       "player", "quoted"])
    if kind == "ascii":
        new = "x" * size
    elif kind == "words":
        new = "Red scores " * (size // 11)
    elif kind == "emoji":
        new = "\U0001f3b2" * (size // 4)
    elif kind == "combining":
        new = "a" + "\u0301" * (size // 2)
    elif kind == "escapes":
        new = '"' + "\\e[1m" * (size // 5) + '"'
    elif kind == "quoted":
        new = "'" + "it''s " * (size // 6) + "'"
    elif kind == "player":
        players = _players(text)
        if not players:
            return None
        mentions = max(1, len(re.findall(re.escape(players[0]), text)))
        return _replace_token(text, players[0], "P" * min(size, 200_000 // mentions)), \
            _label("long", kind, size)
    elif kind == "comment":
        return "# " + "c" * size + "\n" + text, _label("long", kind, size)
    else:
        return text.rstrip("\n") + "\n" + "k" * size + ": 1\n", _label("long", kind, size)
    values = _values(text)
    if not values:
        return None
    match = rng.choice(values)
    return _splice(text, match.start("v"), match.end("v"), new), _label("long", kind, size)


def op_long_list(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["players", "steps", "about", "values", "keys", "scenarios",
                       "rule_ids"])
    count = rng.choice([100, 1000, 5000, 20_000])
    if kind == "players":
        names = ", ".join(f"P{i}" for i in range(count))
        new, done = re.subn(r"players:[ \t]*\[[^\]\n]*\]", lambda _: f"players: [{names}]",
                            text, count=1)
        return (new, _label("long_list", kind, count)) if done else None
    if kind == "steps":
        lines = text.split("\n")
        steps_at = next((i for i, line in enumerate(lines) if line.rstrip() == "steps:"), None)
        if steps_at is None:
            return None
        end = _extent(lines, steps_at, 0)
        body = lines[steps_at + 1:end]
        size = sum(len(line) + 1 for line in body) or 1
        times = max(1, min(count // max(1, len(body)), 200_000 // size))
        return "\n".join(lines[:end] + body * times + lines[end:]), \
            _label("long_list", kind, times)
    if kind in ("about", "rule_ids"):
        rule = f"{ctx.game}:98.7" if kind == "about" else f"{ctx.game}:99.{count}"
        ids = ", ".join([rule] * count) if kind == "about" else \
            ", ".join(f"{ctx.game}:{i}.{i}" for i in range(count))
        new, done = re.subn(r"(?m)^about:.*$", lambda _: f"about: [{ids}]", text, count=1)
        return (new, _label("long_list", kind, count)) if done else None
    if kind == "scenarios":
        copies = max(2, min(count // 50, 150_000 // max(1, len(text))))
        items = []
        for copy in range(copies):
            renamed = re.sub(r"(?m)^(id:.*)$", rf"\g<1>-c{copy}", text, count=1)
            items.append("- " + renamed.rstrip("\n").replace("\n", "\n  "))
        return "\n".join(items) + "\n", _label("long_list", kind, copies)
    values = _values(text)
    if not values:
        return None
    match = rng.choice(values)
    if kind == "values":
        new = "[" + ", ".join(["0"] * count) + "]"
    else:
        new = "{" + ", ".join(f"k{i}: {i}" for i in range(count)) + "}"
    return _splice(text, match.start("v"), match.end("v"), new), _label("long_list", kind, count)


_TINY = [
    "", "\n", "---\n", "...\n", "~\n", "null\n", "[]\n", "{}\n", "- \n", "-\n",
    "# only a comment\n", "   \n", "\ufeff", "hello\n", "42\n", "[1, 2]\n", "- - -\n",
    "id: x\n", "id:\n", ":\n", "? \n", "!!\n", "&a\n", "*a\n", "'\n", '"\n', "|\n", ">\n",
    "- {}\n- []\n- ~\n", "id: tiny\ngame: ti4\n", "id: tiny\ntitle: t\ngame: ti4\n",
    "id: tiny\ntitle: t\ngame: ti4\nsetup: {}\nsteps: []\n", "--- >\n  folded\n", "\t\n",
    "id: tiny\ntitle: t\ngame: arcs\nsetup: {players: []}\nsteps: []\n",
]


def op_tiny(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    pick = rng.randrange(len(_TINY))
    return _TINY[pick], _label("tiny", pick)


def op_documents(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["twice", "end_mark", "directive", "yaml_2", "tag_directive", "empty_doc"])
    if kind == "twice":
        return "---\n" + text + "---\n" + text, _label("docs", kind)
    if kind == "end_mark":
        return text + "...\n" + rng.choice(["", "junk: 1\n", "---\nid: y\n"]), _label("docs", kind)
    if kind == "directive":
        return "%YAML 1.1\n---\n" + text, _label("docs", kind)
    if kind == "yaml_2":
        return "%YAML 2.0\n---\n" + text, _label("docs", kind)
    if kind == "tag_directive":
        return "%TAG !x! tag:example.com,2000:\n---\n" + text, _label("docs", kind)
    return "---\n---\n" + text, _label("docs", kind)


# Pages: the fences themselves.

def _page(text: str) -> tuple[list[str], list[_Fence]]:
    lines = text.split("\n")
    return lines, [f for f in _fences(lines) if f.scenario]


def op_fence_unclosed(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    lines, fences = _page(text)
    closed = [f for f in fences if f.close is not None]
    if not closed:
        return None
    fence = rng.choice(closed)
    assert fence.close is not None
    kind = rng.choice(["removed", "shorter", "other_char", "deeper", "text_after"])
    if kind == "removed":
        del lines[fence.close]
    elif kind == "shorter":
        lines[fence.close] = fence.indent + fence.fence[:-1]
    elif kind == "other_char":
        lines[fence.close] = fence.indent + ("~~~" if fence.fence[0] == "`" else "```")
    elif kind == "deeper":
        lines[fence.close] = fence.indent + "    " + fence.fence
    else:
        lines[fence.close] = fence.indent + fence.fence + " x"
    return "\n".join(lines), _label("fence_unclosed", kind)


def op_fence_other(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    lines, fences = _page(text)
    if not fences:
        return None
    fence = rng.choice(fences)
    block = rng.choice([
        ["```python"], ["```yaml", "id: not-a-scenario", "```"], ["~~~"], ["````"],
        ["```", "```scenario", "id: shown-as-text", "```"], ["~~~~text"], ["```scenario yaml"],
        ["<!--", "```scenario"], ["    ```"], ["```mermaid", "graph TD;", "A-->B;"],
    ])
    where = rng.choice([fence.open, max(0, fence.open - rng.randint(1, 5))])
    lines[where:where] = [fence.indent + line for line in block]
    return "\n".join(lines), _label("fence_other", block[0].strip() or "blank")


def op_fence_indent(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    lines, fences = _page(text)
    if not fences:
        return None
    fence = rng.choice(fences)
    end = fence.close if fence.close is not None else len(lines) - 1
    kind = rng.choice(["all", "opening", "closing", "body_less", "tab", "blockquote",
                       "admonition", "tab_indent_body", "odd"])
    if kind in ("all", "admonition", "tab", "blockquote", "odd"):
        prefix = {"all": "    ", "admonition": "    ", "tab": "\t", "blockquote": "> ",
                  "odd": " " * rng.randint(1, 9)}[kind]
        for index in range(fence.open, end + 1):
            if lines[index] or kind == "blockquote":
                lines[index] = prefix + lines[index]
        if kind == "admonition":
            lines.insert(fence.open, '!!! note "A note"')
            lines.insert(fence.open + 1, "")
    elif kind == "opening":
        lines[fence.open] = "  " + lines[fence.open]
    elif kind == "closing" and fence.close is not None:
        lines[fence.close] = "  " + lines[fence.close]
    elif kind == "body_less":
        for index in range(fence.open + 1, end):
            if lines[index].startswith(fence.indent + " "):
                lines[index] = lines[index][len(fence.indent) + 1:]
            elif lines[index].strip():
                lines[index] = lines[index].lstrip()
        if not fence.indent:
            lines[fence.open] = "  " + lines[fence.open]
            if fence.close is not None:
                lines[fence.close] = "  " + lines[fence.close]
    else:
        for index in range(fence.open + 1, end):
            if lines[index].startswith(fence.indent + "  "):
                lines[index] = fence.indent + "\t" + lines[index][len(fence.indent) + 2:]
    return "\n".join(lines), _label("fence_indent", kind)


def op_fence_variant(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    lines, fences = _page(text)
    if not fences:
        return None
    fence = rng.choice(fences)
    opening = rng.choice(["~~~scenario", "````scenario", "```scenario   ", "``` scenario",
                          "```Scenario", "```scenario yaml", "```{scenario}", "```\tscenario",
                          "``````````scenario", "~~~~ scenario", "```scenario\u00a0",
                          "```scenario\ufeff", "```sc\u0435nario"])
    lines[fence.open] = fence.indent + opening
    return "\n".join(lines), _label("fence_variant", opening)


def op_fence_extra(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    lines, fences = _page(text)
    kind = rng.choice(["empty", "comment_only", "at_end", "front_matter", "copies", "dashes",
                       "nested_tab"])
    if kind == "empty":
        lines[0:0] = ["```scenario", "```", ""]
    elif kind == "comment_only":
        lines[0:0] = ["```scenario", "# nothing", "```", ""]
    elif kind == "at_end":
        return text.rstrip("\n") + "\n\n```scenario", _label("fence_extra", kind)
    elif kind == "front_matter":
        lines[0:0] = ["---", "title: A page", "tags: [x]", "---", ""]
    elif kind == "dashes":
        lines[0:0] = ["```scenario", "---", "```"]
    elif kind == "nested_tab":
        if not fences:
            return None
        fence = rng.choice(fences)
        end = fence.close if fence.close is not None else len(lines) - 1
        for index in range(fence.open, end + 1):
            lines[index] = "    " + lines[index] if lines[index] else lines[index]
        lines[fence.open:fence.open] = ['=== "First"', ""]
    else:
        closed = [f for f in fences if f.close is not None]
        if not closed:
            return None
        fence = rng.choice(closed)
        assert fence.close is not None
        chunk = lines[fence.open:fence.close + 1]
        size = sum(len(line) + 1 for line in chunk)
        copies = max(1, min(rng.choice([10, 100, 500]), 150_000 // size))
        lines[fence.close + 1:fence.close + 1] = (chunk + [""]) * copies
        return "\n".join(lines), _label("fence_extra", kind, copies)
    return "\n".join(lines), _label("fence_extra", kind)


# The whole file.

def op_endings(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["crlf", "cr", "mixed", "cr_some", "crcrlf"])
    if kind == "crlf":
        return text.replace("\n", "\r\n"), "crlf"
    if kind == "cr":
        return text.replace("\n", "\r"), "cr"
    if kind == "crcrlf":
        return text.replace("\n", "\r\r\n"), "crcrlf"
    parts = text.split("\n")
    out = parts[0]
    for part in parts[1:]:
        out += rng.choice(["\n", "\r\n", "\r"] if kind == "mixed" else ["\n", "\n", "\r"]) + part
    return out, kind


def op_bom(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["start", "start", "twice", "middle", "line_start"])
    if kind == "start":
        return "\ufeff" + text, "bom"
    if kind == "twice":
        return "\ufeff\ufeff" + text, "bom_twice"
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    if kind == "middle":
        at = rng.randrange(len(lines[index]) + 1)
        lines[index] = lines[index][:at] + "\ufeff" + lines[index][at:]
    else:
        lines[index] = "\ufeff" + lines[index]
    return "\n".join(lines), f"bom_{kind}"


def op_tabs(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["indent", "indent_all", "after_colon", "tab_lines", "in_flow"])
    lines = text.split("\n")
    indented = [i for i, line in enumerate(lines) if line.startswith("  ")]
    if kind in ("indent", "indent_all") and indented:
        chosen = indented if kind == "indent_all" else [rng.choice(indented)]
        for index in chosen:
            line = lines[index]
            lines[index] = "\t" * ((len(line) - len(line.lstrip(" "))) // 2) + line.lstrip(" ")
    elif kind == "after_colon":
        return re.sub(r":( )(?=\S)", ":\t", text, count=rng.randint(1, 20)), "tabs_after_colon"
    elif kind == "in_flow":
        return text.replace(", ", ",\t"), "tabs_in_flow"
    else:
        lines.insert(rng.randrange(len(lines) + 1), "\t")
    return "\n".join(lines), f"tabs_{kind}"


def op_whitespace(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    kind = rng.choice(["no_final_newline", "blank_lines", "trailing_spaces", "leading_blank",
                       "nbsp_indent", "only_newlines_after"])
    if kind == "no_final_newline":
        return text.rstrip("\n"), kind
    if kind == "blank_lines":
        return text.replace("\n", "\n\n"), kind
    if kind == "trailing_spaces":
        return text.replace("\n", "   \n"), kind
    if kind == "leading_blank":
        return "\n" * rng.randint(1, 50) + text, kind
    if kind == "nbsp_indent":
        return re.sub(r"(?m)^  ", "\u00a0\u00a0", text, count=rng.randint(1, 5)), kind
    return text + "\n" * rng.randint(1, 1000), kind


def op_raw_control(rng: random.Random, text: str, ctx: _Context) -> OpResult:
    raw = rng.choice(_RAW_CONTROLS + ["\x85", "\u2028", "\u2029"])
    at = rng.randrange(len(text) + 1)
    return _splice(text, at, at, raw), _label("raw_control", f"{ord(raw[0]):02x}")


def op_encoding(rng: random.Random, text: str, ctx: _Context) -> tuple[bytes, str] | None:
    """Bytes that are not valid UTF-8, or not UTF-8 at all."""
    data = text.encode("utf-8")
    kind = rng.choice(["ff", "truncated", "overlong", "surrogate", "latin1", "utf16",
                       "utf16_bom", "cut_in_char", "nul_bytes", "cp1252"])
    at = rng.randrange(len(data) + 1)
    if kind == "ff":
        return data[:at] + b"\xff" + data[at:], "bytes_ff"
    if kind == "truncated":
        return data[:at] + b"\xe2\x82" + data[at:], "bytes_truncated"
    if kind == "overlong":
        return data[:at] + b"\xc0\xaf" + data[at:], "bytes_overlong"
    if kind == "surrogate":
        return data[:at] + b"\xed\xa0\x80" + data[at:], "bytes_surrogate"
    if kind == "latin1":
        return (text + "# caf\u00e9\n").encode("latin-1", "replace"), "bytes_latin1"
    if kind == "utf16":
        return text.encode("utf-16-le"), "bytes_utf16le"
    if kind == "utf16_bom":
        return text.encode("utf-16"), "bytes_utf16"
    if kind == "cut_in_char":
        emoji = "# \U0001f3b2\n".encode()
        return emoji[:4] + data, "bytes_cut_in_char"
    if kind == "nul_bytes":
        return data[:at] + b"\x00" * 8 + data[at:], "bytes_nul"
    return text.replace("-", "\u2013").encode("cp1252", "replace"), "bytes_cp1252"


def _op(name: str, kind: str, weight: float, fn: Callable[..., object]) -> _Op:
    return _Op(name, kind, weight, fn)  # type: ignore[arg-type]


_OPS: list[_Op] = [
    _op("key_remove", "yaml", 6, op_key_remove),
    _op("key_duplicate", "yaml", 5, op_key_duplicate),
    _op("key_near", "yaml", 6, functools.partial(op_key_rename, garbage=False)),
    _op("key_garbage", "yaml", 5, functools.partial(op_key_rename, garbage=True)),
    _op("type_swap", "yaml", 8, op_type_swap),
    _op("number", "yaml", 8, op_number),
    _op("unicode", "yaml", 5, op_unicode),
    _op("control", "yaml", 5, op_control),
    _op("nasty_player", "yaml", 5, op_nasty_player),
    _op("nasty_text", "yaml", 3, op_nasty_text),
    _op("broken", "yaml", 8, op_broken),
    _op("anchors", "yaml", 5, op_anchors),
    _op("tags", "yaml", 5, op_tags),
    _op("other_game", "yaml", 5, op_other_game),
    _op("deep", "yaml", 4, op_deep),
    _op("long_string", "yaml", 3, op_long_string),
    _op("long_list", "yaml", 3, op_long_list),
    _op("tiny", "yaml", 2, op_tiny),
    _op("documents", "yaml", 2, op_documents),
    _op("fence_unclosed", "md", 3, op_fence_unclosed),
    _op("fence_other", "md", 3, op_fence_other),
    _op("fence_indent", "md", 3, op_fence_indent),
    _op("fence_variant", "md", 3, op_fence_variant),
    _op("fence_extra", "md", 2, op_fence_extra),
    _op("endings", "file", 4, op_endings),
    _op("bom", "file", 3, op_bom),
    _op("tabs", "file", 3, op_tabs),
    _op("whitespace", "file", 2, op_whitespace),
    _op("raw_control", "file", 2, op_raw_control),
    _op("encoding", "bytes", 3, op_encoding),
]
"""Every mutation with its kind and weight (how often it is drawn)."""

MUTATIONS = tuple(op.name for op in _OPS)


# --- What a fuzz run asserts about the checker's output -------------------------------------

LOCATED = re.compile(r"^(?P<path>.+?):(?P<line>-?\d+):(?P<col>-?\d+): (?P<message>.*)$", re.DOTALL)
SUMMARY = re.compile(r"^\d+ passed, \d+ failed$")
_SHOWN_FORMATS = {"\u2028", "\u2029", "\u200e", "\u200f", "\u061c", "\u202a", "\u202b",
                  "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}


def unprintable(line: str) -> list[str]:
    """The characters of an output line (its ending newline taken off) that a terminal or a
    log viewer does not show as themselves: control characters (C0, DEL, C1, tab and carriage
    return included), line and paragraph separators, and bidi controls, which reorder what a
    terminal shows (a path shown backwards)."""
    return sorted({f"U+{ord(c):04X}" for c in line
                   if c in _SHOWN_FORMATS or unicodedata.category(c) == "Cc"})


@dataclass(frozen=True)
class Complaint:
    file: str | None
    """The file it is about, when known (a path as printed)."""
    kind: str
    detail: str


def output_complaints(stdout: str, stderr: str, files: Mapping[str, int],
                      summary: bool = True) -> list[Complaint]:
    """What is wrong with the output of `checker run` on files whose printed paths and line
    counts are `files`: every stdout line but the last is `path:line:col: message` naming one
    of them, 1 <= line <= its line count + 1, col >= 1; the last is `N passed, N failed`;
    no line of stdout or stderr holds a control character (see `unprintable`); stderr holds no
    traceback."""
    found: list[Complaint] = []
    lines = stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if summary:
        if not lines or not SUMMARY.match(lines[-1]):
            found.append(Complaint(None, "no summary line", _cut(lines[-1] if lines else "")))
        else:
            lines.pop()
    current: str | None = None
    for line in lines:
        match = LOCATED.match(line)
        if match and match["path"] in files:
            current = match["path"]
            number, col = int(match["line"]), int(match["col"])
            if not 1 <= number <= files[current] + 1:
                found.append(Complaint(current, "line out of range",
                                       f"line {number} of {files[current]}: {_cut(line)}"))
            if col < 1:
                found.append(Complaint(current, "column out of range", _cut(line)))
        elif match:
            found.append(Complaint(current, "unknown path", _cut(line)))
        else:
            found.append(Complaint(current, "unlocated line", _cut(line)))
        bad = unprintable(line)
        if bad:
            found.append(Complaint(current, "control character in output",
                                   f"{' '.join(bad)}: {_cut(line)}"))
    for line in stderr.split("\n"):
        bad = unprintable(line)
        if bad:
            found.append(Complaint(None, "control character in output",
                                   f"stderr {' '.join(bad)}: {_cut(line)}"))
    if "Traceback" in stderr:
        found.append(Complaint(None, "traceback", last_line(stderr)))
    return found


def last_line(text: str) -> str:
    lines = [line for line in text.strip().split("\n") if line.strip()]
    return _cut(lines[-1]) if lines else ""


def _cut(text: str, width: int = 160) -> str:
    shown = text.encode("unicode_escape").decode("ascii")
    return shown if len(shown) <= width else shown[:width] + f"... ({len(shown)} chars)"


def junit_result(junit: Path, scenario_id: str) -> tuple[bool, str]:
    """Whether the JUnit report lists the scenario without a failure or error, and what is
    wrong with the report as XML ("" when nothing). Characters XML cannot hold are blanked
    out before looking for the scenario."""
    if not junit.exists():
        return False, "no JUnit report written"
    data = junit.read_bytes()
    try:
        ET.fromstring(data)
        malformed = ""
    except ET.ParseError as error:
        malformed = f"not well-formed XML: {error}"
        data = re.sub(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]|\xef\xbf[\xbe\xbf]", b" ", data)
    try:
        cases = list(ET.fromstring(data).iter("testcase"))
    except ET.ParseError:
        return False, malformed
    passed = any(case.get("name") == scenario_id and case.find("failure") is None
                 and case.find("error") is None for case in cases)
    return passed, malformed
