"""Command-line entry point. Each command lives in a `cmd_*` module exposing `register(sub)`;
this file only wires them together and turns `SkilloptError` into a message and an exit code."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from skillopt_sleep import __version__
from skillopt_sleep.config import Config, load_config, parse_assignments
from skillopt_sleep.errors import SkilloptError

COMMAND_MODULES = [
    "skillopt_sleep.cmd_config",
    "skillopt_sleep.cmd_capture",
    "skillopt_sleep.cmd_tasks",
    "skillopt_sleep.cmd_night",
    "skillopt_sleep.cmd_demo",
    "skillopt_sleep.cmd_staging",
    "skillopt_sleep.cmd_schedule",
    "skillopt_sleep.cmd_experiment",
    "skillopt_sleep.cmd_model",
]


def common_options() -> argparse.ArgumentParser:
    """Options every command accepts; each maps onto a config key (CLI flags win over all)."""
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("configuration")
    group.add_argument("--set", dest="assignments", action="append", default=[], metavar="KEY=VALUE",
                       help="set any config key, e.g. --set night.rounds=3 (repeatable)")
    group.add_argument("--skill", help="SKILL.md to optimize")
    group.add_argument("--memory", help="memory file (CLAUDE.md / AGENTS.md) to optimize")
    group.add_argument("--tasks-file", help="JSONL of tasks (implies --set source=file)")
    group.add_argument("--store", help="SQLite store path")
    group.add_argument("--student", metavar="BACKEND[:MODEL]", help="backend (and model) that replays tasks")
    group.add_argument("--teacher", metavar="BACKEND[:MODEL]", help="backend (and model) that reflects and judges")
    group.add_argument("--project", type=Path, help="project folder whose .skillopt-sleep.yaml applies (default: cwd)")
    return parent


def flags_from_args(args: argparse.Namespace) -> dict[str, str]:
    flags: dict[str, str] = {}
    for name, key in (("skill", "skill"), ("memory", "memory"), ("tasks_file", "tasks_file"), ("store", "store.path")):
        value = getattr(args, name, None)
        if value:
            flags[key] = str(value)
    if getattr(args, "tasks_file", None):
        flags["source"] = "file"
    for role in ("student", "teacher"):
        value = getattr(args, role, None)
        if value:
            backend, _, model = value.partition(":")
            flags[f"{role}.backend"] = backend
            if model:
                flags[f"{role}.model"] = model
    flags.update(parse_assignments(getattr(args, "assignments", []) or []))
    return flags


def config_from_args(args: argparse.Namespace) -> Config:
    return load_config(cwd=getattr(args, "project", None), flags=flags_from_args(args))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skillopt-sleep",
        description="Replay recorded agent sessions offline, reflect, and keep only the skill edits "
        "that a held-out gate accepts.",
    )
    parser.add_argument("--version", action="version", version=f"skillopt-sleep {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parent = common_options()
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub, parent)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except SkilloptError as exc:
        print(f"skillopt-sleep: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("skillopt-sleep: interrupted; finished work is kept in the store and a rerun resumes", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
