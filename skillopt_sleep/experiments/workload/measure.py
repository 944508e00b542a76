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
from pathlib import Path
from typing import Any, Callable

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.provenance import provenance
from skillopt_sleep.experiments.run import add_calls
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.coding import CODING
from skillopt_sleep.experiments.workload.kind import Night, WorkloadKind, WorkloadRow
from skillopt_sleep.experiments.workload.persona import PERSONA
from skillopt_sleep.experiments.workload.pipeline import Restored, run_person
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.tasks.taskstore import TaskRepo

KINDS: dict[str, WorkloadKind] = {"persona": PERSONA, "coding": CODING}  # by the recipe's `kind`


def workload_row_kind(recipe: WorkloadRecipe) -> str:
    """The kind of the rows the recipe's measurement writes."""
    return KINDS[recipe.kind].row_kind


def measure_person(recipe: WorkloadRecipe, kind: WorkloadKind, restored: Restored, key: Any, work_dir: Path) -> WorkloadRow:
    machine = kind.machine(restored, key.name, key.skill, work_dir)
    run = run_person(restored, key.name, machine, recipe.night_args(key.name), kind.schedule_name, recipe.llm_mining)
    with Store(run.store_path) as store:
        mined = [t for t in TaskRepo(store).list() if t.origin == "real"]
    night = run.night
    # The skill the proposal would install once adopted; without a proposal nothing changes.
    after_skill = (night.get("final_skill_text") or run.seed_skill) if night.get("proposal_id") else run.seed_skill
    started = time.monotonic()
    judged = kind.judge(recipe, restored, key, Night(run, mined, after_skill))
    calls: dict = {}
    for more in (night.get("calls", {}), *judged.calls, run.mine.get("calls") or {}):
        add_calls(calls, more)
    return WorkloadRow(
        cell_id=f"{recipe.name}/{key.name}", kind=kind.row_kind, recipe=recipe.name, persona=key.name,
        student=recipe.student.label(), teacher=recipe.teacher.label(), sessions=judged.sessions,
        ingest={k: run.ingest.get(k) for k in ("sessions_new", "sessions_updated", "excluded", "files", "errors") if k in run.ingest},
        mining=judged.mining, mining_score=judged.mining_score, funnel=judged.funnel, night=judged.night,
        heldout=judged.heldout, calls=calls, wall_s={**run.wall_s, "heldout_scoring": round(time.monotonic() - started, 3)},
        test_seeds=list(recipe.test_seeds), finished_at=utc_now(),
        provenance=provenance("", recipe.seed, calls, [recipe.seed], sampling_seeds=recipe.test_seeds),
    )


def run_workload(recipe: WorkloadRecipe, work_dir: Path, say: Callable[[str], None] | None = None,
                 finished: set[str] | frozenset[str] = frozenset(),
                 on_row: Callable[[WorkloadRow], None] | None = None) -> list[WorkloadRow]:
    """Measure each person not in `finished`; `on_row` gets each row as soon as it is measured, so
    a run stopped part way keeps the persons it finished."""
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
        if person in finished:
            say(f"{person}: already measured, kept")
            continue
        row = measure_person(recipe, kind, restored, keys[person], work_dir)
        say(kind.progress(row))
        rows.append(row)
        if on_row:
            on_row(row)
    return rows
