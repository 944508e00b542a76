"""Reflection: turn the night's train rollouts into candidate edits, then rank and cut them to
the edit budget.

Two proposers feed the same ranked pool, and the gate judges whatever is chosen:
- the teacher model reads failing (and some passing) rollouts with the exact checks that failed,
  plus the edits rejected on earlier nights, and answers in a JSON schema;
- `rules.edits_from_checks` states each recurring failing rule check as a plain instruction. It
  needs no model and knows nothing of any benchmark: it reads the task's own judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.jsonrepair import parse_json_reply
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Check, Edit, Rollout, Task
from skillopt_sleep.tasks.judges import describe_check

ANSWER_EXCERPT = 700
CUT_MARK = " [... {} more chars]"  # where an answer shown to the teacher was cut (lint.copies_an_answer)


def edit_schema(max_edits: int, targets: list[str]) -> dict:
    return {
        "type": "object",
        "properties": {
            "diagnosis": {"type": "string"},
            "edits": {
                "type": "array",
                "maxItems": max_edits,
                "items": {
                    "type": "object",
                    "properties": {
                        "op": {"type": "string", "enum": ["add", "replace", "delete"]},
                        "target": {"type": "string", "enum": targets},
                        "anchor": {"type": "string"},
                        "text": {"type": "string"},
                        "rationale": {"type": "string"},
                    },
                    "required": ["op", "text", "rationale"],
                },
            },
        },
        "required": ["diagnosis", "edits"],
    }


REFLECT_SYSTEM = """You improve the instruction document ("skill") that an AI assistant follows.
You are shown the skill, tasks the assistant answered while following it, and for each task the
exact checks its answer failed or passed. Find what the skill is missing or gets wrong, then
propose at most {budget} edits that would make the assistant pass such tasks in general.

How to write edits:
- op "add": a new rule, written as one or two short imperative sentences stating the required
  behaviour or format itself (the headings, fields, length, tools the checks look for). Leave
  anchor empty to append it.
- op "replace": anchor = an exact sentence copied from the skill that causes failures; text = its
  corrected version. op "delete": anchor = the exact sentence to remove.
