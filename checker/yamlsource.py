"""Load YAML into plain dicts and lists that remember where each node stood.

libyaml (when available) parses the text into events; the composer below builds values from
them, keeping for every key and value where it starts (its index in the text), and refusing
input past the limits in `checker.limits`. Indexes become (line, col) pairs only when a place
is shown (`Text.position`).
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import Any, NoReturn

import yaml

try:
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

from checker import limits
from checker.location import Location, Problem, ScenarioError

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_NUMBERS = (_INT, "tag:yaml.org,2002:float")
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")

_resolve_tag = functools.lru_cache(maxsize=65_536)(yaml.resolver.Resolver().resolve)
"""Tag resolution for the safe schema, remembered: scenario files repeat the same keys and
names, and matching each scalar against the implicit-tag patterns dominated parsing."""


_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

Pos = Any
"""A place in a Text: the index of its first character in the text as libyaml counts it (a
leading byte order mark not counted), or a (line, col) pair already counted from 1 in the
file. `Text.position` turns either into the pair. Not libyaml's marks: a pytest session holds
the loaded values of every scenario it collected, and a mark is an object with a dictionary
for the garbage collector to go through, where an int is not (issue 34)."""


class YMap(dict):  # type: ignore[type-arg]
    """A mapping from YAML; `pos` is where it starts, `key_pos`/`value_pos` where each entry is."""

    __slots__ = ("key_pos", "pos", "value_pos")

    pos: Pos
    key_pos: dict[Any, Pos]
    value_pos: dict[Any, Pos]


class YList(list):  # type: ignore[type-arg]
    """A sequence from YAML; `pos` is where it starts, `item_pos[i]` where item i is."""

    __slots__ = ("item_pos", "pos")

    pos: Pos
    item_pos: list[Pos]


_ODD_BREAKS = re.compile("[\x85\u2028\u2029]")
"""Characters YAML 1.1 counts as line breaks and editors do not."""
_BREAK = re.compile(r"\r\n|\r|\n")
"""Line breaks as editors count them."""


class Text:
    """A piece of YAML inside a file: the path, the text and where the text starts."""

    __slots__ = ("_line_starts", "_odd", "col_offset", "line_offset", "path", "text")

    def __init__(self, path: str, text: str, line_offset: int = 0, col_offset: int = 0) -> None:
        self.path = path
        self.text = text
        self.line_offset = line_offset
        self.col_offset = col_offset
        self._line_starts: list[int] | None = None
        """Where each line starts, once a place was asked for: a rebuild that finds a
        text's result kept never asks."""

    def position(self, pos: Pos) -> tuple[int, int]:
        """1-based line and column in the file, lines counted as an editor counts them
        (YAML 1.1 also breaks lines at NEL, LS and PS). libyaml's index does not count a
        leading byte order mark, nor do the columns of the first line."""
        if pos.__class__ is tuple:
            return pos  # type: ignore[no-any-return]
        if self.text[:1] != "\ufeff":
            return self.offset_position(pos)
        line, col = self.offset_position(pos + 1)
        return line, col - 1 if line == 1 + self.line_offset else col

    def mark_position(self, mark: Any) -> tuple[int, int]:
        """1-based line and column in the file of a libyaml/PyYAML error's mark: its line and
        column (where the parser stopped at a line's end, the index is still on that line),
        unless the text has a break libyaml counts and an editor does not."""
        if _ODD_BREAKS.search(self.text):
            return self.offset_position(mark.index)
        return mark.line + 1 + self.line_offset, mark.column + 1 + self.col_offset

    def offset_position(self, offset: int) -> tuple[int, int]:
        """1-based line and column in the file of the character at `offset` in the text,
        lines counted as an editor counts them."""
        starts = self._line_starts
        if starts is None:
            starts = self._line_starts = _line_starts(self.text)
        line0 = bisect.bisect_right(starts, offset) - 1
        col0 = offset - starts[line0]
        return line0 + 1 + self.line_offset, col0 + 1 + self.col_offset

    def location(self, pos: Pos) -> Location:
        line, col = self.position(pos)
        return Location(self.path, line, col)


def _line_starts(text: str) -> list[int]:
    """Where each line of `text` starts. Files are read with "\n" breaks only, found with
    str.find: building a scenario asks for a place about seven times, and a regular
    expression's matches made that cost 70% more than libyaml's marks did."""
    if "\r" in text:
        return [0] + [m.end() for m in _BREAK.finditer(text)]
    starts, find = [0], text.find
    at = find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = find("\n", at + 1)
    return starts


def load(source: Text) -> Any:
    """Parse one YAML document; raise ScenarioError with a located message on bad YAML or
    on input past a limit (`checker.limits`)."""
    try:
        return _load(source, _BaseLoader)
    except _TooDeepForLibyaml:
        # libyaml 0.2.6 (PyYAML 6.0.4) refuses nesting past 1,000 levels, and its scanner
        # looks that far ahead of the events: read again by PyYAML's own parser, which has no
        # such limit, so that the composer stops at the first level past `limits.DEPTH`, as
        # with every other nesting too deep.
        return _load(source, yaml.SafeLoader)


