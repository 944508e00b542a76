"""Replay tasks: the store's `tasks` table, JSONL task files, and export/import for review.

Task files are JSONL, one task a line, in either the benchmark format
(`{"task_id", "task", "judge"}`) or `Task.to_dict()`'s. Blank lines are fine. Every problem is
reported with the file and line number, and a file with any problem writes nothing.

An export for review starts with a header line
`{"skillopt_sleep_tasks": 1, "reviewed": false, "note": ...}`; import refuses the file until the
user has read it, redacted what must not be kept, and set "reviewed" to true.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from pathlib import Path
from typing import Iterable

from skillopt_sleep.atomicfile import write_text_atomic
from skillopt_sleep.errors import TaskError
from skillopt_sleep.tasks.judges import SEARCH_TOOL, validate_judge
from skillopt_sleep.records import ORIGINS, SPLITS, Task, stable_json
from skillopt_sleep.store import Store, utc_now

EXPORT_FORMAT = 1
HEADER_KEY = "skillopt_sleep_tasks"
EXPORT_NOTE = (
    "Review every task below before importing it: remove or redact anything that must not be "
    "kept (names, paths, secrets, customer data) and delete lines for tasks you do not want. "
    "Then set \"reviewed\" to true on this line and run `skillopt-sleep tasks import FILE`."
)
MAX_REPORTED_PROBLEMS = 20


def intent_fingerprint(intent: str) -> str:
    """Hash of the intent with case, punctuation and spacing normalised away, so near-duplicate
    tasks ("Fix the login bug." / "fix the login bug") share a fingerprint."""
    text = unicodedata.normalize("NFKC", intent or "").casefold()
    words = re.findall(r"\w+", text)
    return hashlib.sha256(" ".join(words).encode("utf-8")).hexdigest()[:16]


def skill_name(value: str) -> str:
    """The skill name tasks are filed under. A path to a SKILL.md (or to its folder) gives the
    folder's name, as the night uses (the Agent Skills format names a skill after its folder);
    anything else is taken as the name itself."""
    path = Path(value).expanduser()
    if path.is_file():
        return path.resolve().parent.name
    if path.is_dir() and (path / "SKILL.md").is_file():
        return path.resolve().name
    return value


def task_problems(task: Task) -> list[str]:
    """What makes `task` unusable (empty list: it can be stored and replayed)."""
    problems: list[str] = []
    if not str(task.task_id).strip():
        problems.append("the task id is empty")
    if not str(task.intent).strip():
        problems.append("the intent is empty")
    if task.origin not in ORIGINS:
        problems.append(f"unknown origin {task.origin!r} (expected one of {', '.join(ORIGINS)})")
    if task.split and task.split not in SPLITS:
        problems.append(f"unknown split {task.split!r} (expected one of {', '.join(SPLITS)}, or empty)")
    problems.extend(f"judge: {problem}" for problem in validate_judge(task.judge))
    return problems


class TaskRepo:
    """Tasks kept in the store. Writes validate first; a bad task raises TaskError and writes nothing."""

    def __init__(self, store: Store):
        self.store = store

    def upsert(self, task: Task) -> None:
        self.upsert_many([task])

    def upsert_many(self, tasks: Iterable[Task]) -> int:
        """Insert or update tasks in one transaction: all of them are written, or none."""
        tasks = list(tasks)
        problems = [f"task {t.task_id!r}: {p}" for t in tasks for p in task_problems(t)]
        if problems:
            raise TaskError(_summarise(problems))
        now = utc_now()
        with self.store.transaction() as conn:
            for task in tasks:
                conn.execute(
                    "INSERT INTO tasks (id, skill, intent, fingerprint, origin, split, reviewed, data_json, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET skill = excluded.skill, intent = excluded.intent, "
                    "fingerprint = excluded.fingerprint, origin = excluded.origin, "
                    # A task mined again has no split of its own: it keeps the one a night gave it.
                    "split = CASE WHEN excluded.split = '' THEN tasks.split ELSE excluded.split END, "
                    "reviewed = excluded.reviewed, updated_at = excluded.updated_at, "
                    "data_json = CASE WHEN excluded.split = '' AND tasks.split != '' "
                    "THEN json_set(excluded.data_json, '$.split', tasks.split) ELSE excluded.data_json END",
                    (
                        task.task_id,
                        task.skill,
                        task.intent,
                        intent_fingerprint(task.intent),
                        task.origin,
                        task.split,
                        int(bool(task.reviewed)),
                        stable_json(task.to_dict()),
                        now,
                        now,
                    ),
                )
        return len(tasks)

    def keep_splits(self, assigned: dict[str, str]) -> int:
        """Store the split a night gave each stored task that had none; a task that has one keeps it.
        Returns how many were stored."""
        now = utc_now()
        with self.store.transaction() as conn:
            return sum(conn.execute(
                "UPDATE tasks SET split = ?, data_json = json_set(data_json, '$.split', ?), updated_at = ? "
                "WHERE id = ? AND split = ''", (split, split, now, task_id)).rowcount
                for task_id, split in sorted(assigned.items()))

    def get(self, task_id: str) -> Task | None:
        row = self.store.query_one("SELECT id, data_json FROM tasks WHERE id = ?", (task_id,))
        return _task_from_row(row) if row else None

    def require(self, task_id: str) -> Task:
        task = self.get(task_id)
        if task is None:
            raise TaskError(f"no task with id {task_id!r} in the store at {self.store.path}")
        return task

    def list(self, skill: str | None = None, split: str | None = None, origin: str | None = None) -> list[Task]:
        clauses, params = [], []
        for column, value in (("skill", skill), ("split", split), ("origin", origin)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.store.query(f"SELECT id, data_json FROM tasks{where} ORDER BY skill, id", tuple(params))
        return [_task_from_row(row) for row in rows]

    def ids_by_fingerprint(self, fingerprint: str) -> list[str]:
        rows = self.store.query("SELECT id FROM tasks WHERE fingerprint = ? ORDER BY id", (fingerprint,))
        return [row["id"] for row in rows]

    def delete(self, task_id: str) -> bool:
        with self.store.transaction() as conn:
            return conn.execute("DELETE FROM tasks WHERE id = ?", (task_id,)).rowcount > 0

    def count(self) -> int:
        return int(self.store.query_one("SELECT COUNT(*) FROM tasks")[0])


def _task_from_row(row) -> Task:
    try:
        return Task.from_dict(json.loads(row["data_json"]))
    except (ValueError, TypeError) as exc:
        raise TaskError(f"task {row['id']!r} in the store is unreadable: {exc}") from None


# --------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------


def load_tasks_file(path: Path | str) -> list[Task]:
    """Tasks from a JSONL file (benchmark or Task format). An export header line is skipped."""
    path = Path(path)
    lines = _numbered_objects(path)
    if lines and HEADER_KEY in lines[0][1]:
        lines = lines[1:]
    return _tasks_from_lines(path, lines)


def export_tasks(tasks: Iterable[Task], path: Path | str, *, overwrite: bool = False) -> int:
    """Write tasks for review, header first. Refuses to replace an existing file unless asked,
    so a review in progress is never overwritten by accident."""
    path = Path(path)
    tasks = list(tasks)
    if path.exists() and not overwrite:
        raise TaskError(f"{path} already exists; choose another file or allow overwriting (--force)")
    header = {HEADER_KEY: EXPORT_FORMAT, "reviewed": False, "exported_at": utc_now(), "count": len(tasks), "note": EXPORT_NOTE}
    lines = [json.dumps(header, ensure_ascii=False)]
    lines += [json.dumps(task.to_dict(), ensure_ascii=False, sort_keys=True) for task in tasks]
    write_text_atomic(path, "\n".join(lines) + "\n", mode=0o600)
    return len(tasks)


def import_tasks(repo: TaskRepo, path: Path | str) -> list[Task]:
    """Store the tasks of a reviewed export (marked reviewed). Everything is checked before
    anything is written, and the write is one transaction."""
    path = Path(path)
    lines = _numbered_objects(path)
    if not lines or HEADER_KEY not in lines[0][1]:
        raise TaskError(
            f"{path}: not a task export (its first line has no {HEADER_KEY!r} header); "
            "export with `skillopt-sleep tasks export`, or load a benchmark file with `tasks add-file`"
        )
    number, header = lines[0]
    if header.get(HEADER_KEY) != EXPORT_FORMAT:
        raise TaskError(f"{path}:{number}: unsupported export format {header.get(HEADER_KEY)!r} (this version reads {EXPORT_FORMAT})")
    if header.get("reviewed") is not True:
        raise TaskError(
            f"{path}: not marked as reviewed. Read every task in it, redact or delete what must not be "
            f'kept, then set "reviewed": true on line {number} and import again'
        )
    tasks = _tasks_from_lines(path, lines[1:])
    for task in tasks:
        task.reviewed = True
    repo.upsert_many(tasks)
    return tasks


def _numbered_objects(path: Path) -> list[tuple[int, dict]]:
    """(line number, object) for each non-blank line; every bad line is reported at once."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TaskError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise TaskError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise TaskError(f"{path}: cannot read: {exc.strerror or exc}") from None
    objects: list[tuple[int, dict]] = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{path}:{number}: not valid JSON ({exc.msg} at column {exc.colno})")
            continue
        if not isinstance(value, dict):
            problems.append(f"{path}:{number}: expected a JSON object, got {type(value).__name__}")
            continue
        objects.append((number, value))
    if problems:
        raise TaskError(_summarise(problems))
    return objects


