"""The capture hook: what an agent runs when a session stops or ends.

It records a pointer (agent, event, session id, transcript path, cwd, UTC time) and returns.
At `SessionStart` it records instead the repository the session starts in (`repo_start.py`: the
commit, the branch and the uncommitted work as a patch), one file per session, so a coding
session can be replayed from where it began; that hook runs async, so git never delays the agent.
Ingestion reads the transcript later. Agents run it through `hook_entry.py` (which imports this
module, so it comes from cached bytecode),

    python3 -I -S .../skillopt_sleep/capture/hook_entry.py --agent claude-code   (hook JSON on stdin)
    python3 -I -S .../skillopt_sleep/capture/hook_entry.py --agent codex '{...}'  (Codex notify: JSON argv)
    ... --agent copilot --event sessionEnd    (GitHub Copilot CLI hooks: camelCase JSON on stdin)
    ... --agent opencode|pi '{...}'            (this project's OpenCode plugin and pi extension)

Copilot's `sessionEnd` names no transcript and OpenCode keeps every session in one database, so
for those the transcript is found where the agent keeps it (`locate_transcript`).

A `Stop` fires after every turn: a session whose transcript has not changed since its last
recorded capture is not recorded again (a marker per session, see `already_recorded`).

It imports only the standard library (no package `__init__`, no platformdirs, and on the usual
path not `os`, whose import costs about an eighth of the interpreter's start: `posix` does the
work) and re-derives the data and log folders that `skillopt_sleep.paths` computes; a test keeps
the two in agreement. The row is one line appended to the spool file in the data folder, which
ingestion drains into the store's `captures` table first: the hook never opens SQLite, whose
import and connection alone cost about half an interpreter start.
It never fails the agent: every error ends in the spool file or the log, the exit status is
always 0 and nothing is printed.

Where the data folder cannot take the line (a full or read-only disk), the row goes to a spool of
this user's in the temp folder (`fallback_spool`), which ingest drains as well; where that fails
too, a marker is left (`mark_lost`: a symlink whose target is the session, which needs no data
block) for `status` to count until the session is in the store. None of this costs the usual
path anything: it runs only after the spool write failed.
"""

import sys
import time

try:
    from posix import O_APPEND, O_CREAT, O_WRONLY, _exit, close, getcwd, getpid, isatty, read
    from posix import open as open_fd
    from posix import readlink, replace, stat, symlink, write
except ImportError:  # not a POSIX system: the same functions from os
    from os import O_APPEND, O_CREAT, O_WRONLY, _exit, close, getcwd, getpid, isatty, read
    from os import open as open_fd
    from os import readlink, replace, stat, symlink, write

if __package__:
    from skillopt_sleep.capture import bare
else:  # run by hook_entry.py from this folder, or as a script: no package is imported
    if __name__ == "__main__":  # `python3 -I -S hook.py` puts no folder on the path
        import os

        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bare

# Same names as skillopt_sleep.capture.markers / paths / config; tests check they agree.
REPLAY_ENV = "SKILLOPT_SLEEP_REPLAY"
HOME_ENV = bare.HOME_ENV
SPOOL_NAME = "capture-spool.jsonl"
LOG_NAME = "capture-hook.log"
MARKS_DIR = "capture-marks"  # one symlink per session, its target the transcript's size and mtime
LOST_DIR = "capture-lost"  # one symlink per capture that could not be written: "<agent>/<session id>"
FALLBACK_PREFIX = "skillopt-sleep-"
# Where the agents keep their histories: as harvest.Homes reads them (a test checks).
COPILOT_HOME_ENV = "COPILOT_HOME"
OPENCODE_DATABASE = ("opencode", "opencode.db")
SHARED_TRANSCRIPT_AGENTS = ("opencode",)  # one file for every session: its stat says nothing of one

