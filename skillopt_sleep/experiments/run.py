"""`experiment run`: baseline on a test split, N nights, the held-out score after each night.

Test tasks are carved from the benchmark and marked `split = "test"`, so the nights (which get
them too) never replay them; this module scores them itself with the same replay settings under
each of the recipe's sampling seeds, the same seeds before and after, so a difference between
baseline and after is paired. A recipe may also name a held-out tasks file of its own (new
topics, other wording, stricter checks) that no night sees, scored the same way.

Every call goes through the store's CallRecorder under this cell's namespace: a killed run
started again gets its finished calls back, and no other cell's answers are reused (the baseline
may be shared between cells on request, since it is the same measurement of the same skill).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.backends import Backend, create_backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.roles import backend_options
from skillopt_sleep.benchmarks import Benchmark, Carve, carve_splits, load_benchmark
from skillopt_sleep.config import Config, load_config
from skillopt_sleep.errors import FATAL_ERRORS, ExperimentError, SkilloptError
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.overlap import overlapping
from skillopt_sleep.experiments.provenance import provenance, source_state
from skillopt_sleep.experiments.recipe import ARMS, ModelChoice, Recipe, load_recipe, pick_cell
from skillopt_sleep.experiments.stats import compare, summarize_scores
from skillopt_sleep.night.replay.samples import ReplayRun, replay_tasks, summarize
from skillopt_sleep.records import Edit, Rollout, Task, stable_json, text_hash
from skillopt_sleep.tasks.taskstore import load_tasks_file
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.students.base import StudentSetup, Texts
from skillopt_sleep.students.registry import create_student


@dataclass
class NightRow:
    night: int
    night_id: str
    decision: str
    val_before: float | None
    val_after: float | None
    test: dict
    accepted_edits: list[dict]
    rejected_edits: list[dict]
    reflection_errors: list[str]
    calls: dict
    wall_s: float
    skill_hash: str
    kept_rules: list[dict] = field(default_factory=list)  # {"edit", "effect"}: measured leave-one-out effects
    refused: list[dict] = field(default_factory=list)  # lint / rules refusals with reasons


@dataclass
class RunResult:
    cell_id: str
    label: str
    benchmark: dict
    student: str
    teacher: str
    gate: bool
    seed: int
    split: dict
    baseline: dict
    after: dict
    nights: list[NightRow] = field(default_factory=list)
    final_skill_text: str = ""
    initial_skill_hash: str = ""
    final_skill_hash: str = ""
    calls: dict = field(default_factory=dict)
    wall_s: float = 0.0
    finished_at: str = ""
    params: dict = field(default_factory=dict)
    model_sha256: dict = field(default_factory=dict)  # role -> verified weights hash (local models)
    arm: str = ""
    test_seeds: list[int] = field(default_factory=list)
    test_stats: dict = field(default_factory=dict)  # baseline / after means with intervals, paired comparison
    heldout: dict = field(default_factory=dict)  # the same for the recipe's own held-out file
    provenance: dict = field(default_factory=dict)  # commit, engine revision, night seeds, calls from the record

    def to_dict(self) -> dict:
        return asdict(self)


def backend_for(choice: ModelChoice, config: Config, role: str) -> Backend:
    options = backend_options(config, role, choice.backend)
    options.update(choice.options)
    return create_backend(choice.backend, choice.model, options)


def night_config(recipe: Recipe, base: Config, night: int) -> Config:
    overrides: dict = {"gate.enabled": recipe.gate, "night.seed": recipe.seed * 1000 + night,
                       "night.test_fraction": 0.0, **ARMS.get(recipe.arm, {})}
    for role, choice in (("student", recipe.student), ("teacher", recipe.teacher)):
        if choice.max_tokens is not None:
            overrides[f"{role}.max_tokens"] = choice.max_tokens
        if choice.temperature is not None:
            overrides[f"{role}.temperature"] = choice.temperature
    overrides.update(recipe.config)
    return base.with_overrides(overrides, "recipe")


def with_benchmark_metric(base: Config, recipe: Recipe, bench: Benchmark) -> Config:
    """Scores use the benchmark's own metric unless the recipe or the user's config names one."""
    if "gate.metric" in recipe.config or base.sources.get("gate.metric", "default") != "default":
        return base
    return base.with_overrides({"gate.metric": bench.metric}, f"benchmark {bench.name}")


def replay_measured(tasks: list[Task], skill: str, bench: Benchmark, student: Backend, recorder: CallRecorder,
                    config: Config, seed: int) -> list[Rollout]:
    """One sampling seed's rollouts, every one an answer. A replay the backend could not produce
    (a timeout on a busy machine) would score as a failed answer, so it is asked once more, and
    if it fails again the measurement stops: the calls made so far stay in the record, and the
    sweep run again resumes from them."""
    setup = StudentSetup(student, recorder, temperature=config["student.temperature"],
                         max_tokens=config["student.max_tokens"], tool_provider=bench.tool_provider, scorer=bench.scorer)
    answerer = create_student("text", setup)
    run = ReplayRun(recorder, concurrency=setup.workers(config["night.concurrency"]), seed=seed)

    def replay(chosen: list[Task]) -> list[Rollout]:
        return replay_tasks(chosen, Texts(skill), answerer, run)

    rollouts = replay(tasks)
    failed = {r.task_id for r in rollouts if r.error}
    if not failed:
        return rollouts
    try:
        again = {r.task_id: r for r in replay([t for t in tasks if t.task_id in failed])}
    except FATAL_ERRORS:
        raise
    except SkilloptError:  # every one failed again
        again = {}
    rollouts = [again.get(r.task_id, r) if r.error else r for r in rollouts]
    still = [r for r in rollouts if r.error]
    if still:
        raise ExperimentError(f"{len(still)} replay(s) under sampling seed {seed} failed twice, first {still[0].task_id}: "
                              f"{still[0].error}; a missing answer is never scored: fix the cause (for a timeout, "
                              "raise calls.timeout_s) and run again, finished calls are reused")
    return rollouts


def score_tasks(tasks: list[Task], skill: str, bench: Benchmark, student: Backend, store: Store,
                config: Config, tag: str, seeds: list[int], namespace: str) -> tuple[dict, dict]:
    """Every task once under each sampling seed; the score is the mean over seeds, and each
    seed's per-task hard results are kept for paired statistics."""
    recorder = CallRecorder(store, tag, namespace=namespace)
    per_seed, scores = [], []
    for seed in seeds:
        rollouts = replay_measured(tasks, skill, bench, student, recorder, config, seed)
        split = summarize(rollouts, config["gate.metric"])
        scores.append(split)
        per_seed.append({"seed": seed, "score": round(split.score, 4), "hard": round(split.hard, 4),
                         "per_task_hard": {r.task_id: r.score.hard for r in rollouts},
                         "per_task_soft": {r.task_id: round(r.score.soft, 4) for r in rollouts},
                         "per_task": {k: round(v, 4) for k, v in split.per_task.items()},
                         "replay_errors": split.replay_errors})
    out = {"score": round(sum(s.score for s in scores) / len(scores), 4), "hard": round(sum(s.hard for s in scores) / len(scores), 4),
           "soft": round(sum(s.soft for s in scores) / len(scores), 4), "n_tasks": len(tasks), "per_seed": per_seed,
           "replay_errors": sum(s.replay_errors for s in scores)}
    return out, recorder.stats.to_dict()


