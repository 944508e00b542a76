"""`experiment sweep --ray`: the cells of a sweep as tasks on a Ray cluster (the `ray` extra).

Each cell runs on a worker exactly as on one machine: it opens the study's store and records
every call there under its own namespace, so a cell that a lost worker leaves unfinished is run
again (by Ray's retries, or by the next sweep) with its finished calls answered from the record.
Only this process writes the results file, one row per finished cell, so a sweep started again
skips what finished. The store must be a path every worker reaches (one machine, or a shared
file system). The single-machine sweep (`sweep.run_sweep`) stays the default."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillopt_sleep.config import Config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import Recipe, expand_grid
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.experiments.sweep import append_row, finished_rows, unfinished_cells
from skillopt_sleep.store import Store

logger = logging.getLogger(__name__)
RETRIES = 2  # a worker lost mid-cell: the cell runs again, its finished calls from the record


@dataclass(frozen=True)
class CellJob:
    """What a worker needs to run any cell of the study: where the store and the cells' skill
    files live, and the configuration the sweep was started with."""

    store_path: str
    work_dir: str
    config: Config
    ledger_path: str = ""  # the held-out ledger every worker reaches ("" = none kept)
    rescore_heldout: bool = False


def run_cell(job: CellJob, cell: Recipe) -> dict:
    store = Store(Path(job.store_path))
    try:
        ledger = HeldoutLedger(Path(job.ledger_path)) if job.ledger_path else None
        return run_recipe(cell, store, Path(job.work_dir), base_config=job.config, ledger=ledger,
                          rescore_heldout=job.rescore_heldout).to_dict()
    finally:
        store.close()


def _ray():
    try:
        import ray
    except ImportError as exc:
        raise ExperimentError(f"a sweep on Ray needs the ray extra (pip install 'skillopt-sleep[ray]'): {exc}") from None
    return ray


def run_sweep_ray(recipe: Recipe, results_path: Path, job: CellJob, *, address: str | None = None,
                  num_cpus: int | None = None, say: Callable[[str], None] = logger.info) -> list[dict]:
    """Every unfinished cell as a Ray task; rows appended as cells finish, in any order. Joins the
    cluster at `address` ("auto" for a running one), or starts a local one with `num_cpus`."""
    ray = _ray()
    total = len(expand_grid(recipe))
    pending = unfinished_cells(recipe, results_path, say)
    failures: list[str] = []
    if pending:
        joined_here = not ray.is_initialized()
        if joined_here:
            ray.init(address=address, num_cpus=num_cpus, log_to_driver=False, include_dashboard=False)
        try:
            task = ray.remote(num_cpus=1, max_retries=RETRIES)(run_cell)
            waiting = {task.remote(job, cell): (index, cell) for index, cell in pending}
            while waiting:
                ready, _ = ray.wait(list(waiting), num_returns=1)
                for ref in ready:
                    index, cell = waiting.pop(ref)
                    try:
                        row = ray.get(ref)
                    except Exception as exc:  # a cell's own error, as the worker raised it
                        failures.append(f"cell {index} {cell.label()}: {exc}")
                        say(f"cell {index}/{total} {cell.label()}: failed")
                        continue
                    append_row(results_path, {"recipe": recipe.name, **row})
                    say(f"cell {index}/{total} {cell.label()}: finished on the cluster")
        finally:
            if joined_here:
                ray.shutdown()
    if failures:
        raise ExperimentError(f"{len(failures)} cell(s) failed; the finished ones have their rows and the calls of "
                              "all are in the store, so the sweep run again resumes: " + "; ".join(failures))
    return finished_rows(recipe, results_path)
