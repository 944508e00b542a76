"""The pending-proposal notice as a small file beside the store, and the line a new session hears.

Staging, adopting and reverting a proposal write `<store>-notice.json` (`notice.write_notice`):
the pending proposals with their held-out scores and stage folders. The SessionStart hook only
reads it, through `notice_entry.py` on a bare interpreter (`-I -S`), so this module imports only
what such a start has loaded already, and `json`'s C core (through `capture/bare.py`): not `os`,
which a start without `site` does not load (its import alone costs about an eighth of the start):
the `posix` functions below do what is needed. It shares `capture/bare.py` with the capture hook,
which keeps to the same rule and knows where the data folders are.
Where the file cannot answer alone (none written yet, a store replaced since, a config that may
name another store), `answer` says so and the engine answers instead (`skillopt-sleep session-start`).

The runner keeps each answer, with what it rests on, in a stamp that it says again without Python
(`answer_stamp`); the stamps read from a store's notice are listed beside it, and the engine
answers them again each time it writes the notice (`notice.refresh_stamps`), so that the start
after a proposal is staged, adopted or reverted starts no Python either.
"""

import sys
from time import time

try:
    from posix import getcwd, listdir, stat
except ImportError:  # Windows, for the engine's own use of this module
    from nt import getcwd, listdir, stat

if __package__:
    from skillopt_sleep.capture import bare
    from skillopt_sleep.proposals import answer_stamp
else:  # run by notice_entry.py, which puts capture/ on the path so that no package is imported
    import answer_stamp
    import bare

NOTICE_SUFFIX = "-notice.json"
NOTICE_FORMAT = 1
# The notice's second line as notice.write_notice lays it out (indented JSON, its digest first):
# the runner reads that line alone to tell whether the notice is still the one an answer read.
DIGEST_LINE = '  "digest": "{}",'
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
# What the store's and the config's folders depend on; the runner's `stamped_answer` builds the same key.
STAMP_ENV = (STORE_ENV, CONFIG_ENV, bare.HOME_ENV, "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME")
ROOT = __file__.rpartition("/skillopt_sleep/")[0]  # the tree this reader runs from (the runner's root)


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
    broken = [s.get("name", "?") for s in snapshots
              if not bare.is_kind(s.get("engine", {}).get("pythonpath", "/"), bare.FOLDER)]
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


def hook_output(text: str, event: str = "SessionStart") -> str:
    """The hook reply that both Claude Code and Codex read: `additionalContext` tells the model,
    `systemMessage` shows the same line to the user (both agents' SessionStart output takes both)."""
    return bare.dumps({"systemMessage": text, "hookSpecificOutput": {"hookEventName": event, "additionalContext": text}})


# -- the notice file ----------------------------------------------------------------------------


def notice_path(store_path) -> str:
    return str(store_path) + NOTICE_SUFFIX


def store_identity(store_path) -> list:
    """Which file the store is: a store deleted and created again is another one."""
    found = stat(store_path)
    return [found.st_dev, found.st_ino]


def notice_data(store_path, pending: list) -> dict:
    """What the file holds for these pending proposals (rows of `review.status_data`)."""
    rows = [{"skill": p.get("skill"), "val_before": p.get("val_before"), "val_after": p.get("val_after"),
             "stage_dir": p.get("stage_dir")} for p in pending]
    return {"format": NOTICE_FORMAT, "store": store_identity(store_path), "pending": rows}


def read_notice(store_path) -> tuple:
    """The pending proposals the notice lists, each with `stage_complete` as of now, and the
    notice's digest where its second line gives it as the engine lays it out (else None)."""
    try:
        with open(notice_path(store_path), encoding="utf-8") as handle:
            text = handle.read()
        data = bare.loads(text)
    except (OSError, ValueError):
        raise AskEngine("no readable notice") from None
    if not isinstance(data, dict) or data.get("format") != NOTICE_FORMAT or data.get("store") != store_identity(store_path):
        raise AskEngine("the notice is of another format or another store")
    pending = data.get("pending")
    if not isinstance(pending, list) or not all(isinstance(p, dict) for p in pending):
        raise AskEngine("the notice lists no proposals")
    digest = data.get("digest")
    if not (isinstance(digest, str) and digest.isascii() and digest.isalnum()
            and text.split("\n", 2)[1:2] == [DIGEST_LINE.format(digest)]):
        digest = None
    return [{**p, "stage_complete": isinstance(p.get("stage_dir"), str)
             and bare.is_kind(bare.join(p["stage_dir"], MANIFEST), bare.FILE)} for p in pending], digest


# -- where things are (as skillopt_sleep.paths computes them, without platformdirs) ---------------


config_dir = bare.config_dir  # platformdirs.user_config_dir("skillopt-sleep"), or the override


