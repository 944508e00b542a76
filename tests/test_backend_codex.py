"""The codex backend: the real `codex exec` against the fake Responses server."""

from __future__ import annotations

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, ToolSpec, create_backend
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import default_table
from skillopt_sleep.errors import AuthError, ConfigError
from skillopt_sleep.capture.markers import REPLAY_MARKER
from tests.agent_clis import missing
from tests.fakes import FakeOpenAI, FakeUsage, Reply, codex_cli_path, overloaded, text, unauthorized, write_codex_config

MODEL = "gpt-5.1-codex-mini"
CODEX = codex_cli_path()
pytestmark = pytest.mark.skipif(CODEX is None, reason=missing("codex"))


@pytest.fixture
def user_codex_home(tmp_path, monkeypatch):
    """A user's Codex home whose notify program, AGENTS.md and config a replay must not use."""
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    home = tmp_path / "user" / ".codex"
    return home


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def backend(fake, auth_home, **options):
    return create_backend("codex", options.pop("model", MODEL), {
        "base_url": fake.base_url, "path": str(CODEX), "auth_home": str(auth_home), "retry_base_s": 0.01, **options})


def test_a_codex_replay_is_isolated_marked_and_priced(fake, user_codex_home, tmp_path):
    flag = tmp_path / "notified"
    write_codex_config(fake, user_codex_home, extra_toml=f'notify = ["touch", "{flag}"]')
    (user_codex_home / "AGENTS.md").write_text("USER-AGENTS-MARKER: always mention bananas\n")
    fake.push(Reply(text="Four.", usage=FakeUsage(2000, 50, cache_read_tokens=500)))
    completion = backend(fake, user_codex_home).complete(
        CompletionRequest(system="Answer in one word.", messages=[Message("user", "2+2?")]))
    assert completion.text == "Four."
    assert completion.usage == Usage(input_tokens=2000, output_tokens=50, cache_read_tokens=500)
    assert completion.cost_usd == pytest.approx(default_table().lookup(MODEL).cost(completion.usage))
    (sent,) = fake.model_requests()
    assert sent.path == "/v1/responses" and sent.model == MODEL
    assert sent.last_user_text.startswith(f"{REPLAY_MARKER}\n<instructions>\nAnswer in one word.")
    assert "USER-AGENTS-MARKER" not in sent.text  # the user's AGENTS.md was not loaded
    assert not flag.exists()  # nor the user's notify program run
    assert not (user_codex_home / "sessions").exists()  # --ephemeral: no rollout to harvest


def test_a_json_schema_goes_out_as_the_output_schema(fake, user_codex_home):
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"], "additionalProperties": False}
    fake.push(text('{"answer": "4"}'))
    completion = backend(fake, user_codex_home).complete(
        CompletionRequest(system="s", messages=[Message("user", "2+2?")], json_schema=schema))
    assert completion.text == '{"answer": "4"}'
    assert fake.model_requests()[0].json["text"]["format"]["schema"] == schema


def test_overload_is_retried_and_a_bad_key_is_an_auth_error(fake, user_codex_home):
    fake.push(overloaded(), text("ok"), unauthorized())
    codex = backend(fake, user_codex_home)
    assert codex.complete(CompletionRequest(system="s", messages=[Message("user", "hi")])).text == "ok"
    assert codex.retries.count == 1 and "503" in codex.retries.events[0].reason
    with pytest.raises(AuthError, match="401"):
        codex.complete(CompletionRequest(system="s", messages=[Message("user", "again")]))
    assert len(fake.model_requests()) == 3


def test_tool_replays_are_refused_rather_than_run_without_their_tools(fake, user_codex_home):
    search = ToolSpec("search", "Search", {"type": "object", "properties": {}})
    with pytest.raises(ConfigError, match="cannot offer a replay's tools"):
        backend(fake, user_codex_home).complete(CompletionRequest(system="s", messages=[Message("user", "hi")], tools=[search]))
    assert not fake.requests


def test_a_missing_codex_or_login_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="does not exist"):
        create_backend("codex", MODEL, {"path": str(tmp_path / "no-codex")})
    codex = create_backend("codex", "", {"path": str(CODEX), "auth_home": str(tmp_path / "nobody")})
    assert codex.model == "gpt-6.2-sol" and codex.cost_known is False
    with pytest.raises(AuthError, match="codex login"):
        codex.preflight()
