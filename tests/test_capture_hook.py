"""The capture hook as the agents run it: a separate `python3 -I -S` process."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from skillopt_sleep import paths

from skillopt_sleep.capture import hook as capture_hook

from skillopt_sleep.capture import ingest

from skillopt_sleep.capture import markers
from skillopt_sleep.cli import main
from skillopt_sleep.capture.ingest import run_ingest
from skillopt_sleep.store import Store
from skillopt_sleep.capture.transcripts import common

HOOK = Path(capture_hook.__file__).with_name("hook_entry.py")  # what the agents run; it imports hook.py
PYTHON = os.path.realpath(sys.executable)
STOP = {
    "session_id": "0e6f751d-8b55-4b64-8b14-e30f8449dd11",
    "transcript_path": "/tmp/x/0e6f751d-8b55-4b64-8b14-e30f8449dd11.jsonl",
    "cwd": "/tmp/x",
    "hook_event_name": "Stop",
    "stop_hook_active": False,
    "last_assistant_message": "here is the key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx",
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    return tmp_path / "sleep"


def hook_env(home: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
    env.update({"SKILLOPT_SLEEP_HOME": str(home)}, **extra)
    return env


def run_hook(home: Path, payload: str | None, *args: str, **env: str) -> subprocess.CompletedProcess:
    command = [PYTHON, "-I", "-S", str(HOOK), *args]
    return subprocess.run(command, input=(payload or "").encode(), env=hook_env(home, **env), capture_output=True, timeout=30)


def spool_lines(home: Path) -> list[dict]:
    path = home / "data" / capture_hook.SPOOL_NAME
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def captures(home: Path) -> list[dict]:
    with Store(home / "data" / "store.db") as store:
        return [dict(r) for r in store.query("SELECT * FROM captures ORDER BY id")]


# -- the same folders and names as the package ----------------------------------------------------

@pytest.mark.parametrize("xdg", [{}, {"XDG_DATA_HOME": "/srv/xdg-data", "XDG_STATE_HOME": "/srv/xdg-state"},
                                 {"XDG_DATA_HOME": "relative/ignored", "XDG_STATE_HOME": ""}])
def test_hook_folders_match_platformdirs_on_linux(monkeypatch, tmp_path, xdg):
    monkeypatch.delenv("SKILLOPT_SLEEP_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in xdg.items():
        monkeypatch.setenv(name, value)
    from platformdirs.unix import Unix

    expected = Unix(paths.APP)
    assert capture_hook.data_dir(dict(os.environ), "linux") == expected.user_data_dir
    assert capture_hook.log_dir(dict(os.environ), "linux") == expected.user_log_dir
    if sys.platform.startswith("linux"):
        assert capture_hook.data_dir() == str(paths.data_dir())
        assert capture_hook.log_dir() == str(paths.log_dir())


@pytest.mark.parametrize("xdg", [{}, {"XDG_DATA_HOME": "/srv/xdg-data"}])
def test_hook_folders_match_platformdirs_on_macos(monkeypatch, tmp_path, xdg):
    monkeypatch.delenv("SKILLOPT_SLEEP_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    for name, value in xdg.items():
        monkeypatch.setenv(name, value)
    from platformdirs.macos import MacOS

    expected = MacOS(paths.APP)
    assert capture_hook.data_dir(dict(os.environ), "darwin") == expected.user_data_dir
    assert capture_hook.log_dir(dict(os.environ), "darwin") == expected.user_log_dir


def test_override_and_shared_names_agree(home):
    assert capture_hook.data_dir() == str(paths.data_dir()) == str(home / "data")
    assert capture_hook.log_dir() == str(paths.log_dir())
    assert capture_hook.REPLAY_ENV == markers.REPLAY_ENV
    assert common.REPLAY_MARKER == markers.REPLAY_MARKER
    assert capture_hook.SPOOL_NAME == ingest.SPOOL_NAME
    assert capture_hook.HOME_ENV == "SKILLOPT_SLEEP_HOME"  # the override paths.py reads


# -- a real process -----------------------------------------------------------------------------

def test_hook_imports_only_the_standard_library(home):
    done = subprocess.run([PYTHON, "-I", "-S", "-X", "importtime", str(HOOK), "--agent", "claude-code"],
                          input=json.dumps(STOP).encode(), env=hook_env(home), capture_output=True, timeout=30)
    modules = {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")}
    assert "select" in modules or "_sqlite3" in modules  # the timing output is really there
    assert not {m for m in modules if m.split(".")[0] in ("skillopt_sleep", "platformdirs", "yaml", "filelock")}
    assert not modules & {"os", "json", "re"}, sorted(modules)  # each costs a good part of a start
    assert spool_lines(home)[-1]["session_id"] == STOP["session_id"]  # and it did record


def test_without_a_store_the_capture_is_spooled_then_ingested(home):
    done = run_hook(home, json.dumps(STOP), "--agent", "claude-code")
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    [line] = spool_lines(home)
    assert line["session_id"] == STOP["session_id"] and line["event"] == "Stop" and line["agent"] == "claude-code"
    assert line["captured_at"].endswith("Z")
    assert "sk-ant" not in json.dumps(line)  # message text is never kept
    with Store() as store:
        report = run_ingest(store, paths.data_dir())
        rows = store.query("SELECT * FROM captures")
    assert report.spooled == 1 and len(rows) == 1 and rows[0]["transcript_path"] == STOP["transcript_path"]
    assert not (home / "data" / capture_hook.SPOOL_NAME).exists()


def test_a_store_held_open_by_a_night_leaves_the_capture_to_the_next_ingest(home):
    with Store() as night:
        night.execute("INSERT INTO captures (agent, event, captured_at) VALUES ('x', 'warm', 'x')")  # a live WAL
        done = run_hook(home, json.dumps(STOP), "--agent", "claude-code")
        assert done.returncode == 0 and done.stdout == b""
        assert night.query("SELECT * FROM captures WHERE agent = 'claude-code'") == []  # the hook never opens it
        run_ingest(night, paths.data_dir())
        rows = night.query("SELECT * FROM captures WHERE agent = 'claude-code'")
    assert len(rows) == 1 and rows[0]["cwd"] == "/tmp/x"
    assert json.loads(rows[0]["payload_json"]) == {"hook_event_name": "Stop", "stop_hook_active": False}
    assert spool_lines(home) == []


def test_a_payload_field_the_hook_does_not_know_is_named_and_counted_never_kept(home, capsys):
    newer = {**STOP, "planted_weather": "token=wx-4f1d8c2e9a-private", "planted_title": "Fix the build"}
    done = run_hook(home, json.dumps(newer), "--agent", "claude-code")
    assert done.returncode == 0 and done.stdout == b""
    [line] = spool_lines(home)
    assert json.loads(line["payload_json"])["unknown_fields"] == "planted_weather,planted_title"
    assert "wx-4f1d8c2e9a" not in json.dumps(line) and "Fix the build" not in json.dumps(line)
    assert main(["ingest", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["unknown"] == {"claude-code": {"hook_field": {"planted_title": 1, "planted_weather": 1}}}
    assert main(["status"]) == 0
    assert "claude-code  hook field planted_weather: 1" in capsys.readouterr().out


def test_the_fields_the_agents_document_are_known(home):
    """Nothing in the payloads recorded from the real CLIs (and Codex's notify) is reported."""
    for payload in (STOP, {"type": "agent-turn-complete", "thread-id": "t", "turn-id": "u", "cwd": "/tmp/p",
                           "input-messages": ["x"], "last-assistant-message": "y"}):
        assert "unknown_fields" not in json.loads(capture_hook.build_row("codex", "", json.dumps(payload), "/", 0.0)["payload_json"])


def test_codex_notify_passes_the_json_as_last_argument(home):
    notify = {"type": "agent-turn-complete", "thread-id": "01a237ea-f1f3-7873-b63c-451cda32e6a2", "turn-id": "t1",
              "cwd": "/tmp/p", "input-messages": ["install it"], "last-assistant-message": "done"}
    done = run_hook(home, None, "--agent", "codex", json.dumps(notify))
    assert done.returncode == 0
    [line] = spool_lines(home)
    assert (line["agent"], line["event"], line["session_id"], line["cwd"]) == ("codex", "agent-turn-complete", notify["thread-id"], "/tmp/p")
    assert "install it" not in json.dumps(line)


def test_replays_are_not_recorded(home):
    done = run_hook(home, json.dumps(STOP), "--agent", "claude-code", SKILLOPT_SLEEP_REPLAY="1")
    assert done.returncode == 0 and spool_lines(home) == [] and not (home / "logs").exists()


@pytest.mark.parametrize("payload", ["{not json", "", "[1, 2]", "\x00\xff garbage"])
def test_bad_payloads_are_still_recorded_and_never_fail(home, payload):
    done = run_hook(home, payload, "--agent", "claude-code", "--event", "Stop")
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    [line] = spool_lines(home)
    assert line["event"] == "Stop" and line["session_id"] is None


def test_a_locked_or_broken_store_neither_delays_nor_loses_a_capture(home):
    data = home / "data"
    data.mkdir(parents=True)
    sqlite3.connect(data / "store.db").close()  # exists, no tables
    assert run_hook(home, json.dumps(STOP), "--agent", "claude-code").returncode == 0
    (data / "store.db").unlink()
    with Store() as night:
        locker = sqlite3.connect(data / "store.db", isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # another writer holds the lock for as long as it likes
        try:
            assert run_hook(home, json.dumps(dict(STOP, session_id="s2")), "--agent", "claude-code").returncode == 0
        finally:
            locker.execute("ROLLBACK")
            locker.close()
    assert [line["session_id"] for line in spool_lines(home)] == [STOP["session_id"], "s2"]
    assert not (home / "logs").exists()  # nothing went wrong


def test_when_nothing_can_be_written_the_failure_is_logged(home, tmp_path):
    home.mkdir(parents=True)
    (home / "data").write_text("a file where the data folder should be")
    (tmp_path / "tmp").write_text("a file where the temp folder should be")
    done = run_hook(home, json.dumps(STOP), "--agent", "claude-code", TMPDIR=str(tmp_path / "tmp"))
    assert done.returncode == 0 and done.stdout == b""
    log = (home / "logs" / capture_hook.LOG_NAME).read_text()
    assert "capture lost, and no marker could be left" in log and STOP["session_id"] in log


def test_a_data_folder_that_cannot_be_written_spools_in_the_temp_folder(home, tmp_path, monkeypatch):
    home.mkdir(parents=True)
    (home / "data").write_text("a file where the data folder should be")
    (tmp_path / "tmp").mkdir()
    done = run_hook(home, json.dumps(STOP), "--agent", "claude-code", TMPDIR=str(tmp_path / "tmp"))
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    [spooled] = (tmp_path / "tmp").iterdir()
    assert spooled.name.endswith(capture_hook.SPOOL_NAME) and json.loads(spooled.read_text())["session_id"] == STOP["session_id"]
    assert "spooled in %s instead" % spooled in (home / "logs" / capture_hook.LOG_NAME).read_text()
    (home / "data").unlink()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    with Store() as store:
        report = run_ingest(store, paths.data_dir())
        rows = store.query("SELECT session_id FROM captures")
    assert report.spooled == 1 and [r[0] for r in rows] == [STOP["session_id"]]
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_row_the_disk_cut_short_does_not_swallow_the_next_one(home):
    (home / "data").mkdir(parents=True)
    (home / "data" / capture_hook.SPOOL_NAME).write_text('{"agent": "claude-code", "captured_at": "2026-01')  # ENOSPC mid-line
    done = run_hook(home, json.dumps(STOP), "--agent", "claude-code")
    assert done.returncode == 0
    with Store() as store:
        report = run_ingest(store, paths.data_dir())
        rows = store.query("SELECT session_id FROM captures")
    assert report.spooled == 1 and [r[0] for r in rows] == [STOP["session_id"]]


def test_many_agents_finishing_at_once_are_all_recorded(home):
    with Store() as night:
        night.execute("INSERT INTO captures (agent, event, captured_at) VALUES ('x', 'warm', 'x')")
        payloads = [json.dumps(dict(STOP, session_id=f"s{i:02d}")) for i in range(24)]
        with ThreadPoolExecutor(max_workers=12) as pool:
            results = list(pool.map(lambda p: run_hook(home, p, "--agent", "claude-code"), payloads))
        assert all(r.returncode == 0 for r in results)
        report = run_ingest(night, paths.data_dir())
        ids = {r["session_id"] for r in night.query("SELECT session_id FROM captures WHERE agent = 'claude-code'")}
    assert ids == {f"s{i:02d}" for i in range(24)}
    assert report.captures == 25 and report.skipped["unknown_agent"] == 1  # the 'x' row above


def test_many_agents_spooling_at_once_never_interleave(home):
    payloads = [json.dumps(dict(STOP, session_id=f"p{i:02d}", cwd="/tmp/" + "x" * 2000)) for i in range(24)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        assert all(r.returncode == 0 for r in pool.map(lambda p: run_hook(home, p, "--agent", "codex"), payloads))
    assert sorted(line["session_id"] for line in spool_lines(home)) == [f"p{i:02d}" for i in range(24)]


def test_capture_command_runs_the_same_hook(home, monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(STOP)))
    assert main(["capture", "--agent", "claude-code"]) == 0
    assert main(["capture", "--agent", "codex", json.dumps({"type": "agent-turn-complete", "thread-id": "t-1"})]) == 0
    out = capsys.readouterr()
    assert out.out == ""
    assert [(l["agent"], l["session_id"]) for l in spool_lines(home)] == [("claude-code", STOP["session_id"]), ("codex", "t-1")]


def test_repeated_stops_of_an_unchanged_session_are_recorded_once(home, tmp_path):
    transcript = tmp_path / f"{STOP['session_id']}.jsonl"
    transcript.write_text('{"type":"user"}\n')
    payload = json.dumps({**STOP, "transcript_path": str(transcript)})
    for _ in range(3):
        assert run_hook(home, payload, "--agent", "claude-code").returncode == 0
    assert len(spool_lines(home)) == 1
    with open(transcript, "a") as handle:
        handle.write('{"type":"assistant"}\n')  # the next turn: new bytes, so the next Stop counts
    run_hook(home, payload, "--agent", "claude-code")
    run_hook(home, payload, "--agent", "claude-code")
    assert len(spool_lines(home)) == 2
    # Another session is its own: its first Stop is recorded.
    other = json.dumps({**STOP, "session_id": "1e6f751d-8b55-4b64-8b14-e30f8449dd11", "transcript_path": str(transcript)})
    run_hook(home, other, "--agent", "claude-code")
    assert len(spool_lines(home)) == 3


def test_the_hook_runs_from_bytecode_even_in_a_read_only_folder(home, tmp_path):
    import shutil

    writable = tmp_path / "plugin" / "capture"
    writable.mkdir(parents=True)
    for name in ("hook.py", "hook_entry.py", "bare.py"):
        shutil.copy(HOOK.with_name(name), writable / name)
    cache = tmp_path / "cache"
    command = [PYTHON, "-I", "-S", str(writable / "hook_entry.py"), "--agent", "claude-code"]
    done = subprocess.run(command, input=json.dumps(STOP).encode(), env=hook_env(home, XDG_CACHE_HOME=str(cache)),
                          capture_output=True, timeout=30)
    assert done.returncode == 0 and done.stderr == b""
    assert list((writable / "__pycache__").glob("hook.*.pyc"))  # the next run imports it compiled

    # A folder where no bytecode can be written (read-only, or, as here, its __pycache__ taken by a
    # file, which stops root too): the bytecode goes under the user's cache folder instead.
    blocked = tmp_path / "blocked" / "capture"
    shutil.copytree(writable, blocked, ignore=shutil.ignore_patterns("__pycache__"))
    (blocked / "__pycache__").write_text("not a folder")
    command[3] = str(blocked / "hook_entry.py")
    for session in ("2e6f751d-8b55-4b64-8b14-e30f8449dd11", "3e6f751d-8b55-4b64-8b14-e30f8449dd11"):
        done = subprocess.run(command, input=json.dumps({**STOP, "session_id": session}).encode(),
                              env=hook_env(home, XDG_CACHE_HOME=str(cache)), capture_output=True, timeout=30)
        assert done.returncode == 0 and done.stderr == b""
    assert list((cache / "skillopt-sleep" / "pycache").rglob("hook.*.pyc"))
    assert len(spool_lines(home)) == 3


def random_json_value(rnd, depth: int = 0):
    """Strings full of what JSON escapes, numbers of every kind, nested containers."""
    alphabet = ["a", '"', "\\", "/", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "→", "\ud83d", "😀", "\u2028", " ", "u"]
    kind = rnd.randint(0, 6 if depth < 4 else 4)
    text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12)))
    if kind == 0:
        return rnd.choice([None, True, False])
    if kind == 1:
        return rnd.randint(-10**20, 10**20)
    if kind == 2:
        return rnd.choice([rnd.uniform(-1e6, 1e6), 1e-300, 1.5e300, -0.0, 0.1])
    if kind in (3, 4):
        return text
    if kind == 5:
        return [random_json_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    return {text + str(i): random_json_value(rnd, depth + 1) for i in range(rnd.randint(0, 4))}


def test_the_bare_json_reader_and_writer_agree_with_json_and_refuse_what_is_not_json():
    import random

    from skillopt_sleep.capture.bare import dumps, loads

    rnd = random.Random(7)
    for _ in range(3000):
        value = random_json_value(rnd)
        assert dumps(value) == json.dumps(value, sort_keys=True)
        for style in ({}, {"ensure_ascii": False}, {"indent": 2}, {"separators": (",", ":")}):
            text = json.dumps(value, **style)
            assert repr(loads(text)) == repr(json.loads(text)), text
    for text in ("", "{", "[1,]", '{"a":1,}', '"abc', '"\\x"', '"\\u12"', "tru", "1 2", '{"a" 1}', "[1 2]", "{1:2}", "-"):
        with pytest.raises(ValueError):
            loads(text)


def test_status_counts_the_recorded_sessions_from_the_first_capture_before_any_ingest(home, capsys):
    assert main(["status"]) == 0
    assert "No session recorded yet" in capsys.readouterr().out
    for session in ("0e6f751d-8b55-4b64-8b14-e30f8449dd11", "1e6f751d-8b55-4b64-8b14-e30f8449dd12"):
        for event in ("Stop", "Stop", "SessionEnd"):  # several captures of one session are one session
            assert run_hook(home, json.dumps({**STOP, "session_id": session, "hook_event_name": event}),
                            "--agent", "claude-code").returncode == 0
    assert main(["status"]) == 0
    said = capsys.readouterr().out
    assert re.search(r"Sessions recorded since 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ: 0 read; 2 wait to be read", said), said
    assert len(spool_lines(home)) == 6  # status read the spool and drained nothing
    assert main(["ingest"]) == 0 and main(["status"]) == 0
    assert "wait to be read" not in capsys.readouterr().out.split("captures processed: 6")[1]  # the transcripts are gone
