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


# Far below SQLite's limit on the parameters of one statement.
VERSIONS_PER_QUERY = 500


def stored_version(conn: sqlite3.Connection, path: str) -> str | None:
    """The row's updated_at (None when there is no row): two ingests compare it to never both write."""
    return stored_versions(conn, [path]).get(path)


def stored_versions(conn: sqlite3.Connection, paths: list[str]) -> dict[str, str]:
    """`stored_version` of many rows in a few queries: path -> updated_at, for the rows there are."""
    found: dict[str, str] = {}
    for start in range(0, len(paths), VERSIONS_PER_QUERY):
        part = paths[start:start + VERSIONS_PER_QUERY]
        marks = ", ".join("?" * len(part))
        found.update(conn.execute(f"SELECT path, updated_at FROM transcripts WHERE path IN ({marks})", part).fetchall())
    return found


@dataclass
class Row:
    """One `transcripts` row to write."""

    path: str
    agent: str
    seen: Seen
    session_id: str
    state: dict


def write_row(conn: sqlite3.Connection, path: str, agent: str, seen: Seen, session_id: str, state: dict) -> None:
    write_rows(conn, [Row(path, agent, seen, session_id, state)])


def write_rows(conn: sqlite3.Connection, rows: list[Row]) -> None:
    now = utc_now()
    conn.executemany(
        "INSERT INTO transcripts (path, agent, cursor_bytes, size_bytes, mtime, inode, session_id, state_json, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET agent=excluded.agent, "
        "cursor_bytes=excluded.cursor_bytes, size_bytes=excluded.size_bytes, mtime=excluded.mtime, "
        "inode=excluded.inode, session_id=excluded.session_id, state_json=excluded.state_json, "
        "updated_at=excluded.updated_at",
        [(r.path, r.agent, r.seen.cursor, r.seen.size, r.seen.mtime, r.seen.inode, r.session_id, json_text(r.state), now)
         for r in rows],
    )
