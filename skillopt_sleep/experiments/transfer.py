"""`experiment transfer`: optimize the skill with a source student, freeze it, and score it on
a target student: baseline (the initial skill on the target), transferred (the source's skill
on the target) and direct (the skill optimized with the target itself, on the target). A recipe
with a grid (night seeds) gives one row per cell, each appended when done, so a stopped run
started again goes on from the first cell without a row."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from skillopt_sleep.backends import Backend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.config import Config, load_config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.provenance import provenance, source_state
from skillopt_sleep.experiments.recipe import Recipe, expand_grid, model_choice, recipe_from_dict
from skillopt_sleep.experiments.run import (RunResult, add_calls, backend_for, carve_cell, heldout_tasks_of, night_config, run_recipe,
                                            score_tasks, with_benchmark_metric)
from skillopt_sleep.experiments.stats import compare
from skillopt_sleep.experiments.sweep import append_row, read_rows
from skillopt_sleep.store import Store, utc_now


@dataclass
class TransferResult:
    recipe: str
    source: str
    target: str
    baseline: dict
    transferred: dict
    direct: dict
    source_run: dict
    direct_run: dict
    finished_at: str
    provenance: dict = field(default_factory=dict)
    heldout: dict = field(default_factory=dict)  # baseline / transferred / direct on the recipe's held-out, on the target
    cell_id: str = ""  # the grid cell (recipe.cell_id), which a run started again skips once it has a row
    seed: int = 0  # the night seed of the source and the direct night

    def to_dict(self) -> dict:
        return asdict(self)


def with_student(recipe: Recipe, student) -> Recipe:
    data = copy.deepcopy(recipe.raw)
    data.pop("transfer", None)
    data.pop("grid", None)
    data["student"] = student
    return recipe_from_dict(data, f"{recipe.name} ({student})")


def run_transfer(recipe: Recipe, store: Store, work_dir: Path, *, source: Backend | None = None,
                 target: Backend | None = None, teacher: Backend | None = None, base_config: Config | None = None,
                 progress: Callable[[str], None] | None = None, event: Callable[[str], None] | None = None,
                 ledger: HeldoutLedger | None = None, rescore_heldout: bool = False) -> TransferResult:
    """The source's night, the target's own night and the frozen skill on the target: one
    measurement of the held-out, so the transfer row (not each run in it) takes it in the ledger."""
    spec = recipe.transfer
    if not spec.get("source") or not spec.get("target"):
        raise ExperimentError(f"{recipe.name}: 'transfer' needs 'source' and 'target' models")
    source_recipe = with_student(recipe, spec["source"])
    target_recipe = with_student(recipe, spec["target"])
    claimed = heldout_tasks_of(target_recipe)
    viewed = bool(claimed and ledger and ledger.claim(target_recipe.heldout_label(), claimed, recipe.cell_id(),
                                                      source_state().commit, allow_viewed=rescore_heldout))
    base = base_config or load_config(env={}, cwd=work_dir)
    say = event or (lambda message: None)
    bench = load_benchmark(recipe.benchmark, recipe.benchmark_options)
    say(f"optimizing with the source {source_recipe.student.label()}")
    source_run: RunResult = run_recipe(source_recipe, store, work_dir, student=source, teacher=teacher,
                                       base_config=base, progress=progress, event=event, bench=bench)
    say(f"optimizing with the target {target_recipe.student.label()} (direct)")
    direct_run: RunResult = run_recipe(target_recipe, store, work_dir, student=target, teacher=teacher,
                                       base_config=base, progress=progress, event=event, bench=bench)
    config = night_config(target_recipe, with_benchmark_metric(base, target_recipe, bench), 0)  # as run_recipe scored direct
    target = target or backend_for(model_choice(spec["target"], "transfer.target"), config, "student")
    # The direct run has scored two skills on the target already, with the same tasks and sampling
    # seeds: the seed skill (which a source night that kept nothing transfers) and what the target's
    # own night kept (which a source night may have kept word for word). Such a skill's scores are
    # the transferred ones; nothing is scored twice (the seed skill last: where the direct night
    # kept nothing, both hashes are the seed skill's).
    scored_by_direct = {direct_run.final_skill_hash: "after", direct_run.initial_skill_hash: "before"}
    known = scored_by_direct.get(source_run.final_skill_hash)
    calls: dict = {}

    def scored_on_target(tasks: list, part: str, by_direct: dict) -> dict:
        if known:
            return by_direct[known]
        scored, spent = score_tasks(tasks, source_run.final_skill_text, bench, target, store, config,
                                    f"exp-transfer-{direct_run.cell_id}-{part}", target_recipe.sampling_seeds(),
                                    f"transfer-{direct_run.cell_id}")
        add_calls(calls, spent)
        return scored

    test = [t for t in carve_cell(bench.tasks, target_recipe) if t.split == "test"]
    transferred = scored_on_target(test, "test", {"before": direct_run.baseline, "after": direct_run.after})
    heldout: dict = {}
    heldout_tasks = heldout_tasks_of(target_recipe)
    if heldout_tasks:
        before, after = direct_run.heldout["baseline"], direct_run.heldout["after"]
        scored = scored_on_target(heldout_tasks, "heldout", {"before": before, "after": after})
        heldout = {"file": target_recipe.heldout_label(), "viewed": viewed, "ledger": ledger is not None,
                   "baseline": before, "transferred": scored, "direct": after,
                   "transferred_vs_baseline": compare(before["per_seed"], scored["per_seed"]),
                   "direct_vs_baseline": compare(before["per_seed"], after["per_seed"])}
        say(f"held-out on the target: baseline {before['hard']:.2f}, transferred {scored['hard']:.2f}, direct {after['hard']:.2f}")
    say(f"target: baseline {direct_run.baseline['score']:.3f}, transferred {transferred['score']:.3f}, "
        f"direct {direct_run.after['score']:.3f}")
    return TransferResult(
        recipe=recipe.name, source=source_run.student, target=direct_run.student,
        baseline=direct_run.baseline, transferred=transferred, direct=direct_run.after,
        source_run=source_run.to_dict(), direct_run=direct_run.to_dict(), finished_at=utc_now(),
        provenance=provenance(recipe.revision, recipe.seed, calls, direct_run.provenance["night_seeds"],
                              sampling_seeds=target_recipe.sampling_seeds(),
                              model_sha256={**source_run.model_sha256, "target": getattr(target, "verified_sha256", "")}),
        heldout=heldout,
        cell_id=recipe.cell_id(), seed=recipe.seed,
    )


def run_transfers(recipe: Recipe, results_path: Path, run_one: Callable[[Recipe], TransferResult], *,
                  say: Callable[[str], None] = lambda message: None) -> list[dict]:
    """Every cell of the recipe's grid (the recipe alone without one) as its own transfer row,
    under the recipe's name; a cell that already has a row in `results_path` is skipped."""
    cells = expand_grid(recipe)
    done = {(row.get("recipe"), row["cell_id"]) for row in read_rows(results_path)}
    for index, cell in enumerate(cells, 1):
        if (recipe.name, cell.cell_id()) in done:
            say(f"transfer {index}/{len(cells)} {cell.label()}: finished earlier, skipped")
            continue
        say(f"transfer {index}/{len(cells)} {cell.label()}")
        result = run_one(cell)
        result.recipe = recipe.name
        append_row(results_path, result.to_dict())
    wanted = {cell.cell_id() for cell in cells}
    return [row for row in read_rows(results_path) if row.get("recipe") == recipe.name and row["cell_id"] in wanted]