class _TooDeepForLibyaml(Exception):
    """libyaml refused the text for its nesting depth."""


def _load(source: Text, loader_class: type[Any]) -> Any:
    text = source.text
    if loader_class is yaml.SafeLoader and text.startswith("\ufeff"):
        text = text[1:]  # PyYAML's own reader would count it, libyaml's does not
    loader = loader_class(text)
    try:
        return _Composer(loader, source).document()
    except yaml.MarkedYAMLError as exc:
        if loader_class is not yaml.SafeLoader and "maximum nesting depth" in (exc.problem or ""):
            raise _TooDeepForLibyaml from None
        mark = exc.problem_mark or exc.context_mark
        line, col = source.mark_position(mark) if mark else (source.line_offset + 1, 1)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        raise ScenarioError([Problem(Location(source.path, line, col), f"YAML: {problem}")]) from None
    except yaml.reader.ReaderError as exc:
        line, col = source.offset_position(exc.position)
        reason = f"unacceptable character #x{exc.character:04x}: {exc.reason}" \
            if isinstance(exc.character, int) else str(exc.reason)
        raise ScenarioError([Problem(Location(source.path, line, col), f"YAML: {reason}")]) from None
    except yaml.YAMLError as exc:
        where = Location(source.path, source.line_offset + 1, 1)
        message = " ".join(str(exc).split())
        raise ScenarioError([Problem(where, f"YAML: {message}")]) from None
    finally:
        loader.dispose()


class _Open:
    """A mapping or list whose events are still coming."""

    __slots__ = ("anchor", "deepest", "depth", "key", "key_pos", "listing", "start", "value")

    def __init__(self, value: YMap | YList, anchor: str | None, depth: int, start: int) -> None:
        self.value: Any = value
        self.listing = value.__class__ is YList
        self.anchor = anchor
        self.depth = depth
        self.deepest = depth
        """The deepest level reached inside it so far."""
        self.start = start
        """How many values the text had before it."""
        self.key: Any = _NO_KEY
        self.key_pos: Pos = None


_NO_KEY = object()
"""A mapping waiting for its next key."""
_DROPPED = object()
"""A mapping entry whose key was refused: its value is read and left out."""


