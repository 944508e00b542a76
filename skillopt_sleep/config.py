"""Layered configuration with provenance.

Precedence, lowest first: built-in defaults < user config file (YAML, platform config dir)
< project `.skillopt-sleep.yaml` < `SKILLOPT_SLEEP_*` environment < CLI flags.
Keys are dotted (`night.edit_budget`); in YAML they nest, in the environment the dot is a
double underscore (`SKILLOPT_SLEEP_NIGHT__EDIT_BUDGET=2`). Anything unknown or ill-typed is a
`ConfigError` naming where it came from: a typo must never be silently ignored.
"""

from __future__ import annotations

import difflib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from skillopt_sleep.errors import ConfigError
from skillopt_sleep.paths import user_config_file

logger = logging.getLogger(__name__)

PROJECT_FILE = ".skillopt-sleep.yaml"
ENV_PREFIX = "SKILLOPT_SLEEP_"
# Environment variables with this prefix that are not config keys.
ENV_RESERVED = {"SKILLOPT_SLEEP_HOME", "SKILLOPT_SLEEP_PYTHON", "SKILLOPT_SLEEP_REPLAY", "SKILLOPT_SLEEP_CONFIG",
                "SKILLOPT_SLEEP_SURFACE"}

BACKENDS = ("local", "scripted", "anthropic", "openai", "claude-code", "codex", "auto")
# The entry-point group through which any installed distribution adds a backend by name.
BACKEND_GROUP = "skillopt_sleep.backends"
STUDENT_GROUP = "skillopt_sleep.students"


@dataclass(frozen=True)
class Key:
    kind: type | tuple  # str, int, float, bool, list
    default: Any
    help: str
    choices: tuple = ()
    minimum: float | None = None
    nullable: bool = False
    more_choices: str = ""  # an entry-point group whose names are allowed too (other packages' backends)


def _role(backend: str, model: str, temperature: float, max_tokens: int) -> dict[str, Key]:
    return {
        "backend": Key(str, backend, "model backend, or one another installed package adds", choices=BACKENDS,
                       more_choices=BACKEND_GROUP),
        "model": Key(str, model, "model name for this backend ('' = the backend's cheap default)"),
        "base_url": Key(str, None, "endpoint override (OpenAI-compatible servers, fake servers)", nullable=True),
        "temperature": Key(float, temperature, "sampling temperature", minimum=0.0),
        "max_tokens": Key(int, max_tokens, "reply length cap", minimum=1),
    }


