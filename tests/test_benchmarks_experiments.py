"""`experiment run` with scripted models on SpreadsheetBench's multi-round loop (the code run in
the sandbox) and on LiveMathematicianBench; the episode benchmarks with their adapters' tests
(ALFWorld, OfficeQA, SealQA, DocVQA), SearchQA in test_experiments."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.config import load_config
from skillopt_sleep.experiments.recipe import recipe_from_dict
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox
from skillopt_sleep.store import Store

RULE = "- End with a line that gives the letter of the chosen statement after Answer:."
PROGRAMS = {  # instruction -> a correct program
    "sum of column B": 'ws["B6"] = sum(ws.cell(row=r, column=2).value for r in range(2, 6))',
    "upper case": "for r in range(2, 5):\n    ws.cell(row=r, column=1).value = ws.cell(row=r, column=1).value.upper()",
    "twice the value": "for r in range(2, 5):\n    ws.cell(row=r, column=3).value = 2 * ws.cell(row=r, column=2).value",
    "largest value": 'ws["D1"] = max(ws.cell(row=r, column=2).value for r in range(2, 7))',
}


def recipe(name: str, options: dict, split: dict) -> dict:
    return {"name": f"{name}-scripted", "benchmark": {"name": name, "options": options}, "split": {**split, "salt": "t"},
            "nights": 1, "gate": True, "seed": 0, "student": {"backend": "scripted", "model": "s"},
            "teacher": {"backend": "scripted", "model": "t"}, "config": {"night.rounds": 1}}


def run(tmp_path, data: dict, student, teacher_reply: dict):
    with Store(tmp_path / "store.db") as store:
        return run_recipe(recipe_from_dict(data), store, tmp_path / "work", student=ScriptedBackend(student),
                          teacher=ScriptedBackend(lambda r: json.dumps(teacher_reply)),
                          base_config=load_config(env={}, cwd=tmp_path))


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))


def test_spreadsheet_multi_round_experiment_runs_episodes_in_the_sandbox(tmp_path):
    pytest.importorskip("openpyxl")
    try:
        find_sandbox()
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox: {exc}")

    def student(request):
        """The right program, then done once it has seen what the program did."""
        if any(m.role == "assistant" for m in request.messages):
            return "Done."
        body = next(code for words, code in PROGRAMS.items() if words in request.messages[0].content)
        return f"```python\nimport openpyxl\nwb = openpyxl.load_workbook('input.xlsx')\nws = wb['Sheet1']\n{body}\nwb.save('output.xlsx')\n```"

    result = run(tmp_path, recipe("spreadsheet", {"mode": "multi", "timeout_s": 10}, {"test": 2, "val": 1, "train": 1}),
                 student, {"diagnosis": "-", "edits": []})
    assert result.benchmark["name"] == "spreadsheet-multi"
    assert result.baseline["hard"] == 1.0 and result.after["hard"] == 1.0  # every test workbook right
    assert result.nights and result.calls["calls"] > 0


def test_livemath_experiment_keeps_a_rule_that_makes_the_choice_readable(tmp_path):
    correct = {t.intent.split("\n")[0]: t.meta["correct_label"] for t in load_benchmark("livemath").tasks}

    def student(request):
        label = correct[request.messages[-1].content.split("\n")[0]]
        return f"The group is abelian.\nAnswer: {label}" if RULE in request.system else "Several statements could hold."

    result = run(tmp_path, recipe("livemath", {}, {"test": 3, "val": 3, "train": 2}), student,
                 {"diagnosis": "no choice given", "edits": [{"op": "add", "text": RULE, "rationale": "r"}]})
    assert result.baseline["hard"] == 0.0 and result.after["hard"] == 1.0
    assert result.nights[0].decision == "accepted"
