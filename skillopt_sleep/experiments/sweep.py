"""`experiment sweep`: every cell of a recipe's grid, one JSONL row per finished cell. A row is
appended (and flushed) only when its cell is done, so a killed sweep started again skips the
finished cells and redoes at most the one in flight, whose finished calls come from the store."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Callable

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.provenance import require_provenance
from skillopt_sleep.experiments.recipe import Recipe, expand_grid
from skillopt_sleep.experiments.run import RunResult

logger = logging.getLogger(__name__)


def read_rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(lines):
                continue  # a line cut short by a kill mid-write: that cell is simply not finished
            raise ExperimentError(f"{path}:{number}: malformed results row") from None
        if not isinstance(rows[-1], dict) or "cell_id" not in rows[-1]:
            raise ExperimentError(f"{path}:{number}: a results row needs a 'cell_id'")
    return rows


def append_row(path: Path, row: dict) -> None:
    """Append one finished row; a row that does not say what produced it is refused."""
    require_provenance(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    drop_partial_line(path)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def drop_partial_line(path: Path) -> None:
    """Cut a last line left unfinished by a kill, so the next row starts on a line of its own."""
    if not path.exists() or path.stat().st_size == 0:
        return
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return
    with open(path, "r+b") as handle:
        handle.truncate(data.rfind(b"\n") + 1)


def unfinished_cells(recipe: Recipe, results_path: Path, say: Callable[[str], None]) -> list[tuple[int, Recipe]]:
    """The grid's cells that have no row yet, each with its 1-based place in the grid."""
    cells = expand_grid(recipe)
    done = {row["cell_id"] for row in read_rows(results_path)}
    pending = []
    for index, cell in enumerate(cells, 1):
        if cell.cell_id() in done:
            say(f"cell {index}/{len(cells)} {cell.label()}: finished earlier, skipped")
        else:
            pending.append((index, cell))
    return pending


def finished_rows(recipe: Recipe, results_path: Path) -> list[dict]:
    wanted = {c.cell_id() for c in expand_grid(recipe)}
    return [row for row in read_rows(results_path) if row["cell_id"] in wanted]


def run_sweep(recipe: Recipe, results_path: Path, run_cell: Callable[[Recipe, int, int], RunResult],
              *, say: Callable[[str], None] = logger.info) -> list[dict]:
    total = len(expand_grid(recipe))
    for index, cell in unfinished_cells(recipe, results_path, say):
        result = run_cell(cell, index, total)
        append_row(results_path, {"recipe": recipe.name, **result.to_dict()})
    return finished_rows(recipe, results_path)
