"""`skillopt-sleep run` and `dry-run`: one night over the configured skill and tasks, or one
night per skill the recorded sessions used."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from skillopt_sleep.backends.roles import backend_for_role, close_backends
from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.cli.capture import refresh_tasks
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.config import Config
from skillopt_sleep.records import Edit
from skillopt_sleep.errors import BudgetExceeded, ConfigError, NightLockedError, SkilloptError
from skillopt_sleep.night.estimate import estimate_night
from skillopt_sleep.night.skillnights import NightRequest, SkillNightsResult, run_one_night, run_skill_nights
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.skills import describe
from skillopt_sleep.tasks.skilluse import plan_nights, used_skills
from skillopt_sleep.tasks.taskstore import TaskRepo

EXIT_REPLAY_ERRORS = 5
EXIT_STATUS = f"""exit status:
  0  the night finished (whatever the gate decided)
  {SkilloptError.exit_code}  an error the message names (config, backend, store, skill file)
  {BudgetExceeded.exit_code}  a budget cap stopped the night; run again to resume it
  {NightLockedError.exit_code}  another night holds this skill's lock
  {EXIT_REPLAY_ERRORS}  more replays failed than gate.max_error_share allows: the results are unverified"""


def register(sub, parent) -> None:
    for name, dry, help_text in (
        ("run", False, "run one night now and stage a proposal if the gate accepts"),
        ("dry-run", True, "compute a whole night but stage nothing (--estimate: only predict its cost)"),
    ):
        p = sub.add_parser(name, parents=[parent], help=help_text, epilog=EXIT_STATUS,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        add_json_option(p, "print the night's report as JSON")
        p.add_argument("--all-skills", action="store_true",
                       help="one night per skill the recorded sessions used (the default when no --skill is given "
                            "and sessions used skills)")
        if dry:
            p.add_argument("--estimate", action="store_true", help="print expected calls, tokens and dollars; call no model")
        p.set_defaults(func=run, dry_run=dry)


def night_from_config(config: Config, *, dry_run: bool = False, progress=print, project: Path | None = None,
                      on_progress=None):
    skill_path = skill_path_of(config)
    project = project or Path.cwd()
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
        student = backend_for_role(config, "student")
        teacher = backend_for_role(config, "teacher")
        try:
            config = prepare_backends(config, student, teacher, progress)
            request = NightRequest(config, store, student.backend, teacher.backend, project, dry_run, progress, on_progress)
            return run_one_night(request, skill_path, tasks, memory_path_of(config, project))
        finally:
            close_backends(student, teacher)


def per_skill_wanted(config: Config, *, all_skills: bool, skill_flag: bool) -> bool:
    """Per-skill nights when asked, or when no --skill names one file and the sessions used skills."""
    if config["source"] != "store":
        return False
    if all_skills:
        return True
    if skill_flag:
        return False
    with Store(config["store.path"]) as store:
        return bool(used_skills(store))


def nights_from_config(config: Config, *, dry_run: bool = False, progress=print,
                       project: Path | None = None, on_progress=None) -> SkillNightsResult:
    """One night per skill the sessions used; tasks tied to no skill go to the configured skill."""
    project = project or Path.cwd()
    managed = skill_path_of(config) if config["skill"] else None
    with Store(config["store.path"]) as store:
        plan = plan_nights(store, TaskRepo(store).list(), managed)
        if not plan.nights:
            problems = "; ".join(describe(r) for r in plan.unresolved) or "no tasks yet"
            raise SkilloptError(f"no skill has tasks to replay ({problems}): capture sessions and run "
                                "`skillopt-sleep ingest` and `skillopt-sleep mine`")
        student = backend_for_role(config, "student")
        teacher = backend_for_role(config, "teacher")
        try:
            config = prepare_backends(config, student, teacher, progress)
            request = NightRequest(config, store, student.backend, teacher.backend, project, dry_run, progress, on_progress)
            return run_skill_nights(request, plan, memory_path_of(config, project) if managed else None)
        finally:
            close_backends(student, teacher)


def print_skill_nights(result: SkillNightsResult) -> None:
    for report in result.reports:
        print_outcome(report)
    for resolution in result.unresolved:
        print(f"skill not optimized: {describe(resolution)}")
    for note in result.notes:
        print(f"note: {note}")


def prepare_backends(config: Config, student, teacher, progress) -> Config:
    """Say what was picked, check keys / logins / model names before any token is spent, and
    size the replay concurrency for batch mode (a batch holds what is in flight at once)."""
    for choice in (student, teacher):
        backend = choice.backend
        if progress:
            progress(f"{choice.role}: {backend.name}:{backend.model} ({choice.why})")
        preflight = getattr(backend, "preflight", None)
        if preflight:
            preflight()
        if not getattr(backend, "cost_known", True):
            if config["budget.max_usd"] is not None:
                raise ConfigError(f"budget.max_usd cannot cap {backend.name}:{backend.model}: {backend.price_note}")
            if progress:
                progress(f"note: {backend.price_note}")
    preferred = getattr(student.backend, "preferred_concurrency", None)
    if getattr(student.backend, "batch", None) and preferred and preferred > config["night.concurrency"]:
        config = config.with_overrides({"night.concurrency": preferred}, source="batch mode")
    return config


def _first_line(text: str, limit: int = 100) -> str:
    lines = text.strip().splitlines() or [""]
    return lines[0][:limit] + (" …" if len(lines) > 1 or len(lines[0]) > limit else "")


def print_outcome(report) -> None:
    print()
    print(f"night {report.night_id}: {report.status}")
    before, after = report.val_before.get("score"), report.val_after.get("score")
    if before is not None:
        print(f"held-out score: {before:.3f} -> {after:.3f}")
    for record in report.rounds:
        for outcome in record.outcomes:
            edit = outcome["edit"]
            mark = "+" if outcome["landed"] else "x"
            print(f"  [{mark}] round {record.round} {edit['op']} ({edit.get('source')}): {_first_line(Edit.from_dict(edit).shown())}")
        if record.gate:
            print(f"  gate: {record.gate['decision']}: {record.gate['arithmetic']}")
            for item in record.gate.get("dropped") or []:  # landed and measured, then left out
                print(f"  dropped: {_first_line(Edit.from_dict(item['edit']).summary())}: {item['why']}")
    for note in report.notes:
        print(f"  note: {note}")
    calls = report.calls
    print(f"calls: {calls.get('calls', 0)} sent, {calls.get('cached', 0)} from the record; "
          f"tokens in/out {calls.get('input_tokens', 0)}/{calls.get('output_tokens', 0)}; ${calls.get('cost_usd', 0):.4f}; {report.wall_s:.1f}s")
    if report.proposal_id:
        print(f"proposal {report.proposal_id} staged in {report.stage_dir}")
        print("review it with `skillopt-sleep review`, then `skillopt-sleep adopt` (undo: `skillopt-sleep revert`)")
    elif report.stage_dir:
        print(f"report staged in {report.stage_dir} (nothing to adopt)")
    elif report.dry_run:
        print("dry run: nothing staged")


def run(args) -> int:
    config = config_from_args(args)
    if getattr(args, "estimate", False):
        print(estimate_night(config, args.project or Path.cwd()).render())
        return 0
    display = Progress(quiet=args.quiet or args.json)
    try:
        if config["source"] == "store":
            refresh_tasks(config, display.event)  # a night on the store starts from the sessions captured so far
        if per_skill_wanted(config, all_skills=args.all_skills, skill_flag=bool(args.skill)):
            result = nights_from_config(config, dry_run=args.dry_run, progress=display.event, project=args.project,
                                        on_progress=display.update)
        else:
            result = None
            report = night_from_config(config, dry_run=args.dry_run, progress=display.event, project=args.project,
                                       on_progress=display.update)
    finally:
        display.close()
    if result is not None:
        if args.json:
            json.dump({"nights": [r.to_dict() for r in result.reports],
                       "unresolved": [r.to_dict() for r in result.unresolved], "notes": result.notes}, sys.stdout, indent=2)
            print()
        else:
            print_skill_nights(result)
        return 3 if any(r.status == "budget-stopped" for r in result.reports) else 0
    if args.json:
        json.dump(report.to_dict(), sys.stdout, indent=2)
        print()
    else:
        print_outcome(report)
    return night_exit_code(report)


def night_exit_code(report) -> int:
    """The exit status of a finished night, with one line on stderr when it is not a plain 0."""
    if report.status == "budget-stopped":
        return BudgetExceeded.exit_code
    if report.errors_exceeded:
        print(f"skillopt-sleep: night {report.night_id} is unverified: {report.error_line()}; "
              "check the backend and run again", file=sys.stderr)
        return EXIT_REPLAY_ERRORS
    return 0
