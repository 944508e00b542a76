"""A night run with its output on a pipe (as inside an agent's shell tool) writes each stage's
lines as the stage happens: the real CLI in a child process, its student on a loopback
OpenAI-compatible server that holds the night mid-stage until the test has read what came so far."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.fakes import FakeOpenAI, text
from tests.test_night_outage import write_night_files
from tests.test_progress import STAMP, one_start_and_one_end_per_run, stage_lines

REPO = Path(__file__).resolve().parent.parent


class HeldStudent:
    """Writes the Key Risks section when its skill asks for it; every answer waits until `release`
    is set, so the night cannot end before the test lets it, and then takes `delay_s`, as a model would."""

    def __init__(self, delay_s: float = 0.0) -> None:
        self.release = threading.Event()
        self.delay_s = delay_s

    def __call__(self, request):
        if not self.release.wait(timeout=300):
            raise TimeoutError("the test never released the night")
        time.sleep(self.delay_s)
        system = request.json["messages"][0]["content"]
        return text("Answer.\n\n## Key Risks\n- cost" if "Key Risks" in system else "Answer without structure.")


def night_arguments(root: Path, skill: Path, base_url: str) -> list[str]:
    """`run` over `root`'s tasks, its student on the fake at `base_url`, its teacher scripted."""
    return ["run", "--skill", str(skill), "--tasks-file", str(root / "tasks.jsonl"), "--store", str(root / "store.db"),
            "--student", "openai:fake-student", "--teacher", "scripted", "--set", f"student.base_url={base_url}",
            "--set", "calls.max_retries=0", "--set", f"scripted.script={root / 'teacher.json'}",
            "--set", f"staging.dir={root / 'staging'}", "--set", "night.concurrency=2"]


def night_env(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
    env.update(SKILLOPT_SLEEP_HOME=str(root / "home"), OPENAI_API_KEY="sk-test", PYTHONPATH=str(REPO))
    return env


def read_line(pipe) -> tuple[float, str]:
    """The next line and when it arrived."""
    line = pipe.readline()
    return time.monotonic(), line


def test_through_a_pipe_each_stage_line_arrives_as_the_stage_happens(tmp_path):
    skill = write_night_files(tmp_path)
    student = HeldStudent(delay_s=0.05)
    with FakeOpenAI() as fake:
        fake.respond_with(student)
        night = subprocess.Popen([sys.executable, "-m", "skillopt_sleep", *night_arguments(tmp_path, skill, fake.base_url)],
                                 cwd=tmp_path, env=night_env(tmp_path), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True)
        try:
            arrived: list[tuple[float, str]] = []
            while not arrived or not re.search(r"replay starts \(0/\d+\)", arrived[-1][1]):
                arrived.append(read_line(night.stderr))
                assert arrived[-1][1], "the night's stderr closed before its first stage started"
            # The first stage's line is here while the night is held inside that stage: no student
            # call has been answered, so the night cannot have written it at its end.
            assert night.poll() is None
            released = time.monotonic()
            student.release.set()
            while line := read_line(night.stderr):
                if not line[1]:
                    break
                arrived.append(line)
            assert night.wait(timeout=120) == 0
        finally:
            student.release.set()
            if night.poll() is None:
                night.kill()
        ended = time.monotonic()
    output = "".join(line for _, line in arrived)
    assert all(STAMP.match(line) for _, line in arrived), output
    runs = one_start_and_one_end_per_run(stage_lines(output))
    assert runs[:4] == ["replay", "replay", "reflection", "gate"], runs
    # Each line as it arrived, in seconds after the release and before the pipe closed (-s to see them).
    print(json.dumps([[round(at - released, 3), round(ended - at, 3), STAMP.sub("", line).rstrip()[:40]]
                      for at, line in arrived if stage_lines(line)]))
