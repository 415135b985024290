"""Mutation score of each game's rules engine: how many small faults the scenarios catch.

    .venv/bin/python benchmarks/mutation.py                      # every game
    .venv/bin/python benchmarks/mutation.py --game arcs --module scoring --jobs 2
    .venv/bin/python benchmarks/mutation.py --game ti4 --list    # the mutants, not run
    .venv/bin/python benchmarks/mutation.py --game ti3 --sample 100 --seed 1

Each mutant is one small change to one module of `checker/games/<game>/`: a comparison swapped,
a number moved by one, a boolean flipped, `and`/`or` swapped, `not` added or removed, a
statement replaced by `pass`, a return value changed, `+`/`-` swapped. The game's scenarios
(every scenario of that game under `scenarios/` and `docs/`) then run against it in a forked
child process; the mutant is killed when a scenario fails, the engine reports an internal
error, the run crashes or it times out, and survives when every scenario still holds.

Nothing is written under `checker/`: the parent reads the game's sources once, and each child
imports the whole game package afresh from those texts (one of them mutated) through an
import hook, so every `from ... import name` in the game binds the mutated code.

Survivors go to `benchmarks/out/mutation-<game>.txt` (git-ignored), one per entry as
`path:line:col: operator: original -> mutated`, with the function and the key that marks it
equivalent in `benchmarks/mutation-equivalent.txt`. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import ast
import collections
import copy
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: the checker is imported from here
    sys.path.insert(0, str(ROOT))

from checker.location import InternalError, ScenarioError
from checker.runner import check_scenario
from checker.scenario import build
from checker.sources import find_files, read_text, texts_in_file
from checker.yamlsource import Text, load

GAME_NAMES = ("ti4", "ti3", "arcs")
EQUIVALENT_FILE = ROOT / "benchmarks" / "mutation-equivalent.txt"
OUT = ROOT / "benchmarks" / "out"
MEMORY_LIMIT = 4 << 30
"""Address space a mutant's process may use (bytes); past it, MemoryError kills the mutant."""
KEY_TEXT = 120
"""Longest original or mutated text kept in a key; longer ones are cut (the occurrence index
tells cut texts apart)."""

NARRATION_CALLS = {"cite": 1, "refuse": 1, "Event": 1, "RuleViolation": 1, "Outcome": 2}
"""Calls whose arguments from this position on are text for people (an event's sentence, a
refusal's message, the reason a game ended), never read by a ruling or a scenario claim."""
NARRATION_KEYWORDS = {"text", "message", "reason"}
NARRATION_FUNCTIONS = {"describe", "picture", "__repr__", "__str__"}
"""Functions that only say or show things to people: the state as walkthrough rows, the
state as a picture, representations."""
PICTURE_MODULES = {"drawing.py"}
"""A game's pictures of the state (`picture`, drawn by drawing.py or the modules of a drawing/
package, `PICTURE_PACKAGES`): they show a state, never decide one; golden files and
tests/test_*_drawing.py check them."""
PICTURE_PACKAGES = {"drawing"}
SENTENCE_MODULES = {"sentences.py"}
"""A game's steps and claims in words (checker.sentences): they say what a scenario says,
never decide anything; tests/test_sentences.py checks them. A name they read is narration
for them, as for `describe`."""
RULESET_METHODS = {"setup", "apply", "outcome"}
"""What the core calls on a game (checker.engine.Ruleset): never skipped, whatever the game's
own code does with these names."""
SPEC_METHODS = {"check", "schema", "expects"}
"""What the core calls on a game's own kinds of value (checker.vocabulary.Spec): never skipped
either (`state.check`, read only by `describe`, is another `check`)."""
VALIDATION_KEYWORDS = {"minimum", "maximum", "min_items", "max_items", "max_keys", "required",
                       "unique", "nullable"}
"""Keyword arguments that bound what a scenario may say (`Int(maximum=...)`,
`Key(required=True)`): they refuse invalid input, and a scenario is valid input, so no scenario
can tell a looser bound; the tests check them (tests/test_count_limits.py and others)."""


# --- Mutants ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    module: str
    """Path under checker/games/, e.g. `arcs/scoring.py`."""
    function: str
    """Qualified name of the enclosing function or class, `<module>` at the top level."""
    operator: str
    original: str
    mutated: str
    occurrence: int
    """How many mutants with the same module, function, operator and texts come before it."""
    line: int
    col: int
    end_line: int
    source: str
    """The whole mutated module."""

    @property
    def key(self) -> str:
        """Identifies the mutant across edits elsewhere; what the equivalent-mutants file lists."""
        return (f"{self.module}::{self.function} {self.operator}#{self.occurrence} "
                f"{_short(self.original)!r} -> {_short(self.mutated)!r}")

    @property
    def place(self) -> str:
        return f"checker/games/{self.module}:{self.line}:{self.col + 1}"

    def describe(self) -> str:
        return f"{self.place}: {self.operator}: {self.original} -> {self.mutated}"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= KEY_TEXT else text[:KEY_TEXT - 3] + "..."


@dataclass
class _Change:
    """One mutation found in the tree, before its source is made."""

    node: ast.AST
    replacement: ast.AST
    operator: str
    function: str


COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
"""Each comparison becomes its boundary twin (< and <=) or its negation (== and !=)."""
REMOVABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Raise,
             ast.Delete, ast.Break, ast.Continue)
"""Simple statements of a function body that may be replaced by `pass`."""
SEQUENCES = (ast.List, ast.Tuple, ast.ListComp, ast.JoinedStr)


def _number(value: float) -> float:
    """One changed number: n+1, except that 1 becomes 0 (one becomes none)."""
    return 0 if value == 1 else value + 1


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