- Rules must be general: never mention the topic of one task.
- Do not propose anything listed under "Rejected before".
Answer with JSON only."""


@dataclass
class Reflection:
    edits: list[Edit]
    diagnosis: str = ""
    raw: str = ""
    error: str = ""


@dataclass
class Evidence:
    """What reflection sees about one task: its rollouts and the checks they failed."""

    task: Task
    rollouts: list[Rollout] = field(default_factory=list)

    @property
    def failing(self) -> list[Rollout]:
        return [r for r in self.rollouts if r.score.hard < 1.0]


def gather_evidence(tasks: list[Task], rollouts: list[Rollout]) -> list[Evidence]:
    by_id = {t.task_id: Evidence(t) for t in tasks}
    for rollout in rollouts:
        if rollout.task_id in by_id:
            by_id[rollout.task_id].rollouts.append(rollout)
    return list(by_id.values())


def _describe(check_op: str, check_arg) -> str:
    return describe_check(Check(op=check_op, arg=check_arg))


def _rollout_block(ev: Evidence, rollout: Rollout) -> str:
    answer = rollout.answer.strip()
    shown = answer[:ANSWER_EXCERPT] + (CUT_MARK.format(len(answer) - ANSWER_EXCERPT) if len(answer) > ANSWER_EXCERPT else "")
    lines = [f"Task {ev.task.task_id}: {ev.task.intent}", f"Answer ({len(answer)} chars): {shown or '(empty)'}"]
    if rollout.tool_calls:
        lines.append("Tools called: " + ", ".join(c.name for c in rollout.tool_calls))
    for result in rollout.score.checks:
        verdict = "PASSED" if result.passed else "FAILED"
        lines.append(f"  {verdict}: {_describe(result.op, result.arg)}")
    if rollout.score.rationale:
        lines.append(f"  Grader: {rollout.score.rationale}")
    return "\n".join(lines)


def reflection_prompt(skill_text: str, evidence: list[Evidence], rejected: list[Edit], *, batch: int, memory_text: str = "") -> str:
    failing = [(ev, r) for ev in evidence for r in ev.failing]
    passing = [(ev, r) for ev in evidence for r in ev.rollouts if r.score.hard >= 1.0]
    parts = ["## Skill", skill_text.strip()]
    if memory_text.strip():
        parts += ["## Memory (target 'memory')", memory_text.strip()]
    parts.append("## Failed answers")
    parts += [_rollout_block(ev, r) for ev, r in failing[:batch]] or ["(none)"]
    if passing:
        parts.append("## Passed answers (keep what made these work)")
        parts += [_rollout_block(ev, r) for ev, r in passing[: max(1, batch // 2)]]
    # A rejected move of the rules is no word about the rules themselves (its anchor is their text).
    shown = [e for e in rejected if e.op != "lead"]
    if shown:
        parts.append("## Rejected before (these did not help on held-out tasks)")
        parts += [f"- {e.op}: {e.text or e.anchor}" for e in shown[:10]]
    return "\n\n".join(parts)


@dataclass(frozen=True)
class ReflectAsk:
    """How the teacher is asked: the edit budget, the failures shown at most, and its sampling."""

    budget: int
    batch: int
    seed: int
    temperature: float
    max_tokens: int


def reflect_with_teacher(teacher: Backend, recorder: CallRecorder, skill_text: str, evidence: list[Evidence],
                         rejected: list[Edit], ask: ReflectAsk, *, memory_text: str = "") -> Reflection:
    targets = ["skill", "memory"] if memory_text.strip() else ["skill"]
    prompt = reflection_prompt(skill_text, evidence, rejected, batch=ask.batch, memory_text=memory_text)
    request = CompletionRequest(
        system=REFLECT_SYSTEM.format(budget=ask.budget),
        messages=[Message(role="user", content=prompt)],
        max_tokens=ask.max_tokens,
        temperature=ask.temperature,
        seed=ask.seed,
        json_schema=edit_schema(ask.budget, targets),
    )
    completion = recorder.complete("teacher", teacher, request)
    return parse_reflection(completion.text, evidence, targets)


def parse_reflection(text: str, evidence: list[Evidence], targets: list[str]) -> Reflection:
    try:
        data = parse_json_reply(text)
    except ValueError as exc:
        return Reflection([], raw=text, error=f"unparseable reflection: {exc}")
    if isinstance(data, list):
        data = {"edits": data}
    if not isinstance(data, dict):
        return Reflection([], raw=text, error="reflection is not a JSON object")
    raw_edits = data.get("edits") or []
    if isinstance(raw_edits, dict):
        raw_edits = [raw_edits]
    task_ids = [ev.task.task_id for ev in evidence if ev.failing]
    edits = []
    for raw in raw_edits if isinstance(raw_edits, list) else []:
        if not isinstance(raw, dict):
            continue
        # The teacher names neither its source nor its evidence: a reply cannot claim "checks".
        edit = Edit.from_dict({**raw, "source": "teacher", "evidence_kind": "teacher", "evidence": task_ids})
        edit.op = edit.op.strip().lower()
        if edit.target not in targets:
            edit.target = "skill"
        edits.append(edit)
    return Reflection(edits, diagnosis=str(data.get("diagnosis", "") or ""), raw=text)


def _already_in(edit: Edit, document: str) -> bool:
    return edit.op == "add" and " ".join(edit.text.lower().split()) in " ".join(document.lower().split())


def rank_edits(edits: list[Edit], rejected_keys: set[str], budget: int, document: str = "") -> list[Edit]:
    """Merge duplicates (support adds up), drop previously rejected ones and additions the
    document already holds, keep the best `budget`.
    Order: support, then rules stated from the checks before free-form ones (they are grounded
    in what is measured), then shorter text."""
    merged: dict[str, Edit] = {}
    for edit in edits:
        key = edit.key()
        if key in rejected_keys or _already_in(edit, document):
            continue
        if key in merged:
            merged[key].support += edit.support
            merged[key].evidence = sorted(set(merged[key].evidence) | set(edit.evidence))
        else:
            merged[key] = Edit.from_dict(edit.to_dict())
    ranked = sorted(merged.values(), key=lambda e: (-e.support, e.source != "checks", len(e.text)))
    return ranked[:budget]
