"""`schedule`, `unschedule`, `scheduled-run` (what cron calls) and `session-start` (the hook)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from skillopt_sleep import api
from skillopt_sleep.api.schedule import (
    DEFAULT_NAME, KINDS, Entry, ManualScheduler, build_snapshot, check_name, hook_output, list_snapshots, log_path,
    missing_keys, night_due, parse_time, read_snapshot, read_state, rotate_log, scheduler_for, snapshot_path,
    state_path, utc_now, write_snapshot, write_state,
)
from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.cli.night import night_exit_code, print_outcome
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.errors import ScheduleError, SkilloptError


def register(sub, parent) -> None:
    p = sub.add_parser("schedule", parents=[parent], help="run nights automatically (cron, systemd timer or launchd)")
    p.add_argument("--time", metavar="HH:MM", help="local time of the nightly run (default: config schedule.time)")
    p.add_argument("--name", default=None, help="name of this schedule, to keep several (default: 'default')")
    p.add_argument("--via", default="auto", choices=KINDS,
                   help="which scheduler installs the entry (default: the one this machine has); manual: install "
                        "nothing, print the command for your own scheduler")
    p.add_argument("--env-file", type=Path, metavar="FILE",
                   help="KEY=VALUE file the night reads first, for API keys a scheduler does not pass on")
    p.add_argument("--list", action="store_true", help="show the installed schedules and when each night is due")
    add_json_option(p, "print where the schedule went (snapshot, log, the command it runs) as JSON")
    p.set_defaults(func=run_schedule)

    p = sub.add_parser("unschedule", parents=[parent], help="remove what `schedule` installed")
    p.add_argument("--name", default=None, help="the schedule to remove (default: 'default')")
    p.add_argument("--all", action="store_true", help="remove every schedule")
    p.set_defaults(func=run_unschedule)

    p = sub.add_parser("scheduled-run", help="what the scheduler runs: a night, when one is due")
    p.add_argument("--snapshot", required=True, type=Path, help="the config snapshot `schedule` wrote")
    p.add_argument("--force", action="store_true", help="run the night even if one is not due")
    p.add_argument("--console", action="store_true", help="log to this terminal instead of the log file")
    p.set_defaults(func=run_scheduled)

    p = sub.add_parser("session-start", help="the SessionStart hook: one line of context when a proposal is pending")
    p.add_argument("--agent", default="claude-code", choices=("claude-code", "codex"))
    p.add_argument("--text", action="store_true", help="print the plain line instead of the hook's JSON")
    p.set_defaults(func=run_session_start)


# -- schedule / unschedule ------------------------------------------------------------------


def run_schedule(args) -> int:
    if args.list:
        return _print_list()
    config = config_from_args(args)
    name = check_name(args.name or DEFAULT_NAME)
    time_text = args.time or config["schedule.time"]
    project = Path(args.project or Path.cwd())
    scheduler = scheduler_for(args.via)
    snapshot = build_snapshot(config, name=name, project=project, time_text=time_text, via=scheduler.kind,
                              env_file=args.env_file)

    snapshot_file = snapshot_path(name)
    previous_text = snapshot_file.read_text(encoding="utf-8") if snapshot_file.is_file() else None
    try:
        previous_via = read_snapshot(snapshot_file).via if previous_text is not None else None
    except ScheduleError:
        previous_via = None
    write_snapshot(snapshot, snapshot_file)
    entry = Entry.for_snapshot(snapshot, snapshot_file)
    entry.log.parent.mkdir(parents=True, exist_ok=True)
    try:
        where = scheduler.install(entry)
    except SkilloptError:
        # Leave things as they were: the earlier entry still points at its snapshot.
        if previous_text is None:
            snapshot_file.unlink(missing_ok=True)
        else:
            snapshot_file.write_text(previous_text, encoding="utf-8")
        raise
    if previous_via and previous_via != scheduler.kind:
        scheduler_for(previous_via).remove(name)
    state_file = state_path(name)
    state = read_state(state_file)
    state.scheduled_at = snapshot.created_at
    write_state(state_file, state)

    if getattr(args, "json", False):
        print(json.dumps({"name": name, "via": scheduler.kind, "where": where, "snapshot": str(snapshot_file),
                          "log": str(entry.log), "argv": entry.argv, "env": entry.env}, indent=2))
        return 0
    values = snapshot.values
    print(f"scheduled {name!r} in {where}: {entry.describe()}; a night missed while the machine was off "
          "runs once at the next check")
    print(f"  skill:    {values['skill']}")
    print(f"  memory:   {values['memory'] or '(none)'}")
    print(f"  tasks:    {values['source']}" + (f" ({values['tasks_file']})" if values["source"] == "file" else f" ({values['store.path']})"))
    for role in ("student", "teacher"):
        model = values[f"{role}.model"] or "(backend default)"
        print(f"  {role}:  {values[f'{role}.backend']}:{model}")
    budgets = [f"{k.split('.', 1)[1]}={values[k]}" for k in sorted(values) if k.startswith("budget.") and values[k] is not None]
    print(f"  budget:   {', '.join(budgets) or 'none'}")
    print(f"  snapshot: {snapshot_file} (the whole config, frozen; schedule again to change it)")
    if snapshot.env_file:
        print(f"  env file: {snapshot.env_file} (read before each night)")
    print(f"  log:      {entry.log}")
    if isinstance(scheduler, ManualScheduler):
        print(f"  run:      hourly at :{entry.minute:02d}: {scheduler.command(entry)}")
    print("  undo:     skillopt-sleep unschedule" + ("" if name == DEFAULT_NAME else f" --name {name}"))
    for variable in missing_keys(values, dict(os.environ), args.env_file):
        print(f"warning: {variable} is set in this shell only; the scheduled night will not see it. Put it in a file "
              f"and schedule again with --env-file FILE", file=sys.stderr)
    return 0


def _print_list() -> int:
    snapshots = list_snapshots()
    if not snapshots:
        print("No schedules. `skillopt-sleep schedule` installs one.")
        return 0
    now = time.time()
    for snap in snapshots:
        hour, minute = parse_time(snap.time)
        state = read_state(state_path(snap.name))
        due = night_due(now, state, hour, minute)
        print(f"{snap.name}: {snap.via}, nightly at {snap.time}; skill {snap.values.get('skill')}")
        print(f"  last night: {state.last_success_at or 'none yet'}"
              + (f" ({state.last_status})" if state.last_status else "")
              + (f"; last error: {state.last_error}" if state.last_status == "failed" else ""))
        print(f"  {due.reason}")
    return 0


def run_unschedule(args) -> int:
    if args.all:
        names = {s.name for s in list_snapshots()}
        try:  # entries whose snapshot was deleted by hand go too
            names.update(scheduler_for("auto").installed())
        except ScheduleError:
            pass
        names = sorted(names)
    else:
        names = [check_name(args.name or DEFAULT_NAME)]
    for name in names:
        snapshot_file = snapshot_path(name)
        kinds: list[str] = []
        if snapshot_file.is_file():
            try:
                kinds.append(read_snapshot(snapshot_file).via)
            except ScheduleError:
                pass
        if not kinds:
            try:
                kinds.append(scheduler_for("auto").kind)
            except ScheduleError:
                pass
        removed = False
        for kind in kinds:
            removed = scheduler_for(kind).remove(name) or removed
        for path in (snapshot_file, state_path(name)):
            if path.exists():
                path.unlink()
                removed = True
        if removed:
            print(f"unscheduled {name!r}" + (f" (removed from {kinds[0]})" if kinds else ""))
        else:
            print(f"no schedule named {name!r}; nothing to remove")
    if args.all and not names:
        print("no schedules; nothing to remove")
    return 0


# -- scheduled-run ----------------------------------------------------------------------------


class RunLog:
    """Timestamped lines on stdout, which is the (rotated) log file unless --console."""

    def __init__(self, name: str):
        self.name = name

    def __call__(self, message: str) -> None:
        for line in str(message).splitlines() or [""]:
            print(f"{utc_now()} [{self.name}] {line}", flush=True)


def _redirect_output(log_file: Path) -> None:
    """Rotate the log, then send this process's stdout and stderr (and its children's) to it."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    rotate_log(log_file)
    sys.stdout.flush()
    sys.stderr.flush()
    fd = os.open(log_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)


