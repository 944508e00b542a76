"""Typed settings for the front door: the keys a caller sets most, as fields, and any other
dotted key in `settings`. A field left None keeps what the config files say, and the files keep
the schema's default (config.py), so every default is written once, there."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Union

from skillopt_sleep.config import Config, load_config


@dataclass(frozen=True)
class Options:
    """What a night works on and with. `student` / `teacher`: a backend name, or `backend:model`.
    `project`: the folder whose `.skillopt-sleep.yaml` is read (default: the current one)."""

    skill: str | Path | None = None
    memory: str | Path | None = None
    tasks_file: str | Path | None = None  # a night on this file's tasks instead of the recorded sessions'
    store: str | Path | None = None
    student: str | None = None
    teacher: str | None = None
    rounds: int | None = None
    seed: int | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)  # any other key: {"night.edit_budget": 2}
    project: Path | None = None

    def flags(self) -> dict[str, Any]:
        """The options as the dotted keys of the config file format."""
        flags: dict[str, Any] = dict(self.settings)
        for key, value in (("skill", self.skill), ("memory", self.memory), ("store.path", self.store),
                           ("night.rounds", self.rounds), ("night.seed", self.seed)):
            if value is not None:
                flags[key] = str(value) if isinstance(value, Path) else value
        if self.tasks_file is not None:
            flags.update({"source": "file", "tasks_file": str(self.tasks_file)})
        for role, named in (("student", self.student), ("teacher", self.teacher)):
            if named:
                backend, _, model = named.partition(":")
                flags[f"{role}.backend"] = backend
                if model:
                    flags[f"{role}.model"] = model
        return flags

    def config(self) -> Config:
        """The config these options make, above the user's and the project's files and the environment."""
        return load_config(cwd=self.project, flags=self.flags())


Settings = Union[Options, Config]


def as_config(settings: Settings) -> Config:
    """Either form of settings as the config the stages read."""
    return settings.config() if isinstance(settings, Options) else settings
