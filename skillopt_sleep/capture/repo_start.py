"""The repository a session starts in: its root, HEAD commit, branch, and the uncommitted work as
a binary git diff against HEAD (untracked files included), recorded by the hook at SessionStart
so a repo task can start exactly where the session did.

It never changes the user's repository: the diff is taken through a copy of the index
(GIT_INDEX_FILE), so `git add -A` writes only that copy (and loose objects git collects later);
optional locks are off, so no command refreshes the real index. Every git call has a timeout, an
untracked tree or a patch over `MAX_PATCH_BYTES` is not kept (recorded as too large), and
nothing here raises: a failure is a field of the record.

Standard library only: the hook imports it (`python3 -I -S`), as a module beside hook.py.
"""

import os
import shutil
import subprocess
import tempfile

GIT_TIMEOUT_S = 5.0
MAX_PATCH_BYTES = 2 << 20
MAX_UNTRACKED_BYTES = 8 << 20  # more than this untracked is a build or a download, not the user's work
STARTS_DIR = "repo-starts"  # under the data folder: one JSON file per session


def _git_env(extra=None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"})
    env.update(extra or {})
    return env


def git(cwd: str, *args: str, env=None, timeout: float = GIT_TIMEOUT_S) -> subprocess.CompletedProcess:
    """Run git in `cwd` with no pager, prompt, fsmonitor or auto-gc; raises OSError or
    subprocess.TimeoutExpired for the callers that care."""
    return subprocess.run(
        ["git", "-c", "core.fsmonitor=false", "-c", "gc.auto=0", "-c", "core.quotepath=off", *args],
        cwd=cwd, env=_git_env(env), stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
    )


def _text(result: subprocess.CompletedProcess) -> str:
    return result.stdout.decode("utf-8", "replace").strip() if result.returncode == 0 else ""


def _untracked_bytes(root: str) -> int:
    listed = git(root, "ls-files", "-z", "--others", "--exclude-standard")
    total = 0
    for name in listed.stdout.split(b"\0"):
        if name:
            try:
                total += os.lstat(os.path.join(root.encode(), name)).st_size
            except OSError:
                pass
    return total


def dirty_patch(root: str, max_bytes: int = MAX_PATCH_BYTES) -> tuple:
    """(patch, problem): the working tree against HEAD as a binary diff, untracked files
    included, taken through a copy of the index; ("", why) when it cannot be kept."""
    if _untracked_bytes(root) > MAX_UNTRACKED_BYTES:
        return "", "too_large"
    index = _text(git(root, "rev-parse", "--git-path", "index"))  # relative to `root` unless absolute
    index = os.path.join(root, index) if index else ""
    scratch = tempfile.mkdtemp(prefix="skillopt-index-")
    try:
        copy = os.path.join(scratch, "index")
        if index and os.path.isfile(index):
            # copy2 keeps the index's mtime: git trusts a file whose stat matches its entry only if
            # the file is older than the index, so a fresh mtime here would hide a same-size edit
            # made in the second the index was written
            shutil.copy2(index, copy)
        env = {"GIT_INDEX_FILE": copy}
        added = git(root, "add", "-A", "--", ".", env=env)
        if added.returncode != 0:
            return "", "git add: " + added.stderr.decode("utf-8", "replace").strip()[:200]
        diff = git(root, "diff", "--cached", "--binary", "--no-color", "--no-ext-diff", "HEAD", env=env)
        if diff.returncode != 0:
            return "", "git diff: " + diff.stderr.decode("utf-8", "replace").strip()[:200]
        if len(diff.stdout) > max_bytes:
            return "", "too_large"
        return diff.stdout.decode("utf-8", "surrogateescape"), ""
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def snapshot(cwd: str) -> dict:
    """What a repo task needs of the repository at `cwd` now. `problem` says what is missing:
    "not_git", "no_commit", "too_large", "timeout", or a git message."""
    record = {"cwd": cwd, "root": "", "commit": "", "branch": "", "patch": "", "problem": ""}
    try:
        top = git(cwd, "rev-parse", "--show-toplevel")
        if top.returncode != 0:
            record["problem"] = "not_git"
            return record
        record["root"] = _text(top)
        record["commit"] = _text(git(record["root"], "rev-parse", "--verify", "-q", "HEAD^{commit}"))
        if not record["commit"]:
            record["problem"] = "no_commit"
            return record
        record["branch"] = _text(git(record["root"], "symbolic-ref", "-q", "--short", "HEAD"))
        record["patch"], record["problem"] = dirty_patch(record["root"])
    except subprocess.TimeoutExpired:
        record["problem"] = "timeout"
    except OSError as exc:
        record["problem"] = "git: %s" % exc
    return record


def start_path(data_dir: str, session_id: str) -> str:
    return os.path.join(data_dir, STARTS_DIR, session_id + ".json")