STDIN_WAIT_S = 2.0  # the agent writes the JSON and closes stdin; never wait longer than this
MAX_PAYLOAD_BYTES = 1 << 20
# Hook payload fields worth keeping. Message text (prompts, last assistant message) is left out:
# it may hold secrets, and ingestion reads the redacted transcript instead.
KEPT_FIELDS = (
    "hook_event_name", "reason", "source", "stop_hook_active", "permission_mode", "model",
    "agent_id", "agent_type", "type", "thread-id", "turn-id", "thread_id", "turn_id", "stopReason", "stop_reason",
)
# Fields read for the row itself (build_row's `text`), and fields the agents send that the capture
# leaves out on purpose: message text, tool data, the agents' own bookkeeping. Any other field's
# name (never its value) goes into the row, so ingest can count what a newer agent started sending.
READ_FIELDS = ("session_id", "sessionId", "sessionID", "conversation_id", "transcript_path", "transcriptPath",
               "rollout_path", "cwd")
IGNORED_FIELDS = (
    "prompt", "last_assistant_message", "prompt_id", "background_tasks", "session_crons", "input-messages",
    "last-assistant-message", "timestamp",
)
KNOWN_FIELDS = frozenset(KEPT_FIELDS + READ_FIELDS + IGNORED_FIELDS)
MAX_UNKNOWN_FIELDS = 20


def data_dir(env=None, platform=None) -> str:
    """platformdirs.user_data_dir("skillopt-sleep") on Linux and macOS, or the override."""
    return bare.data_dir(bare.environment() if env is None else env, platform)


def log_dir(env=None, platform=None) -> str:
    """platformdirs.user_log_dir("skillopt-sleep") on Linux and macOS, or the override."""
    return bare.log_dir(bare.environment() if env is None else env, platform)


