"""Scheduled nights: the config snapshot, when a night is due, log rotation, and the entries that
cron, a systemd user timer or a launchd agent run.

`schedule` freezes the full effective config (source, backends, models, targets, budgets; paths
made absolute) into a snapshot file, and installs an entry that runs
`python -m skillopt_sleep scheduled-run --snapshot FILE` every hour at the schedule's minute.
The hourly run decides whether a night is due: one is due when no scheduled night has succeeded
since the most recent scheduled time (nor since the schedule was installed), so a night missed
while the machine slept runs once, at the next check after it wakes.
"""

from __future__ import annotations

import json
import os
import plistlib
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from skillopt_sleep import __version__
from skillopt_sleep.atomicfile import write_text_atomic
from skillopt_sleep.config import SCHEMA, Config, coerce
from skillopt_sleep.errors import ConfigError, ScheduleError
from skillopt_sleep.paths import config_dir, data_dir, default_db_path, default_staging_dir, log_dir

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
MEMORY_FILE = {"claude-code": "CLAUDE.md", "codex": "AGENTS.md"}
RETRY_AFTER_S = 3 * 3600.0  # a failed night is retried this long after, until one succeeds
LOG_MAX_BYTES = 1_000_000
LOG_KEEP = 3

BLOCK_BEGIN = "# >>> skillopt-sleep: managed block, `skillopt-sleep unschedule` removes it >>>"
BLOCK_END = "# <<< skillopt-sleep: end of managed block <<<"
ENTRY_PREFIX = "# schedule "


# -- names, files, times --------------------------------------------------------------------


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


def state_path(name: str) -> Path:
    return data_dir() / "schedules" / f"{name}.state.json"


def log_path(name: str) -> Path:
    return log_dir() / f"scheduled-{name}.log"


def memory_file_for(agent: str, project: Path) -> Path:
    """The agent's project memory file: AGENTS.md for Codex, CLAUDE.md for Claude Code."""
    return project / MEMORY_FILE.get(agent, "CLAUDE.md")


def _write_json_atomic(path: Path, data: dict) -> None:
    write_text_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def iso_utc(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def _epoch(text: str | None) -> float | None:
    if not text:
        return None
    from datetime import datetime, timezone

    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc).timestamp()
    except ValueError:
        return None


def local_text(epoch: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(epoch))


# -- the snapshot ---------------------------------------------------------------------------


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
    from skillopt_sleep.backends.auto import choose

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
    package_parent = Path(__file__).resolve().parent.parent
    return {"python": sys.executable, "pythonpath": str(package_parent), "version": __version__}


def build_snapshot(config: Config, *, name: str, project: Path, time_text: str, via: str,
                   env: dict[str, str] | None = None, env_file: Path | None = None) -> Snapshot:
    from skillopt_sleep.store import utc_now

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
    _write_json_atomic(target, snapshot.to_json())
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


# -- state and the due decision ---------------------------------------------------------------


@dataclass
class ScheduleState:
    scheduled_at: str | None = None  # when `schedule` last installed this entry
    last_success_at: str | None = None  # start of the last scheduled night that finished
    last_attempt_at: str | None = None
    last_status: str | None = None  # the night's status, or "failed"
    last_error: str | None = None
    last_night_id: str | None = None


def read_state(path: Path) -> ScheduleState:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ScheduleState()
    known = ScheduleState.__dataclass_fields__
    return ScheduleState(**{k: v for k, v in data.items() if k in known and (v is None or isinstance(v, str))})


def write_state(path: Path, state: ScheduleState) -> None:
    _write_json_atomic(path, asdict(state))


def _local_at(day_epoch: float, hour: int, minute: int) -> float:
    day = time.localtime(day_epoch)
    # isdst=-1 lets the C library decide daylight saving for that date.
    return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, hour, minute, 0, 0, 0, -1))


def latest_slot(now: float, hour: int, minute: int) -> float:
    """The most recent local HH:MM at or before `now` (epoch seconds)."""
    slot = _local_at(now, hour, minute)
    return slot if slot <= now else _local_at(now - 86400, hour, minute)


def next_slot(now: float, hour: int, minute: int) -> float:
    slot = _local_at(now, hour, minute)
    return slot if slot > now else _local_at(now + 86400, hour, minute)


@dataclass
class Due:
    due: bool
    reason: str


