"""A whole night over a real store with scripted models: the loop's decisions, staging, resume."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store

SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"


def rule_task(i: int) -> Task:
    return Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.",
                judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")]))


def literal_student(request) -> str:
    """Follows its skill literally: writes the section only when the skill asks for it."""
    if "Key Risks" in request.system:
        return "Answer.\n\n## Key Risks\n- cost"
    return "Answer without structure."


def silent_teacher(request) -> str:
    return json.dumps({"diagnosis": "n/a", "edits": []})


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    store = Store(tmp_path / "store.db")
    yield tmp_path, skill, store
    store.close()


def make_config(tmp_path, **overrides):
    flags = {"staging.dir": str(tmp_path / "staging"), "night.seed": "7", "night.concurrency": "3", **overrides}
    return load_config(cwd=tmp_path, env={}, flags=flags, user_file=tmp_path / "none.yaml")


def inputs(tmp_path, skill, store, student, teacher, tasks, **kw):
    config = kw.pop("config", None) or make_config(tmp_path)
    return NightInputs(config=config, store=store, skill_path=skill, tasks=tasks, student=student, teacher=teacher, **kw)


def test_helpful_edit_is_accepted_and_staged_without_touching_the_live_file(env):
    tmp_path, skill, store = env
    student = ScriptedBackend(literal_student)
    report = run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), [rule_task(i) for i in range(12)]))
    assert report.status == "accepted"
    assert report.val_before["hard"] == 0.0 and report.val_after["hard"] == 1.0
    assert "Key Risks" in report.final_skill_text
    assert skill.read_text() == SKILL  # only adopt writes a live file
    assert report.proposal_id
    stage = tmp_path / "staging" / report.night_id
    assert (stage / "manifest.json").is_file() and "Key Risks" in (stage / "diff.patch").read_text()
    gate = report.rounds[0].gate
    assert gate["decision"] == "accept" and "over" in gate["arithmetic"]
    # The gate scored only held-out tasks, never the train tasks the edit came from.
    assert set(gate["task_ids"]) == set(report.split["val"])
    assert not set(report.split["val"]) & set(report.split["train"])


def exact_task(i: int) -> Task:
    return Task(task_id=f"q{i:02d}", intent=f"What is {i} plus one?", judge=Judge(kind="exact", answers=[str(i + 1)]))


def sometimes_right_student(request) -> str:
    if "BANANA" in request.system:
        return "banana"
    number = int(request.messages[-1].content.split()[2])
    return str(number + 1) if number % 2 == 0 else "no idea"


def harmful_teacher(request) -> str:
    return json.dumps({"diagnosis": "d", "edits": [{"op": "add", "text": "- Always answer with the word BANANA.", "rationale": "r"}]})


def test_harmful_edit_is_rejected_remembered_and_nothing_is_proposed(env):
    tmp_path, skill, store = env
    tasks = [exact_task(i) for i in range(14)]
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher), tasks))
    assert report.status == "rejected"
    assert report.final_skill_text == SKILL and report.proposal_id is None
    assert report.rounds[0].gate["decision"] == "reject"
    rows = store.query("SELECT edit_json FROM rejected_edits")
    assert any("BANANA" in r["edit_json"] for r in rows)
    # The next night does not try the same rejected edit again.
    config = make_config(tmp_path, **{"night.seed": "8"})
    again = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher), tasks, config=config))
    assert all("BANANA" not in json.dumps(r.chosen) for r in again.rounds)


def test_a_night_run_again_under_its_own_id_meets_the_edit_it_rejected_again(env):
    """A resumed night (killed after its gate, or an experiment cell run again) replays from its
    own record; the edits it rejected itself must not be held against it, or it decides otherwise."""
    tmp_path, skill, store = env
    tasks = [exact_task(i) for i in range(14)]
    first = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher), tasks))
    again = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher), tasks,
                             night_id=first.night_id))
    assert again.resumed and first.status == again.status == "rejected"
    assert [r.chosen for r in again.rounds] == [r.chosen for r in first.rounds]
    assert again.rounds[0].gate["arithmetic"] == first.rounds[0].gate["arithmetic"]


def test_gate_off_applies_the_harmful_edit(env):
    tmp_path, skill, store = env
    config = make_config(tmp_path, **{"gate.enabled": "false", "night.rounds": "1"})
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(sometimes_right_student), ScriptedBackend(harmful_teacher),
                              [exact_task(i) for i in range(14)], config=config))
    assert "BANANA" in report.final_skill_text
    assert report.val_after["score"] < report.val_before["score"]


def test_no_held_out_task_is_unverified(env):
    tmp_path, skill, store = env
    config = make_config(tmp_path, **{"night.val_fraction": "0"})
    report = run_night(inputs(tmp_path, skill, store, ScriptedBackend(literal_student), ScriptedBackend(silent_teacher),
                              [rule_task(i) for i in range(4)], config=config))
    assert report.status == "unverified" and report.proposal_id is None
    assert report.final_skill_text == SKILL


def test_killed_night_resumes_without_paying_again(env):
    tmp_path, skill, store = env
    tasks = [rule_task(i) for i in range(10)]
    reference_student = ScriptedBackend(literal_student)
    other = Store(tmp_path / "reference.db")
    run_night(inputs(tmp_path / "ref", skill, other, reference_student, ScriptedBackend(silent_teacher), tasks))
    other.close()
    full_calls = reference_student.calls

    student = ScriptedBackend(literal_student)
    capped = make_config(tmp_path, **{"budget.max_calls": "5"})
    first = run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), tasks, config=capped))
    assert first.status == "budget-stopped" and student.calls == 5
    assert store.query_one("SELECT status FROM nights WHERE id = ?", (first.night_id,))["status"] == "stopped"

    second = run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), tasks))
    assert second.resumed and second.night_id == first.night_id
    assert second.calls["cached"] == 5
    assert student.calls == full_calls  # nothing finished before the stop was paid twice
    assert second.status == "accepted"


def test_dry_run_stages_nothing_and_next_real_night_reuses_its_calls(env):
    tmp_path, skill, store = env
    tasks = [rule_task(i) for i in range(10)]
    config = make_config(tmp_path, **{"night.seed": None})
    student = ScriptedBackend(literal_student)
    dry = run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), tasks, config=config, dry_run=True))
    assert dry.status == "accepted" and dry.stage_dir is None and dry.proposal_id is None
    assert not (tmp_path / "staging").exists()
    paid = student.calls
    real = run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), tasks, config=config))
    assert real.seed == dry.seed and student.calls == paid  # every call came from the record
    assert real.proposal_id


def test_nights_vary_their_seed(env):
    tmp_path, skill, store = env
    config = make_config(tmp_path, **{"night.seed": None})
    tasks = [rule_task(i) for i in range(6)]
    seeds = [run_night(inputs(tmp_path, skill, store, ScriptedBackend(literal_student), ScriptedBackend(silent_teacher), tasks,
                              config=config, stage=False)).seed for _ in range(2)]
    assert seeds[0] != seeds[1]


def test_a_night_with_nothing_new_to_try_says_so(env):
    tmp_path, skill, store = env
    tasks = [rule_task(i) for i in range(10)]
    stubborn = ScriptedBackend(lambda request: "Never any structure.")
    first = run_night(inputs(tmp_path, skill, store, stubborn, ScriptedBackend(silent_teacher), tasks))
    assert first.status == "rejected"  # the check-derived rules do not help this student: tie
    second = run_night(inputs(tmp_path, skill, store, stubborn, ScriptedBackend(silent_teacher), tasks,
                              config=make_config(tmp_path, **{"night.seed": "9"})))
    assert second.status == "no-new-edit"
    assert any("no edit that is new" in note for note in second.notes)
