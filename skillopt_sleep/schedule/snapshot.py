"""The config snapshot a scheduled night runs from.

`schedule` freezes the full effective config (source, backends, models, targets, budgets; paths
made absolute) into a snapshot file, so the night at 3 a.m. runs what was scheduled, not what
the shell, the config files or "auto" would pick then.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import skillopt_sleep
from skillopt_sleep.atomicfile import write_json_atomic
from skillopt_sleep.backends.auto import choose
from skillopt_sleep.config import SCHEMA, Config, coerce
from skillopt_sleep.errors import ConfigError, ScheduleError
from skillopt_sleep.night.sequencing.sources import memory_file_for
from skillopt_sleep.paths import config_dir, default_db_path, default_staging_dir
from skillopt_sleep.store import utc_now

SNAPSHOT_FORMAT = 1
DEFAULT_NAME = "default"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
TIME_PATTERN = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")
PATH_KEYS = ("skill", "memory", "tasks_file", "store.path", "staging.dir", "local.model_path")
# Environment a night needs that cron does not give (never credentials: those stay in the
# user's own config or environment files).
ENV_KEPT = ("PATH", "SKILLOPT_SLEEP_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "CODEX_HOME", "CLAUDE_CONFIG_DIR")
# Endpoints the API backends fall back to from the environment: frozen into the role's base_url.
BASE_URL_ENV = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL"}
# Keys the API backends read from the environment, which a scheduler does not pass on.
KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise ScheduleError(f"schedule name {name!r} must be lowercase letters, digits and hyphens (at most 40)")
    return name


def parse_time(text: str) -> tuple[int, int]:
    match = TIME_PATTERN.match(text.strip())
    if not match:
        raise ScheduleError(f"schedule time {text!r} must be HH:MM in 24-hour local time, e.g. 03:30")
    return int(match.group(1)), int(match.group(2))


def schedules_dir() -> Path:
    return config_dir() / "schedules"


def snapshot_path(name: str) -> Path:
    return schedules_dir() / f"{name}.json"


@dataclass
class Snapshot:
    name: str
    project: str
    time: str
    via: str
    created_at: str
    values: dict[str, Any]
    sources: dict[str, str]
    engine: dict[str, str]
    env: dict[str, str]
    env_file: str | None = None  # KEY=VALUE file read before each night (API keys live there, not here)
    format: int = SNAPSHOT_FORMAT
    path: Path | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("path")
        return data

    def config(self) -> Config:
        """The snapshot as a Config: every key as frozen, checked by the current schema. A key
        this version added since gets its default, and says so in its source."""
        where = f"schedule snapshot {self.path or self.name}"
        unknown = sorted(set(self.values) - set(SCHEMA))
        if unknown:
            raise ScheduleError(f"{where} has keys this version does not know ({', '.join(unknown)}); "
                                f"run `skillopt-sleep schedule --name {self.name}` again")
        values, sources = {}, {}
        for key, spec in SCHEMA.items():
            if key in self.values:
                try:
                    values[key] = coerce(key, self.values[key], where)
                except ConfigError as exc:
                    raise ScheduleError(str(exc)) from None
                sources[key] = where
            else:
                values[key], sources[key] = spec.default, f"default (not in {where})"
        return Config(values, sources)


def resolve_values(config: Config, project: Path) -> dict[str, Any]:
    """The config to freeze: relative paths made absolute against the project, default store and
    staging folders written out, and the agent's memory file filled in when the project has one."""
    values = dict(config.snapshot())
    for key in PATH_KEYS:
        if values.get(key):
            path = Path(str(values[key])).expanduser()
            values[key] = os.path.abspath(path if path.is_absolute() else project / path)
    values["store.path"] = values["store.path"] or str(default_db_path())
    values["staging.dir"] = values["staging.dir"] or str(default_staging_dir())
    if not values.get("memory"):
        candidate = memory_file_for(values["agent"], project)
        if candidate.is_file():
            values["memory"] = str(candidate)
    resolve_auto_backends(config, values)
    return values


def resolve_auto_backends(config: Config, values: dict[str, Any]) -> None:
    """Freeze what "auto" picks now: a scheduled night must not pick differently at 3 a.m."""
    for role in ("student", "teacher"):
        if values.get(f"{role}.backend") != "auto":
            continue
        choice = choose(config, role)
        values[f"{role}.backend"], values[f"{role}.model"] = choice.name, choice.model
        if choice.options.get("base_url") and not values.get(f"{role}.base_url"):
            values[f"{role}.base_url"] = choice.options["base_url"]


