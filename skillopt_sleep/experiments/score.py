"""`experiment score`: one skill file, as it stands, scored the way a recipe scores its cells (the
same student, test split, held-out and sampling seeds), so a hand-written or edited skill can be
set beside what the nights learned. No night runs; no cell's record is reused."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.config import Config, load_config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import Recipe
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.provenance import provenance, source_state
from skillopt_sleep.experiments.run import add_calls, backend_for, carve_cell, heldout_tasks_of, night_config, score_tasks, with_benchmark_metric
from skillopt_sleep.experiments.stats import summarize_scores
from skillopt_sleep.records import text_hash
from skillopt_sleep.store import Store, utc_now


@dataclass
class ScoreResult:
    kind: str
    cell_id: str  # the recipe cell's id and the skill's hash: one row per skill and cell
    skill: str
    skill_hash: str
    label: str
    student: str
    test_seeds: list[int]
    test: dict
    test_stats: dict
    heldout: dict = field(default_factory=dict)
    finished_at: str = ""
    provenance: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def score_skill(recipe: Recipe, skill_path: Path, store: Store, *, base_config: Config | None = None,
                student=None, test: bool = True, ledger: HeldoutLedger | None = None,
                rescore_heldout: bool = False) -> ScoreResult:
    try:
        skill = skill_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ExperimentError(f"cannot read skill {skill_path}: {exc}") from None
    base = base_config or load_config(env={})
    bench = load_benchmark(recipe.benchmark, recipe.benchmark_options)
    config = night_config(recipe, with_benchmark_metric(base, recipe, bench), 0)
    student = student or backend_for(recipe.student, config, "student")
    digest = text_hash(skill)[:12]
    namespace = f"score-{recipe.cell_id()}-{digest}"
    seeds = recipe.sampling_seeds()
    result = ScoreResult(kind="score", cell_id=f"{recipe.cell_id()}-{digest}", skill=str(skill_path), skill_hash=digest,
                         label=recipe.label(), student=f"{student.name}:{student.model}", test_seeds=list(seeds), test={}, test_stats={})
    calls: dict = {}
    if test:
        tasks = [t for t in carve_cell(bench.tasks, recipe) if t.split == "test"]
        result.test, spent = score_tasks(tasks, skill, bench, student, store, config, f"exp-score-{digest}-test", seeds, namespace)
        add_calls(calls, spent)
        result.test_stats = summarize_scores(result.test["per_seed"])
    tasks = heldout_tasks_of(recipe)
    if tasks:
        viewed = bool(ledger and ledger.claim(recipe.heldout_label(), tasks, result.cell_id, source_state().commit,
                                              allow_viewed=rescore_heldout))
        scored, spent = score_tasks(tasks, skill, bench, student, store, config, f"exp-score-{digest}-heldout", seeds, namespace)
        add_calls(calls, spent)
        result.heldout = {"file": recipe.heldout_label(), "n_tasks": len(tasks), "after": scored, "viewed": viewed,
                          "stats": summarize_scores(scored["per_seed"])}
    result.provenance = provenance(recipe.revision, recipe.seed, calls, sampling_seeds=seeds,
                                   model_sha256={"student": getattr(student, "verified_sha256", "")}
                                   if getattr(student, "verified_sha256", "") else {})
    result.finished_at = utc_now()
    return result
