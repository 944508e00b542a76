"""The SQLite store: one database in WAL mode, schema from numbered migrations.

Many processes (hooks of several agents finishing at once, a night, the CLI) may open it at
the same time; WAL plus a busy timeout lets them queue instead of failing, and every write is a
short transaction so a killed process loses at most the write it was making.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.migrations import MIGRATIONS
from skillopt_sleep.paths import default_db_path

logger = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 30_000


def utc_now() -> str:
    """UTC ISO time with a Z suffix, the form the agents' transcripts use."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Store:
    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else default_db_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(
                str(self.path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, isolation_level=None
            )
        except (OSError, sqlite3.Error) as exc:
            raise SkilloptError(f"cannot open the store at {self.path}: {exc}") from None
        self.conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self.conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.migrate()

    # -- schema -------------------------------------------------------------------------
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def applied_migrations(self) -> set[int]:
        rows = self.conn.execute("SELECT number FROM schema_migrations").fetchall()
        return {int(r[0]) for r in rows}

    def migrate(self) -> None:
        """Apply each numbered migration once. Applied numbers are recorded one by one, so a
        migration numbered below one already applied (another concern's range) still runs."""
        with self.transaction() as conn:
            fresh = not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").fetchone()
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
            legacy_version = int(conn.execute("PRAGMA user_version").fetchone()[0]) if fresh else 0
            # A store from before this table existed applied everything up to its user_version.
            for number in (n for n in MIGRATIONS if n <= legacy_version):
                conn.execute("INSERT INTO schema_migrations (number, applied_at) VALUES (?, ?)", (number, utc_now()))
        for number in sorted(MIGRATIONS):
            if number in self.applied_migrations():
                continue
            with self.transaction() as conn:
                # Re-read inside the write lock: another process may have migrated meanwhile.
                if conn.execute("SELECT 1 FROM schema_migrations WHERE number = ?", (number,)).fetchone():
                    continue
                for statement in _split_sql(MIGRATIONS[number]):
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations (number, applied_at) VALUES (?, ?)", (number, utc_now()))
                conn.execute(f"PRAGMA user_version={max(number, self.schema_version())}")
            logger.debug("store %s: applied migration %d", self.path, number)

    # -- access -------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE takes the write lock up front, so concurrent writers wait on the busy
        timeout rather than failing half-way with 'database is locked'."""
        with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            else:
                self.conn.execute("COMMIT")

    def execute(self, sql: str, params: tuple | dict = ()) -> sqlite3.Cursor:
        with self._lock:
            return self.conn.execute(sql, params)

    def query(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.conn.execute(sql, params).fetchall()

    def query_one(self, sql: str, params: tuple | dict = ()) -> sqlite3.Row | None:
        with self._lock:
            return self.conn.execute(sql, params).fetchone()

    def insert(self, table: str, row: dict[str, Any], *, replace: bool = False) -> int:
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        with self.transaction() as conn:
            cursor = conn.execute(f"{verb} INTO {table} ({columns}) VALUES ({marks})", tuple(row.values()))
            return int(cursor.lastrowid or 0)

    def close(self) -> None:
        with self._lock:
            self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _split_sql(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]