def _is_text(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or \
        isinstance(node, SEQUENCES)


class _Finder(ast.NodeVisitor):
    """Walks one module and lists the changes, leaving out what cannot matter for a ruling."""

    def __init__(self, skipped: set[str]) -> None:
        self.skipped = skipped
        self.changes: list[_Change] = []
        self.scope: list[str] = []
        self.returns: list[ast.expr | None] = []
        self.generator: list[bool] = []
        self.last: list[int] = []
        """The last statement of each enclosing function, by id."""
        self.in_function = 0

    @property
    def function(self) -> str:
        return "".join(part if part.startswith("[") or index == 0 else "." + part
                       for index, part in enumerate(self.scope)) or "<module>"

    def add(self, node: ast.AST, replacement: ast.AST, operator: str) -> None:
        self.changes.append(_Change(node, replacement, operator, self.function))

    # Scopes and what is skipped whole.

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if node.name in NARRATION_FUNCTIONS or node.name in self.skipped:
            return
        # Decorators, annotations: not rulings. Defaults are code and are visited.
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.scope.append(node.name)
        self.returns.append(node.returns)
        self.last.append(id(node.body[-1]))
        self.generator.append(any(isinstance(n, (ast.Yield, ast.YieldFrom))
                                  for n in ast.walk(node)))
        self.in_function += 1
        self.body(node.body)
        self.in_function -= 1
        self.generator.pop()
        self.last.pop()
        self.returns.pop()
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for base in [*node.bases, *node.keywords]:
            self.visit(base)
        self.scope.append(node.name)
        saved, self.in_function = self.in_function, 0
        self.body(node.body)
        self.in_function = saved
        self.scope.pop()

    def body(self, statements: list[ast.stmt]) -> None:
        for index, stmt in enumerate(statements):
            if index == 0 and _is_docstring(stmt):
                continue
            self.visit(stmt)

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        pass

    visit_ImportFrom = visit_Import  # type: ignore[assignment]

    def visit_Assert(self, node: ast.Assert) -> None:
        pass  # a sanity check of the engine's own tables, not a ruling

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        pass  # f-strings make text for people

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.named(node, [node.target], node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        self.named(node, node.targets, node.value)

    def named(self, node: ast.stmt, targets: list[ast.expr], value: ast.expr) -> None:
        """Outside functions, a table or constant is named by what it is assigned to, so its
        mutants keep their keys when other tables change."""
        names = _target_names(targets)
        named = not self.in_function and bool(names)
        if named and all(name in self.skipped for name in names):
            return
        self.removable(node)
        for target in targets:
            self.visit(target)
        if named:
            self.scope.append(names[0])
        self.visit(value)
        if named:
            self.scope.pop()

    def visit_Dict(self, node: ast.Dict) -> None:
        """In a table, an entry is named by its key: `PLANETS[1]`."""
        for key, value in zip(node.keys, node.values):
            if key is not None:
                self.visit(key)
            self.entry(key, value)

    def entry(self, key: ast.expr | None, value: ast.expr) -> None:
        named = not self.in_function and self.scope and isinstance(key, ast.Constant) and \
            isinstance(key.value, (str, int))
        if named:
            self.scope.append(f"[{key.value}]")  # type: ignore[union-attr]
        self.visit(value)
        if named:
            self.scope.pop()

    def visit_arg(self, node: ast.arg) -> None:
        pass  # annotations

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.visit(node.body)

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        self.condition(node.test)
        self.generic_visit(node)

    def visit_match_case(self, node: ast.match_case) -> None:
        if node.guard is not None:
            self.visit(node.guard)
        self.body(node.body)

    # Statements.

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt):
            self.removable(node)
        for _, value in ast.iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def removable(self, stmt: ast.stmt) -> None:
        if not self.in_function or not isinstance(stmt, REMOVABLE) or _is_docstring(stmt):
            return
        self.add(stmt, ast.Pass(), "statement")

    def visit_Return(self, node: ast.Return) -> None:
        self.generic_visit(node)
        value = node.value
        if value is None or self.generator[-1] or (isinstance(value, ast.Constant) and (
                value.value is None or isinstance(value.value, bool))):
            return
        returns = self.returns[-1]
        annotation = ast.unparse(returns) if returns is not None else None
        if annotation == "bool":
            if not _negatable(value):
                self.add(node, ast.Return(ast.UnaryOp(ast.Not(), value)), "return")
        elif (annotation is None or "None" in annotation or "Optional" in annotation) and \
                id(node) != self.last[-1]:  # the last statement: the same as removing it
            self.add(node, ast.Return(ast.Constant(None)), "return")

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)
        swap = _arithmetic_swap(node.op)
        if swap is not None and not _is_text(node.value):
            self.add(node, ast.AugAssign(node.target, swap, node.value), "arithmetic")

    def visit_While(self, node: ast.While) -> None:
        self.condition(node.test)
        self.generic_visit(node)

    # Expressions.

    def condition(self, test: ast.expr) -> None:
        if not (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)) and \
                not _negatable(test):
            self.add(test, ast.UnaryOp(ast.Not(), test), "not")

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.condition(node.test)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for test in node.ifs:
            self.condition(test)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        self.visit(node.func)
        text_from = NARRATION_CALLS.get(_name_of(node.func) or "", len(node.args))
        args = node.args[:text_from]
        if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            # In a table, an entry made by a call is named by its first argument:
            # `OBJECTIVES[Expand Borders]`.
            self.entry(args[0], ast.Tuple([*args[1:], *(k.value for k in node.keywords
                                                         if k.arg not in NARRATION_KEYWORDS
                                                         | VALIDATION_KEYWORDS)]))
            return
        for arg in args:
            self.visit(arg)
        for keyword in node.keywords:
            if keyword.arg not in NARRATION_KEYWORDS | VALIDATION_KEYWORDS:
                self.visit(keyword.value)

    def visit_Compare(self, node: ast.Compare) -> None:
        self.generic_visit(node)
        for index, op in enumerate(node.ops):
            ops = list(node.ops)
            ops[index] = COMPARE_SWAPS[type(op)]()
            self.add(node, ast.Compare(node.left, ops, node.comparators), "compare")

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self.generic_visit(node)
        swap = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self.add(node, ast.BoolOp(swap, node.values), "and-or")

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        value = node.operand.value if isinstance(node.operand, ast.Constant) else None
        if isinstance(node.op, ast.USub) and _is_number(value):
            self.number(node, -value)
            return
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            self.add(node, node.operand, "not")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        self.generic_visit(node)
        swap = _arithmetic_swap(node.op)
        if swap is not None and not _is_text(node.left) and not _is_text(node.right):
            self.add(node, ast.BinOp(node.left, swap, node.right), "arithmetic")

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, bool):
            self.add(node, ast.Constant(not node.value), "boolean")
        elif _is_number(node.value):
            self.number(node, node.value)

    def number(self, node: ast.expr, value: float) -> None:
        self.add(node, ast.parse(repr(_number(value)), mode="eval").body, "number")


