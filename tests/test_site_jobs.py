"""A first build checks and draws its scenarios on several processes (the plugin's `jobs`):
the site it writes, the problems it reports and the results it keeps are those of one."""

from __future__ import annotations

from pathlib import Path

import pytest
from repo_games import GAMES
from sites import GOOD_YAML, make_site, mkdocs

from checker.site.examples import verify
from checker.site.examples.verify import ScenarioChecks


def scenario(sid: str, points: int = 1) -> str:
    return GOOD_YAML.replace("ti4-page-example", sid).replace("{Red: 1}", f"{{Red: {points}}}")


def files(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()}


def site_with(root: Path, jobs: int) -> Path:
    scenarios = {f"ti4/s-{n:02d}.yaml": scenario(f"s-{n}", 2 if n == 7 else 1)
                 for n in range(16)}
    scenarios["ti4/broken.yaml"] = scenario("broken").replace("phase:", "phse:")
    page = "# Examples\n\n" + "\n".join(f"```scenario\n{scenario(f'page-{n}')}```\n"
                                        for n in range(6))
    return make_site(root, {"ti4/examples.md": page}, scenarios,
                     plugin=f"  - checker: {{jobs: {jobs}}}")


def test_a_first_build_on_two_processes_writes_what_one_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # every page carries its build's time
    outcomes = {}
    for jobs in (1, 2):
        root = tmp_path / f"jobs-{jobs}"
        root.mkdir()
        done = mkdocs(site_with(root, jobs))
        outcomes[jobs] = (done.returncode, done.stderr.replace(str(root), "ROOT"),
                          files(root / "site"), files(root / ".cache"))
    assert outcomes[2] == outcomes[1]
    code, log, *_ = outcomes[1]
    assert code == 1
    assert "s-07.yaml:13:17: points.Red: stated 2, engine 1" in log
    assert "unknown setup key 'phse'" in log


def test_the_texts_no_result_holds_run_on_the_processes_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    real = verify.ordered_map

    def recording(function, items, jobs, context=None):  # type: ignore[no-untyped-def]
        asked.append((len(items), jobs))
        return real(function, items, jobs, context)

    monkeypatch.setattr(verify, "ordered_map", recording)
    texts = [(verify.text_key(text), text) for text in
             [scenario(f"s-{n}", 1 + n % 2) for n in range(6)]]
    results = {}
    for jobs in (1, 2):
        checks = ScenarioChecks(GAMES)
        checks.jobs = jobs
        checks.start_build()
        checks.run_missing(texts[:4])
        checks.run_missing(texts)  # the first four are at hand now
        results[jobs] = [checks.check(verify.Text("s.yaml", text), key)
                         for key, text in texts], checks.runs
    assert asked == [(4, 2), (2, 2)]
    assert results[2] == results[1]
    checked, runs = results[1]
    assert runs == 6
    assert [text.examples[0].passed for text in checked] == [True, False] * 3
