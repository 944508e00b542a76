"""Edits the paired gate could not decide, carried to later nights instead of banned for good.

A gain still undecided after every further look of a night (positive, but it could be noise) is
not evidence against the edit, so it may be proposed again on a later night, where new sessions
bring new held-out tasks. Each look spends part of the 1 - confidence false-accept budget (its
attained size, night/gate/verdict.py); what an edit's looks spent is kept here, and a later gate that
judges the edit starts from it. Over every night, then, an edit that does nothing still gets in
at most 1 - confidence of the time. An edit comes back on at most MAX_NIGHTS nights: a look that
cannot accept spends nothing, so the budget alone would let a hopeless edit return forever.

One row per edit and night, so a night resumed after a crash finds what earlier nights spent,
not what it spent itself before it stopped."""

from __future__ import annotations

from skillopt_sleep.records import Edit
from skillopt_sleep.store import Store, utc_now

MAX_NIGHTS = 3  # nights an edit may stay undecided before it counts as rejected


def _earlier(store: Store, skill_path: str, edit: Edit, night_id: str) -> tuple[float, int]:
    """(budget spent, nights undecided) on nights before `night_id`."""
    row = store.query_one("SELECT MAX(spent) AS spent, COUNT(*) AS nights FROM undecided_edits "
                          "WHERE edit_key = ? AND skill_path = ? AND night_id != ?", (edit.key(), skill_path, night_id))
    return (row["spent"] or 0.0, row["nights"]) if row else (0.0, 0)


def spent_before(store: Store, skill_path: str, night_id: str, edits: list[Edit]) -> float:
    """The false-accept budget earlier nights' looks spent on any of these edits (the most of
    them: a bundle is tested at what its most-tested edit has left)."""
    return max((_earlier(store, skill_path, edit, night_id)[0] for edit in edits), default=0.0)


def carry_over(store: Store, skill_path: str, night_id: str, edits: list[Edit], spent: float, budget: float) -> bool:
    """Remember the budget spent on each edit by the end of tonight; False when an edit has no
    budget or no nights left (the caller then rejects the bundle)."""
    nights = [_earlier(store, skill_path, edit, night_id)[1] + 1 for edit in edits]
    with store.transaction() as conn:
        for edit in edits:
            conn.execute("INSERT OR REPLACE INTO undecided_edits (edit_key, skill_path, night_id, spent, created_at) "
                         "VALUES (?, ?, ?, ?, ?)", (edit.key(), skill_path, night_id, spent, utc_now()))
    return max(nights, default=0) < MAX_NIGHTS and spent < budget - 1e-9
