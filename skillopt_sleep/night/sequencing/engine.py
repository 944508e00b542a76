"""One night: replay → reflect → select → apply → gate, for a few rounds, then stage.

Every stage is a function in its own module; this one only sequences them, keeps the night's
row in the store (so a killed night resumes with the same id and seed and its finished calls
come back from the record), and writes the report.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends.base import Backend
from skillopt_sleep.config import Config
from skillopt_sleep.errors import BudgetExceeded, SkilloptError
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Edit, Rollout, Task, stable_json
from skillopt_sleep.night.report.archive import answer_excerpts
from skillopt_sleep.night.report.changes import changed_answers
from skillopt_sleep.night.replay.repo_sandbox import find_repo_sandbox
from skillopt_sleep.night.gate.guardrailing import guardrails_tonight, status_with_guardrails
from skillopt_sleep.guardrails.current import tasks_in_force
from skillopt_sleep.guardrails.replay import Enforcement
from skillopt_sleep.night.report.holding import HELD, hold_if_unscreened
from skillopt_sleep.night.report.write import rule_provenance, stage_report
from skillopt_sleep.night.sequencing.rounds import Documents, NightContext, RoundRecord, night_status, run_rounds
from skillopt_sleep.night.sequencing.settings import NightSettings, SplitSettings
from skillopt_sleep.night.gate.budget import NightBudget
from skillopt_sleep.night.sequencing.slow_update import consolidate_if_due, gates_tonight
from skillopt_sleep.proposals import ledger
from skillopt_sleep.tasks.judges import RubricGrader, score_answer
from skillopt_sleep.night.replay.samples import ReplayRun, SplitScore, replay_tasks, summarize
from skillopt_sleep.night.replay.reword import rewordings
from skillopt_sleep.night.replay.split import Split, split_tasks, unit_hash
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.students.base import Scorer, Student, StudentSetup, Texts
from skillopt_sleep.students.registry import night_student, repo_student_of
from skillopt_sleep.tasks.taskstore import TaskRepo
from skillopt_sleep.students.toolenv import ToolProvider, no_tools

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
    on_progress: ProgressSink | None = None  # counts per stage: replay, reflection, gate, attribution
    settings: NightSettings | None = None  # built from `config` when not given
    call_namespace: str = ""  # keeps an experiment cell's calls its own


@dataclass
class NightReport:
    night_id: str
    skill_path: str
    status: str  # accepted | held | rejected | unverified | no-new-edit | nothing-to-learn | budget-stopped
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
    kept_rules: list[dict] = field(default_factory=list)  # {"edit", "effect"}: the rules in the final document
    guardrails: list[dict] = field(default_factory=list)  # each kept rule's enforcing form and its verdict alone
    replays: int = 0
    replay_errors: int = 0
    max_error_share: float = 1.0  # past this share of failed replays the night's numbers say nothing
    rules: list[dict] = field(default_factory=list)  # every rule the night considered, with its provenance

    @property
    def error_share(self) -> float:
        return self.replay_errors / self.replays if self.replays else 0.0

    @property
    def errors_exceeded(self) -> bool:
        """Too many replays failed for the night's numbers to mean anything (gate.max_error_share)."""
        return self.replay_errors > 0 and self.error_share > self.max_error_share

    def error_line(self) -> str:
        return (f"{self.replay_errors} of {self.replays} replays failed ({self.error_share:.0%}, more than "
                f"gate.max_error_share {self.max_error_share:.0%})")
    answers: dict = field(default_factory=dict)  # task id -> the start of its first answer under the original text
    changes: list = field(default_factory=list)  # held-out tasks whose score the kept text moved (night/report/changes.py)

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
        data["replay_error_share"] = round(self.error_share, 4)
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


