"""Where a night's inputs come from, per the config: the skill to optimize, the memory file next
to it, and the replay tasks (a JSONL file, or the store's tasks for that skill)."""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.config import Config
from skillopt_sleep.errors import ConfigError, SkilloptError
from skillopt_sleep.records import Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo, load_tasks_file


def skill_path_of(config: Config) -> Path:
    if not config["skill"]:
        raise ConfigError("no skill to optimize: pass --skill PATH/TO/SKILL.md or set 'skill' in the config")
    path = Path(config["skill"]).expanduser()
    if not path.is_file():
        raise ConfigError(f"skill file {path} does not exist")
    return path


MEMORY_FILE = {"claude-code": "CLAUDE.md", "codex": "AGENTS.md"}


def memory_file_for(agent: str, project: Path) -> Path:
    """The agent's project memory file: AGENTS.md for Codex, CLAUDE.md for Claude Code."""
    return project / MEMORY_FILE.get(agent, "CLAUDE.md")


def memory_path_of(config: Config, project: Path) -> Path | None:
    """The configured memory file, else the agent's own one in the project when it exists
    (CLAUDE.md for Claude Code, AGENTS.md for Codex), as a scheduled night would choose."""
    if config["memory"]:
        return Path(config["memory"]).expanduser()
    candidate = memory_file_for(config["agent"], project)
    return candidate if candidate.is_file() else None


def tasks_for(config: Config, store: Store, skill_path: Path) -> list[Task]:
    if config["source"] == "file":
        if not config["tasks_file"]:
            raise ConfigError("source is 'file' but no tasks_file is set (use --tasks-file PATH)")
        return load_tasks_file(config["tasks_file"])
    repo = TaskRepo(store)
    skill = skill_path.parent.name
    tasks = repo.list(skill=skill) + [t for t in repo.list(skill="") if t.skill == ""]
    if not tasks:
        raise SkilloptError(
            f"the store has no tasks for skill {skill!r}: capture sessions and run `skillopt-sleep ingest` "
            "and `skillopt-sleep mine`, or pass --tasks-file"
        )
    return tasks
