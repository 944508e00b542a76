"""`skillopt-sleep run` and `dry-run`: one night over the configured skill and tasks, or one
night per skill the recorded sessions used."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from skillopt_sleep import api
from skillopt_sleep.api.reports import (
    HELD_NOTE, Edit, clip, describe, edit_fates, first_line, skill_path_of, unverified_why, with_fates,
)
from skillopt_sleep.cli.args import add_json_option, check_memory_path, config_from_args
from skillopt_sleep.cli.invocation import command, command_words
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.config import Config
from skillopt_sleep.errors import (EXIT_HELD, EXIT_REPLAY_ERRORS, EXIT_UNVERIFIED, BudgetExceeded, ConfigError,
                                   NightLockedError, SkilloptError)

EXIT_STATUS = f"""exit status:
  0  the night finished and its gate judged (accepted, rejected, or nothing to learn)
  {SkilloptError.exit_code}  an error the message names (config, backend, store, skill file)
  {BudgetExceeded.exit_code}  a budget cap stopped the night; run again to resume it
  {NightLockedError.exit_code}  another night holds this skill's lock
  {EXIT_REPLAY_ERRORS}  more replays failed than gate.max_error_share allows: the results are unverified
  {EXIT_UNVERIFIED}  the night ended unverified: its gate could not judge (some held-out replays failed, or too few held-out tasks); `status` says why
  {EXIT_HELD}  the night's change was held for you, not proposed: a line it would write failed the safety screen; `status` says which and why