def _tasks_from_lines(path: Path, lines: list[tuple[int, dict]]) -> list[Task]:
    tasks: list[Task] = []
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for number, data in lines:
        where = f"{path}:{number}"
        missing = [name for name, alternatives in (("task_id", ("task_id", "id")), ("task", ("task", "intent")), ("judge", ("judge",)))
                   if not any(key in data for key in alternatives)]
        if missing:
            problems.append(f"{where}: missing field(s) {', '.join(repr(m) for m in missing)}")
            continue
        try:
            task = Task.from_dict(data)
        except (ValueError, TypeError) as exc:
            problems.append(f"{where}: {exc}")
            continue
        if "tools" not in data:
            task.tools = _tools_the_judge_needs(task)
        line_problems = task_problems(task)
        if line_problems:
            problems.extend(f"{where}: task {task.task_id!r}: {problem}" for problem in line_problems)
            continue
        if task.task_id in first_line:
            problems.append(f"{where}: task id {task.task_id!r} already used on line {first_line[task.task_id]}")
            continue
        first_line[task.task_id] = number
        tasks.append(task)
    if problems:
        raise TaskError(_summarise(problems))
    return tasks


def _tools_the_judge_needs(task: Task) -> list[str]:
    """Benchmark lines carry no tool list; a check about a tool only makes sense if the replay
    offers that tool, so offer the tools the judge mentions."""
    tools: list[str] = []
    if task.judge.kind == "qrels":
        tools.append(SEARCH_TOOL)
    for check in task.judge.checks:
        if check.op in ("tool_called", "tool_not_called") and isinstance(check.arg, str) and check.arg not in tools:
            tools.append(check.arg)
    return tools




def _summarise(problems: list[str]) -> str:
    shown = problems[:MAX_REPORTED_PROBLEMS]
    more = len(problems) - len(shown)
    return "\n".join(shown) + (f"\n... and {more} more problem(s)" if more else "")
