"""rules.json: every rule and scenario of a site, in the documented format, published under
MkDocs by the plugin and under Zensical by the pre-build step, the same file either way."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from repo_games import TI4_TITLES as TITLES
from rule_sites import cited_site
from sites import generate, mkdocs

from checker.site.publish.rules_json import FILE, FORMAT, SCHEMA, VERSION

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide" / "site-generators.md"
_KEY_ROW = re.compile(r"^\| `([a-z_\[\].]+)` \|", re.MULTILINE)


def checker_site(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "checker.site", *args], cwd=cwd,
                          capture_output=True, text=True, check=False, timeout=120)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small site built by MkDocs (with Material, which Zensical needs): its folder."""
    root = tmp_path_factory.mktemp("rules-json")
    done = mkdocs(cited_site(root, material=True), "--strict")
    assert done.returncode == 0, done.stderr
    return root


def published(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "site" / FILE).read_text(encoding="utf-8"))
    return data


def test_it_validates_against_its_documented_format(site: Path) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    data = published(site)
    jsonschema.Draft202012Validator(SCHEMA).validate(data)
    assert (data["format"], data["version"]) == (FORMAT, VERSION)


def test_it_lists_every_rule_with_what_cites_it(site: Path) -> None:
    rules = {rule["id"]: rule for rule in published(site)["rules"]}
    assert {rule for rule in rules if rule.startswith("ti4:")} == {f"ti4:{ref}" for ref in TITLES}
    assert rules["ti4:61.12"] == {
        "id": "ti4:61.12", "game": "ti4", "number": "61.12", "title": TITLES["61.12"],
        "text": f"{TITLES['61.12']}.", "page": "ti4/rules.md", "url": "ti4/rules/#61.12",
        "illustrated_by": ["ti4-page-example", "ti4-second"],
        "cited_by_engine": ["ti4-disputed", "ti4-page-example", "ti4-second"],
        "referenced_by": []}
    assert rules["ti4:61.8"]["cited_by_engine"] == ["ti4-second"]
    assert rules["ti4:61.6"]["illustrated_by"] == ["ti4-second"]


def test_it_lists_every_scenario_with_its_verdict_and_walkthrough(site: Path) -> None:
    scenarios = {s["id"]: s for s in published(site)["scenarios"]}
    assert scenarios["ti4-page-example"] == {
        "id": "ti4-page-example", "title": "Red scores Expand Borders", "game": "ti4",
        "about": ["ti4:61.12"], "cites": ["ti4:61.12"], "verdict": "verified",
        "url": "ti4/a/#ti4-page-example", "source": "docs/ti4/a.md:6", "provenance": None}
    assert scenarios["ti4-second"]["cites"] == ["ti4:61.12", "ti4:61.8"]
    assert scenarios["ti4-second"]["url"] == "ti4/scenarios/#ti4-second"
    assert scenarios["ti4-second"]["source"] == "scenarios/ti4/second.yaml:1"
    assert scenarios["ti4-disputed"]["verdict"] == "disputed"


def test_each_scenario_says_where_its_ruling_comes_from(site: Path) -> None:
    scenarios = {s["id"]: s for s in published(site)["scenarios"]}
    assert scenarios["ti4-second"]["provenance"] == {
        "kind": "rules", "ref": "61.8", "label": "Living Rules Reference 61.8"}
    assert scenarios["ti4-disputed"]["provenance"] == {
        "kind": "reading", "ref": "61.5", "why": "The card is met when it is scored.",
        "label": "This site's reading of Living Rules Reference 61.5"}
    assert scenarios["ti4-page-example"]["provenance"] is None, "it does not say"


def test_every_url_leads_to_its_rule_or_walkthrough(site: Path) -> None:
    data = published(site)
    for entry in [*data["rules"], *data["scenarios"]]:
        page, anchor = entry["url"].split("#")
        html = (site / "site" / page / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, entry["url"]


def test_the_guide_documents_every_key(site: Path) -> None:
    documented = set(_KEY_ROW.findall(GUIDE.read_text(encoding="utf-8")))
    keys = set(SCHEMA["properties"])
    for listed in ("rules", "scenarios"):
        keys |= {f"{listed}[].{key}" for key in SCHEMA["properties"][listed]["items"]["properties"]}
    assert documented == keys


def test_under_zensical_the_pre_build_step_publishes_the_same_file(site: Path,
                                                                  tmp_path: Path) -> None:
    for name in ("mkdocs.yml", "docs", "scenarios"):
        copy = shutil.copytree if (site / name).is_dir() else shutil.copy2
        copy(site / name, tmp_path / name)
    assert checker_site("--check", "--rules", "docs", cwd=tmp_path).returncode == 1
    wrote = checker_site("--rules", "docs", cwd=tmp_path)
    # The checker's other files too: under MkDocs the plugin served them, from the package.
    assert (wrote.returncode, wrote.stdout.splitlines()[-1]) == (0, f"wrote docs/{FILE}"), \
        wrote.stderr
    assert checker_site("--check", "--rules", "docs", cwd=tmp_path).returncode == 0
    done = generate("zensical", tmp_path / "mkdocs.yml", "--clean")
    assert done.returncode == 0, done.stderr
    assert "rules.json" not in done.stderr
    assert (tmp_path / "site" / FILE).read_bytes() == (site / "site" / FILE).read_bytes()


def test_a_build_without_the_plugin_reports_a_copy_out_of_date(site: Path,
                                                               tmp_path: Path) -> None:
    for name in ("docs", "scenarios"):
        shutil.copytree(site / name, tmp_path / name)
    config = (site / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config.replace("  - checker\n", "  - checker: "
                                                        "{enabled: false}\n"), encoding="utf-8")
    assert checker_site("--rules", "docs", cwd=tmp_path).returncode == 0
    scenario = tmp_path / "scenarios" / "ti4" / "second.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "title: Red scores", "title: Now Red scores"), encoding="utf-8")
    done = mkdocs(tmp_path / "mkdocs.yml")
    assert (f"checker: docs/{FILE}:1:1: out of date: the site's rules and scenarios; run "
            f"`python -m checker.site --rules docs` to write it") in done.stderr
    assert json.loads((tmp_path / "site" / FILE).read_text(encoding="utf-8"))["scenarios"] == \
        json.loads((tmp_path / "docs" / FILE).read_text(encoding="utf-8"))["scenarios"]
