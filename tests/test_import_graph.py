"""The package's modules import each other without a circle, and night/ never reaches into cli/.

The graph is built from each module's source, not by importing it: an edge is a module-level
import (including one inside a top-level `if` or `try`, which runs at import time; not one under
`if TYPE_CHECKING:`, which never runs) or, for the circle and layer checks, any import at all: one
deferred into a function, or written only for a type checker, still ties the two modules together."""

from __future__ import annotations

import ast
from pathlib import Path

import skillopt_sleep

PACKAGE = "skillopt_sleep"
ROOT = Path(skillopt_sleep.__file__).parent


def module_files() -> dict[str, Path]:
    modules = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def top_level_imports(body: list[ast.stmt]):
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from top_level_imports(node.body)
            yield from top_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from top_level_imports(block)


def all_imports(body: list[ast.stmt]):
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def imported_modules(name: str, path: Path, known: set[str], *, anywhere: bool = False) -> set[str]:
    """The package modules that importing `name` runs at module level (`anywhere`: also the ones
    its functions import when called)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in (all_imports if anywhere else top_level_imports)(tree.body):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = name.split(".") if is_package else name.split(".")[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        targets.add(base)
        targets.update(f"{base}.{alias.name}" for alias in node.names)  # `from pkg import submodule`
    return {t for t in targets if t in known and t != name}


def import_graph(*, anywhere: bool = False) -> dict[str, set[str]]:
    files = module_files()
    return {name: imported_modules(name, path, set(files), anywhere=anywhere) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: fully explored
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for neighbour in sorted(graph.get(node, ())):
            if state.get(neighbour) == 1:
                return path[path.index(neighbour):] + [neighbour]
            if neighbour not in state:
                found = visit(neighbour)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_graph_sees_every_module_and_its_imports():
    graph = import_graph()
    assert f"{PACKAGE}.cli.main" in graph and f"{PACKAGE}.night.sequencing.engine" in graph
    assert f"{PACKAGE}.cli.args" in graph[f"{PACKAGE}.cli.main"]
    assert f"{PACKAGE}.errors" in graph[f"{PACKAGE}.cli.main"]
    # `from skillopt_sleep.backends import localmodel, modelparts` names modules, not just their package.
    assert f"{PACKAGE}.backends.modelparts" in import_graph(anywhere=True)[f"{PACKAGE}.api.models"]


def test_find_cycle_reports_a_circle_it_is_given():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_circle_among_package_modules():
    """Deferred imports count: a circle hidden in a function is still a circle."""
    cycle = find_cycle(import_graph(anywhere=True))
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_circle_check_sees_a_deferred_import(tmp_path):
    one, two = tmp_path / "one.py", tmp_path / "two.py"
    one.write_text("from pkg import two\n")
    two.write_text("def later():\n    from pkg import one\n")
    known = {"pkg.one", "pkg.two"}
    graph = {name: imported_modules(name, path, known, anywhere=True) for name, path in (("pkg.one", one), ("pkg.two", two))}
    assert find_cycle(graph) == ["pkg.one", "pkg.two", "pkg.one"]
    typed = tmp_path / "typed.py"
    typed.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import one\n")
    assert imported_modules("pkg.two", typed, known, anywhere=True) == {"pkg.one"}


def test_night_never_imports_the_command_line():
    graph = import_graph(anywhere=True)
    for name, targets in graph.items():
        if name.startswith(f"{PACKAGE}.night"):
            reached = sorted(t for t in targets if t.startswith(f"{PACKAGE}.cli"))
            assert not reached, f"{name} imports {reached}"


# Lowest first. A module may import its own layer and the layers below it, never one above: the
# stages follow the data flow (capture -> tasks -> night), the safety screen sits below both the
# night and proposals/ (each judges through it, it imports neither), the night stages its proposal
# and writes the rules ledger through proposals/ (which imports no other stage), the scheduler and
# the experiments drive the night, the front door sits above them all, and the CLI calls only it.
LAYERS = [
    ("capture",),
    ("backends",),  # a replay carries capture's marker, so capture never records it as a session
    ("sandbox",),  # where a replay's commands run
    ("tasks",),
    ("guardrails",),  # a convention in the agents' own enforcing forms; the screen and proposals read them
    ("screen",),  # what a rule or a write would make the agent do; the night and adopt both judge through it
    ("students",),  # how a sample is replayed: answers, environment episodes, repository episodes
    ("proposals",),
    ("night",),
    ("benchmarks",),
    ("schedule", "experiments"),
    ("api",),
    ("cli",),
    ("__main__",),
]


FOUNDATION_FOLDERS = ("store",)  # the store and its migrations, beside it


def layer_of(module: str) -> int | None:
    """The index of a module's layer; None for the foundation (the package's own top-level
    modules: errors, records, config, paths, ..., and the store folder), which may import only
    the foundation."""
    part = module.split(".")[1] if "." in module else ""
    if part in FOUNDATION_FOLDERS:
        return None
    for index, names in enumerate(LAYERS):
        if part in names:
            return index
    return None


def test_every_folder_of_the_package_has_a_layer():
    folders = sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file())
    assert [f for f in folders if layer_of(f"{PACKAGE}.{f}") is None and f not in FOUNDATION_FOLDERS] == []


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for name, targets in graph.items():
        mine = layer_of(name)
        for target in sorted(targets):
            theirs = layer_of(target)
            if theirs is None or name.split(".")[:2] == target.split(".")[:2]:
                continue
            if mine is None or theirs > mine or (theirs == mine and mine is not None):
                found.append(f"{name} imports {target}")
    return found


def test_the_layer_check_reports_an_import_upwards():
    graph = {f"{PACKAGE}.night.sequencing.engine": {f"{PACKAGE}.schedule.cron", f"{PACKAGE}.tasks.judges"},
             f"{PACKAGE}.store": {f"{PACKAGE}.capture.hook"},
             f"{PACKAGE}.schedule.cron": {f"{PACKAGE}.experiments.run", f"{PACKAGE}.api"}}
    assert layer_violations(graph) == [f"{PACKAGE}.night.sequencing.engine imports {PACKAGE}.schedule.cron",
                                       f"{PACKAGE}.store imports {PACKAGE}.capture.hook",
                                       f"{PACKAGE}.schedule.cron imports {PACKAGE}.api",
                                       f"{PACKAGE}.schedule.cron imports {PACKAGE}.experiments.run"]


def test_lower_layers_never_import_higher_ones():
    """Function-level imports count too: a lower stage reaching up at call time is the same tangle."""
    problems = layer_violations(import_graph(anywhere=True))
    assert not problems, "\n".join(problems)


# What the command line may import besides its own modules: the front door, and the config, the
# errors and the progress events the door's functions take and raise. Anything else it needs
# belongs in the api.
CLI_MAY_IMPORT = (PACKAGE, f"{PACKAGE}.api", f"{PACKAGE}.config", f"{PACKAGE}.errors", f"{PACKAGE}.events")


def cli_reaching_past_the_door(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for name, targets in sorted(graph.items()):
        if not name.startswith(f"{PACKAGE}.cli"):
            continue
        for target in sorted(targets):
            allowed = target.startswith(f"{PACKAGE}.cli") or target.startswith(f"{PACKAGE}.api.") or target in CLI_MAY_IMPORT
            if not allowed:
                found.append(f"{name} imports {target}")
    return found


def test_the_door_check_reports_a_cli_module_reaching_into_a_stage():
    graph = {f"{PACKAGE}.cli.night": {f"{PACKAGE}.api", f"{PACKAGE}.api.reports", f"{PACKAGE}.night.engine",
                                       f"{PACKAGE}.cli.args", f"{PACKAGE}.errors"},
             f"{PACKAGE}.cli.main": {PACKAGE, f"{PACKAGE}.store"}}
    assert cli_reaching_past_the_door(graph) == [f"{PACKAGE}.cli.main imports {PACKAGE}.store",
                                                 f"{PACKAGE}.cli.night imports {PACKAGE}.night.engine"]


def test_the_command_line_goes_through_the_front_door():
    """Deferred imports count: a verb reaching into a stage when it runs is the same bypass."""
    problems = cli_reaching_past_the_door(import_graph(anywhere=True))
    assert not problems, "\n".join(problems)


def test_adopt_reaches_the_safety_screen_by_import_not_by_a_callback():
    graph = import_graph(anywhere=True)
    assert f"{PACKAGE}.screen.writes" in graph[f"{PACKAGE}.proposals.screened"]
    assert layer_of(f"{PACKAGE}.screen.policy") < layer_of(f"{PACKAGE}.proposals.adopt") < layer_of(f"{PACKAGE}.night.rounds")
    screen_reaches = {t for name, targets in graph.items() if name.startswith(f"{PACKAGE}.screen") for t in targets}
    assert not {t for t in screen_reaches if t.startswith((f"{PACKAGE}.night", f"{PACKAGE}.proposals"))}
