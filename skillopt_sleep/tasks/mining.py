"""Turn ingested sessions into replay tasks.

The heuristic miner needs no model. Each real intent of a user session becomes a candidate with
its context (project, skill, what was asked just before), its outcome, and the checks its user
made explicit: "no, use pnpm" gives `contains "pnpm"`, "don't use npm" `not_contains "npm"`,
"keep it under 20 lines" a `max_chars` bound, "include a Key Risks section" `section_present`.
Near-identical intents from different sessions merge into one candidate (same normalised
fingerprint, or token Jaccard at least `MERGE_JACCARD`), keeping every source session; the
recurrence count is evidence that the task matters. A candidate with checks is stored as a task.

The LLM miner asks the teacher, for each recurring candidate, for rule checks or a rubric that a
good answer must satisfy, validates them with `judges.validate_judge`, and drops the candidates it
cannot make checkable.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.errors import BackendError, BudgetExceeded, SkilloptError, StoreError
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.capture.feedback import Rule, extract_rules
from skillopt_sleep.capture.redact import looks_like_secret
from skillopt_sleep.tasks.checks import carries_secret, check_from_feedback, op_names, op_summaries
from skillopt_sleep.tasks.judges import describe_check, validate_judge
from skillopt_sleep.backends.jsonrepair import parse_json_reply
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.sessions import Intent, Session, SessionRepo
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.tasks.taskstore import TaskRepo, intent_fingerprint

MERGE_JACCARD = 0.8
MAX_SOURCES = 50
MAX_SAMPLE_ANSWERS = 3
MAX_TEACHER_TRIES = 2
STATUSES = ("checkable", "needs_judge", "dropped")
# Replies that only steer the session; replayed alone they ask for nothing.
_TRIVIAL = re.compile(
    r"^(?:yes|yeah|yep|ok(?:ay)?|sure|go(?: on| ahead)?|continue|proceed|do it|try again|again|retry|next|"
    r"keep going|sounds good|please do|y|n|hi|hello|hey|test|\W*)[.!?]*$"
)
_WORDS = re.compile(r"\w+")
_OUTCOME_RANK = {"corrected": 3, "failure": 2, "success": 1, "unknown": 0}


def tokens(text: str) -> set[str]:
    return set(_WORDS.findall(text.casefold()))


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def is_trivial(text: str) -> bool:
    return bool(_TRIVIAL.match(text.strip().lower())) or len(_WORDS.findall(text)) < 2


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
    bounds = [c.arg for c in checks if c.op == "max_chars"]
    if len(bounds) > 1:  # the strictest bound the user asked for wins
        checks = [c for c in checks if c.op != "max_chars"] + [Check("max_chars", min(bounds))]
    return checks


@dataclass
class Candidate:
    id: str
    intent: str
    fingerprint: str
    context: str = ""
    skill: str = ""
    outcome: str = "unknown"
    sources: list[dict] = field(default_factory=list)  # {"session", "intent", "agent", "at"}
    rules: list[dict] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)  # recent final answers (for the teacher)
    tools_used: list[str] = field(default_factory=list)
    status: str = "needs_judge"
    judge: dict | None = None
    judge_source: str = ""  # heuristic | teacher
    teacher_recurrence: int = 0  # recurrence when the teacher last looked
    teacher_attempts: int = 0  # unusable replies so far (each retry samples anew, past the cache)
    note: str = ""  # why the teacher dropped it

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

    def heuristic_checks(self) -> list[Check]:
        return checks_from_rules([Rule.from_dict(r) for r in self.rules])

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
                "rules": self.rules,
                "judge_source": self.judge_source,
                "tools_used": self.tools_used,
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
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["excluded"] = dict(self.excluded)
        return out

    def render(self) -> str:
        lines = [
            f"sessions mined: {self.sessions} (not user work: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.excluded.items())) or "none") + ")",
            f"intents: {self.intents} (trivial, skipped: {self.trivial}); new candidates: {self.new_candidates}; "
            f"merged into existing: {self.merged}",
            f"tasks written: {self.tasks_written} (with checks: {self.tasks_with_checks}); waiting for a judge: {self.needs_judge}",
        ]
        if self.teacher_asked:
            lines.append(
                f"teacher: asked {self.teacher_asked}, rule checks {self.teacher_checks}, rubrics {self.teacher_rubrics}, "
                f"dropped {self.teacher_dropped}, unusable replies {self.teacher_invalid}"
            )
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

    def save(self, candidate: Candidate, conn) -> None:
        now = utc_now()
        conn.execute(
            "INSERT INTO intent_candidates (id, fingerprint, intent, status, recurrence, data_json, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET fingerprint=excluded.fingerprint, "
            "intent=excluded.intent, status=excluded.status, recurrence=excluded.recurrence, "
            "data_json=excluded.data_json, updated_at=excluded.updated_at",
            (candidate.id, candidate.fingerprint, candidate.intent, candidate.status, candidate.recurrence,
             json.dumps(candidate.to_dict(), ensure_ascii=False), now, now),
        )


def _context(session: Session, index: int) -> str:
    intent = session.intents[index]
    lines = []
    if session.cwd:
        lines.append(f"Project: {os.path.basename(session.cwd.rstrip('/')) or session.cwd} ({session.cwd})")
    lines.append(f"Agent: {session.agent}")
    if intent.skills:
        lines.append(f"Skill used: {', '.join(intent.skills)}")
    if index > 0:
        earlier = session.intents[index - 1].text
        lines.append(f"Asked just before, in the same session: {earlier[:300]}")
    return "\n".join(lines)


def _intent_rules(intent: Intent) -> list[dict]:
    rules = [r.to_dict() for r in extract_rules(intent.text)]
    for verdict in intent.feedback:
        rules += [r.to_dict() for r in verdict.rules]
    return rules


class HeuristicMiner:
    def __init__(self, store: Store):
        self.store = store
        self.sessions = SessionRepo(store)
        self.candidates = CandidateRepo(store)
        self.tasks = TaskRepo(store)

    def run(self, sessions: list[Session] | None = None, report: MiningReport | None = None,
            on_progress: ProgressSink | None = None) -> MiningReport:
        report = report or MiningReport()
        sessions = self.sessions.unmined() if sessions is None else sessions
        say = on_progress or (lambda event: None)
        say(ProgressEvent("mining", 0, len(sessions)))
        pool = {c.id: c for c in self.candidates.all()}
        by_fingerprint = {c.fingerprint: c.id for c in pool.values()}
        token_sets = {c.id: tokens(c.intent) for c in pool.values()}
        touched: dict[str, Candidate] = {}
        for done, session in enumerate(sessions, 1):
            say(ProgressEvent("mining", done, len(sessions)))
            report.sessions += 1
            if session.excluded:
                report.excluded[session.excluded] += 1
                continue
            for index, intent in enumerate(session.intents):
                report.intents += 1
                if is_trivial(intent.text):
                    report.trivial += 1
                    continue
                candidate = self._place(intent, pool, by_fingerprint, token_sets, report)
                self._add_source(candidate, session, index)
                touched[candidate.id] = candidate
        for candidate in touched.values():
            self._judge(candidate)
        self._write(list(touched.values()), [s.id for s in sessions], report)
        return report

    def _place(self, intent: Intent, pool, by_fingerprint, token_sets, report: MiningReport) -> Candidate:
        fingerprint = intent_fingerprint(intent.text)
        found = by_fingerprint.get(fingerprint)
        if found is None:
            mine = tokens(intent.text)
            best, score = None, 0.0
            for cid, theirs in token_sets.items():
                similarity = jaccard(mine, theirs)
                if similarity > score:
                    best, score = cid, similarity
            if best is not None and score >= MERGE_JACCARD:
                found = best
        if found is not None:
            report.merged += 1
            return pool[found]
        candidate = Candidate(id="real-" + fingerprint[:16], intent=intent.text, fingerprint=fingerprint)
        pool[candidate.id] = candidate
        by_fingerprint[fingerprint] = candidate.id
        token_sets[candidate.id] = tokens(intent.text)
        report.new_candidates += 1
        return candidate

    def _add_source(self, candidate: Candidate, session: Session, index: int) -> None:
        intent = session.intents[index]
        source = {"session": session.id, "intent": index, "agent": session.agent, "at": intent.at}
        if any(s["session"] == session.id and s["intent"] == index for s in candidate.sources):
            # The same session mined again after it grew: refresh what it says, count it once.
            candidate.sources = [s for s in candidate.sources if not (s["session"] == session.id and s["intent"] == index)]
        candidate.sources.append(source)
        candidate.sources = candidate.sources[-MAX_SOURCES:]
        if not candidate.context:
            candidate.context = _context(session, index)
        if intent.skills and not candidate.skill:
            candidate.skill = intent.skills[0]
        if _OUTCOME_RANK[intent.outcome] > _OUTCOME_RANK.get(candidate.outcome, 0):
            candidate.outcome = intent.outcome
        for rule in _intent_rules(intent):
            if rule not in candidate.rules:
                candidate.rules.append(rule)
        if intent.answer and intent.answer not in candidate.answers:
            candidate.answers = (candidate.answers + [intent.answer])[-MAX_SAMPLE_ANSWERS:]
        for tool in intent.tools:
            if tool.name not in candidate.tools_used:
                candidate.tools_used.append(tool.name)

    def _judge(self, candidate: Candidate) -> None:
        checks = candidate.heuristic_checks()
        if candidate.judge_source == "teacher" and candidate.judge:
            # Keep what the teacher wrote; add checks the user has made explicit since.
            judge = Judge.from_dict(candidate.judge)
            if judge.kind == "rule":
                judge.checks += [c for c in checks if all((c.op, c.arg) != (d.op, d.arg) for d in judge.checks)]
                candidate.judge = judge.to_dict()
            return
        if checks:
            candidate.judge = Judge(kind="rule", checks=checks).to_dict()
            candidate.judge_source = "heuristic"
            candidate.status = "checkable"
        elif candidate.status != "dropped":
            candidate.status = "needs_judge"

    def _write(self, candidates: list[Candidate], session_ids: list[str], report: MiningReport) -> None:
        tasks = [c.to_task() for c in candidates if c.status == "checkable" and c.judge]
        problems = {t.task_id: validate_judge(t.judge) for t in tasks}
        for task_id, found in problems.items():
            if found:
                report.errors.append(f"{task_id}: {'; '.join(found)}")
        tasks = [t for t in tasks if not problems[t.task_id]]
        # Tasks first: if this dies before the sessions are marked mined, mining them again
        # re-adds the same sources (deduplicated) and writes the same tasks.
        self.tasks.upsert_many(tasks)
        with self.store.transaction() as conn:
            for candidate in candidates:
                self.candidates.save(candidate, conn)
            self.sessions.mark_mined(session_ids, conn)
        report.tasks_written += len(tasks)
        report.tasks_with_checks += sum(1 for t in tasks if t.judge.kind == "rule" and t.judge.checks)
        report.needs_judge = int(self.store.query_one("SELECT COUNT(*) FROM intent_candidates WHERE status = 'needs_judge'")[0])


# -- the LLM miner ------------------------------------------------------------------------------

TEACHER_SYSTEM = """You turn a request a user made to a coding agent into a replay task with a checkable outcome.
You see the request, its context, what the user said about the agent's answers, and the answer the user ended with.
Write checks that ANY good answer to this request must pass and that follow from the request itself or from the
user's explicit feedback. Never write a check that only repeats words of the request, and never invent house rules
the user did not state or imply. If no honest check exists, set "checkable" to false.

