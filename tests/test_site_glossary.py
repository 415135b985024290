"""A game's glossary page and what the pages make of it: the terms read from its Markdown list,
its mistakes located, the first use of a term in each paragraph marked, and the texts of what
a page cites written at its end for previews."""

from __future__ import annotations

import html as htmllib
import json
import re
from pathlib import Path

import markdown
import pytest
from repo_games import TI4_TITLES as TITLES
from sites import make_site, mkdocs
from test_site_markdown import plain_site

from checker.site.markdown_ext import RulesExtension
from checker.site.pages.glossary import read_glossaries

GLOSSARY = """\
# Glossary

Words of the game.

- **Speaker**, **speaker token**: the player who reveals the public objective
  ([[ti4:61.14]]).
- **Public objective**, **public objectives**: an objective *every* player may
  score; see also [[ti4:61.6]] ([[ti4:61.11]]).

```text
- not an entry: code is left alone
```
"""

PAGE = """\
# §61 Objective cards

§61.11 A public objective is revealed by the speaker; public objectives are scored once each.

§61.14 The speaker reveals one public objective; the speaker token moves with Politics.

A public objective, then the Speaker again, in [a public objective link](x.md) and
`public objective` code.

## Public objective headings stay as they are

- The speaker token, in a list item ([[ti4:61.14]]).
"""
"""A page of the rules that define the two terms of GLOSSARY, and uses them."""


def glossary_of(text: str) -> tuple[list[tuple[str, tuple[str, ...], str, str]], list[str]]:
    glossaries, problems = read_glossaries({"ti4/glossary.md": text},
                                           {"ti4/glossary.md": "docs/ti4/glossary.md"}, {"ti4": "ti4"})
    terms = [(t.name, t.forms, t.rule, t.definition) for t in glossaries["ti4"].terms]
    return terms, [str(problem) for problem in problems]


def test_terms_are_read_from_the_glossary_list() -> None:
    terms, problems = glossary_of(GLOSSARY)
    assert problems == []
    assert terms == [
        ("Speaker", ("Speaker", "speaker token"), "ti4:61.14",
         "The player who reveals the public objective."),
        ("Public objective", ("Public objective", "public objectives"), "ti4:61.11",
         "An objective every player may score; see also 61.6."),
    ]


def test_a_definition_leaves_out_its_own_rule_once() -> None:
    terms, problems = glossary_of("""\
- **Speaker**: reveals objectives (see [[ti4:61.14]]), as [[ti4:61.14]] says
  \t([[ti4:61.14]]).
- **Public objective**: any player may score it ([[ti4:61.6]]) (see [[ti4:61.11]]).
""")
    assert problems == []
    assert [definition for *_, definition in terms] == [
        "Reveals objectives, as 61.14 says (61.14).",
        "Any player may score it (61.6).",
    ]


def test_glossary_mistakes_are_located() -> None:
    text = GLOSSARY + """
- A list item that is no entry.
- **Control**: holding a planet, with no rule named.
- **Speaker**: said twice ([[ti4:61.14]]).
- **Public Objectives**: a form of a term already there ([[ti4:61.11]]).
"""
    _, problems = glossary_of(text)
    where = "docs/ti4/glossary.md"
    assert problems == [
        (f"{where}:14:1: a glossary entry starts with its term in bold and a colon: - **Term**, "
         f"**other form**: what it means ([[ti4:1.2]])"),
        (f"{where}:15:1: the glossary entry 'Control' names no defining rule: add it as "
         f"[[ti4:...]]"),
        f"{where}:16:1: 'Speaker' is already in the glossary at {where}:5:1",
        f"{where}:17:1: 'Public Objectives' is already in the glossary at {where}:7:1",
    ]


def test_a_glossary_term_linking_to_no_rule_fails_the_build_at_its_line(tmp_path: Path) -> None:
    entry = "- **Speaker**: the one who reveals ([[ti4:61.144]])."
    config = make_site(tmp_path, {"ti4/glossary.md": f"# Glossary\n\n{entry}\n"})
    done = mkdocs(config)
    assert done.returncode == 1
    assert (f"docs/ti4/glossary.md:3:{entry.index('[[') + 1}: unknown rule ti4:61.144 (did "
            f"you mean ti4:61.14?)") in done.stderr


