"""Backfill: find the transcripts already on disk and ingest what is new in them.

Claude Code keeps `~/.claude/projects/<slug of cwd>/<session>.jsonl` (sub-agents under
`subagents/`, skipped). Codex keeps `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` and
`$CODEX_HOME/archived_sessions/`. A file whose size and modification time match the
`transcripts` table is not opened at all, so a nightly harvest over a long history costs a
directory walk and one stat per file. Project scoping: Claude's folder name already says the
project, Codex's first line does (read once, remembered).
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
HEAD_BYTES = 256 * 1024  # Codex's session_meta line (with its instructions) fits in this


@dataclass
class Homes:
    claude: Path  # the folder holding `projects/`
    codex: Path  # CODEX_HOME

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Homes":
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        claude = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"
        codex = Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
        return cls(claude=claude, codex=codex)


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
        for path in sorted(folder.glob("*.jsonl")):
            yield path  # sub-agent transcripts live one level down, in subagents/


def codex_transcripts(homes: Homes) -> Iterator[Path]:
    sessions = homes.codex / "sessions"
    if sessions.is_dir():
        yield from sorted(sessions.glob("[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/rollout-*.jsonl"))
    archived = homes.codex / "archived_sessions"
    if archived.is_dir():
        yield from sorted(archived.glob("rollout-*.jsonl"))


def codex_cwd(path: Path) -> str:
    """The cwd in a rollout's session_meta line ('' if unreadable)."""
    try:
        with open(path, "rb", opener=regular_opener) as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return ""
    first = head.split(b"\n", 1)[0]
    try:
        record = loads_limited(first.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return ""
    payload = record.get("payload") if isinstance(record, dict) else None
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


def harvest(store: Store, homes: Homes, options: IngestOptions, agents: tuple[str, ...] = (CLAUDE, CODEX),
            on_progress: ProgressSink | None = None) -> IngestReport:
    ingestor = Ingestor(store, options, on_progress=on_progress)
    known = {row["path"]: row for row in store.query("SELECT * FROM transcripts")}
    candidates: list[tuple[str, Path]] = []
    if CLAUDE in agents:
        candidates += [(CLAUDE, p) for p in claude_transcripts(homes, options.projects)]
    if CODEX in agents:
        candidates += [(CODEX, p) for p in codex_transcripts(homes)]
    ingestor.progressed(0, len(candidates))
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
            cwd = cwd or (codex_cwd(path) if agent == CODEX else claude_cwd(path))
            if not in_scope(cwd, options.projects):
                ingestor.report.out_of_scope += 1
                ingestor.defer(key, agent, st, cwd)
                continue
        ingestor.try_file(key, agent, known=row)
    return ingestor.report
