"""The commit a session started from where no hook recorded it, or the honest reason it cannot
be known. In order:

- the commit the agent itself recorded at start (Codex's session_meta or ghost snapshot, Claude
  Code's gitStatus): it must still be in the repository;
- where HEAD was when the session started, by the repository's own HEAD reflog, where the log
  covers that time without a gap (it finds the commit after a rebase took it off its branch, for
  as long as git keeps it);
- else the last commit on the session's branch at or before its start, refused where the branch
  holds a commit authored before the start but committed after it (a rebase, an amend), since an
  older commit would then stand in, silently, for one that is gone.

Every git call reads the user's repository only, with a timeout."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone

from skillopt_sleep.capture.repo_start import git
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.capture.transcripts.common import to_utc
from skillopt_sleep.tasks.repo.git_answers import ask

MAX_REWRITE_WALK = 5000  # commits read from a branch's tip, looking for one rewritten after the start


class NoStart(Exception):
    """Why a session's start cannot be found; the message is the reason `tasks` shows."""


@dataclass(frozen=True)
class StartCommit:
    commit: str
    found_by: str  # agent-record | reflog | branch-time
    detail: str


def _text(result) -> str:
    return result.stdout.decode("utf-8", "replace").strip() if result.returncode == 0 else ""


def require_commit(root: str, commit: str) -> str:
    """The full id of `commit` (an abbreviated one too), or NoStart where it is gone."""
    if not root or not os.path.isdir(root):
        raise NoStart("the repository is gone")
    full = _text(ask(root, "rev-parse", "--verify", "-q", "--end-of-options", f"{commit}^{{commit}}")) if commit else ""
    if not full:
        raise NoStart(f"commit {commit[:12] or '(none)'} is no longer in the repository")
    return full


def epoch(stamp: str) -> int:
    """A stored UTC time ("2026-12-02T18:00:46.000000Z") in seconds since the epoch."""
    return int(datetime.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp())


def _reflog_at(root: str, cwd: str, when: int) -> str | None:
    """The commit HEAD named at `when` by the raw HEAD reflog, or None where the log does not
    cover that moment: nothing logged before it, or the next entry does not leave from it (the
    entries between were expired)."""
    where = _text(ask(cwd, "rev-parse", "--git-path", "logs/HEAD"))
    path = where if os.path.isabs(where) else os.path.join(cwd, where)
    try:
        with open(path, "rb") as handle:
            lines = handle.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    entries = []  # (old, new, time)
    for line in lines:
        head, _, _ = line.partition("\t")
        words = head.split()
        if len(words) >= 4 and words[-2].isdigit():
            entries.append((words[0], words[1], int(words[-2])))
    before = [i for i, (_, _, at) in enumerate(entries) if at <= when]
    if not before:
        return None
    index = before[-1]
    new = entries[index][1]
    following = entries[index + 1][0] if index + 1 < len(entries) else _text(ask(cwd, "rev-parse", "-q", "--verify", "HEAD"))
    return new if following == new and set(new) != {"0"} else None


def _rewritten_after(root: str, branch: str, when: int) -> bool:
    """A commit on `branch` authored at or before `when` but committed after it."""
    listed = ask(root, "log", f"-n{MAX_REWRITE_WALK}", "--format=%ct %at", branch, "--")
    for line in listed.stdout.decode("utf-8", "replace").splitlines() if listed.returncode == 0 else []:
        committed, authored = (int(x) for x in line.split())
        if committed <= when:
            return False  # from here down the branch is as it was at the start
        if authored <= when:
            return True
    return False


def start_commit(session: Session, root: str) -> StartCommit:
    """The commit `session` started from, or NoStart saying why it cannot be known."""
    if session.git_commit:
        commit = require_commit(root, session.git_commit)
        return StartCommit(commit, "agent-record", f"recorded by {session.agent} at session start")
    if not session.started_at:
        raise NoStart("the transcript gives no start time")
    branch = session.git_branch if session.git_branch not in ("", "HEAD") else ""
    if branch and ask(root, "rev-parse", "--verify", "-q", f"refs/heads/{branch}").returncode != 0:
        raise NoStart(f"branch {branch} is no longer in the repository")
    when = epoch(to_utc(session.started_at))
    logged = _reflog_at(root, session.cwd or root, when)
    if logged is not None:
        commit = require_commit(root, logged)
        return StartCommit(commit, "reflog", f"HEAD at {session.started_at} by the repository's reflog")
    shown = branch or "HEAD"
    if _rewritten_after(root, branch or "HEAD", when):
        raise NoStart(f"{shown} holds commits made before the session but committed after it (a rebase, an amend or a "
                      "cherry-pick), so the commit it started from cannot be told from the branch")
    commit = _text(git(root, "rev-list", "-1", f"--before={session.started_at}", branch or "HEAD", "--"))
    if not commit:
        raise NoStart(f"no commit on {shown} at or before the session's start")
    return StartCommit(commit, "branch-time", f"last commit on {shown} at or before {session.started_at}")