def _find_night(inputs: NightInputs, settings: NightSettings) -> tuple[str, int, bool]:
    """(night id, seed, resumed). A killed or capped night of the same skill resumes."""
    store, skill_key = inputs.store, str(inputs.skill_path)
    row = None
    if inputs.night_id:
        row = store.query_one("SELECT id, seed FROM nights WHERE id = ?", (inputs.night_id,))
    elif not inputs.dry_run:
        row = store.query_one(
            "SELECT id, seed FROM nights WHERE skill_path = ? AND status IN ('running', 'stopped') ORDER BY started_at DESC LIMIT 1",
            (skill_key,),
        )
    if row is not None:
        return row["id"], int(row["seed"]), True
    seed = settings.split.seed
    if seed is None:
        # Vary sampling between nights (night 2 must not replay night 1 exactly); a dry run
        # uses the seed the next real night will use, so the real night reuses its calls.
        done = store.query_one(
            "SELECT COUNT(*) AS n FROM nights WHERE skill_path = ? AND status NOT IN ('dry-run', 'running', 'stopped')",
            (skill_key,),
        )["n"]
        seed = 1000 + int(done)
    # Nights started within one second (a night per skill, a loop of nights) each need their own id:
    # two random bytes once gave two of them the same one.
    night_id = inputs.night_id or datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(6)
    return night_id, seed, False


def _open_night(inputs: NightInputs, night_id: str, seed: int, resumed: bool) -> None:
    """The night's row, running: a resumed night's row again, else a new one."""
    if resumed:
        inputs.store.execute("UPDATE nights SET status = 'running' WHERE id = ?", (night_id,))
        return
    inputs.store.insert("nights", {
        "id": night_id, "skill_path": str(inputs.skill_path), "status": "running", "seed": seed,
        "config_json": stable_json(inputs.config.snapshot()), "started_at": utc_now(),
    })


def pick_tasks(split: Split, settings: SplitSettings, seed: int, min_val: int = 0) -> tuple[list[Task], list[Task]]:
    """Cap the night at night.max_tasks, keeping the held-out share (and at least `min_val` gate
    tasks); train favours tasks whose source session went wrong (that is where there is something
    to learn), then varies by night."""
    limit = settings.max_tasks
    val_cap = max(1, min_val, round(limit * settings.val_fraction)) if split.val else 0
    val = sorted(split.val, key=lambda t: t.task_id)[:val_cap]
    order = lambda t: (t.outcome not in ("failure", "corrected"), unit_hash(t.task_id, f"night-{seed}"))  # noqa: E731
    train = sorted(split.train, key=order)[: max(0, limit - len(val))]
    return train, val


def default_scorer(recorder: CallRecorder, teacher: Backend) -> Scorer:
    """Rule, exact and qrels judges locally; rubric judges by the teacher, through the record."""
    grader = RubricGrader(recorder, teacher)
    return lambda task, answer, calls: score_answer(task, answer, calls, rubric_grader=grader)


def run_night(inputs: NightInputs) -> NightReport:
    settings = inputs.settings or NightSettings.from_config(inputs.config)
    started = time.monotonic()
    skill_text = inputs.skill_text if inputs.skill_text is not None else _read(inputs.skill_path)
    if not skill_text.strip():
        raise SkilloptError(f"the skill {inputs.skill_path} is missing or empty")
    memory_text = inputs.memory_text if inputs.memory_text is not None else _read(inputs.memory_path)
    early_notes: list[str] = []
    inputs.tasks, sandbox = find_repo_sandbox(inputs.tasks, settings.repo, early_notes)
    night_id, seed, resumed = _find_night(inputs, settings)
    recorder = CallRecorder(inputs.store, night_id, settings.budget.start(), namespace=inputs.call_namespace)
    if inputs.scorer is None:
        inputs.scorer = default_scorer(recorder, inputs.teacher)
    setup = StudentSetup(inputs.student, recorder, temperature=settings.replay.temperature,
                         max_tokens=settings.replay.max_tokens, tool_provider=inputs.tool_provider, scorer=inputs.scorer,
                         sandbox=sandbox, repo=settings.repo.limits,
                         enforcement=tasks_in_force(inputs.tasks))
    # Built before the night's row is written: a student that cannot run stops the night here.
    student = night_student(setup, settings.repo.student, early_notes)
    _open_night(inputs, night_id, seed, resumed)
    if resumed:
        _say(inputs, f"resuming night {night_id} (finished calls come from the record)")
    split = split_tasks(inputs.tasks, val_fraction=settings.split.val_fraction,
                        test_fraction=settings.split.test_fraction, salt=settings.split.salt,
                        min_val=settings.gate.fewest_tasks)
    if not inputs.dry_run:
        TaskRepo(inputs.store).keep_splits(split.assigned)  # a task's split never changes once a night has used it
    train, val = pick_tasks(split, settings.split, seed, settings.gate.fewest_tasks)
    report = NightReport(
        night_id=night_id, skill_path=str(inputs.skill_path), status="nothing-to-learn", seed=seed,
        split={"train": [t.task_id for t in train], "val": [t.task_id for t in val], "test_held_out": len(split.test)},
        train_before={}, val_before={}, val_after={}, best_val={},
        original_skill_text=skill_text, final_skill_text=skill_text,
        original_memory_text=memory_text, final_memory_text=memory_text,
        dry_run=inputs.dry_run, resumed=resumed, max_error_share=settings.gate.max_error_share,
        students=f"{inputs.student.name}:{inputs.student.model}", teachers=f"{inputs.teacher.name}:{inputs.teacher.model}",
    )
    report.notes.extend(early_notes)
    tonight = _Tonight(inputs, settings, report, recorder, setup, student, setup.workers(settings.replay.concurrency), seed)
    try:
        _run(tonight, train, val)
    except BudgetExceeded as exc:
        report.status = "budget-stopped"
        report.notes.append(f"stopped cleanly: {exc}; run again to resume this night")
        _say(inputs, f"budget reached: {exc}")
    _finish(inputs, settings, report, recorder, train + val, started)
    return report


