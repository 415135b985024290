"""The `checker` command: run scenarios, explain one, print the JSON Schema."""

from __future__ import annotations

import argparse
import enum
import gc
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from checker.location import InternalError, inert
from checker.parallel import WorkerLost, available_cores
from checker.project import Project, project_games, read_project
from checker.registry import InstalledGame, in_order, installed
from checker.runner import Report, check_paths, check_scenario, read_file

DEFAULT_PATHS = ("scenarios", "docs")


class ExitCode(enum.IntEnum):
    """As pytest's, so CI reads both alike."""

    OK = 0
    """Every scenario holds."""
    FAILED = 1
    """A scenario failed or a file has errors."""
    INTERRUPTED = 2
    """Stopped by the user (Ctrl-C)."""
    INTERNAL_ERROR = 3
    """The checker itself failed: a bug to report, with the place of the input it met."""
    USAGE_ERROR = 4
    """The command line itself is wrong (unknown option, missing file)."""


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="checker", description="Check worked rules examples against the rules "
                     "engine.")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    run = commands.add_parser("run", help="check scenarios in files and folders")
    run.add_argument("paths", nargs="*", metavar="PATH",
                     help="YAML or Markdown files, or folders (default: scenarios/ and docs/)")
    run.add_argument("--junit-xml", metavar="FILE", type=Path, help="also write a JUnit XML report")
    run.add_argument("--format", choices=("text", "github"), default="text",
                     help="github: one annotation per problem, for GitHub Actions")
    run.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                     help="check on N processes (default: one per core this process may use, "
                     f"here {available_cores()}); the output is the same whatever N")
    explain_cmd = commands.add_parser("explain", help="walk through one scenario step by step")
    explain_cmd.add_argument("file", type=Path)
    explain_cmd.add_argument("--id", help="which scenario, when the file holds several")
    commands.add_parser("schema", help="print the JSON Schema of scenario files")
    commands.add_parser("games", help="list the installed games, with their packages")
    _add_import(commands)
    _add_new(commands)
    return parser


def _add_import(commands: argparse._SubParsersAction[_Parser]) -> None:
    command = commands.add_parser("import", help="turn rules texts with numbered lists into "
                                  "rules pages, each rule numbered")
    command.add_argument("files", nargs="+", type=Path, metavar="RULES.md")
    command.add_argument("--game", required=True, help="the game's id, such as ti4")
    command.add_argument("--docs", type=Path, default=Path("docs"),
                         help="the site's pages folder (default: docs); pages go to DOCS/GAME/")
    command.add_argument("--section", type=_section_numbers, default=(), metavar="N[,N...]",
                         help="the first file's section number (the next files get the "
                         "numbers after it), or one for each file")
    command.add_argument("--force", action="store_true",
                         help="replace pages that differ from what the import gives")


def _add_new(commands: argparse._SubParsersAction[_Parser]) -> None:
    command = commands.add_parser("new", help="start a rules site for a new game, with its "
                                  "game package, that builds and tests green at once")
    command.add_argument("name", help="the game's id: lowercase letters and digits, such as skat")
    command.add_argument("--dir", type=Path, metavar="FOLDER",
                         help="a new or empty folder for the site (default: ./NAME)")
    command.add_argument("--title", help="the game's name as players know it (default: Name)")
    command.add_argument("--from", dest="rules", type=Path, action="append", default=[],
                         metavar="RULES.md", help="a rules text to import as the rules pages "
                         "(as checker import does); may be given more than once")


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"not a number of processes: {text!r} (1 or more)")
    return jobs


