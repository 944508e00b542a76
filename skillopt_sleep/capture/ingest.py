"""Turn captured transcripts into sessions, incrementally.

Each transcript has a byte cursor in the `transcripts` table. Ingesting reads from the cursor to
the last complete line (a partial last line waits for the next run), feeds the records to the
agent's parser, and writes the session together with the new cursor and the parser's state in
one transaction: a crash loses nothing and counts nothing twice. A transcript that shrank or was
replaced (another inode) is read again from the start. Bad input is skipped and counted in the
`IngestReport` by reason; nothing already stored is touched by it.
"""

from __future__ import annotations

import glob
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.sessions import Session, SessionRepo
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.capture.transcripts import PARSERS
from skillopt_sleep.capture.transcripts.common import BuildState, LineSkip, SessionBuilder, read_lines

SPOOL_NAME = "capture-spool.jsonl"  # capture_hook.SPOOL_NAME (a test checks)
DEFAULT_MAX_LINE_BYTES = 8 << 20
SKIP_REASONS = (
    "truncated_line", "non_utf8", "oversize_line", "binary_file", "vanished_file", "permission_denied",
    "unknown_record_type", "malformed_record", "unknown_agent", "no_transcript", "malformed_spool_line",
)
_CAPTURE_COLUMNS = ("agent", "event", "session_id", "transcript_path", "cwd", "captured_at", "payload_json")


