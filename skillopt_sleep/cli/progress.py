"""A progress display for long runs (nights, ingest, mining, experiments).

Messages are lines with the UTC time and elapsed time. Counted stages (`ProgressEvent`: replay,
reflection, gate, attribution, ingest, mining, cells) show done/total, the stage's elapsed time,
an ETA and the running cost: on a terminal as `rich` progress bars, elsewhere (logs, cron) as
plain timestamped lines, at most one per stage every `interval_s` seconds plus each stage's start
and end (every step of a stage of a few steps).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich is imported when bars are drawn: a command off a terminal never loads it
    from rich.console import Console
    from rich.progress import Progress as RichProgress

from skillopt_sleep.events import ProgressEvent

PLAIN_INTERVAL_S = 10.0
FEW_UNITS = 5  # a stage this short (the rounds of reflection) gets a line per step
REPLAY_STAGES = ("replay", "gate", "attribution")  # their units are replays, as a night's plan counts them
# What a stage's start means to the reader, where its name alone does not say it.
STARTS = {"attribution": "the gate accepted the round's edits; attribution now measures each one alone"}


def clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600:d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def cost_text(cost_usd: float | None) -> str:
    return "" if cost_usd is None else f"${cost_usd:.4f}"


@dataclass
class StageRun:
    """One run of a stage: it restarts when the stage reports done 0, or comes back after another."""

    started: float
    total: int
    done: int = 0
    printed_at: float = 0.0
    start_done: int = 0  # where this run began (a later round's reflection begins past 0)

    def eta_s(self, now: float) -> float | None:
        moved = self.done - self.start_done
        if moved <= 0 or self.done >= self.total:
            return None
        return (now - self.started) / moved * (self.total - self.done)


@dataclass
class NightRun:
    """The whole night against its plan: replays done of the most the plan allows."""

    started: float
    planned: int
    done: int = 0

    def eta_s(self, now: float) -> float | None:
        if not self.done or self.done >= self.planned:
            return None
        return (now - self.started) / self.done * (self.planned - self.done)

    def text(self, now: float) -> str:
        eta = self.eta_s(now)
        return f"night {self.done}/{self.planned} replays at most" + (f", ETA at most {clock(eta)}" if eta is not None else "")


class Progress:
    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False, console: Console | None = None,
                 interval_s: float = PLAIN_INTERVAL_S):
        self.stream = stream or (console.file if console is not None else sys.stderr)
        self.quiet = quiet
        self.started = time.monotonic()
        self.prefix = ""
        self.console = console
        self._live = console.is_terminal if console is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self._status_open = False
        self.interval_s = interval_s
        self._runs: dict[str, StageRun] = {}
        self._bars: RichProgress | None = None
        self._bar_ids: dict[str, int] = {}
        self._current = ""  # the stage of the last event
        self._night: NightRun | None = None

    def plan_night(self, replays: int) -> None:
        """The night's planned replays (the estimate's upper bound), for a night-level count and ETA."""
        if replays > 0:
            self._night = NightRun(started=time.monotonic(), planned=replays)

    def _stamp(self) -> str:
        now = datetime.now(timezone.utc).strftime("%H:%M:%SZ")
        return f"[{now} +{clock(time.monotonic() - self.started)}]"

    def _line(self, message: str) -> str:
        return f"{self._stamp()} {self.prefix}: {message}" if self.prefix else f"{self._stamp()} {message}"

    def stage(self, prefix: str) -> None:
        """What is running now (e.g. 'cell 2/8 advisor gate=on night 1/3')."""
        self.prefix = prefix

    def _handled(self, message: str) -> bool:
        """True when nothing is left to print: quiet, or the progress bars' console took the line."""
        if self._bars is not None and not self.quiet:
            self._bars.console.print(self._line(message), markup=False, highlight=False)
        return self.quiet or self._bars is not None

    def event(self, message: str) -> None:
        """A milestone: always its own line."""
        if self._handled(message):
            return
        self._end_status()
        print(self._line(message), file=self.stream, flush=True)

    def status(self, message: str) -> None:
        """Chatter from inside a night; on a terminal it overwrites the previous status."""
        if self._handled(message):
            return
        line = self._line(message)
        if self._live:
            print("\r\033[K" + line[:200], end="", file=self.stream, flush=True)
            self._status_open = True
        else:
            print(line, file=self.stream, flush=True)

    def update(self, event: ProgressEvent) -> None:
        """A counted stage moved: a bar on a terminal, a throttled plain line elsewhere."""
        if self.quiet:
            return
        now = time.monotonic()
        run = self._runs.get(event.stage)
        came_back = event.stage != self._current
        if came_back:
            self._switch(event)
        previous = 0 if run is None or event.done == 0 or event.done < run.done else run.done
        if run is None or event.done == 0 or event.done < run.done or came_back:
            run = self._runs[event.stage] = StageRun(started=now, total=event.total, done=event.done, start_done=event.done)
        if self._night is not None and event.stage in REPLAY_STAGES:
            self._night.done += max(0, event.done - previous)
        run.done, run.total = event.done, event.total
        if self._live:
            self._draw(event)
            return
        finished = event.done >= event.total
        if finished or came_back or event.done == 0 or event.total <= FEW_UNITS or now - run.printed_at >= self.interval_s:
            run.printed_at = now
            print(self._line(self.describe(event, run, now)), file=self.stream, flush=True)

    def _switch(self, event: ProgressEvent) -> None:
        """A stage starts: a line that says so, and the last stage's unfinished bar stops counting."""
        left = self._current
        self._current = event.stage
        if self._bars is not None and left in self._bar_ids:
            bar = self._bar_ids[left]
            if not next(task for task in self._bars.tasks if task.id == bar).finished:
                self._bars.stop_task(bar)
                self._bars.update(bar, visible=False)
        self.event(f"{event.stage} starts" + (f": {STARTS[event.stage]}" if event.stage in STARTS else ""))

    def describe(self, event: ProgressEvent, run: StageRun, now: float) -> str:
        parts = [f"{event.stage} {event.done}/{event.total}", f"elapsed {clock(now - run.started)}"]
        eta = run.eta_s(now)
        if eta is not None:
            parts.append(f"ETA {clock(eta)}")
        if event.cost_usd is not None:
            parts.append(f"cost {cost_text(event.cost_usd)}")
        if event.detail:
            parts.append(event.detail)
        if self._night is not None and event.stage in REPLAY_STAGES:
            parts.append(self._night.text(now))
        return ", ".join(parts)

    def _draw(self, event: ProgressEvent) -> None:
        if self._bars is None:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)

            self._end_status()
            console = self.console or Console(file=self.stream)
            self._bars = RichProgress(
                TextColumn("{task.description:<12}"), BarColumn(), MofNCompleteColumn(), TextColumn("elapsed"),
                TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), TextColumn("{task.fields[cost]}"),
                console=console, transient=False,
            )
            self._bars.start()
        bars = self._bars
        if self._night is not None and "night" not in self._bar_ids:
            self._bar_ids["night"] = bars.add_task("night (at most)", total=self._night.planned, cost="")
        if event.stage not in self._bar_ids:
            self._bar_ids[event.stage] = bars.add_task(event.stage, total=event.total, cost="")
        bar = self._bar_ids[event.stage]
        run = self._runs[event.stage]
        if event.done == run.start_done:  # a new run of the stage: its clock starts now
            bars.reset(bar, total=event.total, completed=event.done, visible=True)
        bars.update(bar, completed=event.done, total=event.total, cost=cost_text(event.cost_usd))
        if self._night is not None:
            bars.update(self._bar_ids["night"], completed=min(self._night.done, self._night.planned),
                        cost=cost_text(event.cost_usd))

    def close(self) -> None:
        """Stop drawing (the bars stay on screen as they ended)."""
        if self._bars is not None:
            self._bars.stop()
            self._bars = None
            self._bar_ids.clear()
        self._end_status()

    def _end_status(self) -> None:
        if self._status_open:
            print(file=self.stream, flush=True)
            self._status_open = False
