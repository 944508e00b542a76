"""Reasoning tasks: one procedural family of `reasoning-gym` (leg counting by default), each
item generated from a seed and judged by the family's own verifier (through the
`verified_answer` op). Every request says how to give the final answer, so a skill earns its gain
by stating a way of working the problem out, not a format.

Options: `dataset` (a reasoning-gym family, default leg_counting), `tasks` (default 40),
`item_seed` (the generator's seed, default 0: a held-out uses one no night has used), `config`
(the family's own settings, default: two to four kinds of animal for leg counting).
"""

from __future__ import annotations

from skillopt_sleep.benchmarks.base import Benchmark, take_options
from skillopt_sleep.benchmarks.verified_answer import MissingGenerator, dataset_of
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Check, Judge, Task, stable_json, text_hash

DEFAULT_CONFIG = {"leg_counting": {"min_animals": 2, "max_animals": 4}}
ASK_FOR_ANSWER = "Work it out, then end your reply with one line of the form: Answer: <the answer alone>"

SKILL = """---
name: {dataset}
description: Solves {dataset} problems.
---

# {title}

Read the problem and answer it.
"""


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"dataset": "leg_counting", "tasks": 40, "item_seed": 0, "config": None}, "reasoning")
    dataset, size, seed = str(opts["dataset"]), int(opts["tasks"]), int(opts["item_seed"])
    config = dict(opts["config"] if opts["config"] is not None else DEFAULT_CONFIG.get(dataset, {}))
    base = {"dataset": dataset, "seed": seed, "size": size, "config": config}
    try:
        data = dataset_of(base)
    except MissingGenerator as exc:
        raise BenchmarkError(f"benchmark 'reasoning': {exc}") from None
    except (ValueError, TypeError, KeyError, AssertionError) as exc:
        raise BenchmarkError(f"benchmark 'reasoning': the generator refuses {dataset!r} with {config}: {exc}") from None
    tasks = []
    for index in range(size):
        entry = data[index]
        check = Check("verified_answer", {**base, "index": index, "answer": str(entry["answer"])})
        tasks.append(Task(task_id=f"rg-{dataset}-{seed}-{index:03d}", intent=f"{entry['question'].strip()}\n\n{ASK_FOR_ANSWER}",
                          skill=dataset, origin="benchmark", judge=Judge(kind="rule", checks=[check]),
                          meta={"benchmark": "reasoning", "dataset": dataset, "item_seed": seed}))
    return Benchmark(name=f"reasoning/{dataset}", tasks=tasks,
                     skill_text=SKILL.format(dataset=dataset, title=dataset.replace("_", " ").capitalize()),
                     source="generated", metric="hard", data_hash=text_hash(stable_json(base))[:16])
