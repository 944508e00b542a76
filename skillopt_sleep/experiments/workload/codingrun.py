"""`experiment workload` on the coding workload (recipe `kind: coding`): per person, the recorded
weeks through hooks -> ingest -> mine -> one scheduled night (codingpipeline), then the held-out
requests of the key replayed as sandboxed episodes under the starting skill and under the skill
the night's proposal would install (codingmeasure), and the funnel of planted conventions
(codingfunnel). Only this measurement reads the answer key."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.provenance import provenance
from skillopt_sleep.experiments.run import add_calls, backend_for
from skillopt_sleep.experiments.workload.codingfunnel import coding_funnel, mined_conventions, unmatched_checks
from skillopt_sleep.experiments.workload.codingkey import KEY, CodingPersonaKey, load_coding_key
from skillopt_sleep.experiments.workload.codingmeasure import measure_heldout
from skillopt_sleep.experiments.workload.codingpipeline import restore, run_coding_person
from skillopt_sleep.experiments.workload.measure import WorkloadRow, _edit_texts, night_summary
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.night.replay.repo_sandbox import find_repo_sandbox
from skillopt_sleep.night.sequencing.settings import RepoSettings
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.students.base import Student, StudentSetup
from skillopt_sleep.students.registry import repo_student
from skillopt_sleep.tasks.taskstore import TaskRepo


def mining_summary(mine: dict, tasks: list) -> dict:
    """What became repo tasks and why the other sessions gave none (the miner's own reasons)."""
    repo = [t for t in tasks if t.repo is not None]
    return {**mine, "repo_task_ids": sorted(t.task_id for t in repo),
            "repo_found_by": sorted({t.repo.found_by for t in repo}),
            "repo_checks": sorted({c.name() for t in repo for c in t.judge.checks}),
            "repo_verification": sorted({v.command for t in repo for v in t.repo.verification})}


def score_coding_heldout(recipe: WorkloadRecipe, store_path: Path, key: CodingPersonaKey, seed_skill: str,
                         after_skill: str, cwd: Path) -> tuple[dict, dict]:
    config = load_config(env={}, cwd=cwd).with_overrides({"store.path": str(store_path), **recipe.config}, "recipe")
    choice = recipe.student
    student = backend_for(type(choice)(**{**vars(choice), "options": recipe.options(choice, key.name)}), config, "student")
    notes: list[str] = []
    settings = RepoSettings.from_config(config)
    tasks, sandbox = find_repo_sandbox(key.heldout, settings, notes)
    assert sandbox is not None  # every held-out request is a repo task: without a sandbox the call above raised
    temperature = choice.temperature if choice.temperature is not None else config["student.temperature"]
    max_tokens = choice.max_tokens if choice.max_tokens is not None else config["student.max_tokens"]

    def student_for(recorder: CallRecorder) -> Student:
        setup = StudentSetup(student, recorder, temperature=temperature, max_tokens=max_tokens, sandbox=sandbox,
                             repo=settings.limits)
        return repo_student(setup, settings.student, notes)

    with Store(store_path) as store:
        heldout, calls = measure_heldout(
            tasks, {"baseline": seed_skill, "after": after_skill}, student_for, store, recipe.test_seeds,
            {c.id: c.checks for c in key.conventions}, tag=f"coding-workload-{key.name}-heldout")
    heldout["sandbox"] = sandbox.name
    heldout["notes"] = list(dict.fromkeys(notes))  # each arm's student says the same
    return heldout, calls


def measure_coding_person(recipe: WorkloadRecipe, manifest: dict, key: CodingPersonaKey, sessions_dir: Path,
                          repos: dict[str, Path], work_dir: Path) -> WorkloadRow:
    run = run_coding_person(manifest, key.name, key.skill, sessions_dir, repos, work_dir, recipe.night_args(key.name))
    with Store(run.store_path) as store:
        mined = [t for t in TaskRepo(store).list() if t.origin == "real"]
    night = run.night
    after_skill = (night.get("final_skill_text") or run.seed_skill) if night.get("proposal_id") else run.seed_skill
    carried = mined_conventions(mined, key)
    started = time.monotonic()
    heldout, scoring_calls = score_coding_heldout(recipe, run.store_path, key, run.seed_skill, after_skill, run.skill_path.parent)
    calls: dict = {}
    for more in (night.get("calls", {}), *scoring_calls.values(), run.mine.get("calls") or {}):
        add_calls(calls, more)
    own = [s for s in manifest["sessions"] if s["persona"] == key.name]
    mining = mining_summary(run.mine, mined)
    unmatched = unmatched_checks(mined, key)
    return WorkloadRow(
        cell_id=f"{recipe.name}/{key.name}", kind="coding-workload", recipe=recipe.name, persona=key.name,
        student=recipe.student.label(), teacher=recipe.teacher.label(),
        sessions={"learning": len(own), "heldout": len(key.heldout), "agents": sorted({s["agent"] for s in own}),
                  "hook_rows": run.captured, "repo": key.repo},
        ingest={k: run.ingest.get(k) for k in ("sessions_new", "sessions_updated", "excluded", "files", "errors") if k in run.ingest},
        mining=mining, mining_score={"checks": len(mining["repo_checks"]), "matched": len(mining["repo_checks"]) - len(unmatched),
                                     "carriers": carried, "unmatched": unmatched},
        funnel=coding_funnel(key, list(carried), _edit_texts(night), after_skill, run.seed_skill),
        night={**night_summary(night, after_skill, run.seed_skill), "changes": night.get("changes", [])},
        heldout=heldout, calls=calls,
        wall_s={**run.wall_s, "heldout_scoring": round(time.monotonic() - started, 3)},
        test_seeds=list(recipe.test_seeds), finished_at=utc_now(),
        provenance=provenance("", recipe.seed, calls, [recipe.seed], sampling_seeds=recipe.test_seeds),
    )


def run_coding_workload(recipe: WorkloadRecipe, work_dir: Path, say: Callable[[str], None] | None = None,
                        finished: set[str] | frozenset[str] = frozenset(),
                        on_row: Callable[[WorkloadRow], None] | None = None) -> list[WorkloadRow]:
    """Measure each person not in `finished`; `on_row` gets each row as soon as it is measured."""
    say = say or (lambda message: None)
    work_dir = work_dir.resolve()
    manifest, sessions_dir, repos = restore(recipe.workload, work_dir)
    keys = load_coding_key(recipe.workload / KEY, repos)
    wanted = recipe.personas or list(keys)
    missing = [p for p in wanted if p not in keys]
    if missing:
        raise ExperimentError(f"person(s) {', '.join(missing)} not in {recipe.workload / KEY}; known: {', '.join(keys)}")
    rows = []
    for person in wanted:
        if person in finished:
            say(f"{person}: already measured, kept")
            continue
        row = measure_coding_person(recipe, manifest, keys[person], sessions_dir, repos, work_dir)
        stats = row.heldout["stats"]
        say(f"{person}: {row.mining['repo_tasks']} repo task(s); conventions {len(row.funnel['planted'])} planted, "
            f"{len(row.funnel['mined'])} mined, {len(row.funnel['proposed'])} proposed, {len(row.funnel['kept'])} kept; "
            f"night {row.night['decision']}; outcome {stats['outcome']['baseline']['mean']:.2f} -> "
            f"{stats['outcome']['after']['mean']:.2f}, conventions {stats['convention']['baseline']['mean']:.2f} -> "
            f"{stats['convention']['after']['mean']:.2f}")
        rows.append(row)
        if on_row:
            on_row(row)
    return rows