def _schema() -> dict[str, Key]:
    keys: dict[str, Key] = {
        "skill": Key(str, None, "path of the SKILL.md to optimize", nullable=True),
        "memory": Key(str, None, "path of the memory file (CLAUDE.md / AGENTS.md) to optimize", nullable=True),
        "agent": Key(str, "claude-code", "the agent whose sessions and files are used", choices=("claude-code", "codex")),
        "source": Key(str, "store", "where tasks come from", choices=("store", "file")),
        "tasks_file": Key(str, None, "JSONL of tasks when source is 'file'", nullable=True),
        "store.path": Key(str, None, "SQLite database path (default: platform data dir)", nullable=True),
        "staging.dir": Key(str, None, "where nights stage proposals (default: platform data dir)", nullable=True),
        "night.max_tasks": Key(int, 40, "most tasks one night replays", minimum=1),
        "night.val_fraction": Key(float, 0.4, "share of tasks held out for the gate (never fewer than the gate needs to judge, while a task is left to train on)", minimum=0.0),
        "night.test_fraction": Key(float, 0.0, "share of tasks held out from nights entirely", minimum=0.0),
        "night.split_salt": Key(str, "skillopt-sleep", "salt of the deterministic train/val/test split"),
        "night.edit_budget": Key(int, 3, "most edits applied per candidate", minimum=1),
        "night.rounds": Key(int, 2, "reflect-apply-gate rounds per night", minimum=1),
        "night.rollouts": Key(int, 2, "replays per task (K > 1 lets reflection contrast answers and the paired gate pair samples)", minimum=1),
        "night.concurrency": Key(int, 4, "replays in flight at once", minimum=1),
        "night.rewordings": Key(int, 0, "rewordings of each request the teacher writes; replay samples after the first ask in them", minimum=0),
        "night.seed": Key(int, None, "sampling seed (default: varies per night, fixed on resume)", nullable=True),
        "night.reflect_batch": Key(int, 4, "failing rollouts shown to the teacher per reflection", minimum=1),
        "gate.metric": Key(str, "mixed", "selection score: hard, soft, or their mean", choices=("hard", "soft", "mixed")),
        "gate.no_regression": Key(bool, False, "reject a candidate that lowers any single val task"),
        "gate.min_val_tasks": Key(int, 2, "fewer val tasks than this makes the gate 'unverified' (the paired gate also needs enough tasks to reach its level: 3 at confidence 0.8)", minimum=1),
        "gate.enabled": Key(bool, True, "off only for ablations: accept every candidate"),
        "gate.mode": Key(str, "paired", "paired: sign-flip test over the held-out tasks (each task's samples averaged); strict: any mean gain", choices=("paired", "strict")),
        "gate.confidence": Key(float, 0.8, "confidence the paired gate needs that a gain is not sampling noise (the night's gates share the 1 - confidence budget)", minimum=0.0),
        "gate.extra_samples": Key(int, 2, "paired gate: when a gain could still be noise, replay each held-out task up to this many more times under both documents and look again (the night's false-accept rate stays at most 1 - confidence)", minimum=0),
        "gate.attribution": Key(bool, True, "leave each accepted edit out in turn and drop those that do not pay"),
        "gate.probation": Key(bool, False, "a rule must win on two nights before it is proposed"),
        "gate.max_error_share": Key(float, 0.2, "share of failed replays past which the night exits non-zero", minimum=0.0),
        "rules.min_tasks": Key(int, 2, "distinct tasks that must carry a check a train task fails before it becomes a rule (a convention the user set counts each session they set it in)", minimum=1),
        "rules.margin": Key(float, 0.25, "room a length rule keeps below (or above) the checked bound", minimum=0.0),
        "rules.layout": Key(bool, True, "also propose one answer layout covering the structural checks"),
        "rules.length_contrast": Key(bool, False, "also propose a length limit where the train answers that met every "
                                     "check ran clearly shorter than those that missed one"),
        "rules.lead": Key(bool, True, "also try the learned rules before the skill's own text: once a night, after the "
                          "gate accepts a round, kept where it scores higher on the gate's samples and still passes"),
        "edits.allow_outside_managed": Key(bool, False, "let a night replace or delete the skill's own lines, such as one asking for the opposite of a learned rule"),
        "edits.max_edit_chars": Key(int, 600, "longest text one edit may add", minimum=1),
        "edits.max_skill_chars": Key(int, 16000, "the skill may not grow past this", minimum=100),
        "repo.allow_unsandboxed": Key(bool, False, "replay repo tasks even where no sandbox (bubblewrap, sandbox-exec) is found: "
                                      "their commands then run with only time, memory and output bounds, in a copy of the repository"),
        "repo.max_turns": Key(int, 12, "most model turns of one repo-task episode", minimum=1),
        "repo.verify_wall_s": Key(float, 300.0, "wall-time limit of each verification command the judge runs", minimum=1.0),
        "repo.copy_mb": Key(int, 2048, "most space one copy of a repository may take, its history included: a tmpfs "
                            "of this size where the night may mount one (root), else measured after each command",
                            minimum=16),
        "repo.guardrails": Key(bool, True, "where a kept rule states a mechanical convention (a command to avoid, files not "
                               "edited by hand, a check to run before finishing, no new dependency), also propose its "
                               "enforcing form in the user's agent, judged alone on the held-out repo tasks"),
        "repo.guardrail_agents": Key(str, "auto", "the agents whose files a guardrail is written in, comma-separated "
                                     "(claude-code, codex, opencode), or auto: the agent most of the night's repo tasks "
                                     "came from, whose rules the replays were held to"),
        "repo.check_named": Key(bool, False, "the built-in loop asks finish to name the command that checked the work, and holds "
                                "a finish whose named check has not run since the last change (twice at most) until it has"),
        "repo.student": Key(str, "auto", "who replays repo tasks: headless, the student's own agent CLI (claude -p, codex exec) "
                            "in the sandbox; loop, the built-in tool loop; auto, headless where the student backend is "
                            "claude-code or codex and its CLI can run there, else the loop; or a student another "
                            "installed package adds", choices=("auto", "headless", "loop"), more_choices=STUDENT_GROUP),
        "budget.max_tokens": Key(int, None, "per-night token cap", nullable=True, minimum=1),
        "budget.max_usd": Key(float, None, "per-night dollar cap", nullable=True, minimum=0.0),
        "budget.max_wall_s": Key(float, None, "per-night wall-time cap in seconds", nullable=True, minimum=1.0),
        "budget.max_calls": Key(int, None, "per-night model-call cap", nullable=True, minimum=1),
        "calls.timeout_s": Key(float, 300.0, "per-call timeout", minimum=1.0),
        "calls.max_retries": Key(int, 4, "retries on 429 / 5xx / timeouts", minimum=0),
        "local.model_path": Key(str, None, "GGUF file for the local backend (default: the packaged model)", nullable=True),
        "local.n_ctx": Key(int, 4096, "context window of the local model", minimum=512),
        "local.threads": Key(int, None, "CPU threads of each local model instance", nullable=True, minimum=1),
        "local.instances": Key(int, None, "local model instances answering at once (default: 2 where the cores fit two of local.threads)",
                               nullable=True, minimum=1),
        "scripted.script": Key(str, None, "JSON rules file of the scripted test backend", nullable=True),
        "scripted.delay_s": Key(float, 0.0, "seconds each scripted call sleeps (engine benchmarks)", minimum=0.0),
        "anthropic.batch": Key(bool, False, "send the night through the Message Batches API (half price)"),
        "anthropic.prompt_cache": Key(bool, True, "cache the skill prefix across a night's calls"),
        "openai.batch": Key(bool, False, "send the night through the Batch API (half price)"),
        "openai.api": Key(str, "chat", "which OpenAI API to call", choices=("chat", "responses")),
        "codex.path": Key(str, None, "the codex executable (default: codex on PATH)", nullable=True),
        "calls.concurrency": Key(int, 8, "most calls in flight at once through one API backend", minimum=1),
        "batch.poll_s": Key(float, 30.0, "seconds between batch status polls", minimum=0.01),
        "capture.projects": Key(list, [], "only harvest sessions whose cwd is under one of these"),
        "capture.include_headless": Key(
            bool, False,
            "also mine headless runs as user work: `claude -p` / SDK (sdk-cli), `codex exec`, `copilot -p`, `pi -p`, `opencode run`",
        ),
        "ingest.max_line_bytes": Key(int, 8 << 20, "transcript lines longer than this are skipped (bytes)", minimum=1024),
        "mining.llm": Key(bool, False, "mining before each night also asks the teacher for checks on recurring intents"),
        "mining.min_recurrence": Key(int, 2, "sessions an intent must recur in before the LLM miner judges it", minimum=1),
        "mining.read_turns": Key(bool, False, "mining asks the teacher what each user turn after agent work means where "
                                 "the agent's actions do not settle it (correction and its rule, new request, approval, question)"),
        "mining.read_turns_max_calls": Key(int, 300, "most new teacher calls one mining run makes to read turns "
                                           "(recorded answers are free)", minimum=0),
        "schedule.time": Key(str, "03:30", "local time of the nightly run (HH:MM)"),
        "memory.recall_k": Key(int, 3, "similar past tasks of the same project recalled into a night (0: none)", minimum=0),
        "memory.slow_update_every": Key(int, 5, "every N nights of a skill, consolidate its adopted rules (0: never)", minimum=0),
    }
    for role, (temp, max_tokens) in {"student": (0.7, 700), "teacher": (0.3, 900)}.items():
        # "auto": API keys, a logged-in claude / codex, a local server, else the embedded model.
        for name, key in _role("auto", "", temp, max_tokens).items():
            keys[f"{role}.{name}"] = key
    return keys


