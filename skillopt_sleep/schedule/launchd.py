"""Scheduling through a launchd agent (macOS): a plist in ~/Library/LaunchAgents, bootstrapped
into the user's GUI domain."""

from __future__ import annotations

import os
import plistlib
from pathlib import Path

from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.schedule.entry import Entry, run_tool


class LaunchdScheduler:
    kind = "launchd"

    def __init__(self, binary: str = "launchctl", agents_dir: Path | None = None):
        self.binary = binary
        self.agents_dir = agents_dir or Path.home() / "Library" / "LaunchAgents"

    def label(self, name: str) -> str:
        return f"dev.skillopt-sleep.{name}"

    def plist_path(self, name: str) -> Path:
        return self.agents_dir / f"{self.label(name)}.plist"

    def _domain(self) -> str:
        return f"gui/{os.getuid()}"

    def install(self, entry: Entry) -> str:
        label = self.label(entry.name)
        self.agents_dir.mkdir(parents=True, exist_ok=True)
        entry.log.parent.mkdir(parents=True, exist_ok=True)
        path = self.plist_path(entry.name)
        with path.open("wb") as handle:
            plistlib.dump({
                "Label": label,
                "ProgramArguments": entry.argv,
                "EnvironmentVariables": entry.env,
                "StartCalendarInterval": {"Minute": entry.minute},
                "StandardOutPath": str(entry.log),
                "StandardErrorPath": str(entry.log),
                "RunAtLoad": False,
            }, handle)
        run_tool([self.binary, "bootout", f"{self._domain()}/{label}"])  # a previous version, if loaded
        result = run_tool([self.binary, "bootstrap", self._domain(), str(path)])
        if result.returncode != 0:
            raise ScheduleError(f"launchctl could not load {path}: {result.stderr.strip() or result.returncode}")
        return f"launchd agent {label}"

    def remove(self, name: str | None) -> bool:
        removed = False
        for each in (self.installed() if name is None else [name]):
            path = self.plist_path(each)
            if not path.exists():
                continue
            run_tool([self.binary, "bootout", f"{self._domain()}/{self.label(each)}"])
            path.unlink()
            removed = True
        return removed

    def installed(self) -> list[str]:
        if not self.agents_dir.is_dir():
            return []
        prefix = "dev.skillopt-sleep."
        return sorted(p.name[len(prefix):-len(".plist")] for p in self.agents_dir.glob(f"{prefix}*.plist"))
