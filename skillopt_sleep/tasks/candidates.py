"""Intent candidates: what mining knows about one recurring request before it becomes a replay
task, where they are kept, and what a mining run reports.

A candidate gathers the sessions it was seen in, the user's explicit rules about it, recent
answers and the tools used; `status` is one of `STATUSES`. It becomes a task once it has a judge.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.tasks.checks import check_from_feedback
from skillopt_sleep.tasks.request_rules import MIN_REQUEST_RULE_SESSIONS

MAX_SOURCES = 50
MAX_REPO_NOTES = 5
MAX_SAMPLE_ANSWERS = 3
STATUSES = ("checkable", "needs_judge", "dropped")


def checks_from_rules(rules: list[Rule]) -> list[Check]:
    """The rule checks a set of explicit instructions gives, without contradictions."""
    checks: list[Check] = []
    for rule in rules:
        check = check_from_feedback(rule.kind, rule.value, rule.unit)
        if check is None or any(c.op == check.op and c.arg == check.arg for c in checks):
            continue
        checks.append(check)
    required = [c.arg for c in checks if c.op == "contains"]
    checks = [c for c in checks if not (c.op == "not_contains" and any(c.arg in r for r in required))]
    checks = _without_implied(checks)
    bounds = [c.arg for c in checks if c.op == "max_chars"]
    if len(bounds) > 1:  # the strictest bound the user asked for wins
        checks = [c for c in checks if c.op != "max_chars"] + [Check("max_chars", min(bounds))]
    return checks


def _without_implied(checks: list[Check]) -> list[Check]:
    """Drop a substring check another one implies: `contains "bar chart"` says `contains "bar"`,
    and `not_contains "pie"` says `not_contains "pie chart"`."""
    def implied(check: Check) -> bool:
        for other in checks:
            if other is check or other.op != check.op or other.arg == check.arg:
                continue
            if check.op == "contains" and check.arg in other.arg:
                return True
            if check.op == "not_contains" and other.arg in check.arg:
                return True
        return False
    return [c for c in checks if not implied(c)]


def add_repo_note(candidate: "Candidate", session: str, reason: str) -> None:
    """Say why `session` gave this request no repo task (the latest reason per session)."""
    notes = [n for n in candidate.repo_notes if n["session"] != session]
    candidate.repo_notes = (notes + [{"session": session, "reason": reason}])[-MAX_REPO_NOTES:]


def candidate_id(fingerprint: str) -> str:
    """The id of the candidate mined for requests with this fingerprint."""
    return "real-" + fingerprint[:16]


@dataclass
class Candidate:
    id: str
    intent: str
    fingerprint: str
    context: str = ""
    skill: str = ""
    outcome: str = "unknown"
    sources: list[dict] = field(default_factory=list)  # {"session", "intent", "agent", "at"}
    rules: list[dict] = field(default_factory=list)  # stated by the user's corrections
    request_rules: list[dict] = field(default_factory=list)  # stated by the request: + "sessions", "recurrence" (request_rules.py)
    answers: list[str] = field(default_factory=list)  # recent final answers (for the teacher)
    tools_used: list[str] = field(default_factory=list)
    status: str = "needs_judge"
    judge: dict | None = None
    judge_source: str = ""  # heuristic | teacher
    teacher_recurrence: int = 0  # recurrence when the teacher last looked
    teacher_attempts: int = 0  # unusable replies so far (each retry samples anew, past the cache)
    note: str = ""  # why the teacher dropped it
    repo_notes: list[dict] = field(default_factory=list)  # {"session", "reason"}: why a session gave no repo task

    @property
    def sessions(self) -> list[str]:
        seen: list[str] = []
        for source in self.sources:
            if source["session"] not in seen:
                seen.append(source["session"])
        return seen

    @property
    def recurrence(self) -> int:
        return len(self.sessions)

    def standing_rules(self) -> list[dict]:
        """The corrections' rules, and the request's own rules once the requests of
        `MIN_REQUEST_RULE_SESSIONS` sessions (of any candidate) stated them: said once in a
        request, a rule is that one task's wish (already in the replayed request), not a habit."""
        recurring = [r for r in self.request_rules if r.get("recurrence", 1) >= MIN_REQUEST_RULE_SESSIONS]
        return self.rules + [{k: v for k, v in r.items() if k not in ("sessions", "recurrence")} for r in recurring]

    def heuristic_checks(self) -> list[Check]:
        return checks_from_rules([Rule.from_dict(r) for r in self.standing_rules()])

    def to_task(self) -> Task:
        judge = Judge.from_dict(self.judge) if self.judge else Judge(kind="rule")
        return Task(
            task_id=self.id,
            intent=self.intent,
            judge=judge,
            context=self.context,
            skill=self.skill,
            outcome=self.outcome,
            origin="real",
            source_sessions=self.sessions,
            meta={
                "recurrence": self.recurrence,
                "sources": self.sources[:MAX_SOURCES],
                "rules": self.standing_rules(),
                "judge_source": self.judge_source,
                "tools_used": self.tools_used,
                **({"repo_notes": self.repo_notes} if self.repo_notes else {}),
                "mined_at": utc_now(),
            },
        )

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict) -> "Candidate":
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass
class MiningReport:
    sessions: int = 0
    excluded: Counter = field(default_factory=Counter)
    intents: int = 0
    trivial: int = 0
    new_candidates: int = 0
    merged: int = 0  # intents folded into an existing candidate
    tasks_written: int = 0
    tasks_with_checks: int = 0
    needs_judge: int = 0
    teacher_asked: int = 0
    teacher_checks: int = 0
    teacher_rubrics: int = 0
    teacher_dropped: int = 0
    teacher_invalid: int = 0
    turns_asked: int = 0  # user turns put to the teacher's reader (recorded answers included)
    turn_calls: int = 0  # of those, the new calls
    turns_unread: int = 0  # turns the reader's bound left to the actions and the words
    turn_replies_invalid: int = 0  # replies (or failed calls) that held no reading
    repo_tasks: int = 0  # written as repo tasks (an episode in a copy of the repository)
    no_repo_task: Counter = field(default_factory=Counter)  # why sessions gave none, by reason
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["excluded"] = dict(self.excluded)
        out["no_repo_task"] = dict(self.no_repo_task)
        return out

    def _kinds(self) -> str:
        """How the tasks written are judged, each task counted once: the repo tasks are checked by
        running them, not by the rule checks, so one total must not read as "0 with checks"."""
        others = max(self.tasks_written - self.repo_tasks - self.tasks_with_checks, 0)
        kinds = [(self.repo_tasks, "repo (run and checked in a copy of the repository)"),
                 (self.tasks_with_checks, "with rule checks"), (others, "judged otherwise (rubric, model)")]
        said = [f"{n} {what}" for n, what in kinds if n]
        return f" ({', '.join(said)})" if said else ""

    def render(self) -> str:
        lines = [
            f"sessions mined: {self.sessions} (not user work: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.excluded.items())) or "none") + ")",
            f"intents: {self.intents} (trivial, skipped: {self.trivial}); new candidates: {self.new_candidates}; "
            f"merged into existing: {self.merged}",
            f"tasks written: {self.tasks_written}{self._kinds()}; waiting for a judge: {self.needs_judge}",
        ]
        if self.repo_tasks or self.no_repo_task:
            lines.append("sessions without a repo task: " + (
                "; ".join(f"{reason} ({n})" for reason, n in self.no_repo_task.most_common()) or "none"))
        if self.teacher_asked:
            lines.append(
                f"teacher: asked {self.teacher_asked}, rule checks {self.teacher_checks}, rubrics {self.teacher_rubrics}, "
                f"dropped {self.teacher_dropped}, unusable replies {self.teacher_invalid}"
            )
        if self.turns_asked or self.turns_unread:
            lines.append(f"turns read by the teacher: {self.turns_asked} ({self.turn_calls} new calls, the rest from the record); "
                         f"unusable replies {self.turn_replies_invalid}; left unread at the call bound {self.turns_unread}")
        lines += [f"error: {e}" for e in self.errors]
        return "\n".join(lines)