one night per skill: the first of {EXIT_REPLAY_ERRORS}, {BudgetExceeded.exit_code}, {NightLockedError.exit_code}, {SkilloptError.exit_code}, {EXIT_HELD}, {EXIT_UNVERIFIED} that any night met (the other skills' nights still run)"""


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


def print_skill_nights(result: api.SleepResult, *, words: Sequence[str] = ()) -> None:
    for report in result.reports:
        print_outcome(report, words=words)
    for resolution in result.unresolved:
        print(f"skill not optimized: {describe(resolution)}")
    for note in result.notes:
        print(f"note: {note}")


def print_outcome(report, *, words: Sequence[str] = (), next_commands: bool = True) -> None:
    """The night's decision, each edit's fate and its cost; then, with `next_commands`, the
    commands to review, adopt and revert its proposal (with `words`, the flags they need here)."""
    print()
    print(f"night {report.night_id}: {report.status}")
    before, after = report.val_before.get("score"), report.val_after.get("score")
    if before is not None:
        print(f"held-out score: {before:.3f} -> {after:.3f}")
    for record, fates in zip(report.rounds, edit_fates(report)):
        if record.gate:
            print(f"  round {record.round} gate: {record.gate['decision']}: {record.gate['arithmetic']}")
        for fate in fates:  # one mark per edit: what finally became of it
            edit = fate.edit
            why = f" ({clip(fate.why, 160)})" if fate.why else ""
            print(f"  [{fate.fate}] round {fate.round} {edit['op']} ({edit.get('source')}): "
                  f"{first_line(Edit.from_dict(edit).shown(), 100)}{why}")
    for note in report.notes:
        print(f"  note: {note}")
    calls = report.calls
    print(f"calls: {calls.get('calls', 0)} sent, {calls.get('cached', 0)} from the record; "
          f"tokens in/out {calls.get('input_tokens', 0)}/{calls.get('output_tokens', 0)}; ${calls.get('cost_usd', 0):.4f}; {report.wall_s:.1f}s")
    if report.proposal_id:
        print(f"proposal {report.proposal_id} staged in {report.stage_dir}")
        if next_commands:
            print(f"  review it:  {command('review', report.proposal_id, *words)}")
            print(f"  adopt it:   {command('adopt', report.proposal_id, *words)}")
            print(f"  undo that:  {command('revert', report.proposal_id, *words)}")
    elif report.stage_dir:
        print(f"report staged in {report.stage_dir} (nothing to adopt)")
    elif report.dry_run:
        print("dry run: nothing staged")


def planned_replays(planned) -> int:
    """The most replays the night's plan allows: the student's calls."""
    student = planned.estimate.by_role.get("student")
    return student.calls if student else 0


def check_night_inputs(config: Config) -> None:
    """The configured skill and tasks file exist: said before any ingest, mining or store."""
    if config["skill"] or config["source"] == "file":  # a night on a tasks file needs one skill
        skill_path_of(config)
    if config["source"] == "file":
        tasks_file = config["tasks_file"]
        if not tasks_file:
            raise ConfigError("source is 'file' but no tasks_file is set (use --tasks-file PATH)")
        if not Path(tasks_file).expanduser().is_file():
            raise ConfigError(f"tasks file {tasks_file} does not exist")
    if config["memory"]:
        check_memory_path(config["memory"], f"memory ({config.sources['memory']})")


def run(args) -> int:
    config = config_from_args(args)
    check_night_inputs(config)
    if getattr(args, "estimate", False):
        print(api.plan_night(config, args.project or Path.cwd()).render())
        return 0
    display = Progress(quiet=args.quiet or args.json)
    try:
        result = api.sleep(config, dry_run=args.dry_run, all_skills=args.all_skills, one_skill=bool(args.skill),
                           project=args.project, progress=display.event, on_progress=display.update,
                           on_plan=lambda planned: display.plan_night(planned_replays(planned)))
    finally:
        display.close()
    if result.per_skill:
        if args.json:
            json.dump({"nights": [with_fates(r) for r in result.reports],
                       "unresolved": [r.to_dict() for r in result.unresolved], "notes": list(result.notes)},
                      sys.stdout, indent=2)
            print()
        else:
            print_skill_nights(result, words=command_words(args))
        return nights_exit_code(result)
    report = result.reports[0]
    if args.json:
        json.dump(with_fates(report), sys.stdout, indent=2)
        print()
    else:
        print_outcome(report, words=command_words(args))
    return night_exit_code(report)


EXIT_CODES = {
    api.SleepStatus.REPLAY_ERRORS: EXIT_REPLAY_ERRORS, api.SleepStatus.BUDGET_STOPPED: BudgetExceeded.exit_code,
    api.SleepStatus.LOCKED: NightLockedError.exit_code, api.SleepStatus.FAILED: SkilloptError.exit_code,
    api.SleepStatus.HELD: EXIT_HELD, api.SleepStatus.UNVERIFIED: EXIT_UNVERIFIED, api.SleepStatus.FINISHED: 0,
}


def warn_unfinished(report) -> None:
    """One line on stderr for a night that did not end plainly (a budget stop says nothing here)."""
    outcome = api.night_outcome(report)
    if outcome == api.SleepStatus.REPLAY_ERRORS:
        print(f"skillopt-sleep: night {report.night_id} is unverified: {report.error_line()}; "
              "check the backend and run again", file=sys.stderr)
    elif outcome == api.SleepStatus.UNVERIFIED:
        # A scheduler must tell this from a good night: nothing was judged, so nothing was learnt.
        why = unverified_why([r.gate for r in report.rounds], report.notes, report.replay_errors, report.replays)
        print(f"skillopt-sleep: night {report.night_id} is unverified: {why}", file=sys.stderr)
    elif outcome == api.SleepStatus.HELD:
        # Nothing was staged, and the user must look: a scheduler sees it as it sees an unverified night.
        print(f"skillopt-sleep: night {report.night_id} was held for you, not proposed: "
              f"{next((n for n in report.notes if n.startswith(HELD_NOTE)), HELD_NOTE).removeprefix(HELD_NOTE)}; "
              "`status` says why", file=sys.stderr)


def night_exit_code(report) -> int:
    """The exit status of a finished night, with one line on stderr when it is not a plain 0."""
    warn_unfinished(report)
    return EXIT_CODES[api.night_outcome(report)]


def nights_exit_code(result: api.SleepResult) -> int:
    """The exit status of one night per skill: the first of replay errors (their results say
    nothing), a budget stop (a rerun resumes it), a skill skipped for its lock, a night that
    failed, one held, one left unverified; each night's stderr line is written."""
    for report in result.reports:
        warn_unfinished(report)
    return EXIT_CODES[result.status]
