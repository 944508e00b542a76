"""A corpus of 50+ fake secrets: every one is redacted in its own line, in every place a
transcript carries text (user turns, tool input, file paths, tool errors, feedback, answers),
and nothing of any of them reaches any column of the store. detect-secrets, run on the same
corpus, finds nothing that redaction leaves."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from detect_secrets import SecretsCollection
from detect_secrets.settings import default_settings

from skillopt_sleep.capture.ingest import run_ingest
from skillopt_sleep.capture.redact import looks_like_secret, redact
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.capture.token_shapes import MIN_PATH_KEY
from skillopt_sleep.store import Store
from tests.capture_kit import (
    capture, claude_assistant, claude_tool_result, claude_user, codex_agent, codex_call, codex_meta, codex_output,
    codex_rollout_name, codex_user, jsonl, write,
)
from tests.secret_corpus import corpus
from tests.test_redact import ORDINARY
from tests.scenario_check import said

CORPUS = corpus()


def test_the_corpus_is_broad():
    assert len(CORPUS) >= 50 and len({s.kind for s in CORPUS}) >= 30
    assert len({s.value for s in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("secret", CORPUS, ids=[f"{s.kind}-{i}" for i, s in enumerate(CORPUS)])
def test_each_secret_is_redacted_in_its_line(secret):
    out = redact(secret.line)
    assert secret.value not in out and "[REDACTED:" in out
    assert looks_like_secret(secret.line)


def test_detect_secrets_finds_nothing_that_redaction_leaves(tmp_path):
    lines = [s.line for s in CORPUS]
    path = tmp_path / "transcript.txt"
    path.write_text("\n".join(lines) + "\n")
    with default_settings():
        found = SecretsCollection()
        found.scan_file(str(path))
    values = {secret.secret_value for secrets in found.data.values() for secret in secrets}
    assert len(values) >= 25  # the scanner recognises about half the corpus
    redacted = "\n".join(redact(line) for line in lines)
    assert [v for v in values if v in redacted] == []


@pytest.mark.parametrize("text", ORDINARY + ["Run the test suite", "skillopt_sleep/capture/ingest.py", "getElementById2Async",
                                             "123e4567-e89b-12d3-a456-426614174000", "checkpoint-epoch-0042-step-12000"])
def test_ordinary_text_does_not_look_like_a_secret(text):
    assert not looks_like_secret(text)


def claude_transcript() -> bytes:
    """Each secret in one of five places, in turn; bare keys of a key's length also in a file path."""
    records: list = []
    for n, secret in enumerate(CORPUS):
        call = f"t{n}"
        place = n % 5
        records.append(claude_user(f"Fix the deploy; context: {secret.line}" if place == 0 else f"Fix deploy step {n}"))
        command = secret.line if place == 1 else f"make deploy STEP={n}"
        records.append(claude_assistant(f"I used {secret.line}." if place == 4 else "Deployed.", tools=[(call, command)]))
        records.append(claude_tool_result(call, f"Error: request failed\n{secret.line}" if place == 2 else "error: step failed"))
        if place == 3:
            records.append(claude_user(f"No, that's wrong, it should use {secret.line}"))
        # A bare key also as a folder of a path; one shorter than MIN_PATH_KEY between a path's
        # words reads as a document's id (a Firestore id is 20 random characters) and is kept.
        if redact(secret.value) != secret.value and len(secret.value) >= MIN_PATH_KEY:
            records.append({"type": "assistant", "message": {"content": [
                {"type": "tool_use", "id": f"r{n}", "name": "Read", "input": {"file_path": f"/home/dev/.config/{secret.value}/token.txt"}}]}})
    return jsonl(records)


def codex_rollout() -> bytes:
    records: list = [codex_meta()]
    for n, secret in enumerate(CORPUS):
        records.append(codex_user(f"Rotate the key: {secret.line}" if n % 3 == 0 else f"Rotate key {n}"))
        records.append(codex_call(f"c{n}", secret.line if n % 3 == 1 else "rotate --all"))
        records.append(codex_output(f"c{n}", secret.line if n % 3 == 2 else "failed"))
        records.append(codex_agent("Rotated."))
    return jsonl(records)


def every_text_in(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return "\n".join(str(value) for t in tables for row in conn.execute(f"SELECT * FROM {t}") for value in row)
    finally:
        conn.close()


def test_no_secret_reaches_the_store(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    claude = write(tmp_path / "t" / "secrets-session.jsonl", claude_transcript())
    codex = write(tmp_path / "t" / codex_rollout_name("0199aaaa-bbbb-7ccc-8ddd-00000000beef"), codex_rollout())
    with Store(tmp_path / "store.db") as store:
        capture(store, "claude-code", claude)
        capture(store, "codex", codex)
        report = run_ingest(store, tmp_path / "data")
        assert report.sessions == 2 and sum(report.redactions.values()) >= 2 * len(CORPUS)
        stored = SessionRepo(store).get("secrets-session")
        assert len(said(stored)) >= len(CORPUS) and any(t.error for i in stored.intents for t in i.tools)
    dump = every_text_in(tmp_path / "store.db")
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("store.db*")).decode("utf-8", "replace")
    assert "[REDACTED:" in dump
    for secret in CORPUS:
        for piece in [secret.value, *secret.value.split("\n")]:
            assert piece not in dump, f"{secret.kind} reached the store"
            assert piece not in raw, f"{secret.kind} reached the database file"
    assert json.loads(json.dumps(report.redactions))  # counted by kind, for the report
