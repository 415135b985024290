"""A rules text's inline markup as this project's Markdown: `<b>` as `**`, `<i>` as `*`, and
every link (`<a href>`, `[text](target)`, a bare `/rules/r_topic` line) either to a page of
the site or, when there is none, as its plain text."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import NamedTuple

SLUG_LENGTH = 80
"""At most this many characters of a title make a page's file name."""
EMPHASIS_DEPTH = 8
"""Emphasis nested deeper than this stays as the HTML it was written in."""

_LINK = re.compile(
    r"<a\b[^<>]*?\bhref[ \t]*=[ \t]*(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)'|(?P<bare>[^\s<>]+))"
    r"[^<>]*>(?P<html>.{0,500}?)</a[ \t]*>"
    r"|\[(?P<label>[^\[\]\n]*)\]\((?P<target>[^()\s]+)(?:[ \t]+\"[^\"\n]*\")?\)",
    re.IGNORECASE | re.DOTALL)
_EMPHASIS = re.compile(r"<(?P<close>/?)(?P<tag>b|strong|i|em)(?:[ \t][^<>]*)?>", re.IGNORECASE)
_MARKS = {"b": "**", "strong": "**", "i": "*", "em": "*"}
_BREAK = re.compile(r"<br[ \t]*/?>|&nbsp;", re.IGNORECASE)
_EXTERNAL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:|//")
_BARE_PATH = re.compile(r"/?(?:[\w.-]+/)*[\w.-]+/?")
_SPACE = " \t\u00a0"


class Link(NamedTuple):
    """A link in a text: where it starts (an offset into the text), where it pointed, and
    its label as Markdown."""

    offset: int
    target: str
    label: str


def slug(title: str) -> str:
    """A page's file name (without `.md`) made from its title: "Objective Cards" gives
    "objective-cards"; accents are dropped, and anything else that is not a letter or digit
    joins words with one hyphen."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    return words[:SLUG_LENGTH].rstrip("-")


def topic(target: str) -> str:
    """The slug a link names: `/rules/r_victory_points` and `victory-points.md#98.1` both
    name "victory-points" (the official reference's `r_` prefix is dropped)."""
    path = target.partition("#")[0].partition("?")[0].rstrip("/")
    name = path.rsplit("/", 1)[-1]
    for suffix in (".md", ".html", ".htm"):
        name = name.removesuffix(suffix)
    return slug(name.removeprefix("r_"))


def fragment(target: str) -> str:
    """The `#...` part of a target, or nothing."""
    return target[target.find("#"):] if "#" in target else ""


def is_external(target: str) -> bool:
    return _EXTERNAL.match(target) is not None


def bare_path(text: str) -> bool:
    """Whether a Related Topics line is a path alone, such as `/rules/r_victory_points`."""
    return "/" in text and _BARE_PATH.fullmatch(text) is not None


def path_label(target: str) -> str:
    """The words of the topic a bare path names: "Victory Points"."""
    return " ".join(word.capitalize() for word in topic(target).split("-"))


def links(text: str) -> Iterator[Link]:
    return map(_link, _LINK.finditer(text))


def _link(match: re.Match[str]) -> Link:
    if match["target"] is not None:
        return Link(match.start(), match["target"], match["label"])
    target = match["dq"] if match["dq"] is not None else match["sq"] or match["bare"] or ""
    return Link(match.start(), target, match["html"])


def markdown(text: str, link: Callable[[Link], str]) -> str:
    """`text` with its links as `link` writes each, then its emphasis and breaks as
    Markdown; other HTML is kept as written (Markdown shows it)."""
    linked = _LINK.sub(lambda match: link(_link(match)), text)
    return emphasis(_BREAK.sub(" ", linked))


def emphasis(text: str) -> str:
    """`<b>` and `<strong>` as `**`, `<i>` and `<em>` as `*`, in one pass: a tag that is
    never closed, or closed out of order, stays as written."""
    out: list[str] = []
    opened: list[tuple[str, int]] = []
    """Each open tag's name and where its content starts in `out`."""
    at = 0
    for tag in _EMPHASIS.finditer(text):
        out.append(text[at:tag.start()])
        at = tag.end()
        name = tag["tag"].lower()
        if not tag["close"] and len(opened) < EMPHASIS_DEPTH:
            out.append(tag[0])
            opened.append((name, len(out)))
        elif tag["close"] and opened and opened[-1][0] == name:
            start = opened.pop()[1]
            inner = "".join(out[start:])
            del out[start - 1:]
            out.append(_marked(_MARKS[name], inner))
        else:
            out.append(tag[0])
    out.append(text[at:])
    return "".join(out)


def _marked(mark: str, inner: str) -> str:
    """Spaces inside the tags go outside the marks, where Markdown needs them."""
    core = inner.strip(_SPACE)
    if not core:
        return inner
    lead = inner[:len(inner) - len(inner.lstrip(_SPACE))]
    trail = inner[len(inner.rstrip(_SPACE)):]
    return f"{lead}{mark}{core}{mark}{trail}"
