"""Only the agents' own files are read. Links planted in every agent's history folder lead to
transcript-shaped files elsewhere on the disk (file links, folder links, a FIFO, a loop), a
capture names a path through one, and a good session's `cwd` names the outside folder: harvest
and ingest open nothing outside (an audit hook sees every open and folder listing), store none of
it, and `status` names each link skipped, one line each."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
from skillopt_sleep.cli import main
from skillopt_sleep.store import Store
from tests.capture_kit import (capture, claude_assistant, claude_user, codex_agent, codex_meta, codex_rollout_name,
                               codex_user, jsonl, write)

MARK = "OUTSIDE-ONLY-7f3a"  # in every outside file; never in the store
SESSION = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff00"

_seen: list[str] = []
_watching = [False]


def _audit(event: str, args: tuple) -> None:
    if _watching[0] and event in ("open", "os.scandir", "os.listdir") and args and isinstance(args[0], (str, bytes)):
        _seen.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def outside_world(root: Path) -> dict[str, Path]:
    """Transcript-shaped files of every agent outside their folders, and a FIFO."""
    claude = write(root / "claude.jsonl", jsonl([claude_user(f"Deploy with {MARK}"), claude_assistant("Done.")]))
    codex = write(root / "codex" / "01" / "02" / codex_rollout_name(SESSION + "01"),
                  jsonl([codex_meta(), codex_user(f"Print {MARK}"), codex_agent("ok")]))
    copilot = write(root / "copilot" / "events.jsonl", jsonl([{"type": "user.message", "data": {"content": MARK}}]))
    os.mkfifo(root / "pipe")
    return {"claude": claude, "codex_year": root / "codex", "codex": codex, "copilot": copilot.parent, "pipe": root / "pipe"}


def plant(home: Path, outside: dict[str, Path], elsewhere: Path) -> list[Path]:
    """The agents' folders, each with a good session and links out; returns the links."""
    project = home / ".claude" / "projects" / "-w-shop"
    # A good session whose cwd names the outside folder: the cwd chooses nothing that is read.
    write(project / "good.jsonl", jsonl([claude_user("Add a health check endpoint", cwd=str(elsewhere)),
                                         claude_assistant("Added /healthz.")]))
    write(home / ".codex" / "sessions" / "2026" / "01" / "05" / codex_rollout_name(SESSION + "02"),
          jsonl([codex_meta(), codex_user("Run the linter on src"), codex_agent("Two lint errors remain.")]))
    links = [
        (project / "leak.jsonl", outside["claude"]),  # a file link
        (project / "pipe.jsonl", outside["pipe"]),  # a FIFO outside
        (project / "loop.jsonl", project / "loop.jsonl"),  # a link to itself
        (home / ".claude" / "projects" / "-w-evil", elsewhere),  # a folder link
        (home / ".codex" / "sessions" / "2025", outside["codex_year"]),  # a folder link among the dates
        (home / ".codex" / "archived_sessions" / codex_rollout_name(SESSION + "03"), outside["codex"]),
        (home / ".copilot" / "session-state" / "abc", outside["copilot"]),
        (home / ".pi" / "agent" / "sessions" / "--w-shop--" / "2026_x.jsonl", outside["claude"]),
        (home / ".cursor" / "projects" / "w-shop" / "agent-transcripts", elsewhere),
        (home / "vscode" / "Code" / "User" / "workspaceStorage" / "0f1e" / "chatSessions" / "leak.jsonl", outside["claude"]),
        (home / "vscode" / "Code" / "User" / "workspaceStorage" / "9a8b", elsewhere),  # a workspace's folder
    ]
    for link, target in links:
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, link)
    # An OpenCode folder that is itself a link to the outside (the root may be a link; its file may not).
    (home / ".local" / "share" / "opencode").mkdir(parents=True)
    os.symlink(outside["claude"], home / ".local" / "share" / "opencode" / "opencode.db")
    return [link for link, _ in links] + [home / ".local" / "share" / "opencode" / "opencode.db"]


