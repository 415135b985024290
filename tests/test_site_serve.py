"""`mkdocs serve` on a small site, as a user runs it: editing, renaming, adding or deleting a
standalone scenario file rebuilds the site, and the page that embeds it shows the new verdict.

The server is a real `mkdocs serve` subprocess on a free local port. Its livereload polls the
watched folders every half second and waits a tenth of a second for changes to settle, so each
change shows within a couple of seconds; every wait is bounded by `TIMEOUT`.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.livereload import LiveReloadServer
from sites import EXTENSION, GOOD_YAML, make_site, new_process, plugin_of

TIMEOUT = 30.0
"""The longest wait for any one change to show on the served page, in seconds."""

START_TIMEOUT = 90.0
"""The longest wait for the first build (it runs every scenario) and the server to answer."""

PAGE = "# Embed\n\n[[scenario:ti4-file]]\n\n[[scenario:ti4-new]]\n"
"""A page that embeds the standalone scenario `ti4-file`, and `ti4-new`, added later."""

FILE = GOOD_YAML.replace("ti4-page-example", "ti4-file")
WRONG = FILE.replace("{Red: 1}", "{Red: 3}")
NEW = GOOD_YAML.replace("ti4-page-example", "ti4-new").replace("Red scores", "Red scores again")
MISSING = "No scenario with the id <code>ti4-new</code>"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    """A running `mkdocs serve` of the site at `root`."""

    def __init__(self, root: Path, process: subprocess.Popen[bytes], port: int,
                 log: Path) -> None:
        self.root = root
        self.process = process
        self.url = f"http://127.0.0.1:{port}/"
        self.log = log

    def get(self, page: str) -> str | None:
        """The served page's HTML, or None while the server does not answer it."""
        try:
            with urllib.request.urlopen(self.url + page, timeout=5) as response:
                return str(response.read().decode("utf-8"))
        except (urllib.error.URLError, OSError):
            return None

    def wait_for(self, page: str, holds: Callable[[str], bool], what: str,
                 timeout: float = TIMEOUT) -> float:
        """Poll `page` until `holds` is true of it; how long that took, in seconds."""
        start = time.monotonic()
        html: str | None = None
        while time.monotonic() - start < timeout:
            if self.process.poll() is not None:
                pytest.fail(f"mkdocs serve exited ({self.process.returncode}) while waiting "
                            f"for {what}:\n{self.output()}")
            html = self.get(page)
            if html is not None and holds(html):
                return time.monotonic() - start
            time.sleep(0.1)
        pytest.fail(f"after {timeout:.0f} s the served {page} still does not show {what}:\n"
                    f"{self.output()}")

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@contextmanager
def _serving(tmp_path: Path, scenarios: dict[str, str], first: Callable[[str], bool]
             ) -> Iterator[Served]:
    """`mkdocs serve` of a site with PAGE and `scenarios`, once its first build shows `first`."""
    root = tmp_path / "project"
    root.mkdir()
    config = make_site(root, {"ti4/embed.md": PAGE}, scenarios)
    port = _free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(config),
             "--dev-addr", f"127.0.0.1:{port}"],
            cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        server = Served(root, process, port, log)
        server.wait_for("ti4/embed/", first, "the first build", timeout=START_TIMEOUT)
        yield server
    finally:
        _stop(process)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with _serving(tmp_path, {"ti4/one.yaml": FILE},
                  lambda html: 'id="ti4-file" data-walkthrough' in html) as server:
        yield server