def _negatable(test: ast.expr) -> bool:
    """A single ==, !=, in, not in, is or is not: the compare operator already negates it."""
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and \
        isinstance(test.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot))


def _is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _arithmetic_swap(op: ast.operator) -> ast.operator | None:
    return ast.Sub() if isinstance(op, ast.Add) else ast.Add() if isinstance(op, ast.Sub) else None


def skipped_names(trees: dict[str, ast.Module]) -> set[str]:
    """Names the game defines (functions anywhere, constants at the top of a module) whose every
    use is where mutants are not made: inside an f-string, a narration argument, a validation
    bound, a picture module (`is_picture`), or another such function or constant (`plural`,
    `listed`, the helpers of `describe` that the pictures also call, a limit such as
    `PLAYERS = 8`). A name no code of the game uses is kept: the core may."""
    defined: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defined.add(node.name)
        for stmt in tree.body:
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                defined.update(_target_names(stmt.targets if isinstance(stmt, ast.Assign)
                                             else [stmt.target]))
    defined -= RULESET_METHODS | SPEC_METHODS
    # The pictures are not mutated at all: a name only they read counts as read by no code of
    # the game (kept, as the core may call it), and their reading does not keep a name alive.
    mutable = {module: tree for module, tree in trees.items() if not is_picture(module)}
    named = _uses(mutable, None)
    skipped = set(NARRATION_FUNCTIONS)
    while True:
        uses = _uses(mutable, skipped)
        more = {name for name in defined - skipped if named[name] and not uses[name]}
        if not more:
            return skipped - NARRATION_FUNCTIONS
        skipped |= more


def _target_names(targets: list[ast.expr]) -> list[str]:
    names = []
    for target in targets:
        if isinstance(target, ast.Name):
            names.append(target.id)
        elif isinstance(target, ast.Tuple):
            names += _target_names(target.elts)
    return names


def _name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _uses(trees: dict[str, ast.Module], skipped: set[str] | None) -> collections.Counter[str]:
    """How often each name is read: anywhere (skipped None), or in code the mutant finder
    visits when the names `skipped` are left out."""
    found: collections.Counter[str] = collections.Counter()
    if skipped is None:
        for tree in trees.values():
            for node in ast.walk(tree):
                name = _name_of(node)
                if name is not None and not isinstance(getattr(node, "ctx", None), ast.Store):
                    found[name] += 1
        return found

    class Uses(_Finder):
        def visit_Name(self, node: ast.Name) -> None:
            if not isinstance(node.ctx, ast.Store):
                found[node.id] += 1

        def visit_Attribute(self, node: ast.Attribute) -> None:
            if not isinstance(node.ctx, ast.Store):
                found[node.attr] += 1
            self.visit(node.value)

        def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
            if node.name not in NARRATION_FUNCTIONS and node.name not in self.skipped:
                for decorator in node.decorator_list:
                    self.visit(decorator)
            super().visit_FunctionDef(node)

        visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    for tree in trees.values():
        Uses(skipped).visit(tree)
    return found


# --- Mutated sources ----------------------------------------------------------------------

class _Source:
    """A module's text as bytes (AST columns count UTF-8 bytes), with where each line starts."""

    def __init__(self, text: str) -> None:
        self.data = text.encode("utf-8")
        self.starts = [0]
        for line in self.data.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def splice(self, node: ast.AST, text: str) -> str:
        """The module with `node` replaced by `text`, keeping every other line where it was."""
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        extra = node.end_lineno - node.lineno  # type: ignore[attr-defined]
        if isinstance(node, ast.stmt):
            indent = self.data[self.starts[node.lineno - 1]:start].decode()
            new = ("\n" * extra + indent + text) if extra else text
        else:
            new = "(" + text + "\n" * extra + ")"
        return (self.data[:start] + new.encode("utf-8") + self.data[end:]).decode("utf-8")


def _parents(tree: ast.AST) -> dict[int, tuple[ast.AST, str, int | None]]:
    """For each node (by id): its parent, the field holding it and the index in that list."""
    found: dict[int, tuple[ast.AST, str, int | None]] = {}
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        found[id(item)] = (parent, name, index)
            elif isinstance(value, ast.AST):
                found[id(value)] = (parent, name, None)
    return found


