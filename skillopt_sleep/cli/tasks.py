"""`skillopt-sleep tasks ...`: list, show, export for review, import reviewed, add a task file."""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.api.tasks import (
    ORIGINS, SPLITS, CandidateRepo, Episode, Store, Task, TaskRepo, describe_judge, export_tasks, import_tasks,
    judge_episode, last_replay, load_tasks_file, skill_name,
)
from skillopt_sleep.errors import TaskError

INTENT_WIDTH = 60
MAX_NAMED = 3  # sessions named beside a reason no repo task came from


def register(sub, parent) -> None:
    # With no action, `tasks` lists (the first thing a user types, and `/skillopt-sleep tasks`).
    tasks = sub.add_parser("tasks", parents=[parent], help="list, review and add replay tasks")
    actions = tasks.add_subparsers(dest="tasks_action", metavar="ACTION")
    add_json_option(tasks, "print one JSON array of tasks")
    tasks.set_defaults(func=run_list, skill_may_be_name=True, split=None, origin=None)

    # `--skill` comes from the shared options: a skill name, or a SKILL.md path whose name is used.
    listing = actions.add_parser("list", parents=[parent], help="list stored tasks (--skill filters by skill)")
    listing.add_argument("--split", choices=SPLITS, help="only tasks of this split")
    listing.add_argument("--origin", choices=ORIGINS, help="only tasks of this origin")
    add_json_option(listing, "print one JSON array of tasks")
    listing.set_defaults(func=run_list, skill_may_be_name=True)

    show = actions.add_parser("show", parents=[parent], help="print one task and what its judge requires")
    show.add_argument("task_id", metavar="ID")
    show.add_argument("--episode", type=Path, metavar="FILE",
                      help="a repo task only: judge this recorded episode (JSON) in a sandboxed copy and say which part failed")
    show.add_argument("--allow-unsandboxed", action="store_true",
                      help="with --episode and no sandbox on this machine: run the verification without one")
    show.set_defaults(func=run_show, skill_may_be_name=True)

    export = actions.add_parser("export", parents=[parent], help="write tasks to a JSONL file for review")
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    export.set_defaults(func=run_export, skill_may_be_name=True)

    imp = actions.add_parser("import", parents=[parent], help="store the tasks of a reviewed export")
    imp.add_argument("file", type=Path, metavar="FILE")
    imp.set_defaults(func=run_import, skill_may_be_name=True)

    add = actions.add_parser("add-file", parents=[parent], help="store the tasks of a benchmark-format JSONL file")
    add.add_argument("file", type=Path, metavar="FILE")
    add.add_argument("--origin", choices=("benchmark", "real"), default="benchmark",
                     help="origin recorded for these tasks (default: benchmark)")
    add.add_argument("--id-prefix", default="", metavar="P",
                     help="prefix for every task id, e.g. 'advisor/' when several files reuse ids like bm-001")
    add.set_defaults(func=run_add_file, skill_may_be_name=True)

    delete = actions.add_parser("delete", parents=[parent], help="remove tasks from the store")
    delete.add_argument("task_ids", nargs="+", metavar="ID")
    delete.set_defaults(func=run_delete, skill_may_be_name=True)


def _repo(args) -> TaskRepo:
    return TaskRepo(Store(config_from_args(args)["store.path"]))


def _skill_filter(args) -> str | None:
    return skill_name(args.skill) if getattr(args, "skill", None) else None


def run_list(args) -> int:
    repo = _repo(args)
    tasks = repo.list(skill=_skill_filter(args), split=args.split, origin=args.origin)
    if args.json:
        print(json.dumps([task.to_dict() for task in tasks], indent=2, ensure_ascii=False))
        return 0
    if not tasks:
        print("no tasks match" if repo.count() else f"no tasks in the store at {repo.store.path}")
        return 0
    rows = [(t.task_id, t.skill or "-", t.split or "-", t.origin, "yes" if t.reviewed else "no", _judge_summary(t), _clip(t.intent))
            for t in tasks]
    header = ("ID", "SKILL", "SPLIT", "ORIGIN", "REVIEWED", "JUDGE", "INTENT")
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header) - 1)]
    for row in [header, *rows]:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1])
    print(f"{len(tasks)} task(s)")
    _print_repo_notes(repo.store)
    return 0


def _print_repo_notes(store: Store) -> None:
    """Why coding sessions gave no repo task, by reason (each session counted once, the first
    few named)."""
    sessions: dict[str, set[str]] = {}
    for candidate in CandidateRepo(store).all():
        for note in candidate.repo_notes:
            sessions.setdefault(note["reason"], set()).add(note["session"])
    for reason, found in sorted(sessions.items(), key=lambda item: -len(item[1])):
        named = ", ".join(sorted(s[:8] for s in found)[:MAX_NAMED]) + (", ..." if len(found) > MAX_NAMED else "")
        print(f"no repo task: {reason} ({len(found)} session{'s' if len(found) != 1 else ''}: {named})")


