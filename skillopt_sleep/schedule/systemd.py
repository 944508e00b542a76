"""Scheduling through a systemd user timer: a oneshot service and an hourly, persistent timer
per schedule, in the user's unit folder."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.schedule.entry import Entry, run_tool


def _systemd_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%") + '"'


class SystemdScheduler:
    kind = "systemd"

    def __init__(self, binary: str = "systemctl", unit_dir: Path | None = None):
        self.binary = binary
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
        self.unit_dir = unit_dir or Path(base) / "systemd" / "user"

    def unit(self, name: str) -> str:
        return f"skillopt-sleep-{name}"

    def _systemctl(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        result = run_tool([self.binary, "--user", *args])
        if check and result.returncode != 0:
            raise ScheduleError(f"`systemctl --user {' '.join(args)}` failed: {result.stderr.strip() or result.returncode}")
        return result

    def install(self, entry: Entry) -> str:
        unit = self.unit(entry.name)
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        env_lines = "".join(f"Environment={_systemd_quote(f'{k}={v}')}\n" for k, v in entry.env.items())
        exec_start = " ".join(_systemd_quote(a) for a in entry.argv)
        (self.unit_dir / f"{unit}.service").write_text(
            f"# Written by skillopt-sleep schedule; `skillopt-sleep unschedule` removes it.\n"
            f"[Unit]\nDescription=skillopt-sleep night ({entry.name})\n\n"
            f"[Service]\nType=oneshot\n{env_lines}ExecStart={exec_start}\n", encoding="utf-8")
        (self.unit_dir / f"{unit}.timer").write_text(
            f"# Written by skillopt-sleep schedule; `skillopt-sleep unschedule` removes it.\n"
            f"[Unit]\nDescription=skillopt-sleep night ({entry.name}), {entry.describe()}\n\n"
            f"[Timer]\nOnCalendar=*-*-* *:{entry.minute:02d}:00\nPersistent=true\n\n"
            f"[Install]\nWantedBy=timers.target\n", encoding="utf-8")
        self._systemctl("daemon-reload")
        self._systemctl("enable", "--now", f"{unit}.timer")
        return f"systemd user timer {unit}.timer"

    def remove(self, name: str | None) -> bool:
        names = self.installed() if name is None else [name]
        removed = False
        for each in names:
            unit = self.unit(each)
            files = [self.unit_dir / f"{unit}.timer", self.unit_dir / f"{unit}.service"]
            if not any(f.exists() for f in files):
                continue
            self._systemctl("disable", "--now", f"{unit}.timer", check=False)
            for f in files:
                f.unlink(missing_ok=True)
            removed = True
        if removed:
            self._systemctl("daemon-reload", check=False)
        return removed

    def installed(self) -> list[str]:
        if not self.unit_dir.is_dir():
            return []
        return sorted(p.name[len("skillopt-sleep-"):-len(".timer")] for p in self.unit_dir.glob("skillopt-sleep-*.timer"))


def systemd_user_available() -> bool:
    if not shutil.which("systemctl"):
        return False
    try:
        result = subprocess.run(["systemctl", "--user", "show-environment"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0
