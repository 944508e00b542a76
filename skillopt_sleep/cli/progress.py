"""A progress display for long runs: one line per event with the UTC time and elapsed time;
on a terminal the night's chatter rewrites one status line instead of scrolling."""

from __future__ import annotations

import sys
import time
from datetime import datetime, timezone
from typing import TextIO


class Progress:
    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False):
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.started = time.monotonic()
        self.prefix = ""
        self._live = bool(getattr(self.stream, "isatty", lambda: False)())
        self._status_open = False

    def _stamp(self) -> str:
        elapsed = int(time.monotonic() - self.started)
        now = datetime.now(timezone.utc).strftime("%H:%M:%SZ")
        return f"[{now} +{elapsed // 3600:d}:{elapsed % 3600 // 60:02d}:{elapsed % 60:02d}]"

    def stage(self, prefix: str) -> None:
        """What is running now (e.g. 'cell 2/8 advisor gate=on night 1/3')."""
        self.prefix = prefix

    def event(self, message: str) -> None:
        """A milestone: always its own line."""
        if self.quiet:
            return
        self._end_status()
        print(f"{self._stamp()} {self.prefix}: {message}" if self.prefix else f"{self._stamp()} {message}",
              file=self.stream, flush=True)

    def status(self, message: str) -> None:
        """Chatter from inside a night; on a terminal it overwrites the previous status."""
        if self.quiet:
            return
        line = f"{self._stamp()} {self.prefix}: {message}" if self.prefix else f"{self._stamp()} {message}"
        if self._live:
            print("\r\033[K" + line[:200], end="", file=self.stream, flush=True)
            self._status_open = True
        else:
            print(line, file=self.stream, flush=True)

    def _end_status(self) -> None:
        if self._status_open:
            print(file=self.stream, flush=True)
            self._status_open = False
