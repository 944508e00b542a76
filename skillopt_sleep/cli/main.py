"""Command-line entry point. Each command lives in a module of this folder exposing `register(sub, parent)`;
this file only wires them together and turns `SkilloptError` into a message and an exit code."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from skillopt_sleep import __version__
from skillopt_sleep.cli.args import add_verbosity_options, common_options
from skillopt_sleep.cli.surface import worded_for_surface
from skillopt_sleep.errors import SkilloptError, machine_failure

COMMAND_MODULES = [
    "skillopt_sleep.cli.config",
    "skillopt_sleep.cli.capture",
    "skillopt_sleep.cli.hooks",
    "skillopt_sleep.cli.tasks",
    "skillopt_sleep.cli.night",
    "skillopt_sleep.cli.skills",
    "skillopt_sleep.cli.demo",
    "skillopt_sleep.cli.staging",
    "skillopt_sleep.cli.schedule",
    "skillopt_sleep.cli.experiment",
    "skillopt_sleep.cli.model",
    "skillopt_sleep.cli.rules",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skillopt-sleep",
        description="Replay recorded agent sessions offline, reflect, and keep only the skill edits "
        "that a held-out gate accepts.",
    )
    parser.add_argument("--version", action="version", version=f"skillopt-sleep {__version__}")
    add_verbosity_options(parser, with_defaults=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parent = common_options()
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub, parent)
    return parser


class StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a record comes: a scheduled run redirects it to its log."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def configure_logging(verbose: int, quiet: bool) -> None:
    """The package's log records go to stderr as one plain line each: warnings and errors by
    default, -v adds progress details, -vv debugging (with the module's name), -q only errors."""
    level = logging.ERROR if quiet else {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)
    package = logging.getLogger("skillopt_sleep")
    for handler in [h for h in package.handlers if isinstance(h, StderrHandler)]:
        package.removeHandler(handler)  # main() may run more than once in one process
    handler = StderrHandler()
    named = "%(name)s: " if level <= logging.DEBUG else ""
    handler.setFormatter(logging.Formatter(f"skillopt-sleep: %(levelname)s: {named}%(message)s"))
    package.addHandler(handler)
    package.setLevel(level)


def main(argv: list[str] | None = None) -> int:
    with worded_for_surface():
        return run_command(argv)


def run_command(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging(args.verbose, args.quiet)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except SkilloptError as exc:
        print(f"skillopt-sleep: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except OSError as exc:  # the machine said no (a full disk, a read-only folder) where no stage caught it
        print(f"skillopt-sleep: error: {machine_failure(str(exc.filename or 'a file'), exc)}", file=sys.stderr)
        return SkilloptError.exit_code
    except KeyboardInterrupt:
        print("skillopt-sleep: interrupted; finished work is kept in the store and a rerun resumes", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
