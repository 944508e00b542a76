"""The interface every benchmark adapter offers the night and the experiments.

An adapter's `load(options)` returns a `Benchmark`: the tasks (with judges), the initial skill
text, a tool provider for tasks that offer tools, and a scorer when scoring is not a plain judge.
Loaders take the user's copy of a data set by path, or fall back to small fixtures of our own
bundled in the package (same schema), so tests and demos run without downloads.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Score, Task, ToolCallRecord
from skillopt_sleep.students.toolenv import ToolProvider, no_tools

Scorer = Callable[[Task, str, list[ToolCallRecord]], Score]


@dataclass
class Benchmark:
    name: str  # e.g. "gbrain/brief-writer"
    tasks: list[Task]
    skill_text: str
    tool_provider: ToolProvider = no_tools
    scorer: Scorer | None = None  # None: the task's own judge decides (judges.score_answer)
    source: str = ""  # where the data was read from
    data_hash: str = ""  # sha256 over the files read, for the results table
    metric: str = "mixed"  # the selection score that suits this benchmark

    def summary(self) -> dict[str, Any]:
        return {"name": self.name, "tasks": len(self.tasks), "source": self.source, "data_hash": self.data_hash}


def bundled_dir(*parts: str) -> Path:
    """A folder of the package's bundled benchmark data."""
    root = resources.files("skillopt_sleep").joinpath("data", "benchmarks", *parts)
    return Path(str(root))


def display_source(path: Path) -> str:
    """Bundled data is named relative to the package (results must not carry machine paths);
    a user's own copy keeps the path they gave."""
    package_root = Path(str(resources.files("skillopt_sleep"))).resolve()
    try:
        return str(Path("skillopt_sleep") / Path(path).resolve().relative_to(package_root))
    except ValueError:
        return str(path)


def hash_files(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def read_records(path: Path) -> list[dict]:
    """Items from a JSONL file, or a JSON file holding a list (or {"data": [...]})."""
    if not path.is_file():
        raise BenchmarkError(f"benchmark data file not found: {path}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BenchmarkError(f"cannot read {path}: {exc}") from None
    stripped = text.lstrip()
    if path.suffix == ".json" or stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BenchmarkError(f"{path}: malformed JSON: {exc}") from None
        if isinstance(data, dict) and isinstance(data.get("data"), list):
            data = data["data"]
        if not isinstance(data, list):
            raise BenchmarkError(f"{path}: expected a JSON list of items")
        items = data
    else:
        items = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise BenchmarkError(f"{path}:{number}: malformed JSON line: {exc}") from None
    for index, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise BenchmarkError(f"{path}: item {index} is not a JSON object")
    return items


def data_path(opts: dict[str, Any], *bundled: str) -> Path:
    """The data the `path` option names, or the bundled copy."""
    return Path(opts["path"]).expanduser() if opts["path"] else bundled_dir(*bundled)


def numbered_items(path: Path, limit: Any = None) -> list[tuple[int, dict, str]]:
    """The file's items (the first `limit` when set), each with its 1-based number and the
    place an error about it names."""
    items = read_records(path)
    if limit:
        items = items[: int(limit)]
    return [(index, item, f"{path}: item {index}") for index, item in enumerate(items, 1)]


def take_options(options: dict[str, Any], allowed: dict[str, Any], adapter: str) -> dict[str, Any]:
    """Defaults filled in; an unknown option is an error naming the known ones."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise BenchmarkError(f"benchmark {adapter!r}: unknown option(s) {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(allowed)) or 'none'}")
    return {**allowed, **options}


def require(item: dict, key: str, where: str) -> Any:
    value = item.get(key)
    if value is None or value == "" or value == []:
        raise BenchmarkError(f"{where}: missing field {key!r}")
    return value


def split_counts(tasks: list[Task]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for task in tasks:
        counts[task.split or "unassigned"] = counts.get(task.split or "unassigned", 0) + 1
    return counts


@dataclass
class Carve:
    """How many tasks an experiment takes for each split (0 = none)."""

    test: int = 5
    val: int = 5
    train: int = 5
    salt: str = "experiment"


def carve_splits(tasks: list[Task], carve: Carve) -> list[Task]:
    """Assign test, then val, then train by a salted hash order of task id; tasks beyond the
    requested counts are left out. Deterministic, and independent of the input order."""
    need = carve.test + carve.val + carve.train
    if need > len(tasks):
        raise BenchmarkError(f"the split asks for {need} tasks (test {carve.test}, val {carve.val}, "
                             f"train {carve.train}) but the benchmark has {len(tasks)}")
    ordered = sorted(tasks, key=lambda t: hashlib.sha256(f"{carve.salt}\0{t.task_id}".encode()).hexdigest())
    out: list[Task] = []
    bounds = (("test", carve.test), ("val", carve.val), ("train", carve.train))
    position = 0
    for split, count in bounds:
        for task in ordered[position:position + count]:
            out.append(Task.from_dict({**task.to_dict(), "split": split}))
        position += count
    return out