def _section_numbers(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a section number: {text!r}") from None


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args, unknown = _parser().parse_known_args(argv)
        if unknown:
            raise UsageError(f"unrecognized arguments: {' '.join(unknown)}")
        if args.command is None:
            raise UsageError("choose a command: run, explain, schema, games, import or new")
        if args.command == "run":
            return _run(args)
        if args.command == "explain":
            return _explain(args)
        if args.command == "games":
            return _games()
        if args.command == "import":
            return _import(args)
        if args.command == "new":
            return _new(args)
        import json

        from checker.schema import scenario_schema
        games = in_order(installed().games, read_project(Path.cwd()).folders)
        print(json.dumps(scenario_schema(games), indent=2))
        return ExitCode.OK
    except UsageError as error:
        print(f"checker: error: {inert(str(error))}", file=sys.stderr)
        print("usage: checker {run,explain,schema,games,import,new} ... (see checker --help)",
              file=sys.stderr)
        return ExitCode.USAGE_ERROR
    except BrokenPipeError:
        # The reader went away (`checker schema | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.OK
    except KeyboardInterrupt:
        print("checker: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except Exception as exc:  # noqa: BLE001 - a last resort: one line, never a traceback
        print(f"checker: internal error: {inert(f'{type(exc).__name__}: {exc}')}",
              file=sys.stderr)
        return ExitCode.INTERNAL_ERROR


def _run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [Path(p) for p in DEFAULT_PATHS if Path(p).exists()]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    if not paths:
        raise UsageError("nothing to check: give a path (no scenarios/ or docs/ here)")
    jobs = args.jobs or available_cores()
    try:
        report = _check_in_batch(paths, _games_of_project(), jobs)
    except WorkerLost as lost:
        print(f"checker: internal error: {lost}", file=sys.stderr)
        return ExitCode.INTERNAL_ERROR
    from checker.report import github_lines, problem_lines, summary, write_junit
    lines = github_lines(report) if args.format == "github" else problem_lines(report)
    for line in lines:
        print(line)
    if args.junit_xml:
        write_junit(report, args.junit_xml)
    print(summary(report))
    if report.internal_errors:
        return ExitCode.INTERNAL_ERROR
    if report.passed + report.failed == 0:
        print("checker: no scenarios found", file=sys.stderr)
        return ExitCode.FAILED
    return ExitCode.OK if report.ok else ExitCode.FAILED


def _games_of_project() -> dict[str, InstalledGame]:
    """The installed games with the rules of the project's pages (its mkdocs.yml's docs
    folder, else docs/), after a warning line for each game or setting that cannot be used."""
    project: Project = read_project(Path.cwd())
    for line in [*installed().problems, *project.problems]:
        print(f"checker: warning: {inert(line)}", file=sys.stderr)
    return project_games(project)


def _games() -> int:
    """`checker games`: each installed game, its title and the package that registers it."""
    registry = installed()
    for name, game in registry.games.items():
        print(f"{name}\t{game.title}\t{game.package}")
    for line in registry.problems:
        print(f"checker: error: {inert(line)}", file=sys.stderr)
    if not registry.games:
        print("checker: no game is installed", file=sys.stderr)
    return ExitCode.FAILED if registry.problems or not registry.games else ExitCode.OK


def _check_in_batch(paths: list[Path], games: dict[str, InstalledGame], jobs: int) -> Report:
    """A run makes many small short-lived objects and no reference cycles worth collecting
    (refused steps drop their tracebacks; results are kept small), so the cyclic garbage
    collector's passes are pure cost: reference counting frees everything. It is off for the
    run and back on after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return check_paths(paths, games, jobs)
    finally:
        if enabled:
            gc.enable()


def _printable(text: str, stream: object) -> str:
    """`text` as `stream` can write it: on a terminal that cannot show `→` (an ASCII or legacy
    code page), `->`, and any other character it cannot show as an escape."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except LookupError:
        return text
    except UnicodeEncodeError:
        from checker.sentences import ARROW
        return text.replace(ARROW, "->").encode(encoding, "backslashreplace").decode(encoding)
    return text


def _explain(args: argparse.Namespace) -> int:
    from checker.explain import NOT_CHECKED, explain
    from checker.provenance import rules_text_of

    if not args.file.exists():
        raise UsageError(f"no such file: {args.file}")
    games = _games_of_project()
    loaded = read_file(args.file, games)
    for problem in loaded.problems:
        print(problem)
    scenarios = loaded.scenarios
    if args.id:
        scenarios = [s for s in scenarios if s.id == args.id]
        if not scenarios:
            known = ", ".join(s.id for s in loaded.scenarios) or "none"
            raise UsageError(f"no scenario '{args.id}' in {args.file} (ids: {known})")
    elif len(scenarios) > 1:
        raise UsageError(f"{args.file} holds {len(scenarios)} scenarios; choose one with --id "
                         f"({', '.join(s.id for s in scenarios)})")
    if not scenarios:
        print(NOT_CHECKED)
        return ExitCode.FAILED
    verdict = check_scenario(scenarios[0], games)
    rules_text = rules_text_of(games.get(scenarios[0].game))
    print(_printable(explain(verdict, rules_text), sys.stdout), end="")
    if any(isinstance(p, InternalError) for p in [*loaded.problems, *verdict.problems]):
        return ExitCode.INTERNAL_ERROR
    return ExitCode.OK if verdict.passed and not loaded.problems else ExitCode.FAILED


def _import(args: argparse.Namespace) -> int:
    from checker.importer.command import ImportUsageError, Request, import_rules

    request = Request(args.files, args.game, args.docs, args.section, args.force)
    try:
        outcome = import_rules(request)
    except ImportUsageError as error:
        raise UsageError(str(error)) from None
    for line in outcome.lines:
        print(line)
    return ExitCode.OK if outcome.ok else ExitCode.FAILED


def _new(args: argparse.Namespace) -> int:
    from checker.scaffold.new import NewFailed, NewUsageError, Request, new_site

    try:
        lines = new_site(Request(args.name, args.dir, args.title, args.rules))
    except NewUsageError as error:
        raise UsageError(str(error)) from None
    except NewFailed as failed:
        for line in failed.lines:
            print(line)
        print("checker: error: nothing written: the rules text has errors", file=sys.stderr)
        return ExitCode.FAILED
    except OSError as error:
        print(f"checker: error: nothing written: {inert(str(error))}", file=sys.stderr)
        return ExitCode.FAILED
    for line in lines:
        print(line)
    return ExitCode.OK
