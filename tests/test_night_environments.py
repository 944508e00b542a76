"""Environment episodes in a night: a benchmark's tool provider hands out an environment (observe,
act, done, score), and replay, the gate, recording, resume and the call cap treat its episodes as
they treat answers. The environment here is a combination lock that says "higher" or "lower"."""

from __future__ import annotations

import json
import re

import pytest

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.students.environment import LAST_TURN_NOTE, Action
from tests.replay_kit import replay_answers
from skillopt_sleep.records import Judge, Score, Task
from skillopt_sleep.store import Store

SKILL = "---\nname: lock-opener\ndescription: Opens number locks\n---\n\n# Lock Opener\n\nGuess the code.\n"
RULE = "- Guess the middle of the numbers still possible."


class Lock:
    """Codes 1..64; each reply is a guess; six tries, as few as halving needs."""

    max_turns = 6

    def __init__(self, code: int):
        self.code, self.opened, self.tries = code, False, 0

    def tools(self) -> list[ToolSpec]:
        return []

    def observe(self) -> str:
        return "The code is a number from 1 to 64. Reply with one number."

    def act(self, action: Action) -> str:
        found = re.search(r"\d+", action.text)
        if not found:
            raise ValueError("no number in the reply")
        guess = int(found.group())
        self.tries += 1
        if guess == self.code:
            self.opened = True
            return "open"
        return "higher" if guess < self.code else "lower"

    def done(self) -> bool:
        return self.opened

    def score(self) -> Score:
        return Score(hard=float(self.opened), soft=float(self.opened))

    closed = False

    def close(self) -> None:
        self.closed = True


def lock_task(i: int) -> Task:
    return Task(task_id=f"lock{i:02d}", intent="Open the lock.", judge=Judge(kind="rule"), meta={"code": 5 + 4 * i})


OPENED: list[Lock] = []


def provider(task: Task) -> Lock:
    OPENED.append(Lock(task.meta["code"]))
    return OPENED[-1]


def student(request) -> str:
    """Halves the range when its skill says so; otherwise counts up from 1."""
    low, high, last = 1, 64, None
    for message in request.messages[1:]:
        if message.role == "assistant":
            last = int(message.content)
        elif message.content.startswith("higher"):
            low = last + 1
        elif message.content.startswith("lower"):
            high = last - 1
    if RULE in request.system:
        return str((low + high) // 2)
    return str(last + 1 if last else 1)


def teacher(request) -> str:
    return json.dumps({"diagnosis": "the guesses ran out", "edits": [{"op": "add", "text": RULE, "rationale": "halving"}]})


@pytest.fixture
def night(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "skills" / "lock-opener" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    with Store(tmp_path / "store.db") as store:
        def make(**flags):
            config = load_config(cwd=tmp_path, env={}, user_file=tmp_path / "none.yaml",
                                 flags={"staging.dir": str(tmp_path / "staging"), "night.seed": "3", **flags})
            return NightInputs(config=config, store=store, skill_path=skill, tasks=[lock_task(i) for i in range(12)],
                               student=ScriptedBackend(student), teacher=ScriptedBackend(teacher), tool_provider=provider)
        yield make, store


def test_an_episode_is_a_conversation_with_the_environment_until_it_is_done(store):
    [rollout] = replay_answers([lock_task(3)], SKILL + RULE, ScriptedBackend(student), CallRecorder(store, "lock"),
                             tool_provider=provider)
    episode = rollout.episode
    assert episode.finished and rollout.score.hard == 1.0 and not episode.error
    guesses = [int(s.output) for s in episode.steps if s.kind == "model"]
    assert guesses[0] == 32 and 17 in guesses  # the code (17) found by halving
    assert "> 32" in rollout.answer and "lower" in rollout.answer  # what reflection reads
    assert rollout.tool_calls == []  # replies acted on as text are no tool calls
    assert episode.turns == len(guesses) <= Lock.max_turns
    assert OPENED[-1].closed  # the environment is closed after its episode


def test_the_turn_limit_ends_an_episode_and_the_last_turn_is_announced(store):
    seen: list[str] = []

    def counting(request):
        seen.append(request.messages[-1].content)
        return student(request)

    [rollout] = replay_answers([lock_task(10)], SKILL, ScriptedBackend(counting), CallRecorder(store, "lock"),
                             tool_provider=provider)
    assert rollout.score.hard == 0.0 and not rollout.episode.finished
    assert rollout.episode.turns == Lock.max_turns and "turn limit (6)" in rollout.episode.error
    assert LAST_TURN_NOTE in seen[-1] and LAST_TURN_NOTE not in seen[-2]


def test_a_bad_action_is_told_to_the_model_not_raised(store):
    replies = iter(["I am not sure", "45"])
    [rollout] = replay_answers([lock_task(10)], SKILL, ScriptedBackend(lambda r: next(replies)), CallRecorder(store, "lock"),
                             tool_provider=provider)
    assert rollout.episode.finished and rollout.episode.steps[1].error == "no number in the reply"
    assert rollout.episode.steps[1].output == "error: no number in the reply"


def test_the_gate_keeps_a_rule_that_wins_more_episodes_and_a_resumed_night_reuses_its_calls(night):
    make, store = night
    first_inputs = make()
    report = run_night(first_inputs)
    assert report.status == "accepted" and RULE in report.final_skill_text
    assert report.val_before["hard"] < report.val_after["hard"] == 1.0
    assert set(report.rounds[0].gate["task_ids"]) == set(report.split["val"])
    recorded = store.query("SELECT COUNT(*) AS n FROM model_calls WHERE night_id = ?", (report.night_id,))[0]["n"]
    assert recorded == first_inputs.student.calls + first_inputs.teacher.calls

    again_inputs = make()
    again_inputs.night_id = report.night_id
    again = run_night(again_inputs)
    assert again.resumed and again.status == "accepted" and again.final_skill_text == report.final_skill_text
    assert again_inputs.student.calls == 0  # every episode's calls came back from the record


def test_the_call_cap_stops_a_night_of_episodes(night):
    make, _ = night
    capped = make(**{"budget.max_calls": "8"})
    report = run_night(capped)
    assert report.status == "budget-stopped" and capped.student.calls + capped.teacher.calls <= 8



def test_attribution_drops_an_edit_that_wins_no_episode(night):
    make, _ = night
    inputs = make()
    junk = "- Keep a calm tone while guessing."
    inputs.teacher = ScriptedBackend(lambda r: json.dumps({"diagnosis": "d", "edits": [
        {"op": "add", "text": RULE, "rationale": "halving"}, {"op": "add", "text": junk, "rationale": "tone"}]}))
    report = run_night(inputs)
    assert report.status == "accepted" and RULE in report.final_skill_text
    dropped = report.rounds[0].gate.get("dropped") or []
    assert [d["edit"]["text"] for d in dropped if d["edit"]["op"] == "add"] == [junk] and junk not in report.final_skill_text
