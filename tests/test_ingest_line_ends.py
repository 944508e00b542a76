"""Transcripts as editors and converters leave them: a UTF-8 BOM before the first record, bare CR
line ends, and a file rewritten in place at the same size with its old mtime put back."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path


from skillopt_sleep.capture.harvest import Homes, first_line_cwd, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from tests.capture_kit import claude_assistant, claude_user, codex_agent, codex_meta, codex_user, jsonl, write
from tests.scenario_check import said

BOM = b"\xef\xbb\xbf"
FIRST, SECOND = "Write the release notes for 2.1", "Bump the version in setup.cfg"


def intents(store: Store, session_id: str) -> list[str]:
    session = SessionRepo(store).get(session_id)
    return said(session) if session else []


def conversation(*asks: str) -> list[dict]:
    return [record for ask in asks for record in (claude_user(ask), claude_assistant("Done."))]


def test_a_bom_keeps_the_first_record(store, tmp_path):
    path = write(tmp_path / "t" / "bom.jsonl", BOM + jsonl(conversation(FIRST, SECOND)))
    assert Ingestor(store).ingest_file(str(path), "claude-code")
    assert intents(store, "bom") == [FIRST, SECOND]
    rollout = write(tmp_path / "t" / "rollout.jsonl", BOM + jsonl([codex_meta("/w/shop"), codex_user(FIRST)]))
    assert first_line_cwd(rollout, "codex") == "/w/shop"  # scoping reads the first line too


def test_bare_cr_line_ends_keep_records_apart_and_the_cursor_exact(store, tmp_path):
    path = write(tmp_path / "t" / "cr.jsonl", jsonl(conversation(FIRST)).replace(b"\n", b"\r"))
    ingestor = Ingestor(store)
    assert ingestor.ingest_file(str(path), "claude-code")
    assert intents(store, "cr") == [FIRST] and ingestor.report.skipped == {}
    assert store.query_one("SELECT cursor_bytes FROM transcripts")[0] == path.stat().st_size
    with open(path, "ab") as handle:  # the session goes on: only the new records are read
        handle.write(jsonl(conversation(SECOND)).replace(b"\n", b"\r"))
    again = Ingestor(store)
    assert again.ingest_file(str(path), "claude-code")
    assert intents(store, "cr") == [FIRST, SECOND] and again.report.bytes == len(jsonl(conversation(SECOND)))
    # CRLF files still read as before (their CR ends as a blank line).
    crlf = write(tmp_path / "t" / "crlf.jsonl", jsonl(conversation(FIRST, SECOND)).replace(b"\n", b"\r\n"))
    assert Ingestor(store).ingest_file(str(crlf), "claude-code") and intents(store, "crlf") == [FIRST, SECOND]


def rewrite_in_place(path: Path, old: str, new: str) -> None:
    """Replace `old` by `new` (same length) in the file's own inode and put its mtime back."""
    assert len(old) == len(new)
    before = path.stat()
    time.sleep(0.05)  # past the file system's timestamp granularity
    data = path.read_bytes().replace(old.encode(), new.encode())
    with open(path, "r+b") as handle:
        handle.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)


def test_a_rewrite_at_the_same_size_and_mtime_is_read_again(store, tmp_path):
    path = write(tmp_path / "t" / "same.jsonl", jsonl(conversation(FIRST)))
    assert Ingestor(store).ingest_file(str(path), "claude-code") and intents(store, "same") == [FIRST]
    rewrite_in_place(path, "release notes for 2.1", "changelog entry for 3")
    again = Ingestor(store)
    assert again.ingest_file(str(path), "claude-code")
    assert intents(store, "same") == ["Write the changelog entry for 3"]


def test_a_mode_change_alone_is_not_a_rewrite_and_is_checked_once(store, tmp_path):
    path = write(tmp_path / "t" / "mode.jsonl", jsonl(conversation(FIRST)))
    assert Ingestor(store).ingest_file(str(path), "claude-code")
    time.sleep(0.05)
    os.chmod(path, 0o600)  # moves the ctime, not the content
    for _ in range(2):
        ingestor = Ingestor(store)
        assert not ingestor.ingest_file(str(path), "claude-code")
        assert ingestor.report.unchanged == 1 and ingestor.report.files == 0
    seen = json.loads(store.query_one("SELECT state_json FROM transcripts")[0])["seen"]
    assert seen[0] == path.stat().st_ctime_ns  # remembered: the next ingest opens nothing


def test_harvest_notices_a_rewrite_too(store, tmp_path, monkeypatch):
    home = tmp_path / "user"
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME"):
        monkeypatch.delenv(name, raising=False)
    path = write(home / ".claude" / "projects" / "-w-shop" / "s1.jsonl", jsonl(conversation(FIRST)))
    write(home / ".codex" / "sessions" / "2026" / "01" / "05" / "rollout-2026-01-05T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001.jsonl",
          jsonl([codex_meta(), codex_user(SECOND), codex_agent("ok")]))
    harvest(store, Homes.from_env(), IngestOptions())
    unchanged = harvest(store, Homes.from_env(), IngestOptions())
    assert unchanged.files == 0 and unchanged.unchanged == 2
    rewrite_in_place(path, "release notes for 2.1", "changelog entry for 3")
    report = harvest(store, Homes.from_env(), IngestOptions())
    assert report.files == 1 and intents(store, "s1") == ["Write the changelog entry for 3"]
