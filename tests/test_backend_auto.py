"""Choosing a backend from what the machine has: keys, logins, local servers, the local model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.backends.auto import choose, choose_backend
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ConfigError
from tests.fakes import FakeOpenAI


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    path = tmp_path / "user"
    path.mkdir()
    return path


def config(tmp_path, **flags):
    return load_config(cwd=tmp_path, env={}, flags={"student.backend": "auto", **flags}, user_file=tmp_path / "none.yaml")


def nothing_listening(port: int):
    return None


def pick(tmp_path, home, env=None, role="student", probe=nothing_listening, which=lambda name: None, **flags):
    return choose(config(tmp_path, **flags), role, env=env or {}, home=home, probe=probe, which=which)


def test_an_anthropic_key_picks_anthropic_with_a_cheap_model_per_role(tmp_path, home):
    env = {"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k"}
    student = pick(tmp_path, home, env)
    teacher = pick(tmp_path, home, env, role="teacher")
    assert (student.name, student.model) == ("anthropic", "claude-haiku-5-5")
    assert (teacher.name, teacher.model) == ("anthropic", "claude-sonnet-5-5")
    assert "ANTHROPIC_API_KEY is set" in student.why


def test_an_openai_key_picks_openai(tmp_path, home):
    choice = pick(tmp_path, home, {"OPENAI_API_KEY": "k"})
    assert (choice.name, choice.model) == ("openai", "gpt-4.1-mini")


def test_a_configured_model_narrows_the_choice_to_its_provider(tmp_path, home):
    choice = pick(tmp_path, home, {"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k"}, **{"student.model": "gpt-4o-mini"})
    assert (choice.name, choice.model) == ("openai", "gpt-4o-mini")
    with pytest.raises(ConfigError, match="no Anthropic key or login"):
        pick(tmp_path, home, {"OPENAI_API_KEY": "k"}, **{"student.model": "claude-haiku-4-5"})


def test_a_claude_login_is_found_offline_in_its_credentials_file(tmp_path, home):
    (home / ".claude").mkdir()
    (home / ".claude" / ".credentials.json").write_text(json.dumps({"claudeAiOauth": {"accessToken": "t", "expiresAt": 1}}))
    choice = pick(tmp_path, home)
    assert (choice.name, choice.model) == ("claude-code", "haiku") and ".credentials.json" in choice.why


def test_a_claude_login_recorded_in_claude_json_counts_too(tmp_path, home):
    (home / ".claude.json").write_text(json.dumps({"oauthAccount": {"emailAddress": "a@b.c"}}))
    assert pick(tmp_path, home).name == "claude-code"


def test_an_empty_claude_credentials_file_is_not_a_login(tmp_path, home):
    (home / ".claude").mkdir()
    (home / ".claude" / ".credentials.json").write_text("{}")
    (home / ".claude.json").write_text(json.dumps({"numStartups": 3}))
    assert pick(tmp_path, home).name == "local"


def test_a_codex_login_needs_the_codex_cli_too(tmp_path, home):
    (home / ".codex").mkdir()
    (home / ".codex" / "auth.json").write_text(json.dumps({"tokens": {"access_token": "t"}}))
    assert pick(tmp_path, home).name == "local"
    choice = pick(tmp_path, home, which=lambda name: "/usr/bin/codex")
    assert (choice.name, choice.model) == ("codex", "gpt-6.2-sol")


def test_a_local_openai_compatible_server_is_found_and_its_model_used(tmp_path, home):
    with FakeOpenAI(models={"qwen2.5-coder-1.5b"}) as server:
        from skillopt_sleep.backends.auto import probe_local_server

        def probe(port: int):  # the well-known ports are busy elsewhere; map one onto the fake
            return probe_local_server(server.port) if port == 11434 else None

        choice = pick(tmp_path, home, probe=probe)
    assert (choice.name, choice.model) == ("openai", "qwen2.5-coder-1.5b")
    assert choice.options == {"base_url": "http://127.0.0.1:11434/v1"} and "Ollama" in choice.why


def test_an_explicit_base_url_wins_and_needs_a_model(tmp_path, home):
    env = {"ANTHROPIC_API_KEY": "k"}
    with pytest.raises(ConfigError, match="also set student.model"):
        pick(tmp_path, home, env, **{"student.base_url": "http://127.0.0.1:8000/v1"})
    choice = pick(tmp_path, home, env, **{"student.base_url": "http://127.0.0.1:8000/v1", "student.model": "llama"})
    assert (choice.name, choice.model) == ("openai", "llama") and "base_url" in choice.why


def test_with_nothing_available_the_local_model_is_chosen_and_said(tmp_path, home):
    choice = pick(tmp_path, home)
    assert choice.name == "local" and "no API key, login or local server" in choice.why


def test_choose_backend_returns_name_model_and_why(tmp_path, home, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "k")
    name, model, why = choose_backend(config(tmp_path), "student")
    assert (name, model) == ("anthropic", "claude-haiku-5-5") and why.startswith("student: anthropic")