def store_text(store: Store) -> str:
    tables = [r[0] for r in store.query("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return "\n".join(str(tuple(row)) for table in tables for row in store.query(f"SELECT * FROM {table}"))


@pytest.fixture
def world(tmp_path, monkeypatch):
    home = tmp_path / "user"
    elsewhere = tmp_path / "outside"
    outside = outside_world(elsewhere)
    links = plant(home, outside, elsewhere)
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "COPILOT_HOME", "PI_CODING_AGENT_DIR", "PI_CODING_AGENT_SESSION_DIR",
                 "XDG_DATA_HOME", "CURSOR_CONFIG_DIR", "VSCODE_PORTABLE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("VSCODE_APPDATA", str(home / "vscode"))  # VS Code's folders, the same on every system
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    return home, elsewhere, links


def touched_outside(elsewhere: Path) -> list[str]:
    real = os.path.realpath(elsewhere)
    return [p for p in _seen if os.path.realpath(p) == real or os.path.realpath(p).startswith(real + os.sep)]


def test_harvest_and_ingest_read_nothing_through_a_link(world, tmp_path, capsys):
    home, elsewhere, links = world
    with Store(tmp_path / "store.db") as store:
        # A capture naming a transcript through a folder link, as a hostile payload could.
        capture(store, "claude-code", home / ".claude" / "projects" / "-w-evil" / "claude.jsonl")
        capture(store, "claude-code", home / ".claude" / "projects" / "-w-shop" / "leak.jsonl")
        _seen.clear()
        _watching[0] = True
        try:
            first = harvest(store, Homes.from_env(), IngestOptions())
            ingested = run_ingest(store, tmp_path / "sleep" / "data", IngestOptions())
            again = harvest(store, Homes.from_env(), IngestOptions())
        finally:
            _watching[0] = False
        assert touched_outside(elsewhere) == []  # not one open or listing outside
        assert _seen, "the audit hook saw nothing: it would not notice a read either"
        text = store_text(store)
        assert MARK not in text and str(elsewhere / "claude.jsonl") not in [r["path"] for r in store.query(
            "SELECT path FROM transcripts")]
        sessions = {r["id"] for r in store.query("SELECT id FROM sessions")}
        assert sessions == {"good", SESSION + "02"}  # the agents' own sessions are read
        assert {str(p) for p in links} <= set(first.outside)
        assert set(ingested.outside) >= {str(home / ".claude" / "projects" / "-w-shop" / "leak.jsonl")}
        assert set(again.outside) == set(first.outside)
        assert "links not followed" in first.render()

    # status: one line for each link skipped, naming where it leads.
    assert main(["status", "--store", str(tmp_path / "store.db")]) == 0
    out = capsys.readouterr().out
    assert f"Links in the agents' history folders, never followed ({len(first.outside)}):" in out
    for link in links:
        [line] = [line for line in out.splitlines() if line.startswith(f"  {link} -> ")]
        assert line.endswith(os.path.realpath(link)) or "loop" in line


def test_a_link_removed_is_no_longer_listed_after_the_next_harvest(world, tmp_path):
    home, elsewhere, links = world
    with Store(tmp_path / "store.db") as store:
        harvest(store, Homes.from_env(), IngestOptions())
        leak = home / ".claude" / "projects" / "-w-shop" / "leak.jsonl"
        assert str(leak) in {r["path"] for r in store.query("SELECT path FROM skipped_links")}
        leak.unlink()
        harvest(store, Homes.from_env(), IngestOptions())
        listed = {r["path"] for r in store.query("SELECT path FROM skipped_links")}
        assert str(leak) not in listed and str(links[1]) in listed


def test_a_history_folder_reached_through_a_link_is_still_read(tmp_path, monkeypatch):
    """A dotfiles checkout holding ~/.claude: the folder itself may be a link; its own files are read."""
    real = tmp_path / "dotfiles" / "claude"
    write(real / "projects" / "-w-shop" / "s1.jsonl", jsonl([claude_user("Add a health check endpoint"),
                                                             claude_assistant("Added /healthz.")]))
    home = tmp_path / "user"
    home.mkdir()
    os.symlink(real, home / ".claude")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    with Store(tmp_path / "store.db") as store:
        report = harvest(store, Homes.from_env(), IngestOptions(), agents=("claude-code",))
        assert report.outside == {} and {r["id"] for r in store.query("SELECT id FROM sessions")} == {"s1"}