def _finish(inputs: NightInputs, settings: NightSettings, report: NightReport, recorder: CallRecorder,
            tasks: list[Task], started: float) -> None:
    """The night's last words, its stage and ledger, and its row closed with the report."""
    store = inputs.store
    if report.errors_exceeded:
        report.notes.append(f"{report.error_line()}; the backend failed, not the text, and no edit was judged on "
                            "a failed replay")
    if report.status == "accepted":
        hold_if_unscreened(store, report, tasks)  # text from any route, screened as it would be written
    report.calls = recorder.stats.to_dict()
    report.wall_s = round(time.monotonic() - started, 3)
    final_status = "stopped" if report.status == "budget-stopped" else ("dry-run" if inputs.dry_run else report.status)
    report.rules = rule_provenance(store, report)
    if inputs.stage and not inputs.dry_run and report.status != "budget-stopped":
        stage_report(inputs, report, settings.staging_dir)
    if not inputs.dry_run:
        # Proposed when staged for review; accepted (kept, not staged) in experiments.
        status = ("proposed" if report.proposal_id else "accepted") if report.status == "accepted" else \
            HELD if report.status == HELD else "dropped"
        for item in report.kept_rules:
            ledger.record(store, report.skill_path, report.night_id, Edit.from_dict(item["edit"]), status,
                          effect=item["effect"], reason="" if status == "proposed" else f"night ended {report.status}")
    store.execute("UPDATE nights SET status = ?, report_json = ?, finished_at = ? WHERE id = ?",
                  (final_status, stable_json(report.to_dict()), utc_now(), report.night_id))


@dataclass
class _Tonight:
    """What the replays of a night share once it has started."""

    inputs: NightInputs
    settings: NightSettings
    report: NightReport
    recorder: CallRecorder
    setup: StudentSetup
    student: Student
    workers: int
    seed: int

    def replay(self, tasks: list[Task], texts: Texts, stage: str, wordings: dict[str, list[str]],
               samples: int | None = None, student: Student | None = None) -> list[Rollout]:
        replay = self.settings.replay
        run = ReplayRun(self.recorder, rollouts=samples or replay.rollouts, concurrency=self.workers, seed=self.seed,
                        stage=stage, on_progress=self.inputs.on_progress, wordings=wordings)
        return replay_tasks(tasks, texts, student or self.student, run)

    def held_to(self, enforcement: Enforcement) -> Student:
        """The night's student with its repo episodes held to other guardrails."""
        return night_student(replace(self.setup, enforcement=enforcement), self.settings.repo.student, [])


