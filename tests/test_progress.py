"""A night you can watch: counts, elapsed time, ETA and cost per stage drawn on a terminal; off a
terminal (a pipe, a log) one timestamped line as each run of a stage starts and one as it ends."""

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


START = re.compile(r"^(\w+) starts \((\d+)/(\d+)\)")
END = re.compile(r"^(\w+) (\d+)/(\d+), elapsed \d+:\d\d:\d\d")


def stage_lines(text: str) -> list[tuple[str, str]]:
    """("start" or "end", stage) for each stage line, the timestamp and the night's messages left out."""
    found = []
    for line in text.splitlines():
        body = STAMP.sub("", line)
        for kind, pattern in (("start", START), ("end", END)):
            if pattern.match(body):
                found.append((kind, pattern.match(body).group(1)))
    return found


def one_start_and_one_end_per_run(pairs: list[tuple[str, str]]) -> list[str]:
    """The stage of each run, checking that the lines come as start, end of the same stage, and so on."""
    assert pairs and len(pairs) % 2 == 0, pairs
    starts, ends = pairs[0::2], pairs[1::2]
    assert all(kind == "start" for kind, _ in starts) and all(kind == "end" for kind, _ in ends), pairs
    assert [stage for _, stage in starts] == [stage for _, stage in ends], pairs
    return [stage for _, stage in starts]


def test_in_a_log_each_run_of_a_stage_is_one_start_line_and_one_end_line(env):
    tmp_path, skill, store = env
    log = io.StringIO()
    report, events = night_with(tmp_path, skill, store, Progress(log))
    lines = log.getvalue().splitlines()
    assert lines and all(STAMP.match(line) for line in lines)
    assert "\x1b" not in log.getvalue() and "\r" not in log.getvalue()
    runs = one_start_and_one_end_per_run(stage_lines(log.getvalue()))
    assert runs[:4] == ["replay", "replay", "reflection", "gate"]  # train, held-out, the teacher, the gate
    train, val = rollouts_per_split(report)
    bodies = [STAMP.sub("", line) for line in lines]
    assert bodies.count(f"replay starts (0/{train})") >= 1 and f"replay starts (0/{val})" in bodies
    assert any(re.match(rf"replay {train}/{train}, elapsed \d+:\d\d:\d\d, cost \$", body) for body in bodies)
    # Far fewer lines than counts: a line per run, not per replay.
    assert len(stage_lines(log.getvalue())) == 2 * len(runs) < len(events)


def test_a_run_reporting_its_last_count_twice_or_stopping_short_ends_in_one_line():
    log = io.StringIO()
    display = Progress(log)
    for done in [*range(0, 51), 50]:
        display.update(ProgressEvent("ingest", done, 50))
    display.update(ProgressEvent("reflection", 0, 2))
    display.update(ProgressEvent("reflection", 1, 2))  # the night needs no second round
    display.update(ProgressEvent("gate", 0, 4))
    display.update(ProgressEvent("gate", 3, 4, cost_usd=0.5))  # a budget stop
    display.close()
    bodies = [STAMP.sub("", line) for line in log.getvalue().splitlines()]
    assert [body.split(", elapsed")[0] for body in bodies] == [
        "ingest starts (0/50)", "ingest 50/50", "reflection starts (0/2)", "reflection 1/2", "gate starts (0/4)", "gate 3/4"]
    assert "cost" not in bodies[1] and bodies[-1].endswith("cost $0.5000")


def test_a_line_says_when_each_stage_starts_and_the_night_counts_against_its_plan(env):
    tmp_path, skill, store = env
    log = io.StringIO()
    display = Progress(log)
    display.plan_night(1000)
    report, events = night_with(tmp_path, skill, store, display)
    lines = log.getvalue().splitlines()
    starts = [STAMP.sub("", line) for line in lines if START.match(STAMP.sub("", line))]
    assert [start.split(" (")[0] for start in starts[:4]] == ["replay starts"] * 2 + ["reflection starts", "gate starts"]
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
    display = Progress(log)

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
