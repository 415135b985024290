"""Load YAML into plain dicts and lists that remember where each node stood.

Parsing and composing run in libyaml when it is available; the walk below
replaces PyYAML's generic constructor and keeps, for every key and value, the
libyaml mark of where it starts. Marks become (line, col) pairs only when a
place is shown (`Text.position`), so the located load costs less than a plain
`yaml.load`.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import yaml

try:
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

from checker.location import Location, Problem, ScenarioError

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")

_resolve_tag = functools.lru_cache(maxsize=65_536)(yaml.resolver.Resolver().resolve)
"""Tag resolution for the safe schema, remembered: scenario files repeat the same keys and
names, and matching each scalar against the implicit-tag patterns dominated parsing. The
lru_cache wrapper answers a repeat without entering Python at all."""


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """The safe loader, with the resolver callbacks that libyaml's composer makes for every
    node answered by C-level callables: the cached resolver above, and no-ops for the path
    resolvers, which the safe schema does not have."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.resolve = _resolve_tag  # type: ignore[method-assign]
        self.descend_resolver = {}.get  # type: ignore[method-assign, assignment]
        self.ascend_resolver = type(None)  # type: ignore[method-assign]


_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

Pos = Any
"""A place in a Text: a libyaml/PyYAML mark (0-based, relative to the text), or a (line, col)
pair already counted from 1 in the file. `Text.position` turns either into the pair."""


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


class Text:
    """A piece of YAML inside a file: the path, the text and where the text starts."""

    __slots__ = ("col_offset", "line_offset", "path", "text")

    def __init__(self, path: str, text: str, line_offset: int = 0, col_offset: int = 0) -> None:
        self.path = path
        self.text = text
        self.line_offset = line_offset
        self.col_offset = col_offset

    def position(self, pos: Pos) -> tuple[int, int]:
        """1-based line and column in the file."""
        if pos.__class__ is tuple:
            return pos  # type: ignore[no-any-return]
        return pos.line + 1 + self.line_offset, pos.column + 1 + self.col_offset

    def location(self, pos: Pos) -> Location:
        line, col = self.position(pos)
        return Location(self.path, line, col)


def load(source: Text) -> Any:
    """Parse one YAML document; raise ScenarioError with a located message on bad YAML."""
    loader = _Loader(source.text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _Walker(loader, source).value(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = source.position(mark) if mark else (source.line_offset + 1, 1)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        raise ScenarioError([Problem(Location(source.path, line, col), f"YAML: {problem}")]) from None
    except yaml.reader.ReaderError as exc:
        line, col = _position(source, exc.position)
        reason = f"unacceptable character #x{exc.character:04x}: {exc.reason}" \
            if isinstance(exc.character, int) else str(exc.reason)
        raise ScenarioError([Problem(Location(source.path, line, col), f"YAML: {reason}")]) from None
    except yaml.YAMLError as exc:
        where = Location(source.path, source.line_offset + 1, 1)
        message = " ".join(str(exc).split())
        raise ScenarioError([Problem(where, f"YAML: {message}")]) from None
    finally:
        loader.dispose()


def _position(source: Text, offset: int) -> tuple[int, int]:
    before = source.text[:offset]
    line0 = before.count("\n")
    col0 = offset - (before.rfind("\n") + 1)
    return line0 + 1 + source.line_offset, col0 + 1 + source.col_offset


class _Walker:
    """Turns composed nodes into YMap/YList/scalars, collecting duplicate-key problems."""

    def __init__(self, loader: Any, source: Text) -> None:
        self.loader = loader
        self.source = source
        self.problems: list[Problem] = []

    def value(self, node: yaml.Node) -> Any:
        try:
            result = self.node(node)
        except RecursionError:
            self.refuse(node, "YAML: a recursive alias (an anchor used inside itself), or "
                        "nesting too deep")
            raise ScenarioError(self.problems) from None
        if self.problems:
            raise ScenarioError(self.problems)
        return result

    def node(self, node: yaml.Node) -> Any:
        if node.__class__ is yaml.ScalarNode:
            tag = node.tag
            if tag == _STR:
                return node.value
            if tag == _INT and _DECIMAL.fullmatch(node.value):
                return int(node.value)
            if tag == _NULL:
                return None
            return self.loader.construct_object(node, deep=True)
        if node.__class__ is yaml.MappingNode:
            if node.tag != _MAP:
                return self.refuse(node, f"YAML: could not determine a constructor for the tag "
                                  f"{node.tag!r}")
            return self.mapping(node)
        assert isinstance(node, yaml.SequenceNode)
        if node.tag != _SEQ:
            return self.refuse(node, f"YAML: could not determine a constructor for the tag "
                                  f"{node.tag!r}")
        return self.sequence(node)

    def refuse(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(self.source.location(node.start_mark), message))

    def mapping(self, node: yaml.MappingNode) -> YMap:
        result = YMap()
        result.pos = node.start_mark
        key_pos: dict[Any, Pos] = {}
        value_pos: dict[Any, Pos] = {}
        result.key_pos, result.value_pos = key_pos, value_pos
        scalar, text = yaml.ScalarNode, _STR
        for key_node, value_node in node.value:
            if key_node.__class__ is scalar and key_node.tag == text:
                key = key_node.value
            elif key_node.tag == "tag:yaml.org,2002:merge":
                self.refuse(key_node, "YAML merge keys ('<<') are not supported")
                continue
            else:
                key = self.node(key_node)
                if isinstance(key, (YMap, YList)):
                    self.refuse(key_node, "a mapping key must be a plain value")
                    continue
            if key in key_pos:
                first = self.source.position(key_pos[key])[0]
                self.refuse(key_node, f"duplicate key '{key}' (first given at line {first})")
                continue
            key_pos[key] = key_node.start_mark
            value_pos[key] = value_node.start_mark
            if value_node.__class__ is scalar and value_node.tag == text:
                result[key] = value_node.value
            else:
                result[key] = self.node(value_node)
        return result

    def sequence(self, node: yaml.SequenceNode) -> YList:
        items = node.value
        scalar, text, walk = yaml.ScalarNode, _STR, self.node
        result = YList([item.value if item.__class__ is scalar and item.tag == text else walk(item)
                        for item in items])
        result.pos = node.start_mark
        result.item_pos = [item.start_mark for item in items]
        return result