SCHEMA: dict[str, Key] = _schema()


def default(key: str) -> Any:
    """A key's built-in default: the typed settings take theirs from here, so each is written once."""
    return SCHEMA[key].default


@dataclass
class Config:
    values: dict[str, Any]
    sources: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        if key not in self.values:
            raise KeyError(key)
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def section(self, prefix: str) -> dict[str, Any]:
        """{'backend': ..., 'model': ...} for prefix 'student'."""
        cut = len(prefix) + 1
        return {k[cut:]: v for k, v in self.values.items() if k.startswith(prefix + ".")}

    def with_overrides(self, overrides: Mapping[str, Any], source: str = "override") -> "Config":
        values, sources = dict(self.values), dict(self.sources)
        for key, raw in overrides.items():
            values[key] = coerce(key, raw, source)
            sources[key] = source
        return Config(values, sources)

    def snapshot(self) -> dict[str, Any]:
        return dict(sorted(self.values.items()))


def coerce(key: str, raw: Any, where: str) -> Any:
    """Check and convert one value; strings from the environment or flags are parsed."""
    spec = SCHEMA.get(key)
    if spec is None:
        hint = _closest(key)
        raise ConfigError(f"{where}: unknown key {key!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("null", "none", "~") and spec.nullable):
        if spec.nullable:
            return None
        raise ConfigError(f"{where}: key {key!r} may not be empty")
    value = _convert(spec, raw, key, where)
    if spec.choices and value not in spec.choices:
        registered = _registered(spec.more_choices)
        if value not in registered:
            allowed = ", ".join(map(str, spec.choices + tuple(n for n in registered if n not in spec.choices)))
            raise ConfigError(f"{where}: key {key!r} must be one of {allowed}, got {value!r}")
    if spec.minimum is not None and isinstance(value, (int, float)) and value < spec.minimum:
        raise ConfigError(f"{where}: key {key!r} must be at least {spec.minimum}, got {value!r}")
    if key.endswith("_fraction") and value > 0.9:
        raise ConfigError(f"{where}: key {key!r} must be at most 0.9, got {value!r}")
    return value


def _registered(group: str) -> list[str]:
    """Names installed distributions register in an entry-point group (read only when a value is
    not one of the built-in choices)."""
    from importlib.metadata import entry_points  # deferred: every command loads the config, few need this

    return sorted({entry.name for entry in entry_points(group=group)}) if group else []


_BOOL_WORDS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}
# The Python values each number kind takes as they are (an int is a fine float).
_NUMBER_INPUTS: dict[type, tuple[type, ...]] = {int: (int,), float: (int, float)}


