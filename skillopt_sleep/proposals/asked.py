"""The user's own word for an action that changes their files or schedule.

Inside a Claude Code or Codex session the engine may be started by the model (any shell command),
and whether that command runs unasked is up to the permission mode: an allow rule, auto mode's
classifier, bypass mode or Codex's full access can let it through. So the actions that write
(`adopt`, `reject`, `revert`, `schedule`, `unschedule`) run there only on a record of the user
typing that command:

- the plugin's UserPromptSubmit hook (runners/skillopt-sleep-asked; both agents have the event)
  runs this file as a script on a prompt that names the command, and keeps what the user typed,
  with the time and the session's id, in a data folder (`asked/SESSION`): Claude Code's plugin
  data folder, or for Codex, which gives a plugin none, the engine's own data folder;
- the engine, asked for a write action by a process of an agent's session, takes that record: it
  must be the same session's (Claude Code's CLAUDE_CODE_SESSION_ID under CLAUDECODE=1, Codex's
  CODEX_THREAD_ID, which is the hook's session id), at most LIFETIME_S old, and hold the same
  action with the same arguments; it is removed as it is taken (used once).

The same hook keeps the read action typed (any other action, or none: `status`) with the prompt's
id, in `typed/SESSION`, for the PreToolUse hook that lets exactly that command run in auto mode
(allow_typed.py); that record is never the engine's word for a write action.

The user types `/skillopt-sleep ACTION ...` in Claude Code and `$skillopt-sleep ACTION ...` (the
skill's mention) in Codex. Outside an agent (a terminal, the scheduler) nothing is asked, nor in a
command the user runs from Codex's prompt with `!` (its shell command): Codex gives every command
of a session its thread's id, and each command the model runs also its tool call's id
(CODEX_TOOL_CALL_ID), which a `!` command has not. The hook runs on every prompt, so
this file needs only the standard library and runs with `python3 -I -S`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

WRITE_ACTIONS = ("adopt", "reject", "revert", "schedule", "unschedule")
LIFETIME_S = 600
FOLDER = "asked"
TYPED_FOLDER = "typed"  # the user's read action of the prompt, which the PreToolUse hook reads (allow.py)
# `/skillopt-sleep [ACTION ARGS]` as the user types it (`$skillopt-sleep` in Codex);
# `skillopt-sleep:skillopt-sleep` is the plugin's full name.
_TYPED = re.compile(r"\s*[/$](?:skillopt-sleep:)?skillopt-sleep(?:[ \t]+(.*?))?\s*\Z", re.S)
_SESSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}\Z")


@dataclass(frozen=True)
class Session:
    """An agent's session the engine runs in: where its user's typed word is kept, and how typed."""

    data_dir: str  # "" where the agent gave none
    session: str
    command: str  # the command as the user types it in this agent
    how: str  # how a refusal names what the user must do


def agent_session(env: Mapping[str, str]) -> Session | None:
    """The agent's session whose model may have started this process, or None outside one (a
    terminal, the scheduler) and in a command the user ran from Codex's prompt with `!`."""
    if env.get("CLAUDECODE") == "1":
        return Session(env.get("CLAUDE_PLUGIN_DATA", ""), env.get("CLAUDE_CODE_SESSION_ID", ""), "/skillopt-sleep",
                       "when you type the slash command yourself")
    # Codex sets the thread's id in each shell command a session runs, and the tool call's id in
    # those the model runs: without it, the user typed the command after `!`.
    if env.get("CODEX_THREAD_ID") and env.get("CODEX_TOOL_CALL_ID"):
        from skillopt_sleep.paths import data_dir  # the engine's folder, where the hook writes for Codex

        return Session(str(data_dir()), env["CODEX_THREAD_ID"], "$skillopt-sleep",
                       "when you type it yourself (Codex tells the plugin what you typed only once you have "
                       "reviewed and trusted its hooks; or run it yourself with `!skillopt-sleep ...`)")
    return None


@dataclass(frozen=True)
class Asked:
    """What the user typed: a write action and its arguments, at a time (seconds since the epoch)."""

    action: str
    arguments: tuple[str, ...]
    at: float


def typed_words(prompt: str) -> tuple[str, ...] | None:
    """The words after the slash command, as the shell will see them where the skill passes them
    on (`$ARGUMENTS`); None when the prompt is not the slash command."""
    found = _TYPED.match(prompt)
    if not found:
        return None
    rest = found.group(1) or ""
    try:
        return tuple(shlex.split(rest))
    except ValueError:  # an unbalanced quote: the words as typed
        return tuple(rest.split())


