"""Requests in other words: a night can replay its later samples in the teacher's rewordings of
each request, the same wordings under the current and the candidate skill, and keeps only
rewordings that are still the same request."""

from __future__ import annotations

import json
import re

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import BudgetExceeded
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.night.replay.reword import SYSTEM as REWORD_SYSTEM
from skillopt_sleep.night.replay.reword import accepted
from skillopt_sleep.records import Check, Judge, Task
from tests.test_night import env  # noqa: F401  (the night's skill file and store)


def task(i: int) -> Task:
    return Task(task_id=f"t{i:02d}", intent=f"Write a brief on harbour topic {i}.",
                judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")]))


def teacher(request) -> str:
    if request.system == REWORD_SYSTEM:
        number = re.search(r"topic (\d+)", request.messages[-1].content).group(1)
        return f"Could you brief me on harbour topic {number}?"
    return json.dumps({"diagnosis": "n/a", "edits": []})


def night(tmp_path, skill, store, student, teacher_backend, **flags):
    config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml",
                         flags={"staging.dir": str(tmp_path / "staging"), "night.seed": "7", "night.rollouts": "2",
                                "night.rounds": "1", **flags})
    return run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=[task(i) for i in range(8)],
                                 student=student, teacher=teacher_backend))


def test_later_samples_ask_in_the_teachers_words_under_both_skills(env):
    tmp_path, skill, store = env
    asked: list[tuple[str, bool]] = []

    def student(request) -> str:
        asked.append((request.messages[0].content, "Key Risks" in request.system))
        return "Brief.\n\n## Key Risks\n- weather" if "Key Risks" in request.system else "Brief."

    report = night(tmp_path, skill, store, ScriptedBackend(student), ScriptedBackend(teacher), **{"night.rewordings": "1"})
    assert report.status == "accepted"
    reworded = {text for text, _ in asked if text.startswith("Could you brief me")}
    original = {text for text, _ in asked if text.startswith("Write a brief")}
    assert len(reworded) == len(original) == 8  # every task, once in its own words and once in the teacher's
    # The candidate skill (which carries the rule) was replayed on the same rewordings as the current one.
    with_rule = {text for text, has_rule in asked if has_rule}
    assert with_rule & reworded and with_rule & reworded <= {text for text, has_rule in asked if not has_rule}
    assert any("reworded" in note for note in report.notes)

    asked.clear()
    night(tmp_path, skill, store, ScriptedBackend(student), ScriptedBackend(teacher), **{"night.rewordings": "0"})
    assert not any(text.startswith("Could you") for text, _ in asked)


def test_a_rewording_must_still_be_the_same_request():
    original = "Advise on whether a bakery chain should open a fourth shop."
    assert accepted(original, "Should the bakery chain open a fourth shop, in your view?")
    assert accepted(original, 'Request: "Would a fourth shop be wise for the bakery chain?"') == \
        "Would a fourth shop be wise for the bakery chain?"
    assert not accepted(original, original)  # no rewording at all
    assert not accepted(original, "What is the capital of France?")  # another request
    assert not accepted(original, "")
    assert not accepted(original, "Should the bakery chain open a fourth shop? " * 10)  # an essay, not a request


def test_a_budget_stop_while_rewording_stops_the_night(env):
    tmp_path, skill, store = env

    def spent(request) -> str:
        raise BudgetExceeded("the night's call budget is spent")

    student = ScriptedBackend(lambda r: "Brief.")
    report = night(tmp_path, skill, store, student, ScriptedBackend(spent), **{"night.rewordings": "1"})
    assert report.status == "budget-stopped" and student.calls == 0  # stopped before paying for any replay
