"""Independent nights of one cell: the night seed deals val and train afresh (the test split
stays), every results row says what produced it, and the report sets the spread across nights
beside the spread across sampling seeds. Real nights over a real store; scripted models."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import carve_splits, load_benchmark
from skillopt_sleep.config import load_config
from skillopt_sleep.experiments.recipe import expand_grid, recipe_from_dict
from skillopt_sleep.experiments.report import render_markdown
from skillopt_sleep.experiments.run import carve_cell, run_recipe
from skillopt_sleep.experiments.sweep import run_sweep
from tests.test_experiments import env  # noqa: F401  (the fixture: a store under a fresh home)
from tests.test_experiments import PREFIX_RULE, base_recipe, literal_student, teacher_proposing

REPO = Path(__file__).resolve().parents[1]


def test_the_night_seed_deals_val_and_train_afresh_and_leaves_the_test_split_alone():
    tasks = load_benchmark("personas", {"family": "programmer"}).tasks
    carved = {seed: carve_cell(tasks, recipe_from_dict(base_recipe(seed=seed, split={
        "test": 4, "val": 3, "train": 3, "salt": "t", "by_seed": True}))) for seed in range(4)}

    def ids(seed, split):
        return sorted(t.task_id for t in carved[seed] if t.split == split)

    assert len({tuple(ids(seed, "test")) for seed in carved}) == 1
    assert len({tuple(ids(seed, "train")) for seed in carved}) > 1
    for seed in carved:
        assert not set(ids(seed, "test")) & set(ids(seed, "train") + ids(seed, "val"))
    # Without by_seed a cell is carved, and named, exactly as before.
    plain = recipe_from_dict(base_recipe())
    assert [t.task_id for t in carve_cell(tasks, plain)] == [t.task_id for t in carve_splits(tasks, plain.carve)]
    assert "by_seed" not in plain.cell_params()["split"]


def test_three_nights_of_a_cell_report_their_spread_and_every_row_says_what_produced_it(env):
    tmp_path, store = env
    recipe = recipe_from_dict(base_recipe(nights=1, grid={"seed": [0, 1, 2]}, test_seeds=[7, 8],
                                          split={"test": 4, "val": 4, "train": 4, "salt": "t", "by_seed": True}))

    def run_cell(cell, index, total):
        return run_recipe(cell, store, tmp_path / "work", student=ScriptedBackend(literal_student, model="student"),
                          teacher=ScriptedBackend(teacher_proposing(PREFIX_RULE), model="teacher"),
                          base_config=load_config(env={}, cwd=tmp_path))

    rows = run_sweep(recipe, tmp_path / "rows.jsonl", run_cell, say=lambda message: None)
    assert sorted(r["seed"] for r in rows) == [0, 1, 2]
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    for row in rows:
        made = row["provenance"]
        assert made["commit"] == head and made["night_seed"] == row["seed"]
        assert made["night_seeds"] == [row["seed"] * 1000 + 1]
        assert made["calls_sent"] == row["calls"]["calls"] and made["calls_from_record"] == row["calls"]["cached"]
        assert made["sampling_seeds"] == [7, 8]
    # The cells share nothing but the test split: each night made its own calls.
    assert all(row["provenance"]["calls_sent"] > 0 for row in rows)
    markdown = render_markdown(rows, "nights", None)
    section = markdown.split("## Independent nights", 1)[1]
    line = next(l for l in section.splitlines() if l.startswith("| programmer"))
    assert ("| test | hard | 3 | +1.00 [+1.00, +1.00], p 0.0625 (4↑ 0↓ of 4 tasks) | +1.00, +1.00, +1.00 | 0.000 | 0.000 | "
            "+1.00 [+1.00, +1.00], p 0.125 | one night's tasks (shared by every night) |") in line
    # The rows keep each answer's share of checks met, so the same nights are tested on it too.
    assert any("| test | soft | 3 |" in l for l in section.splitlines() if l.startswith("| programmer"))
    assert "revision –, sampling seeds [7, 8], calls" in markdown and "from an earlier record" in markdown


def test_a_held_out_the_benchmark_generates_is_named_and_never_a_nights_task(env):
    recipe = recipe_from_dict(base_recipe(heldout={"options": {"family": "researcher"}}))
    assert recipe.heldout_label() == "personas generated with family=researcher"
    assert recipe.cell_params()["heldout_options"] == {"family": "researcher"}
    cells = expand_grid(recipe_from_dict(base_recipe(heldout={"options": {"family": "researcher"}}, grid={"seed": [0, 1]})))
    assert len({c.cell_id() for c in cells}) == 2
    with pytest.raises(Exception, match="heldout"):
        recipe_from_dict(base_recipe(heldout={"tasks": 3}))