def _replaced_dump(top: ast.stmt, parents: dict[int, tuple[ast.AST, str, int | None]],
                   node: ast.AST, new: ast.AST) -> str:
    """ast.dump of the top-level statement `top` with `node` in it swapped for `new` (put back
    after)."""
    parent, name, index = parents[id(node)]
    if index is None:
        setattr(parent, name, new)
    else:
        getattr(parent, name)[index] = new
    try:
        return ast.dump(top)
    finally:
        if index is None:
            setattr(parent, name, node)
        else:
            getattr(parent, name)[index] = node


@dataclass
class Stats:
    """How the mutated sources were made."""

    unparsed: int = 0
    """Mutants whose splice did not give the intended tree, made from the whole tree instead
    (line numbers below the change move)."""


def module_mutants(module: str, text: str, skipped: set[str],
                   stats: Stats | None = None) -> list[Mutant]:
    """The mutants of one module's source, in source order. Each spliced source is checked:
    parsed, it must give exactly the original tree with the one node replaced (the top-level
    statement holding it compared, and the count of them: the text around it is unchanged)."""
    stats = stats or Stats()
    tree = ast.parse(text)
    finder = _Finder(skipped)
    finder.visit(tree)
    source = _Source(text)
    parents = _parents(tree)
    top_level = {id(node): index for index, stmt in enumerate(tree.body)
                 for node in ast.walk(stmt)}
    seen: collections.Counter[tuple[str, ...]] = collections.Counter()
    mutants = []
    for change in finder.changes:
        mutated_text = ast.unparse(change.replacement)
        new: ast.AST = ast.parse(mutated_text).body[0] if isinstance(change.node, ast.stmt) \
            else ast.parse(f"({mutated_text})", mode="eval").body
        top = top_level[id(change.node)]
        expected = _replaced_dump(tree.body[top], parents, change.node, new)
        spliced = source.splice(change.node, mutated_text)
        try:
            body = ast.parse(spliced).body
            good = len(body) == len(tree.body) and ast.dump(body[top]) == expected
        except SyntaxError:
            good = False
        if not good:
            stats.unparsed += 1
            whole = copy.deepcopy(tree)
            spliced = ast.unparse(_swap_copy(tree, whole, change.node, new))
        original = ast.unparse(change.node)
        ident = (change.function, change.operator, _short(original), _short(mutated_text))
        occurrence = seen[ident]
        seen[ident] += 1
        mutants.append(Mutant(module, change.function, change.operator, original, mutated_text,
                              occurrence, change.node.lineno,  # type: ignore[attr-defined]
                              change.node.col_offset,  # type: ignore[attr-defined]
                              change.node.end_lineno,  # type: ignore[attr-defined]
                              spliced))
    return mutants


def _swap_copy(tree: ast.Module, twin: ast.Module, node: ast.AST, new: ast.AST) -> ast.Module:
    """`twin` (a deep copy of `tree`) with the copy of `node` replaced by `new`."""
    for a, b in zip(ast.walk(tree), ast.walk(twin)):
        if a is node:
            parents = _parents(twin)
            parent, name, index = parents[id(b)]
            if index is None:
                setattr(parent, name, new)
            else:
                getattr(parent, name)[index] = new
            return ast.fix_missing_locations(twin)
    raise LookupError("node not in tree")


@dataclass(frozen=True)
class GameSource:
    """A game package's modules as read once: every child runs exactly these texts."""

    game: str
    folder: Path
    texts: dict[str, str]
    """By path under checker/games/, e.g. `arcs/scoring.py`."""
    code: dict[str, types.CodeType] = field(default_factory=dict)
    """The texts compiled once, for the children to share."""

    @classmethod
    def read(cls, game: str, root: Path = ROOT) -> GameSource:
        folder = root / "checker" / "games" / game
        texts = {f"{game}/{path.relative_to(folder).as_posix()}": path.read_text(encoding="utf-8")
                 for path in sorted(folder.rglob("*.py"))}
        source = cls(game, folder, texts)
        for module, text in texts.items():
            source.code[module] = source.compile(module, text)
        return source

    def compile(self, module: str, text: str) -> types.CodeType:
        return compile(text, self.filename(module), "exec", dont_inherit=True)

    @property
    def fingerprint(self) -> str:
        """A short hash of the texts measured, to tell runs of edited trees apart."""
        digest = hashlib.sha256()
        for module, text in self.texts.items():
            digest.update(f"{module}\0{text}\0".encode())
        return digest.hexdigest()[:10]

    def module_name(self, module: str) -> str:
        parts = module.removesuffix(".py").split("/")
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(["checker", "games", *parts])

    def filename(self, module: str) -> str:
        return str(self.folder / module.split("/", 1)[1])

    def mutants(self, stats: Stats | None = None) -> list[Mutant]:
        trees = {module: ast.parse(text) for module, text in self.texts.items()
                 if module.rsplit("/", 1)[-1] not in SENTENCE_MODULES}
        skipped = skipped_names(trees)
        return [mutant for module, text in self.texts.items()
                if not is_picture(module) and module.rsplit("/", 1)[-1] not in SENTENCE_MODULES
                for mutant in module_mutants(module, text, skipped, stats)]


def is_picture(module: str) -> bool:
    """Whether a module (`arcs/drawing/map.py`) only draws the state (`PICTURE_MODULES`)."""
    *folders, name = module.split("/")
    return name in PICTURE_MODULES or any(folder in PICTURE_PACKAGES for folder in folders[1:])


# --- Running the scenarios in a child -----------------------------------------------------

