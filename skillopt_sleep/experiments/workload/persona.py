"""The persona workload (recipe `kind: persona`): text sessions of personas with standing
preferences, their project folders in the archive; the mined checks scored by precision and
recall against the planted preferences, and the held-out requests answered as text and scored
with the answer key's checks over several sampling seeds (paired, with intervals)."""

from __future__ import annotations

import json
import os
import shutil
import tarfile
from pathlib import Path

from skillopt_sleep.benchmarks import Benchmark
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.run import add_calls, score_tasks
from skillopt_sleep.experiments.stats import compare, summarize_scores
from skillopt_sleep.experiments.workload.answerkey import PersonaKey, load_key, score_mining, stated_preferences
from skillopt_sleep.experiments.workload.kind import (Judged, Night, WorkloadKind, WorkloadRow, edit_texts, heldout_student,
                                                      night_summary)
from skillopt_sleep.experiments.workload.pipeline import Machine, Restored
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.store import Store

ARCHIVE = "personas-sessions.tar.xz"


def restore(workload: Path, work_dir: Path) -> Restored:
    """Extract the recorded sessions once under `work_dir`."""
    archive = workload / ARCHIVE
    if not archive.is_file():
        raise ExperimentError(f"no {ARCHIVE} in {workload}: run experiments/workloads/generate.py")
    into = work_dir / "sessions"
    if not (into / "manifest.json").is_file():
        into.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, "r:xz") as packed:
            packed.extractall(into, filter="data")
    return Restored(json.loads((into / "manifest.json").read_text(encoding="utf-8")), into)


def machine(restored: Restored, persona: str, skill: str, work_dir: Path) -> Machine:
    """An empty home and a fresh copy of the persona's project, whose skill folder holds the skill."""
    home = work_dir / persona / "home"
    project = work_dir / persona / "project"
    if home.exists():
        shutil.rmtree(home)  # a measurement starts from an empty machine
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(restored.sessions_dir / persona / "project", project)
    return Machine(home, project, project / ".claude" / "skills" / skill / "SKILL.md",
                   {**os.environ, "SKILLOPT_SLEEP_HOME": str(home)})


def funnel(key: PersonaKey, recovered: list[str], night: dict, after_skill: str) -> dict:
    """Which planted preferences survive each stage: mined as a check, stated by an edit the
    night tried, stated by the skill the proposal would install."""
    proposed = [p for p in stated_preferences("\n".join(edit_texts(night)), key) if p in recovered]
    return {"planted": [p.id for p in key.preferences], "mined": recovered, "proposed": proposed,
            "kept": [p for p in stated_preferences(after_skill, key) if p in proposed]}


def score_heldout(recipe: WorkloadRecipe, key: PersonaKey, measured: Night) -> tuple[dict, dict]:
    run = measured.run
    config, student = heldout_student(recipe, run, key.name, run.skill_path.parent)
    bench = Benchmark(name=f"workload/{key.name}", tasks=key.heldout, skill_text=run.seed_skill)
    calls: dict = {}
    with Store(run.store_path) as store:
        scores = {}
        for label, skill in (("baseline", run.seed_skill), ("after", measured.after_skill)):
            scores[label], used = score_tasks(key.heldout, skill, bench, student, store, config,
                                              f"workload-{key.name}-heldout", recipe.test_seeds, f"workload-{label}")
            add_calls(calls, used)
    stats = {"baseline": summarize_scores(scores["baseline"]["per_seed"]), "after": summarize_scores(scores["after"]["per_seed"]),
             "paired": compare(scores["baseline"]["per_seed"], scores["after"]["per_seed"])}
    return {"n_tasks": len(key.heldout), "baseline": scores["baseline"], "after": scores["after"], "stats": stats}, calls


def judge(recipe: WorkloadRecipe, restored: Restored, key: PersonaKey, measured: Night) -> Judged:
    run = measured.run
    score = score_mining(measured.mined, key)
    heldout, calls = score_heldout(recipe, key, measured)
    own = [s for s in restored.manifest["sessions"] if s["persona"] == key.name]
    return Judged(
        sessions={"learning": sum(not s["heldout"] for s in own), "heldout": sum(s["heldout"] for s in own),
                  "agents": sorted({s["agent"] for s in own}), "hook_rows": run.captured},
        mining=run.mine, mining_score=score.to_dict(), funnel=funnel(key, score.recovered, run.night, measured.after_skill),
        night=night_summary(run.night, measured.after_skill, run.seed_skill), heldout=heldout, calls=[calls])


def progress(row: WorkloadRow) -> str:
    return (f"{row.persona}: mined precision {row.mining_score['precision']:.2f} recall {row.mining_score['recall']:.2f}; "
            f"night {row.night['decision']}; held-out {row.heldout['stats']['baseline']['mean']:.2f} -> "
            f"{row.heldout['stats']['after']['mean']:.2f}")


PERSONA = WorkloadKind(row_kind="workload", schedule_name="workload", restore=restore,
                       load_keys=lambda path, restored: load_key(path), machine=machine, judge=judge, progress=progress)
