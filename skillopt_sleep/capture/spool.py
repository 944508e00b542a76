"""The hook's captures wait in a spool file in the data folder (the hook never opens the
store); ingest moves them in first. The file is renamed before it is read, so hooks keep
appending to a fresh one, and a drain that crashed is finished by the next one.

Captures the hook could not write in the data folder wait in its fallback spool in the temp
folder, drained the same way; those it could not write anywhere left a marker each, counted by
`status` (`lost_captures`) until their session is in the store."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import tempfile
from dataclasses import dataclass

from skillopt_sleep.capture import hook
from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.capture.safe_read import loads_limited, plain
from skillopt_sleep.store import Store

SPOOL_NAME = "capture-spool.jsonl"  # capture_hook.SPOOL_NAME (a test checks)
_CAPTURE_COLUMNS = ("agent", "event", "session_id", "transcript_path", "cwd", "captured_at", "payload_json")


ROW_START = b'{"agent": '  # every row the hook writes begins so (its keys are sorted)


def temp_dirs() -> list[str]:
    """The temp folders a hook may have written to: its TMPDIR (the agent's may differ from
    this process's, so /tmp and Python's choice too)."""
    found = [hook.temp_dir(os.environ), "/tmp", tempfile.gettempdir()]
    return [d for i, d in enumerate(found) if d not in found[:i]]


def fallback_spools(data_dir: Path) -> list[Path]:
    return [Path(hook.fallback_spool(str(data_dir), tmp)) for tmp in temp_dirs()]


def drain_spool(store: Store, data_dir: Path, report: IngestReport) -> None:
    _claim_and_drain(store, data_dir / SPOOL_NAME, report)
    for spool in fallback_spools(data_dir):
        _claim_and_drain(store, spool, report, own=True)
    _prune_lost(store, data_dir)


def _claim_and_drain(store: Store, spool: Path, report: IngestReport, own: bool = False) -> None:
    claimed = spool.with_name(f"{spool.name}.{os.getpid()}.draining")
    if own and not _ours(spool):
        return
    try:
        os.rename(spool, claimed)
    except FileNotFoundError:
        pass
    except OSError:
        return
    for path in sorted(spool.parent.glob(f"{spool.name}.*.draining")):
        if not own or _ours(path):
            _drain_file(store, path, report)


def _ours(path: Path) -> bool:
    """A regular file of this user's, not a link (in a folder other users share)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return True  # nothing there: nothing to refuse
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid()


def _spooled_rows(raw: bytes, report: IngestReport) -> list[dict]:
    rows = []
    for line in raw.splitlines():
        if line.rfind(ROW_START) > 0:
            line = line[line.rindex(ROW_START):]  # a row written in part by a full disk, then a whole one
        try:
            data = loads_limited(line.decode("utf-8"))
            if not isinstance(data, dict) or not data.get("agent") or not data.get("captured_at"):
                raise ValueError("not a capture")
        except (ValueError, UnicodeDecodeError):
            if line.strip():
                report.skip("malformed_spool_line")
            continue
        row = {c: (plain(str(data[c])) if data.get(c) is not None else None) for c in _CAPTURE_COLUMNS}
        row["payload_json"] = row["payload_json"] or "{}"
        row["event"] = row["event"] or "unknown"
        rows.append(row)
    return rows


def _drain_file(store: Store, path: Path, report: IngestReport) -> None:
    try:
        raw = path.read_bytes()
    except OSError:
        return
    rows = _spooled_rows(raw, report)
    with store.transaction() as conn:
        for row in rows:
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
                report.spooled += 1
    path.unlink(missing_ok=True)


@dataclass(frozen=True)
class Losses:
    """Captures the hook could not write where it should (`status` shows them)."""

    lost: int  # written nowhere; their sessions are not in the store yet
    lost_since: str
    waiting: int  # in a fallback spool, for the next ingest
    waiting_since: str
    waiting_in: list[str]


def _lost_markers(data_dir: Path) -> list[tuple[Path, float, str, str]]:
    found = []
    for tmp in temp_dirs():
        for folder in hook.lost_folders(str(data_dir), tmp):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                try:
                    target = os.readlink(os.path.join(folder, name))
                    when = float(name.split(".", 1)[0])
                except (OSError, ValueError):
                    continue
                agent, _, session = target.partition("/")
                found.append((Path(folder, name), when, agent, "" if session == "-" else session))
    return list({m[0]: m for m in found}.values())


