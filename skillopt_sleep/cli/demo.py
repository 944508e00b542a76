"""`skillopt-sleep demo`: a real night on bundled example data with the local model, no API key.

The example is the brief-writer seed of gbrain-evals skillopt-v1: a skill that never asks for a
Key Risks section or a stated confidence, and tasks whose checks want both. The demo works on a
copy of the skill in its own folder, so adopting there touches nothing of the user's.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from skillopt_sleep.cli.args import flag_labels, flags_from_args
from skillopt_sleep.cli.night import night_from_config, print_outcome
from skillopt_sleep.config import load_config
from skillopt_sleep.paths import data_dir
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.store import Store

EXAMPLE = ("benchmarks", "gbrain-skillopt-v1", "seed-missing-structure")
DEMO_SETTINGS = {
    "source": "file",
    "student.backend": "local",
    "teacher.backend": "local",
    "night.max_tasks": "10",
    "night.rounds": "2",
    "student.max_tokens": "400",
}


def register(sub, parent) -> None:
    p = sub.add_parser("demo", parents=[parent], help="run real nights on bundled example data with the local model")
    p.add_argument("--nights", type=int, default=1, help="how many nights to run (accepted edits carry over)")
    p.add_argument("--workdir", type=Path, help="where the demo copy of the skill lives (default: in the data dir)")
    p.set_defaults(func=run)


def example_dir() -> Path:
    folder = resources.files("skillopt_sleep").joinpath("data", *EXAMPLE)
    return Path(str(folder))


def prepare_workdir(workdir: Path) -> tuple[Path, Path]:
    source = example_dir()
    workdir.mkdir(parents=True, exist_ok=True)
    skill = workdir / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / "SKILL.md", skill)
    tasks = workdir / "tasks.jsonl"
    shutil.copyfile(source / "benchmark.jsonl", tasks)
    return skill, tasks


def run(args) -> int:
    workdir = args.workdir or data_dir() / "demo"
    skill, tasks = prepare_workdir(workdir)
    config = load_config(cwd=args.project, flags={**flags_from_args(args), "skill": str(skill), "tasks_file": str(tasks)},
                         flag_labels=flag_labels(args))
    # The demo's own settings sit above the config files but below the user's flags.
    config = config.with_overrides(
        {k: v for k, v in DEMO_SETTINGS.items() if not config.sources[k].startswith("flag")}, source="demo settings")
    print(f"demo: optimizing a copy of the brief-writer skill at {skill}")
    print(f"demo: {sum(1 for line in tasks.read_text().splitlines() if line.strip())} example tasks from gbrain-evals skillopt-v1")
    print("demo: the skill before tonight:")
    print("    " + skill.read_text().strip().replace("\n", "\n    "))

    for night in range(1, args.nights + 1):
        print(f"\n=== night {night} of {args.nights} ===", flush=True)
        # project=workdir: the demo never picks up a CLAUDE.md from wherever it was started.
        report = night_from_config(config, progress=lambda m: print(m, flush=True), project=workdir)
        print_outcome(report)
        if report.proposal_id:
            with Store(config["store.path"]) as store:
                result = adopt(store, report.proposal_id, backups_root=data_dir() / "backups")
            print(f"demo: adopted {report.proposal_id} into the demo copy ({result.files[0].live_path if result.files else skill})")
    print("\ndemo: the skill after the demo:")
    print("    " + skill.read_text().strip().replace("\n", "\n    "))
    return 0
