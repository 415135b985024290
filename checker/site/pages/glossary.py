"""A game's glossary: the page `docs/<game>/glossary.md`, a Markdown list of the game's terms,
each defined in a sentence and linked to the rule that defines it:

    - **Initiative order**: the order players act in, lowest strategy card number
      first ([[ti4:48.1]]).
    - **Captives**, **Captive**: Rival agents held on a player's board ([[arcs:6.12]]).

The first bold words are the term; more bold words before the colon are other forms of it
that the pages use. The entry's last rule reference is the defining rule (a reference to no
rule is a located problem, as anywhere). On the game's other pages, the first use of a term
in each paragraph, list item or table cell shows its definition on hover, focus or tap
(`checker.site.render.previews`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from checker.location import Location, Problem
from checker.rule_text import RULE_REF, plain_text, prose_lines

PAGE = "glossary.md"
"""A game's glossary page, in the game's folder of the docs."""

_ITEM = re.compile(r"^(?:[-*+]|\d+[.)])[ \t]+")
_ENTRY = re.compile(r"^(?:[-*+]|\d+[.)])[ \t]+\*\*(?P<term>[^*]+?)\*\*"
                    r"(?P<forms>(?:[ \t]*,[ \t]*\*\*[^*]+?\*\*)*)[ \t]*:[ \t]*(?P<rest>.*)$")
_FORM = re.compile(r"\*\*([^*]+?)\*\*")
_SHAPE = "- **Term**, **other form**: what it means ([[{game}:1.2]])"


class Term(NamedTuple):
    """A glossary entry."""

    name: str
    """As the glossary writes it: "Initiative order"."""
    forms: tuple[str, ...]
    """Every form the pages may use, the name first."""
    rule: str
    """The defining rule's id."""
    definition: str
    """Plain text, the rule references as their numbers."""
    location: Location

    @property
    def slug(self) -> str:
        """The entry's anchor on the glossary page: "initiative-order"."""
        return slug(self.name)


class Glossary:
    """A game's glossary: its terms, as its page defines them."""

    game: str
    page: str
    """The glossary page inside the docs folder: "ti4/glossary.md"."""
    terms: tuple[Term, ...]

    def __init__(self, game: str, page: str, terms: tuple[Term, ...]) -> None:
        self.game, self.page, self.terms = game, page, terms

    @functools.cached_property
    def pattern(self) -> re.Pattern[str] | None:
        """Any form of any term, as a whole word, case aside, the longest that fits."""
        forms = {form.lower() for term in self.terms for form in term.forms if form}
        if not forms:
            return None
        starts = "".join(sorted({form[0] for form in forms}))
        return re.compile(f"(?=[{re.escape(starts)}])(?<![\\w-])" + _branches(forms) +
                          r"(?![\w-])", re.IGNORECASE)

    @functools.cached_property
    def by_form(self) -> dict[str, Term]:
        """Each term by each of its forms, case aside."""
        return {form.casefold(): term for term in self.terms for form in term.forms}


_DEEPEST = 100
"""Forms one inside another deeper than this (a hostile glossary) are searched one by one."""


def _branches(forms: Iterable[str]) -> str:
    """A regular expression for any of `forms`, as a tree of their common beginnings: where
    an alternation of every form tries each one at every place in a page, this one follows
    a single branch for each letter it reads (the pages are searched three times faster).
    Greedy, so at a place it takes the longest form that fits, as longest first would."""
    tree: dict[str, dict] = {}
    for form in forms:
        node = tree
        for char in form:
            node = node.setdefault(char, {})
        node[""] = {}  # a form ends here

    def branches(node: dict[str, dict], depth: int) -> str | None:
        run = ""
        while len(node) == 1 and "" not in node:  # one way on: no group needed
            char, node = next(iter(node.items()))
            run += re.escape(char)
        ends = "" in node
        alternatives = []
        for char, rest in sorted(node.items()):
            if char:
                below = branches(rest, depth + 1) if depth < _DEEPEST else None
                if below is None:
                    return None
                alternatives.append(re.escape(char) + below)
        if not alternatives:
            return run
        return f"{run}(?:{'|'.join(alternatives)}){'?' if ends else ''}"

    found = branches(tree, 0)
    if found is None:
        longest_first = sorted(forms, key=len, reverse=True)
        return "(?:" + "|".join(re.escape(form) for form in longest_first) + ")"
    return found


def read_glossaries(contents: Mapping[str, str], shown: Mapping[str, str],
                    folders: Mapping[str, str]) -> tuple[dict[str, Glossary], list[Problem]]:
    """The glossary of each game that has one, from the pages' Markdown by page (`shown` names
    each page's file as problems do), and its problems: an entry that is not an entry, names
    no rule, or repeats a term."""
    glossaries, problems = {}, []
    for game, folder in folders.items():
        page = f"{folder}/{PAGE}"
        if page in contents:
            glossary, found = _read(game, page, shown.get(page, page), contents[page])
            glossaries[game] = glossary
            problems += found
    return glossaries, problems


def _read(game: str, page: str, path: str, content: str) -> tuple[Glossary, list[Problem]]:
    lines = content.split("\n")
    prose = dict(prose_lines(lines))
    terms: list[Term] = []
    problems: list[Problem] = []
    seen: dict[str, Term] = {}
    for index, line in prose.items():
        if not _ITEM.match(line):  # only top-level items: an entry's own list is indented
            continue
        where = Location(path, index + 1, 1)
        entry = _ENTRY.match(" ".join([line.rstrip(), *_continuation(lines, prose, index + 1)]))
        if entry is None:
            problems.append(Problem(where, f"a glossary entry starts with its term in bold and "
                                    f"a colon: {_SHAPE.format(game=game)}"))
            continue
        said = entry["rest"]
        rule = next(reversed(list(RULE_REF.finditer(said))), None)
        name = entry["term"].strip()
        if rule is None:
            problems.append(Problem(where, f"the glossary entry '{name}' names no defining "
                                    f"rule: add it as [[{game}:...]]"))
            continue
        forms = (name, *(form.strip() for form in _FORM.findall(entry["forms"])))
        # The preview names the defining rule itself: "(see [[ti4:48.1]])" would repeat it.
        said = _without_reference(said, rule[0])
        definition = plain_text(said)
        term = Term(name, forms, rule["id"], definition[:1].upper() + definition[1:], where)
        clash = next((seen[form.casefold()] for form in forms if form.casefold() in seen), None)
        if clash is not None:
            problems.append(Problem(where, f"'{name}' is already in the glossary at "
                                    f"{clash.location}"))
            continue
        seen.update({form.casefold(): term for form in forms})
        terms.append(term)
    return Glossary(game, page, tuple(terms)), problems


def _without_reference(said: str, reference: str) -> str:
    """`said` without the first "(reference)" or "(see reference)" in it, and the spaces or
    tabs before it (found as strings: a pattern made for each entry took most of the time
    the glossaries are read in)."""
    places = [(at, len(text)) for text in (f"({reference})", f"(see {reference})")
              if (at := said.find(text)) >= 0]
    if not places:
        return said
    start, length = min(places)
    end = start + length
    while start and said[start - 1] in " \t":
        start -= 1
    return said[:start] + said[end:]


def _continuation(lines: list[str], prose: Mapping[int, str], start: int) -> list[str]:
    said = []
    for index in range(start, len(lines)):
        line = prose.get(index)
        if line is None or not line.strip() or _ITEM.match(line) or line.startswith("#"):
            break
        said.append(line.strip())
    return said


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