def test_a_term_is_found_as_a_whole_word_and_in_its_longest_form() -> None:
    glossaries, _ = read_glossaries({"ti4/glossary.md": GLOSSARY + """
- **Control**, **controlled**, **control token**: holding a planet ([[ti4:61.14]]).
- **Speak**: a form that begins another ([[ti4:61.14]]).
"""}, {}, {"ti4": "ti4"})
    pattern = glossaries["ti4"].pattern
    assert pattern is not None
    text = ("The SPEAKER TOKEN, a speakership, a co-speaker, speak-easy, speaker_x; the "
            "Speaker. Controlled control tokens, a control token, control-token, "
            "public objectivesque, Public Objectives, speak.")
    assert [m[0] for m in pattern.finditer(text)] == [
        "SPEAKER TOKEN", "Speaker", "Controlled", "control", "control token",
        "Public Objectives", "speak"]
    # The same places as the plain alternation of every form, longest first, in any text.
    forms = sorted({f for t in glossaries["ti4"].terms for f in t.forms}, key=len, reverse=True)
    plain = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w-])",
                       re.IGNORECASE)
    pieces = [*forms, " ", "-", "s", "ed", "_", ".", "\n", "\u00e9", "SPEAKER"]
    for seed in range(500):
        said = "".join(pieces[(seed * 7 + i * i * 13) % len(pieces)] for i in range(9))
        assert [m.span() for m in pattern.finditer(said)] == \
            [m.span() for m in plain.finditer(said)], said


def test_forms_nested_past_any_depth_are_still_found() -> None:
    entries = "".join(f"- **{'a' * n}**: a hostile entry ([[ti4:61.14]]).\n" for n in range(1, 300))
    glossaries, problems = read_glossaries({"ti4/glossary.md": entries + "- **" + "b" * 5000 +
                                            "**: one long form ([[ti4:61.14]]).\n"}, {}, {"ti4": "ti4"})
    assert problems == []
    pattern = glossaries["ti4"].pattern
    assert pattern is not None
    text = f"{'a' * 250} {'a' * 300} {'b' * 5000} {'b' * 4999}"
    assert [len(m[0]) for m in pattern.finditer(text)] == [250, 5000]


@pytest.fixture
def converted(tmp_path: Path) -> str:
    """PAGE as ti4/rules.md of a site with GLOSSARY, converted by plain Python-Markdown."""
    docs = tmp_path / "docs"
    plain_site(docs)
    (docs / "ti4" / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    (docs / "ti4" / "terms.md").write_text(PAGE.replace("# §61 ", "# "), encoding="utf-8")
    more = (docs / "ti4" / "more.md").read_text(encoding="utf-8")
    (docs / "ti4" / "more.md").write_text(re.sub(r"§61\.(11|14)[ {].*\n*", "", more),
                                          encoding="utf-8")
    extension = RulesExtension(docs_dir=str(docs), scenarios="", page="ti4/terms.md")
    html = markdown.markdown(PAGE.replace("# §61 ", "# "), extensions=[extension])
    assert extension.now.context.problems == ()
    return html


def terms_in(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="term-ref" href="[^"]*#([a-z-]+)" data-term="[^"]+">([^<]+)</a>',
                      html)


def test_the_first_use_of_a_term_in_each_paragraph_links_to_the_glossary(converted: str) -> None:
    text = re.sub(r"<details\b.*?</details>", "", converted, flags=re.DOTALL)  # cited by
    paragraphs = re.findall(r"<(p|li|h2)\b[^>]*>(.*?)</\1>", text, re.DOTALL)
    marked = [(tag, terms_in(body)) for tag, body in paragraphs]
    assert marked == [
        ("p", [("speaker", "speaker")]),  # 61.11 defines "public objective": not marked there
        ("p", [("public-objective", "public objective")]),  # 61.14 defines "speaker"
        ("p", [("public-objective", "public objective"), ("speaker", "Speaker")]),
        ("h2", []),
        ("li", [("speaker", "speaker token")]),
    ]
    assert '<a class="term-ref" href="../glossary/#speaker" data-term="ti4:speaker">' in converted
    assert "<code>public objective</code>" in converted


