"""Turn captured transcripts into sessions, incrementally.

Each transcript has a byte cursor in the `transcripts` table. Ingesting reads from the cursor to
the last complete line (a partial last line waits for the next run), feeds the records to the
agent's parser, and writes the session together with the new cursor and the parser's state in
one transaction: a crash loses nothing and counts nothing twice. A harvest writes them a batch
of files at a time (`ingest_writes.py`), each file's session and cursor still together. A
transcript that shrank or was replaced (another inode) is read again from the start. Bad input
is skipped and counted in the `IngestReport` by reason; nothing already stored is touched by it.

Nothing in one transcript may stop the others: a bad line is skipped, an error in a file is
recorded against that file (`quarantine`) and the batch goes on, and each capture is marked
ingested as soon as its file is done.
"""

from __future__ import annotations

import glob
import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import BinaryIO

from skillopt_sleep.capture.agents import AGENTS, DATABASE, VSCODE_COPILOT, WHOLE_FILES
from skillopt_sleep.capture.confine import Confinement, OutsideLink, remember
from skillopt_sleep.capture.homes import Homes
from skillopt_sleep.capture.ingest_writes import Reading, TranscriptWrites
from skillopt_sleep.capture.quarantine import FailureLog
from skillopt_sleep.capture.report import SKIP_REASONS, IngestOptions, IngestReport
from skillopt_sleep.capture.rewrites import SEEN, ctime_moved, read_part_changed, remembered
from skillopt_sleep.capture.safe_read import (BOM, UNREAD, LinkedPath, NotRegularFile, TooDeep, loads_limited,
                                              loads_line, lstat_regular, regular_opener)
from skillopt_sleep.capture.scope import in_scope
from skillopt_sleep.capture.spool import SPOOL_NAME, drain_spool
from skillopt_sleep.capture.transcript_rows import Row, Seen
from skillopt_sleep.capture.unknown import clean_name, remember_unknown
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.store import Store, utc_now

try:
    from orjson import loads as _loads_state  # the rows' own JSON: a no-change ingest parses one per transcript
except ImportError:
    from json import loads as _loads_state

__all__ = ["SKIP_REASONS", "SPOOL_NAME", "IngestOptions", "IngestReport", "Ingestor", "in_scope", "run_ingest"]
log = logging.getLogger(__name__)
# `known` for a transcript whose row nobody looked up yet (None: looked up, there is none).
LOOK_UP = object()


def session_id_for(path: str, agent: str) -> str:
    """The CLIs name the file after the session: `<id>.jsonl`, `rollout-<time>-<id>.jsonl`,
    pi's `<time>_<id>.jsonl`; copilot names its folder: `<id>/events.jsonl`; VS Code writes
    `<id>.jsonl` or, before 1.109, `<id>.json`."""
    if agent == "copilot":
        return os.path.basename(os.path.dirname(path))
    if agent == VSCODE_COPILOT:
        return os.path.basename(path).removesuffix(".jsonl").removesuffix(".json")
    stem = os.path.basename(path).removesuffix(".jsonl")
    if agent == "pi" and "_" in stem:
        return stem.split("_", 1)[1]
    if agent == "codex" and stem.startswith("rollout-") and len(stem) > 36:
        return stem[-36:]
    return stem


