"""`rules.json`: every rule and every scenario of a site, for other tools (bots, apps) to
use the reference without reading its pages. The format is documented in the guide
(docs/guide/site-generators.md, "rules.json") and described by `SCHEMA`; `VERSION` changes
when a key is removed or changes meaning, not when one is added.

It is made from the site's context, so it says what the build says: the rules where the
pages define them, and each scenario's verdict as the engine judged it in that build.
Under MkDocs and ProperDocs the plugin writes it into the built site after every build;
under Zensical, which runs no plugin, `python -m checker.site --rules` writes it into the
docs folder before the build, and an extension-only build reports a copy out of date.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from checker.location import Location, Problem
from checker.provenance import KINDS, Provenance
from checker.rulebook import RULE_ID
from checker.site.examples.store import kept_file
from checker.site.examples.verify import text_key
from checker.site.gathered.context import SiteContext, rules_digest
from checker.site.render.coverage import rule_order
from checker.site.render.rule_entries import rule_title
from checker.site.writing import write_if_changed

FILE = "rules.json"
"""Its path in the built site (and in the docs folder, under Zensical)."""
FORMAT = "rules-reference"
VERSION = 1

_ID = {"type": "string", "pattern": RULE_ID.pattern}
_IDS = {"type": "array", "items": _ID}
_SCENARIO_IDS = {"type": "array", "items": {"type": "string"}}
_URL = {"type": "string", "description": "Relative to rules.json: page, then #anchor."}
_TEXT = {"type": "string", "minLength": 1}
_PROVENANCE = {"anyOf": [{"type": "null"}, {
    "type": "object", "additionalProperties": False, "required": ["kind", "ref", "label"],
    "properties": {"kind": {"enum": list(KINDS)}, "ref": _TEXT, "why": _TEXT,
                   "label": _TEXT}}],
    "description": "Where the ruling comes from (the scenario's `source:`), null when it "
                   "does not say; `label` is what a player reads."}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Rules reference: rules.json",
    "type": "object",
    "required": ["format", "version", "games", "rules", "scenarios"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "games": {"type": "array", "items": {
            "type": "object", "required": ["id", "title"], "additionalProperties": False,
            "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}},
        "rules": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "game", "number", "title", "text", "page", "url",
                         "illustrated_by", "cited_by_engine", "referenced_by"],
            "properties": {
                "id": _ID, "game": {"type": "string"}, "number": {"type": "string"},
                "title": {"type": "string"}, "text": {"type": "string"},
                "page": {"type": "string"}, "url": _URL,
                "illustrated_by": _SCENARIO_IDS, "cited_by_engine": _SCENARIO_IDS,
                "referenced_by": _IDS}}},
        "scenarios": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "title", "game", "about", "cites", "verdict", "url", "source",
                         "provenance"],
            "properties": {
                "id": {"type": "string"}, "title": {"type": "string"},
                "game": {"type": "string"}, "about": _IDS, "cites": _IDS,
                "verdict": {"enum": ["verified", "disputed", "fails"]},
                "url": {"anyOf": [_URL, {"type": "null"}]},
                "source": {"type": "string"}, "provenance": _PROVENANCE}}},
    },
}
"""The JSON Schema of rules.json, version `VERSION`."""


def rules_document(context: SiteContext) -> dict[str, Any]:
    """rules.json's content for a site."""
    uses = context.uses

    pages: dict[str, str] = {}  # thousands of scenarios on a hundred pages

    def url(page: str, anchor: str) -> str:
        where = pages.get(page)
        if where is None:
            where = pages[page] = context.rules.page_url(page, "index.md")
        return f"{where}#{anchor}"

    referenced: dict[str, list[str]] = {}
    for rule, mentions in context.index.mentions.items():
        within = {m.within for m in mentions if m.within is not None and m.within != rule}
        referenced[rule] = sorted(within, key=rule_order)
    rules = []
    for game in context.checks.games:
        ids = sorted((r for r in context.index.items if r.partition(":")[0] == game),
                     key=rule_order)
        for rule in ids:
            item = context.index.items[rule]
            rules.append({
                "id": rule, "game": game, "number": rule.partition(":")[2],
                "title": rule_title(rule, context.rules, context.index), "text": item.text,
                "page": item.page, "url": url(item.page, rule.partition(":")[2]),
                "illustrated_by": uses.illustrated[rule].ids() if rule in uses.illustrated
                else [],
                "cited_by_engine": uses.decided[rule].ids() if rule in uses.decided else [],
                "referenced_by": referenced.get(rule, [])})
    shown_on = context.uses.shown_on  # walkthrough_pages, made once for the build
    scenarios = []
    for example in sorted(context.examples.values(), key=lambda e: e.id):
        page = shown_on.get(example.id)
        scenarios.append({
            "id": example.id, "title": example.title, "game": example.game,
            "about": list(example.about), "cites": [rule for rule, _ in example.cites],
            "verdict": _verdict(example.passed, example.disputed),
            "url": url(page, example.id) if page is not None else None,
            "source": f"{example.location.path}:{example.location.line}",
            "provenance": _provenance(example.provenance, context.rules_text(example.game))})
    games = [{"id": game, "title": ruleset.title}
             for game, ruleset in context.checks.games.items()]
    return {"format": FORMAT, "version": VERSION, "games": games, "rules": rules,
            "scenarios": scenarios}


