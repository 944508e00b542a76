"""Writing what an ingest read: each transcript's session and new cursor together, or not at all.

Outside a batch each reading is written in its own transaction. Within `batched` (a harvest of
thousands of files) the readings wait and are written BATCH_FILES at a time, one statement per
table: per file, the savepoint and statements cost as much as reading a small transcript. A batch
is also written, and committed, once it has waited the store's group time, so a harvest killed
half-way loses no more than it did unbatched; what waited is read again by the next ingest."""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.capture.transcript_rows import Row, stored_versions, write_rows
from skillopt_sleep.store import Store

if TYPE_CHECKING:  # the session records load where a session is written: a no-change ingest writes none
    from skillopt_sleep.capture.sessions import Session

BATCH_FILES = 64


@dataclass
class Reading:
    """What reading a transcript gave: its row and session, written together (or not at all),
    and what the report counts once they are written."""

    row: Row
    session: Session | None
    version: str | None  # the row's updated_at when reading began (None: there was no row)
    counted: bool = False  # a transcript read (not one set aside as binary or out of scope)
    new: int = 0
    bytes: int = 0
    records: int = 0
    redactions: Counter = field(default_factory=Counter)


class TranscriptWrites:
    def __init__(self, store: Store, report: IngestReport, on_refused: Callable[[str, str, Exception], None]):
        self.store = store
        self.report = report
        self.on_refused = on_refused  # (path, agent, error): a file whose reading the store refused
        self._waiting: list[Reading] | None = None  # a batch's readings not yet written (None: no batch)
        self._waiting_since = 0.0  # when the first of them was read

    @contextmanager
    def batched(self) -> Iterator[None]:
        """Within this block the readings wait and are written a batch at a time, and on leaving it.
        Each file's session and cursor still go in together: a crash loses only what waited, which
        the next ingest reads again, and counts nothing twice."""
        self._waiting = []
        try:
            yield
            self.flush()
        finally:
            self._waiting = None

    def save(self, reading: Reading) -> bool:
        """Write (or, in a batch, queue) a transcript's row with its session. False when another
        ingest moved the cursor since reading began: nothing is written then, so two ingests at
        once never count a record twice. A queued reading counts as written."""
        if self._waiting is None:
            return bool(self._write([reading]))
        if any(waiting.row.path == reading.row.path for waiting in self._waiting):
            self.flush()  # its version is checked against the row the waiting one writes
        if not self._waiting:
            self._waiting_since = time.monotonic()
        self._waiting.append(reading)
        if time.monotonic() - self._waiting_since >= (self.store.group_seconds or 0.0):
            self.flush()
            self.store.commit_group()  # what waited this long is committed, as it would have been unbatched
        elif len(self._waiting) >= BATCH_FILES:
            self.flush()
        return True

    def flush(self) -> None:
        """Write the batch's waiting readings; before anything reads the rows they change. A
        reading the store refuses costs only its own file: the batch is written again one reading
        at a time, and that file's failure reported."""
        if not self._waiting:
            return
        waiting, self._waiting = self._waiting, []
        try:
            self._write(waiting)
        except sqlite3.OperationalError:
            raise  # the store is busy or broken: the next ingest reads these files again
        except Exception:
            for reading in waiting:
                try:
                    self._write([reading])
                except sqlite3.OperationalError:
                    raise
                except Exception as exc:
                    self.on_refused(reading.row.path, reading.row.agent, exc)

    def _write(self, readings: list[Reading]) -> list[Reading]:
        """Write the readings whose row is still as it was when reading began; those written."""
        with self.store.transaction() as conn:
            versions = stored_versions(conn, [reading.row.path for reading in readings])
            fresh = [reading for reading in readings if versions.get(reading.row.path) == reading.version]
            sessions = [reading.session for reading in fresh if reading.session is not None and reading.session.records]
            if sessions:
                from skillopt_sleep.capture.sessions import SessionRepo

                SessionRepo(self.store).save_all(sessions, conn)
            if fresh:
                write_rows(conn, [reading.row for reading in fresh])
        report = self.report
        report.sessions += len(sessions)
        for reading in fresh:
            if reading.counted:
                report.files += 1
                report.new += reading.new
                report.bytes += reading.bytes
                report.records += reading.records
                report.redactions.update(reading.redactions)
        return fresh
