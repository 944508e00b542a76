"""Hard caps with real backends: the recorder refuses the call past a cap before it is sent, and a
night on the real anthropic backend stops cleanly at its cap and resumes from the record."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, create_backend
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import BudgetExceeded
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.backends.recorder import Budget, CallRecorder
from skillopt_sleep.records import Check, Judge, Task
from tests.fakes import FakeAnthropic, FakeOpenAI, FakeUsage, Reply, text

SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"


@pytest.fixture
def store(store, monkeypatch):
    """The shared store, with test keys for the API backends."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    return store


def ask(n: int) -> CompletionRequest:
    return CompletionRequest(system="s", messages=[Message("user", f"question {n}")], max_tokens=50)


def run_until_refused(recorder, backend, limit: int = 10) -> tuple[int, str]:
    done = 0
    with pytest.raises(BudgetExceeded) as refused:
        for n in range(limit):
            recorder.complete("student", backend, ask(n))
            done += 1
    return done, str(refused.value)


def test_the_call_cap_refuses_the_next_call_before_it_is_sent(store):
    with FakeAnthropic() as fake:
        fake.respond_with(lambda r: text("ok"))
        recorder = CallRecorder(store, "n1", Budget(max_calls=2))
        done, why = run_until_refused(recorder, create_backend("anthropic", "claude-haiku-4-5", {"base_url": fake.url}))
        assert done == 2 and len(fake.model_requests()) == 2 and "call cap" in why


def test_the_dollar_cap_uses_the_real_reported_cost(store):
    with FakeAnthropic() as fake:
        # Each call: 100k input tokens of haiku-4-5 at $1 per million = $0.10.
        fake.respond_with(lambda r: Reply(text="ok", usage=FakeUsage(100_000, 0)))
        recorder = CallRecorder(store, "n1", Budget(max_usd=0.25))
        done, why = run_until_refused(recorder, create_backend("anthropic", "claude-haiku-4-5", {"base_url": fake.url}))
        assert done == 3 and len(fake.model_requests()) == 3 and "dollar cap" in why
        assert recorder.stats.cost_usd == pytest.approx(0.30)


def test_the_token_cap_counts_cache_tokens_too(store):
    with FakeOpenAI() as fake:
        fake.respond_with(lambda r: Reply(text="ok", usage=FakeUsage(400, 100, cache_read_tokens=500)))
        recorder = CallRecorder(store, "n1", Budget(max_tokens=2000))
        done, why = run_until_refused(recorder, create_backend("openai", "gpt-4.1-mini", {"base_url": fake.base_url}))
        assert done == 2 and len(fake.model_requests()) == 2 and "token cap" in why


def brief_task(i: int) -> Task:
    return Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.", judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")]))


def model_turn(request):
    if "edits" in request.text and "diagnosis" in request.text:  # the teacher's reflection
        return text(json.dumps({"diagnosis": "briefs lack a risks section", "edits": []}))
    return text("A brief.\n\n## Key Risks\n- cost" if "Key Risks" in request.system else "A brief without sections.")


def test_a_night_on_the_anthropic_backend_stops_at_its_cap_and_resumes(store, tmp_path):
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    tasks = [brief_task(i) for i in range(6)]

    def night(fake, cap: str, night_id: str | None = None):
        # One sample per task: the Messages API takes no seed, so a second sample's body would equal the first's.
        flags = {"staging.dir": str(tmp_path / "staging"), "night.seed": "7", "night.concurrency": "1", "budget.max_calls": cap,
                 "night.rollouts": "1"}
        config = load_config(cwd=tmp_path, env={}, flags=flags, user_file=tmp_path / "none.yaml")
        student = create_backend("anthropic", "claude-haiku-4-5", {"base_url": fake.url})
        teacher = create_backend("anthropic", "claude-sonnet-4-5", {"base_url": fake.url, "role": "teacher"})
        return run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks, student=student,
                                     teacher=teacher, night_id=night_id, progress=lambda line: None))

    with FakeAnthropic() as fake:
        fake.respond_with(model_turn)
        stopped = night(fake, "3")
        assert stopped.status == "budget-stopped"
        assert any("stopped cleanly" in note and "call cap" in note for note in stopped.notes)
        assert len(fake.model_requests()) == 3
        assert stopped.calls["calls"] == 3 and stopped.calls["cost_usd"] > 0
        first_prompts = [r.body for r in fake.model_requests()]

        resumed = night(fake, "500", night_id=stopped.night_id)
        assert resumed.night_id == stopped.night_id and resumed.resumed
        assert resumed.status != "budget-stopped"
        later_prompts = [r.body for r in fake.model_requests()[3:]]
        assert not set(first_prompts) & set(later_prompts)  # the capped night's calls came from the record
        assert resumed.calls["cached"] >= 3
    assert skill.read_text() == SKILL