def _run(tonight: _Tonight, train: list[Task], val: list[Task]) -> None:
    inputs, settings, report = tonight.inputs, tonight.settings, tonight.report
    if not train:
        report.notes.append("no train tasks: nothing to reflect on")
        return
    wordings = _wordings(tonight, train + val)
    replayed: dict[tuple[str, str], list[Rollout]] = {}  # (skill, memory) -> its rollouts, for what changed

    def replay(tasks: list[Task], skill: str, memory: str, stage: str = "replay", samples: int | None = None) -> list[Rollout]:
        rollouts = tonight.replay(tasks, Texts(skill, memory), stage, wordings, samples)
        replayed.setdefault((skill, memory), []).extend(rollouts)
        report.replays += len(rollouts)
        report.replay_errors += sum(1 for r in rollouts if r.error)
        return rollouts

    docs = Documents(report.original_skill_text, report.original_memory_text, inputs.memory_path is not None)
    _say(inputs, f"replaying {len(train)} train and {len(val)} held-out task(s) with {report.students}")
    train_rollouts = replay(train, docs.skill, docs.memory)
    val_rollouts = replay(val, docs.skill, docs.memory) if val else []
    current_val = _before(tonight, train_rollouts, val_rollouts)
    ctx = NightContext(
        settings=settings, store=inputs.store, teacher=inputs.teacher, recorder=tonight.recorder,
        skill_path=report.skill_path, night_id=report.night_id, train=train, val=val, replay=replay, seed=tonight.seed,
        notes=report.notes, records=report.rounds, say=lambda m: _say(inputs, m), on_progress=inputs.on_progress,
        budget=NightBudget(1.0 - settings.gate.confidence, settings.rounds + gates_tonight(
            inputs.store, report.skill_path, settings.slow_update_every, report.night_id)),
    )
    outcome = consolidate_if_due(ctx, run_rounds(ctx, train_rollouts, current_val, docs))
    report.final_skill_text, report.final_memory_text = outcome.docs.skill, outcome.docs.memory
    report.val_after = outcome.current_val.to_dict()
    report.best_val = outcome.best_val.to_dict()
    if outcome.kept:
        report.per_task["val_after"] = outcome.current_val.per_task
        report.changes = changed_answers(val_rollouts, replayed.get((outcome.docs.skill, outcome.docs.memory), []),
                                         current_val.per_task, outcome.current_val.per_task)
    report.kept_rules = [{"edit": e.to_dict(), "effect": effect} for e, effect in outcome.kept]
    report.status = night_status(outcome, report.changed, report.rounds, bool(val), report.notes)
    if settings.repo.guardrails and not report.errors_exceeded:
        _guardrails(tonight, outcome, val, wordings)


def _guardrails(tonight: _Tonight, outcome, val: list[Task], wordings: dict[str, list[str]]) -> None:
    """Each tried rule's enforcing form, judged alone under the night's final text."""
    report, settings = tonight.report, tonight.settings
    tried = [e for e, _ in outcome.kept] + [Edit.from_dict(d) for record in report.rounds for d in record.chosen]
    texts = Texts(outcome.docs.skill, outcome.docs.memory)
    report.guardrails = guardrails_tonight(
        tried, val, tonight.setup.enforcement, repo_student_of(tonight.student),
        lambda tasks, enforcement: tonight.replay(tasks, texts, "attribution", wordings,
                                                  student=tonight.held_to(enforcement)),
        report.notes, settings.repo.guardrail_agents)
    report.status = status_with_guardrails(report.status, report.guardrails, report.notes)


def _wordings(tonight: _Tonight, tasks: list[Task]) -> dict[str, list[str]]:
    """The teacher's rewordings of the night's requests, when samples after the first ask in them."""
    replay, report = tonight.settings.replay, tonight.report
    if not (replay.rewordings and replay.rollouts > 1):
        return {}
    _say(tonight.inputs, f"rewording {len(tasks)} request(s) with {report.teachers}")
    wordings = rewordings(tonight.inputs.teacher, tonight.recorder, tasks, replay.rewordings, tonight.seed)
    report.notes.append(f"{len(wordings)} of {len(tasks)} request(s) reworded; replay samples after the "
                        "first ask in those words")
    return wordings


def _before(tonight: _Tonight, train_rollouts: list[Rollout], val_rollouts: list[Rollout]) -> SplitScore:
    """The scores under the night's original texts, in the report; the held-out score returned."""
    report, metric = tonight.report, tonight.settings.gate.metric
    train_score = summarize(train_rollouts, metric)
    current_val = summarize(val_rollouts, metric)
    report.train_before = train_score.to_dict()
    report.val_before = report.val_after = report.best_val = current_val.to_dict()
    report.per_task = {"val_before": current_val.per_task, "train_before": train_score.per_task}
    report.answers = answer_excerpts(train_rollouts + val_rollouts)
    _say(tonight.inputs, f"before: train {train_score.score:.3f} (hard {train_score.hard:.2f}), "
                         f"held-out {current_val.score:.3f} (hard {current_val.hard:.2f})")
    for problem in (train_score.errors + current_val.errors)[:5]:
        report.notes.append(f"judge error: {problem}")
    return current_val
