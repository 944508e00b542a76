"""The shortcuts ingest takes change nothing it stores: orjson reads what the json module reads,
Claude and Codex lines read off their first bytes give the same sessions, and text cut before redaction
(answers, tool output, a new request) never leaves part of a secret behind."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skillopt_sleep.capture import safe_read
from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions
from skillopt_sleep.capture.redact import CUT_MARGIN_CHARS, Redactor
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.capture.transcripts import claude, codex
from skillopt_sleep.capture.transcripts.common import MAX_INTENT_CHARS, BuildState, SessionBuilder
from skillopt_sleep.store import Store

FIXTURES = Path(__file__).parent / "fixtures"
KEY = "sk-ant-api03-Xk3p9QmZ7rT2vB8nL4wY6cH1jD5fG0sA-_9zKqWmEoRtUyIpAsDfGhJkLzXcVbNm-AbCdEf12AA"


def stored_sessions(tmp_path: Path, name: str) -> dict[str, str]:
    home = tmp_path / name
    shutil.copytree(FIXTURES / "claude" / "projects", home / ".claude" / "projects")
    shutil.copytree(FIXTURES / "codex" / "sessions", home / ".codex" / "sessions")
    with Store(tmp_path / f"{name}.db") as store:
        harvest(store, Homes(home / ".claude", home / ".codex"), IngestOptions())
        rows = store.query("SELECT id, data_json FROM sessions")
    return {row["id"]: row["data_json"].replace(str(home), "HOME") for row in rows}


def test_the_fast_paths_store_what_the_plain_ones_store(tmp_path, monkeypatch):
    fast = stored_sessions(tmp_path, "fast")
    monkeypatch.setattr(safe_read, "orjson", None)  # the stdlib json module, as without orjson installed
    monkeypatch.setattr(codex.CodexParser, "skips_unparsed", lambda self, raw: False)  # every Codex line decoded
    monkeypatch.setattr(claude.ClaudeParser, "skips_unparsed", lambda self, raw: False)  # and every Claude line
    plain = stored_sessions(tmp_path, "plain")
    assert fast and fast == plain


@pytest.mark.parametrize("offset", [-40, -5, 0, 3, CUT_MARGIN_CHARS - len(KEY) - 1])
def test_a_secret_across_the_cut_is_redacted_whole(offset):
    limit = 200
    text = "x" * (limit + offset) + " " + KEY + " tail " + "y" * 1000
    redactor = Redactor()
    kept = redactor.shortened(text, limit)
    assert len(kept) <= limit
    assert not any(KEY[:n] in kept for n in range(8, len(KEY)))  # no head of the key survives the cut
    assert redactor.counts["anthropic-key"] == 1


def test_shortened_matches_shorten_then_redact_when_nothing_is_secret():
    text = "word " * 2000
    assert Redactor().shortened(text, 300) == Redactor().text(text)[:299].rstrip() + "\u2026"


@pytest.mark.parametrize("offset", [-30, -len(KEY) // 2, 10])  # -30: the first 14 characters of the key before the cut
def test_a_long_request_keeps_no_part_of_a_secret_at_its_cut(offset):
    builder = SessionBuilder(Session(id="s", agent="claude-code"), BuildState(), Redactor())
    builder.user_text("Fix this log: " + "x" * (MAX_INTENT_CHARS + offset) + " " + KEY + " " + "y" * 20000)
    [intent] = builder.session.intents
    assert len(intent.text) <= MAX_INTENT_CHARS
    assert not any(KEY[:n] in intent.text for n in range(8, len(KEY)))
