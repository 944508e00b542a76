"""One night: replay → reflect → select → apply → gate, for a few rounds, then stage.

Every stage is a function in its own module; this one only sequences them, keeps the night's
row in the store (so a killed night resumes with the same id and seed and its finished calls
come back from the record), and writes the report.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from skillopt_sleep.night import gate as gatelib
from skillopt_sleep.backends.base import Backend
from skillopt_sleep.config import Config
from skillopt_sleep.night.edits import EditLimits, apply_edits
from skillopt_sleep.errors import BudgetExceeded, SkilloptError
from skillopt_sleep.backends.recorder import Budget, CallRecorder
from skillopt_sleep.records import Edit, EditOutcome, Rollout, Task, stable_json
from skillopt_sleep.night.reflect import gather_evidence, rank_edits, reflect_with_teacher
from skillopt_sleep.night.rules import RuleSettings, edits_from_checks
from skillopt_sleep.night.replay import Scorer, replay_tasks, summarize
from skillopt_sleep.night.split import Split, split_tasks, unit_hash
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.night.toolenv import ToolProvider, no_tools

UNFINISHED = ("running", "stopped")


@dataclass
class NightInputs:
    config: Config
    store: Store
    skill_path: Path
    tasks: list[Task]
    student: Backend
    teacher: Backend
    memory_path: Path | None = None
    skill_text: str | None = None
    memory_text: str | None = None
    tool_provider: ToolProvider = no_tools
    scorer: Scorer | None = None
    dry_run: bool = False
    stage: bool = True
    night_id: str | None = None
    progress: Callable[[str], None] | None = None


@dataclass
class RoundRecord:
    round: int
    proposed: int
    chosen: list[dict]
    outcomes: list[dict]
    gate: dict
    reflection_error: str = ""
    diagnosis: str = ""


@dataclass
class NightReport:
    night_id: str
    skill_path: str
    status: str  # accepted | rejected | unverified | no-new-edit | nothing-to-learn | budget-stopped
    seed: int
    split: dict
    train_before: dict
    val_before: dict
    val_after: dict
    best_val: dict
    rounds: list[RoundRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    calls: dict = field(default_factory=dict)
    wall_s: float = 0.0
    original_skill_text: str = ""
    final_skill_text: str = ""
    original_memory_text: str = ""
    final_memory_text: str = ""
    per_task: dict = field(default_factory=dict)
    stage_dir: str | None = None
    proposal_id: str | None = None
    dry_run: bool = False
    resumed: bool = False
    students: str = ""
    teachers: str = ""

    @property
    def changed(self) -> bool:
        return self.final_skill_text != self.original_skill_text or self.final_memory_text != self.original_memory_text

    def to_dict(self) -> dict:
        """Top-level val_before / val_after / decision are plain numbers and words (status and
        the SessionStart line read them); the full split scores sit under *_detail."""
        data = asdict(self)
        for name in ("val_before", "val_after", "best_val", "train_before"):
            data[f"{name}_detail"] = data.pop(name)
            data[name] = getattr(self, name).get("score")
        data["decision"] = self.status
        return data

    def summary(self) -> dict:
        """The fields status / SessionStart read."""
        return {
            "night_id": self.night_id,
            "skill": Path(self.skill_path).parent.name or Path(self.skill_path).name,
            "decision": self.status,
            "val_before": self.val_before.get("score"),
            "val_after": self.val_after.get("score"),
        }


def _say(inputs: NightInputs, message: str) -> None:
    if inputs.progress:
        inputs.progress(message)


def _read(path: Path | None) -> str:
    if path is None or not path.exists():
        return ""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SkilloptError(f"cannot read {path}: {exc}") from None


def _night_row(inputs: NightInputs) -> tuple[str, int, bool]:
    """(night id, seed, resumed). A killed or capped night of the same skill resumes."""
    store, config, skill_key = inputs.store, inputs.config, str(inputs.skill_path)
    row = None
    if inputs.night_id:
        row = store.query_one("SELECT id, seed FROM nights WHERE id = ?", (inputs.night_id,))
    elif not inputs.dry_run:
        row = store.query_one(
            "SELECT id, seed FROM nights WHERE skill_path = ? AND status IN ('running', 'stopped') ORDER BY started_at DESC LIMIT 1",
            (skill_key,),
        )
    if row is not None:
        store.execute("UPDATE nights SET status = 'running' WHERE id = ?", (row["id"],))
        return row["id"], int(row["seed"]), True
    seed = config["night.seed"]
    if seed is None:
        # Vary sampling between nights (night 2 must not replay night 1 exactly); a dry run
        # uses the seed the next real night will use, so the real night reuses its calls.
        done = store.query_one(
            "SELECT COUNT(*) AS n FROM nights WHERE skill_path = ? AND status NOT IN ('dry-run', 'running', 'stopped')",
            (skill_key,),
        )["n"]
        seed = 1000 + int(done)
    night_id = inputs.night_id or datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(2)
    store.insert("nights", {
        "id": night_id, "skill_path": skill_key, "status": "running", "seed": seed,
        "config_json": stable_json(config.snapshot()), "started_at": utc_now(),
    })
    return night_id, seed, False


def pick_tasks(split: Split, config: Config, seed: int) -> tuple[list[Task], list[Task]]:
    """Cap the night at night.max_tasks, keeping the held-out share; train favours tasks whose
    source session went wrong (that is where there is something to learn), then varies by night."""
    limit = config["night.max_tasks"]
    val_cap = max(1, round(limit * config["night.val_fraction"])) if split.val else 0
    val = sorted(split.val, key=lambda t: t.task_id)[:val_cap]
    order = lambda t: (t.outcome not in ("failure", "corrected"), unit_hash(t.task_id, f"night-{seed}"))  # noqa: E731
    train = sorted(split.train, key=order)[: max(0, limit - len(val))]
    return train, val


def default_scorer(recorder: CallRecorder, teacher: Backend) -> Scorer:
    """Rule, exact and qrels judges locally; rubric judges by the teacher, through the record."""
    from skillopt_sleep.tasks.judges import RubricGrader, score_answer

    grader = RubricGrader(recorder, teacher)
    return lambda task, answer, calls: score_answer(task, answer, calls, rubric_grader=grader)


def _load_rejected(store: Store, skill_path: str) -> list[Edit]:
    rows = store.query("SELECT edit_json FROM rejected_edits WHERE skill_path = ? ORDER BY created_at DESC", (skill_path,))
    import json

    return [Edit.from_dict(json.loads(r["edit_json"])) for r in rows]


def _remember_rejected(store: Store, skill_path: str, night_id: str, edits: list[Edit], reason: str) -> None:
    for edit in edits:
        store.insert("rejected_edits", {
            "edit_key": edit.key(), "skill_path": skill_path, "night_id": night_id,
            "edit_json": stable_json(edit.to_dict()), "reason": reason, "created_at": utc_now(),
        }, replace=True)


def _apply(skill: str, memory: str, edits: list[Edit], limits: EditLimits, has_memory: bool) -> tuple[str, str, list[EditOutcome]]:
    outcomes: list[EditOutcome] = []
    skill_edits = [e for e in edits if e.target != "memory" or not has_memory]
    memory_edits = [e for e in edits if e.target == "memory" and has_memory]
    skill, skill_outcomes = apply_edits(skill, skill_edits, limits)
    memory, memory_outcomes = apply_edits(memory, memory_edits, limits)
    outcomes = skill_outcomes + memory_outcomes
    return skill, memory, outcomes


def run_night(inputs: NightInputs) -> NightReport:
    config, store = inputs.config, inputs.store
    started = time.monotonic()
    skill_text = inputs.skill_text if inputs.skill_text is not None else _read(inputs.skill_path)
    if not skill_text.strip():
        raise SkilloptError(f"the skill {inputs.skill_path} is missing or empty")
    memory_text = inputs.memory_text if inputs.memory_text is not None else _read(inputs.memory_path)
    has_memory = inputs.memory_path is not None
    night_id, seed, resumed = _night_row(inputs)
    if resumed:
        _say(inputs, f"resuming night {night_id} (finished calls come from the record)")
    recorder = CallRecorder(store, night_id, Budget(
        max_tokens=config["budget.max_tokens"], max_usd=config["budget.max_usd"],
        max_wall_s=config["budget.max_wall_s"], max_calls=config["budget.max_calls"]))
    split = split_tasks(inputs.tasks, val_fraction=config["night.val_fraction"],
                        test_fraction=config["night.test_fraction"], salt=config["night.split_salt"])
    train, val = pick_tasks(split, config, seed)
    if inputs.scorer is None:
        inputs.scorer = default_scorer(recorder, inputs.teacher)
    report = NightReport(
        night_id=night_id, skill_path=str(inputs.skill_path), status="nothing-to-learn", seed=seed,
        split={"train": [t.task_id for t in train], "val": [t.task_id for t in val], "test_held_out": len(split.test)},
        train_before={}, val_before={}, val_after={}, best_val={},
        original_skill_text=skill_text, final_skill_text=skill_text,
        original_memory_text=memory_text, final_memory_text=memory_text,
        dry_run=inputs.dry_run, resumed=resumed,
        students=f"{inputs.student.name}:{inputs.student.model}", teachers=f"{inputs.teacher.name}:{inputs.teacher.model}",
    )
    try:
        _run_rounds(inputs, report, recorder, train, val, seed, has_memory)
    except BudgetExceeded as exc:
        report.status = "budget-stopped"
        report.notes.append(f"stopped cleanly: {exc}; run again to resume this night")
        _say(inputs, f"budget reached: {exc}")
    report.calls = recorder.stats.to_dict()
    report.wall_s = round(time.monotonic() - started, 3)
    final_status = "stopped" if report.status == "budget-stopped" else ("dry-run" if inputs.dry_run else report.status)
    if inputs.stage and not inputs.dry_run and report.status != "budget-stopped":
        from skillopt_sleep.night.report import stage_report

        stage_report(inputs, report, config)
    store.execute("UPDATE nights SET status = ?, report_json = ?, finished_at = ? WHERE id = ?",
                  (final_status, stable_json(report.to_dict()), utc_now(), night_id))
    return report


def _replay(inputs: NightInputs, recorder: CallRecorder, tasks: list[Task], skill: str, memory: str, seed: int) -> list[Rollout]:
    config = inputs.config
    return replay_tasks(
        tasks, skill, inputs.student, recorder, memory_text=memory,
        rollouts=config["night.rollouts"], concurrency=config["night.concurrency"], seed=seed,
        temperature=config["student.temperature"], max_tokens=config["student.max_tokens"],
        tool_provider=inputs.tool_provider, scorer=inputs.scorer,
    )


def _run_rounds(inputs: NightInputs, report: NightReport, recorder: CallRecorder, train: list[Task], val: list[Task], seed: int, has_memory: bool) -> None:
    config, store = inputs.config, inputs.store
    metric = config["gate.metric"]
    if not train:
        report.notes.append("no train tasks: nothing to reflect on")
        return
    skill, memory = report.original_skill_text, report.original_memory_text
    _say(inputs, f"replaying {len(train)} train and {len(val)} held-out task(s) with {report.students}")
    train_rollouts = _replay(inputs, recorder, train, skill, memory, seed)
    val_rollouts = _replay(inputs, recorder, val, skill, memory, seed) if val else []
    train_score = summarize(train_rollouts, metric)
    current_val = summarize(val_rollouts, metric)
    report.train_before = train_score.to_dict()
    report.val_before = report.val_after = report.best_val = current_val.to_dict()
    report.per_task = {"val_before": current_val.per_task}
    _say(inputs, f"before: train {train_score.score:.3f} (hard {train_score.hard:.2f}), held-out {current_val.score:.3f} (hard {current_val.hard:.2f})")
    for problem in (train_score.errors + current_val.errors)[:5]:
        report.notes.append(f"judge error: {problem}")
    rejected = _load_rejected(store, report.skill_path)
    limits = EditLimits(config["edits.allow_outside_managed"], config["edits.max_edit_chars"], config["edits.max_skill_chars"])
    best_score = current_val.score
    decisions: list[str] = []
    stalled = False
    for round_no in range(1, config["night.rounds"] + 1):
        evidence = gather_evidence(train, train_rollouts)
        if not any(ev.failing for ev in evidence):
            report.notes.append(f"round {round_no}: every train task passes; nothing to learn")
            break
        if val and current_val.score >= 1.0 - 1e-9:
            report.notes.append(f"round {round_no}: held-out score is already 1.0, so no edit can show a strict improvement")
            break
        check_rules = edits_from_checks(evidence, RuleSettings(
            min_tasks=config["rules.min_tasks"], margin=config["rules.margin"], layout=config["rules.layout"]))
        proposals = list(check_rules.edits)
        report.notes += [f"round {round_no}: not a rule: {why}" for why in check_rules.refused[:5]]
        reflection = reflect_with_teacher(
            inputs.teacher, recorder, skill, evidence, rejected,
            budget=config["night.edit_budget"], batch=config["night.reflect_batch"], seed=seed + round_no,
            temperature=config["teacher.temperature"], max_tokens=config["teacher.max_tokens"],
            memory_text=memory if has_memory else "",
        )
        proposals += reflection.edits
        chosen = rank_edits(proposals, {e.key() for e in rejected}, config["night.edit_budget"], skill + "\n" + memory)
        record = RoundRecord(round_no, len(proposals), [e.to_dict() for e in chosen], [], {},
                             reflection_error=reflection.error, diagnosis=reflection.diagnosis)
        report.rounds.append(record)
        if reflection.error:
            _say(inputs, f"round {round_no}: teacher reply unusable ({reflection.error[:80]})")
        if not chosen:
            report.notes.append(f"round {round_no}: train tasks still fail, but reflection found no edit that is new "
                                "(not already in the document, not rejected before)")
            stalled = True
            break
        cand_skill, cand_memory, outcomes = _apply(skill, memory, chosen, limits, has_memory)
        record.outcomes = [{"edit": o.edit.to_dict(), "landed": o.landed, "reason": o.reason} for o in outcomes]
        landed = [o.edit for o in outcomes if o.landed]
        _say(inputs, f"round {round_no}: {len(proposals)} proposed, {len(chosen)} chosen, {len(landed)} landed")
        if not landed:
            _remember_rejected(store, report.skill_path, report.night_id, chosen, "did not land")
            rejected += chosen
            continue
        cand_rollouts = _replay(inputs, recorder, val, cand_skill, cand_memory, seed) if val else []
        cand_val = summarize(cand_rollouts, metric)
        verdict = gatelib.judge_candidate(current_val.per_task, cand_val.per_task,
                                          min_tasks=config["gate.min_val_tasks"], no_regression=config["gate.no_regression"])
        accepted = verdict.accepted or (not config["gate.enabled"] and verdict.decision != gatelib.UNVERIFIED)
        record.gate = {**asdict(verdict), "gate_enabled": config["gate.enabled"], "applied": accepted}
        decisions.append(verdict.decision)
        _say(inputs, f"round {round_no}: gate {verdict.decision}: {verdict.arithmetic}" + ("" if config["gate.enabled"] else " (gate off: applied anyway)" if accepted else ""))
        if accepted:
            skill, memory, current_val = cand_skill, cand_memory, cand_val
            report.final_skill_text, report.final_memory_text = skill, memory
            report.val_after = cand_val.to_dict()
            report.per_task["val_after"] = cand_val.per_task
            if cand_val.score > best_score:
                best_score, report.best_val = cand_val.score, cand_val.to_dict()
            if round_no < config["night.rounds"]:
                train_rollouts = _replay(inputs, recorder, train, skill, memory, seed)
        else:
            _remember_rejected(store, report.skill_path, report.night_id, landed, verdict.reason)
            rejected += landed
    if report.changed:
        report.status = "accepted"
    elif decisions and all(d == gatelib.UNVERIFIED for d in decisions):
        report.status = "unverified"
    elif decisions:
        report.status = "rejected"
    elif any(record.chosen for record in report.rounds):
        report.status = "rejected"
        report.notes.append("no chosen edit could be applied, so nothing reached the gate")
    elif stalled:
        report.status = "no-new-edit"
    elif not val:
        report.status = "unverified"
        report.notes.append("no held-out task: the gate cannot verify any edit")
