"""SpreadsheetBench adapter: the model's openpyxl code runs in the sandbox per test case and the
output workbook is compared cell by cell at the answer position; in the multi-round mode the model
sees what each program did and tries again. Skips without openpyxl (and the sandboxed parts
without bubblewrap)."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.errors import BenchmarkError
from tests.replay_kit import replay_answers
from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox

openpyxl = pytest.importorskip("openpyxl")


def _has_sandbox() -> bool:
    try:
        find_sandbox()
    except SandboxUnavailable:
        return False
    return True


pytestmark = pytest.mark.skipif(not _has_sandbox(), reason="no sandbox on this machine (bubblewrap)")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))


SUM_CODE = """```python
import openpyxl
wb = openpyxl.load_workbook("input.xlsx")
ws = wb["Sheet1"]
ws["B6"] = sum(ws.cell(row=r, column=2).value for r in range(2, 6))
wb.save("output.xlsx")
```"""


def _sum_task(bench):
    return next(t for t in bench.tasks if t.task_id == "spreadsheet-sum-col")


def test_spreadsheet_correct_code_passes_every_case():
    bench = load_benchmark("spreadsheet")
    task = _sum_task(bench)
    assert len(task.meta["cases"]) == 3 and "B6" in task.intent and "Sheet 'Sheet1'" in task.context
    score = bench.scorer(task, "Here you go:\n" + SUM_CODE, [])
    assert (score.hard, score.soft) == (1.0, 1.0)


def test_spreadsheet_hardcoded_answer_passes_only_its_case():
    bench = load_benchmark("spreadsheet")
    task = _sum_task(bench)
    first_input = openpyxl.load_workbook(task.meta["cases"][0][0])["Sheet1"]
    total = sum(first_input.cell(row=r, column=2).value for r in range(2, 6))
    code = f"import openpyxl\nwb = openpyxl.load_workbook('input.xlsx')\nwb.active['B6'] = {total}\nwb.save('output.xlsx')\n"
    score = bench.scorer(task, code, [])
    assert score.hard == 0.0 and score.soft == pytest.approx(1 / 3)
    assert "expected" in score.checks[1].detail


def test_spreadsheet_failures_are_explained():
    bench = load_benchmark("spreadsheet", {"timeout_s": 2})
    task = _sum_task(bench)
    crash = bench.scorer(task, "raise SystemExit('boom')", [])
    assert crash.soft == 0.0 and "exited" in crash.checks[0].detail
    silent = bench.scorer(task, "x = 1", [])
    assert "no output.xlsx" in silent.checks[0].detail
    slow = bench.scorer(task, "import time\ntime.sleep(30)", [])
    assert "timed out" in slow.checks[0].detail
    assert bench.scorer(task, "", []).checks[0].detail == "the reply has no code"


def test_code_that_links_its_output_to_the_answer_key_on_the_host_passes_nothing():
    # The answer keys are host files the sandbox cannot see; a link to one costs the code nothing
    # to make, and the host must not follow it.
    bench = load_benchmark("spreadsheet", {"mode": "multi"})
    task = _sum_task(bench)
    first_answer = task.meta["cases"][0][1]
    code = f"import os\nos.symlink({str(first_answer)!r}, 'output.xlsx')\n"
    score = bench.scorer(task, code, [])
    assert score.hard == 0.0 and score.soft == 0.0
    assert "output.xlsx cannot be read" in score.checks[0].detail and "link" in score.checks[0].detail
    shown = bench.tool_provider(task).act(_action(f"```python\n{code}```"))
    assert "output.xlsx cannot be read" in shown and "Sheet1" not in shown


def _action(text: str):
    from skillopt_sleep.students.environment import Action

    return Action(text=text)


def test_spreadsheet_missing_cases_is_an_error(tmp_path):
    dataset = tmp_path / "dataset.json"
    dataset.write_text(json.dumps([{"id": "a", "instruction": "x", "spreadsheet_path": "spreadsheet/a",
                                    "instruction_type": "Cell-Level Manipulation", "answer_position": "A1"}]))
    with pytest.raises(BenchmarkError, match="no test cases"):
        load_benchmark("spreadsheet", {"path": str(dataset)})


ESCAPE_CODE = """```python
import os, socket
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=3)
    print("NET: connected")
except OSError as exc:
    print("NET: refused", type(exc).__name__)
for target in ({outside!r}, os.path.expanduser("~/planted.txt"), "/tmp/planted.txt"):
    try:
        with open(target, "w") as handle:
            handle.write("escaped")
        print("WROTE", target)
    except OSError as exc:
        print("BLOCKED", target, type(exc).__name__)
print("HOME SEES", sorted(os.listdir(os.path.expanduser("~"))))
open("inside.txt", "w").write("fine")
print("INSIDE", os.path.exists("inside.txt"))
```"""


def test_spreadsheet_code_cannot_reach_the_network_or_write_outside_its_folder(tmp_path):
    """A listener on the host's loopback never hears from the code, and a file the code writes to
    a host folder, the home folder or /tmp never appears on the host; its own folder is writable."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(6)
    heard: list[object] = []
    threading.Thread(target=lambda: _accept_once(listener, heard), daemon=True).start()
    outside = tmp_path / "outside.txt"
    bench = load_benchmark("spreadsheet", {"mode": "multi", "timeout_s": 10})
    env = bench.tool_provider(_sum_task(bench))
    from skillopt_sleep.students.environment import Action

    shown = env.act(Action(text=ESCAPE_CODE.format(port=listener.getsockname()[1], outside=str(outside))))
    listener.close()
    assert "exit status 0" in shown and "INSIDE True" in shown
    assert "NET: refused" in shown and not heard
    assert not outside.exists() and not (tmp_path / "planted.txt").exists()
    assert "escaped" not in _host_tmp_planted()


