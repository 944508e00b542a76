"""Backfill: find the transcripts already on disk and ingest what is new in them.

Claude Code keeps `~/.claude/projects/<slug of cwd>/<session>.jsonl` (sub-agents under
`subagents/`, skipped). Codex keeps `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` and
`$CODEX_HOME/archived_sessions/`. GitHub Copilot CLI keeps
`$COPILOT_HOME/session-state/<session>/events.jsonl` (~/.copilot); pi keeps
`~/.pi/agent/sessions/--<cwd>--/<time>_<session>.jsonl` (PI_CODING_AGENT_DIR,
PI_CODING_AGENT_SESSION_DIR); OpenCode keeps one SQLite database for every session,
`$XDG_DATA_HOME/opencode/opencode.db` (~/.local/share), read by `ingest_db`; Cursor keeps
`~/.cursor/projects/<workspace slug>/agent-transcripts/<id>.jsonl` or `<id>/<id>.jsonl`
(CURSOR_CONFIG_DIR; sub-agents under `subagents/`, skipped); VS Code keeps its Copilot Chat sessions under each
of its `User` folders (stable, Insiders, a portable install: `homes.vscode_users`), in
`workspaceStorage/<workspace id>/chatSessions/` and `globalStorage/emptyWindowChatSessions/`, as
`<id>.jsonl` (an operation log) or `<id>.json` (the whole session, left out where the log is there:
`transcripts/vscode_places.py`). A file whose size and modification time match the
`transcripts` table is not opened at all, so a nightly harvest over a long history costs a
directory walk and one stat per file. The files' writes are grouped into a few commits
(`Store.grouped`); a harvest killed half-way keeps what it committed and the next one resumes.
Project scoping: Claude's folder name already says the project, and so does Cursor's; OpenCode's
database is read session by session, each scoped by its own directory; a VS Code session's
workspace.json names its folder; the others' first line says the project (read once, remembered).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterator

from skillopt_sleep.capture.agents import AGENTS, CLAUDE, CODEX, COPILOT, CURSOR, OPENCODE, PI, VSCODE_COPILOT
from skillopt_sleep.capture.confine import OutsideLink, entries, remember
from skillopt_sleep.capture.unknown import remember_unknown
from skillopt_sleep.capture.homes import Homes
from skillopt_sleep.capture.ingest import IngestOptions, IngestReport, Ingestor, in_scope
from skillopt_sleep.capture.rewrites import ctime_moved
from skillopt_sleep.capture.safe_read import BOM, loads_limited, regular_opener
from skillopt_sleep.capture.transcripts.cursor import TRANSCRIPTS_FOLDER, transcript_workspace, workspace_slug
from skillopt_sleep.capture.transcripts.vscode_places import (EMPTY_WINDOW_FOLDER, SESSIONS_FOLDER, WORKSPACES_FOLDER,
                                                              live_files, session_file, workspace_folder)
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.store import Store

HARVESTED = AGENTS
HEAD_BYTES = 256 * 1024  # Codex's session_meta line (with its instructions) fits in this


def claude_slug(directory: str) -> str:
    """Claude Code's folder name for a cwd: every character but letters and digits becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", directory)


# The links a walk skipped, by path (confine.entries notes them).
Skipped = dict[str, OutsideLink]


def project_folders(root: Path, projects: list[str], slug, agent: str, skipped: Skipped) -> Iterator[Path]:
    """The folders of `root` named by `slug` of a chosen project (all of them when none is chosen).
    The slug is lossy ('/' and '-' both become '-'), so it only rules folders out; the session's
    own cwd decides the rest."""
    if not root.is_dir():
        return
    slugs = tuple(slug(os.path.realpath(p)) for p in projects) + tuple(slug(os.path.abspath(p)) for p in projects)
    # A scan sorted by name: the order sorted() gives the paths, without a stat and a Path per entry.
    chosen = (lambda name: name.startswith(slugs)) if projects else None
    yield from (root / e.name for e in entries(root, agent, skipped, chosen) if e.is_dir())


def claude_transcripts(homes: Homes, projects: list[str], skipped: Skipped) -> Iterator[Path]:
    for folder in project_folders(homes.claude / "projects", projects, claude_slug, CLAUDE, skipped):
        # A scan, not a glob: a project folder may hold thousands of sessions. Sub-agent
        # transcripts live one level down, in subagents/.
        yield from (folder / e.name for e in entries(folder, CLAUDE, skipped, _jsonl))


