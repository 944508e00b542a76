"""Git that the host runs on a copy, with nothing the copy configures.

A command in the copy can write its .git/config (a filter, an fsmonitor, a hooks path, a textconv
or an external diff are each a command git runs) and its .gitattributes (which turn a filter on
for any file). `-c` cannot take back a filter the copy's config defines, and git 2.39 has no way
to ignore a work tree's .gitattributes. So the host's git never reads a config a command could
have written: after the copy is made, every host-side call names a git directory the host made
(GIT_DIR), where no filter or diff driver is defined, so an attribute that asks for one does
nothing. It runs with no system or user config, an empty HOME of its own, the variables git needs
and nothing else (no key), and the overrides below. Applying a change after an agent ran is done
inside the sandbox instead (patching.py).

git also opens each folder's .gitignore and .gitattributes in the work tree; a FIFO there would
hold it forever, so a work tree with one is refused before git looks."""

from __future__ import annotations

import os
import stat
import subprocess
import threading
from pathlib import Path

from .errors import SandboxError

GIT_TIMEOUT_S = 600
# Neutral values for every setting that makes git run a program or read a file of the copy's.
OVERRIDES = ("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.attributesFile=/dev/null",
             "-c", "core.excludesFile=/dev/null", "-c", "diff.external=", "-c", "core.pager=cat", "-c", "core.askPass=",
             "-c", "core.sshCommand=false", "-c", "credential.helper=", "-c", "core.quotepath=off", "-c", "gc.auto=0")
RULE_FILES = (".gitignore", ".gitattributes")  # what git opens in every folder of a work tree


# No system or user config, never a prompt: for git on the host and git in the sandbox alike.
GIT_SETTINGS = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_ATTR_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_LFS_SKIP_SMUDGE": "1",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_NO_REPLACE_OBJECTS": "1",
}


def clean_env(home: Path | str) -> dict[str, str]:
    """The whole environment of the host's git on a copy."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8", **GIT_SETTINGS}


def first_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0] if lines else "no output"


def run_git(*args: str, cwd: Path, home: Path, git_dir: Path | None = None, work_tree: Path | None = None,
            env: dict[str, str] | None = None, stdin: bytes | None = None, what: str = "git",
            allowed: tuple[int, ...] = (0,)) -> str:
    """git `args` on the host, with the clean environment and overrides; its output (names that
    are not UTF-8 kept as os.fsdecode keeps them), or SandboxError saying `what` failed: exited
    other than `allowed`. `git_dir` and `work_tree` name the host's own git directory and the
    copy it describes."""
    full_env = clean_env(home) | (env or {})
    if git_dir is not None:
        full_env["GIT_DIR"] = str(git_dir)
    if work_tree is not None:
        full_env["GIT_WORK_TREE"] = str(work_tree)
    try:
        done = subprocess.run(["git", *OVERRIDES, *args], cwd=cwd, env=full_env, input=stdin,
                              stdin=None if stdin is not None else subprocess.DEVNULL, capture_output=True,
                              timeout=GIT_TIMEOUT_S)
    except FileNotFoundError as exc:
        raise SandboxError("git is not installed; a workspace needs git") from exc
    except subprocess.TimeoutExpired as exc:
        raise SandboxError(f"{what} took longer than {GIT_TIMEOUT_S} s") from exc
    if done.returncode not in allowed:
        raise SandboxError(f"{what} failed: {first_line(done.stderr.decode(errors='replace'))}")
    return done.stdout.decode("utf-8", "surrogateescape")


def run_git_capped(*args: str, cwd: Path, home: Path, env: dict[str, str], limit: int,
                   what: str = "git") -> tuple[bytes, bool]:
    """git `args` as run_git runs it, its output read as it comes and never more than `limit`
    bytes of it: (output, complete). Past the limit git is stopped, and what it had not written
    yet is never read (a copy can hold a change of gigabytes; the host holds `limit` at most)."""
    try:
        process = subprocess.Popen(["git", *OVERRIDES, *args], cwd=cwd, env=clean_env(home) | env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except FileNotFoundError as exc:
        raise SandboxError("git is not installed; a workspace needs git") from exc
    late = threading.Event()
    timer = threading.Timer(GIT_TIMEOUT_S, lambda: (late.set(), process.kill()))  # a read has no timeout
    timer.start()
    with process:
        try:
            kept = process.stdout.read(limit + 1)
            complete = len(kept) <= limit
            if not complete:
                process.kill()
            errors = process.stderr.read(65536)
            status = process.wait()
        finally:
            timer.cancel()
    if late.is_set():
        raise SandboxError(f"{what} took longer than {GIT_TIMEOUT_S} s")
    if complete and status != 0:
        raise SandboxError(f"{what} failed: {first_line(errors.decode(errors='replace'))}")
    return kept[:limit], complete


def refuse_blocking_rules(work_tree: Path) -> None:
    """SandboxError if a .gitignore or .gitattributes in `work_tree` is a FIFO, socket or device:
    git would wait on it. Links are not followed (git does not follow these either)."""
    for folder, folders, files in os.walk(work_tree):
        folders[:] = [name for name in folders if name != ".git"]
        for name in RULE_FILES:
            if name not in files and name not in folders:
                continue
            path = os.path.join(folder, name)
            mode = os.lstat(path).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode) or stat.S_ISDIR(mode)):
                kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket or device"
                shown = os.path.relpath(path, work_tree)
                raise SandboxError(f"the copy's {shown} is {kind}, which git would wait on; the change cannot be read")
