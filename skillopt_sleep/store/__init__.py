"""The SQLite store: one database in WAL mode, schema from numbered migrations.

Many processes (hooks of several agents finishing at once, a night, the CLI) may open it at
the same time; WAL plus a busy timeout lets them queue instead of failing, and every write is a
short transaction so a killed process loses at most the write it was making. A bulk writer (a
harvest of thousands of transcripts) groups its transactions (`grouped`): each becomes a
savepoint of one transaction committed every GROUP_SECONDS, so it pays one commit per group,
and a killed process loses at most the last group's writes, each of them whole.

A failure of the machine (full disk, read-only folder, permission denied, a damaged file) comes
out of here as a StoreError naming the file and what to do, never as a bare sqlite3 traceback.
The database and its -wal / -shm files are the user's alone (0600), in a folder that is too.

A command that only reads (`status`, `review`) opens with `read_only=True`: where the store file
or its folder cannot be written (a read-only disk or mount, an immutable file) SQLite opens it
read-only (`mode=ro`; `immutable=1` where even the -shm index cannot be made, which leaves out
what the -wal holds), no migration runs, and `read_only` / `missing_migrations` say so.
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import sqlite3
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from skillopt_sleep.errors import StoreError, machine_failure
from skillopt_sleep.store.migrations import MIGRATIONS
from skillopt_sleep.paths import default_db_path, make_private, private_dir

logger = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 30_000
MIN_FREE_BYTES = 1 << 20  # below this a night would pay for calls it could not record
SIDE_FILES = ("-wal", "-shm")
# Shorter than the hook's busy timeout (0.25 s), so a capture made during a harvest still waits
# its turn instead of going to the spool.
GROUP_SECONDS = 0.2


def utc_now() -> str:
    """UTC ISO time with a Z suffix, the form the agents' transcripts use."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")[:-6] + "Z"  # [:-6]: "+00:00"