def cursor_transcripts(homes: Homes, projects: list[str], skipped: Skipped) -> Iterator[Path]:
    if homes.cursor is None:
        return
    for folder in project_folders(homes.cursor / "projects", projects, workspace_slug, CURSOR, skipped):
        for holder in entries(folder, CURSOR, skipped, TRANSCRIPTS_FOLDER.__eq__):
            transcripts = Path(holder.path)
            # The CLI's <id>.jsonl and the editor's <id>/<id>.jsonl; sub-agents are in <id>/subagents/.
            found = list(entries(transcripts, CURSOR, skipped)) if holder.is_dir() else []
            yield from sorted(transcripts / e.name for e in found if _jsonl(e.name))
            yield from sorted(transcripts / e.name / f"{e.name}.jsonl" for e in found if e.is_dir()
                              and any(True for _ in entries(transcripts / e.name, CURSOR, skipped, f"{e.name}.jsonl".__eq__)))


def opencode_databases(homes: Homes, skipped: Skipped) -> Iterator[Path]:
    if homes.opencode_data and homes.opencode_data.is_dir():
        yield from (homes.opencode_data / e.name for e in entries(homes.opencode_data, OPENCODE, skipped,
                                                                   "opencode.db".__eq__) if e.is_file())


def codex_transcripts(homes: Homes, skipped: Skipped) -> Iterator[Path]:
    sessions = homes.codex / "sessions"
    found: list[Path] = []
    for year in entries(sessions, CODEX, skipped, _digits(4)):
        for month in entries(Path(year.path), CODEX, skipped, _digits(2)):
            for day in entries(Path(month.path), CODEX, skipped, _digits(2)):
                found += (Path(e.path) for e in entries(Path(day.path), CODEX, skipped, _rollout))
    yield from sorted(found)
    yield from sorted(Path(e.path) for e in entries(homes.codex / "archived_sessions", CODEX, skipped, _rollout))


def copilot_transcripts(homes: Homes, skipped: Skipped) -> Iterator[Path]:
    if homes.copilot is None:
        return
    root = homes.copilot / "session-state"
    yield from sorted(Path(e.path) / "events.jsonl" for e in entries(root, COPILOT, skipped) if e.is_dir()
                      and any(True for _ in entries(Path(e.path), COPILOT, skipped, "events.jsonl".__eq__)))


def pi_transcripts(homes: Homes, skipped: Skipped) -> Iterator[Path]:
    if homes.pi_sessions is None:
        return
    yield from sorted(Path(f.path) for d in entries(homes.pi_sessions, PI, skipped) if d.is_dir()
                      for f in entries(Path(d.path), PI, skipped, _jsonl))


def vscode_transcripts(homes: Homes, skipped: Skipped) -> Iterator[Path]:
    for user in homes.vscode:
        folders = [Path(e.path) / SESSIONS_FOLDER for e in entries(user / WORKSPACES_FOLDER, VSCODE_COPILOT, skipped)
                   if e.is_dir()]
        for folder in folders + [user.joinpath(*EMPTY_WINDOW_FOLDER)]:
            found = [e.name for e in entries(folder, VSCODE_COPILOT, skipped, session_file) if e.is_file()]
            yield from (folder / name for name in live_files(found))


def _jsonl(name: str) -> bool:
    return name.endswith(".jsonl")


def _rollout(name: str) -> bool:
    return name.startswith("rollout-") and name.endswith(".jsonl")


def _digits(count: int):
    return lambda name: len(name) == count and name.isascii() and name.isdigit()


def head_lines(head: bytes) -> list[bytes]:
    """The lines of a transcript's first bytes, less a UTF-8 BOM, a bare CR ending a line too."""
    return head.removeprefix(BOM).replace(b"\r", b"\n").split(b"\n")


