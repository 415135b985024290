"""What a step changed in one row of the state, as a reader wants it: `Red 8 → 9, Blue 8`.

A row is a line of `describe` (`Red 8, Blue 8 (goal 10)`). When both values list the same
items (split at commas and semicolons outside brackets), each item that changed shows what it
was, after the words it shares with its old self (`Red 8 → 9`). A list that only grew or shrank
shows as it is now; otherwise a short old value shows whole before the new one, and a long one
not at all. The site and `checker explain`
both show changes this way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker.sentences import ARROW

LONGEST_SHOWN = 60
"""An old value longer than this is left out when the row changed as a whole."""


@dataclass(frozen=True, slots=True)
class Was:
    """A piece of the new value that changed, with what it was before."""

    before: str
    now: str


Piece = str | Was


def changed(before: str, after: str) -> tuple[Piece, ...]:
    """`after` in pieces: text that did not change, and `Was` where it did. The pieces' new
    text, joined, is `after` itself."""
    if before == after:
        return (after,)
    old, new = _items(before), _items(after)
    if len(old) != len(new) or any(a[1] != b[1] for a, b in zip(old, new)):
        grown_or_shrunk = _within([i for i, _ in old], [i for i, _ in new]) or \
            _within([i for i, _ in new], [i for i, _ in old])
        return (after,) if grown_or_shrunk or len(before) > LONGEST_SHOWN else \
            (Was(before, after),)
    if any(not was or not now for (was, _), (now, _) in zip(old, new) if was != now):
        return (Was(before, after),) if len(before) <= LONGEST_SHOWN else (after,)
    pieces: list[Piece] = []
    for (was, separator), (now, _) in zip(old, new):
        if was == now:
            pieces.append(now)
        else:
            same = _shared_words(was, now)
            pieces += [now[:same], Was(was[same:], now[same:])] if same else [Was(was, now)]
        pieces.append(separator)
    return tuple(piece for piece in pieces if piece != "")


def plain(pieces: tuple[Piece, ...]) -> str:
    """The pieces as text: `Red 8 → 9, Blue 8`."""
    return "".join(p if isinstance(p, str) else f"{p.before} {ARROW} {p.now}" for p in pieces)


_SEPARATOR = re.compile(r"([,;] )")


def _items(value: str) -> list[tuple[str, str]]:
    """The value's items, each with the separator after it (`, `, `; ` or "" at the end)."""
    if "(" not in value and "[" not in value:  # no brackets to keep whole: split at once
        parts = _SEPARATOR.split(value)
        return list(zip(parts[::2], [*parts[1::2], ""], strict=True))
    return _bracketed_items(value)


def _bracketed_items(value: str) -> list[tuple[str, str]]:
    """`_items`, a separator inside brackets not counted."""
    items, depth, start, index = [], 0, 0, 0
    while index < len(value):
        char = value[index]
        depth += 1 if char in "([" else -1 if char in ")]" and depth else 0
        if depth == 0 and char in ",;" and value.startswith(" ", index + 1):
            items.append((value[start:index], value[index:index + 2]))
            start = index = index + 2
            continue
        index += 1
    items.append((value[start:], ""))
    return items


def _within(fewer: list[str], more: list[str]) -> bool:
    """Whether `more` is `fewer` with items added (in order): a list that grew."""
    rest = iter(more)
    return len(fewer) < len(more) and all(item in rest for item in fewer)


def _shared_words(was: str, now: str) -> int:
    """How many characters of `now` start it as they started `was`, in whole words and
    before any bracket (a change inside brackets shows the bracketed part whole)."""
    same = 0
    for old_word, new_word in zip(was.split(" "), now.split(" ")):
        if old_word != new_word or "(" in new_word or "[" in new_word:
            break
        same += len(new_word) + 1
    return min(same, len(now)) if same < len(now) and same < len(was) else 0
