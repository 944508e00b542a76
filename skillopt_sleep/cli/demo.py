"""`skillopt-sleep demo`: a real night on bundled example data with the local model, no API key.

The example is the brief-writer seed of gbrain-evals skillopt-v1: a skill that never asks for a
Key Risks section or a stated confidence, and tasks whose checks want both. The demo works on a
copy of the skill in its own folder, says first how long it will take, shows each stage's
progress, and leaves the decision to the user: it adopts only with `--adopt`, and ends with the
exact commands to review, adopt and revert its proposal and to run a night on your own skill.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from skillopt_sleep import api
from skillopt_sleep.cli.args import check_named_paths, flag_labels, flags_from_args
from skillopt_sleep.cli.invocation import command
from skillopt_sleep.cli.night import planned_replays, print_outcome
from skillopt_sleep.cli.progress import Progress, clock
from skillopt_sleep.config import Config, load_config

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
    p.add_argument("--nights", type=int, default=1, help="how many nights to run")
    p.add_argument("--adopt", action="store_true",
                   help="adopt each accepted proposal into the demo copy (so the next night starts from it)")
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


def night_flags(args, config: Config) -> list[str]:
    """The flags that give a night the demo's backends and settings."""
    flags = []
    for role in ("student", "teacher"):
        model = config[f"{role}.model"]
        flags += [f"--{role}", config[f"{role}.backend"] + (f":{model}" if model else "")]
    for key, value in DEMO_SETTINGS.items():
        if key not in ("source", "student.backend", "teacher.backend"):
            flags += ["--set", f"{key}={config[key]}"]
    for assignment in getattr(args, "assignments", []) or []:
        flags += ["--set", assignment]
    if args.store:
        flags += ["--store", str(args.store)]
    return flags


def next_steps(args, config: Config, skill: Path, tasks: Path, proposal: str | None, adopted: bool) -> list[str]:
    store = ["--store", str(args.store)] if args.store else []
    lines = ["", "next steps (each command runs as printed):"]
    if proposal and not adopted:
        lines += [f"  see what tonight proposes:   {command('review', proposal, *store)}",
                  f"  adopt it (backed up first):  {command('adopt', proposal, *store)}",
                  f"  and undo that adoption:      {command('revert', proposal, *store)}"]
    elif proposal:
        lines += [f"  see what was adopted:        {command('review', proposal, *store)}",
                  f"  undo the adoption:           {command('revert', proposal, *store)}"]
    else:
        lines.append("  tonight's gate accepted no edit, so there is nothing to adopt; the report says why above")
    lines += ["  a night on your own skill (put your SKILL.md and a JSONL of tasks in place of the demo's):",
              "    " + command("run", "--skill", str(skill), "--tasks-file", str(tasks), *night_flags(args, config)),
              "  without --tasks-file a night replays tasks mined from the sessions the hooks recorded; see:",
              "    " + command("mine", "--help")]
    return lines


def run(args) -> int:
    check_named_paths(args)
    workdir = args.workdir or api.data_dir() / "demo"
    skill, tasks = prepare_workdir(workdir)
    config = load_config(cwd=args.project, flags={**flags_from_args(args), "skill": str(skill), "tasks_file": str(tasks)},
                         flag_labels=flag_labels(args))
    # The demo's own settings sit above the config files but below the user's flags.
    config = config.with_overrides(
        {k: v for k, v in DEMO_SETTINGS.items() if not config.sources[k].startswith("flag")}, source="demo settings")
    planned = api.plan_night(config, workdir)
    print(f"demo: optimizing a copy of the brief-writer skill at {skill}")
    print(f"demo: {planned.task_count} example tasks from gbrain-evals skillopt-v1, "
          f"with {planned.student.name}:{planned.student.model} as student and {planned.teacher.name}:{planned.teacher.model} as teacher")
    print(f"demo: {args.nights} night(s), each at most {clock(planned.wall.seconds)} here ({planned.wall.render().splitlines()[1].strip()}); "
          "Ctrl-C stops it, and running it again resumes")
    print("demo: the skill before tonight:")
    print("    " + skill.read_text().strip().replace("\n", "\n    "))

    proposal, adopted = None, False
    for night in range(1, args.nights + 1):
        print(f"\n=== night {night} of {args.nights} ===", flush=True)
        display = Progress(quiet=args.quiet)
        display.plan_night(planned_replays(planned))
        try:
            # project=workdir: the demo never picks up a CLAUDE.md from wherever it was started.
            report = api.run_night(config, progress=display.event, project=workdir, on_progress=display.update)
        finally:
            display.close()
        print_outcome(report, next_commands=False)  # the closing block names them, for the last night
        if report.proposal_id:
            proposal, adopted = report.proposal_id, False
            if args.adopt:
                result = api.adopt(config, report.proposal_id)
                adopted = True
                print(f"demo: adopted {report.proposal_id} into the demo copy ({result.files[0].live_path if result.files else skill})")
    print("\ndemo: the skill after the demo" + ("" if adopted else " (unchanged: nothing is adopted without --adopt)") + ":")
    print("    " + skill.read_text().strip().replace("\n", "\n    "))
    print("\n".join(next_steps(args, config, skill, tasks, proposal, adopted)))
    return 0
