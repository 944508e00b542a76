"""A corpus of hostile transcripts, as real files beside good sessions: ingest never raises,
never blocks, marks every capture done, and still ingests every good session in the batch."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from skillopt_sleep.capture.ingest import IngestOptions, Ingestor, run_ingest
from skillopt_sleep.capture.quarantine import QUARANTINE_AFTER, quarantined
from skillopt_sleep.capture.safe_read import NotRegularFile, regular_opener
from skillopt_sleep.capture.transcripts import PARSERS, ClaudeParser
from skillopt_sleep.cli import main
from skillopt_sleep.store import Store
from tests.capture_kit import (
    assert_ingested, capture, claude_assistant, claude_user, codex_agent, codex_line, codex_meta, codex_rollout_name,
    codex_user, jsonl, valid_sessions, write,
)
from tests.scenario_check import said

GOOD_CLAUDE = [claude_user("Add a health check endpoint"), claude_assistant("Added /healthz.")]
DEEP = 100_000


def deep(n: int = DEEP) -> bytes:
    return b"[" * n + b"]" * n


def claude_file(lines: list) -> bytes:
    """Hostile lines between two good turns, so what follows a bad line must still be read."""
    return jsonl([GOOD_CLAUDE[0], *lines, GOOD_CLAUDE[1]])


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def symlink_loop(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(path.name + ".b", path)
    os.symlink(path.name, str(path) + ".b")
    return path


HOSTILE = {
    # Claude Code records with fields of the wrong type or shape.
    "deep-array": lambda p: write(p, claude_file([deep()])),
    "deep-object": lambda p: write(p, claude_file([b'{"a":' * DEEP + b"1" + b"}" * DEEP])),
    "deep-inside-record": lambda p: write(p, claude_file([b'{"type":"user","message":{"content":' + deep(5000) + b"}}"])),
    "message-string": lambda p: write(p, claude_file([{"type": "user", "message": "hello"}, {"type": "assistant", "message": "hi"}])),
    "attachment-string": lambda p: write(p, claude_file([{"type": "attachment", "attachment": "prompt_snapshot"}])),
    "shape-string": lambda p: write(p, claude_file([{"type": "api-request-shape", "shape": "system"}])),
    "type-unhashable": lambda p: write(p, claude_file([{"type": ["user"]}, {"type": {"a": 1}}])),
    "content-odd-blocks": lambda p: write(p, claude_file([claude_user([1, None, "x", {"type": "tool_result", "content": {"x": 1}}]),
                                                          {"type": "assistant", "message": {"content": [None, 7, {"type": "tool_use", "input": "ls"}]}}])),
    "odd-meta-types": lambda p: write(p, claude_file([claude_user("Explain the cache", at=[1], cwd={"x": 1}, version=3, gitBranch=None)])),
    "weird-numbers": lambda p: write(p, claude_file([b'{"type":"user","timestamp":NaN,"message":{"content":"Check the clock"}}',
                                                     b'{"type":"user","timestamp":1e400,"message":{"content":"again"}}',
                                                     b'{"type":"user","timestamp":-1e300,"message":{"content":"and again"}}'])),
    "lone-surrogates": lambda p: write(p, claude_file([b'{"type":"user","cwd":"/w/\\ud800","message":{"content":"Fix \\udc00 the build"}}',
                                                       b'{"type":"assistant","message":{"content":[{"type":"tool_use","id":"\\ud83d","name":"B\\udfff","input":{"command":"ls \\ud800"}}]}}'])),
    "not-an-object": lambda p: write(p, claude_file([b"null", b"42", b'"text"', b"[]", b"true"])),
    # Bytes that are not JSON lines.
    "truncated-lines": lambda p: write(p, claude_file([b'{"type": "user", "message": {"content": "cut', b'{"type":'])),
    "invalid-utf8": lambda p: write(p, claude_file([b'{"type":"user","message":{"content":"caf\xe9 \xff\xfe"}}'])),
    "nul-bytes-late": lambda p: write(p, b"\n" * 9000 + claude_file([b'{"type":"user","message":{"content":"a\x00b"}}', b"\x00" * 64])),
    "huge-line": lambda p: write(p, claude_file([json.dumps(claude_user("x" * (300 << 10))).encode()])),
    "binary-garbage": lambda p: write(p, os.urandom(64 << 10)),
    "empty-file": lambda p: write(p, b""),
    "only-newlines": lambda p: write(p, b"\n\r\n \n\t\n"),
    "no-final-newline": lambda p: write(p, b'{"type":"user","message":{"content":"never finished"'),
    "crlf-lines": lambda p: write(p, claude_file([]).replace(b"\n", b"\r\n")),
    # Things at a transcript path that are not regular files.
    "fifo": lambda p: fifo(p),
    "directory": lambda p: (p.mkdir(parents=True), p)[1],
    "symlink-loop": lambda p: symlink_loop(p),
    "dangling-symlink": lambda p: (p.parent.mkdir(parents=True, exist_ok=True), os.symlink(p.name + ".missing", p), p)[2],
    "missing-file": lambda p: p,
    "device": lambda p: (p.parent.mkdir(parents=True, exist_ok=True), os.symlink("/dev/zero", p), p)[2],
    "name-too-long": lambda p: p.parent / ("x" * 300 + ".jsonl"),
}

# Codex rollouts with fields of the wrong type.
CODEX_HOSTILE = {
    "codex-payload-string": [codex_meta(), codex_line("event_msg", "user_message"), codex_line("response_item", "message")],
    "codex-metadata-string": [codex_meta(), codex_user("Run the tests"),
                              codex_line("response_item", {"type": "function_call_output", "call_id": "c", "output": {"metadata": "exit 1"}}),
                              codex_line("response_item", {"type": "function_call_output", "call_id": "c", "output": '{"metadata": "x"}'})],
    "codex-action-string": [codex_meta(), codex_user("List files"),
                            codex_line("response_item", {"type": "local_shell_call", "call_id": "c", "action": "ls -la"})],
    "codex-item-string": [codex_meta(), codex_line("event_msg", {"type": "item_completed", "item": "UserMessage"})],
    "codex-git-and-source-odd": [codex_line("session_meta", {"cwd": ["x"], "git": "main", "source": "cli", "thread_source": {}}),
                                 codex_user("Say hello")],
    "codex-deep-arguments": [codex_meta(), codex_user("Go"),
                             codex_line("response_item", {"type": "function_call", "call_id": "c", "arguments": "[" * 5000 + "]" * 5000}),
                             codex_line("response_item", {"type": "function_call_output", "call_id": "c", "output": "{" + '"a":{' * 5000})],
    "codex-message-types": [codex_meta(), codex_line("event_msg", {"type": "user_message", "message": {"text": "x"}}),
                            codex_line("response_item", {"type": ["message"], "role": "user"}), codex_agent("ok")],
}


def hostile_batch(store: Store, folder: Path) -> dict:
    """Every hostile input captured, interleaved with the good sessions."""
    good = valid_sessions(folder / "good")
    items = list(good)
    for name, make in HOSTILE.items():
        items.insert(len(items) // 2, ("claude-code", make(folder / "claude" / f"{name}.jsonl")))
    for name, records in CODEX_HOSTILE.items():
        session_id = f"0199aaaa-bbbb-7ccc-8ddd-{len(items):012d}"
        items.insert(1, ("codex", write(folder / "codex" / name / codex_rollout_name(session_id), jsonl(records))))
    for agent, path in items:
        capture(store, agent, path)
    return good


def run_within(seconds: float, function, *args):
    """Run in a thread; a blocked open (a FIFO) shows up as a timeout, not a hung test run."""
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = function(*args)
        except BaseException as exc:  # reported to the test below
            outcome["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{function.__name__} blocked for {seconds}s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def test_the_corpus_covers_at_least_twenty_kinds_of_bad_input():
    assert len(HOSTILE) + len(CODEX_HOSTILE) >= 20


def test_ingest_survives_every_hostile_input_and_keeps_the_good_sessions(store, tmp_path):
    good = hostile_batch(store, tmp_path / "t")
    options = IngestOptions(max_line_bytes=256 << 10)
    report = run_within(120, run_ingest, store, tmp_path / "data", options)
    assert_ingested(store, good)
    assert store.query_one("SELECT COUNT(*) FROM captures WHERE ingested_at IS NULL")[0] == 0
    assert report.skipped.get("ingest_error", 0) == 0, report.render()
    for reason in ("too_deep", "not_regular_file", "unreadable_file", "truncated_line", "non_utf8", "oversize_line",
                   "binary_file", "malformed_record"):
        assert report.skipped[reason] >= 1, (reason, report.render())
    # Links are never read through, wherever they lead (a loop, nowhere, a device).
    assert {Path(p).name for p in report.outside} == {"symlink-loop.jsonl", "dangling-symlink.jsonl", "device.jsonl"}
    # Every hostile Claude file that holds the good turns around its bad lines still yields them.
    for name in ("deep-array", "deep-object", "message-string", "attachment-string", "type-unhashable", "invalid-utf8",
                 "truncated-lines", "huge-line", "not-an-object", "crlf-lines"):
        session = Ingestor(store).sessions.get(name)
        assert session is not None and session.intents[0].text == "Add a health check endpoint", name
        assert session.intents[0].answer == "Added /healthz.", name
    # Text that cannot be stored as UTF-8 is kept with a replacement character.
    surrogates = Ingestor(store).sessions.get("lone-surrogates")
    assert "Fix \ufffd the build" in [i.text for i in surrogates.intents]
    # The next ingest, and the one after, finish too, and find nothing new to read.
    for _ in range(2):
        again = run_within(120, run_ingest, store, tmp_path / "data", options)
        assert again.skipped.get("ingest_error", 0) == 0 and again.sessions == 0


def test_a_fifo_is_refused_without_being_opened(store, tmp_path):
    path = fifo(tmp_path / "pipe.jsonl")
    ingestor = Ingestor(store)
    assert run_within(10, ingestor.ingest_file, str(path), "claude-code") is False
    assert ingestor.report.skipped == {"not_regular_file": 1}
    # Even when the path turns into a FIFO between the stat and the open, the open does not block.
    with pytest.raises(NotRegularFile):
        run_within(10, open, str(path), "rb", -1, None, None, None, True, regular_opener)


def test_a_capture_with_an_unusable_path_is_marked_done(store, tmp_path):
    good = valid_sessions(tmp_path / "good")
    store.insert("captures", {"agent": "claude-code", "event": "Stop", "session_id": "x", "transcript_path": "/w/a\0b.jsonl",
                              "cwd": "/w/shop", "captured_at": "2026-01-05T10:00:09.000000Z"})
    for agent, path in good:
        capture(store, agent, path)
    report = run_ingest(store, tmp_path / "data")
    assert report.skipped["unreadable_file"] == 1
    assert_ingested(store, good)
    assert store.query_one("SELECT COUNT(*) FROM captures WHERE ingested_at IS NULL")[0] == 0


class ExplodingParser(ClaudeParser):
    """A parser with a defect that only one transcript triggers: the failure ingest must contain."""

    def finish(self) -> None:
        if "poison" in self.builder.session.transcript_path:
            raise RuntimeError("parser defect on this transcript")
        super().finish()


def test_a_file_that_keeps_failing_is_quarantined_and_shown_by_status(store, tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(PARSERS, "claude-code", ExplodingParser)
    poison = write(tmp_path / "t" / "poison.jsonl", jsonl(GOOD_CLAUDE))
    capture(store, "claude-code", poison)
    good = valid_sessions(tmp_path / "good")
    for agent, path in good:
        capture(store, agent, path)
    for attempt in range(1, QUARANTINE_AFTER + 1):
        report = run_ingest(store, tmp_path / "data")
        assert report.skipped["ingest_error"] == 1
        assert_ingested(store, good)  # the failing file blocks nothing after it
        failures = store.query_one("SELECT failures, quarantined_at FROM ingest_failures WHERE path = ?", (str(poison),))
        assert failures["failures"] == attempt and (failures["quarantined_at"] is not None) == (attempt == QUARANTINE_AFTER)
    report = run_ingest(store, tmp_path / "data")
    assert report.skipped == {"quarantined": 1}  # set aside: not opened, not failing again
    assert main(["status", "--store", str(store.path)]) == 0
    out = capsys.readouterr().out
    assert "Quarantined transcripts (1" in out and str(poison) in out and "RuntimeError: parser defect" in out
    assert main(["status", "--json", "--store", str(store.path)]) == 0
    [entry] = json.loads(capsys.readouterr().out)["quarantined_transcripts"]
    assert entry["path"] == str(poison) and entry["failures"] == QUARANTINE_AFTER
    # Once the defect is gone and the file changes, it is tried again and leaves quarantine.
    monkeypatch.setitem(PARSERS, "claude-code", ClaudeParser)
    with open(poison, "ab") as handle:
        handle.write(jsonl([claude_user("Now add a readiness check", at="2026-01-05T10:01:00Z")]))
    report = run_ingest(store, tmp_path / "data")
    assert "quarantined" not in report.skipped and "ingest_error" not in report.skipped
    assert said(Ingestor(store).sessions.get("poison"))[-1] == "Now add a readiness check"
    assert quarantined(store) == []
