"""Plain records that flow between the stages of a night. No I/O here."""

from __future__ import annotations

import hashlib
import json
from copy import deepcopy
from dataclasses import asdict, dataclass, field
from typing import Any

from skillopt_sleep.episode import Episode, RepoSpec

SPLITS = ("train", "val", "test")
ORIGINS = ("real", "synthetic", "recalled", "benchmark")
JUDGE_KINDS = ("rule", "exact", "rubric", "qrels", "repo")
# Where an edit's evidence comes from: the tasks' checks, the user's own words, the teacher's
# reading of the rollouts, or (never proposed without review) what a tool returned.
EVIDENCE_KINDS = ("checks", "user", "teacher", "tool_output")


def _copied(value: Any) -> Any:
    """What `asdict` makes of a field's value: containers copied all the way down, records as dicts."""
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return asdict(value) if hasattr(value, "__dataclass_fields__") else deepcopy(value)


@dataclass
class Check:
    """One rule check, e.g. {"op": "regex", "arg": "[Cc]onfidence\\s*[:=]"}."""

    op: str
    arg: Any = None

    def to_dict(self) -> dict:
        return {"op": self.op, "arg": self.arg}

    def name(self) -> str:
        """How reports, refusals and an edit's `check` name it: "max_chars 1200"."""
        return f"{self.op} {self.arg!r}"


@dataclass
class Judge:
    """How a task's answer is scored.

    kind "rule": all `checks` must pass for a hard pass; soft = fraction passed.
    kind "exact": `answers` lists acceptable answers, compared after normalisation.
    kind "rubric": the teacher model grades against `rubric`.
    kind "qrels": the answer must come from a `search` call whose top-k has an expected slug.
    kind "repo": a coding episode in a copy of `Task.repo`, judged by the repository's own
    verification run after the episode, plus `checks` over the trajectory, the diff and the text.
    """

    kind: str = "rule"
    checks: list[Check] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    rubric: str = ""
    expected_slugs: list[str] = field(default_factory=list)
    k: int = 5

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        if self.checks:
            out["checks"] = [c.to_dict() for c in self.checks]
        if self.answers:
            out["answers"] = list(self.answers)
        if self.rubric:
            out["rubric"] = self.rubric
        if self.expected_slugs:
            out["expected_slugs"] = list(self.expected_slugs)
            out["k"] = self.k
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Judge":
        if not isinstance(data, dict):
            raise ValueError(f"judge must be an object, got {type(data).__name__}")
        kind = data.get("kind", "rule")
        if kind not in JUDGE_KINDS:
            raise ValueError(f"unknown judge kind {kind!r} (expected one of {', '.join(JUDGE_KINDS)})")
        checks = []
        for raw in data.get("checks", []) or []:
            if not isinstance(raw, dict) or "op" not in raw:
                raise ValueError(f"a check must be an object with 'op', got {raw!r}")
            checks.append(Check(op=str(raw["op"]), arg=raw.get("arg")))
        answers = data.get("answers", []) or []
        if isinstance(answers, str):
            answers = [answers]
        return cls(
            kind=kind,
            checks=checks,
            answers=[str(a) for a in answers],
            rubric=str(data.get("rubric", "") or ""),
            expected_slugs=[str(s) for s in data.get("expected_slugs", []) or []],
            k=int(data.get("k", 5)),
        )


@dataclass
class Task:
    """A replayable unit of work with a checkable outcome."""

    task_id: str
    intent: str
    judge: Judge
    context: str = ""
    skill: str = ""  # the skill name this task exercises ("" = any)
    outcome: str = "unknown"  # success | failure | corrected | unknown, as seen in the source session
    split: str = ""  # "" = assign deterministically at night time
    origin: str = "real"
    source_sessions: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)  # tool names the replay may offer (e.g. "search")
    reviewed: bool = False
    meta: dict = field(default_factory=dict)
    repo: RepoSpec | None = None  # set for a repo task: the repository and commit an episode starts from

    def to_dict(self) -> dict:
        # Field by field, not `asdict`: it would convert the judge twice and walk every source in
        # `meta` through deepcopy, a third of the cost of writing a mined task.
        out = {name: self.judge.to_dict() if name == "judge" else _copied(getattr(self, name))
               for name in self.__dataclass_fields__}
        if self.repo is None:
            out.pop("repo")
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Task":
        if not isinstance(data, dict):
            raise ValueError("a task must be a JSON object")
        task_id = data.get("task_id") or data.get("id")
        intent = data.get("intent") or data.get("task")
        if not task_id:
            raise ValueError("a task needs 'task_id'")
        if not intent:
            raise ValueError(f"task {task_id}: needs 'intent' (or 'task')")
        origin = data.get("origin", "real")
        if origin not in ORIGINS:
            raise ValueError(f"task {task_id}: unknown origin {origin!r}")
        split = data.get("split", "") or ""
        if split and split not in SPLITS:
            raise ValueError(f"task {task_id}: unknown split {split!r}")
        try:
            judge = Judge.from_dict(data.get("judge", {"kind": "rule"}))
            repo = RepoSpec.from_dict(data["repo"]) if data.get("repo") else None
        except ValueError as exc:
            raise ValueError(f"task {task_id}: {exc}") from None
        if judge.kind == "repo" and repo is None:
            raise ValueError(f"task {task_id}: a repo judge needs 'repo' (the repository and commit)")
        return cls(
            task_id=str(task_id),
            intent=str(intent),
            judge=judge,
            context=str(data.get("context", "") or ""),
            skill=str(data.get("skill", "") or ""),
            outcome=str(data.get("outcome", "unknown") or "unknown"),
            split=split,
            origin=origin,
            source_sessions=[str(s) for s in data.get("source_sessions", []) or []],
            tools=[str(t) for t in data.get("tools", []) or []],
            reviewed=bool(data.get("reviewed", False)),
            meta=dict(data.get("meta", {}) or {}),
            repo=repo,
        )