def carve_cell(tasks: list[Task], recipe: Recipe) -> list[Task]:
    """The cell's test / val / train tasks. The test split depends on the salt alone; with
    `split.by_seed` the night seed deals val and train afresh from the rest, and with independent
    nights it deals the test split too."""
    if not recipe.split_by_seed:
        return carve_splits(tasks, recipe.carve)
    carve = recipe.carve
    test_salt = f"{carve.salt}/night-seed-{recipe.seed}" if recipe.independent_nights else carve.salt
    test = carve_splits(tasks, Carve(test=carve.test, val=0, train=0, salt=test_salt))
    taken = {t.task_id for t in test}
    rest = carve_splits([t for t in tasks if t.task_id not in taken],
                        Carve(test=0, val=carve.val, train=carve.train, salt=f"{carve.salt}/night-seed-{recipe.seed}"))
    return test + rest


def heldout_tasks_of(recipe: Recipe) -> list[Task]:
    """The recipe's held-out: a tasks file, or the benchmark's tasks generated with other options
    (a request seed no night has used); none of them is ever replayed by a night."""
    if recipe.heldout_options:
        bench = load_benchmark(recipe.benchmark, {**recipe.benchmark_options, **recipe.cell_heldout_options()})
        return [Task.from_dict({**t.to_dict(), "split": "test"}) for t in bench.tasks]
    return load_tasks_file(Path(recipe.heldout_path())) if recipe.heldout else []


