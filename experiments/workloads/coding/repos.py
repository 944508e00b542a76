"""The fixture repositories as git repositories: the source tree under repos/<name> becomes one
commit at a fixed date by a fixed author, so the same tree always gives the same commit id.

    python experiments/workloads/coding/repos.py tally /tmp/somewhere/tally
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREES = HERE / "repos"
BASE_DATE = "2025-03-03T09:00:00+00:00"  # the Monday the recorded weeks begin
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")


def git_env(author: str, date: str | None = None) -> dict[str, str]:
    """An environment whose commits carry `author` ("Name <email>") and, when given, `date`,
    and read no git configuration of the machine."""
    name, email = author.rsplit(" <", 1)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email.rstrip(">"), "GIT_COMMITTER_NAME": name,
                "GIT_COMMITTER_EMAIL": email.rstrip(">"), "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})
    if date:
        env.update({"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})
    return env


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env=env or git_env("Fixture <fixture@example.invalid>"))
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout.strip()


def commit_all(repo: Path, message: str, author: str, date: str | None = None) -> str:
    """Commit the whole work tree; returns the new commit id."""
    env = git_env(author, date)
    git(repo, "add", "-A", env=env)
    if git(repo, "status", "--porcelain", env=env):  # the agent may have committed everything itself
        git(repo, "commit", "-q", "--no-gpg-sign", "-m", message, env=env)
    return git(repo, "rev-parse", "HEAD", env=env)


def build_repo(name: str, dest: Path, author: str) -> str:
    """A fresh git repository at `dest` holding the fixture tree `name`; returns its commit."""
    tree = TREES / name
    if not tree.is_dir():
        raise FileNotFoundError(f"no fixture repository {name} under {TREES}")
    if dest.exists():
        raise FileExistsError(dest)
    shutil.copytree(tree, dest, ignore=IGNORED)
    git(dest, "init", "-q", "-b", "main", env=git_env(author))
    name, email = author.rsplit(" <", 1)  # whose commits the agent makes when it commits for the person
    git(dest, "config", "user.name", name)
    git(dest, "config", "user.email", email.rstrip(">"))
    return commit_all(dest, f"Import {name}", author, BASE_DATE)


if __name__ == "__main__":
    print(build_repo(sys.argv[1], Path(sys.argv[2]), "Fixture <fixture@example.invalid>"))