Rule check ops (JSON "op" and "arg"):
{ops}
Use "rubric" (one short paragraph a grader can apply) only when the outcome is checkable but not by rules.
Reply with JSON only: {{"checkable": bool, "reason": str, "checks": [{{"op": str, "arg": ...}}], "rubric": str}}"""


def teacher_system() -> str:
    return TEACHER_SYSTEM.format(ops="\n".join(f"- {line}" for line in op_summaries()))


def teacher_schema() -> dict:
    return {
        "type": "object",
        "properties": {
            "checkable": {"type": "boolean"},
            "reason": {"type": "string"},
            "checks": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"op": {"type": "string", "enum": list(op_names())}, "arg": {}},
                    "required": ["op"],
                },
            },
            "rubric": {"type": "string"},
        },
        "required": ["checkable", "checks"],
    }


def teacher_request(candidate: Candidate, max_tokens: int = 600) -> CompletionRequest:
    feedback = [Rule.from_dict(r).text for r in candidate.rules] or ["(none)"]
    known = [describe_check(c) for c in candidate.heuristic_checks()] or ["(none)"]
    parts = [
        f"Request: {candidate.intent}",
        f"Context:\n{candidate.context}",
        f"Seen in {candidate.recurrence} session(s); outcome: {candidate.outcome}",
        "User's explicit instructions and corrections: " + "; ".join(feedback),
        "Checks already derived from them: " + "; ".join(known),
        "Tools the agent used: " + (", ".join(candidate.tools_used) or "(none)"),
    ]
    for number, answer in enumerate(candidate.answers[-MAX_SAMPLE_ANSWERS:], 1):
        parts.append(f"Final answer {number} (what the user accepted or last saw):\n{answer[:1500]}")
    return CompletionRequest(
        system=teacher_system(),
        messages=[Message(role="user", content="\n\n".join(parts))],
        max_tokens=max_tokens,
        temperature=0.0,
        json_schema=teacher_schema(),
    )


def judge_from_reply(text: str) -> tuple[Judge | None, str]:
    """(judge, why) from the teacher's reply; judge is None when it is not checkable.
    Invalid checks are dropped one by one rather than failing the whole reply."""
    try:
        data = parse_json_reply(text)
    except ValueError as exc:
        raise ValueError(f"unparseable reply: {exc}") from None
    if isinstance(data, list):
        data = {"checkable": bool(data), "checks": data}
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    reason = str(data.get("reason") or "")
    if data.get("checkable") is False:
        return None, reason or "the teacher found nothing checkable"
    checks = []
    for raw in data.get("checks") or []:
        if not isinstance(raw, dict) or "op" not in raw:
            continue
        arg = raw.get("arg")
        if raw.get("op") in ("max_chars", "min_chars") and isinstance(arg, str) and arg.strip().isdigit():
            arg = int(arg)
        check = Check(op=str(raw["op"]), arg=arg)
        if not validate_judge(Judge(kind="rule", checks=[check])) and not carries_secret(check):
            checks.append(check)
    if checks:
        return Judge(kind="rule", checks=checks), reason
    rubric = str(data.get("rubric") or "").strip()
    if rubric and not looks_like_secret(rubric):
        return Judge(kind="rubric", rubric=rubric), reason
    return None, reason or "the reply held no usable check or rubric"


class LLMMiner:
    def __init__(self, store: Store, recorder: CallRecorder, teacher: Backend, *, min_recurrence: int = 2):
        self.store = store
        self.recorder = recorder
        self.teacher = teacher
        self.min_recurrence = max(1, min_recurrence)
        self.candidates = CandidateRepo(store)
        self.tasks = TaskRepo(store)

    def due(self) -> list[Candidate]:
        """Recurring candidates the teacher has not seen at their current recurrence (more
        sessions are more evidence, so a candidate it dropped is asked again when it recurs)."""
        return [
            c for c in self.candidates.all()
            if c.recurrence >= self.min_recurrence and c.teacher_recurrence < c.recurrence
        ]

    def run(self, report: MiningReport | None = None, on_progress: ProgressSink | None = None) -> MiningReport:
        report = report or MiningReport()
        due = self.due()
        say = on_progress or (lambda event: None)
        say(ProgressEvent("judging", 0, len(due), cost_usd=self.recorder.stats.cost_usd))
        for done, candidate in enumerate(due, 1):
            try:
                outcome = self._ask(candidate, report)
            except BudgetExceeded as exc:
                report.errors.append(f"stopped: {exc}")
                break
            if outcome is not None:
                self._apply(candidate, *outcome, report)
            say(ProgressEvent("judging", done, len(due), cost_usd=self.recorder.stats.cost_usd))
        report.needs_judge = int(self.store.query_one("SELECT COUNT(*) FROM intent_candidates WHERE status = 'needs_judge'")[0])
        return report

    def _ask(self, candidate: Candidate, report: MiningReport) -> tuple[Judge | None, str] | None:
        """The teacher's verdict, with one retry that shows it why its reply was unusable."""
        request = teacher_request(candidate)
        for _ in range(MAX_TEACHER_TRIES):
            try:
                completion = self.recorder.complete("miner", self.teacher, request, sample=candidate.teacher_attempts)
            except (BackendError, SkilloptError) as exc:
                if isinstance(exc, (BudgetExceeded, StoreError)):
                    raise  # a cap, or a store that cannot keep the record: asking more would not help
                report.errors.append(f"{candidate.id}: teacher call failed: {exc}")
                return None
            report.teacher_asked += 1
            try:
                return judge_from_reply(completion.text)
            except ValueError as exc:
                report.teacher_invalid += 1
                report.errors.append(f"{candidate.id}: {exc}")
                candidate.teacher_attempts += 1
                request = CompletionRequest(
                    system=request.system,
                    messages=request.messages + [
                        Message(role="assistant", content=completion.text),
                        Message(role="user", content=f"That reply could not be used ({exc}). Reply with the JSON object only."),
                    ],
                    max_tokens=request.max_tokens, temperature=request.temperature, json_schema=request.json_schema,
                )
        with self.store.transaction() as conn:
            self.candidates.save(candidate, conn)  # remember the attempts: the next run samples anew
        return None

    def _apply(self, candidate: Candidate, judge: Judge | None, reason: str, report: MiningReport) -> None:
        candidate.teacher_recurrence = candidate.recurrence
        heuristic = candidate.heuristic_checks()
        if judge is not None and judge.kind == "rule":
            judge.checks = heuristic + [c for c in judge.checks if all((c.op, c.arg) != (h.op, h.arg) for h in heuristic)]
            report.teacher_checks += 1
        elif judge is not None:
            report.teacher_rubrics += 1
            if heuristic:  # explicit rules beat a rubric: they need no grader
                judge = Judge(kind="rule", checks=heuristic)
        source = "teacher"
        if judge is None and heuristic:  # the teacher found nothing more; the user's own rules stand
            judge, source = Judge(kind="rule", checks=heuristic), "heuristic"
            candidate.note = reason
        if judge is None:
            report.teacher_dropped += 1
            candidate.status, candidate.note, candidate.judge = "dropped", reason, None
            with self.store.transaction() as conn:
                self.candidates.save(candidate, conn)
            self.tasks.delete(candidate.id)
            return
        candidate.judge, candidate.judge_source, candidate.status = judge.to_dict(), source, "checkable"
        task = candidate.to_task()
        # Task first: a crash before the candidate is saved only means asking again (from the cache).
        self.tasks.upsert(task)
        with self.store.transaction() as conn:
            self.candidates.save(candidate, conn)
        report.tasks_written += 1
        if task.judge.kind == "rule":
            report.tasks_with_checks += 1

