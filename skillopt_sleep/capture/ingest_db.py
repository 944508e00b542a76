"""Histories kept in one SQLite database for all sessions (OpenCode's opencode.db) instead of a
file per session.

The agent owns the database and may be writing it: it is opened read-only (`mode=ro`), never
written, and a database that is locked, partial or of an unknown schema is passed over with a
one-line warning, keeping every session already stored. Its `transcripts` row holds, per
session, the agent's last-updated time for what was stored, so only sessions that changed are
rebuilt; a session is small and the agent rewrites messages in place, so a changed session is
read again whole. The database counts as unchanged while it and its write-ahead log keep their
size and mtime.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from contextlib import closing
from urllib.parse import quote

from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.scope import in_scope
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.capture.transcript_rows import Seen, stored_version, write_row
from skillopt_sleep.capture.transcripts.common import BuildState, SessionBuilder, feed_record

log = logging.getLogger(__name__)
BUSY_TIMEOUT_S = 2.0


def open_readonly(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{quote(os.path.abspath(path))}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    conn.row_factory = sqlite3.Row
    return conn


def database_seen(path: str, st: os.stat_result) -> Seen:
    """The database with its write-ahead log: a commit may touch only the log."""
    size, mtime = st.st_size, st.st_mtime
    try:
        wal = os.stat(path + "-wal")
        size, mtime = size + wal.st_size, max(mtime, wal.st_mtime)
    except OSError:
        pass
    return Seen(0, size, mtime, st.st_ino)


def ingest_database(ingestor, path: str, agent: str, parser_class, row, st: os.stat_result) -> bool:
    """Read the sessions that changed in one agent database. True if anything was read."""
    report = ingestor.report
    seen = database_seen(path, st)
    state = json.loads(row["state_json"]) if row else {}
    updated = dict(state.get("sessions") or {})  # session id -> the agent's updated time when stored
    if row and "sessions" in state and (row["size_bytes"], row["mtime"], row["inode"]) == (seen.size, seen.mtime, seen.inode):
        report.unchanged += path not in ingestor.read_now
        return False
    try:
        with closing(open_readonly(path)) as conn:
            changed = [(sid, stamp, list(records)) for sid, stamp, records in parser_class.read_sessions(conn, updated)]
    except sqlite3.Error as exc:
        log.warning("%s history %s not read (%s); the sessions already stored are kept", agent, path, exc)
        report.skip("unreadable_database")
        return False
    built: list[tuple[Session, Redactor]] = []
    for session_id, stamp, records in changed:
        session, redactor = _build(ingestor, path, agent, parser_class, session_id, records)
        if not in_scope(session.cwd, ingestor.options.projects):
            report.out_of_scope += 1
            continue  # not marked as read: it is read when the scope takes it in
        updated[session_id] = stamp
        built.append((session, redactor))
    with ingestor.store.transaction() as conn:
        if stored_version(conn, path) != (row["updated_at"] if row else None):
            return False  # another ingest read this database first and stored it
        for session, _ in built:
            if session.records:
                ingestor.sessions.save(session, conn)
                report.sessions += 1
        write_row(conn, path, agent, seen, "", {"sessions": updated})
    report.files += 1
    report.new += 0 if row else 1
    for session, redactor in built:
        report.records += session.records
        report.redactions.update(redactor.counts)
    return True


def _build(ingestor, path: str, agent: str, parser_class, session_id: str, records: list[dict]) -> tuple[Session, Redactor]:
    session = Session(id=session_id, agent=agent, transcript_path=path)
    redactor = Redactor()
    parser = parser_class(SessionBuilder(session, BuildState(), redactor),
                          include_headless=ingestor.options.include_headless, path=path)
    for record in records:
        if feed_record(parser, record, ingestor.report, f"session {session_id}"):
            session.records += 1
    parser.finish()
    return session, redactor
