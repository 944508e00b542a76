"""Nights on a schedule: what `schedule` installs (a config snapshot and a cron, systemd or launchd
entry), what that entry runs (`scheduled_run`: a night when one is due, under the skill's lock),
and the line a starting session gets when a proposal waits."""

from __future__ import annotations

import os
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from skillopt_sleep.api.options import Settings, as_config
from skillopt_sleep.api.results import Word
from skillopt_sleep.errors import NightLockedError, ScheduleError, SkilloptError
from skillopt_sleep.night.runlock import skill_lock
from skillopt_sleep.paths import default_db_path
from skillopt_sleep.proposals.notice import session_context
from skillopt_sleep.proposals.pending_notice import hook_output
from skillopt_sleep.schedule.due import ScheduleState, night_due, read_state, state_path, write_state
from skillopt_sleep.schedule.entry import Entry, log_path, rotate_log
from skillopt_sleep.schedule.manual import ManualScheduler
from skillopt_sleep.schedule.schedulers import KINDS, scheduler_for
from skillopt_sleep.schedule.snapshot import (
    DEFAULT_NAME, Snapshot, build_snapshot, check_name, list_snapshots, missing_keys, parse_time, read_env_file,
    read_snapshot, snapshot_path, write_snapshot,
)
from skillopt_sleep.store import utc_now

if TYPE_CHECKING:
    from skillopt_sleep.api.results import SleepResult  # noqa: F401

__all__ = [
    "DEFAULT_NAME", "KINDS", "Entry", "ManualScheduler", "RunOutcome", "ScheduleState", "ScheduledRun", "Snapshot",
    "build_snapshot", "check_name", "hook_output", "list_snapshots", "log_path", "missing_keys", "night_due",
    "parse_time", "pending_notice", "read_schedule", "read_snapshot", "read_state", "rotate_log", "scheduled_run",
    "scheduler_for", "snapshot_path", "state_path", "utc_now", "write_snapshot", "write_state",
]

Log = Callable[[str], None]


class RunOutcome(Word):
    """How a scheduled run ended."""

    NOT_DUE = "not-due"  # a night already ran since the last scheduled time
    LOCKED = "locked"  # another night holds the skill's lock: skipped, not failed
    CANNOT_RUN = "cannot-run"  # the snapshot or its env file cannot be used
    FAILED = "failed"  # the night stopped on an error; the next check retries it
    SLEPT = "slept"


@dataclass(frozen=True)
class ScheduledRun:
    """What a scheduled run did: its outcome, the sleep it ran, or the error that stopped it."""

    outcome: RunOutcome
    sleep: SleepResult | None = None  # when the nights ran
    error: BaseException | None = None  # what stopped a CANNOT_RUN or FAILED run


def read_schedule(path: Path) -> Snapshot:
    """The snapshot a scheduled run starts from, with the environment it froze put back first."""
    snapshot = read_snapshot(path)
    os.environ.update(snapshot.env)
    return snapshot


def scheduled_run(snapshot: Snapshot, *, force: bool = False, log: Log, on_progress: Callable | None = None,
                  show_nights: Callable | None = None) -> ScheduledRun:
    """What the scheduler's entry runs: a `sleep` on the snapshot's config when a night is due (or
    `force`), under the skill's lock, from the scheduled project folder; the schedule's state
    records the attempt and its outcome. `log` gets every line the run's log holds, and
    `show_nights` the finished nights' reports before the closing lines are logged."""
    if snapshot.env_file:
        try:
            os.environ.update(read_env_file(Path(snapshot.env_file)))
        except ScheduleError as exc:
            log(f"cannot run: {exc}")
            return ScheduledRun(RunOutcome.CANNOT_RUN, error=exc)
    hour, minute = parse_time(snapshot.time)
    state_file = state_path(snapshot.name)
    due = night_due(time.time(), read_state(state_file), hour, minute)
    if not due.due and not force:
        log(due.reason)
        return ScheduledRun(RunOutcome.NOT_DUE)
    config = snapshot.config()
    if not config["skill"]:
        log(f"cannot run: the snapshot names no skill; run `skillopt-sleep schedule --name {snapshot.name} --skill PATH`")
        return ScheduledRun(RunOutcome.CANNOT_RUN, error=ScheduleError("the snapshot names no skill"))
    try:
        with skill_lock(config["skill"], command=f"scheduled-run {snapshot.name}"):
            state = read_state(state_file)  # another run may have finished a night meanwhile
            due = night_due(time.time(), state, hour, minute)
            if not due.due and not force:
                log(due.reason)
                return ScheduledRun(RunOutcome.NOT_DUE)
            log(due.reason if due.due else "forced: running a night that is not due")
            return _night(snapshot, config, state, state_file, log, on_progress, show_nights)
    except NightLockedError as exc:
        log(f"skipped: {exc}")
        return ScheduledRun(RunOutcome.LOCKED, error=exc)


def _night(snapshot: Snapshot, config, state: ScheduleState, state_file: Path, log: Log,
           on_progress: Callable | None, show_nights: Callable | None) -> ScheduledRun:
    from skillopt_sleep.api.flow import sleep  # the engine: only a night that runs needs it

    started_at = utc_now()
    state.last_attempt_at = started_at
    try:
        os.chdir(snapshot.project)
    except OSError as exc:
        log(f"project folder {snapshot.project} is unusable ({exc}); running from {Path.cwd()}")
    try:
        result = sleep(config, progress=log, on_progress=on_progress)
        notes = [f"skill not optimized: {r.name}: {r.problem}" for r in result.unresolved] + list(result.notes)
        if not result.reports:
            raise SkilloptError("no night ran: " + "; ".join(notes))
    except Exception as exc:  # noqa: BLE001 - every failure is logged and retried later
        state.last_status, state.last_error = "failed", f"{type(exc).__name__}: {exc}"
        write_state(state_file, state)
        if isinstance(exc, SkilloptError):
            log(f"night failed: {exc}")
        else:
            log("night failed with an unexpected error:\n" + traceback.format_exc())
        return ScheduledRun(RunOutcome.FAILED, error=exc)
    if show_nights:
        show_nights(result.reports)
    for note in notes:
        log(note)
    headline = result.reports[0]  # the configured skill's night comes first
    state.last_success_at, state.last_status, state.last_error = started_at, headline.status, None
    state.last_night_id = headline.night_id
    write_state(state_file, state)
    for report in result.reports:
        log(f"night {report.night_id} ({report.summary()['skill']}) finished: {report.status}"
            + (f"; proposal {report.proposal_id} staged" if report.proposal_id else ""))
    return ScheduledRun(RunOutcome.SLEPT, sleep=result)


def pending_notice(settings: Settings, agent: str) -> str | None:
    """The line a starting session of `agent` gets when a proposal waits for review (None: nothing)."""
    config = as_config(settings)
    store_path = Path(config["store.path"]).expanduser() if config["store.path"] else default_db_path()
    return session_context(store_path, agent, [s.to_json() for s in list_snapshots()])
