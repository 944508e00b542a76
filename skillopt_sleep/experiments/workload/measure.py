"""`experiment workload`: a recorded session workload through hooks → ingest → mine → a night,
measured against the personas' answer key.

Per persona: the mining yield (sessions → intents → tasks → tasks with checks), the precision and
recall of the mined checks against the planted preferences, where each preference is lost on the
way (mined, proposed by the night, kept by the gate), and the held-out requests of the weeks no
night saw, scored with the answer key's checks under the starting skill and under the skill the
night's proposal would install, over several sampling seeds (paired, with intervals). Every
call of the scoring goes through the persona's call record; the night's own calls come from its
report."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from skillopt_sleep.benchmarks import Benchmark
from skillopt_sleep.config import load_config
from skillopt_sleep.experiments.provenance import provenance
from skillopt_sleep.experiments.run import add_calls, backend_for, score_tasks
from skillopt_sleep.experiments.stats import compare, summarize_scores
from skillopt_sleep.experiments.workload.answerkey import PersonaKey, load_key, score_mining, stated_preferences
from skillopt_sleep.experiments.workload.pipeline import KEY, PersonaRun, run_persona, unpack
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.store import Store, utc_now
from skillopt_sleep.tasks.taskstore import TaskRepo


@dataclass
class WorkloadRow:
    cell_id: str  # recipe/persona: what `experiment report` reads rows by
    kind: str
    recipe: str
    persona: str
    student: str
    teacher: str
    sessions: dict  # learning / held-out sessions recorded, hook rows replayed
    ingest: dict
    mining: dict  # the miner's own counts
    mining_score: dict  # precision / recall against the answer key
    funnel: dict  # per stage, the preferences still carried
    night: dict
    heldout: dict
    calls: dict
    wall_s: dict
    test_seeds: list[int] = field(default_factory=list)
    finished_at: str = ""
    provenance: dict = field(default_factory=dict)  # commit, seeds, calls from the record (experiments.provenance)

    def to_dict(self) -> dict:
        return asdict(self)


def _edit_texts(night: dict) -> list[str]:
    return [str(o["edit"].get("text") or "") for r in night.get("rounds", []) for o in r.get("outcomes", []) if o.get("landed")]


def night_summary(night: dict, after_skill: str, seed_skill: str) -> dict:
    """What a row keeps of the night's report."""
    return {"decision": night.get("decision"), "val_before": night.get("val_before"), "val_after": night.get("val_after"),
            "proposal_id": night.get("proposal_id"), "split": night.get("split") or {},
            "kept_rules": [r.get("edit", {}).get("text", "") for r in night.get("kept_rules", [])],
            "edits_tried": _edit_texts(night), "refused": [x for r in night.get("rounds", []) for x in r.get("refused", [])],
            "notes": night.get("notes", []), "skill_changed": after_skill != seed_skill, "after_skill": after_skill}


def funnel(key: PersonaKey, recovered: list[str], night: dict, after_skill: str) -> dict:
    """Which planted preferences survive each stage: mined as a check, stated by an edit the
    night tried, stated by the skill the proposal would install."""
    proposed = [p for p in stated_preferences("\n".join(_edit_texts(night)), key) if p in recovered]
    return {"planted": [p.id for p in key.preferences], "mined": recovered, "proposed": proposed,
            "kept": [p for p in stated_preferences(after_skill, key) if p in proposed]}


def score_heldout(recipe: WorkloadRecipe, run: PersonaRun, key: PersonaKey, after_skill: str) -> tuple[dict, dict]:
    config = load_config(env={}, cwd=run.skill_path.parent).with_overrides(
        {"store.path": str(run.store_path), **recipe.config}, "recipe")
    choice = recipe.student
    student = backend_for(type(choice)(**{**vars(choice), "options": recipe.options(choice, key.name)}), config, "student")
    bench = Benchmark(name=f"workload/{key.name}", tasks=key.heldout, skill_text=run.seed_skill)
    calls: dict = {}
    with Store(run.store_path) as store:
        scores = {}
        for label, skill in (("baseline", run.seed_skill), ("after", after_skill)):
            scores[label], used = score_tasks(key.heldout, skill, bench, student, store, config,
                                              f"workload-{key.name}-heldout", recipe.test_seeds, f"workload-{label}")
            add_calls(calls, used)
    stats = {"baseline": summarize_scores(scores["baseline"]["per_seed"]), "after": summarize_scores(scores["after"]["per_seed"]),
             "paired": compare(scores["baseline"]["per_seed"], scores["after"]["per_seed"])}
    return {"n_tasks": len(key.heldout), "baseline": scores["baseline"], "after": scores["after"], "stats": stats}, calls