class Ingestor:
    def __init__(self, store: Store, options: IngestOptions | None = None, report: IngestReport | None = None,
                 on_progress: ProgressSink | None = None, homes: Homes | None = None):
        self.store = store
        self.confinement = Confinement((homes or Homes.from_env()).history_folders())
        self.on_progress = on_progress
        self.options = options or IngestOptions()
        self.report = report or IngestReport()
        self._sessions = None
        self.failures = FailureLog(store)
        self.failed_now: set[str] = set()  # tried once in this ingest is enough
        self.read_now: set[str] = set()  # read from a capture in this ingest: not "unchanged" to ingest_known
        self.writes = TranscriptWrites(store, self.report, on_refused=self._failed)

    @property
    def sessions(self):
        """The session store, loaded with the parsers where a transcript is read (a no-change
        ingest loads neither)."""
        if self._sessions is None:
            from skillopt_sleep.capture.sessions import SessionRepo

            self._sessions = SessionRepo(self.store)
        return self._sessions

    def batched(self):
        """A block within which the files' sessions and cursors are written a batch at a time."""
        return self.writes.batched()

    def progressed(self, done: int, total: int) -> None:
        if self.on_progress is not None:
            self.on_progress(ProgressEvent("ingest", done, total))

    # -- captures --------------------------------------------------------------------------
    def ingest_captures(self) -> None:
        rows = self.store.query("SELECT * FROM captures WHERE ingested_at IS NULL ORDER BY id")
        seen: set[tuple[str, str]] = set()
        for row in rows:
            self.report.captures += 1
            try:
                self._ingest_capture(row, seen)
            except sqlite3.OperationalError:
                raise  # the store is busy or broken, not this capture: the next ingest retries
            except Exception as exc:  # a capture row holding something unusable (a NUL in a path)
                log.warning("capture %s skipped: %s: %s", row["id"], type(exc).__name__, exc)
                self.report.skip("ingest_error")
            # Marked one by one, so a capture that fails is never read again by every later ingest.
            with self.store.transaction() as conn:
                conn.execute("UPDATE captures SET ingested_at = ? WHERE id = ?", (utc_now(), row["id"]))

    def _ingest_capture(self, row, seen: set[tuple[str, str]]) -> None:
        agent = row["agent"]
        if agent not in AGENTS:
            self.report.skip("unknown_agent")
            return
        self._count_unknown_fields(agent, row["payload_json"])
        if not in_scope(row["cwd"] or "", self.options.projects):
            self.report.out_of_scope += 1
            return
        path = row["transcript_path"] or self._find_rollout(agent, row["session_id"] or "")
        if not path:
            self.report.skip("no_transcript")
            return
        if (agent, path) not in seen:
            seen.add((agent, path))
            if self.try_file(path, agent):
                self.read_now.add(path)

    def _count_unknown_fields(self, agent: str, payload_json: str | None) -> None:
        """The hook payload fields the hook did not know, which it named in the row."""
        try:
            names = json.loads(payload_json or "{}").get("unknown_fields")
        except (ValueError, AttributeError):
            return
        if isinstance(names, str) and names:
            self.report.unknown_hook_fields(agent, [clean_name(name) for name in names.split(",")])

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
        """Re-read every known transcript that grew since its last ingest (one stat each), and
        try again the files whose last ingest failed before anything of them was stored."""
        rows = self.store.query("SELECT * FROM transcripts")
        self.progressed(0, len(rows))
        for done, row in enumerate(rows, 1):
            self.progressed(done, len(rows))
            state = _loads_state(row["state_json"])
            if state.get("deferred") and not in_scope(state.get("cwd", ""), self.options.projects):
                continue
            self.try_file(row["path"], row["agent"], known=row, known_state=state)
        stored = {row["path"] for row in rows}
        for failure in list(self.failures.known.values()):
            if failure.path not in stored:
                self.try_file(failure.path, failure.agent)

    def try_file(self, path: str, agent: str, *, known=LOOK_UP, st: os.stat_result | None = None,
                 known_state: dict | None = None) -> bool:
        """`ingest_file` within a batch: an error in this file is recorded against it (and sets
        it aside after repeated failures) instead of stopping the files after it."""
        if path in self.failed_now:
            return False
        if path in self.failures.known and self.failures.holds(path, _stat_or_none(path)):
            self.report.skip("quarantined")
            return False
        try:
            read = self.ingest_file(path, agent, known=known, st=st, known_state=known_state)
        except sqlite3.OperationalError:
            raise  # the store is busy or broken, not this file: the next ingest retries
        except Exception as exc:
            self._failed(path, agent, exc)
            return False
        self.failures.succeeded(path)
        return read

    def _failed(self, path: str, agent: str, exc: Exception) -> None:
        reason = f"{type(exc).__name__}: {exc}"
        failure = self.failures.failed(path, agent, reason, _stat_or_none(path))
        self.failed_now.add(path)
        log.warning("ingest of %s failed (%s)%s", path, reason, "; quarantined" if failure.quarantined_at else "")
        self.report.skip("ingest_error")

    def _vanished(self, path: str, row) -> None:
        """Count a missing transcript once; its session stays in the store."""
        state = json.loads(row["state_json"]) if row else {}
        if state.get("vanished"):
            return
        self.report.skip("vanished_file")
        if row:
            state["vanished"] = True
            self.writes.flush()
            with self.store.transaction() as conn:
                conn.execute("UPDATE transcripts SET state_json = ? WHERE path = ?", (json.dumps(state), path))

    # -- one transcript --------------------------------------------------------------------
    def ingest_file(self, path: str, agent: str, *, known=LOOK_UP, st: os.stat_result | None = None,
                    known_state: dict | None = None) -> bool:
        """Read what is new in one transcript. True if anything was read. `st`: the caller's stat
        of it, showing a regular file (the open checks again that it still is one); `known_state`: the
        known row's state, parsed already."""
        if agent not in AGENTS:
            self.report.skip("unknown_agent")
            return False
        row = self._transcript_row(path) if known is LOOK_UP else known
        outside = self.confinement.escape(path, agent)
        if outside is not None:
            self.report.outside[outside.path] = outside
            return False
        try:
            st = lstat_regular(path) if st is None else st  # a FIFO would block the open below forever
        except FileNotFoundError:
            self._vanished(path, row)
            return False
        except LinkedPath as exc:  # wherever it leads, a link is not the agent's own file
            self.report.outside[exc.path] = OutsideLink(exc.path, exc.target, agent)
            return False
        except OSError as exc:  # also a name too long, an I/O error
            self.report.skip(_skip_reason(exc, otherwise="unreadable_file"))
            return False
        if agent in DATABASE:
            from skillopt_sleep.capture.ingest_db import ingest_database
            from skillopt_sleep.capture.transcripts import PARSERS

            self.writes.flush()
            return ingest_database(self, path, agent, PARSERS[agent], row, st)
        state_data = ((known_state if known_state is not None else _loads_state(row["state_json"])) if row else {})
        read_before = "build" in state_data or "binary" in state_data
        rewritten = False
        if row and read_before and (row["inode"], row["size_bytes"], row["mtime"]) == (st.st_ino, st.st_size, st.st_mtime):
            moved = ctime_moved(state_data, st)
            rewritten = moved and read_part_changed(state_data, path, int(row["cursor_bytes"]))
            if not rewritten:
                if moved:  # a chmod or a new link: remember the new ctime, so the next ingest needs no read
                    state_data[SEEN] = [st.st_ctime_ns, state_data[SEEN][1]]
                    self.writes.save(Reading(Row(path, agent, _seen(st, int(row["cursor_bytes"])), row["session_id"],
                                                 state_data), None, version=row["updated_at"]))
                self.report.unchanged += path not in self.read_now  # met again after this ingest read it: not news
                return False
        if path.endswith(WHOLE_FILES.get(agent, ())):
            from skillopt_sleep.capture.ingest_whole import read_whole

            try:
                return read_whole(self, path, agent, row, st, session_id_for(path, agent), read_before)
            except OSError as exc:
                self.report.skip(_skip_reason(exc, otherwise="vanished_file"))
                return False
        restart = (rewritten or row is None or row["inode"] != st.st_ino or st.st_size < row["cursor_bytes"]
                   or "build" not in state_data
                   or ctime_moved(state_data, st) and read_part_changed(state_data, path, int(row["cursor_bytes"])))
        cursor = 0 if restart else int(row["cursor_bytes"])
        # Loaded here, where a transcript is read: a no-change ingest never gets this far.
        from skillopt_sleep.capture.redact import Redactor
        from skillopt_sleep.capture.sessions import Session
        from skillopt_sleep.capture.transcripts import PARSERS
        from skillopt_sleep.capture.transcripts.common import BuildState, SessionBuilder

        parser_class = PARSERS[agent]
        session_id = session_id_for(path, agent)
        if not restart:
            self.writes.flush()  # the session may be waiting in the batch
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
            with open(path, "rb", opener=regular_opener) as handle:
                if cursor == 0:
                    head = handle.read(8192)
                    if b"\0" in head:
                        self.report.skip("binary_file")
                        self.writes.save(Reading(Row(path, agent, _seen(st, st.st_size), session_id, {"binary": True}),
                                                 None, version=row["updated_at"] if row else None))
                        return False
                    cursor = len(BOM) if head.startswith(BOM) else 0  # an editor's mark, not part of the first record
                new_cursor = self._read(LineEnds(handle), cursor, parser, session)
                seen = remembered(handle, st, new_cursor)
        except OSError as exc:
            self.report.skip(_skip_reason(exc, otherwise="vanished_file"))
            return False
        parser.finish()
        self.report.passed_over(parser)
        row_data = Row(path, agent, _seen(st, new_cursor), session_id,
                       {"build": state.to_dict(), "cwd": session.cwd, SEEN: seen})
        return self.writes.save(Reading(row_data, session, row["updated_at"] if row else None, counted=True,
                                  new=0 if read_before else 1, bytes=new_cursor - cursor,
                                  records=session.records - records_before, redactions=redactor.counts))

    def _read(self, handle: LineEnds, cursor: int, parser, session) -> int:
        from skillopt_sleep.capture.transcripts.common import feed_record, read_lines

        skips_unparsed = parser.skips_unparsed
        records = 0
        for cursor, data in read_lines(handle, cursor, self.options.max_line_bytes):
            if data is None:
                self.report.skip("oversize_line")
                continue
            if skips_unparsed(data):
                records += 1
                continue
            try:
                record = loads_line(data)
                if record is UNREAD:
                    record = self._loads_slowly(data)
            except TooDeep:
                self.report.skip("too_deep")
                continue
            except ValueError as exc:
                self.report.skip("non_utf8" if isinstance(exc, UnicodeDecodeError) else "truncated_line")
                continue
            if record is UNREAD:
                continue  # a blank line
            if not isinstance(record, dict):
                self.report.skip("malformed_record")
                continue
            if feed_record(parser, record, self.report, f"byte {cursor}"):
                records += 1
        session.records += records
        return cursor

    @staticmethod
    def _loads_slowly(data: bytes):
        """The stdlib way, for lines the fast parser refused; UNREAD for a blank line."""
        text = data.decode("utf-8")
        return loads_limited(text) if text.strip() else UNREAD

    def _transcript_row(self, path: str):
        self.writes.flush()
        return self.store.query_one("SELECT * FROM transcripts WHERE path = ?", (path,))

    def defer(self, path: str, agent: str, st: os.stat_result, cwd: str) -> None:
        """Remember a transcript outside the chosen projects so it is not opened again while unchanged."""
        row = self._transcript_row(path)
        if row and "build" in json.loads(row["state_json"]):
            return  # already ingested under another scope; keep its cursor
        self.writes.save(Reading(Row(path, agent, _seen(st, 0), session_id_for(path, agent), {"cwd": cwd, "deferred": True}),
                           None, row["updated_at"] if row else None))


