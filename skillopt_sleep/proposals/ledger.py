"""The rules ledger: each rule a night proposed, with its source tasks and sessions, the night,
its measured effect and its status: proposed (staged), accepted (kept by an unstaged night), probation,
adopted, reverted, dropped (attribution), rejected (the gate), undecided (the gate could not yet tell
its gain from noise; it may come back), refused (the lint or the policy), held for review, declined
(the user rejected it, or left it out of what they adopted), withheld (a night held it back: the
user had rejected the same rule before)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from skillopt_sleep.records import Edit
from skillopt_sleep.screen.ruletext import review_line
from skillopt_sleep.shorten import first_line, listed
from skillopt_sleep.store import Store, utc_now

STATUSES = ("proposed", "accepted", "probation", "adopted", "reverted", "dropped", "refused", "held", "rejected",
            "undecided", "declined", "withheld")
NOT_TRIED = ("refused", "held")
DECLINED = "declined"  # the user rejected the rule (proposals/reject.py)
WITHHELD = "withheld"  # a night held the rule back: the user had rejected the same rule before


@dataclass
class LedgerEntry:
    rule_key: str
    skill_path: str
    night_id: str
    text: str
    source: str
    status: str
    effect: float | None = None
    reason: str = ""
    target: str = "skill"
    tasks: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    created_at: str = ""
    evidence_kind: str = ""


def sessions_of(store: Store, task_ids: list[str]) -> list[str]:
    """The recorded sessions the given tasks were mined from (none for benchmark tasks)."""
    sessions: list[str] = []
    for task_id in task_ids:
        row = store.query_one("SELECT data_json FROM tasks WHERE id = ?", (task_id,))
        if row is None:
            continue
        for session in json.loads(row["data_json"]).get("source_sessions", []) or []:
            if session not in sessions:
                sessions.append(str(session))
    return sessions


def record(store: Store, skill_path: str, night_id: str, edit: Edit, status: str, *, effect: float | None = None,
           reason: str = "") -> None:
    now = utc_now()
    store.insert("rules", {
        "rule_key": edit.key(), "skill_path": skill_path, "night_id": night_id, "text": edit.summary(),
        "source": edit.source, "target": edit.target, "tasks_json": json.dumps(edit.evidence),
        "sessions_json": json.dumps(sessions_of(store, edit.evidence)), "effect": effect, "status": status,
        "reason": reason, "evidence_kind": edit.evidence_kind, "created_at": now, "updated_at": now,
    }, replace=True)


def entries(store: Store, *, skill_path: str | None = None, night_id: str | None = None) -> list[LedgerEntry]:
    sql, params = "SELECT * FROM rules WHERE 1 = 1", []
    if skill_path:
        sql += " AND skill_path = ?"
        params.append(skill_path)
    if night_id:
        sql += " AND night_id = ?"
        params.append(night_id)
    rows = store.query(sql + " ORDER BY created_at, rule_key", tuple(params))
    return [LedgerEntry(rule_key=r["rule_key"], skill_path=r["skill_path"], night_id=r["night_id"], text=r["text"],
                        source=r["source"], status=r["status"], effect=r["effect"], reason=r["reason"], target=r["target"],
                        tasks=json.loads(r["tasks_json"]), sessions=json.loads(r["sessions_json"]), created_at=r["created_at"],
                        evidence_kind=r["evidence_kind"])
            for r in rows]


def render(items: list[LedgerEntry], history: dict[int, str] | None = None) -> str:
    """The entries, two lines each; `history` (by id of an entry): what became of the rule before."""
    if not items:
        return "no rules recorded yet"
    lines = []
    for item in items:
        effect = "n/a" if item.effect is None else f"{item.effect:+.3f}"
        lines.append(f"[{item.status}] effect {effect}  {review_line(first_line(item.text, 100))}")
        detail = f"    night {item.night_id}; from {item.source} ({item.evidence_kind or item.source} evidence); tasks {listed(item.tasks, 5) or '-'}"
        if item.sessions:
            detail += f"; sessions {listed(item.sessions, 3)}"
        if item.reason:
            detail += f"; {item.reason}"
        lines.append(detail)
        if history and id(item) in history:
            lines.append(f"    history: {history[id(item)]}")
    return "\n".join(lines)