_GAMES: dict[str, Any] = {}


def known_games(warn: Callable[[str], None] = lambda line: None) -> dict[str, Any]:
    """The checker's games as the parent imports them once. When one cannot be imported (it is
    being edited), the others are still there, so another game can be measured."""
    if _GAMES:
        return _GAMES
    try:
        from checker.project import project_games, read_project
        _GAMES.update(project_games(read_project(ROOT)))
        return _GAMES
    except Exception as exc:  # noqa: BLE001 - said, and measured without it
        warn(f"warning: checker.games does not import ({type(exc).__name__}: {exc}); "
             "importing the games one by one")
    import checker
    package = types.ModuleType("checker.games")
    package.__path__ = [str(ROOT / "checker" / "games")]
    sys.modules["checker.games"] = package
    checker.games = package  # type: ignore[attr-defined]
    for game in GAME_NAMES:
        try:
            _GAMES[game] = _ruleset(importlib.import_module(f"checker.games.{game}.ruleset"),
                                    game)
            _GAMES[game].rulebook = _rulebooks()[game]
        except Exception as exc:  # noqa: BLE001 - as above
            warn(f"warning: {game} does not import: {type(exc).__name__}: {exc}")
    return _GAMES


def _rulebooks() -> dict[str, Any]:
    """The rules of the repository's pages, by game (what `checker run` reads)."""
    from checker.rule_pages import read_rulebooks

    return read_rulebooks(ROOT / "docs", {game: game for game in GAME_NAMES})


def _ruleset(module: types.ModuleType, game: str) -> Any:
    classes = [value for value in vars(module).values()
               if isinstance(value, type) and getattr(value, "game", None) == game]
    if not classes:
        raise LookupError(f"no class with game = {game!r} in {module.__name__}")
    return classes[0]()

class _Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the game's modules from compiled texts instead of the files."""

    def __init__(self, code: dict[str, tuple[types.CodeType, str, bool]]) -> None:
        self.code = code

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.code:
            return None
        _, filename, package = self.code[fullname]
        return importlib.machinery.ModuleSpec(fullname, self, origin=filename,
                                              is_package=package)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        code, filename, _ = self.code[module.__name__]
        module.__file__ = filename
        exec(code, module.__dict__)  # noqa: S102 - the game's own code, as read or mutated


@dataclass
class Suite:
    """Every scenario file under scenarios/ and docs/, read and YAML-parsed once in the parent
    (parsing does not depend on the games): the parsed tree and the text of each YAML text."""

    files: dict[str, list[tuple[Any, Text]]] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)
    """Texts that could not be read or parsed, by `path` or `path:line`, and why."""

    @classmethod
    def read(cls, root: Path = ROOT) -> Suite:
        suite = cls()
        folders = [root / name for name in ("scenarios", "docs") if (root / name).exists()]
        for path in find_files(folders, lambda folder, reason: None):
            name = path.relative_to(root).as_posix()
            try:
                texts, unclosed = texts_in_file(name, read_text(path))
            except Exception as exc:  # noqa: BLE001 - such a file is left out, and said so
                suite.unreadable[name] = f"{type(exc).__name__}: {exc}"
                continue
            for problem in unclosed:
                suite.unreadable[str(problem.location)] = str(problem)
            parsed = []
            for text in texts:
                try:
                    parsed.append((load(text), text))
                except Exception as exc:  # noqa: BLE001 - as above
                    suite.unreadable[f"{name}:{text.line_offset + 1}"] = \
                        f"{type(exc).__name__}: {exc}"
            suite.files[name] = parsed
        return suite


def fresh_games(source: GameSource, mutant: Mutant | None) -> dict[str, Any]:
    """The games as the checker knows them, with `source.game` imported afresh from the read
    texts (and the mutant's module from its mutated text). Run in a child only."""
    games = known_games()
    code = {}
    for module, compiled in source.code.items():
        if mutant is not None and module == mutant.module:
            compiled = source.compile(module, mutant.source)
        code[source.module_name(module)] = (compiled, source.filename(module),
                                            module.endswith("/__init__.py"))
    package = f"checker.games.{source.game}"
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]
    sys.meta_path.insert(0, _Hook(code))
    importlib.invalidate_caches()
    ruleset = _ruleset(importlib.import_module(f"{package}.ruleset"), source.game)
    # The rules the pages define, as the bound game has them: building a scenario checks its
    # rule ids against them.
    book = getattr(games.get(source.game), "rulebook", None)
    if book is not None:
        ruleset.rulebook = book
    return {**games, source.game: ruleset}


@dataclass(frozen=True)
class Verdict:
    killed: bool
    how: str
    """`survived`, `failed` (a scenario or a file), `internal error`, `timeout` or `crash`."""
    by: str = ""
    """The scenario (or file) that caught it."""
    detail: str = ""
    file: str = ""
    """The file that caught it."""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"killed": self.killed, "how": self.how, "by": self.by, "detail": self.detail,
                "file": self.file, "seconds": self.seconds}


