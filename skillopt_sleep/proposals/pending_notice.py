"""The pending-proposal notice as a small file beside the store, and the line a new session hears.

Staging, adopting and reverting a proposal write `<store>-notice.json` (`notice.write_notice`):
the pending proposals with their held-out scores and stage folders. The SessionStart hook only
reads it, through `notice_entry.py` on a bare interpreter (`-I -S`), so this module imports the
standard library alone, and of it only what is loaded at start-up anyway (not `json`, whose wrapper
pulls in `re`: the C core `_json` does the work), plus the capture hook's module, which keeps to the
same rule and knows where the data folders are. Where the file cannot answer alone (none written
yet, a store replaced since, a config that may name another store), `answer` says so and the
engine answers instead (`skillopt-sleep session-start`).
"""

import os
import sys

if __package__:
    from skillopt_sleep.capture import hook
else:  # run by notice_entry.py, which puts capture/ on the path so that no package is imported
    import hook

try:
    from _json import encode_basestring as _quote
except ImportError:  # an interpreter without the C core: the wrapper does the same, slower
    _quote = None

APP = "skillopt-sleep"
NOTICE_SUFFIX = "-notice.json"
NOTICE_FORMAT = 1
STORE_NAME = "store.db"  # paths.default_db_path's file name; a test keeps them in agreement
MANIFEST = "manifest.json"  # layout.MANIFEST: a stage without it is incomplete, and no news
SNAPSHOT_FORMAT = 1  # schedule.snapshot.SNAPSHOT_FORMAT
SNAPSHOT_KEYS = ("name", "project", "time", "via", "created_at", "values", "sources", "engine", "env")
PROJECT_FILE = ".skillopt-sleep.yaml"  # config.PROJECT_FILE
STORE_ENV = "SKILLOPT_SLEEP_STORE__PATH"
CONFIG_ENV = "SKILLOPT_SLEEP_CONFIG"
AGENTS = ("claude-code", "codex")
REVIEW_HINT = {"claude-code": "/skillopt-sleep review", "codex": "ask to run `skillopt-sleep review`"}
ASK_ENGINE = 96  # the exit status that hands the question to the engine (the runner knows it)


class AskEngine(Exception):
    """This reader cannot answer alone; the engine (with the config and the store) can."""


# -- wording ------------------------------------------------------------------------------------


def _score(value) -> str:
    return "?" if value is None else f"{value:.2f}"


def _held_out(proposal: dict) -> str:
    return f"held-out {_score(proposal.get('val_before'))} → {_score(proposal.get('val_after'))}"


def pending_line(pending: list, agent: str = "claude-code"):
    """The announcement for these pending proposals (rows of `review.status_data`), or None."""
    ready = [p for p in pending if p.get("stage_complete", True)]
    if not ready:
        return None
    hint = REVIEW_HINT.get(agent, REVIEW_HINT["claude-code"])
    if len(ready) == 1:
        only = ready[0]
        return f"skillopt-sleep: 1 proposal pending for skill {only.get('skill') or '?'}: {_held_out(only)}; {hint}"
    parts = ", ".join(f"skill {p.get('skill') or '?'} {_held_out(p)}" for p in ready)
    return f"skillopt-sleep: {len(ready)} proposals pending: {parts}; {hint}"


def stale_schedule_note(snapshots: list):
    """A schedule whose engine folder is gone (a plugin update removed the old version) runs
    nothing; say so, since its log is the only other place that would."""
    broken = [s.get("name", "?") for s in snapshots if not os.path.isdir(s.get("engine", {}).get("pythonpath", "/"))]
    if not broken:
        return None
    return f"the overnight schedule {', '.join(broken)} points to an engine that is no longer installed; run `skillopt-sleep schedule` again"


def combined(line, snapshots: list):
    """The pending line and the schedule note as one context line, or None for nothing."""
    parts = [line] if line else []
    note = stale_schedule_note(snapshots)
    if note:
        parts.append(("" if parts else "skillopt-sleep: ") + note)
    return "; ".join(parts) or None


def dumps(value) -> str:
    """json.dumps(value, ensure_ascii=False) for the strings, numbers and dicts written here."""
    if _quote is None:
        import json

        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value) if value == value and value not in (float("inf"), float("-inf")) else "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_quote(str(k))}: {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dumps(item) for item in value) + "]"
    return _quote(str(value))


def hook_output(text: str, event: str = "SessionStart") -> str:
    """The hook reply that both Claude Code and Codex read: `additionalContext` tells the model,
    `systemMessage` shows the same line to the user (both agents' SessionStart output takes both)."""
    return dumps({"systemMessage": text, "hookSpecificOutput": {"hookEventName": event, "additionalContext": text}})


# -- the file -----------------------------------------------------------------------------------


