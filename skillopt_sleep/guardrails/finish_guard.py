"""The finish guard: one fixed script that holds a session from finishing while a check the
project asks for has not run since the last edit. What it holds to is data a night wrote
(`.claude/skillopt-sleep/finish-checks.json`: {"checks": ["make check"]}); it runs nothing and
reads only that file and the session's transcript.

Claude Code runs it as a Stop hook (plugin/runners/skillopt-sleep-guard): exit 2 with the reason
on stderr sends the agent back to work; it holds once (a stop that follows a hold, marked
`stop_hook_active`, passes), so a session never loops on it. The replay loop asks `unmet` and
`message` of the same module, so a replay is held where the user's agent would be and told the
same words. Standard library only: the hook runs it with `python -I -S`."""

from __future__ import annotations

import json
import os
import re
import sys

DATA = os.path.join(".claude", "skillopt-sleep", "finish-checks.json")
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


def read_checks(folder: str) -> list[str]:
    """The checks of the nearest data file at or above `folder`, up to the repository's root."""
    folder = os.path.abspath(folder)
    while True:
        path = os.path.join(folder, DATA)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                data = json.loads(handle.read(_MAX_DATA))
            checks = data.get("checks") if isinstance(data, dict) else None
            return [c for c in checks if isinstance(c, str) and c.strip()] if isinstance(checks, list) else []
        parent = os.path.dirname(folder)
        if parent == folder or os.path.exists(os.path.join(folder, ".git")):
            return []
        folder = parent


def main(stdin=sys.stdin, stderr=sys.stderr) -> int:
    try:
        payload = json.loads(stdin.read())
        if not isinstance(payload, dict) or payload.get("stop_hook_active"):
            return 0
        checks = read_checks(str(payload.get("cwd") or "."))
        if not checks:
            return 0
        with open(str(payload.get("transcript_path") or ""), "rb") as handle:
            lines = handle.read(_MAX_TRANSCRIPT).decode("utf-8", "replace").splitlines()
    except (OSError, ValueError):
        return 0  # a guard that cannot read never fails the session
    missing = unmet(transcript_actions(lines), checks)
    if not missing:
        return 0
    stderr.write(message(missing) + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
