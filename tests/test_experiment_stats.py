"""Experiment statistics: paired comparisons with the task as the unit of both the interval and
the test, raw counts beside them, independent nights' spread, and the report section that shows
them."""

from __future__ import annotations

import random

from skillopt_sleep.experiments import stats
from skillopt_sleep.night.gate.verdict import sign_flip_p

from skillopt_sleep.experiments.report_stats import stats_table
from skillopt_sleep.experiments.stats import compare, compare_nights, summarize_scores


def seeds(table: dict[int, dict[str, float]]) -> list[dict]:
    return [{"seed": seed, "per_task_hard": per_task} for seed, per_task in table.items()]


def test_a_consistent_gain_is_significant_and_counted():
    before = seeds({7: {f"t{i}": 0.0 for i in range(6)}, 8: {f"t{i}": 0.0 for i in range(6)}})
    after = seeds({7: {f"t{i}": 1.0 for i in range(6)}, 8: {f"t{i}": float(i < 5) for i in range(6)}})
    result = compare(before, after)
    assert result["units"] == 12 and result["wins"] == 11 and result["losses"] == 0
    assert abs(result["delta"] - 11 / 12) < 1e-3
    # Six tasks all better: the smallest p six tasks can give, 1/64 (12 units would claim 1/2048).
    assert result["p"] == round(1 / 64, 4) and result["unit"] == "task" and result["tasks_better"] == 6
    assert [s["after"] for s in result["per_seed"]] == ["6/6", "5/6"]
    low, high = result["ci95"]
    assert 0.5 < low <= result["delta"] <= high <= 1.0


def test_a_mixed_result_is_not_significant():
    before = seeds({7: {"a": 1.0, "b": 0.0, "c": 1.0, "d": 0.0}})
    after = seeds({7: {"a": 0.0, "b": 1.0, "c": 1.0, "d": 1.0}})
    result = compare(before, after)
    assert result["delta"] == 0.25 and result["p"] > 0.2
    assert summarize_scores(after)["passed"] == 3


def test_the_report_shows_intervals_p_and_counts():
    before = seeds({7: {"a": 0.0, "b": 0.0}, 8: {"a": 0.0, "b": 0.0}})
    after = seeds({7: {"a": 1.0, "b": 1.0}, 8: {"a": 1.0, "b": 0.0}})
    row = {"benchmark": {"options": {"seed": "advisor"}}, "arm": "paired",
           "test_stats": {"baseline": summarize_scores(before), "after": summarize_scores(after), "paired": compare(before, after)}}
    table = stats_table([row], "test")
    assert "| advisor (unverified) | paired | 0.00 [0.00, 0.00] (0/4) | 0.75 [" in table  # no provenance
    # Two tasks, both better: 1/4 is the smallest p two tasks can give, and the table says the unit.
    assert "seed 7: 0/2 → 2/2" in table and "p 0.2500 (unit: task, 2↑ 0↓ of 2 tasks)" in table


def null_cell(rng: random.Random, tasks: int, seeds: int) -> tuple[list[dict], list[dict]]:
    """No effect: before and after pass each task by the same coin, but a task's coin is drawn once
    and holds on most of its seeds (a task the student finds easy or hard), so a task's seeds are
    not independent of each other."""
    leans = {f"t{i}": (rng.random() < 0.5, rng.random() < 0.5) for i in range(tasks)}

    def draw(lean: bool) -> float:
        return float(lean if rng.random() < 0.9 else not lean)

    before = {seed: {t: draw(b) for t, (b, _) in leans.items()} for seed in range(seeds)}
    after = {seed: {t: draw(a) for t, (_, a) in leans.items()} for seed in range(seeds)}
    return seeds_of(before), seeds_of(after)


def seeds_of(table: dict[int, dict[str, float]]) -> list[dict]:
    return [{"seed": seed, "per_task_hard": per_task} for seed, per_task in table.items()]


def test_the_task_test_holds_its_level_where_flipping_seeds_one_by_one_does_not(monkeypatch):
    monkeypatch.setattr(stats, "BOOTSTRAP_SAMPLES", 20)  # only p is read here
    rng = random.Random(3)
    trials, alpha = 600, 0.05
    by_task = by_unit = 0
    for _ in range(trials):
        before, after = null_cell(rng, tasks=6, seeds=3)
        by_task += compare(before, after)["p"] <= alpha
        pairs = [(s["per_task_hard"][t], a["per_task_hard"][t]) for s, a in zip(before, after) for t in s["per_task_hard"]]
        by_unit += sign_flip_p([a - b for b, a in pairs]) <= alpha  # the earlier test: (task, seed) units
    # Two standard errors of slack on the task test's rate; the unit test rejects the null far too often.
    assert by_task / trials <= alpha + 2 * (alpha * (1 - alpha) / trials) ** 0.5
    assert by_unit / trials > 2 * alpha