def baseline_namespace(recipe: Recipe, cell_id: str) -> str:
    """The cell's own namespace, or one shared by every cell that measures the same seed skill
    with the same student and settings (asked for with `share_baseline`), or the one of the same
    cell of the recipe named by `baseline_from` (whose measurement this must be)."""
    if recipe.baseline_from:
        other = pick_cell(load_recipe(Path(recipe.baseline_from)), recipe.benchmark_options)
        for what in ("student", "carve", "test_seeds", "heldout", "heldout_options"):
            if getattr(other, what) != getattr(recipe, what):
                raise ExperimentError(f"{recipe.name}: baseline_from {recipe.baseline_from} measures another {what}; "
                                      "its baselines are not this recipe's")
        return baseline_namespace(other, other.cell_id())
    if not recipe.share_baseline:
        return cell_id
    identity = {"benchmark": recipe.benchmark, "options": recipe.benchmark_options, "student": vars(recipe.student),
                "split": vars(recipe.carve), "config": recipe.config}
    if recipe.independent_nights:  # each night seed measures its own tasks under its own seeds
        identity["night_seed"] = recipe.seed
    return "baseline-" + text_hash(stable_json(identity))[:12]


def _edits(night_report) -> tuple[list[dict], list[dict], list[str]]:
    accepted, rejected, errors = [], [], []
    for record in night_report.rounds:
        landed = [o["edit"] for o in record.outcomes if o.get("landed")]
        dropped = record.gate.get("dropped") or []  # attribution: landed, measured, left out
        dropped_keys = {Edit.from_dict(d["edit"]).key() for d in dropped}  # a delete has no text of its own
        if record.gate.get("applied"):
            accepted += [e for e in landed if Edit.from_dict(e).key() not in dropped_keys]
            rejected += [{**d["edit"], "why": d["why"]} for d in dropped]
        else:
            rejected += landed
        rejected += [{**o["edit"], "why": o.get("reason", "")} for o in record.outcomes if not o.get("landed")]
        if record.reflection_error:
            errors.append(record.reflection_error)
    return accepted, rejected, errors


def add_calls(total: dict, more: dict) -> None:
    for key in ("calls", "cached", "errors", "input_tokens", "output_tokens", "cost_usd", "latency_s"):
        total[key] = round(total.get(key, 0) + more.get(key, 0), 6)


