"""Backfill: find the transcripts already on disk and ingest what is new in them.

Claude Code keeps `~/.claude/projects/<slug of cwd>/<session>.jsonl` (sub-agents under
`subagents/`, skipped). Codex keeps `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` and
`$CODEX_HOME/archived_sessions/`. GitHub Copilot CLI keeps
`$COPILOT_HOME/session-state/<session>/events.jsonl` (~/.copilot); pi keeps
`~/.pi/agent/sessions/--<cwd>--/<time>_<session>.jsonl` (PI_CODING_AGENT_DIR,
PI_CODING_AGENT_SESSION_DIR). A file whose size and modification time match the
`transcripts` table is not opened at all, so a nightly harvest over a long history costs a
directory walk and one stat per file. The files' writes are grouped into a few commits
(`Store.grouped`); a harvest killed half-way keeps what it committed and the next one resumes.
Project scoping: Claude's folder name already says the
project, the others' first line does (read once, remembered).
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
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.store import Store

CLAUDE = "claude-code"
CODEX = "codex"
COPILOT = "copilot"
PI = "pi"
HARVESTED = (CLAUDE, CODEX, COPILOT, PI)
HEAD_BYTES = 256 * 1024  # Codex's session_meta line (with its instructions) fits in this


@dataclass
class Homes:
    claude: Path  # the folder holding `projects/`
    codex: Path  # CODEX_HOME
    copilot: Path | None = None  # COPILOT_HOME
    pi_sessions: Path | None = None  # pi's sessions folder

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Homes":
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        claude = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"
        codex = Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
        copilot = Path(env["COPILOT_HOME"]) if env.get("COPILOT_HOME") else home / ".copilot"
        pi_agent = Path(env["PI_CODING_AGENT_DIR"]) if env.get("PI_CODING_AGENT_DIR") else home / ".pi" / "agent"
        pi_sessions = Path(env["PI_CODING_AGENT_SESSION_DIR"]) if env.get("PI_CODING_AGENT_SESSION_DIR") else pi_agent / "sessions"
        return cls(claude=claude, codex=codex, copilot=copilot, pi_sessions=pi_sessions)


def claude_slug(directory: str) -> str:
    """Claude Code's folder name for a cwd: every character but letters and digits becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", directory)


def claude_transcripts(homes: Homes, projects: list[str]) -> Iterator[Path]:
    root = homes.claude / "projects"
    if not root.is_dir():
        return
    slugs = [claude_slug(os.path.realpath(p)) for p in projects] + [claude_slug(os.path.abspath(p)) for p in projects]
    for folder in sorted(root.iterdir()):
        if not folder.is_dir():
            continue
        # The slug is lossy ('/' and '-' both become '-'), so it only rules folders out; the
        # session's own cwd decides the rest.
        if projects and not any(folder.name.startswith(s) for s in slugs):
            continue
        # Sub-agent transcripts live one level down, in subagents/. (A scan, not a glob: this
        # folder may hold thousands of sessions.)
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if entry.name.endswith(".jsonl"))
        for name in names:
            yield folder / name


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
    ingestor.progressed(0, len(candidates))
    # Thousands of files, one commit each, would spend a quarter of the time committing.
    with store.grouped():
        for done, (agent, path) in enumerate(candidates, 1):
            ingestor.progressed(done, len(candidates))
            key = str(path)
            row = known.get(key)
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
                cwd = cwd or (claude_cwd(path) if agent == CLAUDE else first_line_cwd(path, agent))
                if not in_scope(cwd, options.projects):
                    ingestor.report.out_of_scope += 1
                    ingestor.defer(key, agent, st, cwd)
                    continue
            ingestor.try_file(key, agent, known=row)
    return ingestor.report
