"""Where a session started: the repository root, the commit, the branch, the uncommitted work.

What the hook recorded at SessionStart wins (`found_by` "hook", the dirty tree included). Else
it is read from the transcript and the repository (`start_commit.py`: the commit the agent
recorded, "agent-record"; where the HEAD reflog puts HEAD at the start, "reflog"; else the last
commit on the session's branch at or before its start, "branch-time", unless the branch was
rewritten since) and the uncommitted work from what the transcript records of it
(`start_tree.py`: Codex's snapshot, Claude Code's status at start; else unknown, and said so).
Each way reads the user's repository only, with a timeout on every git call; when none works,
the reason is one short phrase that `tasks` shows.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.capture.repo_start import start_path
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.tasks.repo.git_answers import ask
from skillopt_sleep.tasks.repo.start_commit import NoStart, require_commit, start_commit
from skillopt_sleep.tasks.repo.start_tree import checked_patch, start_tree

__all__ = ["NoStart", "Start", "locate"]

_HOOK_PROBLEMS = {
    "not_git": "not a git repository",
    "no_commit": "the repository had no commit yet",
    "too_large": "the uncommitted changes at session start were too large to keep",
    "timeout": "git took too long at session start",
}


@dataclass
class Start:
    root: str
    commit: str
    branch: str = ""
    patch: str = ""
    found_by: str = ""  # hook | agent-record | reflog | branch-time
    detail: str = ""  # how, in words: "main at 2026-12-02T18:00:46Z"
    cwd: str = ""  # the session's folder, inside `root`


def locate(session: Session, data_dir: Path) -> Start:
    """The session's start, or NoStart saying why there is none."""
    recorded = _hook_record(data_dir, session.id)
    try:
        if recorded is not None:
            return _from_hook(recorded)
        return _from_transcript(session)
    except subprocess.TimeoutExpired:
        raise NoStart("git took too long on the repository") from None
    except OSError as exc:
        raise NoStart(f"git could not run: {exc}") from None


def _hook_record(data_dir: Path, session_id: str) -> dict | None:
    try:
        data = json.loads(Path(start_path(str(data_dir), session_id)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _from_hook(record: dict) -> Start:
    problem = str(record.get("problem") or "")
    if problem:
        raise NoStart(_HOOK_PROBLEMS.get(problem, f"the repository could not be read at session start ({problem})"))
    root, commit = str(record.get("root") or ""), str(record.get("commit") or "")
    require_commit(root, commit)
    patch = checked_patch(str(record.get("patch") or ""))
    return Start(root=root, commit=commit, branch=str(record.get("branch") or ""), patch=patch, found_by="hook",
                 detail="recorded when the session started", cwd=str(record.get("cwd") or root))


def _toplevel(cwd: str) -> str:
    if not cwd:
        raise NoStart("the session names no folder")
    if not os.path.isdir(cwd):
        raise NoStart("the session's folder is gone")
    top = ask(cwd, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise NoStart("not a git repository")
    return top.stdout.decode("utf-8", "replace").strip()


def _from_transcript(session: Session) -> Start:
    root = _toplevel(session.cwd)
    found = start_commit(session, root)
    tree = start_tree(session, root, found.commit)
    branch = session.git_branch if session.git_branch not in ("", "HEAD") else ""
    return Start(root=root, commit=found.commit, branch=branch, patch=tree.patch, found_by=found.found_by,
                 detail=f"{found.detail}; {tree.detail}", cwd=session.cwd)
