"""Command-line entry point. Each command lives in a module of this folder exposing `register(sub, parent)`;
this file only wires them together and turns `SkilloptError` into a message and an exit code."""

from __future__ import annotations

import argparse
import importlib
import sys

from skillopt_sleep import __version__
from skillopt_sleep.cli.args import common_options
from skillopt_sleep.errors import SkilloptError

COMMAND_MODULES = [
    "skillopt_sleep.cli.config",
    "skillopt_sleep.cli.capture",
    "skillopt_sleep.cli.tasks",
    "skillopt_sleep.cli.night",
    "skillopt_sleep.cli.demo",
    "skillopt_sleep.cli.staging",
    "skillopt_sleep.cli.schedule",
    "skillopt_sleep.cli.experiment",
    "skillopt_sleep.cli.model",
]


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
