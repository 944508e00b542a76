"""What Claude Code records of the repository at session start, where no hook did: its system
context's `gitStatus` (in the transcript's `session_context` attachment, and in the system prompt
its requests carry), with the branch, `git status --short` (cut short past some 2,000 characters,
which it says) and the recent commits, HEAD first:

    gitStatus: This is the git status at the start of the conversation. ...
    Current branch: main
    ...
    Status:
     M calc.py
    ?? notes.md

    Recent commits:
    1a2b3c4 Fix the parser

A clean tree's status reads `(clean)`. Read only here; `tasks/repo/start_tree.py` turns the
status into the uncommitted work at start."""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.capture.lazy_regex import lazy

MARKER = "gitStatus:"
_SECTION = lazy(r"^(Current branch|Main branch[^:\n]*|Status|Recent commits):[ \t]*(.*)$")
_HEAD = lazy(r"^([0-9a-f]{7,40})\b")
STATUS_LINE = lazy(r"^([ MADRCUT?!]{1,2}) (.+)$")
MAX_STATUS_LINES = 500


@dataclass(frozen=True)
class GitStatusBlock:
    branch: str
    head: str  # the abbreviated HEAD commit; "" when none is listed
    status: list[str]  # `git status --short` lines as written; [] for a clean tree
    complete: bool  # False where the status was cut short


def _sections(block: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    current = ""
    for line in block.splitlines():
        match = _SECTION.match(line)
        if match:
            current = match.group(1)
            found[current] = [match.group(2)] if match.group(2).strip() else []
        elif current:
            found[current].append(line)
    return found


def read_git_status(text: str) -> GitStatusBlock | None:
    """The gitStatus block in a system prompt, or the block's text alone (the system context's
    value); None where it holds none (or none readable)."""
    at = text.find(MARKER)
    parts = _sections(text[max(at, 0):])
    if "Status" not in parts:
        return None
    lines = [line for line in parts["Status"] if line.strip()]
    if [line.strip() for line in lines] == ["(clean)"]:
        status, complete = [], True
    else:
        status = [line for line in lines if STATUS_LINE.match(line)]
        # A line that is no status line (the note that the rest was cut, a layout this reader does
        # not know), or none at all: the list is not the whole uncommitted work.
        complete = bool(status) and len(status) == len(lines) <= MAX_STATUS_LINES
    head = next((m.group(1) for m in map(_HEAD.match, parts.get("Recent commits", [])) if m), "")
    branch = (parts.get("Current branch") or [""])[0].strip()
    return GitStatusBlock(branch=branch, head=head, status=status[:MAX_STATUS_LINES], complete=complete)
