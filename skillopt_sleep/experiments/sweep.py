"""`experiment sweep`: every cell of a recipe's grid, one JSONL row per finished cell. A row is
appended (and flushed) only when its cell is done, so a killed sweep started again skips the
finished cells and redoes at most the one in flight, whose finished calls come from the store."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import Recipe, expand_grid
from skillopt_sleep.experiments.run import RunResult


def read_rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            # A line cut short by a kill mid-write: that cell is simply not finished.
            if number == len(path.read_text(encoding="utf-8").splitlines()):
                continue
            raise ExperimentError(f"{path}:{number}: malformed results row") from None
    return rows


def append_row(path: Path, row: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n"
    with open(path, "a", encoding="utf-8") as handle:
        if handle.tell() and not _ends_with_newline(path):
            handle.write("\n")
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"


def run_sweep(recipe: Recipe, results_path: Path, run_cell: Callable[[Recipe, int, int], RunResult],
              *, say: Callable[[str], None] = print) -> list[dict]:
    cells = expand_grid(recipe)
    done = {row["cell_id"] for row in read_rows(results_path)}
    for index, cell in enumerate(cells, 1):
        if cell.cell_id() in done:
            say(f"cell {index}/{len(cells)} {cell.label()}: finished earlier, skipped")
            continue
        result = run_cell(cell, index, len(cells))
        append_row(results_path, {"recipe": recipe.name, **result.to_dict()})
        done.add(cell.cell_id())
    wanted = {c.cell_id() for c in cells}
    return [row for row in read_rows(results_path) if row["cell_id"] in wanted]
