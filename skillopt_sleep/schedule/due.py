"""When a scheduled night is due, and the state file that remembers the last one.

The entry runs every hour at the schedule's minute and asks whether a night is due: one is due
when no scheduled night has succeeded since the most recent scheduled time (nor since the
schedule was installed), so a night missed while the machine slept runs once, at the next check
after it wakes. A failed night is retried a few hours later.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

from skillopt_sleep.atomicfile import write_json_atomic
from skillopt_sleep.paths import data_dir

RETRY_AFTER_S = 3 * 3600.0  # a failed night is retried this long after, until one succeeds


def state_path(name: str) -> Path:
    return data_dir() / "schedules" / f"{name}.state.json"


def iso_utc(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def _epoch(text: str | None) -> float | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc).timestamp()
    except ValueError:
        return None


def local_text(epoch: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(epoch))


@dataclass
class ScheduleState:
    scheduled_at: str | None = None  # when `schedule` last installed this entry
    last_success_at: str | None = None  # start of the last scheduled night that finished
    last_attempt_at: str | None = None
    last_status: str | None = None  # the night's status, or "failed"
    last_error: str | None = None
    last_night_id: str | None = None


def read_state(path: Path) -> ScheduleState:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ScheduleState()
    known = ScheduleState.__dataclass_fields__
    return ScheduleState(**{k: v for k, v in data.items() if k in known and (v is None or isinstance(v, str))})


def write_state(path: Path, state: ScheduleState) -> None:
    write_json_atomic(path, asdict(state), sort_keys=True)


def _local_at(day_epoch: float, hour: int, minute: int) -> float:
    day = time.localtime(day_epoch)
    # isdst=-1 lets the C library decide daylight saving for that date.
    return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, hour, minute, 0, 0, 0, -1))


def latest_slot(now: float, hour: int, minute: int) -> float:
    """The most recent local HH:MM at or before `now` (epoch seconds)."""
    slot = _local_at(now, hour, minute)
    return slot if slot <= now else _local_at(now - 86400, hour, minute)


def next_slot(now: float, hour: int, minute: int) -> float:
    slot = _local_at(now, hour, minute)
    return slot if slot > now else _local_at(now + 86400, hour, minute)


@dataclass
class Due:
    due: bool
    reason: str


def night_due(now: float, state: ScheduleState, hour: int, minute: int, *, retry_after_s: float = RETRY_AFTER_S) -> Due:
    slot = latest_slot(now, hour, minute)
    upcoming = local_text(next_slot(now, hour, minute))
    succeeded = _epoch(state.last_success_at)
    installed = _epoch(state.scheduled_at)
    if succeeded is not None and succeeded >= slot:
        return Due(False, f"not due: the last night ran at {local_text(succeeded)}; next at {upcoming}")
    if succeeded is None and installed is not None and installed >= slot:
        return Due(False, f"not due: scheduled at {local_text(installed)}; the first night runs at {upcoming}")
    attempted = _epoch(state.last_attempt_at)
    if state.last_status == "failed" and attempted is not None and attempted >= slot and now - attempted < retry_after_s:
        return Due(False, f"not due: the night at {local_text(attempted)} failed ({state.last_error}); "
                          f"retrying after {local_text(attempted + retry_after_s)}")
    late = now - slot
    catch_up = f" (catching up: the scheduled time {local_text(slot)} passed {late / 3600:.1f} h ago)" if late > 3600 else ""
    return Due(True, f"due: no night has run since {local_text(slot)}{catch_up}")
