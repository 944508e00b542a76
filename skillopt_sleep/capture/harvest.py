"""Backfill: find the transcripts already on disk and ingest what is new in them.

Claude Code keeps `~/.claude/projects/<slug of cwd>/<session>.jsonl` (sub-agents under
`subagents/`, skipped). Codex keeps `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` and
`$CODEX_HOME/archived_sessions/`. GitHub Copilot CLI keeps
`$COPILOT_HOME/session-state/<session>/events.jsonl` (~/.copilot); pi keeps
`~/.pi/agent/sessions/--<cwd>--/<time>_<session>.jsonl` (PI_CODING_AGENT_DIR,
PI_CODING_AGENT_SESSION_DIR); OpenCode keeps one SQLite database for every session,
`$XDG_DATA_HOME/opencode/opencode.db` (~/.local/share), read by `ingest_db`; Cursor keeps
`~/.cursor/projects/<workspace slug>/agent-transcripts/<id>.jsonl` or `<id>/<id>.jsonl`
(CURSOR_CONFIG_DIR; sub-agents under `subagents/`, skipped). A file whose size and modification time match the
`transcripts` table is not opened at all, so a nightly harvest over a long history costs a
directory walk and one stat per file. The files' writes are grouped into a few commits
(`Store.grouped`); a harvest killed half-way keeps what it committed and the next one resumes.
Project scoping: Claude's folder name already says the project, and so does Cursor's; OpenCode's
database is read session by session, each scoped by its own directory; the others' first line
says the project (read once, remembered).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from skillopt_sleep.capture.ingest import IngestOptions, IngestReport, Ingestor, in_scope
from skillopt_sleep.capture.safe_read import loads_limited, regular_opener
from skillopt_sleep.capture.transcripts.cursor import TRANSCRIPTS_FOLDER, transcript_workspace, workspace_slug
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.store import Store

CLAUDE = "claude-code"
CODEX = "codex"
COPILOT = "copilot"
PI = "pi"
OPENCODE = "opencode"
CURSOR = "cursor"
HARVESTED = (CLAUDE, CODEX, COPILOT, PI, OPENCODE, CURSOR)
HEAD_BYTES = 256 * 1024  # Codex's session_meta line (with its instructions) fits in this


@dataclass
class Homes:
    claude: Path  # the folder holding `projects/`
    codex: Path  # CODEX_HOME
    copilot: Path | None = None  # COPILOT_HOME
    pi_sessions: Path | None = None  # pi's sessions folder
    opencode_data: Path | None = None  # OpenCode's data folder, holding opencode.db
    cursor: Path | None = None  # the folder holding Cursor's `projects/`

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Homes":
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        claude = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"
        codex = Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
        copilot = Path(env["COPILOT_HOME"]) if env.get("COPILOT_HOME") else home / ".copilot"
        pi_agent = Path(env["PI_CODING_AGENT_DIR"]) if env.get("PI_CODING_AGENT_DIR") else home / ".pi" / "agent"
        pi_sessions = Path(env["PI_CODING_AGENT_SESSION_DIR"]) if env.get("PI_CODING_AGENT_SESSION_DIR") else pi_agent / "sessions"
        data_home = Path(env["XDG_DATA_HOME"]) if env.get("XDG_DATA_HOME") else home / ".local" / "share"
        cursor = Path(env["CURSOR_CONFIG_DIR"]) if env.get("CURSOR_CONFIG_DIR") else home / ".cursor"
        return cls(claude=claude, codex=codex, copilot=copilot, pi_sessions=pi_sessions,
                   opencode_data=data_home / "opencode", cursor=cursor)


def claude_slug(directory: str) -> str:
    """Claude Code's folder name for a cwd: every character but letters and digits becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", directory)


def project_folders(root: Path, projects: list[str], slug) -> Iterator[Path]:
    """The folders of `root` named by `slug` of a chosen project (all of them when none is chosen).
    The slug is lossy ('/' and '-' both become '-'), so it only rules folders out; the session's
    own cwd decides the rest."""
    if not root.is_dir():
        return
    slugs = tuple(slug(os.path.realpath(p)) for p in projects) + tuple(slug(os.path.abspath(p)) for p in projects)
    # A scan sorted by name: the order sorted() gives the paths, without a stat and a Path per entry.
    with os.scandir(root) as entries:
        names = sorted(entry.name for entry in entries if entry.is_dir() and (not projects or entry.name.startswith(slugs)))
    yield from (root / name for name in names)