def night_due(now: float, state: ScheduleState, hour: int, minute: int, *, retry_after_s: float = RETRY_AFTER_S) -> Due:
    slot = latest_slot(now, hour, minute)
    upcoming = local_text(next_slot(now, hour, minute))
    succeeded = _epoch(state.last_success_at)
    installed = _epoch(state.scheduled_at)
    if succeeded is not None and succeeded >= slot:
        return Due(False, f"not due: the last night ran at {local_text(succeeded)}; next at {upcoming}")
    if succeeded is None and installed is not None and installed >= slot:
        return Due(False, f"not due: scheduled at {local_text(installed)}; the first night runs at {upcoming}")
    attempted = _epoch(state.last_attempt_at)
    if state.last_status == "failed" and attempted is not None and attempted >= slot and now - attempted < retry_after_s:
        return Due(False, f"not due: the night at {local_text(attempted)} failed ({state.last_error}); "
                          f"retrying after {local_text(attempted + retry_after_s)}")
    late = now - slot
    catch_up = f" (catching up: the scheduled time {local_text(slot)} passed {late / 3600:.1f} h ago)" if late > 3600 else ""
    return Due(True, f"due: no night has run since {local_text(slot)}{catch_up}")


# -- logs -----------------------------------------------------------------------------------


def rotate_log(path: Path, *, max_bytes: int = LOG_MAX_BYTES, keep: int = LOG_KEEP) -> bool:
    """Size-based rotation: path -> path.1 -> ... -> path.KEEP, the oldest dropped."""
    try:
        if path.stat().st_size < max_bytes:
            return False
    except FileNotFoundError:
        return False
    for index in range(keep - 1, 0, -1):
        older = path.with_name(f"{path.name}.{index}")
        if older.exists():
            os.replace(older, path.with_name(f"{path.name}.{index + 1}"))
    os.replace(path, path.with_name(f"{path.name}.1"))
    return True


# -- the entry and the schedulers ---------------------------------------------------------------


@dataclass
class Entry:
    name: str
    hour: int
    minute: int
    argv: list[str]
    env: dict[str, str]
    log: Path

    @classmethod
    def for_snapshot(cls, snapshot: Snapshot, snapshot_file: Path) -> "Entry":
        hour, minute = parse_time(snapshot.time)
        engine = snapshot.engine
        env = {"PYTHONPATH": engine["pythonpath"]}
        if snapshot.env.get("SKILLOPT_SLEEP_HOME"):
            env["SKILLOPT_SLEEP_HOME"] = snapshot.env["SKILLOPT_SLEEP_HOME"]
        argv = [engine["python"], "-m", "skillopt_sleep", "scheduled-run", "--snapshot", str(snapshot_file)]
        return cls(name=snapshot.name, hour=hour, minute=minute, argv=argv, env=env, log=log_path(snapshot.name))

    def describe(self) -> str:
        return f"nightly at {self.hour:02d}:{self.minute:02d} local time, checked hourly at :{self.minute:02d}"


class Scheduler(Protocol):
    kind: str

    def install(self, entry: Entry) -> str: ...

    def remove(self, name: str) -> bool: ...

    def installed(self) -> list[str]: ...