class Store:
    def __init__(self, path: Path | str | None = None, *, read_only: bool = False):
        self.path = Path(path) if path else default_db_path()
        self._lock = threading.RLock()
        self._group_seconds: float | None = None  # set inside `grouped`
        self._group_began = 0.0  # when the open group's transaction began
        self._depth = 0  # transactions open inside the group
        self.read_only: str | None = None  # why the store was opened for reading only; None: writable
        self.missing_migrations: list[int] = []  # not applied to a store opened read-only
        if read_only and not self._writable():
            with self._failures("opened"):
                self._open_for_reading()
            return
        with self._failures("opened"):
            private_dir(self.path.parent)
            if not self.path.exists():
                # Created 0600 before SQLite opens it: SQLite gives -wal and -shm the same mode.
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            self.conn = sqlite3.connect(
                str(self.path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, isolation_level=None
            )
            self.conn.row_factory = sqlite3.Row
            self.conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._use_wal()
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            for name in ("",) + SIDE_FILES:
                make_private(Path(f"{self.path}{name}"))
        self.migrate()

    def _use_wal(self) -> None:
        """Put the file in WAL mode, which it keeps. The switch needs the file to itself, and SQLite
        answers it 'database is locked' at once rather than waiting on the busy timeout, so
        processes that open a new store together (a sweep's workers) try again, within that
        timeout, until one of them has switched it."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        pause = 0.002
        while self.conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            try:
                self.conn.execute("PRAGMA journal_mode=WAL")
                return  # switched, or a file that cannot be (it keeps its mode, as before)
            except sqlite3.OperationalError as exc:
                if not _busy(exc) or time.monotonic() > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.1)

    def _writable(self) -> bool:
        """Whether SQLite could write the store where it is: no store yet (opening creates it or
        says why not), or the file, its -wal / -shm and its folder all accept writes."""
        if not self.path.exists():
            return True
        files = [self.path] + [Path(f"{self.path}{s}") for s in SIDE_FILES if Path(f"{self.path}{s}").exists()]
        return os.access(self.path.parent, os.W_OK) and all(os.access(f, os.W_OK) for f in files)

    def _open_for_reading(self) -> None:
        """Open with SQLite's read-only URI, and never write: no WAL switch, no chmod, no migration."""
        uri = self.path.resolve().as_uri()
        self.read_only = "its file or folder cannot be written"
        try:
            self.conn = self._connect(f"{uri}?mode=ro")
        except sqlite3.DatabaseError:  # a WAL store whose -shm index cannot be created beside it
            wal = Path(f"{self.path}-wal")
            unseen = wal.stat().st_size if wal.exists() else 0
            self.conn = self._connect(f"{uri}?immutable=1")
            if unseen:
                self.read_only += f"; the last changes, {unseen} bytes in {wal.name}, are not shown"
        self.missing_migrations = self._unapplied()

    def _connect(self, uri: str) -> sqlite3.Connection:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False,
                               isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # the file really is read here
        except BaseException:
            conn.close()
            raise
        return conn

    def _unapplied(self) -> list[int]:
        """The migrations this version has that the store lacks (read without writing)."""
        if self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").fetchone():
            done = {int(r[0]) for r in self.conn.execute("SELECT number FROM schema_migrations")}
        else:
            legacy = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
            done = {n for n in MIGRATIONS if n <= legacy}
        return sorted(n for n in MIGRATIONS if n not in done)

    def has_table(self, name: str) -> bool:
        return self.query_one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)) is not None

    def _translated(self, exc: BaseException, doing: str) -> StoreError | None:
        """What the machine or SQLite said about the file, as one actionable StoreError; None for
        everything else (constraint and programming errors are the caller's)."""
        if isinstance(exc, StoreError):
            return exc
        if type(exc) in (sqlite3.OperationalError, sqlite3.DatabaseError) or isinstance(exc, OSError):
            # SQLite reports a full disk under its shared-memory file as a bare "disk I/O error".
            full = " (no space left on the disk)" if self._free_bytes() < MIN_FREE_BYTES and not self._read_only_disk() else ""
            return StoreError(machine_failure(f"the store {self.path} cannot be {doing}", exc, detail=full))
        return None

    def _free_bytes(self) -> int:
        try:
            return shutil.disk_usage(self.path.parent).free
        except OSError:
            return MIN_FREE_BYTES  # unknown: do not claim the disk is full

    def _read_only_disk(self) -> bool:
        """A read-only file system reports no free space; that is not a full disk."""
        try:
            return bool(os.statvfs(self.path.parent).f_flag & os.ST_RDONLY)
        except (OSError, AttributeError):
            return False

    @contextmanager
    def _failures(self, doing: str) -> Iterator[None]:
        try:
            yield
        except (sqlite3.DatabaseError, OSError) as exc:
            translated = self._translated(exc, doing)
            if translated is None:
                raise
            raise translated from None

    def check_writable(self, min_free_bytes: int = MIN_FREE_BYTES) -> None:
        """Raise StoreError unless a write reaches the disk now and some room is left after it:
        a night checks this before it pays for its first call."""
        free = self._free_bytes()
        if free < min_free_bytes:
            raise StoreError(machine_failure(f"the store {self.path} cannot be written",
                                             OSError(errno.ENOSPC, f"{free} bytes free, a night needs {min_free_bytes}")))
        with self.transaction() as conn:
            conn.execute(f"PRAGMA user_version={self.schema_version()}")  # rewrites the header page

    # -- schema -------------------------------------------------------------------------
    def schema_version(self) -> int:
        return int(self.query_one("PRAGMA user_version")[0])

    def applied_migrations(self) -> set[int]:
        return {int(r[0]) for r in self.query("SELECT number FROM schema_migrations")}

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
        timeout rather than failing half-way with 'database is locked'. A failed statement or
        COMMIT (a full disk) is rolled back, so the connection stays usable. Only SQLite's own
        errors become StoreErrors: an OSError of the caller's (a file it writes meanwhile) is its own.
        Inside `grouped` it is a savepoint instead: a failure undoes this transaction's writes alone."""
        if self.read_only:
            raise StoreError(f"the store {self.path} is open for reading only ({self.read_only}): "
                             "make it writable by this user to change it")
        with self._lock:
            if self._group_seconds is not None:
                with self._savepoint() as conn:
                    yield conn
                return
            with self._failures("written"):
                self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
                self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                self._raise_translated(exc)

    def _raise_translated(self, exc: BaseException) -> None:
        translated = self._translated(exc, "written") if isinstance(exc, sqlite3.DatabaseError) else None
        if translated is None:
            raise exc
        raise translated from None

    @contextmanager
    def grouped(self, seconds: float | None = None) -> Iterator[None]:
        """Within this block every `transaction` is a savepoint of one longer transaction, which
        is committed after each transaction that ends `seconds` (GROUP_SECONDS) or more after it began, and at
        the end (also when the block raises: what it committed to is whole). Other processes'
        writes wait at most about `seconds`; other threads wait for the block's end."""
        with self._lock:
            if self._group_seconds is not None:
                yield  # already grouped by the caller's caller
                return
            self._group_seconds = GROUP_SECONDS if seconds is None else seconds
            try:
                yield
            finally:
                self._group_seconds = None
                self._commit_group()

    @property
    def group_seconds(self) -> float | None:
        """How long the open group (`grouped`) holds writes before it commits; None outside one."""
        return self._group_seconds

    def commit_group(self) -> None:
        """Commit what the open group holds now, for a caller whose writes waited in memory
        before they reached it; nothing outside a group or inside one of its transactions."""
        with self._lock:
            if self._group_seconds is not None and self._depth == 0:
                self._commit_group()

    @contextmanager
    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        if not self.conn.in_transaction:
            with self._failures("written"):
                self.conn.execute("BEGIN IMMEDIATE")  # taken when the group first writes, not before
            self._group_began = time.monotonic()
        self._depth += 1
        try:
            self.conn.execute("SAVEPOINT unit")
            try:
                yield self.conn
                self.conn.execute("RELEASE unit")
            except BaseException as exc:
                if self.conn.in_transaction:  # SQLite may have rolled everything back itself (a full disk)
                    self.conn.execute("ROLLBACK TO unit")
                    self.conn.execute("RELEASE unit")
                self._raise_translated(exc)
        finally:
            self._depth -= 1
        if self._depth == 0 and time.monotonic() - self._group_began >= (self._group_seconds or 0.0):
            self._commit_group()

    def _commit_group(self) -> None:
        if not self.conn.in_transaction:
            return
        try:
            self.conn.execute("COMMIT")
        except BaseException as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            self._raise_translated(exc)

    def execute(self, sql: str, params: tuple | dict = ()) -> sqlite3.Cursor:
        with self._lock, self._failures("written"):
            return self.conn.execute(sql, params)

    def query(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        with self._lock, self._failures("read"):
            return self.conn.execute(sql, params).fetchall()

    def query_in(self, sql: str, values: list) -> list[sqlite3.Row]:
        """The rows of `sql`, whose `IN ({marks})` takes `values`, asked a part at a time (under
        SQLite's bound on parameters)."""
        rows: list[sqlite3.Row] = []
        for start in range(0, len(values), 500):
            part = tuple(values[start:start + 500])
            rows += self.query(sql.format(marks=", ".join("?" * len(part))), part)
        return rows

    def query_one(self, sql: str, params: tuple | dict = ()) -> sqlite3.Row | None:
        with self._lock, self._failures("read"):
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


def _busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    return code & 0xFF == 5 if code is not None else "locked" in str(exc)  # SQLITE_BUSY and its extended codes


def _split_sql(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]
