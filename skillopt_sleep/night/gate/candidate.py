"""Judge one candidate document on the held-out tasks: replay it, gate it (strict or paired),
look again with more samples while the paired gate is undecided, and, when it passes, let each
of its edits earn its place. A replay the backend could not produce makes the comparison
"unverified: errors", never a rejection."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Callable

from skillopt_sleep.night.gate import verdict as gatelib
from skillopt_sleep.night.gate.attribution import EPSILON, Attribution, attribute
from skillopt_sleep.night.replay.samples import SplitScore
from skillopt_sleep.night.sequencing.settings import GateSettings
from skillopt_sleep.records import Edit

UNVERIFIED_ERRORS = "unverified: errors"

# (edits, samples=None, stage="gate") -> the held-out score of the current document plus `edits`,
# over `samples` samples per task (None: the night's rollouts); [] scores the current document.
ReplayWith = Callable[..., SplitScore]


@dataclass
class CandidateResult:
    verdict: gatelib.GateVerdict
    applied: bool
    score: SplitScore
    edits: list[Edit]  # the edits that stay in the document when applied
    attribution: Attribution | None = None
    errors: int = 0
    gate_record: dict = field(default_factory=dict)
    spent: float = 0.0  # false-accept budget used on these edits, earlier nights' looks and tonight's
    look: Look | None = None  # the gate's last look: its samples and the current document's score there
    carried: float = 0.0  # what earlier nights' looks at these edits spent (part of `spent`)
    settings: GateSettings | None = None  # the gate as this candidate met it (its share of the night's budget)

    @property
    def used_tonight(self) -> float:
        """The night's budget that tonight's looks used: each one's attained size, the last one's
        too whatever it decided (night/gate/budget.py)."""
        if self.look is None:
            return 0.0
        return max(0.0, self.look.spent - self.carried) + self.look.verdict.size

    @property
    def undecided(self) -> bool:
        """A gain the last look still could not tell from noise: not evidence against the text."""
        return not self.applied and self.verdict.undecided

    @property
    def rejected(self) -> bool:
        """The gate really compared the text and kept it out: a loss, a tie, or an undecided gain
        (an outage is "unverified", never this)."""
        return not self.applied and self.verdict.decision == gatelib.REJECT


def gate(current: SplitScore, candidate: SplitScore, settings: GateSettings, spent: float = 0.0) -> gatelib.GateVerdict:
    if current.replay_errors or candidate.replay_errors:
        errors = current.replay_errors + candidate.replay_errors
        return gatelib.GateVerdict(gatelib.UNVERIFIED, f"{UNVERIFIED_ERRORS}: {errors} held-out replay(s) failed; "
                                   "the comparison says nothing about the text", current.score, candidate.score,
                                   arithmetic=f"{errors} failed replay(s): not judged")
    if settings.mode == "paired":
        return gatelib.judge_paired(current.per_rollout, candidate.per_rollout, confidence=settings.confidence,
                                    spent=spent, min_tasks=settings.min_tasks, no_regression=settings.no_regression)
    return gatelib.judge_candidate(current.per_task, candidate.per_task, min_tasks=settings.min_tasks,
                                   no_regression=settings.no_regression)


@dataclass
class Look:
    current: SplitScore
    candidate: SplitScore
    verdict: gatelib.GateVerdict
    samples: int | None = None  # samples per task after the extra looks (None: the night's rollouts)
    looks: int = 1
    spent: float = 0.0  # false-accept budget the earlier looks used

    @property
    def spent_through(self) -> float:
        """The budget used by the earlier looks and this one (an undecided look spends its size)."""
        return self.spent + (self.verdict.size if self.verdict.undecided else 0.0)


def look_until_decided(landed: list[Edit], look: Look, replay_with: ReplayWith, settings: GateSettings) -> Look:
    """While the paired gate calls a gain undecided and extra samples remain: one more sample of
    each held-out task under both documents (the same sampling seeds), then the test over all
    pairs at the level the earlier looks left unspent."""
    first = max((len(v) for v in look.candidate.per_rollout.values()), default=0)
    for extra in range(1, settings.extra_samples + 1):
        if not (settings.enabled and settings.mode == "paired" and look.verdict.undecided):
            break
        spent = look.spent_through
        samples = first + extra
        current, candidate = replay_with([], samples=samples), replay_with(landed, samples=samples)
        verdict = gate(current, candidate, settings, spent)
        verdict.arithmetic += (f" (look {look.looks + 1}, {samples} samples per task: the earlier looks could not tell "
                               f"the gain from noise and spent {spent:.3f} of the false-accept budget)")
        look = Look(current, candidate, verdict, samples, look.looks + 1, spent)
    return look


def judge(current: SplitScore, landed: list[Edit], replay_with: ReplayWith, settings: GateSettings,
          spent: float = 0.0) -> CandidateResult:
    """`spent`: the false-accept budget earlier nights' looks at these edits used (night/gate/undecided.py)."""
    first = replay_with(landed)
    verdict = gate(current, first, settings, spent)
    if spent:
        verdict.arithmetic += f" (earlier nights' looks at these edits spent {spent:.3f} of the false-accept budget)"
    look = look_until_decided(landed, Look(current, first, verdict, spent=spent), replay_with, settings)
    current, score, verdict = look.current, look.candidate, look.verdict
    applied = verdict.accepted or (not settings.enabled and verdict.decision != gatelib.UNVERIFIED)
    result = CandidateResult(verdict, applied, score, list(landed), errors=score.replay_errors,
                             spent=look.spent_through, look=look, carried=spent, settings=settings)
    result.gate_record = {**asdict(verdict), "mode": settings.mode, "gate_enabled": settings.enabled, "applied": applied,
                          "errors": score.replay_errors, "looks": look.looks, "spent": result.spent}
    if not (settings.enabled and verdict.accepted and settings.attribution):
        return result
    scores: dict[tuple, SplitScore] = {}

    def evaluate(edits: list[Edit]) -> float:
        key = tuple(e.key() for e in edits)
        scores[key] = replay_with(edits, samples=look.samples, stage="attribution")
        return scores[key].score

    found = attribute(landed, score.score, current.score, evaluate)
    result.attribution = found
    if found.dropped:
        final = scores.get(tuple(e.key() for e in found.kept))
        if final is not None and not final.replay_errors and gate(current, final, settings, look.spent).accepted:
            result.edits, result.score = found.kept, final
        else:
            found.dropped = []  # the smaller document does not pass on its own: keep the bundle
            result.gate_record["attribution_note"] = "the kept edits alone did not pass the gate; the bundle stays"
    result.gate_record["effects"] = found.effects
    result.gate_record["dropped"] = [{"edit": e.to_dict(), "why": why} for e, why in found.dropped]
    return result


def offer(result: CandidateResult, edit: Edit, replay_with: ReplayWith) -> tuple[bool, float | None, str]:
    """After the gate accepted a candidate, one more edit, added last: the document with it is
    replayed on the samples of the gate's last look and kept when it scores higher than without
    it and still passes, against the current document, the gate the candidate met. For an edit
    that could sink a round if it rode in the candidate (a move of the rules sways the student
    either way), so it is measured where the round's rules have already earned their place.
    (kept, effect, why)."""
    look = result.look
    with_edit = replay_with(result.edits + [edit], samples=look.samples, stage="attribution")
    if with_edit.replay_errors:
        return False, None, f"{with_edit.replay_errors} replay(s) with it failed: not judged"
    effect = round(with_edit.score - result.score.score, 4)
    if effect <= EPSILON:
        return False, effect, f"with it {with_edit.score:.3f} vs {result.score.score:.3f} without: no measured gain"
    if not gate(look.current, with_edit, result.settings, look.spent).accepted:
        return False, effect, "the document with it does not pass the gate against the current one"
    result.edits, result.score = result.edits + [edit], with_edit
    return True, effect, ""
