"""What produced a results row: the source commit (and whether the tree had uncommitted
changes), the engine revision the recipe names, the night seeds, and how many of the row's
calls were answered from an earlier record instead of sent to a model."""

from __future__ import annotations

import subprocess
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class SourceState:
    commit: str  # "" where the engine does not run from a git checkout
    dirty: bool  # the checkout had uncommitted changes, so the commit alone does not name the code


@cache
def source_state(root: Path = SOURCE_ROOT) -> SourceState:
    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=20, check=True)
        return done.stdout.strip()

    try:
        commit = git("rev-parse", "HEAD")
        dirty = bool(git("status", "--porcelain", "--untracked-files=no", "--", "skillopt_sleep"))
    except (OSError, subprocess.SubprocessError):
        return SourceState("", False)
    return SourceState(commit, dirty)


@dataclass
class Provenance:
    commit: str
    dirty: bool
    revision: str
    night_seed: int
    night_seeds: list[int] = field(default_factory=list)  # the night.seed of each night the row ran
    calls_sent: int = 0
    calls_from_record: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def provenance(revision: str, night_seed: int, calls: dict, night_seeds: list[int] | None = None) -> dict:
    state = source_state()
    return Provenance(commit=state.commit, dirty=state.dirty, revision=revision, night_seed=night_seed,
                      night_seeds=list(night_seeds or []), calls_sent=int(calls.get("calls", 0)),
                      calls_from_record=int(calls.get("cached", 0))).to_dict()
