"""`skillopt-sleep capture | ingest | harvest | mine`: record sessions, read them, turn them into tasks."""

from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.capture.agents import AGENTS as HARVESTED
from skillopt_sleep.capture.homes import Homes
from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.paths import data_dir
from skillopt_sleep.store import Store

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
    return capture_hook.run(argv)  # the spool is in the data folder whatever store the config names


def _open(args):
    config = config_from_args(args)
    return config, Store(config["store.path"])


def _print(report, as_json: bool) -> None:
    print(json.dumps(report.to_dict(), indent=2, sort_keys=True) if as_json else report.render())


def _display(args) -> Progress:
    return Progress(quiet=args.quiet or args.json)


def run_ingest_command(args) -> int:
    config, store = _open(args)
    with store, closing(_display(args)) as display:
        report = run_ingest(store, data_dir(), IngestOptions.from_config(config), on_progress=display.update)
    _print(report, args.json)
    return 0


def run_harvest(args) -> int:
    from skillopt_sleep.capture.harvest import harvest  # the parsers and the walk: only this verb needs them

    config, store = _open(args)
    if args.all:
        projects: list[str] = []
    elif args.project:
        projects = [str(Path(args.project).expanduser().resolve())]
    else:
        projects = list(config["capture.projects"]) or [str(Path.cwd().resolve())]
    agents = HARVESTED if args.agent == "all" else (args.agent,)
    with store, closing(_display(args)) as display:
        report = harvest(store, Homes.from_env(), IngestOptions.from_config(config, projects), agents, on_progress=display.update)
    _print(report, args.json)
    return 0


def run_mine(args) -> int:
    from skillopt_sleep.api import mine_store  # the miners and backends: only this verb needs them

    config, store = _open(args)
    with store, closing(_display(args)) as display:
        report = mine_store(store, config, llm=args.llm or config["mining.llm"], min_recurrence=args.min_recurrence,
                            on_progress=display.update)
        total = store.query_one(
            "SELECT COUNT(*) AS tasks FROM tasks WHERE origin = 'real'")["tasks"]
        sessions = store.query_one("SELECT COUNT(*) AS n FROM sessions")["n"]
    if args.json:
        out = report.to_dict()
        out.update({"store_sessions": sessions, "store_real_tasks": total})
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print(report.render())
        print(f"in the store: {sessions} sessions, {total} real tasks")
    return 0
