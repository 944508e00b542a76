"""The options every command shares, and the config they build (CLI flags win over all)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from skillopt_sleep.errors import ConfigError

if TYPE_CHECKING:
    from skillopt_sleep.config import Config


def add_verbosity_options(parser: argparse.ArgumentParser, *, with_defaults: bool) -> None:
    """-v/--verbose and -q/--quiet. They are accepted before the command and after it; the copy
    after it has no defaults, so an absent flag there never undoes one given before."""
    group = parser.add_argument_group("output")
    group.add_argument("-v", "--verbose", action="count", default=0 if with_defaults else argparse.SUPPRESS,
                       help="log more: -v for progress details, -vv for debugging")
    group.add_argument("-q", "--quiet", action="store_true", default=False if with_defaults else argparse.SUPPRESS,
                       help="no progress lines; log only errors")


def add_json_option(parser: argparse.ArgumentParser, help_text: str = "print JSON instead of text") -> None:
    parser.add_argument("--json", action="store_true", help=help_text)


def common_options() -> argparse.ArgumentParser:
    """Options every command accepts; each maps onto a config key (CLI flags win over all)."""
    parent = argparse.ArgumentParser(add_help=False)
    add_verbosity_options(parent, with_defaults=False)
    group = parent.add_argument_group("configuration")
    group.add_argument("--set", dest="assignments", action="append", default=[], metavar="KEY=VALUE",
                       help="set any config key, e.g. --set night.rounds=3 (repeatable)")
    group.add_argument("--skill", help="SKILL.md to optimize")
    group.add_argument("--memory", help="memory file (CLAUDE.md / AGENTS.md) to optimize")
    group.add_argument("--tasks-file", help="JSONL of tasks (implies --set source=file)")
    group.add_argument("--store", help="SQLite store path")
    group.add_argument("--student", metavar="BACKEND[:MODEL]", help="backend (and model) that replays tasks")
    group.add_argument("--teacher", metavar="BACKEND[:MODEL]", help="backend (and model) that reflects and judges")
    group.add_argument("--project", type=Path, help="project folder whose .skillopt-sleep.yaml applies (default: cwd)")
    return parent


def flags_from_args(args: argparse.Namespace) -> dict[str, str]:
    from skillopt_sleep.config import parse_assignments  # deferred: building the parser needs no config

    flags: dict[str, str] = {}
    for name, key in (("skill", "skill"), ("memory", "memory"), ("tasks_file", "tasks_file"), ("store", "store.path")):
        value = getattr(args, name, None)
        if value:
            flags[key] = str(value)
    if getattr(args, "tasks_file", None):
        flags["source"] = "file"
    for role in ("student", "teacher"):
        value = getattr(args, role, None)
        if value:
            backend, _, model = value.partition(":")
            flags[f"{role}.backend"] = backend
            if model:
                flags[f"{role}.model"] = model
    flags.update(parse_assignments(getattr(args, "assignments", []) or []))
    return flags


def flag_labels(args: argparse.Namespace) -> dict[str, str]:
    """The flag as typed for each key a role option sets, so an error names `--student x:y`."""
    labels: dict[str, str] = {}
    for role in ("student", "teacher"):
        value = getattr(args, role, None)
        if value:
            labels[f"{role}.backend"] = labels[f"{role}.model"] = f"--{role} {value}"
    return labels


def looks_like_name(value: str) -> bool:
    """A skill's name ("brief-writer"), as the tasks verbs accept, rather than a path to its file."""
    return "/" not in value and "\\" not in value and not value.lower().endswith(".md")


def check_named_paths(args: argparse.Namespace) -> None:
    """The files and folders the user named exist, before any command reads, ingests or creates a
    store. A verb whose --project only selects recorded sessions (harvest: the folder may be gone)
    or whose --skill may be a skill's name (tasks) says so through its defaults."""
    project = getattr(args, "project", None)
    if project and not getattr(args, "project_selects_sessions", False) and not Path(project).expanduser().is_dir():
        raise ConfigError(f"--project {project}: no such folder")
    for flag, name in (("--skill", "skill"), ("--tasks-file", "tasks_file")):
        value = getattr(args, name, None)
        if name == "skill" and value and getattr(args, "skill_may_be_name", False) and looks_like_name(str(value)):
            continue
        if value and not Path(value).expanduser().is_file():
            raise ConfigError(f"{flag} {value}: no such file")
    if getattr(args, "memory", None):
        check_memory_path(args.memory, "--memory")


def check_memory_path(value: str, label: str) -> None:
    """A memory file may be new (a night can propose one), but its folder must exist."""
    path = Path(value).expanduser()
    if path.is_dir() or not path.parent.is_dir():
        raise ConfigError(f"{label} {value}: not a file in an existing folder")


def config_from_args(args: argparse.Namespace) -> Config:
    from skillopt_sleep.config import load_config  # deferred: building the parser needs no config

    check_named_paths(args)
    return load_config(cwd=getattr(args, "project", None), flags=flags_from_args(args), flag_labels=flag_labels(args))