def run_scheduled(args) -> int:
    snapshot = api.read_schedule(args.snapshot)
    if not args.console:
        _redirect_output(log_path(snapshot.name))
    # Stderr is the run's log file here, so the counts come as plain timestamped lines.
    run = api.scheduled_run(snapshot, force=args.force, log=RunLog(snapshot.name), on_progress=Progress().update,
                            show_nights=_show_nights)
    if run.outcome == api.RunOutcome.SLEPT:
        # A capped scheduled night is not a failure: the next run resumes it.
        return max((0 if r.status == api.NightStatus.BUDGET_STOPPED else night_exit_code(r) for r in run.sleep.reports),
                   default=0)
    if run.error is None or run.outcome == api.RunOutcome.LOCKED:
        return 0
    return run.error.exit_code if isinstance(run.error, SkilloptError) else 1


def _show_nights(reports) -> None:
    for report in reports:
        print_outcome(report)
    sys.stdout.flush()


# -- session-start ----------------------------------------------------------------------------


def run_session_start(args) -> int:
    """Never fails the session: any problem means no line, and exit 0."""
    try:
        text = api.pending_notice(config_from_args(args), args.agent)
        if text:
            print(text if args.text else hook_output(text))
    except Exception:  # noqa: BLE001 - a hook must never break the agent's session
        pass
    return 0