def _in_store(store: Store, session: str) -> bool:
    return bool(session) and store.has_table("sessions") and \
        store.query_one("SELECT 1 FROM sessions WHERE id = ?", (session,)) is not None


def _prune_lost(store: Store, data_dir: Path) -> None:
    """Markers of captures whose session reached the store after all (a harvest) are done."""
    for path, _, _, session in _lost_markers(data_dir):
        if _in_store(store, session):
            path.unlink(missing_ok=True)


def _stamp(seconds: float) -> str:
    return hook.utc_stamp(seconds)[:19] + "Z"


def lost_captures(store: Store, data_dir: Path) -> Losses:
    """What the hook could not write in the data folder; reads only."""
    lost = [when for _, when, _, session in _lost_markers(data_dir) if not _in_store(store, session)]
    waiting, since, where = 0, None, []
    for spool in fallback_spools(data_dir):
        files = [spool] + sorted(spool.parent.glob(f"{spool.name}.*.draining"))
        for path in files:
            if not _ours(path) or not path.exists():
                continue
            rows = _spooled_rows(path.read_bytes(), IngestReport())
            if rows:
                waiting += len(rows)
                where.append(str(path))
                first = min(r["captured_at"] for r in rows)
                since = first if since is None or first < since else since
    return Losses(len(lost), _stamp(min(lost)) if lost else "", waiting, (since or "")[:19] + ("Z" if since else ""), where)


def losses_text(losses: Losses) -> list[str]:
    lines = []
    if losses.lost:
        lines.append(f"{losses.lost} session capture(s) could not be written (disk full or read-only) since "
                     f"{losses.lost_since}; `skillopt-sleep harvest --all` recovers them from the agents' history")
    if losses.waiting:
        lines.append(f"{losses.waiting} session capture(s) wait in {', '.join(losses.waiting_in)} since "
                     f"{losses.waiting_since}: the data folder could not be written; the next ingest moves them into the store")
    return lines


@dataclass(frozen=True)
class Recorded:
    """The sessions the hooks recorded: how many wait to be read, how many were read, since when."""

    waiting: int  # sessions with captures not yet ingested (in a spool or in the store)
    read: int  # sessions in the store
    since: str  # the first capture's time ("" when none)


def recorded_sessions(store: Store, data_dir: Path) -> Recorded:
    """What the hooks recorded so far, from the first capture on; reads only."""
    waiting: set[str] = set()
    firsts: list[str] = []
    for spool in [data_dir / SPOOL_NAME, *fallback_spools(data_dir)]:
        for path in [spool, *sorted(spool.parent.glob(f"{spool.name}.*.draining"))]:
            try:
                rows = _spooled_rows(path.read_bytes(), IngestReport()) if _ours(path) else []
            except OSError:
                continue
            waiting.update(r["session_id"] or r["transcript_path"] or "" for r in rows)
            firsts += [min(r["captured_at"] for r in rows)] if rows else []
    if store.has_table("captures"):
        waiting.update(r["session_id"] or r["transcript_path"] or "" for r in store.query(
            "SELECT DISTINCT session_id, transcript_path FROM captures WHERE ingested_at IS NULL"))
        first = store.query_one("SELECT captured_at FROM captures ORDER BY id LIMIT 1")
        firsts += [first["captured_at"]] if first else []
    read = store.query_one("SELECT COUNT(*) AS n FROM sessions")["n"] if store.has_table("sessions") else 0
    return Recorded(len(waiting), read, min(firsts)[:19] + "Z" if firsts else "")


def recorded_text(recorded: Recorded) -> str:
    """One line for `status`: whether any session was recorded, and what reads them."""
    if not recorded.since and not recorded.read:
        return ("No session recorded yet: the hooks record each session as it ends (or "
                "`skillopt-sleep harvest --all` reads the agents' existing history).")
    waiting = (f"; {recorded.waiting} wait to be read (`skillopt-sleep ingest`, or `skillopt-sleep run`, which reads "
               "them first)") if recorded.waiting else ""
    since = f" since {recorded.since}" if recorded.since else ""
    return f"Sessions recorded{since}: {recorded.read} read{waiting}."
