"""The share of checks met (soft), before and after, per night of a results file whose gate
metric is mixed, with the task as the unit of the interval and the test (`experiments.stats`).

    python experiments/soft_by_task.py experiments/results/instruction-personas-local.jsonl

Rows keep each (seed, task)'s selection score (`per_task`, the mean of hard and soft under the
mixed metric) and its hard score, so soft is 2 x score - hard. Where hard sits at the floor (every
check at once), soft is what shows a preference learned.
"""

from __future__ import annotations

import json
import sys

from skillopt_sleep.experiments.stats import task_test


def soft_units(per_seed: list[dict]) -> dict[tuple, float]:
    return {(s["seed"], task): 2 * s["per_task"][task] - s["per_task_hard"][task] for s in per_seed for task in s["per_task"]}


def main(path: str) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    for part in ("test", "heldout"):
        every: dict[str, list[float]] = {}
        for row in rows:
            before, after = (row["baseline"], row["after"]) if part == "test" else (row["heldout"]["baseline"], row["heldout"]["after"])
            before_units, after_units = soft_units(before["per_seed"]), soft_units(after["per_seed"])
            deltas: dict[str, list[float]] = {}
            for unit in sorted(set(before_units) & set(after_units)):
                deltas.setdefault(unit[1], []).append(after_units[unit] - before_units[unit])
                every.setdefault(unit[1], []).append(after_units[unit] - before_units[unit])
            test = task_test(deltas)
            print(f"{row.get('label', '')} {part}: soft {sum(before_units.values()) / len(before_units):.3f} -> "
                  f"{sum(after_units.values()) / len(after_units):.3f}, delta {test['delta']:+.3f} {test['ci95']}, "
                  f"p {test['p']} ({test['tasks_better']} up, {test['tasks_worse']} down of {test['tasks']} tasks)")
        test = task_test(every)
        print(f"all nights, {part}: delta {test['delta']:+.3f} {test['ci95']}, p {test['p']} "
              f"({test['tasks_better']} up, {test['tasks_worse']} down of {test['tasks']} tasks)")


if __name__ == "__main__":
    main(sys.argv[1])
