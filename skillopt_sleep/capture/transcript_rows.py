"""The `transcripts` table: one row per history file read, with its cursor, what it looked like
on disk when read (size, mtime, inode) and the reader's saved state."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from skillopt_sleep.capture.safe_read import json_text
from skillopt_sleep.store import utc_now


@dataclass
class Seen:
    """A history file as it was when read: where reading stopped and its stat."""

    cursor: int
    size: int
    mtime: float
    inode: int


def stored_version(conn: sqlite3.Connection, path: str) -> str | None:
    """The row's updated_at (None when there is no row): two ingests compare it to never both write."""
    current = conn.execute("SELECT updated_at FROM transcripts WHERE path = ?", (path,)).fetchone()
    return current["updated_at"] if current else None


def write_row(conn: sqlite3.Connection, path: str, agent: str, seen: Seen, session_id: str, state: dict) -> None:
    conn.execute(
        "INSERT INTO transcripts (path, agent, cursor_bytes, size_bytes, mtime, inode, session_id, state_json, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET agent=excluded.agent, "
        "cursor_bytes=excluded.cursor_bytes, size_bytes=excluded.size_bytes, mtime=excluded.mtime, "
        "inode=excluded.inode, session_id=excluded.session_id, state_json=excluded.state_json, "
        "updated_at=excluded.updated_at",
        (path, agent, seen.cursor, seen.size, seen.mtime, seen.inode, session_id, json_text(state), utc_now()),
    )