def notice_path(store_path) -> str:
    return os.fspath(store_path) + NOTICE_SUFFIX


def store_identity(store_path) -> list:
    """Which file the store is: a store deleted and created again is another one."""
    stat = os.stat(store_path)
    return [stat.st_dev, stat.st_ino]


def notice_data(store_path, pending: list) -> dict:
    """What the file holds for these pending proposals (rows of `review.status_data`)."""
    rows = [{"skill": p.get("skill"), "val_before": p.get("val_before"), "val_after": p.get("val_after"),
             "stage_dir": p.get("stage_dir")} for p in pending]
    return {"format": NOTICE_FORMAT, "store": store_identity(store_path), "pending": rows}


def read_pending(store_path) -> list:
    """The pending proposals the notice lists, each with `stage_complete` as of now."""
    try:
        with open(notice_path(store_path), encoding="utf-8") as handle:
            data = hook.loads(handle.read())
    except (OSError, ValueError):
        raise AskEngine("no readable notice") from None
    if not isinstance(data, dict) or data.get("format") != NOTICE_FORMAT or data.get("store") != store_identity(store_path):
        raise AskEngine("the notice is of another format or another store")
    pending = data.get("pending")
    if not isinstance(pending, list) or not all(isinstance(p, dict) for p in pending):
        raise AskEngine("the notice lists no proposals")
    return [{**p, "stage_complete": isinstance(p.get("stage_dir"), str)
             and os.path.isfile(os.path.join(p["stage_dir"], MANIFEST))} for p in pending]


# -- where things are (as skillopt_sleep.paths computes them, without platformdirs) ---------------


def config_dir(env, platform=None) -> str:
    """platformdirs.user_config_dir("skillopt-sleep") on Linux and macOS, or the override."""
    if (platform or sys.platform) == "darwin":
        return hook._overridden(env, "config") or os.path.join(hook._expand_home("~/Library/Application Support", env), APP)
    return hook._overridden(env, "config") or os.path.join(
        hook._xdg("XDG_CONFIG_HOME", env) or hook._expand_home("~/.config", env), APP)


def _may_name_a_store(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return "store" in handle.read()
    except FileNotFoundError:
        return False
    except OSError:
        return True


def project_file(cwd: str):
    """The nearest `.skillopt-sleep.yaml` in `cwd` or its parents (config.find_project_file)."""
    folder = os.path.realpath(cwd)
    while True:
        candidate = os.path.join(folder, PROJECT_FILE)
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def store_path(env, cwd: str) -> str:
    """The default store, unless the config may name another one: then only the engine knows."""
    if env.get(STORE_ENV) or env.get(CONFIG_ENV):
        raise AskEngine("the environment configures the store")
    project = project_file(cwd)
    for config in (os.path.join(config_dir(env), "config.yaml"), project):
        if config and _may_name_a_store(config):
            raise AskEngine(f"{config} may name another store")
    return os.path.join(hook.data_dir(env), STORE_NAME)


def snapshots(env) -> list:
    """The schedules' snapshots (schedule.snapshot.list_snapshots, as plain JSON)."""
    folder = os.path.join(config_dir(env), "schedules")
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    found = []
    for name in names:
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                data = hook.loads(handle.read())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("format") == SNAPSHOT_FORMAT and all(k in data for k in SNAPSHOT_KEYS):
            found.append(data)
    return found


# -- the hook -----------------------------------------------------------------------------------


def parse_args(argv: list):
    """(agent, text) from `session-start [--agent NAME] [--text]`; anything else is the engine's."""
    rest = list(argv)
    if rest[:1] == ["session-start"]:
        rest.pop(0)
    agent, text = "claude-code", False
    while rest:
        item = rest.pop(0)
        if item == "--agent" and rest:
            agent = rest.pop(0)
        elif item.startswith("--agent="):
            agent = item.split("=", 1)[1]
        elif item == "--text":
            text = True
        else:
            raise AskEngine(f"an option this reader does not take: {item}")
    if agent not in AGENTS:
        raise AskEngine(f"unknown agent {agent}")
    return agent, text


def answer(argv: list, env, cwd: str):
    """What session-start prints (None: nothing); AskEngine where only the engine can tell."""
    agent, text = parse_args(argv)
    store = store_path(env, cwd)
    line = pending_line(read_pending(store), agent) if os.path.isfile(store) else None
    context = combined(line, snapshots(env))
    if context is None:
        return None
    return context if text else hook_output(context)


def main(argv=None) -> int:
    try:
        out = answer(sys.argv[1:] if argv is None else argv, os.environ, os.getcwd())
    except Exception:  # noqa: BLE001 - AskEngine, or anything unforeseen: the engine decides
        return ASK_ENGINE
    if out is not None:
        sys.stdout.write(out + "\n")
    return 0
