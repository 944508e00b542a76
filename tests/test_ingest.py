"""Incremental ingestion: byte cursors, partial lines, restarts, crash safety, bad input."""

from __future__ import annotations

import json
import os
import shutil
import tracemalloc
from pathlib import Path

import pytest

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.capture.ingest import SPOOL_NAME, IngestOptions, Ingestor, run_ingest
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from tests.scenario_check import requests_view, said

FIXTURES = Path(__file__).parent / "fixtures"
MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())


def fixture(name: str) -> dict:
    return next(s for s in MANIFEST["scenarios"] if s["name"] == name)


def copy_fixture(name: str, tmp_path: Path) -> Path:
    source = FIXTURES / fixture(name)["path"]
    target = tmp_path / "t" / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


def user_line(text: str, at: str = "2026-01-05T10:00:00Z", **extra) -> str:
    record = {"type": "user", "sessionId": "s1", "cwd": "/w", "timestamp": at, "entrypoint": "cli",
              "message": {"role": "user", "content": text}}
    record.update(extra)
    return json.dumps(record) + "\n"


def assistant_line(text: str, at: str = "2026-01-05T10:00:05Z") -> str:
    return json.dumps({"type": "assistant", "sessionId": "s1", "timestamp": at,
                       "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}) + "\n"


def cursor(store: Store, path: Path) -> int:
    row = store.query_one("SELECT cursor_bytes FROM transcripts WHERE path = ?", (str(path),))
    return row["cursor_bytes"] if row else 0


def session_of(store: Store, path: Path):
    return SessionRepo(store).get(path.stem)


def test_a_growing_transcript_is_read_once_in_pieces(store, tmp_path):
    source = (FIXTURES / fixture("claude-correction")["path"]).read_bytes()
    growing = tmp_path / "g" / Path(fixture("claude-correction")["path"]).name
    growing.parent.mkdir()
    ingestor = Ingestor(store)
    # Cut at awkward places: inside lines, inside multi-byte characters' neighbourhood, at the end.
    n = len(source)
    for cut in (777, n // 2, n // 2 + 1, n * 4 // 5, n - 3, n):
        growing.write_bytes(source[:cut])
        ingestor.ingest_file(str(growing), "claude-code")
        assert cursor(store, growing) <= cut and source[cursor(store, growing) - 1:cursor(store, growing)] in (b"\n", b"")
    whole = tmp_path / "w" / growing.name
    whole.parent.mkdir()
    whole.write_bytes(source)
    with Store(tmp_path / "other.db") as other:
        once = Ingestor(other)
        once.ingest_file(str(whole), "claude-code")
        expected = SessionRepo(other).get(whole.stem).to_dict()
    got = session_of(store, growing).to_dict()
    for record in (got, expected):
        record.pop("transcript_path")
    assert got == expected
    assert ingestor.report.bytes == len(source) and ingestor.report.records == once.report.records
    assert [i.text for i in requests_view(session_of(store, growing)).intents] == fixture("claude-correction")["expect"]["intents"]


def test_a_partial_last_line_waits_for_the_next_run(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    full = user_line("Write release notes for version 2.0")
    path.write_text(assistant_line("hello") + full[:40])
    ingestor = Ingestor(store)
    ingestor.ingest_file(str(path), "claude-code")
    assert cursor(store, path) == len(assistant_line("hello").encode())
    assert ingestor.report.skipped == {}
    with open(path, "a") as handle:
        handle.write(full[40:] + assistant_line("Notes: ..."))
    ingestor.ingest_file(str(path), "claude-code")
    session = session_of(store, path)
    assert [i.text for i in session.intents] == ["Write release notes for version 2.0"]
    assert session.intents[0].answer == "Notes: ..." and session.records == 3


def test_unchanged_transcripts_are_not_read_again(store, tmp_path):
    path = copy_fixture("claude-skill", tmp_path)
    ingestor = Ingestor(store)
    assert ingestor.ingest_file(str(path), "claude-code")
    assert not ingestor.ingest_file(str(path), "claude-code")
    assert ingestor.report.unchanged == 1 and ingestor.report.files == 1


def test_a_crash_before_the_write_loses_nothing_and_counts_nothing_twice(store, tmp_path, monkeypatch):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Run the test suite") + assistant_line("All 12 tests pass."))
    Ingestor(store).ingest_file(str(path), "claude-code")
    with open(path, "a") as handle:
        handle.write(user_line("not fixed, two tests fail", at="2026-01-05T10:01:00Z"))
    real_save = SessionRepo.save_all

    def crash(self, sessions, conn=None):
        raise RuntimeError("killed mid-write")

    monkeypatch.setattr(SessionRepo, "save_all", crash)
    with pytest.raises(RuntimeError):
        Ingestor(store).ingest_file(str(path), "claude-code")
    monkeypatch.setattr(SessionRepo, "save_all", real_save)
    before = session_of(store, path)
    assert before.records == 2 and before.intents[0].follow_ups == []  # the old state, intact
    Ingestor(store).ingest_file(str(path), "claude-code")
    after = session_of(store, path)
    assert after.records == 3 and [f.text for f in after.intents[0].follow_ups] == ["not fixed, two tests fail"]
    assert [f.kind for f in requests_view(after).intents[0].feedback] == ["negative"]
    assert after.user_turns == 2


def test_two_ingests_at_once_count_each_record_once(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Rename the package to shopkit") + assistant_line("Renamed."))
    with Store(store.path) as other_connection:
        first, second = Ingestor(store), Ingestor(other_connection)
        read = first._read

        def read_then_lose_the_race(*args):
            cursor = read(*args)
            second.ingest_file(str(path), "claude-code")  # the other process stores these bytes first
            return cursor

        first._read = read_then_lose_the_race
        assert not first.ingest_file(str(path), "claude-code")
    assert second.report.records == 2 and first.report.records == 0
    assert session_of(store, path).records == 2 and cursor(store, path) == path.stat().st_size


def test_in_a_batch_a_file_the_store_refuses_costs_only_itself(store, tmp_path, monkeypatch):
    paths = []
    for name in ("good1", "bad", "good2"):
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text(user_line(f"Build the {name} report") + assistant_line("Built."))
    save_all = SessionRepo.save_all

    def refuse_bad(self, sessions, conn=None):
        if any(session.id == "bad" for session in sessions):
            raise ValueError("refused")
        save_all(self, sessions, conn)

    monkeypatch.setattr(SessionRepo, "save_all", refuse_bad)
    ingestor = Ingestor(store)
    with store.grouped(seconds=3600), ingestor.batched():
        for path in paths:
            assert ingestor.try_file(str(path), "claude-code", known=None)
        assert cursor(store, paths[0]) == 0  # waiting in the batch, not yet written
    assert session_of(store, paths[0]).records == session_of(store, paths[2]).records == 2
    assert session_of(store, paths[1]) is None and cursor(store, paths[1]) == 0  # read again next time
    assert ingestor.failures.known[str(paths[1])].failures == 1
    assert ingestor.report.files == 2 and ingestor.report.records == 4 and ingestor.report.skipped == {"ingest_error": 1}


def test_a_batched_reading_another_ingest_stored_first_is_neither_written_nor_counted(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Rename the package to shopkit") + assistant_line("Renamed."))
    with Store(store.path) as other_connection:
        batched, other = Ingestor(store), Ingestor(other_connection)
        with store.grouped(seconds=3600), batched.batched():
            assert batched.ingest_file(str(path), "claude-code", known=None)  # waits in the batch
            other.ingest_file(str(path), "claude-code")  # the other process stores these bytes first
    assert other.report.records == 2 and batched.report.records == 0 and batched.report.files == 0
    assert session_of(store, path).records == 2 and cursor(store, path) == path.stat().st_size


def test_a_shrunk_or_replaced_transcript_is_read_from_the_start(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Install the dependencies") + assistant_line("done") + user_line("perfect"))
    ingestor = Ingestor(store)
    ingestor.ingest_file(str(path), "claude-code")
    path.write_text(user_line("Deploy the site"))  # same inode, shorter
    ingestor.ingest_file(str(path), "claude-code")
    assert [i.text for i in session_of(store, path).intents] == ["Deploy the site"]
    replacement = tmp_path / "new.jsonl"
    replacement.write_text(user_line("Deploy the site") + assistant_line("deployed") + user_line("Now tag the release v2"))
    os.replace(replacement, path)  # another inode, longer
    ingestor.ingest_file(str(path), "claude-code")
    session = session_of(store, path)
    assert said(session) == ["Deploy the site", "Now tag the release v2"] and session.records == 3


def test_bad_lines_are_skipped_and_counted_and_good_ones_kept(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    with open(path, "wb") as handle:
        handle.write(user_line("Write the changelog").encode())
        handle.write(b'{"type": "assistant", "message": {"role": "assis\n')  # truncated by a crash
        handle.write(b'{"type": "user", "message": "caf\xe9"}\n')  # not UTF-8
        handle.write(b'{"type": "hologram", "payload": 1}\n')  # unknown record type
        handle.write(b'[1, 2, 3]\n')  # JSON, not a record
        handle.write(b"\n")
        handle.write(assistant_line("Changelog written.").encode())
    ingestor = Ingestor(store)
    ingestor.ingest_file(str(path), "claude-code")
    assert dict(ingestor.report.skipped) == {"truncated_line": 1, "non_utf8": 1, "unknown_record_type": 1, "malformed_record": 1}
    session = session_of(store, path)
    assert session.intents[0].text == "Write the changelog" and session.intents[0].answer == "Changelog written."
    assert cursor(store, path) == path.stat().st_size


def test_a_20_mb_line_is_skipped_without_holding_it(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    huge = json.dumps({"type": "user", "message": {"role": "user", "content": "x" * (20 << 20)}}) + "\n"
    path.write_text(user_line("Summarise the log") + huge + assistant_line("The log shows two restarts."))
    ingestor = Ingestor(store, IngestOptions(max_line_bytes=1 << 20))
    tracemalloc.start()
    try:
        ingestor.ingest_file(str(path), "claude-code")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ingestor.report.skipped == {"oversize_line": 1}
    assert peak < 8 << 20  # chunks of 1 MiB, never the 20 MiB line
    session = session_of(store, path)
    assert session.intents[0].answer == "The log shows two restarts." and session.records == 2


def test_an_oversize_line_still_being_written_is_not_skipped_twice(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Summarise the log") + '{"type": "user", "message": "' + "y" * (3 << 20))
    ingestor = Ingestor(store, IngestOptions(max_line_bytes=1 << 20))
    ingestor.ingest_file(str(path), "claude-code")
    assert ingestor.report.skipped == {} and cursor(store, path) == len(user_line("Summarise the log"))
    with open(path, "a") as handle:
        handle.write('"}\n' + assistant_line("Two restarts."))
    ingestor.ingest_file(str(path), "claude-code")
    assert ingestor.report.skipped == {"oversize_line": 1}
    assert session_of(store, path).intents[0].answer == "Two restarts."


def test_binary_vanished_and_unreadable_files_are_counted(store, tmp_path, monkeypatch):
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + os.urandom(2000))
    kept = tmp_path / "kept.jsonl"
    kept.write_text(user_line("Explain the retry logic") + assistant_line("It backs off exponentially."))
    ingestor = Ingestor(store)
    ingestor.ingest_file(str(binary), "claude-code")
    ingestor.ingest_file(str(binary), "claude-code")  # unchanged: not opened again
    ingestor.ingest_file(str(tmp_path / "missing.jsonl"), "claude-code")
    ingestor.ingest_file(str(kept), "claude-code")
    kept.unlink()
    ingestor.ingest_known()
    ingestor.ingest_known()  # a vanished transcript is reported once, not every run
    locked = tmp_path / "locked.jsonl"
    locked.write_text(user_line("Rotate the keys"))
    if os.geteuid() != 0:
        locked.chmod(0)
    else:  # root reads anything: make the open itself refuse, as it does for other users
        def refuse(path, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(path))
        monkeypatch.setattr("skillopt_sleep.capture.ingest.open", refuse, raising=False)
    ingestor.ingest_file(str(locked), "claude-code")
    assert dict(ingestor.report.skipped) == {"binary_file": 1, "vanished_file": 2, "permission_denied": 1}
    assert ingestor.report.unchanged == 3  # the binary file, seen again three times, never reopened
    assert session_of(store, tmp_path / "kept.jsonl").intents[0].answer == "It backs off exponentially."  # kept
    assert session_of(store, binary) is None


def test_an_unknown_agent_is_reported(store, tmp_path):
    ingestor = Ingestor(store)
    assert not ingestor.ingest_file(str(tmp_path / "x.jsonl"), "gemini")
    assert ingestor.report.skipped == {"unknown_agent": 1}


def test_times_are_stored_in_utc(store, tmp_path):
    path = tmp_path / "s1.jsonl"
    path.write_text(user_line("Rebuild the index", at="2026-01-05T12:00:00+02:00") + assistant_line("ok", at="2026-01-05T10:00:07.5Z"))
    Ingestor(store).ingest_file(str(path), "claude-code")
    session = session_of(store, path)
    assert session.started_at == "2026-01-05T10:00:00.000000Z" and session.ended_at == "2026-01-05T10:00:07.500000Z"
    assert session.intents[0].at == "2026-01-05T10:00:00.000000Z"


def test_spool_is_drained_once_even_after_a_crashed_drain(store, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    transcript = copy_fixture("claude-skill", tmp_path)
    good = {"agent": "claude-code", "event": "Stop", "session_id": transcript.stem, "transcript_path": str(transcript),
            "cwd": "/tmp/skillopt-fixture/work/shop-api", "captured_at": "2026-01-05T10:00:00.000000Z", "payload_json": "{}"}
    (data / SPOOL_NAME).write_text(json.dumps(good) + "\n" + "{garbage\n")
    # A drain that died after committing: its claimed file is still there, holding the same row.
    (data / f"{SPOOL_NAME}.999.draining").write_text(json.dumps(good) + "\n")
    report = run_ingest(store, data)
    assert report.spooled == 1 and report.skipped["malformed_spool_line"] == 1
    assert report.captures == 1 and report.sessions == 1
    assert list(data.iterdir()) == []
    assert store.query_one("SELECT COUNT(*) FROM captures WHERE ingested_at IS NOT NULL")[0] == 1
    again = run_ingest(store, data)
    assert again.captures == 0 and again.files == 0 and again.unchanged == 1


def test_a_codex_notify_capture_finds_its_rollout(store, tmp_path):
    entry = fixture("codex-correction")
    codex_home = tmp_path / "codex"
    rollout = codex_home / entry["path"].removeprefix("codex/")
    rollout.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURES / entry["path"], rollout)
    thread_id = rollout.stem[-36:]
    row = capture_hook.build_row("codex", "", json.dumps({"type": "agent-turn-complete", "thread-id": thread_id, "cwd": entry["cwd"]}),
                                 entry["cwd"], 1_767_600_000.0)
    store.insert("captures", row)
    report = run_ingest(store, tmp_path / "data", IngestOptions(codex_home=str(codex_home)))
    assert report.files == 1 and report.skipped == {}
    session = SessionRepo(store).get(thread_id)
    assert session.agent == "codex" and session.intents[0].text == "install the dependencies for this project"


def test_captures_outside_the_chosen_projects_are_left_alone(store, tmp_path):
    transcript = copy_fixture("claude-skill", tmp_path)
    store.insert("captures", {"agent": "claude-code", "event": "Stop", "session_id": transcript.stem,
                              "transcript_path": str(transcript), "cwd": "/tmp/skillopt-fixture/work/shop-api",
                              "captured_at": "2026-01-05T10:00:00.000000Z"})
    report = run_ingest(store, tmp_path / "data", IngestOptions(projects=[str(tmp_path / "elsewhere")]))
    assert report.out_of_scope == 1 and report.files == 0 and SessionRepo(store).count() == 0
