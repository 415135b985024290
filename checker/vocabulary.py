"""The words a game understands, declared once: the validator and the JSON Schema both read them.

A game module describes its setup keys, step kinds and expectation keys with the
small spec types below. `Spec.check` turns a located YAML value into a plain,
validated one, appending located problems instead of raising, so that every
problem of a file is reported. `Spec.schema` gives the JSON Schema fragment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from checker.location import Location, Problem
from checker.yamlsource import Pos, Text, YList, YMap


@dataclass
class Context:
    """What a check needs besides the value: where it is, and the names it may refer to."""

    source: Text
    problems: list[Problem]
    names: dict[str, Sequence[str]] = field(default_factory=dict)
    """Known names per reference kind, e.g. {"player": ["Red", "Blue"]}."""

    def error(self, pos: Pos, message: str) -> None:
        self.problems.append(Problem(self.source.location(pos), message))

    def location(self, pos: Pos) -> Location:
        return self.source.location(pos)


def did_you_mean(word: object, choices: Sequence[str]) -> str:
    import difflib  # only on the error path; keeps it out of every start

    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def type_name(value: object) -> str:
    if isinstance(value, YMap):
        return "a mapping"
    if isinstance(value, YList):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    return {int: "a whole number", float: "a number", str: "text"}.get(type(value), type(value).__name__)


_INVALID = object()

NAMES = "x-names"
"""The JSON Schema annotation naming the kind of names a string stands for when the scenario
or the site defines them rather than a fixed list (`player`, `rule`): a form offers them."""


class Spec:
    """A kind of value. Subclasses implement `check` and `schema`."""

    description = ""

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def expects(self) -> str:
        return self.description


class Str(Spec):
    description = "text"

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if isinstance(value, str):
            return value
        ctx.error(pos, f"expected text, got {type_name(value)}")
        return _INVALID

    def schema(self) -> dict[str, Any]:
        return {"type": "string"}


@dataclass
class Int(Spec):
    """A whole number. The maximum must be given: a count in a scenario is never unbounded, so
    hostile input cannot make the engine build or loop over a billion of anything."""

    minimum: int | None = None
    maximum: int = field(kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.maximum, int) or isinstance(self.maximum, bool):
            raise TypeError(f"Int needs a whole number as its maximum, got {self.maximum!r}")

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.error(pos, f"expected a whole number, got {type_name(value)}")
            return _INVALID
        if self.minimum is not None and value < self.minimum:
            ctx.error(pos, f"expected at least {self.minimum}, got {value}")
            return _INVALID
        if value > self.maximum:
            ctx.error(pos, f"expected at most {self.maximum}, got {value}")
            return _INVALID
        return value

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        out["maximum"] = self.maximum
        return out

    def expects(self) -> str:
        return "a whole number"


class Bool(Spec):
    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if isinstance(value, bool):
            return value
        ctx.error(pos, f"expected true or false, got {type_name(value)}")
        return _INVALID

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass
class Choice(Spec):
    """One of a fixed set of values."""

    choices: Sequence[Any]
    what: str = "value"

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if isinstance(value, (YMap, YList)):
            ctx.error(pos, f"expected a {self.what}, got {type_name(value)}")
            return _INVALID
        if value in self.choices and any(type(value) is type(c) for c in self.choices):
            return value
        listed = ", ".join(str(c) for c in self.choices)
        if len(self.choices) > 12:
            listed = ", ".join(str(c) for c in self.choices[:6]) + ", ..."
        ctx.error(pos, f"unknown {self.what} '{value}'"
                  f"{did_you_mean(value, [str(c) for c in self.choices])}; expected one of {listed}")
        return _INVALID

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.choices)}


@dataclass
class Ref(Spec):
    """A name defined by the scenario itself (a player) or by the game (a card)."""

    kind: str
    """Key into Context.names, e.g. "player"."""
    catalog: Sequence[str] | None = None
    """When the names come from the game rather than the scenario, they are listed here."""
    nullable: bool = False
    """Whether `null` is allowed (e.g. no winner: a draw)."""

    def __post_init__(self) -> None:
        self._catalog = frozenset(self.catalog or ())

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if value is None and self.nullable:
            return None
        if not isinstance(value, str):
            article = "an" if self.kind[0] in "aeiou" else "a"
            ctx.error(pos, f"expected {article} {self.kind} name, got {type_name(value)}")
            return _INVALID
        known = self._catalog if self.catalog is not None else ctx.names.get(self.kind, ())
        if value not in known:
            ctx.error(pos, f"unknown {self.kind} '{value}'{did_you_mean(value, sorted(known))}")
            return _INVALID
        return value

    def schema(self) -> dict[str, Any]:
        if self.catalog is not None:
            return {"enum": list(self.catalog) + ([None] if self.nullable else [])}
        # `x-names` (an annotation JSON Schema tools ignore) says which names the scenario
        # defines may stand here, so that a form can list them (the ask pages' players).
        return {"type": ["string", "null"] if self.nullable else "string", NAMES: self.kind}


@dataclass
class ListOf(Spec):
    """A list. `max_items` must be given, for the same reason as Int's maximum; a list past it
    is refused at once, its items unread."""

    item: Spec
    min_items: int = 0
    unique: bool = False
    max_items: int = field(kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.max_items, int) or isinstance(self.max_items, bool):
            raise TypeError(f"ListOf needs a whole number as max_items, got {self.max_items!r}")

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if not isinstance(value, YList):
            ctx.error(pos, f"expected a list, got {type_name(value)}")
            return _INVALID
        if len(value) > self.max_items:
            ctx.error(pos, f"expected at most {self.max_items} item(s), got {len(value)}")
            return _INVALID
        if len(value) < self.min_items:
            ctx.error(pos, f"expected at least {self.min_items} item(s), got {len(value)}")
        out = []
        seen: set[Any] = set()
        for item, item_pos in zip(value, value.item_pos):
            checked = self.item.check(item, item_pos, ctx)
            if self.unique and checked is not _INVALID and not isinstance(checked, (dict, list)):
                if checked in seen:
                    ctx.error(item_pos, f"'{checked}' is listed twice")
                seen.add(checked)
            out.append(checked)
        return _INVALID if _INVALID in out else tuple(out)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            out["minItems"] = self.min_items
        out["maxItems"] = self.max_items
        if self.unique:
            out["uniqueItems"] = True
        return out


@dataclass
class MapOf(Spec):
    """A mapping whose keys are all of one spec (e.g. player names) and values of another."""

    key: Spec
    value: Spec
    max_keys: int | None = None
    """Needed when the keys are free text; names from a list (players, cards) bound themselves."""

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if not isinstance(value, YMap):
            ctx.error(pos, f"expected a mapping, got {type_name(value)}")
            return _INVALID
        if self.max_keys is not None and len(value) > self.max_keys:
            ctx.error(pos, f"expected at most {self.max_keys} key(s), got {len(value)}")
            return _INVALID
        out = {}
        for key, item in value.items():
            checked_key = self.key.check(key, value.key_pos[key], ctx)
            checked = self.value.check(item, value.value_pos[key], ctx)
            out[checked_key] = checked
        return _INVALID if _INVALID in out or _INVALID in out.values() else out

    def schema(self) -> dict[str, Any]:
        key = self.key.schema()
        return {"type": "object", "additionalProperties": self.value.schema(),
                **({"propertyNames": key} if "enum" in key or NAMES in key else {}),
                **({"maxProperties": self.max_keys} if self.max_keys is not None else {})}


@dataclass
class Key:
    """One key of a Record: its spec, whether it must be given, and what it means."""

    spec: Spec
    doc: str
    required: bool = False
    default: Any = None


@dataclass
class Record(Spec):
    """A mapping with named keys; unknown keys get a did-you-mean."""

    keys: Mapping[str, Key]
    what: str = "key"

    def __post_init__(self) -> None:
        self._required = [name for name, key in self.keys.items() if key.required]
        self._defaults = {name: key.default for name, key in self.keys.items()
                          if key.default is not None}

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        if value is None and not self._required:
            return dict(self._defaults)
        if value.__class__ is not YMap:
            ctx.error(pos, f"expected a mapping, got {type_name(value)}")
            return _INVALID
        out: dict[str, Any] = dict(self._defaults)
        keys, value_pos, invalid = self.keys, value.value_pos, False
        for key, item in value.items():
            entry = keys.get(key) if key.__class__ is str else None
            if entry is None:
                ctx.error(value.key_pos[key], f"unknown {self.what} '{key}'"
                          f"{did_you_mean(key, list(keys))}")
                continue
            checked = out[key] = entry.spec.check(item, value_pos[key], ctx)
            invalid = invalid or checked is _INVALID
        for name in self._required:
            if name not in value:
                ctx.error(pos, f"missing required {self.what} '{name}'")
        return _INVALID if invalid else out

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "object" if any(key.required for key in self.keys.values())
            else ["object", "null"],
            "properties": {name: {**key.spec.schema(), "description": key.doc}
                           for name, key in self.keys.items()},
            "additionalProperties": False,
        }
        required = [name for name, key in self.keys.items() if key.required]
        if required:
            out["required"] = required
        return out


@dataclass
class OneOf(Spec):
    """The first alternative whose shape fits (by YAML type) decides; e.g. a name or a list of
    names. Among single values, a whole number goes to a whole-number alternative first, so
    that a resource or its slot number can both be written."""

    options: Sequence[Spec]

    def check(self, value: Any, pos: Pos, ctx: Context) -> Any:
        fitting = [option for option in self.options if _shape_fits(option, value)]
        numbers = isinstance(value, int) and not isinstance(value, bool)
        exact = [option for option in fitting if not isinstance(option, Int) or numbers]
        if fitting:
            return (exact or fitting)[0].check(value, pos, ctx)
        ctx.error(pos, f"expected {' or '.join(_shape_name(o) for o in self.options)}, got {type_name(value)}")
        return _INVALID

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [option.schema() for option in self.options]}


def _shape_fits(spec: Spec, value: Any) -> bool:
    if isinstance(spec, ListOf):
        return isinstance(value, YList)
    if isinstance(spec, (Record, MapOf)):
        return isinstance(value, YMap)
    return not isinstance(value, (YList, YMap))


def _shape_name(spec: Spec) -> str:
    if isinstance(spec, ListOf):
        return "a list"
    if isinstance(spec, (Record, MapOf)):
        return "a mapping"
    return "a single value"


def is_valid(value: Any) -> bool:
    return value is not _INVALID


INVALID = _INVALID


@dataclass
class StepKind:
    """A decision or event a scenario can make happen, e.g. `score`."""

    name: str
    spec: Spec
    doc: str


Observer = Callable[[Any], Any]
"""Reads a derived fact out of a run (see engine.RunView)."""


@dataclass
class Expectation:
    """A fact a scenario may claim, checked against what `observe` reads from the engine."""

    name: str
    spec: Spec
    doc: str
    observe: Observer
    compare: str = "exact"
    """"exact", "subset" (only the stated keys of a mapping), or "set" (order does not matter)."""


@dataclass
class Vocabulary:
    """Everything a game lets a scenario say."""

    setup: Record
    steps: Mapping[str, StepKind]
    expectations: Mapping[str, Expectation]
    names: Callable[[Mapping[str, Any]], dict[str, Sequence[str]]] = lambda setup: {}
    """Names the checked setup defines for Ref specs (e.g. players)."""
