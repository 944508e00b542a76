"""The rounds of a night: reflect on the train rollouts, lint and rank the proposed edits, apply
them, judge the candidate on the held-out tasks, keep what earns its place, and remember what the
gate really rejected (an undecided gain may come back on a later night)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Callable

from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.night import candidate as candidates
from skillopt_sleep.night import gate as gatelib
from skillopt_sleep.night import undecided
from skillopt_sleep.night.conflicts import conflict_edits
from skillopt_sleep.night.edits import apply_edits
from skillopt_sleep.night.lint import lint_edits
from skillopt_sleep.night.policy import screen_edits
from skillopt_sleep.night.reflect import gather_evidence, rank_edits, reflect_with_teacher
from skillopt_sleep.night.replay import SplitScore, summarize
from skillopt_sleep.night.illustrate import placeholders
from skillopt_sleep.night.length_contrast import length_from_contrast
from skillopt_sleep.night.placement import lead_edit
from skillopt_sleep.night.rules import edits_from_checks, labelled_checks
from skillopt_sleep.night.settings import GateSettings, NightSettings
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Edit, EditOutcome, Rollout, Task, stable_json
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


def run_rounds(*, settings: NightSettings, store: Store, teacher, recorder, skill_path: str, night_id: str,
               train: list[Task], val: list[Task], train_rollouts: list[Rollout], current_val: SplitScore,
               docs: Documents, replay: Replay, seed: int, notes: list[str], records: list[RoundRecord],
               say: Callable[[str], None], on_progress: ProgressSink | None = None) -> RoundsOutcome:
    outcome = RoundsOutcome(docs, current_val, current_val)
    rejected = load_rejected(store, skill_path, before_night=night_id)
    # Checks whose rule lost tonight (at the gate, or dropped by attribution): stated again in other
    # words it would meet the same gate tasks and seeds, a second try at the same hypothesis.
    settled: set[str] = set()
    lead_judged = False  # the move of the rules is measured once a night

    def replay_on(base: Documents):
        def replay_with(edits: list[Edit], samples: int | None = None, stage: str = "gate") -> SplitScore:
            docs, _ = base.apply(edits, settings)
            return summarize(replay(val, docs.skill, docs.memory, stage, samples), settings.gate.metric) \
                if val else SplitScore(0.0, 0.0, 0.0)
        return replay_with

    def reflected(rounds_done: int) -> None:
        if on_progress is not None:
            on_progress(ProgressEvent("reflection", rounds_done, settings.rounds, cost_usd=recorder.stats.cost_usd))

    for round_no in range(1, settings.rounds + 1):
        evidence = gather_evidence(train, train_rollouts)
        if not any(ev.failing for ev in evidence):
            notes.append(f"round {round_no}: every train task passes; nothing to learn")
            break
        if val and outcome.current_val.score >= 1.0 - 1e-9:
            notes.append(f"round {round_no}: held-out score is already 1.0, so no edit can show an improvement")
            break
        values = placeholders(teacher, recorder, labelled_checks(evidence, settings.rules), seed + round_no)
        lost = frozenset(settled)
        from_checks = edits_from_checks(evidence, settings.rules, values, outcome.docs.skill, lost)
        length = length_from_contrast(evidence, settings.rules, outcome.docs.skill, lost)
        if length is not None:
            from_checks.edits.append(length)
        # A rule can only win where the user's own text lets it; that text is touched only when allowed.
        conflicts = conflict_edits(teacher, recorder, outcome.docs.skill, from_checks.edits, seed + round_no) \
            if settings.limits.allow_outside_managed and from_checks.edits else []
        reflected(round_no - 1)
        reflection = reflect_with_teacher(
            teacher, recorder, outcome.docs.skill, evidence, rejected,
            budget=settings.edit_budget, batch=settings.reflect_batch, seed=seed + round_no,
            temperature=settings.teacher_temperature, max_tokens=settings.teacher_max_tokens,
            memory_text=outcome.docs.memory if outcome.docs.has_memory else "",
        )
        reflected(round_no)
        linted = lint_edits(reflection.edits, train + val, outcome.docs.skill + "\n" + outcome.docs.memory)
        screened = screen_edits(from_checks.edits + conflicts + linted.kept, memory=outcome.docs.memory,
                                document=outcome.docs.skill + "\n" + outcome.docs.memory, evidence=evidence)
        chosen = rank_edits(screened.kept, {e.key() for e in rejected}, settings.edit_budget,
                            outcome.docs.skill + "\n" + outcome.docs.memory)
        stopped = [(e, "refused", why) for e, why in linted.refused] + screened.stopped
        record = RoundRecord(round_no, len(from_checks.edits) + len(conflicts) + len(reflection.edits), [e.to_dict() for e in chosen], [], {},
                             reflection_error=reflection.error, diagnosis=reflection.diagnosis,
                             refused=[{"edit": e.to_dict(), "status": status, "why": why} for e, status, why in stopped] +
                                     [{"edit": {"text": name}, "why": f"{name}: {why}"} for name, why in from_checks.refused])
        records.append(record)
        for edit, status, why in stopped:
            ledger.record(store, skill_path, night_id, edit, status, reason=why)
        if reflection.error:
            say(f"round {round_no}: teacher reply unusable ({reflection.error[:80]})")
        if not chosen:
            notes.append(f"round {round_no}: train tasks still fail, but reflection found no edit that is new "
                         "(not already in the document, not rejected before)")
            outcome.stalled = True
            break
        candidate_docs, applied = outcome.docs.apply(chosen, settings)
        record.outcomes = [{"edit": o.edit.to_dict(), "landed": o.landed, "reason": o.reason} for o in applied]
        landed = [o.edit for o in applied if o.landed]
        say(f"round {round_no}: {record.proposed} proposed, {len(linted.refused)} refused by the lint, "
            f"{len(screened.stopped)} stopped by the policy, "
            f"{len(chosen)} chosen, {len(landed)} landed")
        if not landed:
            remember_rejected(store, skill_path, night_id, chosen, "did not land")
            rejected += chosen
            continue
        base = outcome.docs
        replay_with = replay_on(base)
        changed = False
        result = candidates.judge(outcome.current_val, landed, replay_with, settings.gate,
                                  spent=undecided.spent_before(store, skill_path, night_id, landed))
        record.gate = result.gate_record
        outcome.decisions.append(result.verdict.decision)
        say(f"round {round_no}: gate {result.verdict.decision}: {result.verdict.arithmetic}"
            + ("" if settings.gate.enabled else " (gate off: applied anyway)" if result.applied else ""))
        if result.attribution and result.attribution.dropped:
            say(f"round {round_no}: attribution dropped {len(result.attribution.dropped)} edit(s) that did not pay")
            for edit, why in result.attribution.dropped:
                ledger.record(store, skill_path, night_id, edit, "dropped", reason=why,
                              effect=result.attribution.effects.get(edit.key()))
            rejected += [edit for edit, _ in result.attribution.dropped]  # tonight only: not remembered
            settled.update(edit.check for edit, _ in result.attribution.dropped if edit.check)
        if result.verdict.accepted and settings.rules.lead and not lead_judged:
            lead_judged = offer_lead(result, base, replay_with, settings, record, store, skill_path, night_id, say)
        if result.applied:
            kept = result.edits
            if settings.gate.probation:
                waiting = [e for e in kept if not probation_passed(store, skill_path, night_id, e)]
                for edit in waiting:
                    ledger.record(store, skill_path, night_id, edit, "probation",
                                  effect=result.attribution.effects.get(edit.key()) if result.attribution else None,
                                  reason="won once; proposed after a second winning night")
                kept = [e for e in kept if e not in waiting]
                if not kept:
                    notes.append(f"round {round_no}: every accepted rule is on probation until it wins another night")
                    continue
                result.score = replay_with(kept) if len(kept) != len(result.edits) else result.score
            effects = result.gate_record.get("effects", {})
            outcome.keep(base.apply(kept, settings)[0], result.score, [(e, effects.get(e.key())) for e in kept])
            changed = True
        elif result.rejected:
            judged_against(store, skill_path, night_id, landed, result, settings.gate)
            rejected += landed  # not again tonight: the same sampling seeds would give the same answers
            settled.update(edit.check for edit in landed if edit.check)
        if changed and round_no < settings.rounds:
            train_rollouts = replay(train, outcome.docs.skill, outcome.docs.memory)
    return outcome


def offer_lead(result: candidates.CandidateResult, base: Documents, replay_with, settings: NightSettings,
               record: RoundRecord, store: Store, skill_path: str, night_id: str, say: Callable[[str], None]) -> bool:
    """The accepted candidate with its rules moved before the user's text, offered after the gate
    (night/placement.py). True when the move was measured."""
    lead = lead_edit(base.apply(result.edits, settings)[0].skill, result.edits)
    if lead is None:
        return False
    kept, effect, why = candidates.offer(result, lead, replay_with, settings.gate)
    if effect is None:
        return False  # its replays failed: no evidence either way, offered again after a later round
    record.outcomes.append({"edit": lead.to_dict(), "landed": True, "reason": "offered after the gate"})
    if kept:
        result.gate_record.setdefault("effects", {})[lead.key()] = effect  # attribution's own, where it ran
    else:
        result.gate_record.setdefault("dropped", []).append({"edit": lead.to_dict(), "why": why})
        ledger.record(store, skill_path, night_id, lead, "dropped", reason=why, effect=effect)
    say(f"round {record.round}: the rules moved first: {'kept' if kept else 'dropped'} (effect {effect:+.3f})"
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