def test_serve_rebuilds_when_a_standalone_scenario_changes(served: Served) -> None:
    folder = served.root / "scenarios" / "ti4"
    one, two, new = folder / "one.yaml", folder / "two.yaml", folder / "new.yaml"
    page = "ti4/embed/"
    first = served.get(page)
    assert first is not None and "wt-badge--verified" in first and MISSING in first
    assert "stated 3" not in first

    one.write_text(WRONG, encoding="utf-8")
    served.wait_for(page, lambda html: "scenarios/ti4/one.yaml:13:17</code> points.Red: "
                    "stated 3, engine 1" in html and "wt-badge--failed" in html,
                    "the edited claim in red")

    one.rename(two)
    served.wait_for(page, lambda html: "scenarios/ti4/two.yaml:13:17</code> points.Red: "
                    "stated 3" in html and "one.yaml" not in html, "the failure at the new name")

    two.write_text(FILE, encoding="utf-8")
    served.wait_for(page, lambda html: "stated 3" not in html and "wt-badge--failed" not in html
                    and 'id="ti4-file" data-walkthrough' in html, "the fixed claim")

    new.write_text(NEW, encoding="utf-8")
    served.wait_for(page, lambda html: 'id="ti4-new" data-walkthrough' in html
                    and MISSING not in html and "Red scores again" in html,
                    "the added scenario")

    new.unlink()
    served.wait_for(page, lambda html: MISSING in html and 'id="ti4-new"' not in html,
                    "the deleted scenario reported missing")


FAILED = "scenarios/ti4/one.yaml:13:17</code> points.Red: stated 3, engine 1"
"""The failure WRONG shows, in scenarios/ti4/one.yaml."""

GONE = "No scenario with the id <code>ti4-file</code>"


def _shows_failure(html: str) -> bool:
    return FAILED in html and "wt-badge--failed" in html


def test_serve_keeps_watching_the_scenarios_folder_once_it_is_made_again(
        served: Served) -> None:
    # As switching to a branch without the folder and back does: gone long enough for the
    # server to see it gone (the page says so), then back, then edited.
    folder = served.root / "scenarios"
    page = "ti4/embed/"
    shutil.rmtree(folder)
    served.wait_for(page, lambda html: GONE in html, "the scenario reported missing")
    (folder / "ti4").mkdir(parents=True)
    (folder / "ti4" / "one.yaml").write_text(FILE, encoding="utf-8")
    served.wait_for(page, lambda html: 'id="ti4-file" data-walkthrough' in html
                    and GONE not in html, "the scenario back")
    (folder / "ti4" / "one.yaml").write_text(WRONG, encoding="utf-8")
    served.wait_for(page, _shows_failure, "the edited claim in red")


def test_serve_rebuilds_when_the_scenarios_folder_is_replaced_at_once(served: Served) -> None:
    # Removed and made again between two looks of the watcher, possibly with the same inode.
    folder = served.root / "scenarios"
    shutil.rmtree(folder)
    (folder / "ti4").mkdir(parents=True)
    (folder / "ti4" / "one.yaml").write_text(WRONG, encoding="utf-8")
    served.wait_for("ti4/embed/", _shows_failure, "the new folder's claim in red")
    (folder / "ti4" / "one.yaml").write_text(FILE, encoding="utf-8")
    served.wait_for("ti4/embed/", lambda html: not _shows_failure(html)
                    and 'id="ti4-file" data-walkthrough' in html, "the fixed claim")


def test_serve_watches_a_scenarios_folder_first_made_while_serving(tmp_path: Path) -> None:
    with _serving(tmp_path, {}, lambda html: GONE in html) as served:
        folder = served.root / "scenarios" / "ti4"
        folder.mkdir(parents=True)
        (folder / "one.yaml").write_text(WRONG, encoding="utf-8")
        served.wait_for("ti4/embed/", _shows_failure, "the new folder's claim in red")
        (folder / "one.yaml").write_text(FILE, encoding="utf-8")
        served.wait_for("ti4/embed/", lambda html: not _shows_failure(html)
                        and 'id="ti4-file" data-walkthrough' in html, "the fixed claim")


class _Recording(LiveReloadServer):
    """A server that is never started: it records what it is asked to watch, and what is
    scheduled on its observer (which is never started either)."""

    def __init__(self, root: Path) -> None:
        super().__init__(builder=lambda: None, host="127.0.0.1", port=0, root=str(root))
        self.watched: list[str] = []

    def watch(self, path: str, func: None = None, *, recursive: bool = True) -> None:
        self.watched.append(path)


