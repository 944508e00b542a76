"""The uncommitted work a session started with, where no hook recorded it, from what its
transcript records:

- Codex's ghost snapshot: a commit of the working tree (untracked files included) made at the
  first turn's start, read while git still keeps it;
- Claude Code's `git status --short` at start: each file it lists is taken from disk where
  nothing wrote it since the session started (it was last changed before the start), else the
  reason names the file; a clean status is a clean start.

Where the transcript records neither, the work at start is unknown, and the detail says so. The
patch is built through a copy of the index, as the hook's is: the user's index and tree are never
written."""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass

from skillopt_sleep.capture.git_context import STATUS_LINE
from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.repo_start import MAX_PATCH_BYTES, git
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.tasks.repo.start_commit import NoStart, epoch

UNKNOWN = "uncommitted changes then unknown"


@dataclass(frozen=True)
class StartTree:
    patch: str
    detail: str  # how the work at start is known


def checked_patch(patch: str) -> str:
    """A recorded patch that may be kept: UTF-8 text holding no secret."""
    try:
        patch.encode("utf-8")
    except UnicodeEncodeError:
        raise NoStart("the uncommitted changes at session start are not UTF-8 text") from None
    if Redactor().text(patch) != patch:
        raise NoStart("the uncommitted changes at session start look like they hold a secret; not kept")
    return patch


def _patch_text(raw: bytes) -> str:
    if len(raw) > MAX_PATCH_BYTES:
        raise NoStart("the uncommitted changes at session start were too large to keep")
    return checked_patch(raw.decode("utf-8", "surrogateescape"))


def _from_snapshot(root: str, commit: str, snapshot: str, agent: str) -> StartTree:
    if git(root, "cat-file", "-e", f"{snapshot}^{{commit}}").returncode != 0:
        return StartTree("", f"the snapshot {agent} took at start is gone; {UNKNOWN}")
    diff = git(root, "diff", "--binary", "--no-color", "--no-ext-diff", "--no-renames", commit, snapshot, "--")
    if diff.returncode != 0:
        raise NoStart(f"the snapshot {agent} took at start cannot be read")
    return StartTree(_patch_text(diff.stdout), f"the working tree as {agent}'s snapshot at start held it")


def _unquoted(path: str) -> str:
    """A path as git status writes it, C-quoted where it holds special characters."""
    if len(path) >= 2 and path[0] == path[-1] == '"':
        return path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace")
    return path


def _listed(status: list[str]) -> list[tuple[str, bool]]:
    """(path as listed, deleted at start) for each status line; a rename lists both of its paths."""
    found = []
    for line in status:
        match = STATUS_LINE.match(line)
        if match is None:
            raise NoStart(f"a status line at session start cannot be read: {line[:80]!r}")
        code, rest = match.groups()
        old, arrow, new = rest.partition(" -> ")
        if arrow and "R" in code:
            found += [(_unquoted(old), True), (_unquoted(new), False)]
        else:
            found.append((_unquoted(new if arrow else rest), "D" in code))
    return found


def _files_under(path: str) -> list[str]:
    if not os.path.isdir(path) or os.path.islink(path):
        return [path]
    return [os.path.join(folder, name) for folder, folders, names in os.walk(path)
            for name in names if ".git" not in os.path.relpath(folder, path).split(os.sep)]


def _as_at_start(root: str, cwd: str, status: list[str], started: float) -> list[str]:
    """The listed paths relative to the root, each on disk as it was at the start; NoStart naming
    the first that is not."""
    paths = []
    for listed, deleted in _listed(status):
        full = os.path.normpath(os.path.join(cwd or root, listed))
        relative = os.path.relpath(full, root)
        if relative.startswith(".."):
            raise NoStart(f"{listed}, listed at session start, is outside the repository")
        if deleted:
            if os.path.lexists(full):
                raise NoStart(f"{relative}, deleted at session start, is back on disk; its state then is not known")
        elif not os.path.lexists(full):
            raise NoStart(f"{relative}, changed at session start, is gone; its state then is not known")
        else:
            for name in _files_under(full):
                if os.lstat(name).st_mtime > started:
                    shown = os.path.relpath(name, root)
                    raise NoStart(f"{shown} changed after the session started; its uncommitted state then is not known")
        paths.append(relative)
    return paths


def _staged_patch(root: str, commit: str, paths: list[str]) -> str:
    """The diff from `commit` to these paths as they are on disk, through a scratch index."""
    scratch = tempfile.mkdtemp(prefix="skillopt-index-")
    try:
        env = {"GIT_INDEX_FILE": os.path.join(scratch, "index")}
        for step in (["read-tree", commit], ["--literal-pathspecs", "add", "-A", "--", *paths]):
            done = git(root, *step, env=env)
            if done.returncode != 0:
                raise NoStart("the uncommitted changes at session start cannot be read: "
                              + done.stderr.decode("utf-8", "replace").strip()[:200])
        diff = git(root, "diff", "--cached", "--binary", "--no-color", "--no-ext-diff", commit, env=env)
        if diff.returncode != 0:
            raise NoStart("the uncommitted changes at session start cannot be read")
        return _patch_text(diff.stdout)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _from_status(session: Session, root: str, commit: str) -> StartTree:
    if not session.git_status_complete:
        raise NoStart(f"the uncommitted changes {session.agent} listed at session start are cut short or unreadable")
    if not session.git_status:
        return StartTree("", f"clean at start, as {session.agent} recorded")
    paths = _as_at_start(root, session.cwd, session.git_status, epoch(session.started_at))
    return StartTree(_staged_patch(root, commit, paths), f"the uncommitted files {session.agent} listed at start, "
                                                         "unchanged on disk since")


def start_tree(session: Session, root: str, commit: str) -> StartTree:
    """The uncommitted work at `session`'s start on top of `commit`, or NoStart saying why it
    cannot be known though the transcript says there was some."""
    if session.git_snapshot:
        return _from_snapshot(root, commit, session.git_snapshot, session.agent)
    if session.git_status is not None:
        return _from_status(session, root, commit)
    return StartTree("", UNKNOWN)
