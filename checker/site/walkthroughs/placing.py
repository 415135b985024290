"""A walkthrough draft (`walkthrough.draft`) placed on a page: its tokens turned into the
page's rule links, the scenario's failures where they stand and its YAML source, and its
picture ids kept unique on the page. A rebuild from the result cache only places drafts, so
this module needs none of the checker's engine, scenarios or drawing."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable

from checker.location import Location, Problem
from checker.site.pages.rulemap import RuleMap, escape

_WIDE = re.compile("[^\x00-\xff]")


FAILURES = "\x02!\x03"
"""The token a draft holds where the failures of the scenario go, placed on each page."""
SOURCE = "\x02=\x03"
"""The token a draft holds where the YAML source goes."""


NOT_SEARCHED = "data-search-exclude"
"""The attribute that keeps a red box of problems out of the site's search index (Material's
and Zensical's search honour it): a page of thousands of broken examples would otherwise
fill the index with their messages, past Zensical's limit on a page's words."""


LinkMaker = Callable[[str], str]
"""Makes the link to a rule id: `Links` for a page, or tokens in a draft."""


class Links:
    """Rule links as seen from one page."""

    def __init__(self, rules: RuleMap, page: str) -> None:
        self.rules, self.page = rules, page
        self._made: dict[str, str] = {}

    @property
    def linked(self) -> list[str]:
        """The rules linked so far."""
        return list(self._made)

    def __call__(self, rule: str) -> str:
        link = self._made.get(rule)
        if link is None:
            link = self._made[rule] = one_byte(self.rules.link(rule, self.page))
        return link


def token(rule: str) -> str:
    """The token a draft holds for a link to `rule`, made for each page by `Links`."""
    return f"\x02{rule}\x03"


def one_byte(html: str) -> str:
    """`html` with every character above U+00FF written as a character reference. Python
    keeps a string with one such character at two or four bytes a character: one dash in a
    page of a thousand walkthroughs would make every copy of the page, and its encoding
    when written, many times slower. Every piece of a walkthrough goes through here."""
    return html if html.isascii() else _WIDE.sub(lambda m: f"&#{ord(m[0])};", html)


def place(html: str, links: LinkMaker, failures: Iterable[Problem] = (), source: str = "",
          where: Location | None = None) -> str:
    """A draft as the HTML of the page `links` is for, with the failures where they stand and
    the YAML source it came from, named by `where` the scenario starts (its file, or its page
    and line), so that an editor knows where to change it."""
    pieces = html.split("\x02")
    out = [pieces[0]]
    for piece in pieces[1:]:
        token, _, rest = piece.partition("\x03")
        out.append(_failures(failures) if token == "!" else _source(source, where)
                   if token == "=" else links(token))
        out.append(rest)
    return "".join(out)


def folded(draft: str, links: Links, scenario_id: str, steps: int, href: str) -> str:
    """A walkthrough folded to one line on the page `links` is for: its head (the question,
    the answer in a few words, the verdict and the rules it illustrates) and a link to its
    whole walkthrough in `href`, the file that keeps the page's walkthroughs, which
    `walkthrough.js` opens in place."""
    target = escape(f"{href}#{scenario_id}")
    opener = (f' <a class="wt-open" href="{target}" data-open-walkthrough>Show the '
              f'walkthrough{_count(steps)}</a>')
    head = _line(draft, links)
    # In the verdict's line, after the rules illustrated.
    head = head[:-len("</p>")] + opener + "</p>" if head.endswith("</p>") else head + opener
    return (f'<div class="wt wt--folded" id="{escape(scenario_id)}" data-walkthrough-line>\n'
            f'{head}\n</div>')


def kept_here(draft: str, links: Links, scenario_id: str, steps: int, whole: str) -> str:
    """A walkthrough folded to one line, as `folded`, for a site with no file beside the page
    (a generator that runs no plugin): the whole walkthrough `whole` stays in the page,
    closed under the line, and `walkthrough.js` opens it in the line's place (without
    JavaScript it opens below the line)."""
    mine = f' id="{escape(scenario_id)}"'
    inner = whole.replace(mine, "", 1)  # the line has the walkthrough's id
    return (f'<div class="wt wt--folded"{mine} data-walkthrough-line>\n{_line(draft, links)}\n'
            f'<details class="wt-kept" data-kept-walkthrough><summary class="wt-open" '
            f'data-open-walkthrough>Show the walkthrough{_count(steps)}</summary>\n{inner}\n'
            f'</details>\n</div>')


def _line(draft: str, links: Links) -> str:
    """The question, the answer, the verdict and the rules illustrated, of a draft, as an
    example's one line shows them: the rules by their numbers, not linked (the rules are on
    the page, and links open the walkthrough), and the question not a link to itself. A rules
    page holds dozens of lines, and each element and link it holds makes the page slower to
    show (`benchmarks/rules_pages.py`)."""
    head = place(draft.partition(FAILURES)[0], lambda rule: _TAG.sub("", links(rule)))
    return _SELF_LINK.sub(r"\1", head.partition("\n")[2], count=1)


_TAG = re.compile(r"<[^>]*>")
_SELF_LINK = re.compile(r'<a class="wt-link" href="[^"]*">([^<]*)</a>')


def _count(steps: int) -> str:
    return f" ({steps} step{'s' if steps != 1 else ''})" if steps else ""


def step_anchor(scenario_id: str, index: int) -> str:
    return f"{scenario_id}--step-{index}"


def _failures(failures: Iterable[Problem]) -> str:
    items = "".join(f"<li><code>{escape(str(p.location))}</code> {escape(p.message)}</li>"
                    for p in failures)
    if not items:
        return ""
    return (f'\n<div class="wt-failure" role="alert" {NOT_SEARCHED}><p>The engine does not '
            f'agree with this example:</p><ul>{one_byte(items)}</ul></div>')


def prefix(scenario_id: str) -> str:
    """The start of a walkthrough's picture ids: a letter and five letters or digits from a
    hash of the scenario's id. Two scenarios share it once in about 60 million pairs; a page
    showing both renames the ids of the second (`Rendering._render`)."""
    digest = int.from_bytes(hashlib.blake2s(scenario_id.encode("utf-8"), digest_size=8)
                            .digest(), "big")
    return "p" + base36(digest)[-5:].rjust(5, "0")


def renamed_pictures(html: str, old: str, new: str) -> str:
    """A walkthrough's HTML with its picture ids starting `new` instead of `old` (`prefix`):
    for the rare page where two walkthroughs' prefixes are the same."""
    return html.replace(f'<g id="{old}', f'<g id="{new}').replace(
        f'xlink:href="#{old}', f'xlink:href="#{new}')


def base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not number:
            return digits


def _source(text: str, where: Location | None) -> str:
    return (f'<details class="wt-source"><summary>YAML source{_where(where)}</summary>'
            f'<pre><code class="language-yaml">{one_byte(escape(text))}</code></pre></details>')


def _where(location: Location | None) -> str:
    """Where to edit the scenario: its file, with the line it starts on unless that is the
    first (a page's fence, a file of several scenarios)."""
    if location is None or not location.path:
        return ""
    line = f", line {location.line}" if location.line > 1 else ""
    return (f' <span class="wt-where">in <code>{one_byte(escape(location.path))}</code>'
            f'{line}</span>')


def failure_html(problems: Iterable[Problem]) -> str:
    """An example that could not be read, in red, with each problem and its place."""
    items = "".join(f"<li><code>{escape(str(p.location))}</code> {escape(p.message)}</li>"
                    for p in problems)
    return (f'<div class="wt wt--failed"><div class="wt-failure" role="alert" {NOT_SEARCHED}>'
            f'<p>This example could not be read:</p><ul>{items}</ul></div></div>')