def _accept_once(listener, heard):
    try:
        heard.append(listener.accept())
    except OSError:
        pass


def _host_tmp_planted() -> str:
    from pathlib import Path

    planted = Path("/tmp/planted.txt")
    return planted.read_text() if planted.exists() else ""


WRONG_CODE = """```python
import openpyxl
wb = openpyxl.load_workbook("input.xlsx")
wb["Sheet1"]["B6"] = wb["Sheet1"]["B7"].value + 1
wb.save("output.xlsx")
```"""


def _scripted_student(replies: list[str]) -> ScriptedBackend:
    def respond(request):
        assistant_turns = sum(1 for m in request.messages if m.role == "assistant")
        return replies[min(assistant_turns, len(replies) - 1)]

    return ScriptedBackend(respond)


def test_multi_round_student_fixes_its_code_from_the_feedback(store):
    bench = load_benchmark("spreadsheet", {"mode": "multi", "timeout_s": 10})
    seen: list[str] = []
    base = _scripted_student([WRONG_CODE, SUM_CODE, "It is done."])

    def respond(request):
        seen.append(request.messages[-1].content)
        return base.responder(request)

    student = ScriptedBackend(respond)
    [rollout] = replay_answers([_sum_task(bench)], bench.skill_text, student, CallRecorder(store, "sheets"),
                             tool_provider=bench.tool_provider, scorer=bench.scorer)
    episode = rollout.episode
    assert episode is not None and episode.finished and episode.turns == 3
    assert "exit status 1" in seen[1] and "TypeError" in seen[1]  # the crash was shown to the model
    assert "exit status 0" in seen[2] and "B6=" in seen[2]  # and then its own output workbook
    assert (rollout.score.hard, rollout.score.soft) == (1.0, 1.0)
    assert "exit status 1" in rollout.answer  # reflection reads the trajectory


def test_multi_round_stops_at_the_turn_limit_and_scores_the_last_code(store):
    bench = load_benchmark("spreadsheet", {"mode": "multi", "timeout_s": 10, "max_turns": 2})
    student = _scripted_student([SUM_CODE, WRONG_CODE])  # never says it is done
    [rollout] = replay_answers([_sum_task(bench)], bench.skill_text, student, CallRecorder(store, "sheets"),
                             tool_provider=bench.tool_provider, scorer=bench.scorer)
    assert rollout.episode.turns == 2 and not rollout.episode.finished
    assert "turn limit (2)" in rollout.episode.error
    assert rollout.score.soft == 0.0 and "exited" in rollout.score.checks[0].detail


def test_spreadsheet_bad_mode_is_one_line_error():
    with pytest.raises(BenchmarkError, match="mode must be single or multi"):
        load_benchmark("spreadsheet", {"mode": "rounds"})