def _provenance(stated: Provenance | None, rules_text: str) -> dict[str, str] | None:
    if stated is None:
        return None
    why = {"why": stated.why} if stated.why else {}
    return {"kind": stated.kind, "ref": stated.ref, **why, "label": stated.label(rules_text)}


def _verdict(passed: bool, disputed: bool) -> str:
    if not passed:
        return "fails"
    return "disputed" if disputed else "verified"


def rules_json(context: SiteContext) -> bytes:
    # Compact, for tools to read: indenting would take the pure-Python JSON encoder.
    return json.dumps(rules_document(context), ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8") + b"\n"


def write_rules_json(path: Path, context: SiteContext, cache: Path | None = None) -> bool:
    """Write rules.json at `path` unless it holds the same already; whether it wrote. With a
    `cache` folder, the file is kept there under a digest of all it is made from
    (`rules_key`), and taken from there while nothing it says changed."""
    if cache is None:
        return write_if_changed(path, rules_json(context))
    return write_if_changed(path, kept_file(cache, f"rules-{rules_key(context)}.json",
                                            lambda: rules_json(context)))


def rules_key(context: SiteContext) -> str:
    """A digest of all rules.json is made from: the rules (`rules_digest`), the references to
    each, and each scenario's id, text, place and the page that shows it."""
    digest = hashlib.sha256(f"{FORMAT}\n{VERSION}\n{rules_digest(context)}\n".encode())
    for rule, mentions in sorted(context.index.mentions.items()):
        within = sorted({m.within for m in mentions if m.within is not None})
        digest.update(f"{rule}\x00{within}\x00".encode("utf-8", "surrogatepass"))
    shown_on = context.uses.shown_on  # walkthrough_pages, made once for the build
    digest.update("\x00".join(
        f"{e.id}\x01{text_key(e.source)}\x01{e.location.path}\x01{e.location.line}\x01"
        f"{shown_on.get(e.id)}" for e in context.examples.own.values()).encode("utf-8",
                                                                     "surrogatepass"))
    # The standalone scenarios: their files and texts (the whole's key), and where each is.
    whole = context.examples.standalone
    digest.update(f"\x02{whole.key}\x02".encode())
    digest.update("\x00".join(str(shown_on.get(i)) for i in whole.ids).encode(
        "utf-8", "surrogatepass"))
    return digest.hexdigest()


def stale_copy(docs: Path, shown: str, context: SiteContext) -> list[Problem]:
    """A problem when the docs folder holds a rules.json other than the site's (`shown` names
    the docs folder); none when it holds none."""
    path = docs / FILE
    try:
        same = path.read_bytes() == rules_json(context)
    except FileNotFoundError:
        return []
    except OSError:
        same = False
    if same:
        return []
    return [Problem(Location(f"{shown}/{FILE}", 1, 1), f"out of date: the site's rules and "
                    f"scenarios; run `python -m checker.site --rules {shown}` to write it")]
