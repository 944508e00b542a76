"""Backfill from the agents' own history folders: scoping, and never re-reading what is known."""

from __future__ import annotations

import json
import os
import signal
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.cli import main
from skillopt_sleep.capture.harvest import Homes, claude_slug, harvest
from skillopt_sleep.capture.ingest import IngestOptions
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from tests.scenario_check import said

FIXTURES = Path(__file__).parent / "fixtures"
MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
SHOP = "/tmp/skillopt-fixture/work/shop-api"
BILLING = "/tmp/skillopt-fixture/work/billing"

_opened: list[str] = []
_recording = [False]


def _audit(event: str, args: tuple) -> None:
    if _recording[0] and event == "open" and isinstance(args[0], str):
        _opened.append(args[0])


sys.addaudithook(_audit)


@pytest.fixture
def homes(tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "claude", home / ".claude")
    shutil.copytree(FIXTURES / "codex", home / ".codex")
    (home / ".codex" / "archived_sessions").mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CODEX_HOME", "CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "VSCODE_APPDATA", "VSCODE_PORTABLE"):
        monkeypatch.delenv(name, raising=False)  # VS Code's folders too: under this HOME, never the real ones
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    return Homes.from_env()


def expected(cwd: str | None = None) -> set[str]:
    return {Path(e["path"]).stem[-36:] if e["agent"] == "codex" else Path(e["path"]).stem
            for e in MANIFEST["scenarios"] if cwd is None or e["cwd"] == cwd}


def test_slug_matches_the_cli():
    for entry in MANIFEST["scenarios"]:
        if entry["agent"] == "claude-code":
            assert Path(entry["path"]).parent.name == claude_slug(entry["cwd"])


def test_project_scope_then_all(homes, tmp_path):
    with Store(tmp_path / "store.db") as store:
        report = harvest(store, homes, IngestOptions(projects=[SHOP]))
        assert {s.id for s in SessionRepo(store).all()} == expected(SHOP)
        codex_billing = [e for e in MANIFEST["scenarios"] if e["agent"] == "codex" and e["cwd"] == BILLING]
        assert report.out_of_scope == len(codex_billing)  # Claude's billing folder is ruled out by name
        assert report.skipped == {}
        everything = harvest(store, homes, IngestOptions())
        assert {s.id for s in SessionRepo(store).all()} == expected()
        assert everything.files == len(expected()) - len(expected(SHOP))


def test_a_second_harvest_opens_no_transcript(homes, tmp_path):
    with Store(tmp_path / "store.db") as store:
        first = harvest(store, homes, IngestOptions(projects=[SHOP]))
        assert first.files == len(expected(SHOP))
        _opened.clear()
        _recording[0] = True
        try:
            again = harvest(store, homes, IngestOptions(projects=[SHOP]))
        finally:
            _recording[0] = False
    transcripts = [p for p in _opened if p.endswith(".jsonl")]
    assert transcripts == [] and again.files == 0
    # Out-of-scope rollouts were read once for their cwd; now they too are known and unchanged.
    assert again.unchanged == len(expected(SHOP)) + first.out_of_scope


def test_a_grown_transcript_is_read_from_its_cursor(homes, tmp_path):
    entry = next(e for e in MANIFEST["scenarios"] if e["name"] == "claude-recurring")
    path = homes.claude / entry["path"].removeprefix("claude/")
    with Store(tmp_path / "store.db") as store:
        harvest(store, homes, IngestOptions())
        size = path.stat().st_size
        record = {"type": "user", "sessionId": path.stem, "cwd": BILLING, "timestamp": "2026-12-03T09:00:00Z", "entrypoint": "cli",
                  "message": {"role": "user", "content": "Now add a lockfile check to CI"}}
        with open(path, "a") as handle:
            handle.write(json.dumps(record) + "\n")
        report = harvest(store, homes, IngestOptions())
        assert report.files == 1 and report.bytes == path.stat().st_size - size
        session = SessionRepo(store).get(path.stem)
    assert said(session)[-1] == "Now add a lockfile check to CI"


def test_sub_agents_are_never_harvested(homes, tmp_path):
    with Store(tmp_path / "store.db") as store:
        harvest(store, homes, IngestOptions())
        paths = [r["path"] for r in store.query("SELECT path FROM transcripts")]
    assert paths and not any("/subagents/" in p for p in paths)


def test_archived_codex_sessions_are_found(homes, tmp_path):
    entry = next(e for e in MANIFEST["scenarios"] if e["name"] == "codex-skill")
    source = homes.codex / entry["path"].removeprefix("codex/")
    shutil.move(source, homes.codex / "archived_sessions" / source.name)
    with Store(tmp_path / "store.db") as store:
        harvest(store, homes, IngestOptions(), agents=("codex",))
        assert SessionRepo(store).get(source.stem[-36:]).intents[0].text == "Write release notes for version 1.4.0"


def test_harvest_command(homes, capsys):
    assert main(["harvest", "--project", SHOP, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["files"] == len(expected(SHOP)) and first["skipped"] == {}
    assert main(["harvest", "--all"]) == 0
    out = capsys.readouterr().out
    assert "transcripts read: " in out and "unchanged: " in out
    assert main(["harvest", "--all", "--agent", "codex", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["files"] == 0


# Harvests in its own process and is killed (SIGKILL, no cleanup) as it reaches file KILL_AT.
_KILLED_HARVEST = """
import os, signal, sys
from skillopt_sleep import store as store_module
from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions
from skillopt_sleep.store import Store

store_module.GROUP_SECONDS = 0.005  # several commits before the kill, and an open group at it
kill_at = int(sys.argv[2])

def progress(event):
    if event.done == kill_at:
        os.kill(os.getpid(), signal.SIGKILL)

harvest(Store(sys.argv[1]), Homes.from_env(), IngestOptions(), on_progress=progress)
"""


def _stored(store: Store) -> dict[str, str]:
    return {r["id"]: r["data_json"] for r in store.query("SELECT id, data_json FROM sessions")}


def test_a_harvest_killed_half_way_keeps_what_it_committed_and_the_next_resumes(homes, tmp_path):
    for original in sorted((homes.claude / "projects").glob("*/*.jsonl")):
        for copy in range(8):
            shutil.copy(original, original.with_name(f"{original.stem[:-3]}c{copy:02d}.jsonl"))
    with Store(tmp_path / "clean.db") as clean_store:
        total = harvest(clean_store, homes, IngestOptions()).files
        clean = _stored(clean_store)
    kill_at = total // 2
    killed = subprocess.run([sys.executable, "-c", _KILLED_HARVEST, str(tmp_path / "store.db"), str(kill_at)],
                            env=os.environ.copy(), capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    with Store(tmp_path / "store.db") as store:
        kept = _stored(store)
        cursors = {r["session_id"] for r in store.query("SELECT session_id FROM transcripts")}
        assert 0 < len(kept) < kill_at  # some groups committed; the open one is lost
        assert {sid: clean[sid] for sid in kept} == kept  # every committed session is whole
        assert cursors == set(kept)  # each with its cursor, written in the same transaction
        resumed = harvest(store, homes, IngestOptions())
        assert resumed.files == total - len(kept) and resumed.unchanged == len(kept)
        assert _stored(store) == clean
