"""`schedule --via manual`: for a machine whose scheduler we do not drive (a CI job, Windows Task
Scheduler, a cluster's cron): the snapshot is written and the command to run hourly is printed;
nothing is installed, so there is nothing to remove."""

from __future__ import annotations

import shlex

from skillopt_sleep.schedule.entry import Entry


class ManualScheduler:
    kind = "manual"

    def install(self, entry: Entry) -> str:
        return "your own scheduler (nothing installed)"

    @staticmethod
    def command(entry: Entry) -> str:
        """The line to run hourly, environment included, as a shell takes it."""
        env = " ".join(f"{key}={shlex.quote(value)}" for key, value in sorted(entry.env.items()))
        return f"{env} {' '.join(shlex.quote(part) for part in entry.argv)}".strip()

    def remove(self, name: str | None) -> bool:
        return False

    def installed(self) -> list[str]:
        return []
