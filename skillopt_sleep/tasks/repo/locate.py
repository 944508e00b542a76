"""Where a session started: the repository root, the commit, the branch, the uncommitted work.

In order: what the hook recorded at SessionStart (`found_by` "hook", the dirty tree included);
the commit the agent itself wrote into its transcript at start (Codex's session_meta:
"agent-record"); else derived from the transcript's folder, branch and start time, as the last
commit on that branch at or before the session began ("branch-time"; the uncommitted work at
start is then unknown). Each way reads the user's repository only, with a timeout on every git
call; when none works, the reason is one short phrase that `tasks` shows.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.repo_start import git, start_path
from skillopt_sleep.capture.sessions import Session

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
    found_by: str = ""  # hook | agent-record | branch-time
    detail: str = ""  # how, in words: "main at 2026-12-02T18:00:46Z"
    cwd: str = ""  # the session's folder, inside `root`


class NoStart(Exception):
    """Why a session's start cannot be found; the message is the reason `tasks` shows."""


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
    _require_commit(root, commit)
    patch = str(record.get("patch") or "")
    if patch:
        try:
            patch.encode("utf-8")
        except UnicodeEncodeError:
            raise NoStart("the uncommitted changes at session start are not UTF-8 text") from None
        if Redactor().text(patch) != patch:
            raise NoStart("the uncommitted changes at session start look like they hold a secret; not kept")
    return Start(root=root, commit=commit, branch=str(record.get("branch") or ""), patch=patch, found_by="hook",
                 detail="recorded when the session started", cwd=str(record.get("cwd") or root))


def _toplevel(cwd: str) -> str:
    if not cwd:
        raise NoStart("the session names no folder")
    if not os.path.isdir(cwd):
        raise NoStart("the session's folder is gone")
    top = git(cwd, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise NoStart("not a git repository")
    return top.stdout.decode("utf-8", "replace").strip()


def _require_commit(root: str, commit: str) -> None:
    if not root or not os.path.isdir(root):
        raise NoStart("the repository is gone")
    if not commit or git(root, "cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
        raise NoStart(f"commit {commit[:12] or '(none)'} is no longer in the repository")


def _from_transcript(session: Session) -> Start:
    root = _toplevel(session.cwd)
    if session.git_commit:
        _require_commit(root, session.git_commit)
        return Start(root=root, commit=session.git_commit, branch=session.git_branch, found_by="agent-record",
                     detail=f"recorded by {session.agent} at session start; uncommitted changes then unknown", cwd=session.cwd)
    if not session.started_at:
        raise NoStart("the transcript gives no start time")
    branch = session.git_branch if session.git_branch not in ("", "HEAD") else ""
    if branch and git(root, "rev-parse", "--verify", "-q", f"refs/heads/{branch}").returncode != 0:
        raise NoStart(f"branch {branch} is no longer in the repository")
    listed = git(root, "rev-list", "-1", f"--before={session.started_at}", branch or "HEAD", "--")
    commit = listed.stdout.decode().strip() if listed.returncode == 0 else ""
    if not commit:
        raise NoStart(f"no commit on {branch or 'HEAD'} at or before the session's start")
    return Start(root=root, commit=commit, branch=branch, found_by="branch-time",
                 detail=f"last commit on {branch or 'HEAD'} at or before {session.started_at}; uncommitted changes then unknown",
                 cwd=session.cwd)
