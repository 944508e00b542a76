"""A command loads only what it runs: `--help` lists every verb from the table in cli/main.py
without importing a verb's module, and a verb imports its own module alone; each verb still
parses its options and the table says what the modules register."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.cli.main import VERBS, build_parser

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("skillopt_sleep.api.flow", "skillopt_sleep.night", "skillopt_sleep.backends", "skillopt_sleep.capture.ingest",
         "skillopt_sleep.tasks.mining", "rich", "importlib.metadata")
VERB_MODULES = sorted({module for module, _ in VERBS.values()})

LOADED = """
import json, sys
from skillopt_sleep.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
secrets = sys.modules.get("skillopt_sleep.capture.secret_patterns")
compiled = sum("_compiled" in vars(rule.pattern) for rule in secrets.RULES) if secrets else 0
print(json.dumps({"code": code, "modules": sorted(sys.modules), "compiled": compiled}), file=sys.stderr)
"""


def loaded(tmp_path: Path, *argv: str, compiled: list | None = None) -> set[str]:
    """The modules a fresh interpreter holds after running `skillopt-sleep ARGV` (`compiled`
    gets the number of secret patterns it compiled)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
    env.update(SKILLOPT_SLEEP_HOME=str(tmp_path / "home"), PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", LOADED, *argv], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    report = json.loads(result.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), result.stderr
    if compiled is not None:
        compiled.append(report["compiled"])
    return set(report["modules"])


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("argv", [["--help"], ["--version"], []])
def test_help_and_version_import_no_verb_module(tmp_path, argv):
    modules = loaded(tmp_path, *argv)
    assert "skillopt_sleep.cli.main" in modules
    assert not modules & set(VERB_MODULES)
    assert heavy_in(modules) == [] and "yaml" not in modules and "skillopt_sleep.config" not in modules


def test_status_imports_its_own_verb_module_and_no_engine(tmp_path):
    modules = loaded(tmp_path, "status")
    assert modules & set(VERB_MODULES) == {"skillopt_sleep.cli.staging"}
    assert heavy_in(modules) == []


def test_a_no_change_ingest_loads_no_engine_and_compiles_no_secret_pattern(tmp_path):
    compiled: list[int] = []
    loaded(tmp_path, "ingest")  # migrates the store
    modules = loaded(tmp_path, "ingest", compiled=compiled)
    assert heavy_in(modules) == ["skillopt_sleep.capture.ingest"]
    assert compiled == [0]
    # Nothing was read, so no parser, session record or redaction rule was loaded.
    assert not {"skillopt_sleep.capture.transcripts", "skillopt_sleep.capture.sessions",
                "skillopt_sleep.capture.secret_patterns"} & modules


def test_the_agent_table_that_ingest_reads_names_each_parser_and_the_database_ones():
    from skillopt_sleep.capture.agents import AGENTS, DATABASE
    from skillopt_sleep.capture.transcripts import PARSERS

    assert set(AGENTS) == set(PARSERS)
    assert set(DATABASE) == {agent for agent, parser in PARSERS.items() if getattr(parser, "database", False)}


def test_the_help_lists_every_verb_with_its_line(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    listing = " ".join(capsys.readouterr().out.split())
    for verb, (_, line) in VERBS.items():
        assert f"{verb} {' '.join(line.split())}" in listing


def registered(module: str) -> dict[str, str]:
    """What a verb module registers: each verb's help line, from a plain argparse parser."""
    sub = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module).register(sub, argparse.ArgumentParser(add_help=False))
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_table_names_every_verb_its_module_registers_with_the_same_line():
    table = {verb: line for verb, (_, line) in VERBS.items()}
    for module in VERB_MODULES:
        lines = registered(module)
        assert lines == {verb: table[verb] for verb in lines}, module
        assert {verb for verb, (owner, _) in VERBS.items() if owner == module} == set(lines)


@pytest.mark.parametrize("argv,key,value", [
    (["status", "--json"], "json", True),
    (["run", "--all-skills", "--skill", "S.md"], "all_skills", True),
    (["dry-run", "--estimate"], "estimate", True),
    (["revert", "p1", "--force"], "proposal_id", "p1"),
    (["tasks", "list", "--skill", "brief-writer"], "skill", "brief-writer"),
    (["-v", "session-start", "--agent", "codex", "--text"], "agent", "codex"),
])
def test_each_verb_still_parses_its_options(argv, key, value):
    args = build_parser().parse_args(argv)
    assert getattr(args, key) == value and callable(args.func)


def test_an_unknown_verb_or_option_still_exits_2(capsys):
    for argv in (["optimise"], ["status", "--no-such-flag"]):
        with pytest.raises(SystemExit) as exc:
            build_parser().parse_args(argv)
        assert exc.value.code == 2
    assert "invalid choice: 'optimise'" in capsys.readouterr().err
