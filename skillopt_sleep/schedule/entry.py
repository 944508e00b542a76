"""What every scheduler installs: an entry that runs `python -m skillopt_sleep scheduled-run
--snapshot FILE` hourly at the schedule's minute, with its output appended to a rotated log."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.paths import log_dir
from skillopt_sleep.schedule.snapshot import Snapshot, parse_time

LOG_MAX_BYTES = 1_000_000
LOG_KEEP = 3


def log_path(name: str) -> Path:
    return log_dir() / f"scheduled-{name}.log"


def rotate_log(path: Path, *, max_bytes: int = LOG_MAX_BYTES, keep: int = LOG_KEEP) -> bool:
    """Size-based rotation: path -> path.1 -> ... -> path.KEEP, the oldest dropped."""
    try:
        if path.stat().st_size < max_bytes:
            return False
    except FileNotFoundError:
        return False
    for index in range(keep - 1, 0, -1):
        older = path.with_name(f"{path.name}.{index}")
        if older.exists():
            os.replace(older, path.with_name(f"{path.name}.{index + 1}"))
    os.replace(path, path.with_name(f"{path.name}.1"))
    return True


@dataclass
class Entry:
    name: str
    hour: int
    minute: int
    argv: list[str]
    env: dict[str, str]
    log: Path

    @classmethod
    def for_snapshot(cls, snapshot: Snapshot, snapshot_file: Path) -> "Entry":
        hour, minute = parse_time(snapshot.time)
        engine = snapshot.engine
        env = {"PYTHONPATH": engine["pythonpath"]}
        if snapshot.env.get("SKILLOPT_SLEEP_HOME"):
            env["SKILLOPT_SLEEP_HOME"] = snapshot.env["SKILLOPT_SLEEP_HOME"]
        argv = [engine["python"], "-m", "skillopt_sleep", "scheduled-run", "--snapshot", str(snapshot_file)]
        return cls(name=snapshot.name, hour=hour, minute=minute, argv=argv, env=env, log=log_path(snapshot.name))

    def describe(self) -> str:
        return f"nightly at {self.hour:02d}:{self.minute:02d} local time, checked hourly at :{self.minute:02d}"


class Scheduler(Protocol):
    kind: str

    def install(self, entry: Entry) -> str: ...

    def remove(self, name: str | None) -> bool: ...  # None: every entry it installed

    def installed(self) -> list[str]: ...


def run_tool(argv: list[str], *, input_text: str | None = None) -> subprocess.CompletedProcess:
    """Run a scheduler's own tool (crontab, systemctl, launchctl); a missing or hung one is a ScheduleError."""
    try:
        return subprocess.run(argv, input=input_text, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise ScheduleError(f"{argv[0]} is not installed") from None
    except subprocess.TimeoutExpired:
        raise ScheduleError(f"{' '.join(argv)} did not answer within 60 s") from None
