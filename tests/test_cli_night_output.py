"""A night's output says at a glance what became of each edit: one line per edit with one mark
(kept, dropped, rejected, held, unverified, skipped) and its measured reason, the same in JSON."""

from __future__ import annotations

import json
import re

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli.night import print_outcome
from skillopt_sleep.night.engine import run_night
from skillopt_sleep.night.fates import FATES, with_fates
from tests.test_night import (  # noqa: F401 - env is a fixture
    env, exact_task, harmful_teacher, inputs, literal_student, make_config, rule_task, sometimes_right_student,
)

PLAIN = "- Use plain words in every brief."


def three_edit_teacher(request) -> str:
    return json.dumps({"diagnosis": "d", "edits": [
        {"op": "add", "text": PLAIN, "rationale": "r"},
        {"op": "replace", "anchor": "Write a short brief.", "text": "Write a short brief, for a busy reader.", "rationale": "r"},
    ]})


def edit_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if re.match(r"  \[\w+\] round \d", line)]


def test_each_edit_gets_one_line_with_its_final_fate(env, capsys):
    tmp_path, skill, store = env
    config = make_config(tmp_path, **{"night.edit_budget": "4"})
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(literal_student), ScriptedBackend(three_edit_teacher),
                              [rule_task(i) for i in range(12)], config=config))
    assert report.status == "accepted"
    print_outcome(report)
    out = capsys.readouterr().out
    lines = edit_lines(out)
    assert len(lines) == sum(len(r.outcomes) for r in report.rounds)
    by_text = {line.split("): ", 1)[1]: line for line in lines}
    [kept] = [line for line in lines if "Key Risks" in line]
    assert kept.startswith("  [kept] round 1 add (checks): ") and "(effect +1.000)" in kept
    assert by_text[f"{PLAIN} (leaving it out scored 1.000 vs 1.000 with it: no measured gain)"].startswith("  [dropped] round 1 add")
    [replace] = [line for line in lines if " replace " in line]
    assert replace.startswith("  [skipped]") and "outside the managed region" in replace
    assert "\n  dropped:" not in out and "[+]" not in out and "[x]" not in out  # no second word on one edit
    assert "…" in kept  # the long rule is cut, and says so

    data = with_fates(report)
    fates = [(o["edit"]["op"], o["fate"]) for r in data["rounds"] for o in r["outcomes"]]
    assert ("replace", "skipped") in fates and ("add", "kept") in fates and ("add", "dropped") in fates
    assert all(fate in FATES for _, fate in fates)
    json.dumps(data)


def test_an_edit_the_gate_kept_out_is_rejected_with_the_gates_reason(env, capsys):
    tmp_path, skill, store = env
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher),
                              [exact_task(i) for i in range(14)]))
    assert report.status == "rejected"
    print_outcome(report)
    [line] = edit_lines(capsys.readouterr().out)
    assert line.startswith("  [rejected] round 1 add (teacher): - Always answer with the word BANANA. (")
    assert [o["fate"] for r in with_fates(report)["rounds"] for o in r["outcomes"]] == ["rejected"]
