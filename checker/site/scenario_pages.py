"""The generated per-game page that lists every scenario, and shows the standalone ones."""

from __future__ import annotations

import posixpath
from collections import defaultdict

from checker.site.context import SiteContext


def scenarios_page(context: SiteContext, game: str, title: str) -> str:
    """Markdown for `<game>/scenarios.md`: a table of every scenario of the game, then the
    walkthrough of each standalone one, grouped by the section of the first rule it is about."""
    uri = f"{game}/scenarios.md"
    examples = [e for e in context.examples.values() if e.scenario.game == game]
    verified = sum(1 for e in examples if e.passed)
    lines = [f"# All {title} scenarios", "",
             (f"Every worked example of the {title} pages and every standalone scenario under "
              f"`scenarios/{game}/`, each checked by the rules engine when this site was built: "
              f"{len(examples)} scenarios, {verified} of them hold."), "",
             "| Scenario | Illustrates | Shown on |", "| --- | --- | --- |"]
    for example in sorted(examples, key=lambda e: e.scenario.id):
        scenario = example.scenario
        home = context.homes.get(scenario.id)
        where = (f"[{_page_name(home)}]({posixpath.relpath(home, posixpath.dirname(uri))}#{scenario.id})"
                 if home else f"[this page](#{scenario.id})")
        mark = "" if example.passed else " **(does not hold)**"
        about = ", ".join(f"[[{rule}]]" for rule in scenario.about)
        lines.append(f"| {_cell(scenario.title)}{mark} | {about} | {where} |")
    groups: dict[str, list[str]] = defaultdict(list)
    for example in context.standalone:
        if example.scenario.game == game:
            rules = example.scenario.about
            groups[rules[0].partition(":")[2].split(".")[0] if rules else ""].append(
                example.scenario.id)
    for section in sorted(groups, key=lambda s: (not s.isdigit(), int(s) if s.isdigit() else 0)):
        heading = f"Section {section}: {context.rules.titles.get(f'{game}:{section}', '')}" \
            if section else "Other scenarios"
        lines += ["", f"## {heading.rstrip(': ')}", ""]
        for scenario_id in groups[section]:
            lines += [f"[[scenario:{scenario_id}]]", ""]
    return "\n".join(lines) + "\n"


def _page_name(uri: str) -> str:
    stem = uri.rsplit("/", 1)[-1].removesuffix(".md")
    return stem.replace("-", " ").capitalize()


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("[", "\\[")
