"""The library's front door alone: recorded sessions read and mined, a night planned and run with
the scripted backend, its proposal reviewed, adopted into the live skill and reverted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skillopt_sleep import api
from tests.capture_kit import capture

FIXTURE_SESSION = (Path(__file__).parent / "fixtures" / "claude" / "projects" / "-tmp-skillopt-fixture-work-shop-api"
                   / "4808501f-94a6-475d-9a87-70302f1cfee5.jsonl")
SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"
# One script serves both roles: the teacher's reflection asks for edits and gets none (the rule
# comes from the failing check itself); the student writes the section only when its skill asks.
SCRIPT = [
    {"match": "You improve the instruction document", "reply": json.dumps({"diagnosis": "n/a", "edits": []})},
    {"match": "Key Risks", "reply": "A brief.\n\n## Key Risks\n- cost"},
    {"match": "", "reply": "A brief without structure."},
]


def scripted_inputs(skill: Path, folder: Path) -> tuple[Path, Path]:
    """The skill, and in `folder` twelve brief tasks (tasks.jsonl) and the scripted backend's script
    (script.json), written; the two paths."""
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text(SKILL)
    tasks, script = folder / "tasks.jsonl", folder / "script.json"
    tasks.write_text("".join(json.dumps({
        "task_id": f"t{i:02d}", "task": f"Write a brief on topic {i}.",
        "judge": {"kind": "rule", "checks": [{"op": "section_present", "arg": "Key Risks"}]}}) + "\n" for i in range(12)))
    script.write_text(json.dumps(SCRIPT))
    return tasks, script


@pytest.fixture
def world(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    tasks, script = scripted_inputs(skill, tmp_path)
    config = api.load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml", flags={
        "skill": str(skill), "source": "file", "tasks_file": str(tasks), "store.path": str(tmp_path / "store.db"),
        "student.backend": "scripted", "teacher.backend": "scripted", "scripted.script": str(script),
        "night.seed": "7", "night.rounds": "1", "memory.recall_k": "0"})
    return tmp_path, skill, config


def test_a_night_through_the_front_door_is_planned_staged_adopted_and_reverted(world):
    tmp_path, skill, config = world
    plan = api.plan_night(config, tmp_path)
    assert plan.task_count == 12 and plan.estimate.calls > 0 and plan.student.name == "scripted"

    report = api.run_night(config, project=tmp_path)
    assert report.status == "accepted" and report.proposal_id
    assert "Key Risks" in report.final_skill_text and skill.read_text() == SKILL  # staged, not yet applied

    review = api.review(config)
    assert report.proposal_id in review and "Key Risks" in review

    adopted = api.adopt(config, report.proposal_id)
    assert adopted.proposal_id == report.proposal_id and "Key Risks" in skill.read_text()
    assert Path(adopted.files[0].backup_path).read_text() == SKILL

    reverted = api.revert(config, "brief-writer")  # a skill name finds its adopted proposal
    assert reverted.proposal_id == report.proposal_id and skill.read_text() == SKILL


def test_sessions_the_hooks_recorded_are_ingested_and_mined_through_the_front_door(world):
    tmp_path, _, config = world
    transcript = tmp_path / "sessions" / FIXTURE_SESSION.name
    transcript.parent.mkdir()
    shutil.copy(FIXTURE_SESSION, transcript)  # a real recorded session: release notes, with the user's correction
    with api.Places.from_config(config).open_store() as store:
        capture(store, "claude-code", transcript)
    lines: list[str] = []
    ingested, mined = api.refresh(config, lines.append)
    assert ingested.to_dict()["sessions"] == 1
    assert mined.to_dict()["sessions"] == 1 and mined.to_dict()["tasks_written"] >= 1
    assert [line.split(":")[0] for line in lines] == ["ingest", "mine"]
    again, _ = api.refresh(config)  # incremental: nothing new was captured
    assert again.to_dict()["sessions"] == 0


def test_a_scheduled_run_through_the_front_door_waits_until_due_then_sleeps_and_records_it(world, monkeypatch):
    tmp_path, skill, config = world
    monkeypatch.chdir(tmp_path)  # the run works from the scheduled project folder
    snapshot = api.schedule.build_snapshot(config, name="nightly", project=tmp_path, time_text="03:30", via="manual")
    state_file = api.schedule.state_path("nightly")
    state_file.parent.mkdir(parents=True, exist_ok=True)
    api.schedule.write_state(state_file, api.schedule.ScheduleState(last_success_at=api.schedule.utc_now()))
    lines: list[str] = []

    waiting = api.scheduled_run(snapshot, log=lines.append)
    assert waiting.outcome == api.RunOutcome.NOT_DUE and waiting.sleep is None and len(lines) == 1

    shown: list = []
    forced = api.scheduled_run(snapshot, force=True, log=lines.append, show_nights=shown.append)
    assert forced.outcome == api.RunOutcome.SLEPT and forced.sleep.status == api.SleepStatus.FINISHED
    report = forced.sleep.reports[0]
    assert shown == [forced.sleep.reports] and report.status == api.NightStatus.ACCEPTED
    state = api.schedule.read_state(state_file)
    assert (state.last_status, state.last_night_id) == ("accepted", report.night_id)
    assert lines[-1].startswith(f"night {report.night_id} ") and skill.read_text() == SKILL  # staged, not applied
