"""Transcripts whose ingest keeps failing, set aside so they never block the others.

Each failed ingest of a file is counted with its reason; a success clears the count. After
QUARANTINE_AFTER failures in a row the file is quarantined: later ingests skip it without
opening it, until it changes (another size, mtime or inode), when it gets one more try.
`skillopt-sleep status` lists what is quarantined and why.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from skillopt_sleep.store import Store, utc_now

QUARANTINE_AFTER = 3
MAX_REASON_CHARS = 300


@dataclass
class Failure:
    path: str
    agent: str
    failures: int
    reason: str
    quarantined_at: str | None
    signature: tuple  # (size, mtime, inode) when last tried

    @classmethod
    def from_row(cls, row) -> "Failure":
        return cls(row["path"], row["agent"], int(row["failures"]), row["reason"], row["quarantined_at"],
                   (row["size_bytes"], row["mtime"], row["inode"]))


def signature(st: os.stat_result | None) -> tuple:
    return (st.st_size, st.st_mtime, st.st_ino) if st is not None else (None, None, None)


class FailureLog:
    """The `ingest_failures` table, read once per ingest (it holds only failing files)."""

    def __init__(self, store: Store):
        self.store = store
        self.known = {row["path"]: Failure.from_row(row) for row in store.query("SELECT * FROM ingest_failures")}

    def holds(self, path: str, st: os.stat_result | None) -> bool:
        """True while a quarantined file is unchanged since its last failed try."""
        failure = self.known.get(path)
        return bool(failure and failure.quarantined_at and failure.signature == signature(st))

    def failed(self, path: str, agent: str, reason: str, st: os.stat_result | None) -> Failure:
        previous = self.known.get(path)
        count = (previous.failures if previous else 0) + 1
        quarantined_at = (previous and previous.quarantined_at) or (utc_now() if count >= QUARANTINE_AFTER else None)
        failure = Failure(path, agent, count, reason[:MAX_REASON_CHARS], quarantined_at, signature(st))
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO ingest_failures (path, agent, failures, reason, size_bytes, mtime, inode, quarantined_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET agent=excluded.agent, "
                "failures=excluded.failures, reason=excluded.reason, size_bytes=excluded.size_bytes, mtime=excluded.mtime, "
                "inode=excluded.inode, quarantined_at=excluded.quarantined_at, updated_at=excluded.updated_at",
                (path, agent, failure.failures, failure.reason, *failure.signature, failure.quarantined_at, utc_now()),
            )
        self.known[path] = failure
        return failure

    def succeeded(self, path: str) -> None:
        if self.known.pop(path, None) is not None:
            with self.store.transaction() as conn:
                conn.execute("DELETE FROM ingest_failures WHERE path = ?", (path,))


def quarantined(store: Store) -> list[dict]:
    rows = store.query("SELECT * FROM ingest_failures WHERE quarantined_at IS NOT NULL ORDER BY quarantined_at, path")
    return [{"path": r["path"], "agent": r["agent"], "failures": int(r["failures"]), "reason": r["reason"],
             "quarantined_at": r["quarantined_at"]} for r in rows]


def quarantine_text(store: Store) -> str:
    """The lines `status` shows; '' when nothing is quarantined."""
    entries = quarantined(store)
    if not entries:
        return ""
    lines = [f"Quarantined transcripts ({len(entries)}; skipped until they change):"]
    for entry in entries:
        lines.append(f"  {entry['path']}  ({entry['agent']}, failed {entry['failures']} times since {entry['quarantined_at']})")
        lines.append(f"    reason: {entry['reason']}")
    return "\n".join(lines)
