"""What the agents wrote that no reader here knows: record types in transcripts and fields in
hook payloads, counted by agent and name, kept in the store for `status`.

An agent that starts writing a new kind of record is the first sign that the capture is out of
date. The record itself is skipped (it may hold anything, secrets included); only its type's name
is kept, cut to a bounded length and to the characters a type name is made of.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from skillopt_sleep.store import Store, utc_now

RECORD = "record"  # a transcript record of a type the agent's reader does not know
HOOK_FIELD = "hook_field"  # a hook payload field the capture hook does not know
KINDS = (RECORD, HOOK_FIELD)
MAX_NAME_CHARS = 64
MAX_NAMES_PER_INGEST = 200  # a hostile transcript inventing a type a line cannot fill the store
_NAME = re.compile(r"[A-Za-z0-9_.:/\-]{1,%d}" % MAX_NAME_CHARS)
UNPRINTABLE = "<odd name>"


@dataclass(frozen=True)
class UnknownName:
    agent: str
    kind: str
    name: str
    count: int
    last_seen: str = ""


def clean_name(value: object) -> str:
    """A name as it may be stored and shown: the type's own characters, else a placeholder."""
    if not isinstance(value, str) or not value:
        return "<none>" if value in (None, "") else UNPRINTABLE
    return value if _NAME.fullmatch(value) else UNPRINTABLE


def record_type(record: dict) -> str:
    """A record's type as the agents name it: `type`, with the payload's own type where the record
    wraps one (Codex: `event_msg/token_count`)."""
    kind = clean_name(record.get("type"))
    payload = record.get("payload")
    if isinstance(payload, dict) and "type" in payload:
        return f"{kind}/{clean_name(payload.get('type'))}"[:MAX_NAME_CHARS * 2 + 1]
    return kind


class UnknownCounter:
    """Unknown names seen during one ingest, bounded in how many distinct names it keeps."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()

    def add(self, agent: str, kind: str, name: str, count: int = 1) -> None:
        key = (agent, kind, name)
        if key in self.counts or len(self.counts) < MAX_NAMES_PER_INGEST:
            self.counts[key] += count

    def by_agent(self) -> dict[str, dict[str, dict[str, int]]]:
        """{agent: {kind: {name: count}}}, for a report."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for (agent, kind, name), count in sorted(self.counts.items()):
            out.setdefault(agent, {}).setdefault(kind, {})[name] = count
        return out

    def __bool__(self) -> bool:
        return bool(self.counts)


def remember_unknown(store: Store, counter: UnknownCounter) -> None:
    """Add this ingest's counts to those already stored."""
    if not counter:
        return
    now = utc_now()
    with store.transaction() as conn:
        conn.executemany(
            "INSERT INTO unknown_names (agent, kind, name, count, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(agent, kind, name) DO UPDATE SET count = count + excluded.count, last_seen = excluded.last_seen",
            [(agent, kind, name, count, now, now) for (agent, kind, name), count in counter.counts.items()])


def stored_unknown(store: Store) -> list[UnknownName]:
    if not store.has_table("unknown_names"):
        return []
    return [UnknownName(row["agent"], row["kind"], row["name"], row["count"], row["last_seen"])
            for row in store.query("SELECT agent, kind, name, count, last_seen FROM unknown_names ORDER BY agent, kind, name")]