class LineEnds:
    """A transcript handle that reads a bare CR as a line end (an old Mac's or a converter's),
    byte for byte, so cursors stay offsets in the file. JSON text never holds a raw CR inside a
    value, so outside one it only ever ends a line or pads it; a CRLF becomes a blank line."""

    def __init__(self, handle: BinaryIO):
        self.handle = handle

    def seek(self, offset: int) -> int:
        return self.handle.seek(offset)

    def read(self, size: int) -> bytes:
        data = self.handle.read(size)
        return data.replace(b"\r", b"\n") if b"\r" in data else data


def run_ingest(store: Store, data_dir: Path, options: IngestOptions | None = None,
               on_progress: ProgressSink | None = None) -> IngestReport:
    """What `skillopt-sleep ingest` does: drain the spool, read captured and known transcripts."""
    ingestor = Ingestor(store, options, on_progress=on_progress)
    drain_spool(store, data_dir, ingestor.report)
    ingestor.ingest_captures()
    ingestor.ingest_known()
    remember(store, ingestor.report.outside)
    remember_unknown(store, ingestor.report.unknown)
    return ingestor.report


def _skip_reason(exc: OSError, *, otherwise: str) -> str:
    """The report's reason for a transcript that could not be opened or read."""
    if isinstance(exc, PermissionError):
        return "permission_denied"
    if isinstance(exc, NotRegularFile):
        return "not_regular_file"
    return otherwise


def _seen(st: os.stat_result, cursor: int) -> Seen:
    return Seen(cursor, st.st_size, st.st_mtime, st.st_ino)


def _stat_or_none(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None
