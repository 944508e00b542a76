"""Personas: recurring task families of our own (programmer, researcher, analyst), each with
a plain starting skill that leaves out the house rules its tasks are checked for.

Options: `family` (programmer | researcher | analyst), `path` (a folder with
`<family>.md` and `<family>.jsonl` of your own, default: the bundled fixtures).
"""

from __future__ import annotations


from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, read_records, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Task

FAMILIES = ("programmer", "researcher", "analyst")


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"family": "programmer", "path": None}, "personas")
    family = str(opts["family"])
    root = data_path(opts, "personas")
    if not opts["path"] and family not in FAMILIES:
        raise BenchmarkError(f"unknown persona family {family!r}; known: {', '.join(FAMILIES)}")
    skill_path, tasks_path = root / f"{family}.md", root / f"{family}.jsonl"
    if not skill_path.is_file():
        raise BenchmarkError(f"persona family {family!r}: no skill file {skill_path}")
    tasks = []
    for index, item in enumerate(read_records(tasks_path), 1):
        try:
            task = Task.from_dict({**item, "skill": family, "origin": "benchmark",
                                   "meta": {**(item.get("meta") or {}), "benchmark": "personas", "family": family}})
        except ValueError as exc:
            raise BenchmarkError(f"{tasks_path}: item {index}: {exc}") from None
        tasks.append(task)
    if not tasks:
        raise BenchmarkError(f"{tasks_path}: no tasks")
    return Benchmark(name=f"personas/{family}", tasks=tasks, skill_text=skill_path.read_text(encoding="utf-8"),
                     source=display_source(root), data_hash=hash_files([skill_path, tasks_path]))
