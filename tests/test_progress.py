"""A night you can watch: counts, elapsed time, ETA and cost per stage, drawn on a terminal and as
plain timestamped lines in a log."""

from __future__ import annotations

import io
import re
import shutil
import time
from pathlib import Path

from rich.console import Console

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.config import SCHEMA
from skillopt_sleep.events import ProgressEvent
from skillopt_sleep.night.sequencing.engine import run_night
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from tests.test_night import env, inputs, literal_student, rule_task, silent_teacher  # noqa: F401 - env is a fixture

STAMP = re.compile(r"^\[\d\d:\d\d:\d\dZ \+\d+:\d\d:\d\d\] ")


def night_with(tmp_path, skill, store, display: Progress):
    tasks = [rule_task(i) for i in range(12)]
    events: list[ProgressEvent] = []

    def record(event: ProgressEvent) -> None:
        events.append(event)
        display.update(event)

    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(literal_student), ScriptedBackend(silent_teacher),
                              tasks, on_progress=record, progress=display.event))
    display.close()
    return report, events


def rollouts_per_split(report) -> tuple[int, int]:
    """(train, held-out) rollouts of the night's first replay: each task the same number of times."""
    train, val = len(report.split["train"]), len(report.split["val"])
    times = SCHEMA["night.rollouts"].default  # the nights here keep the default samples per task
    return train * times, val * times


def test_a_night_reports_every_rollout_of_every_stage(env):
    tmp_path, skill, store = env
    report, events = night_with(tmp_path, skill, store, Progress(io.StringIO(), quiet=True))
    assert report.status == "accepted"
    stages = {e.stage for e in events}
    assert {"replay", "reflection", "gate"} <= stages
    train, val = rollouts_per_split(report)
    assert {train, val} <= {e.total for e in events if e.stage == "replay"}
    # Each stage run counts up from 0 to its total, one finished rollout at a time.
    gate = [e.done for e in events if e.stage == "gate"]
    assert gate == list(range(val + 1))
    assert all(e.cost_usd is not None for e in events)


def test_on_a_terminal_the_stages_are_drawn_with_counts_and_eta(env):
    tmp_path, skill, store = env
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=140, color_system=None)
    report, _ = night_with(tmp_path, skill, store, Progress(console=console))
    drawn = screen.getvalue()
    _, val = rollouts_per_split(report)
    assert "\x1b[" in drawn  # drawn in place, not scrolled
    assert re.search(rf"gate\s.*{val}/{val}", drawn)
    assert re.search(r"ETA \d+:\d\d:\d\d", drawn)
    assert "$0.0000" in drawn
    assert "replaying" in drawn  # the night's messages still show, above the bars


def test_in_a_log_the_stages_are_plain_timestamped_lines(env):
    tmp_path, skill, store = env
    log = io.StringIO()
    report, _ = night_with(tmp_path, skill, store, Progress(log, interval_s=0.0))
    lines = log.getvalue().splitlines()
    assert lines and all(STAMP.match(line) for line in lines)
    assert "\x1b" not in log.getvalue() and "\r" not in log.getvalue()
    train, _ = rollouts_per_split(report)
    assert any(line.endswith(f"replay 0/{train}, elapsed 0:00:00, cost $0.0000") for line in lines)
    assert any(f"replay {train}/{train}, elapsed" in line for line in lines)
    assert any(re.search(r"replay \d+/\d+, elapsed \d+:\d\d:\d\d, ETA \d+:\d\d:\d\d, cost \$", line) for line in lines)
    assert any("reflection 1/" in line for line in lines)


def test_plain_lines_are_throttled_but_every_stage_end_is_shown():
    log = io.StringIO()
    display = Progress(log, interval_s=3600)
    for done in range(0, 51):
        display.update(ProgressEvent("ingest", done, 50))
    lines = log.getvalue().splitlines()
    assert len(lines) == 3
    assert lines[0].endswith("ingest starts")
    assert "ingest 0/50" in lines[1] and "ingest 50/50" in lines[2] and "cost" not in lines[2]


def test_a_line_says_when_each_stage_starts_and_the_night_counts_against_its_plan(env):
    tmp_path, skill, store = env
    log = io.StringIO()
    display = Progress(log, interval_s=0.0)
    display.plan_night(1000)
    report, events = night_with(tmp_path, skill, store, display)
    lines = log.getvalue().splitlines()
    starts = [line.split("] ", 1)[1] for line in lines if line.endswith(" starts") or " starts: " in line]
    assert starts[:3] == ["replay starts", "reflection starts", "gate starts"]
    replays = sum(e.done for e in events if e.stage in ("replay", "gate", "attribution") and e.done == e.total)
    assert any(f"night {replays}/1000 replays at most" in line for line in lines)
    assert any(re.search(r"night \d+/1000 replays at most, ETA at most \d+:\d\d:\d\d", line) for line in lines)
    # The gate's verdict is a line of its own before the night ends.
    assert any("gate accept" in line for line in lines)


def test_a_bar_left_unfinished_stops_counting_when_another_stage_starts():
    screen = io.StringIO()
    display = Progress(console=Console(file=screen, force_terminal=True, width=140, color_system=None))
    display.update(ProgressEvent("reflection", 0, 2))
    display.update(ProgressEvent("reflection", 1, 2))
    display.update(ProgressEvent("gate", 0, 4))
    [reflection] = [task for task in display._bars.tasks if task.description == "reflection"]
    assert not reflection.visible and reflection.stop_time is not None
    frozen = reflection.elapsed
    time.sleep(0.05)
    assert reflection.elapsed == frozen
    display.update(ProgressEvent("gate", 4, 4))
    display.update(ProgressEvent("reflection", 1, 2))  # round 2: the bar comes back with a fresh clock
    assert reflection.visible and reflection.elapsed < 0.05
    display.close()


def test_harvest_and_mining_report_their_counts(tmp_path):
    fixtures = Path(__file__).parent / "fixtures"
    shutil.copytree(fixtures / "claude" / "projects", tmp_path / ".claude" / "projects")
    shutil.copytree(fixtures / "codex" / "sessions", tmp_path / ".codex" / "sessions")
    events: list[ProgressEvent] = []
    log = io.StringIO()
    display = Progress(log, interval_s=3600)

    def record(event: ProgressEvent) -> None:
        events.append(event)
        display.update(event)

    with Store(tmp_path / "store.db") as store:
        report = harvest(store, Homes(tmp_path / ".claude", tmp_path / ".codex"), IngestOptions(), on_progress=record)
        mined = HeuristicMiner(store).run(on_progress=record)
    ingest = [e for e in events if e.stage == "ingest"]
    assert [e.done for e in ingest] == list(range(ingest[0].total + 1)) and ingest[0].total >= report.files > 0
    mining = [e for e in events if e.stage == "mining"]
    assert mining[-1].done == mining[-1].total == mined.sessions > 0
    lines = log.getvalue().splitlines()
    assert any(f"ingest {ingest[0].total}/{ingest[0].total}" in line for line in lines)
    assert any(f"mining {mined.sessions}/{mined.sessions}" in line for line in lines)