def utc_stamp(now: float) -> str:
    """The store's time format: UTC ISO with microseconds and a Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + ".%06dZ" % int((now % 1) * 1_000_000)


def parse_args(argv):
    """(agent, event, payload text or None). Tolerant: a hook must not die on odd arguments."""
    agent, event, payload = "", "", None
    rest = list(argv)
    while rest:
        item = rest.pop(0)
        if item in ("--agent", "--event") and rest:
            value = rest.pop(0)
            if item == "--agent":
                agent = value
            else:
                event = value
        elif item.startswith("--agent="):
            agent = item.split("=", 1)[1]
        elif item.startswith("--event="):
            event = item.split("=", 1)[1]
        elif item.lstrip().startswith("{"):
            payload = item  # Codex notify passes the JSON as the last argument
    return agent, event, payload


def read_stdin(stream, wait_s: float = STDIN_WAIT_S) -> str:
    """Everything on stdin up to EOF, but never block past `wait_s` nor on a terminal."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return stream.read() if hasattr(stream, "read") else ""
    if isatty(fd):
        return ""
    import select  # deferred: only a piped stdin needs it, and every agent turn waits on this start-up

    deadline = time.monotonic() + wait_s
    chunks, size = [], 0
    while size < MAX_PAYLOAD_BYTES:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        chunk = read(fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def build_row(agent: str, event: str, payload_text, cwd: str, now: float) -> dict:
    """The capture row; a payload that is no JSON object is still recorded, flagged."""
    try:
        payload = bare.loads(payload_text or "")
    except Exception:
        payload = None
    if not isinstance(payload, dict):
        payload = {"unparsed_payload": True}
    kept = {k: payload[k] for k in KEPT_FIELDS if k in payload and isinstance(payload[k], (str, int, float, bool))}
    if payload.get("unparsed_payload"):
        kept["unparsed_payload"] = True
    unknown = [name[:64] for name in payload if name not in KNOWN_FIELDS and name != "unparsed_payload"]
    if unknown:
        kept["unknown_fields"] = ",".join(unknown[:MAX_UNKNOWN_FIELDS])

    def text(*names):
        for name in names:
            value = payload.get(name)
            if isinstance(value, str) and value:
                return value
        return None

    return {
        "agent": agent or "unknown",
        "event": text("hook_event_name", "type") or event or "unknown",
        "session_id": text("session_id", "sessionId", "sessionID", "thread-id", "thread_id", "conversation_id"),
        "transcript_path": text("transcript_path", "transcriptPath", "rollout_path"),
        "cwd": text("cwd") or cwd,
        "captured_at": utc_stamp(now),
        "payload_json": bare.dumps(kept),
    }


def _safe_name(name) -> bool:
    """A session id that names one file or folder, and cannot leave the folder it is joined to."""
    return bool(name) and len(name) <= 128 and name.replace("-", "").replace("_", "").isalnum()


def locate_transcript(row: dict, env) -> None:
    """Fill in the transcript of an agent whose hook does not name it: Copilot's
    `$COPILOT_HOME/session-state/<id>/events.jsonl` (~/.copilot), OpenCode's database."""
    if row["transcript_path"]:
        return
    if row["agent"] == "copilot" and _safe_name(row["session_id"]):
        home = bare.expand_home(env.get(COPILOT_HOME_ENV) or "~/.copilot", env)
        row["transcript_path"] = bare.join(home, "session-state", row["session_id"], "events.jsonl")
    elif row["agent"] == "opencode":
        data_home = bare.xdg("XDG_DATA_HOME", env) or bare.expand_home("~/.local/share", env)
        row["transcript_path"] = bare.join(data_home, *OPENCODE_DATABASE)


def append_line(path: str, line: str) -> None:
    """One write on an O_APPEND descriptor: concurrent hooks never interleave their lines."""
    bare.make_folders(bare.parent(path))
    fd = open_fd(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
    try:
        data = line.encode("utf-8")
        if write(fd, data) != len(data):  # a full disk took part of it: the whole row goes elsewhere
            raise OSError(28, "the line was written in part (no space left on the disk)")
    finally:
        close(fd)


def _append_own(path: str, line: str) -> None:
    """append_line for a file in a folder other users share (the temp folder): never through a
    link, never into a file another user made."""
    import os  # deferred, as in each function below that runs only after the spool write failed

    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid() or not (st.st_mode & 0o170000) == 0o100000:
            raise PermissionError("%s is not a file of this user's" % path)
        data = line.encode("utf-8")
        if os.write(fd, data) != len(data):
            raise OSError(28, "the line was written in part (no space left on the disk)")
    finally:
        os.close(fd)


def temp_dir(env) -> str:
    return bare.xdg("TMPDIR", env) or "/tmp"


def fallback_base(folder: str, tmp: str) -> str:
    """`<tmp>/skillopt-sleep-<uid>-<crc of the data folder>`: the temp-folder names of one data
    folder's fallback spool (`.capture-spool.jsonl`) and lost-capture markers (`.capture-lost`)."""
    import os
    import zlib  # deferred: only a failed write needs it

    key = zlib.crc32(folder.encode("utf-8", "surrogateescape"))
    return os.path.join(tmp, "%s%d-%08x" % (FALLBACK_PREFIX, os.getuid(), key))


def fallback_spool(folder: str, tmp: str) -> str:
    return fallback_base(folder, tmp) + "." + SPOOL_NAME


def lost_folders(folder: str, tmp: str) -> tuple:
    """Where markers of lost captures go: the data folder first, then the temp folder."""
    return bare.join(folder, LOST_DIR), fallback_base(folder, tmp) + "." + LOST_DIR


def mark_lost(env, row: dict, now: float) -> str:
    """Leave a marker for `status`: a symlink `<seconds>.<pid>` whose target names the session.
    The target is short, so the file system keeps it in the inode: no data block is needed."""
    import os

    session = row.get("session_id") if _safe_name(row.get("session_id")) else ""
    target = "%s/%s" % (row.get("agent") or "unknown", session or "-")
    for folder in lost_folders(data_dir(env), temp_dir(env)):
        try:
            try:
                os.mkdir(folder, 0o700)
            except FileExistsError:
                pass
            st = os.lstat(folder)
            if st.st_uid != os.getuid() or (st.st_mode & 0o170000) != 0o040000:
                continue
            os.symlink(target, os.path.join(folder, "%d.%d" % (int(now), os.getpid())))
            return folder
        except OSError:
            continue
    return ""


def keep_elsewhere(env, row: dict, line: str) -> str:
    """After the spool in the data folder refused `line`: where it was kept instead, or ''."""
    try:
        path = fallback_spool(data_dir(env), temp_dir(env))
        _append_own(path, line)
        return "spooled in %s instead" % path
    except Exception:
        pass
    try:
        folder = mark_lost(env, row, time.time())
    except Exception:
        folder = ""
    return "lost; marked in %s for status" % folder if folder else "lost, and no marker could be left"


def _mark_path(env, row: dict):
    """Where this session's marker lives, or None when the capture cannot be marked."""
    session_id = row.get("session_id")
    if not row.get("transcript_path") or row.get("agent") in SHARED_TRANSCRIPT_AGENTS or not _safe_name(session_id):
        return None
    return bare.join(data_dir(env), MARKS_DIR, session_id)


def transcript_stamp(path: str):
    """The transcript's size and mtime as text, or None when it cannot be read."""
    try:
        st = stat(path)
    except (OSError, ValueError):
        return None
    return "%d-%d" % (st.st_size, st.st_mtime_ns)


def already_recorded(mark, stamp) -> bool:
    """True when the last capture of this session saw the transcript exactly as it is now."""
    if mark is None or stamp is None:
        return False
    try:
        return readlink(mark) == stamp
    except OSError:
        return False


def remember(mark, stamp) -> None:
    """Point the session's marker at `stamp` (a symlink: one syscall to read, replaced atomically)."""
    if mark is None or stamp is None:
        return
    try:
        bare.make_folders(bare.parent(mark))
        temporary = "%s.%d" % (mark, getpid())
        symlink(stamp, temporary)
        replace(temporary, mark)
    except OSError:
        pass  # without a marker the next Stop records again: harmless


def record_start(row: dict, env) -> None:
    """Keep the repository state a session starts from; the first start of a session wins (a
    resumed session's later starts find the tree its own work changed)."""
    if not _safe_name(row.get("session_id")) or not row.get("cwd"):
        return
    import os  # deferred: this runs async, beside git

    try:
        from skillopt_sleep.capture import repo_start
    except ImportError:  # run by hook_entry.py, beside it, without the package on the path
        import repo_start
    path = repo_start.start_path(data_dir(env), row["session_id"])
    if os.path.exists(path):
        return
    record = repo_start.snapshot(row["cwd"])
    record.update(session_id=row["session_id"], agent=row["agent"], recorded_at=row["captured_at"])
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    temporary = "%s.%d" % (path, os.getpid())
    with os.fdopen(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
        handle.write(bare.dumps(record).encode("utf-8", "surrogateescape"))
    os.replace(temporary, path)


def log_failure(env, message: str) -> None:
    try:
        append_line(bare.join(log_dir(env), LOG_NAME), "%s %s\n" % (utc_stamp(time.time()), message))
    except Exception:
        pass  # nowhere left to report; the agent must still not notice


def run(argv, stdin=None, env=None) -> int:
    """Record one capture. Returns 0 whatever happens."""
    env = bare.environment() if env is None else env
    try:
        if env.get(REPLAY_ENV):
            return 0  # this project's own replay, not a user session
        agent, event, payload_text = parse_args(argv)
        if payload_text is None:
            payload_text = read_stdin(stdin if stdin is not None else sys.stdin)
        try:
            cwd = getcwd()
        except OSError:
            cwd = ""
        row = build_row(agent, event, payload_text, cwd, time.time())
        if '"unparsed_payload": true' in row["payload_json"]:  # bare.dumps() writes the flag so
            log_failure(env, "%s %s hook: the payload is not a JSON object; recorded without its fields" % (row["agent"], row["event"]))
        if row["event"] == "SessionStart":
            record_start(row, env)
            return 0  # nothing to ingest yet: the transcript is captured when the session stops
        locate_transcript(row, env)
        mark = _mark_path(env, row)
        stamp = transcript_stamp(row["transcript_path"]) if mark else None
        if already_recorded(mark, stamp):
            return 0  # another Stop of a session with nothing new since its last capture
    except Exception as exc:
        log_failure(env, "capture failed before recording: %s: %s" % (type(exc).__name__, exc))
        return 0
    line = ""
    try:
        line = bare.dumps(row) + "\n"
        append_line(bare.join(data_dir(env), SPOOL_NAME), line)
        remember(mark, stamp)
    except Exception as exc:
        kept = keep_elsewhere(env, row, line) if line else "lost"
        log_failure(env, "capture %s (spool: %s: %s) row=%s" % (kept, type(exc).__name__, exc, row))
    return 0


def main() -> None:
    try:
        run(sys.argv[1:])
    finally:
        _exit(0)  # skip interpreter teardown: nothing is left to flush, and it costs milliseconds


if __name__ == "__main__":
    main()