def _watched(config: Path, server_class: type[_Recording] = _Recording) -> set[tuple[str, bool]]:
    """What the plugin's on_serve watches, for the site of `config`: each folder, and whether
    with its subfolders."""
    new_process()
    cfg = load_config(str(config), site_dir=str(config.parent / "site"))
    plugin = plugin_of(cfg)
    plugin.on_config(cfg)
    server = server_class(config.parent)
    try:
        assert plugin.on_serve(server, config=cfg, builder=lambda: None) in (server, None)
        return {(path, True) for path in server.watched} | {
            (emitter.watch.path, emitter.watch.is_recursive)
            for emitter in server.observer.emitters}
    finally:
        server.server_close()


def test_serve_watches_the_scenarios_folder_and_the_folder_above_it(tmp_path: Path) -> None:
    config = make_site(tmp_path, {})
    root, scenarios = str(tmp_path.resolve()), str((tmp_path / "scenarios").resolve())
    assert _watched(config) == {(root, False)}, \
        "watchdog fails to start on a folder that does not exist: the folder above, for now"
    (tmp_path / "scenarios").mkdir()
    assert _watched(config) == {(scenarios, True), (root, False)}


def test_serve_watches_a_scenarios_folder_named_in_the_options_not_one_in_docs(
        tmp_path: Path) -> None:
    config = make_site(tmp_path, {}, extension=f"{EXTENSION}: {{scenarios: content/examples}}")
    (tmp_path / "scenarios").mkdir()
    assert _watched(config) == {(str(tmp_path.resolve()), False)}
    (tmp_path / "content" / "examples").mkdir(parents=True)
    assert _watched(config) == {(str((tmp_path / "content" / "examples").resolve()), True),
                                (str((tmp_path / "content").resolve()), False)}
    config = make_site(tmp_path, {}, extension=f"{EXTENSION}: {{scenarios: docs/ti4}}")
    assert _watched(config) == set(), "MkDocs watches the docs folder already"
    config = make_site(tmp_path, {}, plugin="  - checker: {enabled: false}")
    assert _watched(config) == set()


def test_serve_polls_the_scenarios_folder_once_when_mkdocs_yml_watches_it(
        tmp_path: Path) -> None:
    """The site's `watch:` lists the scenarios folder (for Zensical): MkDocs would poll every
    file in it twice a second beside the plugin's own watch, slowing each rebuild."""
    config = make_site(tmp_path, {})
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "other").mkdir()
    with config.open("a", encoding="utf-8") as text:
        text.write("watch: [scenarios, other]\n")
    new_process()
    cfg = load_config(str(config), site_dir=str(tmp_path / "site"))
    plugin = plugin_of(cfg)
    plugin.on_config(cfg)
    server = _Recording(tmp_path)
    try:
        plugin.on_serve(server, config=cfg, builder=lambda: None)
        scheduled = [emitter.watch.path for emitter in server.observer.emitters]
    finally:
        server.server_close()
    scenarios = str((tmp_path / "scenarios").resolve())
    assert scheduled.count(scenarios) == 1
    assert [Path(item).resolve() for item in cfg.watch] == [(tmp_path / "other").resolve()], \
        "MkDocs watches what is left of `watch:` after on_serve"


class _Plain(_Recording):
    """A server without the build loop's request of MkDocs 1.6 and ProperDocs."""

    def __getattribute__(self, name: str) -> object:
        if name in ("_rebuild_cond", "_want_rebuild"):
            raise AttributeError(name)
        return super().__getattribute__(name)


def test_serve_on_another_server_watches_the_scenarios_folder_as_it_can(tmp_path: Path) -> None:
    config = make_site(tmp_path, {})
    assert _watched(config, _Plain) == set()
    (tmp_path / "scenarios").mkdir()
    assert _watched(config, _Plain) == {(str((tmp_path / "scenarios").resolve()), True)}