def _convert(spec: Key, raw: Any, key: str, where: str) -> Any:
    bad = ConfigError(f"{where}: key {key!r} expects {spec.kind.__name__}, got {raw!r}")
    if spec.kind is bool:
        value = raw if isinstance(raw, bool) else _BOOL_WORDS.get(raw.strip().lower()) if isinstance(raw, str) else None
        if value is None:
            raise bad
        return value
    if spec.kind in _NUMBER_INPUTS:
        if isinstance(raw, bool):  # a bool is an int to Python, never a number to a user
            raise bad
        if isinstance(raw, _NUMBER_INPUTS[spec.kind]):
            return spec.kind(raw)
        if isinstance(raw, str):
            try:
                return spec.kind(raw.strip())
            except ValueError:
                raise bad from None
        raise bad
    if spec.kind is list:
        if isinstance(raw, list):
            return [str(x) for x in raw]
        if isinstance(raw, str):
            return [part.strip() for part in raw.split(",") if part.strip()]
        raise bad
    if isinstance(raw, (str, int, float)) and not isinstance(raw, bool):
        return str(raw)
    raise bad


def _closest(key: str) -> str | None:
    match = difflib.get_close_matches(key, SCHEMA.keys(), n=1, cutoff=0.75)
    return match[0] if match else None


