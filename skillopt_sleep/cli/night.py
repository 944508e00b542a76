"""`skillopt-sleep run` and `dry-run`: one night over the configured skill and tasks."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from skillopt_sleep.backends.roles import backend_for_role, close_backends
from skillopt_sleep.cli.args import config_from_args
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.config import Config
from skillopt_sleep.errors import ConfigError
from skillopt_sleep.night.engine import NightInputs, run_night
from skillopt_sleep.night.estimate import estimate_night
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.schedule.runlock import lock_path_for, night_lock
from skillopt_sleep.store import Store


def register(sub, parent) -> None:
    for name, dry, help_text in (
        ("run", False, "run one night now and stage a proposal if the gate accepts"),
        ("dry-run", True, "compute a whole night but stage nothing (--estimate: only predict its cost)"),
    ):
        p = sub.add_parser(name, parents=[parent], help=help_text)
        p.add_argument("--json", action="store_true", help="print the night's report as JSON")
        if dry:
            p.add_argument("--estimate", action="store_true", help="print expected calls, tokens and dollars; call no model")
        p.set_defaults(func=run, dry_run=dry)


def night_from_config(config: Config, *, dry_run: bool = False, progress=print, project: Path | None = None,
                      on_progress=None):
    skill_path = skill_path_of(config)
    memory_path = memory_path_of(config, project or Path.cwd())
    with Store(config["store.path"]) as store:
        tasks = tasks_for(config, store, skill_path)
        student = backend_for_role(config, "student")
        teacher = backend_for_role(config, "teacher")
        try:
            config = prepare_backends(config, student, teacher, progress)
            with night_lock(lock_path_for(skill_path)):
                return run_night(NightInputs(
                    config=config, store=store, skill_path=skill_path, tasks=tasks,
                    student=student.backend, teacher=teacher.backend, memory_path=memory_path,
                    dry_run=dry_run, progress=progress, on_progress=on_progress,
                ))
        finally:
            close_backends(student, teacher)


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
            lines = (edit.get("text") or edit.get("anchor") or "").strip().splitlines() or [""]
            shown = lines[0][:100] + (" …" if len(lines) > 1 or len(lines[0]) > 100 else "")
            print(f"  [{mark}] round {record.round} {edit['op']} ({edit.get('source')}): {shown}")
        if record.gate:
            print(f"  gate: {record.gate['decision']}: {record.gate['arithmetic']}")
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
        report = night_from_config(config, dry_run=args.dry_run, progress=display.event, project=args.project,
                                   on_progress=display.update)
    finally:
        display.close()
    if args.json:
        json.dump(report.to_dict(), sys.stdout, indent=2)
        print()
    else:
        print_outcome(report)
    return 0 if report.status != "budget-stopped" else 3
