"""What produced a results row: the source commit (and whether the tree had uncommitted
changes), the engine revision the recipe names, the night seeds, the student's sampling seeds,
how many of the row's calls were answered from an earlier record instead of sent to a model, and
the weights the local models were verified against. The results writer refuses a row without it."""

from __future__ import annotations

import subprocess
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from skillopt_sleep.errors import ExperimentError

SOURCE_ROOT = Path(__file__).resolve().parents[2]
# What a row must say about how it was produced; a row without one of them is refused.
REQUIRED = ("commit", "dirty", "revision", "night_seeds", "sampling_seeds", "calls_sent", "calls_from_record",
            "model_sha256")


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
    sampling_seeds: list[int] = field(default_factory=list)  # the student's seeds of every scoring
    calls_sent: int = 0
    calls_from_record: int = 0
    model_sha256: dict = field(default_factory=dict)  # role -> verified weights hash (local models only)
    engine_version: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def provenance(revision: str, night_seed: int, calls: dict, night_seeds: list[int] | None = None, *,
               sampling_seeds: list[int], model_sha256: dict | None = None) -> dict:
    from skillopt_sleep import __version__

    state = source_state()
    return Provenance(commit=state.commit, dirty=state.dirty, revision=revision, night_seed=night_seed,
                      night_seeds=list(night_seeds or []), sampling_seeds=list(sampling_seeds),
                      calls_sent=int(calls.get("calls", 0)), calls_from_record=int(calls.get("cached", 0)),
                      model_sha256=dict(model_sha256 or {}), engine_version=__version__).to_dict()


def known_weights(roles: dict) -> dict[str, str]:
    """{role: sha256} for the roles a recipe gives a packaged local model ({role: ModelChoice}): such
    a model is loaded only once its weights match that digest, wherever the night runs. A model the
    recipe points at by path has no digest to name."""
    from skillopt_sleep.backends.localmodel import known_models

    models = known_models()
    return {role: models[choice.model].sha256 for role, choice in roles.items()
            if choice.backend == "local" and choice.model in models and not choice.options.get("model_path")}


def missing_provenance(row: dict) -> list[str]:
    """What a row lacks of its provenance ([] when complete); a commit may be missing only where
    the engine ran from an installed package, whose version then names it."""
    made = row.get("provenance")
    if not isinstance(made, dict):
        return ["provenance"]
    missing = [key for key in REQUIRED if key not in made]
    if "commit" not in missing and not made["commit"] and not made.get("engine_version"):
        missing.append("commit")
    return missing


def require_provenance(row: dict) -> None:
    missing = missing_provenance(row)
    if missing:
        raise ExperimentError(f"a results row must say what produced it; this one lacks {', '.join(missing)}")


def verified(row: dict) -> bool:
    """A row whose figures can be traced: complete provenance on a clean tree."""
    return not missing_provenance(row) and not row["provenance"].get("dirty")
