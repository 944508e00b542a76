"""Command-line entry point. Each command lives in a module of this folder exposing `register(sub, parent)`;
this file only wires them together and turns `SkilloptError` into a message and an exit code."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from skillopt_sleep import __version__
from skillopt_sleep.cli.args import add_verbosity_options, common_options
from skillopt_sleep.cli.surface import worded_for_surface
from skillopt_sleep.errors import SkilloptError, machine_failure

# Each verb, the module that registers it and its line in `--help`, in the order `--help` lists
# them. Building the parser imports none of these modules: `--help` lists the verbs from here,
# and only the module of the verb being parsed is imported, to register its options (a test keeps
# these lines equal to the ones the modules register).
VERBS: dict[str, tuple[str, str]] = {
    "config": ("skillopt_sleep.cli.config", "print the effective config and each value's source"),
    "capture": ("skillopt_sleep.cli.capture", "record one finished session (what the agents' hooks run)"),
    "ingest": ("skillopt_sleep.cli.capture", "read captured transcripts into sessions (incremental)"),
    "harvest": ("skillopt_sleep.cli.capture", "backfill sessions from the agents' existing history"),
    "mine": ("skillopt_sleep.cli.capture", "turn ingested sessions into replay tasks"),
    "hooks": ("skillopt_sleep.cli.hooks", "record GitHub Copilot CLI, OpenCode or pi sessions as they end (install "
              "their hook or plugin)"),
    "tasks": ("skillopt_sleep.cli.tasks", "list, review and add replay tasks"),
    "run": ("skillopt_sleep.cli.night", "run one night now and stage a proposal if the gate accepts"),
    "dry-run": ("skillopt_sleep.cli.night", "compute a whole night but stage nothing (--estimate: only predict its cost)"),
    "skills": ("skillopt_sleep.cli.skills", "the skills the sessions used and the SKILL.md each resolves to"),
    "demo": ("skillopt_sleep.cli.demo", "run real nights on bundled example data with the local model"),
    "status": ("skillopt_sleep.cli.staging", "nights so far and the proposals waiting for review"),
    "review": ("skillopt_sleep.cli.staging", "show the diff and report of a pending proposal"),
    "adopt": ("skillopt_sleep.cli.staging", "apply a pending proposal to the live files, with a backup"),
    "reject": ("skillopt_sleep.cli.staging",
               "reject a pending proposal, or some of its rules; later nights do not propose them again"),
    "revert": ("skillopt_sleep.cli.staging", "restore the files an adopted proposal replaced"),
    "schedule": ("skillopt_sleep.cli.schedule", "run nights automatically (cron, systemd timer or launchd)"),
    "unschedule": ("skillopt_sleep.cli.schedule", "remove what `schedule` installed"),
    "scheduled-run": ("skillopt_sleep.cli.schedule", "what the scheduler runs: a night, when one is due"),
    "session-start": ("skillopt_sleep.cli.schedule", "the SessionStart hook: one line of context when a proposal is pending"),
    "experiment": ("skillopt_sleep.cli.experiment", "run benchmark experiments from recipe files"),
    "model": ("skillopt_sleep.cli.model", "show and prepare the embedded local models"),
    "rules": ("skillopt_sleep.cli.rules", "the rules the nights proposed, their effect and status"),
}


class LazyVerbs(argparse._SubParsersAction):
    """The verbs' subparsers: each starts as a bare placeholder with its help line; parsing a verb
    first imports its module, whose `register(sub, parent)` replaces the placeholders of the verbs
    it defines with their real parsers."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.parent = common_options()
        self.loaded: set[str] = set()

    def load(self, verb: str) -> None:
        module = VERBS[verb][0] if verb in VERBS else None
        if module is None or module in self.loaded:
            return
        self.loaded.add(module)
        listed = list(self._choices_actions)
        for name, (owner, _) in VERBS.items():
            if owner == module:
                del self._name_parser_map[name]
        importlib.import_module(module).register(self, self.parent)
        self._choices_actions[:] = listed  # the table's lines, once each

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        self.load(values[0])
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skillopt-sleep",
        description="Replay recorded agent sessions offline, reflect, and keep only the skill edits "
        "that a held-out gate accepts.",
    )
    parser.add_argument("--version", action="version", version=f"skillopt-sleep {__version__}")
    add_verbosity_options(parser, with_defaults=True)
    parser.register("action", "lazy_verbs", LazyVerbs)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action="lazy_verbs")
    for verb, (_, help_text) in VERBS.items():
        sub.add_parser(verb, help=help_text)
    return parser


def main(argv: list[str] | None = None) -> int:
    with worded_for_surface():
        return run_command(argv)


def run_command(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from skillopt_sleep.cli.logs import configure_logging  # deferred: `--help` and `--version` log nothing

    configure_logging(args.verbose, args.quiet)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    # Inside an agent (Claude Code, Codex: proposals/asked.py names how each says so), a write action
    # runs only as its user typed it.
    if os.environ.get("CLAUDECODE") == "1" or os.environ.get("CODEX_THREAD_ID"):
        from skillopt_sleep.api.consent import refusal

        words = list(sys.argv[1:] if argv is None else argv)
        refused = refusal(os.environ, args.command, words[words.index(args.command) + 1:])
        if refused:
            print(f"skillopt-sleep: {refused}", file=sys.stderr)
            return SkilloptError.exit_code
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
