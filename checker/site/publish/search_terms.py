"""The glossary's terms in the site search, so that a term finds its defining rule first.

Each rule has its own entry in the search index that Material for MkDocs' search writes
(`search/search_index.json`; see `render/rule_entries.py`). The entry of the rule a game's
glossary names as a term's defining rule gains the term and its other forms:

    {"location": "arcs/battle/#arcs:9.9a", "title": "Arcs 9.9a Provoke Outrage", ...,
     "glossary": ["Outrage", "Outraged"]}

The reader's search script (`assets/checker/search.js`) reads them: a query that is one of
them puts the rule first. Material's own search ignores the key. Zensical writes an index of
its own and runs no plugin: there a term is found as any other words are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from checker.rule_text import label
from checker.site.gathered.context import SiteContext
from checker.site.writing import replace_file

INDEX = "search/search_index.json"
"""Where Material's search (and MkDocs' own) writes its index, inside the built site."""
KEY = "glossary"


def defined_terms(context: SiteContext) -> dict[str, list[str]]:
    """Each defining rule's terms, every form of each, in the glossaries' order."""
    terms: dict[str, list[str]] = {}
    for glossary in context.glossaries.values():
        for term in glossary.terms:
            forms = terms.setdefault(term.rule, [])
            forms += [form for form in term.forms if form not in forms]
    return terms


def rule_locations(context: SiteContext, rules: Iterable[str]) -> dict[str, list[str]]:
    """Where each rule's search entry may be, best first: its own entry (`page/#ti4:61.6`),
    the section its heading starts (`page/#3`), or the page it heads (`page/`)."""
    found = {}
    for rule in rules:
        anchor = context.rules.get(rule)
        if anchor is None:
            continue
        page = context.rules.page_url(anchor.page, "index.md")
        found[rule] = [f"{page}#{rule}", f"{page}#{anchor.fragment}", page]
    return found


def add_terms(site: Path, context: SiteContext) -> bool:
    """Write the glossaries' terms into the search index of the built `site`; whether it
    did (there is no index where the site has no search, or another search wrote it)."""
    path = site / INDEX
    terms = defined_terms(context)
    if not terms:
        return False
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        docs = data["docs"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if not isinstance(docs, list):
        return False
    marked = mark(docs, terms, rule_locations(context, terms))
    if marked:
        replace_file(path, json.dumps(data, separators=(",", ":")).encode())
    return marked


def mark(docs: list[Any], terms: Mapping[str, list[str]],
         locations: Mapping[str, list[str]]) -> bool:
    """Give each defining rule's entry in `docs` its terms; whether any was given. A page's
    own entry stands for a rule only when the page is headed by it (its title starts with the
    rule's number)."""
    entries = {doc.get("location"): doc for doc in docs if isinstance(doc, dict)}
    marked = False
    for rule, forms in terms.items():
        places = locations.get(rule, [])
        entry = next((entries[place] for place in places[:2] if place in entries), None)
        if entry is None and places and places[-1] in entries:
            page = entries[places[-1]]
            number = label(rule.partition(":")[2])
            if str(page.get("title", "")).startswith(f"{number} "):
                entry = page
        if entry is not None:
            entry[KEY] = [*entry.get(KEY, []), *(f for f in forms if f not in entry.get(KEY, []))]
            marked = True
    return marked