def test_a_page_holds_the_texts_of_the_rules_and_terms_it_cites(converted: str) -> None:
    found = re.search(r'<div class="checker-previews" hidden data-search-exclude>\n(.*)\n</div>$',
                      converted, re.DOTALL)
    assert found, "the previews close the page"
    entries = [{name: htmllib.unescape(value) for name, value in
                re.findall(r'([a-z-]+)="([^"]*)"', line)} for line in found[1].split("\n")]
    assert entries == [
        {"data-rule-preview": "ti4:61.14", "href": "#61.14", "data-number": "61.14",
         "data-title": "The speaker reveals one public objective; the speaker token moves",
         "data-section": "Objective cards",
         "data-text": "The speaker reveals one public objective; the speaker token moves "
                      "with Politics."},
        {"data-term-preview": "ti4:speaker", "href": "#61.14", "data-name": "Speaker",
         "data-number": "61.14", "data-text": "The player who reveals the public objective."},
        {"data-term-preview": "ti4:public-objective", "href": "#61.11",
         "data-name": "Public objective", "data-number": "61.11",
         "data-text": "An objective every player may score; see also 61.6."},
    ]


def test_the_glossary_page_gives_each_entry_its_anchor(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    plain_site(docs)
    (docs / "ti4" / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    html = markdown.markdown(GLOSSARY, extensions=[RulesExtension(
        docs_dir=str(docs), scenarios="", page="ti4/glossary.md"), "fenced_code"])
    assert re.findall(r'<li class="glossary-entry" id="([a-z-]+)"><dfn>([^<]+)</dfn>', html) == [
        ("speaker", "Speaker"), ("public-objective", "Public objective")]
    assert "term-ref" not in html, "the glossary marks no term of its own"


def test_under_the_plugin_term_and_rule_links_are_written_whole_and_searched_by_their_text(
        tmp_path: Path) -> None:
    # The plugin leaves the links out of what search parses (Rendering.defer) and puts
    # them back in the written page: the page and its search entries are as without it.
    rules = PAGE + "\n" + "".join(f'§{ref}{{title="{title}"}} {title}.\n\n' for ref, title in TITLES.items()
                                  if ref not in ("61", "61.11", "61.14"))
    config = make_site(tmp_path, {"ti4/glossary.md": GLOSSARY, "ti4/rules.md": rules},
                       material=True)
    done = mkdocs(config)
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "site" / "ti4" / "rules" / "index.html").read_text("utf-8")
    assert "wt-slot" not in written
    terms = re.findall(r'<a class="term-ref" href="../glossary/#([a-z-]+)" '
                       r'data-term="ti4:\1">([^<]+)</a>', written)
    assert ("public-objective", "public objective") in terms and ("speaker", "speaker") in terms
    assert re.search(r'<a class="rule-ref" href="#61.14" title="ti4:61.14: [^"]+">61.14</a>',
                     written)
    assert '<p class="rule rule--depth-1" data-rule="ti4:61.14" id="61.14"><a class="rule-num" ' \
        'href="#61.14" title="Link to ti4:61.14">61.14</a> The ' in written
    assert '<h1 class="rule rule--depth-0" data-rule="ti4:61" id="61"><a class="rule-num" ' \
        'href="#61" title="Link to ti4:61">61</a> Objective cards' in written
    index = json.loads((tmp_path / "site" / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("ti4/rules/"))
    assert "The speaker token, in a list item (61.14)." in text and "61.14 The " in text
    assert "A public objective is revealed by the speaker" in text
    assert "<!--" not in text and "wt-slot" not in text