def test_nights_report_their_spread_beside_the_seeds_and_test_by_task():
    before = seeds({7: {"a": 0.0, "b": 0.0, "c": 0.0}, 8: {"a": 0.0, "b": 0.0, "c": 0.0}})
    nights = [seeds({7: {"a": 1.0, "b": 1.0, "c": 1.0}, 8: {"a": 1.0, "b": 1.0, "c": 0.0}}),
              seeds({7: {"a": 1.0, "b": 0.0, "c": 0.0}, 8: {"a": 0.0, "b": 0.0, "c": 0.0}}),
              seeds({7: {"a": 1.0, "b": 1.0, "c": 1.0}, 8: {"a": 1.0, "b": 1.0, "c": 1.0}})]
    result = compare_nights([(before, after) for after in nights])
    assert result["nights"] == 3 and result["night_deltas"] == [round(5 / 6, 4), round(1 / 6, 4), 1.0]
    assert result["tasks"] == 3 and result["unit"] == "task" and result["p"] == 0.125  # 3 tasks, all better
    assert result["sd_nights"] > result["sd_seeds"] > 0  # the nights differ more than their seeds do
    assert result["p_nights"] == 0.125


def scored(per_seed: list[dict]) -> dict:
    """A scored split as a results row keeps it, gated on the mixed metric and without per-task soft
    (as rows written before it was kept): each task's score is the mean of its hard and soft."""
    units = [(s["per_task_hard"][t], s["soft"][t]) for s in per_seed for t in s["per_task_hard"]]
    hard, soft = (sum(u[i] for u in units) / len(units) for i in (0, 1))
    return {"score": (hard + soft) / 2, "hard": hard, "soft": soft,
            "per_seed": [{"seed": s["seed"], "per_task_hard": s["per_task_hard"],
                          "per_task": {t: (s["per_task_hard"][t] + s["soft"][t]) / 2 for t in s["per_task_hard"]}}
                         for s in per_seed]}


def test_soft_is_recovered_from_rows_that_kept_only_the_mixed_score():
    before = scored([{"seed": 7, "per_task_hard": {"a": 0.0, "b": 1.0}, "soft": {"a": 1 / 3, "b": 1.0}}])
    soft = stats.with_soft(before)
    assert soft[0]["per_task_soft"] == {"a": round(1 / 3, 4), "b": 1.0}
    # Gated on hard alone, a row's score is its hard: what soft was cannot be told, so it is not made up.
    assert stats.with_soft({**before, "score": before["hard"]}) is None
    # Rows that keep it are read as they are.
    kept = [{"seed": 7, "per_task_hard": {"a": 0.0}, "per_task_soft": {"a": 0.5}}]
    assert stats.with_soft({"per_seed": kept}) is kept


def test_the_nights_table_shows_a_preference_learned_that_hard_cannot():
    from skillopt_sleep.experiments.report_nights import nights_table

    def row(seed: int, after_soft: float) -> dict:
        # Three checks a task: every answer meets one before; a night that teaches one more
        # preference lifts soft from 1/3 to 2/3, and hard stays at 0.
        def split(value: float) -> dict:
            return scored([{"seed": s, "per_task_hard": {t: 0.0 for t in "abcd"}, "soft": {t: value for t in "abcd"}}
                           for s in (7, 8)])
        return {"benchmark": {"options": {"family": "personas"}}, "arm": "paired", "student": "s",
                "params": {"options": {"persona": "p"}, "seed": seed}, "seed": seed,
                "baseline": split(1 / 3), "after": split(after_soft)}

    table = nights_table([row(0, 1 / 3), row(1, 2 / 3), row(2, 2 / 3)])
    hard_row, soft_row = [line for line in table.splitlines() if "| test |" in line]
    assert "| hard | 3 | +0.00 [+0.00, +0.00], p 1.0000 (0↑ 0↓ of 4 tasks)" in hard_row
    # Each task's mean gain over nights is 2/9; four tasks, all better: p 1/16.
    assert "| soft | 3 | +0.22 [+0.22, +0.22], p 0.0625 (4↑ 0↓ of 4 tasks) | +0.00, +0.33, +0.33 |" in soft_row
