"""`skillopt-sleep capture | ingest | harvest | mine`: record sessions, read them, turn them into tasks."""

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path

from skillopt_sleep import api
from skillopt_sleep.api.sessions import HARVESTED, harvest, ingest, record_session, store_counts
from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.cli.progress import Progress

AGENT_CHOICES = ("claude-code", "codex", "copilot", "opencode", "pi")


def register(sub, parent) -> None:
    capture = sub.add_parser("capture", parents=[parent], help="record one finished session (what the agents' hooks run)")
    capture.add_argument("--agent", required=True, choices=AGENT_CHOICES)
    capture.add_argument("--event", default="", help="event name when the payload has none (Codex notify, Copilot's camelCase hooks)")
    capture.add_argument("payload", nargs="?", default=None, help="hook JSON (default: read stdin)")
    capture.set_defaults(func=run_capture)

    ingest = sub.add_parser("ingest", parents=[parent], help="read captured transcripts into sessions (incremental)")
    add_json_option(ingest, "print the report as JSON")
    ingest.set_defaults(func=run_ingest_command)

    harvest = sub.add_parser("harvest", parents=[parent], help="backfill sessions from the agents' existing history")
    harvest.add_argument("--all", action="store_true", help="every project, not only --project (default: cwd)")
    harvest.add_argument("--agent", choices=HARVESTED + ("all",), default="all")
    add_json_option(harvest, "print the report as JSON")
    harvest.set_defaults(func=run_harvest, project_selects_sessions=True)

    mine = sub.add_parser("mine", parents=[parent], help="turn ingested sessions into replay tasks")
    mine.add_argument("--llm", action="store_true", help="also let the teacher write checks for recurring intents "
                      "(default: mining.llm)")
    mine.add_argument("--min-recurrence", type=int, default=None, metavar="N",
                      help="sessions an intent must recur in before the teacher judges it (default: mining.min_recurrence)")
    add_json_option(mine, "print the report as JSON")
    mine.set_defaults(func=run_mine)


def run_capture(args) -> int:
    argv = ["--agent", args.agent] + (["--event", args.event] if args.event else [])
    if args.payload is not None:
        argv.append(args.payload)
    return record_session(argv)


def _print(report, as_json: bool) -> None:
    print(json.dumps(report.to_dict(), indent=2, sort_keys=True) if as_json else report.render())


def _display(args) -> Progress:
    return Progress(quiet=args.quiet or args.json)


def run_ingest_command(args) -> int:
    config = config_from_args(args)
    with closing(_display(args)) as display:
        report = ingest(config, on_progress=display.update)
    _print(report, args.json)
    return 0


def run_harvest(args) -> int:
    config = config_from_args(args)
    if args.all:
        projects: list[str] | None = []
    elif args.project:
        projects = [str(Path(args.project).expanduser().resolve())]
    else:
        projects = None  # the configured capture.projects, else the current folder
    agents = HARVESTED if args.agent == "all" else (args.agent,)
    with closing(_display(args)) as display:
        report = harvest(config, projects=projects, agents=agents, on_progress=display.update)
    _print(report, args.json)
    return 0


def run_mine(args) -> int:
    config = config_from_args(args)
    with closing(_display(args)) as display:
        report = api.mine(config, llm=args.llm or config["mining.llm"], min_recurrence=args.min_recurrence,
                          on_progress=display.update)
    counts = store_counts(config)
    if args.json:
        out = report.to_dict()
        out.update({"store_sessions": counts["sessions"], "store_real_tasks": counts["real_tasks"]})
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(report.render())
        print(f"in the store: {counts['sessions']} sessions, {counts['real_tasks']} real tasks")
    return 0
