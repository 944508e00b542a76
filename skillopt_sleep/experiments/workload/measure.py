"""`experiment workload`: a recorded session workload through hooks → ingest → mine → a night,
measured against its answer key, whatever the workload's kind (persona.py: text sessions and
preferences; coding.py: repository sessions and conventions).

Per person: what mining made of the sessions and how the mined checks match the planted
preferences, where each preference is lost on the way (mined, proposed by the night, kept by the
gate), and the held-out requests of the weeks no night saw, scored under the starting skill and
under the skill the night's proposal would install, over several sampling seeds (paired, with
intervals). Every call of the scoring goes through the person's call record; the night's own
calls come from its report. Only this measurement reads the answer key."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.provenance import known_weights, provenance, source_state
from skillopt_sleep.experiments.run import add_calls
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.coding import CODING
from skillopt_sleep.experiments.workload.codingfresh import fresh_tasks, heldout_label
from skillopt_sleep.experiments.workload.kind import HeldoutPlan, Night, WorkloadKind, WorkloadRow
from skillopt_sleep.experiments.workload.persona import PERSONA
from skillopt_sleep.experiments.workload.pipeline import Restored, run_person
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.tasks.taskstore import TaskRepo

KINDS: dict[str, WorkloadKind] = {"persona": PERSONA, "coding": CODING}  # by the recipe's `kind`


def workload_row_kind(recipe: WorkloadRecipe) -> str:
    """The kind of the rows the recipe's measurement writes."""
    return KINDS[recipe.kind].row_kind


def plan_heldout(recipe: WorkloadRecipe, key: Any, arm: str, ledger: HeldoutLedger | None,
                 rescore_heldout: bool) -> HeldoutPlan:
    """The night's held-out: the key's own list, or fresh requests drawn by the night's request
    seed, taken in the ledger before the night runs, so a seed scored before is refused at once."""
    seed = recipe.request_seed()
    base = HeldoutPlan(seeds=recipe.sampling_seeds(), arm=arm, tag=_tag(recipe, key.name))
    if seed is None:
        return base
    count = int(recipe.heldout["requests"])
    tasks = fresh_tasks(key, seed, count)
    label = heldout_label(key.name, seed, count)
    viewed = bool(ledger and ledger.claim(label, tasks, recipe.night_cell(key.name), source_state().commit,
                                          allow_viewed=rescore_heldout))
    return replace(base, tasks=tasks, request_seed=seed, label=label, viewed=viewed)


def _tag(recipe: WorkloadRecipe, person: str) -> str:
    """The held-out scoring's call record: the night's own, so nights share no replies."""
    return f"coding-workload-{person}-heldout" + (f"-night-{recipe.seed}" if recipe.night_seeds else "")


def run_night(recipe: WorkloadRecipe, kind: WorkloadKind, restored: Restored, key: Any, work_dir: Path) -> Night:
    """The person's night on their own machine (a folder per night seed), and the skill its
    proposal would install once adopted; without a proposal nothing changes."""
    folder = work_dir / f"night-{recipe.seed}" if recipe.night_seeds else work_dir
    machine = kind.machine(restored, key.name, key.skill, folder)
    run = run_person(restored, key.name, machine, recipe.night_args(key.name), kind.schedule_name, recipe.llm_mining)
    with Store(run.store_path) as store:
        mined = [t for t in TaskRepo(store).list() if t.origin == "real"]
    night = run.night
    after_skill = (night.get("final_skill_text") or run.seed_skill) if night.get("proposal_id") else run.seed_skill
    return Night(run, mined, after_skill)


def measure_arm(recipe: WorkloadRecipe, kind: WorkloadKind, restored: Restored, key: Any, night: Night,
                plan: HeldoutPlan) -> WorkloadRow:
    """One row: the night's held-out scored under one arm."""
    run = night.run
    started = time.monotonic()
    judged = kind.judge(recipe, restored, key, replace(night, plan=plan))
    calls: dict = {}
    for more in (run.night.get("calls", {}), *judged.calls, run.mine.get("calls") or {}):
        add_calls(calls, more)
    return WorkloadRow(
        cell_id=recipe.cell_id(key.name, plan.arm), kind=kind.row_kind, recipe=recipe.name, persona=key.name,
        student=recipe.student.label(), teacher=recipe.teacher.label(), sessions=judged.sessions,
        ingest={k: run.ingest.get(k) for k in ("sessions_new", "sessions_updated", "excluded", "files", "errors") if k in run.ingest},
        mining=judged.mining, mining_score=judged.mining_score, funnel=judged.funnel, night=judged.night,
        heldout=judged.heldout, calls=calls, wall_s={**run.wall_s, "heldout_scoring": round(time.monotonic() - started, 3)},
        test_seeds=list(plan.seeds), finished_at=utc_now(),
        provenance=provenance("", recipe.seed, calls, [recipe.seed], sampling_seeds=plan.seeds,
                              model_sha256=known_weights({"student": recipe.student, "teacher": recipe.teacher})),
        night_seed=recipe.seed, arm=plan.arm, request_seed=plan.request_seed,
    )


def measure_night(recipe: WorkloadRecipe, kind: WorkloadKind, restored: Restored, key: Any, work_dir: Path, *,
                  arms: list[str], ledger: HeldoutLedger | None = None, rescore_heldout: bool = False) -> list[WorkloadRow]:
    """One night of the person's, then its held-out scored under each arm: one row per arm."""
    plans = [plan_heldout(recipe, key, arm, ledger, rescore_heldout) for arm in arms]
    night = run_night(recipe, kind, restored, key, work_dir)
    return [measure_arm(recipe, kind, restored, key, night, plan) for plan in plans]


def run_workload(recipe: WorkloadRecipe, work_dir: Path, say: Callable[[str], None] | None = None,
                 finished: set[str] | frozenset[str] = frozenset(),
                 on_row: Callable[[WorkloadRow], None] | None = None, ledger: HeldoutLedger | None = None,
                 rescore_heldout: bool = False) -> list[WorkloadRow]:
    """Measure each person's nights (one per night seed) under each arm, leaving out the rows in
    `finished` (cell ids); `on_row` gets each row as soon as it is measured, so a run stopped part
    way keeps the rows it finished. With a `ledger`, fresh held-out requests are taken in it."""
    say = say or (lambda message: None)
    kind = KINDS[recipe.kind]
    work_dir = work_dir.resolve()  # the verbs run with each person's project as their working directory
    restored = kind.restore(recipe.workload, work_dir)
    keys = kind.load_keys(recipe.workload / KEY, restored)
    wanted = recipe.personas or list(keys)
    missing = [p for p in wanted if p not in keys]
    if missing:
        raise ExperimentError(f"person(s) {', '.join(missing)} not in {recipe.workload / KEY}; known: {', '.join(keys)}")
    rows = []
    for person in wanted:
        for night_seed in recipe.nights():
            night = recipe.for_night(night_seed)
            arms = [arm for arm in (recipe.arms or [""]) if night.cell_id(person, arm) not in finished]
            if not arms:
                say(f"{night.night_cell(person)}: already measured, kept")
                continue
            for row in measure_night(night, kind, restored, keys[person], work_dir, arms=arms, ledger=ledger,
                                     rescore_heldout=rescore_heldout):
                say(kind.progress(row))
                rows.append(row)
                if on_row:
                    on_row(row)
    return rows