def jsonl_names(folder: Path) -> list[str]:
    # A scan, not a glob: a project folder may hold thousands of sessions.
    with os.scandir(folder) as entries:
        return sorted(entry.name for entry in entries if entry.name.endswith(".jsonl"))


def claude_transcripts(homes: Homes, projects: list[str]) -> Iterator[Path]:
    for folder in project_folders(homes.claude / "projects", projects, claude_slug):
        # Sub-agent transcripts live one level down, in subagents/.
        yield from (folder / name for name in jsonl_names(folder))


def cursor_transcripts(homes: Homes, projects: list[str]) -> Iterator[Path]:
    if homes.cursor is None:
        return
    for folder in project_folders(homes.cursor / "projects", projects, workspace_slug):
        transcripts = folder / TRANSCRIPTS_FOLDER
        # The CLI's <id>.jsonl and the editor's <id>/<id>.jsonl; sub-agents are in <id>/subagents/.
        yield from sorted(transcripts.glob("*.jsonl"))
        yield from sorted(p for p in transcripts.glob("*/*.jsonl") if p.stem == p.parent.name)


def opencode_databases(homes: Homes) -> Iterator[Path]:
    database = homes.opencode_data / "opencode.db" if homes.opencode_data else None
    if database and database.is_file():
        yield database


def codex_transcripts(homes: Homes) -> Iterator[Path]:
    sessions = homes.codex / "sessions"
    if sessions.is_dir():
        yield from sorted(sessions.glob("[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/rollout-*.jsonl"))
    archived = homes.codex / "archived_sessions"
    if archived.is_dir():
        yield from sorted(archived.glob("rollout-*.jsonl"))


def copilot_transcripts(homes: Homes) -> Iterator[Path]:
    root = homes.copilot / "session-state" if homes.copilot else None
    if root and root.is_dir():
        yield from sorted(root.glob("*/events.jsonl"))


def pi_transcripts(homes: Homes) -> Iterator[Path]:
    if homes.pi_sessions and homes.pi_sessions.is_dir():
        yield from sorted(homes.pi_sessions.glob("*/*.jsonl"))


def _first_record(path: Path) -> dict:
    """The first line of a transcript, decoded ({} if unreadable)."""
    try:
        with open(path, "rb", opener=regular_opener) as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return {}
    try:
        record = loads_limited(head.split(b"\n", 1)[0].decode("utf-8"))
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
    for line in head.split(b"\n")[:200]:
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
    return first_line_cwd(path, agent)


def harvest(store: Store, homes: Homes, options: IngestOptions, agents: tuple[str, ...] = HARVESTED,
            on_progress: ProgressSink | None = None) -> IngestReport:
    ingestor = Ingestor(store, options, on_progress=on_progress)
    known = {row["path"]: row for row in store.query("SELECT * FROM transcripts")}
    candidates: list[tuple[str, Path]] = []
    if CLAUDE in agents:
        candidates += [(CLAUDE, p) for p in claude_transcripts(homes, options.projects)]
    if CODEX in agents:
        candidates += [(CODEX, p) for p in codex_transcripts(homes)]
    if COPILOT in agents:
        candidates += [(COPILOT, p) for p in copilot_transcripts(homes)]
    if PI in agents:
        candidates += [(PI, p) for p in pi_transcripts(homes)]
    if CURSOR in agents:
        candidates += [(CURSOR, p) for p in cursor_transcripts(homes, options.projects)]
    if OPENCODE in agents:
        candidates += [(OPENCODE, p) for p in opencode_databases(homes)]
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
                st = os.stat(key)
            except OSError:
                st = None
            if st is None or not stat.S_ISREG(st.st_mode):
                ingestor.try_file(key, agent, known=row)  # counts vanished, permission denied, not a file
                continue
            state = loads_limited(row["state_json"]) if row else {}
            if row and row["size_bytes"] == st.st_size and row["mtime"] == st.st_mtime and row["inode"] == st.st_ino:
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
    return ingestor.report
