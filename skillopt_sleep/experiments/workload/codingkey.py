"""The answer key of the coding workload (experiments/workloads/coding): each person's
conventions, and the held-out requests as repo tasks at the commit their repository reached,
judged by the repository's own verification once the judge patch (tests the request adds) is
applied. Only measurement reads it; the night never sees a held-out request."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.answerkey import checks_of, read_key
from skillopt_sleep.records import Check, Judge, Task

ARCHIVE = "coding-sessions.tar.xz"


@dataclass
class Convention:
    id: str
    statement: str
    checks: list[Check]


@dataclass
class CodingPersonaKey:
    name: str
    repo: str
    skill: str
    bundle: str  # the repository as a git bundle, relative to the unpacked archive
    conventions: list[Convention]
    corrected: dict[str, list[str]]  # session id -> conventions the user corrected in it (planted)
    heldout: list[Task] = field(default_factory=list)


def load_coding_key(path: Path, roots: dict[str, Path]) -> dict[str, CodingPersonaKey]:
    """The key at `path`; `roots` gives each person's repository (cloned from its bundle), where
    the held-out tasks run."""
    data = read_key(path)
    personas = {}
    for name, item in data.get("personas", {}).items():
        if name not in roots:
            raise ExperimentError(f"no repository given for {name} (clone {item['bundle']})")
        tasks = [Task(task_id=h["task_id"], intent=h["request"], skill=item["skill"], origin="benchmark", split="test",
                      judge=Judge(kind="repo", checks=checks_of(h["checks"])),
                      repo=RepoSpec(root=str(roots[name]), commit=h["commit"],
                                    verification=[Verification(c) for c in h["verification"]], found_by="answer key"),
                      meta={"judge_patch": h["judge_patch"], "conventions": h["conventions"], "workload": name})
                 for h in item["heldout"]]
        personas[name] = CodingPersonaKey(
            name=name, repo=item["repo"], skill=item["skill"], bundle=item["bundle"],
            conventions=[Convention(c["id"], c["statement"], checks_of(c["checks"])) for c in item["conventions"]],
            corrected={s["session_id"]: list(s["corrected"]) for s in item["sessions"]}, heldout=tasks)
    return personas


def clone_bundles(unpacked: Path, key_path: Path, into: Path) -> dict[str, Path]:
    """Each person's repository cloned from its bundle under `into`; a clone already there is kept."""
    data = read_key(key_path)
    roots = {}
    for name, item in data.get("personas", {}).items():
        target = into / name / item["repo"]
        if not (target / ".git").is_dir():
            done = subprocess.run(["git", "clone", "-q", str(unpacked / item["bundle"]), str(target)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                raise ExperimentError(f"cannot clone {item['bundle']}: {done.stderr.strip()}")
        roots[name] = target
    return roots
