"""Which scheduler installs and removes entries: the one named, or the one this machine has."""

from __future__ import annotations

import shutil
import sys

from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.schedule.cron import CronScheduler
from skillopt_sleep.schedule.entry import Scheduler
from skillopt_sleep.schedule.launchd import LaunchdScheduler
from skillopt_sleep.schedule.manual import ManualScheduler
from skillopt_sleep.schedule.systemd import SystemdScheduler, systemd_user_available

KINDS = ("auto", "cron", "systemd", "launchd", "manual")


def scheduler_for(kind: str) -> Scheduler:
    """The scheduler named, or for 'auto' the one this machine has: launchd on macOS, else cron,
    else a systemd user instance."""
    if kind == "cron":
        return CronScheduler()
    if kind == "systemd":
        return SystemdScheduler()
    if kind == "launchd":
        return LaunchdScheduler()
    if kind == "manual":
        return ManualScheduler()
    if kind != "auto":
        raise ScheduleError(f"unknown scheduler {kind!r}; choose one of {', '.join(KINDS)}")
    if sys.platform == "darwin" and shutil.which("launchctl"):
        return LaunchdScheduler()
    if shutil.which("crontab"):
        return CronScheduler()
    if systemd_user_available():
        return SystemdScheduler()
    raise ScheduleError("no scheduler found on this machine (no crontab, no systemd user instance, no launchd); "
                        "install cron, or run nights by hand with `skillopt-sleep run`")
