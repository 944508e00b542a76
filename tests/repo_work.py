"""Real git repositories for the repo-task tests, and episodes recorded by really doing the work
in them: each edit writes the file, each run runs the command and keeps its exit status, and the
change is the repository's own diff against its start."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

from skillopt_sleep.capture.repo_start import dirty_patch
from skillopt_sleep.episode import Episode, EpisodeStep

GIT_ENV = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "T",
           "GIT_COMMITTER_EMAIL": "t@example.com"}

MAKEFILE = "check:\n\tpython3 -m unittest discover -s tests -q\n"
CALC = "def add(a, b):\n    return a - b\n"
TEST = ("import unittest\nimport sys\nsys.path.insert(0, '.')\nfrom calc import add\n\n\n"
        "class AddTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n")


def git(root: Path, *args: str, when: str | None = None) -> str:
    env = {**os.environ, **GIT_ENV}
    if when:
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True).stdout.strip()


def make_repo(root: Path, files: dict[str, str] | None = None, when: str = "2026-11-30T10:00:00Z") -> str:
    """A repository with one commit of `files` (a small Python project checked by `make check`
    by default); returns the commit."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for name, text in (files or {"Makefile": MAKEFILE, "calc.py": CALC, "tests/test_calc.py": TEST}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start", when=when)
    return git(root, "rev-parse", "HEAD")


def commit_all(root: Path, message: str, when: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message, when=when)
    return git(root, "rev-parse", "HEAD")


def tree_digest(root: Path) -> str:
    """A hash of every file under `root`, .git included (its index, refs and config): a repository
    that a reader left alone has the same digest after."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "objects" not in p.relative_to(root).parts):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class Work:
    """Does an agent's work in `root` for real and records it as an Episode."""

    def __init__(self, root: Path):
        self.root = root
        self.steps: list[EpisodeStep] = []
        self.final = ""
        self.finished = False

    def edit(self, name: str, text: str) -> "Work":
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        self.steps.append(EpisodeStep(kind="tool", name="edit", arguments={"path": name, "content": text}, output="ok"))
        return self

    def run(self, command: str) -> "Work":
        done = subprocess.run(command, shell=True, cwd=self.root, capture_output=True, text=True, timeout=60)
        self.steps.append(EpisodeStep(kind="tool", name="run", arguments={"command": command},
                                      output=(done.stdout + done.stderr)[-2000:], exit_code=done.returncode))
        return self

    def finish(self, message: str) -> "Work":
        self.final, self.finished = message, True
        self.steps.append(EpisodeStep(kind="tool", name="finish", arguments={"message": message}))
        return self

    def episode(self) -> Episode:
        patch, problem = dirty_patch(str(self.root))
        assert not problem, problem
        changed = sorted({line.split(" b/", 1)[1] for line in patch.splitlines() if line.startswith("diff --git ")})
        return Episode(steps=list(self.steps), final_message=self.final, finished=self.finished, diff=patch,
                       changed_files=changed, turns=len(self.steps))