def freeze_endpoints(values: dict[str, Any], env: dict[str, str]) -> None:
    """A role whose backend would take its endpoint from the environment gets it written in."""
    for role in ("student", "teacher"):
        variable = BASE_URL_ENV.get(values.get(f"{role}.backend", ""))
        if variable and not values.get(f"{role}.base_url") and env.get(variable):
            values[f"{role}.base_url"] = env[variable]


def missing_keys(values: dict[str, Any], env: dict[str, str], env_file: Path | None) -> list[str]:
    """API keys a role needs that only this shell has: the scheduled run would not see them."""
    if env_file is not None:
        return []
    missing = []
    for role in ("student", "teacher"):
        variable = KEY_ENV.get(values.get(f"{role}.backend", ""))
        if variable and env.get(variable) and variable not in missing:
            missing.append(variable)
    return missing


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines (optionally `export`-ed, optionally quoted); # comments and blanks skipped."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ScheduleError(f"cannot read the environment file {path}: {exc}") from None
    values: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        text = text[len("export "):].strip() if text.startswith("export ") else text
        name, sep, value = text.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name.strip()):
            raise ScheduleError(f"{path}:{number}: expected KEY=VALUE")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name.strip()] = value
    return values


def check_targets(values: dict[str, Any]) -> None:
    """Refuse to schedule what cannot run, now rather than at 03:30."""
    if not values.get("skill"):
        raise ScheduleError("no skill to optimize: pass --skill PATH/TO/SKILL.md or set 'skill' in the config")
    if not Path(values["skill"]).is_file():
        raise ScheduleError(f"skill file {values['skill']} does not exist")
    if values.get("source") == "file":
        if not values.get("tasks_file"):
            raise ScheduleError("source is 'file' but no tasks_file is set (use --tasks-file PATH)")
        if not Path(values["tasks_file"]).is_file():
            raise ScheduleError(f"tasks file {values['tasks_file']} does not exist")


def engine_location() -> dict[str, str]:
    """How the entry starts this very engine: this interpreter, with this package importable."""
    # The folder that holds the package, wherever in the package this module sits.
    package_parent = Path(skillopt_sleep.__file__).resolve().parent.parent
    return {"python": sys.executable, "pythonpath": str(package_parent), "version": skillopt_sleep.__version__}


def build_snapshot(config: Config, *, name: str, project: Path, time_text: str, via: str,
                   env: dict[str, str] | None = None, env_file: Path | None = None) -> Snapshot:
    check_name(name)
    parse_time(time_text)
    env = dict(os.environ if env is None else env)
    project = Path(os.path.abspath(project))
    values = resolve_values(config, project)
    values["schedule.time"] = time_text
    freeze_endpoints(values, env)
    check_targets(values)
    if env_file is not None:
        env_file = Path(os.path.abspath(Path(env_file).expanduser()))
        read_env_file(env_file)  # refuse a malformed file now, not at night
    return Snapshot(
        name=name, project=str(project), time=time_text, via=via, created_at=utc_now(), values=values,
        sources={k: config.sources.get(k, "default") for k in values}, engine=engine_location(),
        env={k: env[k] for k in ENV_KEPT if env.get(k)}, env_file=str(env_file) if env_file else None,
    )


def write_snapshot(snapshot: Snapshot, path: Path | None = None) -> Path:
    target = path or snapshot_path(snapshot.name)
    write_json_atomic(target, snapshot.to_json(), sort_keys=True)
    snapshot.path = target
    return target


def read_snapshot(path: Path) -> Snapshot:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScheduleError(f"schedule snapshot {path} does not exist; run `skillopt-sleep schedule` again") from None
    except (OSError, ValueError) as exc:
        raise ScheduleError(f"schedule snapshot {path} is unreadable ({exc}); run `skillopt-sleep schedule` again") from None
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise ScheduleError(f"schedule snapshot {path} has an unknown format; run `skillopt-sleep schedule` again")
    try:
        snapshot = Snapshot(**{k: data[k] for k in (
            "name", "project", "time", "via", "created_at", "values", "sources", "engine", "env")},
            env_file=data.get("env_file"))
    except KeyError as exc:
        raise ScheduleError(f"schedule snapshot {path} lacks {exc.args[0]!r}; run `skillopt-sleep schedule` again") from None
    snapshot.path = Path(path)
    return snapshot


def list_snapshots() -> list[Snapshot]:
    folder = schedules_dir()
    if not folder.is_dir():
        return []
    found = []
    for file in sorted(folder.glob("*.json")):
        try:
            found.append(read_snapshot(file))
        except ScheduleError:
            continue
    return found
