"""A guardrail is gated like any edit, and alone: the held-out repo tasks are replayed under the
night's final text with the guardrail in force and without it, sample by sample. One that blocks
work the user needed (the outcome check fails where it passed without it) is dropped; one that
moves no convention check is not proposed; the rest are proposed with what they did."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from skillopt_sleep.guardrails.forms import Guardrail, claude_deny_rules, codex_rules, finish_checks
from skillopt_sleep.guardrails.replay import Enforcement
from skillopt_sleep.records import Rollout
from skillopt_sleep.tasks.judges.repo import OUTCOME_OP

KEPT = "kept"
BLOCKS_WORK = "dropped: it blocks work the outcome needed"
NO_EFFECT = "dropped: it changed no convention check"
NOT_JUDGED = "dropped: no held-out repo task could judge it"


@dataclass
class GuardrailVerdict:
    guardrail: Guardrail
    check: str  # the convention check it enforces, as the edit names it
    fate: str = NOT_JUDGED
    convention: tuple[int, int, int] = (0, 0, 0)  # (samples, passed without, passed with)
    outcome: tuple[int, int, int] = (0, 0, 0)
    blocked: list[str] = field(default_factory=list)  # task ids whose outcome it broke

    @property
    def kept(self) -> bool:
        return self.fate == KEPT

    def to_dict(self) -> dict:
        g = self.guardrail
        return {"guardrail": g.to_dict(), "check": self.check, "fate": self.fate,
                "convention": list(self.convention), "outcome": list(self.outcome), "blocked": self.blocked,
                "claude_code": {"deny": claude_deny_rules([g]), "finish_checks": finish_checks([g])},
                "codex": codex_rules([g]), "codex_finish_checks": finish_checks([g])}

    def line(self) -> str:
        n, before, after = self.convention
        o, o_before, o_after = self.outcome
        return (f"{self.guardrail.reason()} [{self.check}]: convention {before}/{n} -> {after}/{n}, "
                f"outcome {o_before}/{o} -> {o_after}/{o}; {self.fate}")


def _passed(rollout: Rollout, op: str, arg=None) -> bool | None:
    for check in rollout.score.checks:
        if check.op == op and (arg is None or check.arg == arg):
            return check.passed
    return None


def judge(guardrail: Guardrail, check: str, without: list[Rollout], with_it: list[Rollout]) -> GuardrailVerdict:
    """The verdict on one guardrail from paired replays (same task and sample) without and with it."""
    op, _, _ = check.partition(" ")
    verdict = GuardrailVerdict(guardrail, check)
    base = {(r.task_id, r.sample): r for r in without if not r.error}
    pairs = [(base[(r.task_id, r.sample)], r) for r in with_it if not r.error and (r.task_id, r.sample) in base]
    conventions = [(a, b) for a, b in ((_passed(x, op), _passed(y, op)) for x, y in pairs) if a is not None and b is not None]
    outcomes = [(x.task_id, a, b) for x, y in pairs
                for a, b in [(_passed(x, OUTCOME_OP), _passed(y, OUTCOME_OP))] if a is not None and b is not None]
    verdict.convention = (len(conventions), sum(a for a, _ in conventions), sum(b for _, b in conventions))
    verdict.outcome = (len(outcomes), sum(a for _, a, _ in outcomes), sum(b for _, _, b in outcomes))
    verdict.blocked = sorted({task for task, a, b in outcomes if a and not b})
    if verdict.blocked:
        verdict.fate = BLOCKS_WORK
    elif not conventions:
        verdict.fate = NOT_JUDGED
    elif verdict.convention[2] <= verdict.convention[1]:
        verdict.fate = NO_EFFECT
    else:
        verdict.fate = KEPT
    return verdict


def judge_all(candidates: list[tuple[Guardrail, str]], current: Enforcement,
              replay: Callable[[Enforcement], list[Rollout]]) -> list[GuardrailVerdict]:
    """Each candidate judged alone on top of the guardrails already in force (`current`)."""
    if not candidates:
        return []
    without = replay(current)
    return [judge(g, check, without, replay(Enforcement(current.guardrails + [g], current.agent)))
            for g, check in candidates]
