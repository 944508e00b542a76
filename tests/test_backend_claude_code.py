"""The claude-code backend: the real `claude` CLI, driven by claude-agent-sdk, against the fake
Anthropic server. Each test starts the CLI a few times, so they are few."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, ToolSpec, create_backend
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import default_table
from skillopt_sleep.errors import AuthError
from skillopt_sleep.capture.markers import REPLAY_MARKER
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Score, Task, Judge
from skillopt_sleep.students.base import StudentSetup, Texts
from skillopt_sleep.students.text import TextStudent
from skillopt_sleep.store import Store
from tests.fakes import FakeAnthropic, FakeUsage, Reply, overloaded, text, tool_use, unauthorized

BUILT_IN_TOOLS = {"Bash", "Read", "Edit", "Write", "Glob", "Grep", "WebFetch", "Agent", "Skill"}
SEARCH = ToolSpec("search", "Search the brain", {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]})


@pytest.fixture
def user_home(tmp_path, monkeypatch) -> Path:
    """A user's home with settings hooks and a memory file a replay must not pick up."""
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    home = tmp_path / "user"
    (home / ".claude").mkdir(parents=True)
    flag = home / "hook-ran"
    hook = {"hooks": [{"type": "command", "command": f"touch {flag}"}]}
    settings = {"hooks": {"UserPromptSubmit": [hook], "SessionStart": [hook], "Stop": [hook]}}
    (home / ".claude" / "settings.json").write_text(json.dumps(settings))
    (home / ".claude" / "CLAUDE.md").write_text("USER-MEMORY-MARKER: always mention bananas\n")
    return home


@pytest.fixture
def fake():
    with FakeAnthropic() as server:
        yield server


def backend(fake, home: Path, **options):
    return create_backend("claude-code", options.pop("model", "haiku"), {
        "base_url": fake.url, "api_key": "sk-ant-dummy", "env": {"HOME": str(home)}, "retry_base_s": 0.01, **options})


def test_a_replay_call_is_isolated_marked_and_priced(fake, user_home):
    fake.push(Reply(text="Four.", usage=FakeUsage(1500, 40)))
    claude = backend(fake, user_home)
    try:
        completion = claude.complete(CompletionRequest(system="Answer in one word.", messages=[Message("user", "2+2?")], max_tokens=64))
    finally:
        claude.close()
    assert completion.text == "Four."
    assert completion.usage == Usage(input_tokens=1500, output_tokens=40)
    assert completion.model == "claude-haiku-5-5"  # the CLI resolved the alias
    assert completion.cost_usd == pytest.approx(default_table().lookup("claude-haiku-5-5").cost(Usage(1500, 40)))
    (sent,) = fake.model_requests()
    assert f"{REPLAY_MARKER}\nAnswer in one word." in sent.system
    assert not BUILT_IN_TOOLS & set(sent.tool_names)
    assert sent.json["max_tokens"] == 64
    assert "USER-MEMORY-MARKER" not in sent.text  # the user's CLAUDE.md was not loaded
    assert not (user_home / "hook-ran").exists()  # the user's hooks did not run
    assert not (user_home / ".claude" / "projects").exists()  # no session was written to be captured


class SearchEnvironment:
    def __init__(self) -> None:
        self.calls: list[dict] = []

    def specs(self) -> list[ToolSpec]:
        return [SEARCH]

    def call(self, name: str, arguments: dict) -> str:
        self.calls.append(arguments)
        return f"page about {arguments['q']}: refunds take 30 days"


def test_a_tool_replay_runs_the_nights_tools_inside_one_cli_session(fake, user_home, tmp_path):
    def respond(request):
        if not request.tool_results:
            return Reply(text="Let me look.", tool_calls=tool_use("mcp__replay__search", {"q": "refunds"}).tool_calls,
                         usage=FakeUsage(900, 20))
        return Reply(text=f"Answer: {request.tool_results[-1].splitlines()[0]}", usage=FakeUsage(1100, 30))

    fake.respond_with(respond)
    claude = backend(fake, user_home)
    environment = SearchEnvironment()
    task = Task(task_id="t1", intent="How long do refunds take?", judge=Judge(kind="rule"))
    with Store(tmp_path / "store.db") as store:
        recorder = CallRecorder(store, "night-1")
        try:
            setup = StudentSetup(claude, recorder, temperature=0.7, max_tokens=200, tool_provider=lambda task: environment,
                                 scorer=lambda task, answer, calls: Score(hard=1.0, soft=1.0))
            rollout = TextStudent(setup).replay(task, 0, Texts("Use the search tool."), 1)
        finally:
            claude.close()
    assert environment.calls == [{"q": "refunds"}]  # the night's tool ran, not the CLI's
    assert [(c.name, c.arguments) for c in rollout.tool_calls] == [("search", {"q": "refunds"})]
    assert rollout.answer == "Answer: page about refunds: refunds take 30 days"
    sent = fake.model_requests()
    assert len(sent) == 2
    assert [t for t in sent[0].tool_names if t != "DeferredToolPlaceholder"] == ["mcp__replay__search"]  # only the task's tool
    assert sent[0].headers["x-claude-code-session-id"] == sent[1].headers["x-claude-code-session-id"]
    # The two turns' usage adds up to what the CLI reported for the session, priced as the CLI prices it.
    stats = recorder.stats
    assert stats.calls == 2 and (stats.usage.input_tokens, stats.usage.output_tokens) == (2000, 50)
    assert stats.cost_usd == pytest.approx(default_table().lookup("claude-haiku-5-5").cost(Usage(2000, 50)))


def test_overload_is_retried_and_a_rejected_key_is_an_auth_error(fake, user_home):
    fake.push(overloaded(), text("ok"), unauthorized())
    claude = backend(fake, user_home)
    try:
        assert claude.complete(CompletionRequest(system="s", messages=[Message("user", "hi")])).text == "ok"
        assert claude.retries.count == 1 and "529" in claude.retries.events[0].reason
        with pytest.raises(AuthError, match="Invalid API key"):
            claude.complete(CompletionRequest(system="s", messages=[Message("user", "again")]))
    finally:
        claude.close()
    assert len(fake.model_requests()) == 3  # the CLI's own retries are off; the auth error was not retried


def test_a_json_schema_reply_comes_back_as_structured_json(fake, user_home):
    schema = {"type": "object", "properties": {"edits": {"type": "array", "items": {"type": "string"}}}, "required": ["edits"]}
    fake.respond_with(lambda r: tool_use("StructuredOutput", {"edits": ["add a Key Risks section"]})
                      if "StructuredOutput" in r.tool_names and not r.tool_results else text("done"))
    claude = backend(fake, user_home)
    try:
        completion = claude.complete(CompletionRequest(system="Propose edits.", messages=[Message("user", "go")], json_schema=schema))
    finally:
        claude.close()
    assert json.loads(completion.text) == {"edits": ["add a Key Risks section"]}


def test_preflight_refuses_a_machine_without_a_claude_login(tmp_path, monkeypatch):
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL", "CLAUDE_CODE_OAUTH_TOKEN", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    home = tmp_path / "empty-home"
    home.mkdir()
    claude = create_backend("claude-code", "", {"env": {"HOME": str(home)}})
    with pytest.raises(AuthError, match="no Claude login"):
        claude.preflight()
    (home / ".claude").mkdir()
    (home / ".claude" / ".credentials.json").write_text(json.dumps({"claudeAiOauth": {"accessToken": "t"}}))
    claude.preflight()
    assert claude.model == "haiku"