def check_game(source: GameSource, suite: Suite, base: Baseline, order: Sequence[str],
               mutant: Mutant) -> Verdict:
    """Run the game's scenarios against the mutant, file by file in `order` (the texts that
    held the game's scenarios unmutated); stop at the first that fails."""
    start = time.perf_counter()
    path = ""

    def verdict(how: str, by: str = "", detail: str = "") -> Verdict:
        return Verdict(how != "survived", how, by, detail[:300], path,
                       time.perf_counter() - start)

    try:
        games = fresh_games(source, mutant)
    except Exception as exc:  # noqa: BLE001 - the checker could not even start
        return verdict("internal error", "import", f"{type(exc).__name__}: {exc}")
    for path in order:
        texts = suite.files[path]
        for tree, text in (texts[i] for i in base.files[path]):
            try:
                scenarios = build(tree, text, games)
            except ScenarioError as error:
                return verdict("failed", path, str(error.problems[0]))
            except Exception as exc:  # noqa: BLE001 - as the runner reports it
                return verdict("internal error", path, f"{type(exc).__name__}: {exc}")
            for scenario in scenarios:
                if scenario.game != source.game or scenario.id in base.broken:
                    continue
                result = check_scenario(scenario, games)
                if not result.passed:
                    failures = result.failures()
                    how = "internal error" if any(isinstance(p, InternalError)
                                                  for p in failures) else "failed"
                    return verdict(how, scenario.id, str(failures[0]) if failures else "")
    return verdict("survived")


@dataclass(frozen=True)
class Baseline:
    """The game as read, before any mutant: what its scenarios are and where they run."""

    files: dict[str, list[int]]
    """The files holding scenarios of the game, and which of their YAML texts do."""
    scenarios: int
    broken: dict[str, str]
    """Scenarios (or files) that already fail: left out of every mutant's run."""
    lines: set[tuple[str, int]]
    """(module, line) run by the scenarios, imports included."""
    seconds: float