class CandidateRepo:
    def __init__(self, store: Store):
        self.store = store

    def all(self, status: str | None = None) -> list[Candidate]:
        sql, params = "SELECT data_json FROM intent_candidates", ()
        if status:
            sql, params = sql + " WHERE status = ?", (status,)
        return [Candidate.from_dict(json.loads(r["data_json"])) for r in self.store.query(sql + " ORDER BY id", params)]

    def get_many(self, ids: list[str]) -> list[Candidate]:
        rows = self.store.query_in("SELECT data_json FROM intent_candidates WHERE id IN ({marks}) ORDER BY id", ids)
        return [Candidate.from_dict(json.loads(r["data_json"])) for r in rows]

    def ids_by_fingerprint(self, fingerprints: list[str]) -> dict[str, str]:
        """The candidate each of `fingerprints` names (the last by id, should two share one)."""
        rows = self.store.query_in("SELECT fingerprint, id FROM intent_candidates WHERE fingerprint IN ({marks}) ORDER BY id",
                                   fingerprints)
        return {fingerprint: key for fingerprint, key in rows}

    def count(self, status: str) -> int:
        return int(self.store.query_one("SELECT COUNT(*) FROM intent_candidates WHERE status = ?", (status,))[0])

    def save(self, candidate: Candidate, conn=None) -> None:
        """Upsert inside `conn`'s transaction, or in one of its own when none is given."""
        if conn is None:
            with self.store.transaction() as own:
                self.save(candidate, own)
            return
        now = utc_now()
        conn.execute(
            "INSERT INTO intent_candidates (id, fingerprint, intent, status, recurrence, data_json, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET fingerprint=excluded.fingerprint, "
            "intent=excluded.intent, status=excluded.status, recurrence=excluded.recurrence, "
            "data_json=excluded.data_json, updated_at=excluded.updated_at",
            (candidate.id, candidate.fingerprint, candidate.intent, candidate.status, candidate.recurrence,
             json.dumps(candidate.to_dict(), ensure_ascii=False), now, now),
        )
