"""Time one night with a fixed replay delay at concurrency 1 and 8, and count the calls a second
run of the same night saves from the record.

The models are scripted with a sleep per call, so the figures measure the engine (scheduling,
store, judging, staging), not a model. Usage: python bench/night_speed.py [--tasks 24] [--delay 0.2]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillopt_sleep.backends.scripted import ScriptedBackend  # noqa: E402
from skillopt_sleep.config import load_config  # noqa: E402
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night  # noqa: E402
from skillopt_sleep.records import Check, Judge, Task  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402

SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"


def student(request) -> str:
    return "Brief.\n\n## Key Risks\n- cost\n\nConfidence: high" if "Key Risks" in request.system else "Brief."


def teacher(request) -> str:
    return json.dumps({"diagnosis": "missing sections", "edits": []})


def one_night(folder: Path, tasks: list[Task], concurrency: int, delay: float, store: Store | None = None):
    skill = folder / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text(SKILL)
    own_store = store is None
    store = store or Store(folder / "store.db")
    config = load_config(cwd=folder, env={}, user_file=folder / "none.yaml", flags={
        "night.concurrency": str(concurrency), "night.seed": "1", "night.max_tasks": str(len(tasks)),
        "staging.dir": str(folder / "staging")})
    backend = ScriptedBackend(student, delay_s=delay)
    started = time.perf_counter()
    report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks,
                                   student=backend, teacher=ScriptedBackend(teacher, delay_s=delay), stage=False))
    wall = time.perf_counter() - started
    if own_store:
        store.close()
    return wall, report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=24)
    parser.add_argument("--delay", type=float, default=0.2, help="seconds each model call takes")
    args = parser.parse_args()
    tasks = [Task(task_id=f"t{i:03d}", intent=f"Write a brief on topic {i}.",
                  judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(args.tasks)]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        walls = {}
        for concurrency in (1, 8):
            wall, report = one_night(root / f"c{concurrency}", tasks, concurrency, args.delay)
            walls[concurrency] = wall
            print(f"concurrency {concurrency}: {wall:6.2f} s wall, {report.calls['calls']} calls, status {report.status}")
        print(f"speed-up 1 -> 8: {walls[1] / walls[8]:.2f}x")
        store = Store(root / "again.db")
        _, first = one_night(root / "again", tasks, 8, args.delay, store)
        wall, second = one_night(root / "again2", tasks, 8, args.delay, store)
        store.close()
        saved = second.calls["cached"]
        total = saved + second.calls["calls"]
        print(f"second run of the same night: {saved} of {total} calls answered from the record "
              f"({second.calls['calls']} sent), {wall:.2f} s wall")


if __name__ == "__main__":
    main()