def baseline(source: GameSource, suite: Suite) -> Baseline:
    """Run in a child: every file of the suite, recording the lines of the game that run."""
    filenames = {source.filename(module): module for module in source.texts}
    hits: set[tuple[str, int]] = set()

    def line(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            hits.add((filenames[frame.f_code.co_filename], frame.f_lineno))
        return line

    def call(frame: types.FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename in filenames:
            hits.add((filenames[frame.f_code.co_filename], frame.f_lineno))
            return line
        return None

    start = time.perf_counter()
    sys.settrace(call)
    try:
        games = fresh_games(source, None)
        files: dict[str, list[int]] = {}
        broken: dict[str, str] = {}
        count = 0
        for path, texts in suite.files.items():
            for index, (tree, text) in enumerate(texts):
                try:
                    scenarios = build(tree, text, games)
                except ScenarioError as error:
                    if _mentions(tree, source.game):
                        broken[f"{path}:{text.line_offset + 1}"] = str(error.problems[0])
                    continue
                mine = [s for s in scenarios if s.game == source.game]
                if mine:
                    files.setdefault(path, []).append(index)
                for scenario in mine:
                    count += 1
                    result = check_scenario(scenario, games)
                    if not result.passed:
                        broken[scenario.id] = "; ".join(str(p) for p in result.failures())[:300]
    finally:
        sys.settrace(None)
    return Baseline(files, count, broken, hits, time.perf_counter() - start)


def _mentions(tree: Any, game: str) -> bool:
    """Whether a YAML text that does not load was meant to hold a scenario of the game."""
    items = tree if isinstance(tree, list) else [tree]
    return any(isinstance(item, dict) and item.get("game") == game for item in items)


# --- Forked children ----------------------------------------------------------------------

def _child(task: Callable[[], Any], write: int) -> None:
    """In the child: run the task, send its JSON result, and leave without cleaning up."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(null, 2)
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        import gc
        gc.disable()
        data = json.dumps({"ok": task()}).encode()
    except BaseException as exc:  # noqa: BLE001 - anything a mutant does ends the child
        data = json.dumps({"error": "".join(traceback.format_exception_only(exc))[-300:]}).encode()
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(write, view):]
    finally:
        os._exit(0)


@dataclass
class _Running:
    pid: int
    index: int
    start: float
    chunks: list[bytes] = field(default_factory=list)


def forked(tasks: Sequence[Callable[[], Any]], jobs: int,
           timeout: float) -> Iterator[tuple[int, Any, str]]:
    """Run each task in its own forked child, `jobs` at a time; yield (index, result, error):
    the task's result, or an error (`timeout`, or the child's exception or exit status).
    A task sees the parent's memory as it is when the child starts."""
    waiting = collections.deque(range(len(tasks)))
    running: dict[int, _Running] = {}
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                index = waiting.popleft()
                read, write = os.pipe()
                pid = os.fork()
                if pid == 0:
                    os.close(read)
                    for fd in running:
                        os.close(fd)
                    _child(tasks[index], write)
                os.close(write)
                running[read] = _Running(pid, index, time.monotonic())
            deadline = min(r.start for r in running.values()) + timeout
            ready, _, _ = select.select(list(running), [], [],
                                        max(0.0, deadline - time.monotonic()))
            for fd in ready:
                chunk = os.read(fd, 1 << 16)
                if chunk:
                    running[fd].chunks.append(chunk)
                    continue
                done = running.pop(fd)
                os.close(fd)
                _, status = os.waitpid(done.pid, 0)
                yield done.index, *_decode(b"".join(done.chunks), status)
            now = time.monotonic()
            for fd, late in list(running.items()):
                if now - late.start > timeout:
                    os.kill(late.pid, signal.SIGKILL)
                    os.waitpid(late.pid, 0)
                    os.close(fd)
                    del running[fd]
                    yield late.index, None, "timeout"
    finally:
        for fd, left in running.items():
            os.kill(left.pid, signal.SIGKILL)
            os.waitpid(left.pid, 0)
            os.close(fd)


def _decode(data: bytes, status: int) -> tuple[Any, str]:
    try:
        message = json.loads(data)
    except ValueError:
        return None, f"the child died ({_status(status)}) without a result"
    if "error" in message:
        return None, message["error"].strip()
    return message["ok"], ""


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit status {os.WEXITSTATUS(status)}"


# --- Equivalent mutants -------------------------------------------------------------------

_QUOTED = r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
EQUIVALENT_LINE = re.compile(
    rf"^(?P<key>(?P<module>\S+)::(?P<function>.+?) (?P<operator>[a-z-]+)#(?P<occurrence>\d+) "
    rf"{_QUOTED} -> {_QUOTED}): (?P<reason>\S.*)$")


@dataclass(frozen=True)
class Equivalent:
    key: str
    reason: str
    line: int


def read_equivalents(path: Path) -> tuple[dict[str, Equivalent], list[str]]:
    """The marked mutants by key, and the lines that could not be read."""
    found: dict[str, Equivalent] = {}
    bad: list[str] = []
    if not path.exists():
        return found, bad
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = EQUIVALENT_LINE.match(line.strip())
        if match is None:
            bad.append(f"{path.name}:{number}: not `module::function operator#n 'original' -> "
                       f"'mutated': reason`")
            continue
        key = match["key"]
        if key in found:
            bad.append(f"{path.name}:{number}: listed again (first at line {found[key].line})")
        found[key] = Equivalent(key, match["reason"], number)
    return found, bad


# --- One game ------------------------------------------------------------------------------

@dataclass
class Outcome:
    mutant: Mutant
    verdict: Verdict
    covered: bool
    """Whether any line of the mutated code ran in the scenarios (as read, unmutated)."""


@dataclass
class GameReport:
    game: str
    fingerprint: str
    """Of the game's sources as read (GameSource.fingerprint)."""
    made: int
    outcomes: list[Outcome]
    equivalents: dict[str, Equivalent]
    baseline: Baseline
    seconds: float
    stats: Stats

    @property
    def killed(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.verdict.killed]

    @property
    def survivors(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.verdict.killed
                and o.mutant.key not in self.equivalents]

    @property
    def equivalent(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.verdict.killed
                and o.mutant.key in self.equivalents]

    @property
    def wrongly_equivalent(self) -> list[Outcome]:
        """Marked equivalent, yet a scenario kills them: the mark is wrong."""
        return [o for o in self.killed if o.mutant.key in self.equivalents]

    @property
    def score(self) -> float:
        counted = len(self.outcomes) - len(self.equivalent)
        return len(self.killed) / counted if counted else 1.0

    def by_how(self) -> collections.Counter[str]:
        return collections.Counter(o.verdict.how for o in self.killed)


def run_game(source: GameSource, suite: Suite, mutants: Sequence[Mutant],
             equivalents: dict[str, Equivalent], jobs: int = 2, timeout: float | None = None,
             progress: Callable[[str], None] = lambda line: None,
             stats: Stats | None = None) -> GameReport:
    """Run each mutant's scenarios; `timeout` None means twenty times the unmutated run's
    time, at least 5 s."""
    start = time.perf_counter()
    [(_, first, error)] = list(forked([lambda: _baseline_json(source, suite)], 1, 600))
    if error:
        raise RuntimeError(f"{source.game}: the unmutated run failed: {error}")
    base = Baseline(first["files"], first["scenarios"], first["broken"],
                    {(m, n) for m, n in first["lines"]}, first["seconds"])
    if not base.scenarios:
        raise RuntimeError(f"{source.game}: no scenario of this game found")
    limit = timeout if timeout is not None else max(5.0, 20 * base.seconds)
    order = list(base.files)

    def task(mutant: Mutant) -> Callable[[], Any]:
        return lambda: check_game(source, suite, base, order, mutant).to_json()

    outcomes: list[Outcome | None] = [None] * len(mutants)
    for done, (index, result, error) in enumerate(
            forked([task(m) for m in mutants], jobs, limit), 1):
        mutant = mutants[index]
        if error == "timeout":
            verdict = Verdict(True, "timeout", detail=f"over {limit:.1f} s")
        elif error:
            verdict = Verdict(True, "crash", detail=error)
        else:
            verdict = Verdict(**result)
        if verdict.file in order:  # the file that caught it goes first for the next children
            order.remove(verdict.file)
            order.insert(0, verdict.file)
        covered = any((mutant.module, n) in base.lines
                      for n in range(mutant.line, mutant.end_line + 1))
        outcomes[index] = Outcome(mutant, verdict, covered)
        if done % 100 == 0:
            progress(f"  {source.game}: {done}/{len(mutants)}")
    return GameReport(source.game, source.fingerprint, len(mutants),
                      [o for o in outcomes if o is not None], equivalents, base,
                      time.perf_counter() - start, stats or Stats())


def _baseline_json(source: GameSource, suite: Suite) -> dict[str, Any]:
    base = baseline(source, suite)
    return {"files": base.files, "scenarios": base.scenarios, "broken": base.broken,
            "lines": sorted(base.lines), "seconds": base.seconds}


# --- Reports ------------------------------------------------------------------------------

def survivors_text(report: GameReport, measured: str) -> str:
    lines = [f"# Surviving mutants of {report.game}, {measured}, sources {report.fingerprint}.",
             (f"# {len(report.survivors)} of {report.made} mutants survive "
              f"({len(report.equivalent)} more marked equivalent). For each: where, what, "
              "the function, whether the scenarios run that code,"),
             (f"# and the key to copy into {EQUIVALENT_FILE.relative_to(ROOT)} (followed by "
              "`: reason`) when it is equivalent."), ""]
    for outcome in sorted(report.survivors, key=lambda o: (o.mutant.module, o.mutant.line,
                                                           o.mutant.col)):
        mutant = outcome.mutant
        ran = "run by scenarios" if outcome.covered else "not run by any scenario"
        lines.append(f"{mutant.describe()}  [in {mutant.function}; {ran}]")
        lines.append(f"    {mutant.key}")
    return "\n".join(lines) + "\n"


def summary_lines(report: GameReport) -> list[str]:
    how = report.by_how()
    uncovered = sum(1 for o in report.survivors if not o.covered)
    lines = [
        (f"{report.game}: {report.made} mutants, {len(report.killed)} killed "
         f"({how['failed']} failed scenario, {how['internal error']} internal error, "
         f"{how['timeout']} timeout, {how['crash']} crash), {len(report.survivors)} survived "
         f"({uncovered} in code no scenario runs), {len(report.equivalent)} marked equivalent; "
         f"score {100 * report.score:.1f}% in {report.seconds:.1f} s "
         f"({report.baseline.scenarios} scenarios, unmutated run {report.baseline.seconds:.2f} s, "
         f"sources {report.fingerprint})")
    ]
    for name, problem in report.baseline.broken.items():
        lines.append(f"  warning: {name} already fails unmutated, left out: {problem}")
    for outcome in report.wrongly_equivalent:
        mark = report.equivalents[outcome.mutant.key]
        lines.append(f"  {EQUIVALENT_FILE.name}:{mark.line}: marked equivalent, but "
                     f"{outcome.verdict.by} kills it ({outcome.verdict.how})")
    if report.stats.unparsed:
        lines.append(f"  note: {report.stats.unparsed} mutants made by unparsing the whole "
                     "module (their line numbers may differ)")
    return lines


def measured_at(games: Sequence[str], root: Path = ROOT) -> str:
    """The commit, whether the games' files differ from it, and when."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                              check=False)
        return done.stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown commit"
    dirty = git("status", "--porcelain", "--", *(f"checker/games/{g}" for g in games))
    when = time.strftime("%Y-%m-%d %H:%M %Z")
    return f"commit {commit}{' with uncommitted changes in the game' if dirty else ''}, {when}"


# --- Command line --------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAME_NAMES, action="append",
                        help="a game to mutate (repeatable; default: all)")
    parser.add_argument("--module", action="append", default=[],
                        help="only modules whose path under checker/games/ contains this")
    parser.add_argument("--operator", action="append", default=[],
                        help="only this operator (compare, number, boolean, and-or, not, "
                             "statement, return, arithmetic)")
    parser.add_argument("--jobs", type=int, default=2, help="children at a time (default 2)")
    parser.add_argument("--sample", type=int, help="run only N mutants, chosen by --seed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float,
                        help="seconds per mutant (default: 20x the unmutated run, at least 5)")
    parser.add_argument("--list", action="store_true", help="list the mutants; run nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="where survivors files go")
    parser.add_argument("--equivalent", type=Path, default=EQUIVALENT_FILE)
    args = parser.parse_args(argv)

    equivalents, bad = read_equivalents(args.equivalent)
    for line in bad:
        print(line, file=sys.stderr)
    games = args.game or list(GAME_NAMES)
    known_games(lambda line: print(line, file=sys.stderr))
    measured = measured_at(games)
    suite = None if args.list else Suite.read()
    status = 1 if bad else 0
    for game in games:
        source = GameSource.read(game)
        stats = Stats()
        made = time.perf_counter()
        everything = source.mutants(stats)
        made = time.perf_counter() - made
        mutants = [m for m in everything
                   if (not args.module or any(part in m.module for part in args.module))
                   and (not args.operator or m.operator in args.operator)]
        keys = {m.key for m in everything}
        for key, mark in equivalents.items():
            if key.startswith(f"{game}/") and key not in keys:
                print(f"{args.equivalent.name}:{mark.line}: matches no mutant any more: {key}",
                      file=sys.stderr)
                status = 1
        if args.sample is not None and args.sample < len(mutants):
            chosen = random.Random(args.seed).sample(range(len(mutants)), args.sample)
            mutants = [mutants[i] for i in sorted(chosen)]
        if args.list:
            for mutant in mutants:
                print(f"{mutant.describe()}  [in {mutant.function}]\n    {mutant.key}")
            print(f"{game}: {len(mutants)} mutants (made in {made:.1f} s, {stats.unparsed} "
                  "by unparsing the whole module)", file=sys.stderr)
            continue
        assert suite is not None
        for name, problem in suite.unreadable.items():
            if name.startswith((f"scenarios/{game}/", f"docs/{game}/")):
                print(f"  warning: {name} cannot be read, left out: {problem}", file=sys.stderr)
        print(f"{game}: {len(mutants)} mutants (made in {made:.1f} s), running with "
              f"{args.jobs} jobs ...", file=sys.stderr, flush=True)
        report = run_game(source, suite, mutants, equivalents, args.jobs, args.timeout,
                          lambda line: print(line, file=sys.stderr, flush=True), stats)
        for line in summary_lines(report):
            print(line, flush=True)
        args.out.mkdir(parents=True, exist_ok=True)
        survivors = args.out / f"mutation-{game}.txt"
        scope = measured + "".join(
            f", only {what} {' or '.join(chosen)}" for what, chosen in
            (("modules matching", args.module), ("operator", args.operator)) if chosen) + (
            f", a sample of {len(mutants)} (seed {args.seed})" if args.sample is not None else "")
        survivors.write_text(survivors_text(report, scope), encoding="utf-8")
        shown = survivors.resolve()
        if shown.is_relative_to(Path.cwd()):
            shown = shown.relative_to(Path.cwd())
        print(f"  survivors: {shown}")
    print(measured)
    return status


if __name__ == "__main__":
    sys.exit(main())
