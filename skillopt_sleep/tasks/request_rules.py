"""Rules a request itself states ("... use jq 1.6 syntax"), and how many sessions state each.

Said once, such a rule is that one task's wish (already in the replayed request); once the
requests of `MIN_REQUEST_RULE_SESSIONS` sessions, of any candidate, state it, it is a habit and
becomes a check of every candidate that states it. The sessions behind each rule are kept in the
store (`request_rule_sessions`), so a mining run counts only the rules its own sessions state and
touches only the candidates whose standing changes. Each candidate keeps, per rule, its own
sessions and the count up to `MIN_REQUEST_RULE_SESSIONS` (all a standing rule needs): a count
kept whole would change with every new session stating a common rule, and rewrite every
candidate that states it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.store import Store

MIN_REQUEST_RULE_SESSIONS = 2
_SEPARATOR = "\x1f"  # the key's parts, joined the same way by the store's backfill (migration 50)


class RuleHolder(Protocol):
    """What the ledger reads and writes of a candidate (candidates.py's Candidate is one)."""

    id: str
    request_rules: list[dict]


Holder = TypeVar("Holder", bound=RuleHolder)


def rule_key(rule: dict) -> str:
    return _SEPARATOR.join((rule["kind"], rule["value"], rule.get("unit", "")))


def standing(count: int) -> int:
    return min(count, MIN_REQUEST_RULE_SESSIONS)


class RequestRuleLedger:
    """The sessions behind each request rule: those stored, and those a mining run adds."""

    def __init__(self, store: Store):
        self.store = store
        self._added: dict[str, set[tuple[str, str]]] = {}  # key -> {(session, candidate id)}

    def note(self, candidate: RuleHolder, rule: Rule, session: str) -> None:
        """Note that `session`'s request, placed in `candidate`, states `rule`."""
        stated = rule.to_dict()
        key = rule_key(stated)
        self._added.setdefault(key, set()).add((session, candidate.id))
        for known in candidate.request_rules:
            if rule_key(known) == key:
                if session not in known["sessions"]:
                    known["sessions"].append(session)
                return
        candidate.request_rules.append({**stated, "sessions": [session], "recurrence": 1})

    def settle(self, touched: Iterable[Holder], load: Callable[[list[str]], list[Holder]]) -> list[Holder]:
        """Set the count of every request rule of the `touched` candidates, and of the other
        candidates stating a rule whose standing this run changed; returns those others."""
        touched = list(touched)
        keys = {rule_key(rule) for candidate in touched for rule in candidate.request_rules} | set(self._added)
        stored = self._stored_sessions(keys)
        before = {key: standing(len(stored.get(key, ()))) for key in keys}
        now = {key: standing(len(stored.get(key, set()) | {s for s, _ in self._added.get(key, ())})) for key in keys}
        for candidate in touched:
            for rule in candidate.request_rules:
                rule["recurrence"] = now[rule_key(rule)]
        changed = {key for key in keys if now[key] != before[key]}
        ids = {c.id for c in touched}
        others = load(sorted(self._holders(changed) - ids))
        for candidate in others:
            for rule in candidate.request_rules:
                if rule_key(rule) in changed:
                    rule["recurrence"] = now[rule_key(rule)]
        return others

    def write(self, conn) -> None:
        """Store the sessions this run added, inside the caller's transaction."""
        conn.executemany(
            "INSERT OR IGNORE INTO request_rule_sessions (rule_key, session_id, candidate_id) VALUES (?, ?, ?)",
            [(key, session, candidate) for key, pairs in self._added.items() for session, candidate in pairs])
        self._added.clear()

    def _stored_sessions(self, keys: set[str]) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for row in self.store.query_in("SELECT DISTINCT rule_key, session_id FROM request_rule_sessions "
                                       "WHERE rule_key IN ({marks})", sorted(keys)):
            found.setdefault(row[0], set()).add(row[1])
        return found

    def _holders(self, keys: set[str]) -> set[str]:
        rows = self.store.query_in("SELECT DISTINCT candidate_id FROM request_rule_sessions WHERE rule_key IN ({marks})",
                                   sorted(keys))
        return {row[0] for row in rows}