def measure_persona(recipe: WorkloadRecipe, manifest: dict, key: PersonaKey, sessions_dir: Path, work_dir: Path) -> WorkloadRow:
    run = run_persona(manifest, key.name, key.skill, sessions_dir, work_dir, recipe.night_args(key.name), recipe.llm_mining)
    with Store(run.store_path) as store:
        mined = [t for t in TaskRepo(store).list() if t.origin == "real"]
    score = score_mining(mined, key)
    night = run.night
    # The skill the proposal would install once adopted; without a proposal nothing changes.
    after_skill = (night.get("final_skill_text") or run.seed_skill) if night.get("proposal_id") else run.seed_skill
    started = time.monotonic()
    heldout, scoring_calls = score_heldout(recipe, run, key, after_skill)
    calls: dict = {}
    add_calls(calls, night.get("calls", {}))
    add_calls(calls, scoring_calls)
    mine_calls = run.mine.get("calls") or {}
    add_calls(calls, mine_calls)
    own = [s for s in manifest["sessions"] if s["persona"] == key.name]
    return WorkloadRow(
        cell_id=f"{recipe.name}/{key.name}", kind="workload", recipe=recipe.name, persona=key.name, student=recipe.student.label(), teacher=recipe.teacher.label(),
        sessions={"learning": sum(not s["heldout"] for s in own), "heldout": sum(s["heldout"] for s in own),
                  "agents": sorted({s["agent"] for s in own}), "hook_rows": run.captured},
        ingest={k: run.ingest.get(k) for k in ("sessions_new", "sessions_updated", "excluded", "files", "errors") if k in run.ingest},
        mining=run.mine, mining_score=score.to_dict(), funnel=funnel(key, score.recovered, night, after_skill),
        night=night_summary(night, after_skill, run.seed_skill),
        heldout=heldout, calls=calls,
        wall_s={**run.wall_s, "heldout_scoring": round(time.monotonic() - started, 3)},
        test_seeds=list(recipe.test_seeds), finished_at=utc_now(),
        provenance=provenance("", recipe.seed, calls, [recipe.seed], sampling_seeds=recipe.test_seeds),
    )


def run_workload(recipe: WorkloadRecipe, work_dir: Path, say: Callable[[str], None] | None = None,
                 finished: set[str] | frozenset[str] = frozenset(),
                 on_row: Callable[[WorkloadRow], None] | None = None) -> list[WorkloadRow]:
    """Measure each persona not in `finished`; `on_row` gets each row as soon as it is measured, so
    a run stopped part way keeps the personas it finished."""
    say = say or (lambda message: None)
    keys = load_key(recipe.workload / KEY)
    wanted = recipe.personas or list(keys)
    missing = [p for p in wanted if p not in keys]
    if missing:
        raise ExperimentError(f"persona(s) {', '.join(missing)} not in {recipe.workload / KEY}; known: {', '.join(keys)}")
    work_dir = work_dir.resolve()  # the verbs run with each persona's project as their working directory
    sessions_dir = work_dir / "sessions"
    manifest = unpack(recipe.workload, sessions_dir)
    rows = []
    for persona in wanted:
        if persona in finished:
            say(f"{persona}: already measured, kept")
            continue
        row = measure_persona(recipe, manifest, keys[persona], sessions_dir, work_dir)
        say(f"{persona}: mined precision {row.mining_score['precision']:.2f} recall {row.mining_score['recall']:.2f}; "
            f"night {row.night['decision']}; held-out {row.heldout['stats']['baseline']['mean']:.2f} -> "
            f"{row.heldout['stats']['after']['mean']:.2f}")
        rows.append(row)
        if on_row:
            on_row(row)
    return rows