def _may_name_a_store(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return "store" in handle.read()
    except FileNotFoundError:
        return False
    except OSError:
        return True


def project_file(cwd: str):
    """The nearest `.skillopt-sleep.yaml` in `cwd` or its parents (config.find_project_file);
    `cwd` is a physical path, as getcwd gives it."""
    folder = cwd.rstrip("/") or "/"
    while True:
        candidate = bare.join(folder, PROJECT_FILE)
        if bare.is_kind(candidate, bare.FILE):
            return candidate
        if folder == "/":
            return None
        folder = bare.parent(folder)


def store_path(env, cwd) -> str:
    """The default store, unless the config may name another one: then only the engine knows.
    `cwd` None: no project file (where a stamp holds, the runner found none)."""
    if env.get(STORE_ENV) or env.get(CONFIG_ENV):
        raise AskEngine("the environment configures the store")
    project = project_file(cwd) if cwd is not None else None
    for config in (bare.join(config_dir(env), "config.yaml"), project):
        if config and _may_name_a_store(config):
            raise AskEngine(f"{config} may name another store")
    return bare.join(bare.data_dir(env), STORE_NAME)


def snapshots(env) -> list:
    """The schedules' snapshots (schedule.snapshot.list_snapshots, as plain JSON)."""
    folder = bare.join(config_dir(env), "schedules")
    try:
        names = sorted(n for n in listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    found = []
    for name in names:
        try:
            with open(bare.join(folder, name), encoding="utf-8") as handle:
                data = bare.loads(handle.read())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("format") == SNAPSHOT_FORMAT and all(k in data for k in SNAPSHOT_KEYS):
            found.append(data)
    return found


# -- the answer, for the runner to repeat without Python -------------------------------------------


def answer_grounds(env, store: str, inode, digest, pending: list, found: list):
    """What an answer rests on, as (check, path) pairs that the runner can test with shell
    builtins alone: "n", not changed since the stamp; "a", still absent; "f", still a file; "d",
    still a folder; "i", written "INODE PATH", still that file (the runner asks `ls` only where
    the file's folder changed since, as it does whenever SQLite's -wal and -shm files come and go);
    "c", written "DIGEST PATH", a notice whose second line still gives that digest. `inode` is the
    store's before its notice was read (None: no store), `digest` the notice's (None: none given).
    None where a path cannot be written on one line."""
    config = bare.join(config_dir(env), "config.yaml")
    grounds = [("n" if bare.is_kind(config, bare.FILE) else "a", config)]  # one that names a store never gets here
    if inode is not None:
        # The notice by its digest where it gives one: the engine answers the stamps again as it
        # writes the notice, within the same second. And the store's file: a store replaced
        # (renamed over, deleted and created again) is another file, where its own time may not change.
        notice = ("c", f"{digest} {notice_path(store)}") if digest else ("n", notice_path(store))
        grounds += [notice, ("i", f"{inode} {store}")]
        grounds += [("f" if p["stage_complete"] else "a", bare.join(p["stage_dir"], MANIFEST))
                    for p in pending if isinstance(p.get("stage_dir"), str)]
    else:
        grounds.append(("a", store))
    schedules = bare.join(config_dir(env), "schedules")
    try:
        names = listdir(schedules)
    except OSError:
        grounds.append(("a", schedules))
    else:
        grounds.append(("n", schedules))
        grounds += [("n", bare.join(schedules, name)) for name in names if name.endswith(".json")]
        engines = [s.get("engine", {}).get("pythonpath", "/") for s in found]
        grounds += [("d" if bare.is_kind(path, bare.FOLDER) else "a", path) for path in engines]
    if any(not isinstance(path, str) or "\n" in path for _, path in grounds):
        return None
    return grounds


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


def answer(argv: list, env, cwd, root: str = ROOT):
    """What `session-start ARGV` prints (None: nothing); AskEngine where only the engine can tell.
    `cwd` None: as where no project file is (see store_path). The runner puts `--stamp PATH` first:
    the answer is then also left there for the runner of the tree at `root`, and that stamp listed
    beside the store, for the engine to answer again when it writes the notice."""
    started = time()
    stamp = argv[1] if argv[:1] == ["--stamp"] and len(argv) > 1 else None
    argv = argv[2:] if stamp else argv
    agent, text = parse_args(argv)
    store = store_path(env, cwd)
    # The store's inode before its notice is read: a store replaced meanwhile fails that ground.
    inode = stat(store).st_ino if bare.is_kind(store, bare.FILE) else None
    pending, digest = read_notice(store) if inode is not None else ([], None)
    found = snapshots(env)
    context = combined(pending_line(pending, agent), found)
    out = None if context is None else context if text else hook_output(context)
    if stamp:
        grounds = answer_grounds(env, store, inode, digest, pending, found)
        values = [env.get(name, "") for name in STAMP_ENV]
        if answer_stamp.write_stamp(stamp, root, values, argv, out, grounds, started) and inode is not None:
            answer_stamp.register(answer_stamp.stamps_path(store), stamp)
    return out


def main(argv=None) -> int:
    try:
        out = answer(sys.argv[1:] if argv is None else argv, bare.environment(), getcwd())
    except Exception:  # noqa: BLE001 - AskEngine, or anything unforeseen: the engine decides
        return ASK_ENGINE
    if out is not None:
        sys.stdout.write(out + "\n")
    return 0