def _run(argv: list[str], *, input_text: str | None = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(argv, input=input_text, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise ScheduleError(f"{argv[0]} is not installed") from None
    except subprocess.TimeoutExpired:
        raise ScheduleError(f"{' '.join(argv)} did not answer within 60 s") from None


# crontab ------------------------------------------------------------------------------------


def cron_line(entry: Entry) -> str:
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in entry.env.items())
    command = " ".join(shlex.quote(a) for a in entry.argv)
    line = f"{entry.minute} * * * * {env} {command} >>{shlex.quote(str(entry.log))} 2>&1"
    return line.replace("%", "\\%")  # cron turns a bare % into a newline


def split_table(table: str) -> tuple[list[str], dict[str, list[str]], list[str]] | None:
    """(lines before the managed block, its entries by name, lines after); None without a block."""
    lines = table.splitlines(keepends=True)
    begin = next((i for i, line in enumerate(lines) if line.rstrip("\n") == BLOCK_BEGIN), None)
    if begin is None:
        return None
    end = next((i for i in range(begin + 1, len(lines)) if lines[i].rstrip("\n") == BLOCK_END), None)
    if end is None:
        raise ScheduleError("the crontab has the start of a skillopt-sleep block but not its end; "
                            "fix it with `crontab -e`, then schedule again")
    entries: dict[str, list[str]] = {}
    current = None
    for line in lines[begin + 1:end]:
        text = line.rstrip("\n")
        if text.startswith(ENTRY_PREFIX):
            current = text[len(ENTRY_PREFIX):].split(":", 1)[0].strip()
            entries[current] = [text]
        elif current is not None and text:
            entries[current].append(text)
    return lines[:begin], entries, lines[end + 1:]


def render_block(entries: dict[str, list[str]]) -> list[str]:
    body = [line + "\n" for name in sorted(entries) for line in entries[name]]
    return [BLOCK_BEGIN + "\n", *body, BLOCK_END + "\n"]


def table_with(table: str, entry: Entry) -> str:
    lines = [f"{ENTRY_PREFIX}{entry.name}: {entry.describe()}", cron_line(entry)]
    parts = split_table(table)
    if parts is None:
        # crontab needs a final newline; a table that lacks one gets it here.
        prefix = table if not table or table.endswith("\n") else table + "\n"
        return prefix + "".join(render_block({entry.name: lines}))
    before, entries, after = parts
    entries[entry.name] = lines
    return "".join(before + render_block(entries) + after)


def table_without(table: str, name: str | None) -> str:
    """The table less one entry (None: all of them); the block goes once it is empty."""
    parts = split_table(table)
    if parts is None:
        return table
    before, entries, after = parts
    if name is None:
        entries = {}
    else:
        entries.pop(name, None)
    return "".join(before + (render_block(entries) if entries else []) + after)


class CronScheduler:
    kind = "cron"

    def __init__(self, binary: str = "crontab"):
        self.binary = binary

    def read(self) -> str:
        result = _run([self.binary, "-l"])
        if result.returncode == 0:
            return result.stdout
        if "no crontab" in (result.stderr + result.stdout).lower():
            return ""
        raise ScheduleError(f"`crontab -l` failed: {result.stderr.strip() or result.returncode}")

    def write(self, table: str) -> None:
        if table.strip():
            result = _run([self.binary, "-"], input_text=table)
        else:
            result = _run([self.binary, "-r"])
            if result.returncode != 0 and "no crontab" in (result.stderr + result.stdout).lower():
                return
        if result.returncode != 0:
            raise ScheduleError(f"crontab refused the new table: {result.stderr.strip() or result.returncode}")

    def install(self, entry: Entry) -> str:
        self.write(table_with(self.read(), entry))
        return "the user's crontab (managed block)"

    def remove(self, name: str | None) -> bool:
        table = self.read()
        updated = table_without(table, name)
        if updated == table:
            return False
        self.write(updated)
        return True

    def installed(self) -> list[str]:
        parts = split_table(self.read())
        return sorted(parts[1]) if parts else []


# systemd user timers ------------------------------------------------------------------------


def _systemd_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%") + '"'


class SystemdScheduler:
    kind = "systemd"

    def __init__(self, binary: str = "systemctl", unit_dir: Path | None = None):
        self.binary = binary
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
        self.unit_dir = unit_dir or Path(base) / "systemd" / "user"

    def unit(self, name: str) -> str:
        return f"skillopt-sleep-{name}"

    def _systemctl(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        result = _run([self.binary, "--user", *args])
        if check and result.returncode != 0:
            raise ScheduleError(f"`systemctl --user {' '.join(args)}` failed: {result.stderr.strip() or result.returncode}")
        return result

    def install(self, entry: Entry) -> str:
        unit = self.unit(entry.name)
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        env_lines = "".join(f"Environment={_systemd_quote(f'{k}={v}')}\n" for k, v in entry.env.items())
        exec_start = " ".join(_systemd_quote(a) for a in entry.argv)
        (self.unit_dir / f"{unit}.service").write_text(
            f"# Written by skillopt-sleep schedule; `skillopt-sleep unschedule` removes it.\n"
            f"[Unit]\nDescription=skillopt-sleep night ({entry.name})\n\n"
            f"[Service]\nType=oneshot\n{env_lines}ExecStart={exec_start}\n", encoding="utf-8")
        (self.unit_dir / f"{unit}.timer").write_text(
            f"# Written by skillopt-sleep schedule; `skillopt-sleep unschedule` removes it.\n"
            f"[Unit]\nDescription=skillopt-sleep night ({entry.name}), {entry.describe()}\n\n"
            f"[Timer]\nOnCalendar=*-*-* *:{entry.minute:02d}:00\nPersistent=true\n\n"
            f"[Install]\nWantedBy=timers.target\n", encoding="utf-8")
        self._systemctl("daemon-reload")
        self._systemctl("enable", "--now", f"{unit}.timer")
        return f"systemd user timer {unit}.timer"

    def remove(self, name: str | None) -> bool:
        names = self.installed() if name is None else [name]
        removed = False
        for each in names:
            unit = self.unit(each)
            files = [self.unit_dir / f"{unit}.timer", self.unit_dir / f"{unit}.service"]
            if not any(f.exists() for f in files):
                continue
            self._systemctl("disable", "--now", f"{unit}.timer", check=False)
            for f in files:
                f.unlink(missing_ok=True)
            removed = True
        if removed:
            self._systemctl("daemon-reload", check=False)
        return removed

    def installed(self) -> list[str]:
        if not self.unit_dir.is_dir():
            return []
        return sorted(p.name[len("skillopt-sleep-"):-len(".timer")] for p in self.unit_dir.glob("skillopt-sleep-*.timer"))


# launchd agents (macOS) -----------------------------------------------------------------------


class LaunchdScheduler:
    kind = "launchd"

    def __init__(self, binary: str = "launchctl", agents_dir: Path | None = None):
        self.binary = binary
        self.agents_dir = agents_dir or Path.home() / "Library" / "LaunchAgents"

    def label(self, name: str) -> str:
        return f"dev.skillopt-sleep.{name}"

    def plist_path(self, name: str) -> Path:
        return self.agents_dir / f"{self.label(name)}.plist"

    def _domain(self) -> str:
        return f"gui/{os.getuid()}"

    def install(self, entry: Entry) -> str:
        label = self.label(entry.name)
        self.agents_dir.mkdir(parents=True, exist_ok=True)
        entry.log.parent.mkdir(parents=True, exist_ok=True)
        path = self.plist_path(entry.name)
        with path.open("wb") as handle:
            plistlib.dump({
                "Label": label,
                "ProgramArguments": entry.argv,
                "EnvironmentVariables": entry.env,
                "StartCalendarInterval": {"Minute": entry.minute},
                "StandardOutPath": str(entry.log),
                "StandardErrorPath": str(entry.log),
                "RunAtLoad": False,
            }, handle)
        _run([self.binary, "bootout", f"{self._domain()}/{label}"])  # a previous version, if loaded
        result = _run([self.binary, "bootstrap", self._domain(), str(path)])
        if result.returncode != 0:
            raise ScheduleError(f"launchctl could not load {path}: {result.stderr.strip() or result.returncode}")
        return f"launchd agent {label}"

    def remove(self, name: str | None) -> bool:
        removed = False
        for each in (self.installed() if name is None else [name]):
            path = self.plist_path(each)
            if not path.exists():
                continue
            _run([self.binary, "bootout", f"{self._domain()}/{self.label(each)}"])
            path.unlink()
            removed = True
        return removed

    def installed(self) -> list[str]:
        if not self.agents_dir.is_dir():
            return []
        prefix = "dev.skillopt-sleep."
        return sorted(p.name[len(prefix):-len(".plist")] for p in self.agents_dir.glob(f"{prefix}*.plist"))


KINDS = ("auto", "cron", "systemd", "launchd")


def _systemd_user_available() -> bool:
    if not shutil.which("systemctl"):
        return False
    try:
        result = subprocess.run(["systemctl", "--user", "show-environment"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


def scheduler_for(kind: str) -> Scheduler:
    """The scheduler named, or for 'auto' the one this machine has: launchd on macOS, else cron,
    else a systemd user instance."""
    if kind == "cron":
        return CronScheduler()
    if kind == "systemd":
        return SystemdScheduler()
    if kind == "launchd":
        return LaunchdScheduler()
    if kind != "auto":
        raise ScheduleError(f"unknown scheduler {kind!r}; choose one of {', '.join(KINDS)}")
    if sys.platform == "darwin" and shutil.which("launchctl"):
        return LaunchdScheduler()
    if shutil.which("crontab"):
        return CronScheduler()
    if _systemd_user_available():
        return SystemdScheduler()
    raise ScheduleError("no scheduler found on this machine (no crontab, no systemd user instance, no launchd); "
                        "install cron, or run nights by hand with `skillopt-sleep run`")