def _first_record(path: Path) -> dict:
    """The first line of a transcript, decoded ({} if unreadable)."""
    try:
        with open(path, "rb", opener=regular_opener) as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return {}
    try:
        record = loads_limited(head_lines(head)[0].decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    return record if isinstance(record, dict) else {}


def first_line_cwd(path: Path, agent: str) -> str:
    """The cwd in the first line: codex's session_meta, copilot's session.start, pi's header."""
    record = _first_record(path)
    if agent == PI:
        return str(record.get("cwd") or "")
    if agent == COPILOT:
        data = record.get("data")
        context = data.get("context") if isinstance(data, dict) else None
        return str(context.get("cwd") or "") if isinstance(context, dict) else ""
    payload = record.get("payload")
    return str(payload.get("cwd") or "") if isinstance(payload, dict) else ""


def claude_cwd(path: Path) -> str:
    """The first cwd a Claude transcript records ('' if none in its first lines)."""
    try:
        with open(path, "rb", opener=regular_opener) as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return ""
    for line in head_lines(head)[:200]:
        try:
            record = loads_limited(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(record, dict) and isinstance(record.get("cwd"), str) and record["cwd"]:
            return record["cwd"]
    return ""


def transcript_cwd(path: Path, agent: str) -> str:
    """Where a transcript's session ran, read as cheaply as its agent allows."""
    if agent == CLAUDE:
        return claude_cwd(path)
    if agent == CURSOR:
        return transcript_workspace(path)  # its folder's slug, found on disk
    if agent == VSCODE_COPILOT:
        return workspace_folder(path)
    return first_line_cwd(path, agent)


def harvest(store: Store, homes: Homes, options: IngestOptions, agents: tuple[str, ...] = HARVESTED,
            on_progress: ProgressSink | None = None) -> IngestReport:
    ingestor = Ingestor(store, options, on_progress=on_progress, homes=homes)
    known = {row["path"]: row for row in store.query("SELECT * FROM transcripts")}
    skipped = ingestor.report.outside
    candidates: list[tuple[str, Path]] = []
    if CLAUDE in agents:
        candidates += [(CLAUDE, p) for p in claude_transcripts(homes, options.projects, skipped)]
    if CODEX in agents:
        candidates += [(CODEX, p) for p in codex_transcripts(homes, skipped)]
    if COPILOT in agents:
        candidates += [(COPILOT, p) for p in copilot_transcripts(homes, skipped)]
    if PI in agents:
        candidates += [(PI, p) for p in pi_transcripts(homes, skipped)]
    if CURSOR in agents:
        candidates += [(CURSOR, p) for p in cursor_transcripts(homes, options.projects, skipped)]
    if VSCODE_COPILOT in agents:
        candidates += [(VSCODE_COPILOT, p) for p in vscode_transcripts(homes, skipped)]
    if OPENCODE in agents:
        candidates += [(OPENCODE, p) for p in opencode_databases(homes, skipped)]
    ingestor.progressed(0, len(candidates))
    # Thousands of files, one commit each, would spend a quarter of the time committing; one
    # savepoint and three statements each, most of the rest.
    with store.grouped(), ingestor.batched():
        for done, (agent, path) in enumerate(candidates, 1):
            ingestor.progressed(done, len(candidates))
            key = str(path)
            row = known.get(key)
            if agent == OPENCODE:
                ingestor.try_file(key, agent, known=row)  # it tells changes and scopes each session itself
                continue
            try:
                st = os.lstat(key)  # a link is not followed: ingest_file notes it
            except OSError:
                st = None
            if st is None or not stat.S_ISREG(st.st_mode):
                ingestor.try_file(key, agent, known=row)  # counts vanished, permission denied, not a file, a link
                continue
            state = loads_limited(row["state_json"]) if row else {}
            if (row and row["size_bytes"] == st.st_size and row["mtime"] == st.st_mtime and row["inode"] == st.st_ino
                    and not ctime_moved(state, st)):  # a moved ctime: ingest_file looks at the content
                if not state.get("deferred") or not in_scope(state.get("cwd", ""), options.projects):
                    ingestor.report.unchanged += 1
                    continue
            if options.projects and "build" not in state:
                cwd = state.get("cwd") if row and row["size_bytes"] == st.st_size else None
                cwd = cwd or transcript_cwd(path, agent)
                if not in_scope(cwd, options.projects):
                    ingestor.report.out_of_scope += 1
                    ingestor.defer(key, agent, st, cwd)
                    continue
            ingestor.try_file(key, agent, known=row, st=st)
    # A walk of an agent's whole history replaces what the last one found; a scoped one only adds.
    remember(store, ingestor.report.outside, forget_agents=() if options.projects else agents)
    remember_unknown(store, ingestor.report.unknown)
    return ingestor.report
