"""What makes an experiment's figure evidence: nights that are separate measurements (their own
tasks, fresh held-out and sampling seeds), a held-out scored once (a ledger in the repository),
a leak caught by content, and a row that says what produced it or is refused. Real nights over a
real store on a generated family; the models are scripted."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.overlap import overlapping
from skillopt_sleep.experiments.provenance import source_state
from skillopt_sleep.experiments.recipe import expand_grid, recipe_from_dict
from skillopt_sleep.experiments.report import render_markdown
from skillopt_sleep.experiments.run import carve_cell, run_recipe
from skillopt_sleep.experiments.stats import compare
from skillopt_sleep.experiments.sweep import append_row, run_sweep
from tests.test_experiments import env  # noqa: F401  (the fixture: a store under a fresh home)

pytest.importorskip("if_verifiable", reason="the if-verifiable package (Python 3.11+) is in the test extra")
from tests.test_benchmarks_instruction_personas import obedient_student, persona_recipe  # noqa: E402


def independent_recipe(**changes) -> dict:
    return persona_recipe(independent_nights=True, test_seeds=[7, 8],
                          student={"backend": "scripted", "model": "obedient", "temperature": 0.7}, **changes)


def run_cell(env, cell, ledger=None, rescore=False):
    tmp_path, store = env
    return run_recipe(cell, store, tmp_path / "work", student=ScriptedBackend(obedient_student, model="obedient"),
                      teacher=ScriptedBackend(lambda request: "{}", model="silent"),
                      base_config=load_config(env={}, cwd=tmp_path), ledger=ledger, rescore_heldout=rescore)


def test_independent_nights_each_deal_their_own_tasks_held_out_and_sampling_seeds(env):
    tmp_path, _ = env
    cells = expand_grid(recipe_from_dict(independent_recipe(grid={"seed": [0, 1, 2]})))
    tasks = load_benchmark("instruction-personas", {"persona": "team-lead", "tasks": 16}).tasks
    tests = [tuple(sorted(t.task_id for t in carve_cell(tasks, c) if t.split == "test")) for c in cells]
    assert len(set(tests)) == 3
    rows = run_sweep(recipe_from_dict(independent_recipe(grid={"seed": [0, 1, 2]})), tmp_path / "rows.jsonl",
                     lambda cell, i, n: run_cell(env, cell, HeldoutLedger(tmp_path / "ledger.jsonl")),
                     say=lambda message: None)
    held = [row["heldout"]["options"]["request_seed"] for row in rows]
    assert held == [9001, 9002, 9003]
    assert len({tuple(row["test_seeds"]) for row in rows}) == 3
    assert all(row["provenance"]["sampling_seeds"] == row["test_seeds"] for row in rows)
    # Each night's held-out is other requests, not the same ones renumbered.
    intents = [{t for s in row["heldout"]["baseline"]["per_seed"] for t in s["per_task_hard"]} for row in rows]
    assert not intents[0] & intents[1]
    section = render_markdown(rows, "nights", None).split("## Independent nights", 1)[1]
    line = next(li for li in section.splitlines() if li.startswith("| instruction-personas/team-lead") and "| heldout | hard |" in li)
    assert line.endswith("| night |") and "(unit: night)" in section


def test_independent_nights_are_refused_without_a_sampling_student_or_a_held_out_to_generate():
    with pytest.raises(ExperimentError, match="temperature"):
        recipe_from_dict(persona_recipe(independent_nights=True))
    with pytest.raises(ExperimentError, match="request_seed or heldout.options.item_seed"):
        recipe_from_dict(independent_recipe(heldout={"options": {"part": "heldout", "tasks": 6}}))


def test_independent_nights_of_a_family_seeded_by_item_each_generate_their_own_held_out_items():
    pytest.importorskip("reasoning_gym", reason="reasoning-gym is in the test extra")
    recipe = recipe_from_dict({
        "name": "legs-nights", "benchmark": {"name": "reasoning", "options": {"dataset": "leg_counting", "tasks": 20}},
        "split": {"test": 4, "val": 4, "train": 8}, "independent_nights": True,
        "heldout": {"options": {"item_seed": 9001, "tasks": 5}}, "grid": {"seed": [0, 1, 2]},
        "student": {"backend": "scripted", "model": "s", "temperature": 0.7}, "teacher": "scripted:t"})
    cells = expand_grid(recipe)
    # Item i is drawn from the seed plus i, so consecutive seeds would share all but one item.
    assert [c.cell_heldout_options()["item_seed"] for c in cells] == [9001, 9006, 9011]
    without_size = {"dataset": "leg_counting"}
    with pytest.raises(ExperimentError, match="needs the held-out's 'tasks'"):
        recipe_from_dict({**recipe.raw, "benchmark": {"name": "reasoning", "options": without_size},
                          "heldout": {"options": {"item_seed": 9001}}})
    items = [{t.intent for t in load_benchmark("reasoning", {**c.benchmark_options, **c.cell_heldout_options()}).tasks}
             for c in cells]
    assert not items[0] & items[1] and not items[1] & items[2]


def test_a_held_out_is_scored_once_and_a_second_scoring_is_refused_or_marked_viewed(env):
    tmp_path, _ = env
    ledger = HeldoutLedger(tmp_path / "heldout-ledger.jsonl")
    first = run_cell(env, recipe_from_dict(persona_recipe()), ledger)
    assert first.heldout["viewed"] is False
    entry = json.loads(ledger.path.read_text().splitlines()[0])
    assert entry["cell_id"] == first.cell_id and entry["commit"] == source_state().commit
    # The same cell resumed after a kill repeats its own measurement.
    assert run_cell(env, recipe_from_dict(persona_recipe()), ledger).heldout["viewed"] is False
    other = recipe_from_dict(persona_recipe(revision="next-engine"))  # a new engine, the same held-out
    with pytest.raises(ExperimentError, match="scored before"):
        run_cell(env, other, ledger)
    assert run_cell(env, other, ledger, rescore=True).heldout["viewed"] is True
    assert "(viewed)" in render_markdown([run_cell(env, other, ledger, rescore=True).to_dict()], "t", None)


def test_a_held_out_sharing_a_nights_requests_under_other_ids_is_refused(env):
    # The train part under another request seed: other ids, many of the same requests.
    leaky = recipe_from_dict(persona_recipe(heldout={"options": {"part": "train", "request_seed": 5, "tasks": 40}}))
    with pytest.raises(ExperimentError, match="share their content"):
        run_cell(env, leaky)
    train = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 3}).tasks
    shouted = [type(t).from_dict({**t.to_dict(), "task_id": "other", "intent": "  " + t.intent.upper() + "!!"})
               for t in train[:1]]
    assert overlapping(shouted, train) == [("other", train[0].task_id)]
    fresh = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 3, "part": "heldout"}).tasks
    assert overlapping(fresh, train) == []


def test_the_writer_refuses_a_row_that_does_not_say_what_produced_it(env):
    tmp_path, _ = env
    row = run_cell(env, recipe_from_dict(persona_recipe())).to_dict()
    for key in ("sampling_seeds", "model_sha256", "night_seeds", "commit"):
        lacking = {**row, "provenance": {k: v for k, v in row["provenance"].items() if k != key}}
        with pytest.raises(ExperimentError, match=key):
            append_row(tmp_path / "rows.jsonl", lacking)
    append_row(tmp_path / "rows.jsonl", row)
    old = {k: v for k, v in row.items() if k != "provenance"}
    assert "| instruction-personas/team-lead (unverified) |" in render_markdown([old], "t", None)


def test_a_tie_kept_to_four_decimals_is_a_tie_not_a_win():
    # 1/3 before under three seeds; after, 1/3, 2/3 and 0: the same mean, rounded apart by 0.0001.
    before = [{"seed": s, "per_task_hard": {"a": 0.3333, "b": 0.0}} for s in (7, 8, 9)]
    after = [{"seed": 7, "per_task_hard": {"a": 0.3333, "b": 1.0}}, {"seed": 8, "per_task_hard": {"a": 0.6667, "b": 1.0}},
             {"seed": 9, "per_task_hard": {"a": 0.0, "b": 1.0}}]
    result = compare(before, after)
    assert (result["tasks_better"], result["tasks_worse"], result["p"]) == (1, 0, 0.5)
