"""The LLM miner: for each recurring candidate the heuristic miner could not make checkable, ask
the teacher for rule checks or a rubric that a good answer must satisfy, validate them with
`judges.validate_judge`, and drop the candidates it cannot make checkable.
"""

from __future__ import annotations

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.jsonrepair import parse_json_reply
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.capture.redact import looks_like_secret
from skillopt_sleep.errors import BackendError, BudgetExceeded, SkilloptError, StoreError
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.records import Check, Judge
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import MAX_SAMPLE_ANSWERS, Candidate, CandidateRepo, MiningReport
from skillopt_sleep.tasks.checks import carries_secret, op_names, op_summaries
from skillopt_sleep.tasks.judges import describe_check, validate_judge
from skillopt_sleep.tasks.taskstore import TaskRepo

MAX_TEACHER_TRIES = 2

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
        report.needs_judge = self.candidates.count("needs_judge")
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
        self.candidates.save(candidate)  # remember the attempts: the next run samples anew
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
            self.candidates.save(candidate)
            self.tasks.delete(candidate.id)
            return
        candidate.judge, candidate.judge_source, candidate.status = judge.to_dict(), source, "checkable"
        task = candidate.to_task()
        # Task first: a crash before the candidate is saved only means asking again (from the cache).
        self.tasks.upsert(task)
        self.candidates.save(candidate)
        report.tasks_written += 1
        if task.judge.kind == "rule":
            report.tasks_with_checks += 1