class _Composer:
    """Builds YMap/YList/scalars straight from libyaml's events, with a stack of its own
    rather than recursion, so no nesting reaches a recursion or stack limit (the C composer
    crashes the process at about 25,000 levels); refuses input past `checker.limits`."""

    def __init__(self, loader: Any, source: Text) -> None:
        self.loader = loader
        self.source = source
        self.problems: list[Problem] = []
        self.values = 0
        self.anchors: dict[str, tuple[Any, Pos, int, int]] = {}
        """Anchor -> (value, where it was set, values it stands for, levels it holds: 0 for a
        scalar, 1 for a mapping or list of scalars)."""
        self.open_anchors: set[str] = set()

    def document(self) -> Any:
        get = self.loader.get_event
        get()  # the stream starts
        if get().__class__ is yaml.StreamEndEvent:
            return None
        value = self.node()
        get()  # the document ends
        event = get()
        if event.__class__ is not yaml.StreamEndEvent:
            raise yaml.composer.ComposerError(
                "expected a single document in the stream", None, "but found another document",
                event.start_mark)
        if self.problems:
            raise ScenarioError(self.problems)
        return value

    def node(self) -> Any:
        """One node and everything inside it. The common cases (a plain text scalar, an item
        of a list, a new text key) are handled inline: this loop runs once per event."""
        get, stack = self.loader.get_event, list[_Open]()
        top: _Open | None = None
        while True:
            event = get()
            kind = event.__class__
            pos = event.start_mark.index
            if kind is yaml.ScalarEvent:
                self.values += 1
                if self.values > limits.VALUES:
                    self.count(pos, 0)
                value = event.value
                if event.tag is not None or event.implicit[0] and \
                        _resolve_tag(yaml.ScalarNode, value, event.implicit) != _STR:
                    value = self.scalar(event)
                if event.anchor is not None:
                    self.check_new_anchor(event.anchor, pos)
                    self.anchors[event.anchor] = (value, pos, 1, 0)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                done = stack.pop()
                top = stack[-1] if stack else None
                value, pos = done.value, done.value.pos
                if done.anchor is not None:
                    self.open_anchors.discard(done.anchor)
                    self.anchors[done.anchor] = (value, pos, self.values - done.start,
                                                 done.deepest - done.depth + 1)
                if top is not None and done.deepest > top.deepest:
                    top.deepest = done.deepest
            elif kind is yaml.AliasEvent:
                value = self.alias(event, stack)
            else:
                top = self.start(event, len(stack) + 1)
                stack.append(top)
                continue
            if top is None:
                return value
            container = top.value
            if top.listing:
                container.append(value)
                container.item_pos.append(pos)
            elif top.key is _NO_KEY:
                top.key_pos = pos
                top.key = value if value.__class__ is str and value not in container.key_pos \
                    else self.key(container, value, pos)
            else:
                if top.key is not _DROPPED:
                    container[top.key] = value
                    container.key_pos[top.key] = top.key_pos
                    container.value_pos[top.key] = pos
                top.key = _NO_KEY

    def start(self, event: Any, depth: int) -> _Open:
        pos = event.start_mark.index
        if depth > limits.DEPTH:
            self.stop(pos, f"nested more than {limits.DEPTH} levels deep")
        self.count(pos, 1)
        mapping = event.__class__ is yaml.MappingStartEvent
        value: YMap | YList
        if mapping:
            value = YMap()
            value.key_pos, value.value_pos = {}, {}
        else:
            value = YList()
            value.item_pos = []
        value.pos = pos
        if event.tag not in (None, "!", _MAP if mapping else _SEQ):
            self.refuse(pos, f"YAML: could not determine a constructor for the tag {event.tag!r}")
        if event.anchor is not None:
            self.check_new_anchor(event.anchor, pos)
            self.open_anchors.add(event.anchor)
        return _Open(value, event.anchor, depth, self.values - 1)

    def key(self, mapping: YMap, key: Any, pos: Pos) -> Any:
        if key.__class__ is _Merge:
            self.refuse(pos, "YAML merge keys ('<<') are not supported")
            return _DROPPED
        if isinstance(key, (YMap, YList)):
            self.refuse(pos, "a mapping key must be a plain value")
            return _DROPPED
        if key in mapping.key_pos:
            first = self.source.position(mapping.key_pos[key])[0]
            self.refuse(pos, f"duplicate key '{key}' (first given at line {first})")
            return _DROPPED
        return key

    def scalar(self, event: Any) -> Any:
        tag = event.tag
        value = event.value
        if tag is None or tag == "!":
            tag = _resolve_tag(yaml.ScalarNode, value, event.implicit)
        if tag == _STR:
            return value
        if tag == _NULL:
            return None
        if tag == _MERGE:
            return _Merge()
        if tag in _NUMBERS and len(value) > limits.NUMBER_CHARACTERS:
            self.refuse(event.start_mark.index, f"a number may be at most {limits.NUMBER_CHARACTERS} "
                        f"characters long; this one has {len(value)}")
            return None
        if tag == _INT and _DECIMAL.fullmatch(value):
            return int(value)
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError:
            raise
        except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
            # PyYAML's constructors trust the tag: `!!int 0x`, `!!bool maybe` or the date
            # 2024-02-30 raise plain Python errors.
            kind = tag.rsplit(":", 1)[-1] if tag.startswith("tag:yaml.org,2002:") else tag
            self.refuse(event.start_mark.index, f"YAML: '{value}' is not a valid {kind}")
            return None

    def alias(self, event: Any, stack: list[_Open]) -> Any:
        name, pos = event.anchor, event.start_mark.index
        if name in self.open_anchors:
            self.stop(pos, f"YAML: the alias *{name} is used inside the anchor &{name} it "
                      "stands for (a recursive alias)")
        if name not in self.anchors:
            self.stop(pos, f"YAML: the alias *{name} names no anchor set before it")
        value, _, values, levels = self.anchors[name]
        self.count(pos, values)
        deepest = len(stack) + levels
        if deepest > limits.DEPTH:
            self.stop(pos, f"nested more than {limits.DEPTH} levels deep (through the alias "
                      f"*{name})")
        if stack and deepest > stack[-1].deepest:
            stack[-1].deepest = deepest
        return value

    def check_new_anchor(self, name: str, pos: Pos) -> None:
        if name in self.anchors or name in self.open_anchors:
            first = self.source.position(self.anchors[name][1])[0] \
                if name in self.anchors else None
            where = f" (first set at line {first})" if first else ""
            self.stop(pos, f"YAML: the anchor &{name} is set twice{where}")

    def count(self, pos: Pos, values: int) -> None:
        self.values += values
        if self.values > limits.VALUES:
            self.stop(pos, f"more than {limits.VALUES:,} values in one scenario text (an alias "
                      "counts as a copy of what it stands for)")

    def refuse(self, pos: Pos, message: str) -> None:
        self.problems.append(Problem(self.source.location(pos), message))

    def stop(self, pos: Pos, message: str) -> NoReturn:
        self.refuse(pos, message)
        raise ScenarioError(self.problems)


class _Merge:
    """The value of a `<<` key, refused wherever it stands as a key."""
