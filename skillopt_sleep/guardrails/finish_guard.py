"""The finish guard: one fixed script that holds a session from finishing while a check the
project asks for has not run since the last edit. What it holds to is data a night wrote
(`.claude/skillopt-sleep/finish-checks.json`: {"checks": ["make check"]}, or for Codex
`.codex/skillopt-sleep-finish-checks.json`); it runs nothing and reads only that file and the
session's transcript.

Claude Code runs it as a Stop hook (plugin/runners/skillopt-sleep-guard), Codex as the Stop hook
of the project's `.codex/hooks.json` with `--agent codex` (its data, and its rollout as the
transcript). Both agents read exit 2 with the reason on stderr as "go back to work, told this"
(Codex hands it to the model as its next prompt); it holds once (a stop that follows a hold,
marked `stop_hook_active`, passes), so a session never loops on it. The replay loop asks `unmet` and
`message` of the same module, so a replay is held where the user's agent would be and told the
same words. Standard library only: the hook runs it with `python -I -S`."""

from __future__ import annotations

import json
import os
import re
import sys

DATA = os.path.join(".claude", "skillopt-sleep", "finish-checks.json")
CODEX_DATA = os.path.join(".codex", "skillopt-sleep-finish-checks.json")
CODEX = "codex"
EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
_MAX_TRANSCRIPT = 64 << 20
_MAX_DATA = 64 << 10


def ran(command: str, check: str) -> bool:
    """Whether a shell line runs `check` (its words in order, standing alone)."""
    words = [re.escape(w) for w in check.split()]
    return bool(words) and re.search(r"(?<![\w./-])" + r"\s+".join(words) + r"(?![\w.-])", command) is not None


def unmet(actions: list[tuple[str, str]], checks: list[str]) -> list[str]:
    """The checks that did not run after the last edit; none where nothing was edited.
    `actions`: ("edit", path) and ("run", command) in the order they happened."""
    last_edit = max((i for i, (kind, _) in enumerate(actions) if kind == "edit"), default=-1)
    if last_edit < 0:
        return []
    after = [detail for kind, detail in actions[last_edit + 1:] if kind == "run"]
    return [check for check in checks if not any(ran(command, check) for command in after)]


def message(missing: list[str]) -> str:
    named = ", ".join(f"`{check}`" for check in missing)
    return (f"This project asks that {named} run after the last edit, before finishing; it has not run since "
            f"your last edit. Run it now, fix what it reports, then finish.")


def transcript_actions(lines: list[str]) -> list[tuple[str, str]]:
    """The edits and shell commands of a Claude Code transcript, in order. An edit whose result is
    marked an error (refused, or it failed) changed nothing and is left out; a command counts as
    run whatever its exit code (the CLI marks a failing command an error too)."""
    calls: list[tuple[str, str, str]] = []
    failed: set[str] = set()
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        content = (record.get("message") or {}).get("content") if isinstance(record, dict) else None
        if not isinstance(content, list):
            continue
        for block in content:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_result" and block.get("is_error"):
                failed.add(str(block.get("tool_use_id")))
            if block.get("type") != "tool_use" or not isinstance(block.get("input"), dict):
                continue
            given = block["input"]
            if block.get("name") in EDIT_TOOLS:
                calls.append((str(block.get("id")), "edit", str(given.get("file_path") or given.get("notebook_path") or "")))
            elif block.get("name") == "Bash":
                calls.append((str(block.get("id")), "run", str(given.get("command") or "")))
    return [(kind, detail) for call_id, kind, detail in calls if kind == "run" or call_id not in failed]


def rollout_actions(lines: list[str]) -> list[tuple[str, str]]:
    """The edits and shell commands of a Codex rollout, in order, from the items Codex records as
    completed: a file change that applied (each file it touched; a patch given through the shell
    is one too) and a command its shell ran (the script it was given), whatever its exit code.
    A patch that failed changed nothing and is left out, as is a command that never ran."""
    actions: list[tuple[str, str]] = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        payload = record.get("payload") if isinstance(record, dict) and record.get("type") == "event_msg" else None
        item = payload.get("item") if isinstance(payload, dict) and payload.get("type") == "item_completed" else None
        if not isinstance(item, dict):
            continue
        if item.get("type") == "FileChange" and item.get("status") == "completed" and isinstance(item.get("changes"), dict):
            actions += [("edit", str(path)) for path in item["changes"]]
        elif item.get("type") == "CommandExecution" and item.get("status") in ("completed", "failed"):
            actions.append(("run", _script(item.get("command"))))
    return actions


def _script(command: object) -> str:
    """The shell line of a command Codex ran as [shell, "-lc", line]; other argv joined."""
    if not isinstance(command, list) or not all(isinstance(word, str) for word in command):
        return str(command or "")
    if len(command) == 3 and command[1] in ("-lc", "-c"):
        return command[2]
    return " ".join(command)


def read_checks(folder: str, data: str = DATA) -> list[str]:
    """The checks of the nearest data file at or above `folder`, up to the repository's root."""
    folder = os.path.abspath(folder)
    while True:
        path = os.path.join(folder, data)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                data = json.loads(handle.read(_MAX_DATA))
            checks = data.get("checks") if isinstance(data, dict) else None
            return [c for c in checks if isinstance(c, str) and c.strip()] if isinstance(checks, list) else []
        parent = os.path.dirname(folder)
        if parent == folder or os.path.exists(os.path.join(folder, ".git")):
            return []
        folder = parent


def main(argv: list[str] | None = None, stdin=sys.stdin, stderr=sys.stderr) -> int:
    codex = list(sys.argv[1:] if argv is None else argv) == ["--agent", CODEX]
    try:
        payload = json.loads(stdin.read())
        if not isinstance(payload, dict) or payload.get("stop_hook_active"):
            return 0
        checks = read_checks(str(payload.get("cwd") or "."), CODEX_DATA if codex else DATA)
        if not checks:
            return 0
        with open(str(payload.get("transcript_path") or ""), "rb") as handle:
            lines = handle.read(_MAX_TRANSCRIPT).decode("utf-8", "replace").splitlines()
    except (OSError, ValueError):
        return 0  # a guard that cannot read (no transcript: `codex exec --ephemeral`) never fails the session
    missing = unmet(rollout_actions(lines) if codex else transcript_actions(lines), checks)
    if not missing:
        return 0
    stderr.write(message(missing) + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
