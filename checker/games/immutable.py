"""Read-only mappings for the games' immutable states: a state never changes, a step makes a
new one."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only copy."""
    return MappingProxyType(dict(mapping))


def updated(mapping: Mapping[Any, Any], key: Any, value: Any) -> Mapping[Any, Any]:
    """A read-only copy with `key` set to `value`."""
    copy = dict(mapping)
    copy[key] = value
    return MappingProxyType(copy)
