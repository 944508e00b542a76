"""Memory across nights: the task archive, recall within a project only, and the slow update
that consolidates adopted rules only when the gate says it helps."""

from __future__ import annotations

import json

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.capture.sessions import Session, SessionRepo
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.night.propose.edits import EditLimits, apply_edits
from skillopt_sleep.night.propose.skilldoc import CONSOLIDATED_BEGIN, CONSOLIDATED_END, MANAGED_BEGIN, MANAGED_END, consolidated_span
from skillopt_sleep.night.sequencing.skillnights import NightRequest, run_one_night
from skillopt_sleep.night.sequencing.slow_update import SOURCE
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Check, Edit, Judge, Task
from skillopt_sleep.store import Store
from tests.test_night import SKILL, env, literal_student, silent_teacher  # noqa: F401 - env is a fixture
from tests.test_night import make_config as night_config

RISKS = "- End every brief with a section titled Key Risks."
SOURCES = "- Name the sources of each figure."


def make_config(tmp_path, **overrides):
    return night_config(tmp_path, **{"night.rounds": "1", **overrides})


def project_tasks(store: Store, project: str, prefix: str, topics: list[str]) -> list[Task]:
    """Tasks mined from a session recorded in `project`."""
    session_id = f"s-{prefix}"
    SessionRepo(store).save(Session(id=session_id, agent="claude-code", cwd=project))
    return [Task(task_id=f"{prefix}{i:02d}", intent=f"Write a brief on the {topic} market.", source_sessions=[session_id],
                 judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")]))
            for i, topic in enumerate(topics)]


TOPICS = ["coffee", "steel", "solar", "wheat", "cotton", "copper", "shipping", "lithium"]


def test_recall_brings_back_similar_tasks_of_the_same_project_and_never_another(env):
    tmp_path, skill, store = env
    config = make_config(tmp_path, **{"memory.recall_k": "3"})

    def night(tasks):
        request = NightRequest(config, store, ScriptedBackend(literal_student), ScriptedBackend(silent_teacher), tmp_path)
        return run_one_night(request, skill, tasks, None)

    first = night(project_tasks(store, "/w/alpha", "a", TOPICS))
    archived = store.query("SELECT project, task_id, score_before, answer_excerpt FROM task_archive WHERE night_id = ?",
                           (first.night_id,))
    assert {r["project"] for r in archived} == {"/w/alpha"} and len(archived) == len(first.split["train"] + first.split["val"])
    assert all(r["score_before"] is not None and r["answer_excerpt"] for r in archived)

    beta = night(project_tasks(store, "/w/beta", "b", TOPICS))  # the very same intents, in another project
    assert not any(t.startswith("a") for t in beta.split["train"] + beta.split["val"])

    again = night(project_tasks(store, "/w/alpha", "c", ["coal", "tea", "rice", "sugar", "tin", "zinc"]))
    recalled = [t for t in again.split["train"] + again.split["val"] if t.startswith("a")]
    assert 0 < len(recalled) <= 3
    rows = store.query("SELECT task_json FROM task_archive WHERE night_id = ? AND task_id LIKE 'a%'", (again.night_id,))
    assert rows and all(json.loads(r["task_json"])["origin"] == "recalled" for r in rows)
    assert all(json.loads(r["task_json"])["meta"]["recalled_from"]["project"] == "/w/alpha" for r in rows)


def adopted_rules(store: Store, skill: str) -> None:
    for night, text in (("n1", RISKS), ("n2", SOURCES)):
        ledger.record(store, skill, night, Edit(op="add", text=text), "adopted", effect=0.25)


def night_with_slow_update(tmp_path, skill, store, student, skill_text: str):
    # No check-derived rule tonight: the slow update is the only candidate.
    config = make_config(tmp_path, **{"memory.slow_update_every": "1", "rules.min_tasks": "1000"})
    tasks = project_tasks(store, "/w/alpha", "t", TOPICS + ["tin", "rice", "zinc", "tea"])
    return run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks, student=student,
                                 teacher=ScriptedBackend(silent_teacher), skill_text=skill_text))


def test_a_slow_update_that_does_not_help_is_rejected_by_the_gate(env):
    tmp_path, skill, store = env
    adopted_rules(store, str(skill))
    text = SKILL + f"\n{MANAGED_BEGIN}\n{RISKS}\n{SOURCES}\n{MANAGED_END}\n"
    report = night_with_slow_update(tmp_path, skill, store, ScriptedBackend(lambda request: "Answer without structure."), text)
    [slow] = [r for r in report.rounds if r.diagnosis == "slow update"]
    assert slow.gate["decision"] == "reject"
    assert report.final_skill_text == text and CONSOLIDATED_BEGIN not in report.final_skill_text
    assert report.proposal_id is None
    rejected = [json.loads(r["edit_json"]) for r in store.query("SELECT edit_json FROM rejected_edits")]
    assert [e["source"] for e in rejected] == [SOURCE]


def test_a_slow_update_that_helps_lands_in_the_protected_region(env):
    tmp_path, skill, store = env
    adopted_rules(store, str(skill))
    text = SKILL + f"\n{MANAGED_BEGIN}\n{SOURCES}\n{MANAGED_END}\n"  # the Key Risks rule was lost since
    report = night_with_slow_update(tmp_path, skill, store, ScriptedBackend(literal_student), text)
    [slow] = [r for r in report.rounds if r.diagnosis == "slow update"]
    assert slow.gate["decision"] == "accept" and report.status == "accepted"
    final = report.final_skill_text
    span = consolidated_span(final)
    assert span is not None and RISKS in final[span.start:span.end] and SOURCES in final[span.start:span.end]
    assert final.count(SOURCES) == 1  # moved out of the managed region, not copied
    assert final.index(CONSOLIDATED_BEGIN) < final.index(MANAGED_BEGIN)


def test_nightly_edits_never_touch_the_consolidated_region():
    text = SKILL + f"\n{CONSOLIDATED_BEGIN}\n{RISKS}\n{CONSOLIDATED_END}\n"
    limits = EditLimits(allow_outside_managed=True)
    _, [outcome] = apply_edits(text, [Edit(op="delete", anchor=RISKS)], limits)
    assert not outcome.landed and "consolidated region is protected" in outcome.reason
    added, [outcome] = apply_edits(text, [Edit(op="add", text="- Be brief.", anchor=RISKS)], limits)
    assert outcome.landed and added.index("- Be brief.") > added.index(MANAGED_BEGIN)
