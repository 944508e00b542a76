"""A progress display for long runs (nights, ingest, mining, experiments).

Messages are lines with the UTC time and elapsed time. Counted stages (`ProgressEvent`: replay,
reflection, gate, attribution, ingest, mining, cells) show done/total, the stage's elapsed time
and the running cost: on a terminal as `rich` progress bars with an ETA; elsewhere (a pipe, as
inside an agent's shell tool, a log, cron) as plain timestamped lines, exactly two for each run
of a stage: one as it starts and one as it ends, each flushed as it happens. A reader of the pipe
(an agent's transcript, the model reading the output after it) gets the night's shape without a
line per call.
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
    start_done: int = 0  # where this run began (a later round's reflection begins past 0)
    last: ProgressEvent | None = None  # its latest count, for an end line written when it stops short
    ended: bool = False  # its end line is written (a stage may report its last count twice)


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
    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False, console: Console | None = None):
        self.stream = stream or (console.file if console is not None else sys.stderr)
        self.quiet = quiet
        self.started = time.monotonic()
        self.prefix = ""
        self.console = console
        self._live = console.is_terminal if console is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self._status_open = False
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
        """A counted stage moved: a bar on a terminal; elsewhere a line as a run of it starts and ends."""
        if self.quiet:
            return
        now = time.monotonic()
        run = self._runs.get(event.stage)
        came_back = event.stage != self._current
        if came_back:
            self._switch(event)
        previous = 0 if run is None or event.done == 0 or event.done < run.done else run.done
        if run is None or event.done == 0 or event.done < run.done or came_back:
            self._end_run(event.stage, now)
            run = self._runs[event.stage] = StageRun(started=now, total=event.total, done=event.done, start_done=event.done)
            self.event(f"{event.stage} starts ({event.done}/{event.total})"
                       + (f": {STARTS[event.stage]}" if event.stage in STARTS else ""))
        if self._night is not None and event.stage in REPLAY_STAGES:
            self._night.done += max(0, event.done - previous)
        run.done, run.total, run.last = event.done, event.total, event
        if self._live:
            self._draw(event)
        elif event.done >= event.total:
            self._end_run(event.stage, now)

    def _end_run(self, stage: str, now: float) -> None:
        """A run's one end line off a terminal: at its last count, or where it stopped short (a
        night's last round of reflection, a budget stop) when another stage starts or the display closes."""
        run = self._runs.get(stage)
        if self._live or self.quiet or run is None or run.last is None or run.ended:
            return
        run.ended = True
        print(self._line(self.describe(run.last, run, now)), file=self.stream, flush=True)

    def _switch(self, event: ProgressEvent) -> None:
        """Another stage reports: the last stage's run ends here if it has not (its line, or its bar stops counting)."""
        left = self._current
        self._current = event.stage
        self._end_run(left, time.monotonic())
        if self._bars is not None and left in self._bar_ids:
            bar = self._bar_ids[left]
            if not next(task for task in self._bars.tasks if task.id == bar).finished:
                self._bars.stop_task(bar)
                self._bars.update(bar, visible=False)

    def describe(self, event: ProgressEvent, run: StageRun, now: float) -> str:
        """A run's end: its counts, elapsed time, cost, and the night's count against its plan."""
        parts = [f"{event.stage} {event.done}/{event.total}", f"elapsed {clock(now - run.started)}"]
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
        """Stop drawing (the bars stay on screen as they ended); an unfinished run's end line is written."""
        self._end_run(self._current, time.monotonic())
        if self._bars is not None:
            self._bars.stop()
            self._bars = None
            self._bar_ids.clear()
        self._end_status()

    def _end_status(self) -> None:
        if self._status_open:
            print(file=self.stream, flush=True)
            self._status_open = False
