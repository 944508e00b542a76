"""A night's output says at a glance what became of each edit: one line per edit with one mark
(kept, dropped, rejected, held, unverified, skipped) and its measured reason, the same in JSON."""

from __future__ import annotations

import json
import re
import shlex

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli.main import main
from skillopt_sleep.cli.night import print_outcome
from skillopt_sleep.cli.surface import SURFACE_ENV
from skillopt_sleep.night.sequencing.engine import run_night
from skillopt_sleep.night.report.fates import FATES, with_fates
from skillopt_sleep.paths import HOME_ENV
from tests.test_demo_commands import RULES as DEMO_RULES
from tests.test_demo_commands import printed_commands, run_printed
from tests.test_night import (  # noqa: F401 - env is a fixture
    env, exact_task, harmful_teacher, inputs, literal_student, make_config, rule_task, sometimes_right_student,
)
from tests.test_night_outage import write_night_files

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


def scripted_run(tmp_path, monkeypatch, *extra: str) -> tuple[int, str]:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    skill = write_night_files(tmp_path)
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(DEMO_RULES))
    code = main(["run", "--skill", str(skill), "--tasks-file", str(tmp_path / "tasks.jsonl"), "--store", "store.db",
                 "--student", "scripted", "--teacher", "scripted", "--set", f"scripted.script={rules}", *extra])
    return code, skill


def test_the_commands_after_a_night_run_as_printed(tmp_path, monkeypatch, capsys):
    code, skill = scripted_run(tmp_path, monkeypatch)
    assert code == 0
    commands = printed_commands(capsys.readouterr().out)
    assert [shlex.split(c)[2] for c in commands] == ["review", "adopt", "revert"]
    assert all("--store" in c and str(tmp_path / "store.db") in c for c in commands)
    review, adopt, revert = commands
    monkeypatch.chdir(skill.parent)  # from anywhere: the store is named in full
    assert run_printed(review) == 0 and "Key Risks" in capsys.readouterr().out
    assert run_printed(adopt) == 0 and "Key Risks" in skill.read_text()
    [undo] = printed_commands(capsys.readouterr().out)  # adopt's own hint, as runnable as the night's
    assert undo == revert
    assert run_printed(undo) == 0 and "Key Risks" not in skill.read_text()


def test_inside_the_agent_the_commands_are_the_slash_command(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(SURFACE_ENV, "slash")
    code, _ = scripted_run(tmp_path, monkeypatch)
    assert code == 0
    out = capsys.readouterr().out
    lines = [line.strip() for line in out.splitlines() if "review it:" in line or "adopt it:" in line]
    assert [line.split(":  ", 1)[1].split()[:2] for line in lines] == [["/skillopt-sleep", "review"], ["/skillopt-sleep", "adopt"]]
    assert HOME_ENV not in out
