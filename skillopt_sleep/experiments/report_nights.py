"""The report section for independent nights: cells that differ only in their night seed are one
setting; per setting, the mean gain with the task as the unit of interval and test, and beside it
the spread of the gain across nights and across sampling seeds."""

from __future__ import annotations

from skillopt_sleep.experiments.report_stats import arm_of, series_name, unverified_mark, viewed_mark
from skillopt_sleep.experiments.stats import compare_nights, with_soft
from skillopt_sleep.records import stable_json


def setting_key(row: dict) -> str:
    params = dict(row.get("params") or {})
    params.pop("seed", None)
    return stable_json(params)


def night_groups(rows: list[dict]) -> list[list[dict]]:
    """Rows of one setting run under two or more night seeds, in first-seen order."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        if row.get("params"):
            groups.setdefault(setting_key(row), []).append(row)
    return [group for group in groups.values() if len({r.get("seed") for r in group}) > 1]


MEASURES = {"hard": "per_task_hard", "soft": "per_task_soft"}  # every check met; the share met


def _scored_pairs(group: list[dict], split: str) -> list[tuple[dict, dict]]:
    if split == "test":
        return [(row["baseline"], row["after"]) for row in group]
    return [(row["heldout"]["baseline"], row["heldout"]["after"]) for row in group
            if (row.get("heldout") or {}).get("baseline")]


def measured(scored: dict, measure: str) -> list[dict] | None:
    """A scored split's per_seed list holding `measure` (MEASURES); None where soft cannot be known."""
    return scored.get("per_seed") if measure == "hard" else with_soft(scored)


def _runs(group: list[dict], split: str, measure: str) -> list[tuple[list[dict], list[dict]]]:
    pairs = [(measured(before, measure), measured(after, measure)) for before, after in _scored_pairs(group, split)]
    return [pair for pair in pairs if None not in pair]


def result_cell(result: dict) -> str:
    """A comparison by task (`stats.task_test`'s fields) as one table cell."""
    low, high = result["ci95"]
    return (f"{result['delta']:+.2f} [{low:+.2f}, {high:+.2f}], p {result['p']:.4f} "
            f"({result['tasks_better']}↑ {result['tasks_worse']}↓ of {result['tasks']} tasks)")


def independent(group: list[dict]) -> bool:
    """Nights that differ in their tasks, held-out and sampling seeds (`independent_nights`): only
    then is each a measurement of its own, and a claim about the setting rests on the night."""
    return all((row.get("params") or {}).get("independent_nights") for row in group)


def night_cell(result: dict) -> str:
    low, high = result["night_ci95"]
    return f"{result['night_delta']:+.2f} [{low:+.2f}, {high:+.2f}], p {result['p_nights']:.3f}"


def nights_table(rows: list[dict]) -> str:
    lines = ["| task set | arm | student | split | measure | nights | Δ [95% CI], p (unit: task) | Δ per night | "
             "SD across nights | SD across sampling seeds | Δ [95% CI], p (unit: night) | claim rests on |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for group in night_groups(rows):
        first = group[0]
        for split in ("test", "heldout"):
            for measure, key in MEASURES.items():
                runs = _runs(group, split, measure)
                if len(runs) < 2:
                    continue
                result = compare_nights(runs, key)
                per_night = ", ".join(f"{d:+.2f}" for d in result["night_deltas"])
                rests = "night" if independent(group) else "one night's tasks (shared by every night)"
                shown = split + ("".join(sorted({viewed_mark(row) for row in group})) if split == "heldout" else "")
                lines.append(f"| {series_name(first)}{unverified_mark(group)} | {arm_of(first)} | {first.get('student', '')} | "
                             f"{shown} | {measure} | {result['nights']} | {result_cell(result)} | {per_night} | "
                             f"{result['sd_nights']:.3f} | {result['sd_seeds']:.3f} | {night_cell(result)} | {rests} |")
    return "\n".join(lines) if len(lines) > 2 else ""


def nights_section(rows: list[dict]) -> list[str]:
    table = nights_table(rows)
    if not table:
        return []
    return ["## Independent nights", "",
            "Cells that differ only in the night seed (the teacher's sampling and, with `split.by_seed`, the val and "
            "train tasks) are one setting. Δ is after − baseline; its interval and p take the task as the unit: a "
            "task's differences are averaged over nights and sampling seeds, the interval resamples tasks and p is an "
            "exact one-sided sign-flip test over tasks. The spread of Δ across nights (the night's own variance) "
            "stands beside its spread across sampling seeds within a night. Beside them, Δ with the night as the unit "
            "(a t interval over the nights' gains; p, a sign-flip over nights, can never go below 0.125 with three). "
            "A claim about a setting rests on the night-unit figure when its nights were independent (each its own "
            "test, val and train deal, its own fresh held-out and its own sampling seeds); nights that shared their "
            "test tasks, held-out and sampling seeds are one measurement, and the by-task figure describes those "
            "tasks, not the setting. Rows marked unverified lack provenance (commit, seeds, calls, weights) or "
            "ran on an engine with uncommitted changes. Hard is the share of answers that meet "
            "every check; soft, the share of checks met, shows a preference learned where hard stays at the floor "
            "(rows that kept only their selection score give it as 2 × score − hard under the mixed metric).",
            "", table, ""]
