"""SpreadsheetBench adapter: the model's openpyxl code runs in a subprocess per test case and the
output workbook is compared cell by cell at the answer position. Skips without openpyxl."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.errors import BenchmarkError

openpyxl = pytest.importorskip("openpyxl")


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


def test_spreadsheet_missing_cases_is_an_error(tmp_path):
    dataset = tmp_path / "dataset.json"
    dataset.write_text(json.dumps([{"id": "a", "instruction": "x", "spreadsheet_path": "spreadsheet/a",
                                    "instruction_type": "Cell-Level Manipulation", "answer_position": "A1"}]))
    with pytest.raises(BenchmarkError, match="no test cases"):
        load_benchmark("spreadsheet", {"path": str(dataset)})