def run_recipe(recipe: Recipe, store: Store, work_dir: Path, *, student: Backend | None = None,
               teacher: Backend | None = None, base_config: Config | None = None,
               progress: Callable[[str], None] | None = None, event: Callable[[str], None] | None = None,
               bench: Benchmark | None = None, ledger: HeldoutLedger | None = None,
               rescore_heldout: bool = False) -> RunResult:
    """One cell: the recipe's benchmark, models, gate and seed. `student`/`teacher` override
    the recipe's models (tests pass scripted backends). With a `ledger`, the held-out is scored
    only if no other cell scored it before (or `rescore_heldout`, and the row says "viewed")."""
    started = time.monotonic()
    source_state()  # the code this process runs, read now: a commit made while a sweep runs did not run
    say = event or (lambda message: None)
    base = base_config or load_config(env={}, cwd=work_dir)
    bench = bench or load_benchmark(recipe.benchmark, recipe.benchmark_options)
    base = with_benchmark_metric(base, recipe, bench)
    config = night_config(recipe, base, 0)
    student = student or backend_for(recipe.student, config, "student")
    teacher = teacher or backend_for(recipe.teacher, config, "teacher")
    tasks = carve_cell(bench.tasks, recipe)
    test = [t for t in tasks if t.split == "test"]
    cell_id = recipe.cell_id()
    cell_dir = work_dir / cell_id
    cell_dir.mkdir(parents=True, exist_ok=True)
    skill_path = cell_dir / "SKILL.md"  # the night's identity for this cell's rejected-edit buffer
    skill = bench.skill_text
    if not skill_path.exists():
        skill_path.write_text(skill, encoding="utf-8")
    total_calls: dict = {}
    seeds = recipe.sampling_seeds()
    shared = baseline_namespace(recipe, cell_id)
    heldout_tasks = heldout_tasks_of(recipe)
    leaked = overlapping(heldout_tasks, [t for t in tasks if t.split != "test"])
    if leaked:
        shown = ", ".join(f"{h} = {n}" for h, n in leaked[:3])
        raise ExperimentError(f"{recipe.name}: held-out task(s) share their content with the nights' tasks: {shown}")
    viewed = bool(heldout_tasks and ledger and ledger.claim(recipe.heldout_label(), heldout_tasks, cell_id,
                                                            source_state().commit, allow_viewed=rescore_heldout))
    baseline, calls = score_tasks(test, skill, bench, student, store, config, f"exp-{cell_id}-test", seeds, shared)
    add_calls(total_calls, calls)
    say(f"baseline on {len(test)} test task(s) x {len(seeds)} seed(s): {baseline['score']:.3f} (hard {baseline['hard']:.2f})")
    heldout_before = None
    if heldout_tasks:
        heldout_before, calls = score_tasks(heldout_tasks, skill, bench, student, store, config, f"exp-{cell_id}-heldout",
                                            seeds, shared)
        add_calls(total_calls, calls)
        say(f"baseline on {len(heldout_tasks)} held-out task(s): hard {heldout_before['hard']:.2f}")
    result = RunResult(
        cell_id=cell_id, label=recipe.label(), benchmark={**bench.summary(), "options": recipe.benchmark_options},
        student=f"{student.name}:{student.model}", teacher=f"{teacher.name}:{teacher.model}", gate=recipe.gate,
        arm=recipe.arm, test_seeds=list(seeds),
        seed=recipe.seed, split={s: [t.task_id for t in tasks if t.split == s] for s in ("train", "val", "test")},
        baseline=baseline, after=baseline, initial_skill_hash=text_hash(skill)[:12], params=recipe.cell_params(),
        model_sha256={role: getattr(b, "verified_sha256", "") for role, b in (("student", student), ("teacher", teacher))
                      if getattr(b, "verified_sha256", "")},
    )
    night_seeds = []
    for night in range(1, recipe.nights + 1):
        config = night_config(recipe, base, night)
        night_seeds.append(config["night.seed"])
        report = run_night(NightInputs(
            config=config, store=store, skill_path=skill_path, tasks=tasks, student=student, teacher=teacher,
            skill_text=skill, tool_provider=bench.tool_provider, scorer=bench.scorer, stage=False,
            night_id=f"exp-{cell_id}-n{night}", progress=progress, call_namespace=cell_id,
        ))
        skill = report.final_skill_text
        test_score, calls = score_tasks(test, skill, bench, student, store, config, f"exp-{cell_id}-test", seeds,
                                        cell_id if text_hash(skill) != text_hash(bench.skill_text) else shared)
        add_calls(total_calls, calls)
        add_calls(total_calls, report.calls)
        accepted, rejected, errors = _edits(report)
        result.nights.append(NightRow(
            night=night, night_id=report.night_id, decision=report.status,
            val_before=report.val_before.get("score"), val_after=report.val_after.get("score"),
            test=test_score, accepted_edits=accepted, rejected_edits=rejected, reflection_errors=errors,
            calls=report.calls, wall_s=report.wall_s, skill_hash=text_hash(skill)[:12], kept_rules=report.kept_rules,
            refused=[r for record in report.rounds for r in record.refused],
        ))
        result.after = test_score
        say(f"night {night}/{recipe.nights}: {report.status}, val {report.val_before.get('score')} -> "
            f"{report.val_after.get('score')}, test {test_score['score']:.3f} (hard {test_score['hard']:.2f})")
    result.final_skill_text = skill
    result.final_skill_hash = text_hash(skill)[:12]
    result.test_stats = {"baseline": summarize_scores(baseline["per_seed"]), "after": summarize_scores(result.after["per_seed"]),
                         "paired": compare(baseline["per_seed"], result.after["per_seed"])}
    if heldout_tasks:
        namespace = cell_id if text_hash(skill) != text_hash(bench.skill_text) else shared
        heldout_after, calls = score_tasks(heldout_tasks, skill, bench, student, store, config, f"exp-{cell_id}-heldout",
                                           seeds, namespace)
        add_calls(total_calls, calls)
        result.heldout = {"file": recipe.heldout_label(), "n_tasks": len(heldout_tasks), "baseline": heldout_before,
                          "options": recipe.cell_heldout_options(), "viewed": viewed, "ledger": ledger is not None,
                          "after": heldout_after,
                          "stats": {"baseline": summarize_scores(heldout_before["per_seed"]),
                                    "after": summarize_scores(heldout_after["per_seed"]),
                                    "paired": compare(heldout_before["per_seed"], heldout_after["per_seed"])}}
        say(f"held-out: hard {heldout_before['hard']:.2f} -> {heldout_after['hard']:.2f}")
    result.calls = total_calls
    result.provenance = provenance(recipe.revision, recipe.seed, total_calls, night_seeds, sampling_seeds=seeds,
                                   model_sha256=result.model_sha256)
    result.wall_s = round(time.monotonic() - started, 3)
    result.finished_at = utc_now()
    return result