def _flatten(data: Any, where: str, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a mapping of keys at {prefix or 'the top level'}, got {type(data).__name__}")
    flat: dict[str, Any] = {}
    for name, value in data.items():
        key = f"{prefix}{name}"
        # No key takes a mapping, so one always nests: `memory` names a file and `memory:
        # {recall_k: 3}` still sets memory.recall_k.
        if isinstance(value, dict):
            flat.update(_flatten(value, where, key + "."))
        else:
            flat[key] = value
    return flat


def read_yaml_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read config file: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: config file is not UTF-8 text") from None
    import yaml  # deferred: without a config file no command needs the YAML parser

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: malformed YAML: {exc}") from None
    if data is None:
        return {}
    return _flatten(data, str(path))


def find_project_file(start: Path) -> Path | None:
    """The nearest `.skillopt-sleep.yaml` in `start` or its parents."""
    start = start.resolve()
    for folder in (start, *start.parents):
        candidate = folder / PROJECT_FILE
        if candidate.is_file():
            return candidate
    return None


def load_config(
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    flags: Mapping[str, Any] | None = None,
    user_file: Path | None = None,
    flag_labels: Mapping[str, str] | None = None,
) -> Config:
    """Defaults, then the user's file, the project's file, SKILLOPT_SLEEP_* variables and flags.
    `flag_labels` names the flag a user typed for a key (`--student bogus:x`), for error messages."""
    env = os.environ if env is None else env
    values = {key: spec.default for key, spec in SCHEMA.items()}
    sources = {key: "default" for key in SCHEMA}

    def layer(items: Mapping[str, Any], source: str) -> None:
        for key, raw in items.items():
            values[key] = coerce(key, raw, source)
            sources[key] = source

    explicit = env.get("SKILLOPT_SLEEP_CONFIG")
    user_path = user_file or (Path(explicit) if explicit else user_config_file())
    if explicit and not user_path.is_file():
        raise ConfigError(f"SKILLOPT_SLEEP_CONFIG points to {user_path}, which does not exist")
    project_path = find_project_file(cwd or Path.cwd())
    for path in (user_path if user_path.is_file() else None, project_path):
        if path is not None:
            logger.debug("config: reading %s", path)
            layer(read_yaml_file(path), str(path))
    for name in sorted(env):
        if not name.startswith(ENV_PREFIX) or name in ENV_RESERVED:
            continue
        key = name[len(ENV_PREFIX):].lower().replace("__", ".")
        coerce(key, env[name], f"environment variable {name}")  # names the variable on error
        layer({key: env[name]}, f"env {name}")
    for key, raw in (flags or {}).items():
        label = (flag_labels or {}).get(key) or (f"--{key}" if "." not in key else f"--set {key}")
        layer({key: raw}, f"flag {label}")
    return Config(values, sources)


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """`--set night.rounds=3` pairs into a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ConfigError(f"--set expects key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value
    return out


def render(config: Config) -> str:
    width = max(len(k) for k in config.values)
    lines = []
    for key in sorted(config.values):
        value = config.values[key]
        shown = "null" if value is None else (",".join(value) if isinstance(value, list) else value)
        lines.append(f"{key.ljust(width)}  {str(shown):<28}  ({config.sources.get(key, 'default')})")
    return "\n".join(lines)

