"""The hook's captures wait in a spool file in the data folder (the hook never opens the
store); ingest moves them in first. The file is renamed before it is read, so hooks keep
appending to a fresh one, and a drain that crashed is finished by the next one."""

from __future__ import annotations

import os
from pathlib import Path

from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.capture.safe_read import loads_limited, plain
from skillopt_sleep.store import Store

SPOOL_NAME = "capture-spool.jsonl"  # capture_hook.SPOOL_NAME (a test checks)
_CAPTURE_COLUMNS = ("agent", "event", "session_id", "transcript_path", "cwd", "captured_at", "payload_json")


def drain_spool(store: Store, data_dir: Path, report: IngestReport) -> None:
    spool = data_dir / SPOOL_NAME
    claimed = data_dir / f"{SPOOL_NAME}.{os.getpid()}.draining"
    try:
        os.rename(spool, claimed)
    except FileNotFoundError:
        pass
    except OSError:
        return
    for path in sorted(data_dir.glob(f"{SPOOL_NAME}.*.draining")):
        _drain_file(store, path, report)


def _spooled_rows(raw: bytes, report: IngestReport) -> list[dict]:
    rows = []
    for line in raw.splitlines():
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