def run_show(args) -> int:
    repo = _repo(args)
    task = repo.require(args.task_id)
    if args.episode is not None:
        return _judge_episode(task, args.episode, args.allow_unsandboxed)
    print(json.dumps(task.to_dict(), indent=2, ensure_ascii=False))
    if task.repo is not None:
        print(f"\nStarts at {task.repo.commit[:12]} in {task.repo.root} ({task.repo.found_by}: {task.meta.get('start', '')})")
    print("\nThe judge requires " + ("the episode" if task.judge.kind == "repo" else "the answer") + " to:")
    for line in describe_judge(task.judge, task.repo):
        print(f"- {line}")
    for aside in task.meta.get("checks_set_aside", []):
        print(f"Not its judge: `{aside['command']}` ({aside['why']})")
    for note in task.meta.get("repo_notes", []):
        print(f"Not a repo task: session {note['session'][:8]}: {note['reason']}")
    _print_last_replay(repo.store, task)
    return 0


def _print_last_replay(store: Store, task: Task) -> None:
    """How the newest night that replayed the task scored it, and the start of what the student did."""
    last = last_replay(store, task.task_id)
    if last is None:
        print("\nNo night has replayed this task yet.")
        return
    score = lambda value: "not scored" if value is None else f"{value:.2f}"  # noqa: E731
    print(f"\nLast replayed by night {last.night_id}: {score(last.score_before)} under the text it started from, "
          f"{score(last.score_after)} under the night's text")
    if last.answer_excerpt:
        kind = "trajectory" if task.repo is not None else "answer"
        print(f"The student's first {kind} there (its start):")
        print("\n".join("    " + line for line in last.answer_excerpt.splitlines()))


def _judge_episode(task: Task, path: Path, allow_unsandboxed: bool) -> int:
    """Judge a recorded episode of a repo task and print each part of its score."""
    if task.judge.kind != "repo":
        raise TaskError(f"task {task.task_id} is a {task.judge.kind} task; --episode judges repo tasks only")
    try:
        episode = Episode.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise TaskError(f"cannot read the episode {path}: {exc}") from None
    score, lines = judge_episode(task, episode, allow_unsandboxed)
    for line in lines:
        print(line)
    if score.error:
        return 1
    print(f"hard {score.hard:g}, soft {score.soft:.2f}")
    return 0


def run_export(args) -> int:
    tasks = _repo(args).list(skill=_skill_filter(args))
    if not tasks:
        raise TaskError("no tasks to export" + (f" for skill {_skill_filter(args)!r}" if args.skill else ""))
    count = export_tasks(tasks, args.file, overwrite=args.force)
    print(f"wrote {count} task(s) to {args.file}")
    print('Review it, redact or delete what must not be kept, set "reviewed": true on its first line, then run:')
    print(f"  skillopt-sleep tasks import {args.file}")
    return 0


def run_import(args) -> int:
    tasks = import_tasks(_repo(args), args.file)
    print(f"imported {len(tasks)} reviewed task(s) from {args.file}")
    return 0


def run_add_file(args) -> int:
    repo = _repo(args)
    skill = _skill_filter(args)
    tasks = load_tasks_file(args.file)
    for task in tasks:
        if args.id_prefix:
            task.meta.setdefault("source_task_id", task.task_id)
            task.task_id = args.id_prefix + task.task_id
        task.origin = args.origin
        if skill is not None:
            task.skill = skill
        task.reviewed = True  # the user chose this file; there is nothing mined to redact
    _refuse_cross_skill_overwrite(repo, tasks)
    repo.upsert_many(tasks)
    where = f" for skill {skill!r}" if skill else ""
    print(f"added {len(tasks)} task(s){where} from {args.file} (origin {args.origin})")
    return 0


def _refuse_cross_skill_overwrite(repo: TaskRepo, tasks: list[Task]) -> None:
    """Benchmark files reuse ids (bm-001 in every seed): adding a second skill's file must not
    silently replace the first skill's tasks."""
    clashes = []
    for task in tasks:
        stored = repo.get(task.task_id)
        if stored is not None and stored.skill != task.skill:
            clashes.append(f"{task.task_id} (stored for skill {stored.skill or '-'!r})")
    if clashes:
        shown = ", ".join(clashes[:5]) + (f" and {len(clashes) - 5} more" if len(clashes) > 5 else "")
        raise TaskError(f"these task ids already belong to another skill: {shown}; "
                        "nothing was added. Use --id-prefix to keep both")


def run_delete(args) -> int:
    repo = _repo(args)
    missing = [task_id for task_id in args.task_ids if repo.get(task_id) is None]
    if missing:
        raise TaskError(f"no task with id {', '.join(repr(m) for m in missing)}; nothing was deleted")
    for task_id in args.task_ids:
        repo.delete(task_id)
    print(f"deleted {len(args.task_ids)} task(s)")
    return 0


def _judge_summary(task: Task) -> str:
    judge = task.judge
    if judge.kind == "rule":
        return "rule: " + ",".join(check.op for check in judge.checks)
    return judge.kind


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= INTENT_WIDTH else text[: INTENT_WIDTH - 3] + "..."
