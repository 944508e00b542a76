"""The rounds of a night: reflect on the train rollouts, lint and rank the proposed edits, apply
them, judge the candidate on the held-out tasks, keep what earns its place, and remember what the
gate really rejected (an undecided gain may come back on a later night)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Callable

from skillopt_sleep.backends.base import Backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.night.gate import candidate as candidates
from skillopt_sleep.night.gate import verdict as gatelib
from skillopt_sleep.night.gate import undecided
from skillopt_sleep.night.gate.budget import NightBudget
from skillopt_sleep.night.propose.conflicts import conflict_edits
from skillopt_sleep.night.propose.edits import apply_edits
from skillopt_sleep.night.propose.illustrate import placeholders
from skillopt_sleep.night.propose.length_contrast import length_from_contrast
from skillopt_sleep.night.propose.lint import lint_edits
from skillopt_sleep.night.propose.placement import lead_edit
from skillopt_sleep.night.propose.reflect import ReflectAsk, gather_evidence, rank_edits, reflect_with_teacher
from skillopt_sleep.night.replay.samples import SplitScore, summarize
from skillopt_sleep.night.propose.rules import edits_from_checks, labelled_checks, user_conventions
from skillopt_sleep.night.sequencing.settings import GateSettings, NightSettings
from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.reject import held_back, rejections
from skillopt_sleep.records import Edit, EditOutcome, Rollout, Task, stable_json
from skillopt_sleep.screen.judge import second_opinion
from skillopt_sleep.screen.policy import screen_edits
from skillopt_sleep.screen.provenance import user_provenance
from skillopt_sleep.store import Store, utc_now

logger = logging.getLogger(__name__)

Replay = Callable[..., list[Rollout]]  # (tasks, skill, memory, stage="replay", samples=None) -> rollouts


@dataclass
class RoundRecord:
    round: int
    proposed: int
    chosen: list[dict]
    outcomes: list[dict]
    gate: dict
    reflection_error: str = ""
    diagnosis: str = ""
    refused: list[dict] = field(default_factory=list)  # {"edit", "why"}: lint or rules said no


@dataclass
class Documents:
    skill: str
    memory: str
    has_memory: bool

    def apply(self, edits: list[Edit], settings: NightSettings) -> tuple["Documents", list[EditOutcome]]:
        skill_edits = [e for e in edits if e.target != "memory" or not self.has_memory]
        memory_edits = [e for e in edits if e.target == "memory" and self.has_memory]
        skill, skill_outcomes = apply_edits(self.skill, skill_edits, settings.limits)
        memory, memory_outcomes = apply_edits(self.memory, memory_edits, settings.limits)
        return Documents(skill, memory, self.has_memory), skill_outcomes + memory_outcomes


def load_rejected(store: Store, skill_path: str, *, before_night: str = "") -> list[Edit]:
    """Edits earlier nights rejected. A resumed night leaves out what it rejected itself before it
    stopped: it runs again from its own record and must meet the same edits the same way."""
    rows = store.query("SELECT edit_json FROM rejected_edits WHERE skill_path = ? AND night_id != ? ORDER BY created_at DESC",
                       (skill_path, before_night))
    return [Edit.from_dict(json.loads(r["edit_json"])) for r in rows]


def remember_rejected(store: Store, skill_path: str, night_id: str, edits: list[Edit], reason: str) -> None:
    for edit in edits:
        store.insert("rejected_edits", {
            "edit_key": edit.key(), "skill_path": skill_path, "night_id": night_id,
            "edit_json": stable_json(edit.to_dict()), "reason": reason, "created_at": utc_now(),
        }, replace=True)


def probation_passed(store: Store, skill_path: str, night_id: str, edit: Edit) -> bool:
    """Has this rule already won on an earlier night of the same skill?"""
    row = store.query_one("SELECT 1 FROM rules WHERE rule_key = ? AND skill_path = ? AND night_id != ? AND "
                          "status IN ('probation', 'proposed', 'adopted')", (edit.key(), skill_path, night_id))
    return row is not None


@dataclass
class RoundsOutcome:
    docs: Documents
    current_val: SplitScore
    best_val: SplitScore
    decisions: list[str] = field(default_factory=list)
    stalled: bool = False
    kept: list[tuple[Edit, float | None]] = field(default_factory=list)  # edits in the final document, with effects

    def keep(self, docs: Documents, score: SplitScore, kept: list[tuple[Edit, float | None]]) -> None:
        """What the gate accepted becomes the current document, with its gate score and effects."""
        self.docs, self.current_val = docs, score
        self.kept += kept
        if score.score > self.best_val.score:
            self.best_val = score


@dataclass
class NightContext:
    """What every round of a night, and the slow update after them, share."""

    settings: NightSettings
    store: Store
    teacher: Backend
    recorder: CallRecorder
    skill_path: str
    night_id: str
    train: list[Task]
    val: list[Task]
    replay: Replay
    seed: int
    notes: list[str]
    records: list[RoundRecord]
    say: Callable[[str], None]
    on_progress: ProgressSink | None = None
    budget: NightBudget | None = None  # the false-accept budget the night's gates share (None: each its own)

    def ledger(self, edit: Edit, status: str, **details) -> None:
        ledger.record(self.store, self.skill_path, self.night_id, edit, status, **details)

    def scorer(self, document: Callable[[list[Edit]], Documents]) -> candidates.ReplayWith:
        """The held-out score of the document `document` makes from a list of edits."""
        def replay_with(edits: list[Edit], samples: int | None = None, stage: str = "gate") -> SplitScore:
            docs = document(edits)
            return summarize(self.replay(self.val, docs.skill, docs.memory, stage, samples), self.settings.gate.metric) \
                if self.val else SplitScore(0.0, 0.0, 0.0)
        return replay_with

    def judge(self, landed: list[Edit], current_val: SplitScore, replay_with: candidates.ReplayWith) -> candidates.CandidateResult:
        """The night's next gate on `landed`, at what the night's budget leaves it; what its looks
        used is taken from the budget."""
        settings = self.budget.next_gate(self.settings.gate) if self.budget else self.settings.gate
        result = candidates.judge(current_val, landed, replay_with, settings,
                                  spent=undecided.spent_before(self.store, self.skill_path, self.night_id, landed))
        if self.budget:
            self.budget.spend(result.used_tonight)
        return result

    def reflected(self, rounds_done: int) -> None:
        if self.on_progress is not None:
            self.on_progress(ProgressEvent("reflection", rounds_done, self.settings.rounds,
                                           cost_usd=self.recorder.stats.cost_usd))


@dataclass
class Tonight:
    """What the rounds learn as they go. `rejected`: edits not to propose again (earlier nights'
    rejections, and tonight's: the same sampling seeds would give the same answers). `settled`:
    checks whose rule lost tonight (at the gate, or dropped by attribution): stated again in other
    words it would meet the same gate tasks and seeds, a second try at the same hypothesis."""

    rejected: list[Edit]
    settled: set[str] = field(default_factory=set)
    lead_judged: bool = False  # the move of the rules is measured once a night


@dataclass
class Proposal:
    record: RoundRecord
    chosen: list[Edit]
    refused: int  # by the lint
    stopped: int  # by the policy


def run_rounds(ctx: NightContext, train_rollouts: list[Rollout], current_val: SplitScore, docs: Documents) -> RoundsOutcome:
    outcome = RoundsOutcome(docs, current_val, current_val)
    tonight = Tonight(load_rejected(ctx.store, ctx.skill_path, before_night=ctx.night_id))
    for round_no in range(1, ctx.settings.rounds + 1):
        evidence = gather_evidence(ctx.train, train_rollouts)
        if not any(ev.failing for ev in evidence):
            ctx.notes.append(f"round {round_no}: every train task passes; nothing to learn")
            break
        if ctx.val and outcome.current_val.score >= 1.0 - 1e-9:
            ctx.notes.append(f"round {round_no}: held-out score is already 1.0, so no edit can show an improvement")
            break
        proposal = propose(ctx, tonight, outcome.docs, evidence, round_no)
        if not proposal.chosen:
            ctx.notes.append(f"round {round_no}: train tasks still fail, but reflection found no edit that is new "
                             "(not already in the document, not rejected before)")
            outcome.stalled = True
            break
        landed = apply_proposal(ctx, outcome.docs, proposal)
        if not landed:
            remember_rejected(ctx.store, ctx.skill_path, ctx.night_id, proposal.chosen, "did not land")
            tonight.rejected += proposal.chosen
            continue
        if gate_round(ctx, tonight, outcome, proposal.record, landed) and round_no < ctx.settings.rounds:
            train_rollouts = ctx.replay(ctx.train, outcome.docs.skill, outcome.docs.memory)
    return outcome


def propose(ctx: NightContext, tonight: Tonight, docs: Documents, evidence: list, round_no: int) -> Proposal:
    """One round's edits: rules stated from the failing checks (with the teacher's placeholders and,
    where allowed, the user's sentences that pull against them), then the teacher's reflection;
    linted, screened by the policy and ranked within the edit budget. The round's record is kept."""
    settings, teacher, recorder, seed = ctx.settings, ctx.teacher, ctx.recorder, ctx.seed + round_no
    values = placeholders(teacher, recorder, labelled_checks(evidence, settings.rules), seed)
    lost = frozenset(tonight.settled)
    from_checks = edits_from_checks(evidence, settings.rules, values, docs.skill, lost, user_conventions(ctx.train + ctx.val))
    length = length_from_contrast(evidence, settings.rules, docs.skill, lost)
    if length is not None:
        from_checks.edits.append(length)
    # A rule can only win where the user's own text lets it; that text is touched only when allowed.
    conflicts = conflict_edits(teacher, recorder, docs.skill, from_checks.edits, seed) \
        if settings.limits.allow_outside_managed and from_checks.edits else []
    ctx.reflected(round_no - 1)
    reflection = reflect_with_teacher(
        teacher, recorder, docs.skill, evidence, tonight.rejected,
        ReflectAsk(budget=settings.edit_budget, batch=settings.reflect_batch, seed=seed,
                   temperature=settings.teacher_temperature, max_tokens=settings.teacher_max_tokens),
        memory_text=docs.memory if docs.has_memory else "",
    )
    ctx.reflected(round_no)
    both = docs.skill + "\n" + docs.memory
    linted = lint_edits(reflection.edits, ctx.train + ctx.val, both, [r.answer for ev in evidence for r in ev.rollouts])
    screened = screen_edits(from_checks.edits + conflicts + linted.kept, memory=docs.memory, document=both,
                            evidence=evidence, provenance=user_provenance(ctx.store, ctx.train + ctx.val))
    # Where the teacher is a capable model it judges what the screen let through; it can only hold.
    unsafe = second_opinion(teacher, recorder, screened.kept, seed=seed)
    screened.stopped += [(e, "held", f"the teacher judges it unsafe: {unsafe[at]}; held for the user")
                         for at, e in enumerate(screened.kept) if at in unsafe]
    screened.kept = [e for at, e in enumerate(screened.kept) if at not in unsafe]
    offered = hold_back_rejected(ctx, screened.kept, round_no)
    chosen = rank_edits(offered, {e.key() for e in tonight.rejected}, settings.edit_budget, both)
    stopped = [(e, "refused", why) for e, why in linted.refused] + screened.stopped
    record = RoundRecord(round_no, len(from_checks.edits) + len(conflicts) + len(reflection.edits), [e.to_dict() for e in chosen], [], {},
                         reflection_error=reflection.error, diagnosis=reflection.diagnosis,
                         refused=[{"edit": e.to_dict(), "status": status, "why": why} for e, status, why in stopped] +
                                 [{"edit": {"text": name}, "why": f"{name}: {why}"} for name, why in from_checks.refused])
    ctx.records.append(record)
    for edit, status, why in stopped:
        ctx.ledger(edit, status, reason=why)
    if reflection.error:
        ctx.say(f"round {round_no}: teacher reply unusable ({reflection.error[:80]})")
    return Proposal(record, chosen, len(linted.refused), len(screened.stopped))


def hold_back_rejected(ctx: NightContext, edits: list[Edit], round_no: int) -> list[Edit]:
    """The edits the user has not rejected before; the others are held back, with a ledger entry
    `review` shows, unless their evidence is of a new kind."""
    known = rejections(ctx.store, ctx.skill_path)
    offered: list[Edit] = []
    held = 0
    for edit in edits:
        rejection = held_back(edit, known)
        if rejection is None:
            offered.append(edit)
            continue
        held += 1
        ctx.ledger(edit, ledger.WITHHELD, reason=f"you rejected it before (proposal {rejection.proposal_id or '-'}); "
                                          f"it comes back only on evidence of a kind other than {rejection.evidence_kind}")
    if held:
        ctx.notes.append(f"round {round_no}: {held} rule(s) held back: you rejected them before")
    return offered


def apply_proposal(ctx: NightContext, docs: Documents, proposal: Proposal) -> list[Edit]:
    """Apply the chosen edits to the current document; the ones that landed."""
    record = proposal.record
    _, applied = docs.apply(proposal.chosen, ctx.settings)
    record.outcomes = [{"edit": o.edit.to_dict(), "landed": o.landed, "reason": o.reason} for o in applied]
    landed = [o.edit for o in applied if o.landed]
    ctx.say(f"round {record.round}: {record.proposed} proposed, {proposal.refused} refused by the lint, "
            f"{proposal.stopped} stopped by the policy, "
            f"{len(proposal.chosen)} chosen, {len(landed)} landed")
    return landed


def gate_round(ctx: NightContext, tonight: Tonight, outcome: RoundsOutcome, record: RoundRecord, landed: list[Edit]) -> bool:
    """Judge the landed edits on the held-out tasks; what the gate accepts (less what attribution
    drops, with the move of the rules offered after) becomes the current document. True when it
    changed."""
    settings, round_no = ctx.settings, record.round
    base = outcome.docs
    replay_with = ctx.scorer(lambda edits: base.apply(edits, settings)[0])
    result = ctx.judge(landed, outcome.current_val, replay_with)
    record.gate = result.gate_record
    outcome.decisions.append(result.verdict.decision)
    ctx.say(f"round {round_no}: gate {result.verdict.decision}: {result.verdict.arithmetic}"
            + ("" if settings.gate.enabled else " (gate off: applied anyway)" if result.applied else ""))
    if result.attribution and result.attribution.dropped:
        ctx.say(f"round {round_no}: attribution dropped {len(result.attribution.dropped)} edit(s) that did not pay")
        for edit, why in result.attribution.dropped:
            ctx.ledger(edit, "dropped", reason=why, effect=result.attribution.effects.get(edit.key()))
        tonight.rejected += [edit for edit, _ in result.attribution.dropped]  # tonight only: not remembered
        tonight.settled.update(edit.check for edit, _ in result.attribution.dropped if edit.check)
    if result.verdict.accepted and settings.rules.lead and not tonight.lead_judged:
        tonight.lead_judged = offer_lead(ctx, result, base, replay_with, record)
    if result.applied:
        kept = result.edits
        if settings.gate.probation:
            kept = on_probation(ctx, result)
            if not kept:
                ctx.notes.append(f"round {round_no}: every accepted rule is on probation until it wins another night")
                return False
            result.score = replay_with(kept) if len(kept) != len(result.edits) else result.score
        effects = result.gate_record.get("effects", {})
        outcome.keep(base.apply(kept, settings)[0], result.score, [(e, effects.get(e.key())) for e in kept])
        return True
    if result.rejected:
        judged_against(ctx.store, ctx.skill_path, ctx.night_id, landed, result, settings.gate)
        tonight.rejected += landed  # not again tonight: the same sampling seeds would give the same answers
        tonight.settled.update(edit.check for edit in landed if edit.check)
    return False


def on_probation(ctx: NightContext, result: candidates.CandidateResult) -> list[Edit]:
    """The accepted edits that already won on an earlier night; the others wait on probation."""
    waiting = [e for e in result.edits if not probation_passed(ctx.store, ctx.skill_path, ctx.night_id, e)]
    for edit in waiting:
        ctx.ledger(edit, "probation", effect=result.attribution.effects.get(edit.key()) if result.attribution else None,
                   reason="won once; proposed after a second winning night")
    return [e for e in result.edits if e not in waiting]


def offer_lead(ctx: NightContext, result: candidates.CandidateResult, base: Documents, replay_with,
               record: RoundRecord) -> bool:
    """The accepted candidate with its rules moved before the user's text, offered after the gate
    (night/propose/placement.py). True when the move was measured."""
    lead = lead_edit(base.apply(result.edits, ctx.settings)[0].skill, result.edits)
    if lead is None:
        return False
    kept, effect, why = candidates.offer(result, lead, replay_with)
    if effect is None:
        return False  # its replays failed: no evidence either way, offered again after a later round
    record.outcomes.append({"edit": lead.to_dict(), "landed": True, "reason": "offered after the gate"})
    if kept:
        result.gate_record.setdefault("effects", {})[lead.key()] = effect  # attribution's own, where it ran
    else:
        result.gate_record.setdefault("dropped", []).append({"edit": lead.to_dict(), "why": why})
        ctx.ledger(lead, "dropped", reason=why, effect=effect)
    ctx.say(f"round {record.round}: the rules moved first: {'kept' if kept else 'dropped'} (effect {effect:+.3f})"
        + (f": {why}" if why else ""))
    return True


def judged_against(store: Store, skill_path: str, night_id: str, edits: list[Edit], result: candidates.CandidateResult,
                   settings: GateSettings) -> None:
    """What a gate that did not apply the edits leaves behind: an undecided gain may come back on a
    later night with the budget its looks left; a comparison that went against them is remembered."""
    if result.undecided and undecided.carry_over(store, skill_path, night_id, edits, result.spent, 1.0 - settings.confidence):
        for edit in edits:
            ledger.record(store, skill_path, night_id, edit, "undecided", reason=result.verdict.reason)
    else:
        remember_rejected(store, skill_path, night_id, edits, result.verdict.reason)
        for edit in edits:
            ledger.record(store, skill_path, night_id, edit, "rejected", reason=result.verdict.reason)


def night_status(outcome: RoundsOutcome, changed: bool, records: list[RoundRecord], has_val: bool, notes: list[str]) -> str:
    decisions = outcome.decisions
    if changed:
        return "accepted"
    if decisions and all(d == gatelib.UNVERIFIED for d in decisions):
        return "unverified"
    if decisions:
        return "rejected"
    if any(record.chosen for record in records):
        notes.append("no chosen edit could be applied, so nothing reached the gate")
        return "rejected"
    if outcome.stalled:
        return "no-new-edit"
    if not has_val:
        notes.append("no held-out task: the gate cannot verify any edit")
        return "unverified"
    return "nothing-to-learn"
