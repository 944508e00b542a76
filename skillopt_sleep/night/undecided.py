"""Edits the paired gate could not decide, carried to later nights instead of banned for good.

A gain still undecided after every further look of a night (positive, but it could be noise) is
not evidence against the edit, so it may be proposed again on a later night, where new sessions
bring new held-out tasks. Each look spends part of the 1 - confidence false-accept budget (its
attained size, night/gate.py); what an edit's looks spent is kept here, and a later gate that
judges the edit starts from it. Over every night, then, an edit that does nothing still gets in
at most 1 - confidence of the time. An edit comes back on at most MAX_NIGHTS nights: a look that
cannot accept spends nothing, so the budget alone would let a hopeless edit return forever."""

from __future__ import annotations

from skillopt_sleep.records import Edit
from skillopt_sleep.store import Store, utc_now

MAX_NIGHTS = 3  # nights an edit may stay undecided before it counts as rejected


def spent_before(store: Store, skill_path: str, edits: list[Edit]) -> float:
    """The false-accept budget earlier nights' looks spent on any of these edits (the most of
    them: a bundle is tested at what its most-tested edit has left)."""
    spent = 0.0
    for edit in edits:
        row = store.query_one("SELECT spent FROM undecided_edits WHERE edit_key = ? AND skill_path = ?",
                              (edit.key(), skill_path))
        spent = max(spent, row["spent"] if row else 0.0)
    return spent


def carry_over(store: Store, skill_path: str, night_id: str, edits: list[Edit], spent: float, budget: float) -> bool:
    """Remember what tonight's looks spent on each edit; False when an edit has no budget or no
    nights left (the caller then rejects the bundle)."""
    may_return = True
    with store.transaction() as conn:
        for edit in edits:
            row = conn.execute("SELECT nights FROM undecided_edits WHERE edit_key = ? AND skill_path = ?",
                               (edit.key(), skill_path)).fetchone()
            nights = (row["nights"] if row else 0) + 1
            conn.execute("INSERT OR REPLACE INTO undecided_edits (edit_key, skill_path, night_id, spent, nights, updated_at) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (edit.key(), skill_path, night_id, spent, nights, utc_now()))
            may_return = may_return and nights < MAX_NIGHTS and spent < budget - 1e-9
    return may_return