def typed_write(prompt: str) -> Asked | None:
    """The write action a prompt asks for, if it is the slash command naming one."""
    words = typed_words(prompt)
    if not words or words[0] not in WRITE_ACTIONS:
        return None
    return Asked(words[0], words[1:], time.time())


def record_path(data_dir: Path, session: str) -> Path | None:
    return data_dir / FOLDER / session if _SESSION.match(session) else None


def record(data_dir: Path, session: str, prompt: str) -> Path | None:
    """Keep what the user typed for the session; None when the prompt asks for no write action."""
    asked = typed_write(prompt)
    where = record_path(data_dir, session)
    if asked is None or where is None:
        return None
    return _keep(where, {"action": asked.action, "arguments": list(asked.arguments), "at": asked.at})


def _keep(where: Path, content: dict) -> Path:
    """Write a record whole (a reader never sees half of one)."""
    where.parent.mkdir(parents=True, exist_ok=True)
    partial = where.with_name(f".{where.name}.{os.getpid()}")
    partial.write_text(json.dumps(content))
    os.replace(partial, where)
    return where


def record_read(data_dir: Path, session: str, prompt_id: str, prompt: str) -> Path | None:
    """Keep the read action the user typed in this prompt (`typed/SESSION`: the prompt's id and the
    words), which the PreToolUse hook lets run unasked (allow.py); None for any other prompt. A
    write action is never kept here: only the engine's record above lets one run."""
    words = typed_words(prompt)
    if words is None or (words and words[0] in WRITE_ACTIONS) or not prompt_id or not _SESSION.match(session):
        return None
    return _keep(data_dir / TYPED_FOLDER / session, {"prompt_id": prompt_id, "words": list(words)})


def take(data_dir: Path, session: str, action: str, arguments: Sequence[str], now: float | None = None,
         command: str = "/skillopt-sleep") -> str | None:
    """Use up the user's record for `action ARGUMENTS` in the session: None when there was one,
    else why not (one line, naming the `command` as the user types it)."""
    typed = f"{command} {' '.join([action, *arguments])}"
    where = record_path(data_dir, session)
    if where is None:
        return f"you did not type `{typed}` in this session"
    taken = where.with_name(f".{where.name}.taken.{os.getpid()}")
    try:
        os.rename(where, taken)  # one taker only, even when two runs race
    except OSError:
        return f"you did not type `{typed}` in this session"
    try:
        kept = json.loads(taken.read_text())
        asked = Asked(str(kept["action"]), tuple(map(str, kept["arguments"])), float(kept["at"]))
    except (OSError, ValueError, KeyError, TypeError):
        return f"the record of what you typed in this session is unreadable; type `{typed}` again"
    finally:
        taken.unlink(missing_ok=True)
    age = (time.time() if now is None else now) - asked.at
    if (asked.action, asked.arguments) != (action, tuple(arguments)):
        return f"you typed `{command} {' '.join([asked.action, *asked.arguments])}`, not `{typed}`"
    if not 0 <= age <= LIFETIME_S:
        return f"you typed `{typed}` {age / 60:.0f} minutes ago; type it again"
    return None


def refusal(env: Mapping[str, str], action: str, arguments: Sequence[str]) -> str | None:
    """Why a write action started inside an agent's session may not run (None: it may)."""
    inside = agent_session(env) if action in WRITE_ACTIONS else None
    if inside is None:
        return None
    why = (take(Path(inside.data_dir), inside.session, action, arguments, command=inside.command)
           if inside.data_dir and inside.session else f"you did not type `{inside.command} {action}` in this session")
    if why is None:
        return None
    return (f"{action} changes your files or schedule, so inside the agent it runs only {inside.how}: {why}. "
            "The agent cannot run it for you.")


def main() -> int:
    """The UserPromptSubmit hook: `asked.py --plugin-data DIR` with the hook's JSON on stdin.
    Never blocks the prompt and prints nothing (a hook's output would reach the model)."""
    if len(sys.argv) != 3 or sys.argv[1] != "--plugin-data" or not sys.argv[2]:
        return 0
    try:
        payload = json.loads(sys.stdin.read())
        session, prompt = str(payload.get("session_id") or ""), str(payload.get("prompt") or "")
        record(Path(sys.argv[2]), session, prompt)
        record_read(Path(sys.argv[2]), session, str(payload.get("prompt_id") or ""), prompt)
    except (OSError, ValueError, AttributeError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
