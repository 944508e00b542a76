"""Experiment statistics: paired comparisons over (task, seed) units with raw counts, intervals
that resample tasks, and the report section that shows them."""

from __future__ import annotations

from skillopt_sleep.experiments.report_stats import stats_table
from skillopt_sleep.experiments.stats import compare, summarize_scores


def seeds(table: dict[int, dict[str, float]]) -> list[dict]:
    return [{"seed": seed, "per_task_hard": per_task} for seed, per_task in table.items()]


def test_a_consistent_gain_is_significant_and_counted():
    before = seeds({7: {f"t{i}": 0.0 for i in range(6)}, 8: {f"t{i}": 0.0 for i in range(6)}})
    after = seeds({7: {f"t{i}": 1.0 for i in range(6)}, 8: {f"t{i}": float(i < 5) for i in range(6)}})
    result = compare(before, after)
    assert result["units"] == 12 and result["wins"] == 11 and result["losses"] == 0
    assert abs(result["delta"] - 11 / 12) < 1e-3
    assert result["p"] < 0.001
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
    assert "| advisor | paired | 0.00 [0.00, 0.00] (0/4) | 0.75 [" in table
    assert "seed 7: 0/2 → 2/2" in table and "p 0.1250" in table