@dataclass
class CheckResult:
    op: str
    arg: Any
    passed: bool
    detail: str = ""
    evidence: str = ""  # the part of the answer that satisfied the check, when it passed


@dataclass
class Score:
    """A judged answer. `error` is set when a check could not be evaluated."""

    hard: float
    soft: float
    checks: list[CheckResult] = field(default_factory=list)
    error: str = ""
    rationale: str = ""

    @property
    def failed(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]


@dataclass
class ToolCallRecord:
    """A tool call the student made during a replay, with what the tool returned."""

    name: str
    arguments: dict
    result: str = ""
    error: str = ""


@dataclass
class Rollout:
    """One replay of one task under one skill text."""

    task_id: str
    sample: int
    answer: str
    score: Score
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    skill_hash: str = ""
    error: str = ""
    episode: Episode | None = None  # a repo task's episode: its steps, and the change it left


@dataclass
class Edit:
    """A bounded change to the skill document.

    op "add": insert `text` after the line containing `anchor` (or at the end of the managed
    region when anchor is empty). op "replace": replace the exact `anchor` text with `text`.
    op "delete": remove the exact `anchor` text. op "lead": move the managed region before the
    user's text (`anchor` holds the rules it moved, so a rejection is remembered for those rules).
    """

    op: str
    text: str = ""
    anchor: str = ""
    rationale: str = ""
    source: str = "teacher"  # teacher | checks
    target: str = "skill"  # skill | memory
    support: int = 1  # how many reflections proposed it (aggregation evidence)
    evidence: list[str] = field(default_factory=list)  # task ids the edit came from
    evidence_kind: str = ""  # one of EVIDENCE_KINDS; "" means the one its source implies
    check: str = ""  # the rule check this edit states ("max_chars 1200"), when it came from one

    def __post_init__(self) -> None:
        if self.evidence_kind not in EVIDENCE_KINDS:
            self.evidence_kind = self.source if self.source in EVIDENCE_KINDS else "teacher"

    def key(self) -> str:
        """Identity for deduplication and the rejected-edit buffer."""
        norm = " ".join(f"{self.target}|{self.op}|{self.anchor}|{self.text}".lower().split())
        return hashlib.sha256(norm.encode()).hexdigest()[:16]

    def summary(self) -> str:
        """The edit as the ledger and the reports name it: an added rule by its text, a delete or a
        replace by the text of the skill it takes out (and what it puts there)."""
        if self.op == "delete":
            return f"delete: {self.anchor}"
        if self.op == "replace":
            return f"replace: {self.anchor} -> {self.text}"
        if self.op == "lead":
            return "lead: the learned rules before the skill's own text"
        return self.text or self.anchor

    def shown(self) -> str:
        """What a round's list shows after the op: the text added, or the text acted on; a move
        of the rules names itself rather than repeating every rule."""
        return self.summary().removeprefix("lead: ") if self.op == "lead" else self.text or self.anchor

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Edit":
        return cls(
            op=str(data.get("op", "")),
            text=str(data.get("text", "") or ""),
            anchor=str(data.get("anchor", "") or ""),
            rationale=str(data.get("rationale", "") or ""),
            source=str(data.get("source", "teacher") or "teacher"),
            target=str(data.get("target", "skill") or "skill"),
            support=int(data.get("support", 1) or 1),
            evidence=[str(e) for e in data.get("evidence", []) or []],
            evidence_kind=str(data.get("evidence_kind", "") or ""),
            check=str(data.get("check", "") or ""),
        )


@dataclass
class EditOutcome:
    """What happened when one edit was applied."""

    edit: Edit
    landed: bool
    reason: str = ""


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stable_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
