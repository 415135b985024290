"""The glossaries' terms in the search index: each on its defining rule's entry
(`checker.site.publish.search_terms`). On the real site, and what the reader's search does with
them: test_search_ranking.py."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from checker.site.publish.search_terms import INDEX, add_terms, mark


def test_a_terms_defining_rule_gets_its_forms_in_the_search_index() -> None:
    docs: list[dict[str, Any]] = [
        {"location": "arcs/battle/", "title": "9 Battle"},
        {"location": "arcs/battle/#arcs:9.9a", "title": "Arcs 9.9a Provoke Outrage"},
        {"location": "ti4/custodians-token/", "title": "27 Custodians Token"},
        {"location": "ti4/other/", "title": "Other"},
        {"location": "ti3/status-phase/#3", "title": "3 Home system"}]
    locations = {"arcs:9.9a": ["arcs/battle/#arcs:9.9a", "arcs/battle/#9.9a", "arcs/battle/"],
                 "ti4:27": ["ti4/custodians-token/#ti4:27", "ti4/custodians-token/#27",
                            "ti4/custodians-token/"],
                 "ti4:28": ["ti4/other/#ti4:28", "ti4/other/#28", "ti4/other/"],
                 "ti3:3": ["ti3/status-phase/#ti3:3", "ti3/status-phase/#3", "ti3/status-phase/"]}
    terms = {"arcs:9.9a": ["Outrage", "Outraged"], "ti4:27": ["Custodians token"],
             "ti4:28": ["Nowhere"], "ti3:3": ["Home system"]}
    assert mark(docs, terms, locations)
    found = {doc["location"]: doc.get("glossary") for doc in docs}
    assert found == {"arcs/battle/": None, "arcs/battle/#arcs:9.9a": ["Outrage", "Outraged"],
                     "ti4/custodians-token/": ["Custodians token"],
                     "ti4/other/": None,  # a page its rule does not head
                     "ti3/status-phase/#3": ["Home system"]}
    assert not mark(docs, {"ti4:28": ["Nowhere"]}, locations)


def test_a_site_without_the_index_or_with_another_is_left_alone(tmp_path: Path) -> None:
    term = SimpleNamespace(rule="arcs:9.9a", forms=("Outrage",))
    context: Any = SimpleNamespace(glossaries={"arcs": SimpleNamespace(terms=(term,))},
                                   rules=SimpleNamespace(get=lambda rule: None))
    assert not add_terms(tmp_path, context)  # no search/search_index.json
    index = tmp_path / INDEX
    index.parent.mkdir(parents=True)
    for text in ("not json", '{"config": {}}', '{"docs": {}}', "[1, 2]"):
        index.write_text(text, encoding="utf-8")
        assert not add_terms(tmp_path, context)
        assert index.read_text(encoding="utf-8") == text
