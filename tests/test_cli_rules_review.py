"""`review` and `rules` show each rule once with one status, and say where they cut its text."""

from __future__ import annotations

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli.main import main
from skillopt_sleep.night.sequencing.engine import run_night
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Edit
from tests.test_night import env, inputs, literal_student, rule_task, silent_teacher  # noqa: F401 - env is a fixture


def accepted_night(tmp_path, skill, store):
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(literal_student), ScriptedBackend(silent_teacher),
                              [rule_task(i) for i in range(12)]))
    assert report.status == "accepted" and report.proposal_id
    return report


def status_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("[")]


def test_a_rule_tried_twice_in_one_night_is_listed_once_with_its_final_status(env, capsys):
    tmp_path, skill, store = env
    report = accepted_night(tmp_path, skill, store)
    [kept] = [Edit.from_dict(item["edit"]) for item in report.kept_rules]
    # The same rule, placed after another line: another edit to the gate, one rule to the reader.
    twin = Edit(op="add", text=kept.text, anchor="# Brief Writer", source="teacher")
    ledger.record(store, str(skill), report.night_id, twin, "rejected", reason="gate reject: tie")
    rules = ledger.entries(store, night_id=report.night_id)
    assert sorted(e.status for e in rules if e.text == kept.text) == ["proposed", "rejected"]

    args = ["--store", str(tmp_path / "store.db"), "--set", f"staging.dir={tmp_path / 'staging'}"]
    assert main(["review", report.proposal_id, *args]) == 0
    shown = [line for line in status_lines(capsys.readouterr().out) if "Key Risks" in line]
    assert len(shown) == 1 and shown[0].startswith("[proposed]")

    assert main(["rules", "--night", report.night_id, *args]) == 0
    shown = [line for line in status_lines(capsys.readouterr().out) if "Key Risks" in line]
    assert len(shown) == 1 and shown[0].startswith("[proposed]")


def test_rules_cut_long_text_with_an_ellipsis(env, capsys):
    tmp_path, skill, store = env
    long_rule = "- " + "Name the reader, the decision and the deadline before anything else. " * 3
    ledger.record(store, str(skill), "n1", Edit(op="add", text=long_rule.strip(), evidence=[f"t{i}" for i in range(9)]),
                  "rejected", reason="gate reject")
    assert main(["rules", "--store", str(tmp_path / "store.db")]) == 0
    out = capsys.readouterr().out
    [line] = status_lines(out)
    assert line.endswith("…") and len(line) < len(long_rule)
    assert "t0, t1, t2, t3, t4, … (9 in all)" in out
