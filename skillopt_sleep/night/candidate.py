"""Judge one candidate document on the held-out tasks: replay it, gate it (strict or paired),
and, when it passes, let each of its edits earn its place. A replay the backend could not
produce makes the comparison "unverified: errors", never a rejection."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Callable

from skillopt_sleep.night import gate as gatelib
from skillopt_sleep.night.attribution import Attribution, attribute
from skillopt_sleep.night.replay import SplitScore
from skillopt_sleep.night.settings import GateSettings
from skillopt_sleep.records import Edit

UNVERIFIED_ERRORS = "unverified: errors"


@dataclass
class CandidateResult:
    verdict: gatelib.GateVerdict
    applied: bool
    score: SplitScore
    edits: list[Edit]  # the edits that stay in the document when applied
    attribution: Attribution | None = None
    errors: int = 0
    gate_record: dict = field(default_factory=dict)

    @property
    def remember_rejected(self) -> bool:
        """Only a real comparison that went against the text is evidence about it."""
        return not self.applied and self.verdict.decision == gatelib.REJECT


def gate(current: SplitScore, candidate: SplitScore, settings: GateSettings) -> gatelib.GateVerdict:
    if current.replay_errors or candidate.replay_errors:
        errors = current.replay_errors + candidate.replay_errors
        return gatelib.GateVerdict(gatelib.UNVERIFIED, f"{UNVERIFIED_ERRORS}: {errors} held-out replay(s) failed; "
                                   "the comparison says nothing about the text", current.score, candidate.score,
                                   arithmetic=f"{errors} failed replay(s): not judged")
    if settings.mode == "paired":
        return gatelib.judge_paired(current.per_rollout, candidate.per_rollout, confidence=settings.confidence,
                                    min_tasks=settings.min_tasks, no_regression=settings.no_regression)
    return gatelib.judge_candidate(current.per_task, candidate.per_task, min_tasks=settings.min_tasks,
                                   no_regression=settings.no_regression)


def judge(current: SplitScore, landed: list[Edit], replay_with: Callable[[list[Edit]], SplitScore],
          settings: GateSettings) -> CandidateResult:
    """`replay_with(edits)` replays the held-out tasks under the current document plus `edits`."""
    score = replay_with(landed)
    verdict = gate(current, score, settings)
    applied = verdict.accepted or (not settings.enabled and verdict.decision != gatelib.UNVERIFIED)
    result = CandidateResult(verdict, applied, score, list(landed), errors=score.replay_errors)
    result.gate_record = {**asdict(verdict), "mode": settings.mode, "gate_enabled": settings.enabled, "applied": applied,
                          "errors": score.replay_errors}
    if not (settings.enabled and verdict.accepted and settings.attribution):
        return result
    scores: dict[tuple, SplitScore] = {}

    def evaluate(edits: list[Edit]) -> float:
        key = tuple(e.key() for e in edits)
        scores[key] = replay_with(edits)
        return scores[key].score

    found = attribute(landed, score.score, current.score, evaluate)
    result.attribution = found
    if found.dropped:
        final = scores.get(tuple(e.key() for e in found.kept))
        if final is not None and not final.replay_errors and gate(current, final, settings).accepted:
            result.edits, result.score = found.kept, final
        else:
            found.dropped = []  # the smaller document does not pass on its own: keep the bundle
            result.gate_record["attribution_note"] = "the kept edits alone did not pass the gate; the bundle stays"
    result.gate_record["effects"] = found.effects
    result.gate_record["dropped"] = [{"edit": e.to_dict(), "why": why} for e, why in found.dropped]
    return result