@dataclass
class IngestReport:
    files: int = 0  # transcripts opened and read
    bytes: int = 0
    records: int = 0
    sessions: int = 0  # sessions written
    captures: int = 0  # capture rows processed
    spooled: int = 0  # spool lines moved into the store
    unchanged: int = 0  # transcripts not opened because nothing changed
    out_of_scope: int = 0  # transcripts outside the chosen projects
    redactions: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)

    def skip(self, reason: str, count: int = 1) -> None:
        self.skipped[reason] += count

    def to_dict(self) -> dict:
        return {
            "files": self.files, "bytes": self.bytes, "records": self.records, "sessions": self.sessions,
            "captures": self.captures, "spooled": self.spooled, "unchanged": self.unchanged,
            "out_of_scope": self.out_of_scope, "redactions": dict(self.redactions), "skipped": dict(self.skipped),
        }

    def render(self) -> str:
        lines = [
            f"transcripts read: {self.files} ({self.bytes / 1e6:.1f} MB, {self.records} records); unchanged: {self.unchanged}",
            f"sessions written: {self.sessions}; captures processed: {self.captures}; spooled captures drained: {self.spooled}",
        ]
        if self.out_of_scope:
            lines.append(f"outside the chosen projects: {self.out_of_scope}")
        if self.redactions:
            lines.append("secrets redacted: " + ", ".join(f"{k} {v}" for k, v in sorted(self.redactions.items())))
        if self.skipped:
            lines.append("skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items())))
        return "\n".join(lines)


@dataclass
class IngestOptions:
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    include_headless: bool = False
    projects: list[str] = field(default_factory=list)  # empty: every project
    codex_home: str = ""  # where Codex rollouts of notify captures are looked up


def in_scope(cwd: str, projects: list[str]) -> bool:
    if not projects:
        return True
    if not cwd:
        return False
    real = os.path.realpath(cwd)
    for project in projects:
        root = os.path.realpath(project)
        if real == root or real.startswith(root.rstrip(os.sep) + os.sep):
            return True
    return False


def session_id_for(path: str, agent: str) -> str:
    """Both CLIs name the file after the session: `<id>.jsonl`, `rollout-<time>-<id>.jsonl`."""
    stem = Path(path).name.removesuffix(".jsonl")
    if agent == "codex" and stem.startswith("rollout-") and len(stem) > 36:
        return stem[-36:]
    return stem


class Ingestor:
    def __init__(self, store: Store, options: IngestOptions | None = None, report: IngestReport | None = None):
        self.store = store
        self.options = options or IngestOptions()
        self.report = report or IngestReport()
        self.sessions = SessionRepo(store)

    # -- the spool -------------------------------------------------------------------------
    def drain_spool(self, data_dir: Path) -> None:
        """Move captures the hook could not write into the store. The file is renamed first so
        hooks keep appending to a fresh one; a drain that crashed is finished next time."""
        spool = data_dir / SPOOL_NAME
        claimed = data_dir / f"{SPOOL_NAME}.{os.getpid()}.draining"
        try:
            os.rename(spool, claimed)
        except FileNotFoundError:
            pass
        except OSError:
            return
        for path in sorted(data_dir.glob(f"{SPOOL_NAME}.*.draining")):
            self._drain_file(path)

    def _drain_file(self, path: Path) -> None:
        rows = []
        try:
            raw = path.read_bytes()
        except OSError:
            return
        for line in raw.splitlines():
            try:
                data = json.loads(line.decode("utf-8"))
                if not isinstance(data, dict) or not data.get("agent") or not data.get("captured_at"):
                    raise ValueError("not a capture")
            except (ValueError, UnicodeDecodeError):
                if line.strip():
                    self.report.skip("malformed_spool_line")
                continue
            rows.append({c: (str(data[c]) if data.get(c) is not None else None) for c in _CAPTURE_COLUMNS})
        with self.store.transaction() as conn:
            for row in rows:
                row["payload_json"] = row["payload_json"] or "{}"
                row["event"] = row["event"] or "unknown"
                # A drain that committed but crashed before unlinking must not insert twice.
                exists = conn.execute(
                    "SELECT 1 FROM captures WHERE agent = ? AND event = ? AND captured_at = ? AND session_id IS ?",
                    (row["agent"], row["event"], row["captured_at"], row["session_id"]),
                ).fetchone()
                if not exists:
                    conn.execute(
                        f"INSERT INTO captures ({', '.join(_CAPTURE_COLUMNS)}) VALUES ({', '.join('?' for _ in _CAPTURE_COLUMNS)})",
                        tuple(row[c] for c in _CAPTURE_COLUMNS),
                    )
                    self.report.spooled += 1
        path.unlink(missing_ok=True)

    # -- captures --------------------------------------------------------------------------
    def ingest_captures(self) -> None:
        rows = self.store.query("SELECT * FROM captures WHERE ingested_at IS NULL ORDER BY id")
        done: list[int] = []
        seen: set[tuple[str, str]] = set()
        for row in rows:
            done.append(row["id"])
            self.report.captures += 1
            agent = row["agent"]
            if agent not in PARSERS:
                self.report.skip("unknown_agent")
                continue
            if not in_scope(row["cwd"] or "", self.options.projects):
                self.report.out_of_scope += 1
                continue
            path = row["transcript_path"] or self._find_rollout(agent, row["session_id"] or "")
            if not path:
                self.report.skip("no_transcript")
                continue
            if (agent, path) in seen:
                continue
            seen.add((agent, path))
            self.ingest_file(path, agent)
        stamp = utc_now()
        with self.store.transaction() as conn:
            conn.executemany("UPDATE captures SET ingested_at = ? WHERE id = ?", [(stamp, i) for i in done])

    def _find_rollout(self, agent: str, session_id: str) -> str:
        """Codex notify gives a thread id, not a path: find its rollout."""
        if agent != "codex" or not session_id or not self.options.codex_home:
            return ""
        row = self.store.query_one("SELECT path FROM transcripts WHERE session_id = ? AND agent = ?", (session_id, agent))
        if row:
            return row["path"]
        home = self.options.codex_home
        for pattern in ("sessions/*/*/*/rollout-*-%s.jsonl", "archived_sessions/rollout-*-%s.jsonl"):
            found = sorted(glob.glob(os.path.join(glob.escape(home), pattern % glob.escape(session_id))))
            if found:
                return found[-1]
        return ""

    def ingest_known(self) -> None:
        """Re-read every known transcript that grew since its last ingest (one stat each)."""
        for row in self.store.query("SELECT * FROM transcripts"):
            state = json.loads(row["state_json"])
            if state.get("deferred") and not in_scope(state.get("cwd", ""), self.options.projects):
                continue
            self.ingest_file(row["path"], row["agent"], known=row)

    def _vanished(self, path: str, row) -> None:
        """Count a missing transcript once; its session stays in the store."""
        state = json.loads(row["state_json"]) if row else {}
        if state.get("vanished"):
            return
        self.report.skip("vanished_file")
        if row:
            state["vanished"] = True
            with self.store.transaction() as conn:
                conn.execute("UPDATE transcripts SET state_json = ? WHERE path = ?", (json.dumps(state), path))

    # -- one transcript --------------------------------------------------------------------
    def ingest_file(self, path: str, agent: str, *, known=None) -> bool:
        """Read what is new in one transcript. True if anything was read."""
        parser_class = PARSERS.get(agent)
        if parser_class is None:
            self.report.skip("unknown_agent")
            return False
        row = known if known is not None else self._transcript_row(path)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            self._vanished(path, row)
            return False
        except PermissionError:
            self.report.skip("permission_denied")
            return False
        state_data = json.loads(row["state_json"]) if row else {}
        read_before = "build" in state_data or "binary" in state_data
        if row and read_before and (row["inode"], row["size_bytes"], row["mtime"]) == (st.st_ino, st.st_size, st.st_mtime):
            self.report.unchanged += 1
            return False
        restart = row is None or row["inode"] != st.st_ino or st.st_size < row["cursor_bytes"] or "build" not in state_data
        cursor = 0 if restart else int(row["cursor_bytes"])
        session_id = session_id_for(path, agent)
        session = None if restart else self.sessions.get(session_id)
        if session is None:
            session = Session(id=session_id, agent=agent, transcript_path=path)
            state = BuildState()
        else:
            state = BuildState.from_dict(state_data.get("build"))
        records_before = session.records
        redactor = Redactor()
        builder = SessionBuilder(session, state, redactor)
        parser = parser_class(builder, include_headless=self.options.include_headless, path=path)
        try:
            with open(path, "rb") as handle:
                if cursor == 0 and b"\0" in handle.read(8192):
                    self.report.skip("binary_file")
                    self._save(path, agent, st, st.st_size, session_id, {"binary": True}, None,
                               version=row["updated_at"] if row else None)
                    return False
                new_cursor = self._read(handle, cursor, parser, session)
        except FileNotFoundError:
            self.report.skip("vanished_file")
            return False
        except PermissionError:
            self.report.skip("permission_denied")
            return False
        except OSError:
            self.report.skip("vanished_file")
            return False
        parser.finish()
        records = session.records - records_before
        if not self._save(path, agent, st, new_cursor, session_id, {"build": state.to_dict(), "cwd": session.cwd}, session,
                          version=row["updated_at"] if row else None):
            return False  # another ingest read these bytes first and stored them
        self.report.files += 1
        self.report.bytes += new_cursor - cursor
        self.report.records += records
        self.report.redactions.update(redactor.counts)
        return True

    def _read(self, handle, cursor: int, parser, session: Session) -> int:
        for line in read_lines(handle, cursor, self.options.max_line_bytes):
            cursor = line.end
            if isinstance(line, LineSkip):
                self.report.skip(line.reason)
                continue
            if parser.skips_unparsed(line.data):
                session.records += 1
                continue
            try:
                text = line.data.decode("utf-8")
            except UnicodeDecodeError:
                self.report.skip("non_utf8")
                continue
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except ValueError:
                self.report.skip("truncated_line")
                continue
            if not isinstance(record, dict):
                self.report.skip("malformed_record")
                continue
            if not parser.feed(record):
                self.report.skip("unknown_record_type")
                continue
            session.records += 1
        return cursor

    def _transcript_row(self, path: str):
        return self.store.query_one("SELECT * FROM transcripts WHERE path = ?", (path,))

    def _save(self, path: str, agent: str, st: os.stat_result, cursor: int, session_id: str, state: dict,
              session: Session | None, *, version: str | None = None) -> bool:
        """Write the session and the transcript's new cursor together. `version` is the
        transcript row's updated_at when reading began: if another ingest has moved the cursor
        since, nothing is written (False), so two ingests at once never count a record twice."""
        with self.store.transaction() as conn:
            current = conn.execute("SELECT updated_at FROM transcripts WHERE path = ?", (path,)).fetchone()
            if (current["updated_at"] if current else None) != version:
                return False
            if session is not None and session.records:
                self.sessions.save(session, conn)
                self.report.sessions += 1
            conn.execute(
                "INSERT INTO transcripts (path, agent, cursor_bytes, size_bytes, mtime, inode, session_id, state_json, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET agent=excluded.agent, "
                "cursor_bytes=excluded.cursor_bytes, size_bytes=excluded.size_bytes, mtime=excluded.mtime, "
                "inode=excluded.inode, session_id=excluded.session_id, state_json=excluded.state_json, "
                "updated_at=excluded.updated_at",
                (path, agent, cursor, st.st_size, st.st_mtime, st.st_ino, session_id, json.dumps(state), utc_now()),
            )
        return True

    def defer(self, path: str, agent: str, st: os.stat_result, cwd: str) -> None:
        """Remember a transcript outside the chosen projects so it is not opened again while unchanged."""
        row = self._transcript_row(path)
        if row and "build" in json.loads(row["state_json"]):
            return  # already ingested under another scope; keep its cursor
        self._save(path, agent, st, 0, session_id_for(path, agent), {"cwd": cwd, "deferred": True}, None,
                   version=row["updated_at"] if row else None)


def run_ingest(store: Store, data_dir: Path, options: IngestOptions | None = None) -> IngestReport:
    """What `skillopt-sleep ingest` does: drain the spool, read captured and known transcripts."""
    ingestor = Ingestor(store, options)
    ingestor.drain_spool(data_dir)
    ingestor.ingest_captures()
    ingestor.ingest_known()
    return ingestor.report
