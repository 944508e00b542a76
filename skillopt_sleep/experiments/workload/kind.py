"""What one workload kind gives the one pipeline (measure.py), and the row it measures. A kind is
the few things that truly differ between workloads: how the recorded sessions are restored, how
the answer key is read, where a person's machine keeps its skill, how the mined tasks and the
held-out requests are judged against the key, and the line of progress a measured person gives."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from skillopt_sleep.backends.base import Backend
from skillopt_sleep.config import Config, load_config
from skillopt_sleep.experiments.run import backend_for
from skillopt_sleep.experiments.workload.pipeline import Machine, PersonaRun, Restored
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.records import Task


@dataclass
class WorkloadRow:
    cell_id: str  # recipe/persona: what `experiment report` reads rows by
    kind: str
    recipe: str
    persona: str
    student: str
    teacher: str
    sessions: dict  # learning / held-out sessions recorded, hook rows replayed
    ingest: dict
    mining: dict  # the miner's own counts
    mining_score: dict  # the mined checks against the answer key
    funnel: dict  # per stage, the preferences (conventions) still carried
    night: dict
    heldout: dict
    calls: dict
    wall_s: dict
    test_seeds: list[int] = field(default_factory=list)
    finished_at: str = ""
    provenance: dict = field(default_factory=dict)  # commit, seeds, calls from the record (experiments.provenance)
    night_seed: int | None = None
    arm: str = ""  # `guardrails`: adopted or prose; "" where the recipe names no arm (the skill's text alone)
    request_seed: int | None = None  # the fresh held-out requests' seed; None: the key's own list

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class HeldoutPlan:
    """What a night's held-out scoring measures: the requests (None: the key's own list), the
    student's sampling seeds, the arm, and where the scoring's calls are recorded."""

    seeds: list[int]
    tasks: list[Task] | None = None
    arm: str = ""
    request_seed: int | None = None
    label: str = ""  # the fresh held-out, as the ledger names it
    viewed: bool = False  # the ledger shows it scored before (allowed only when asked for)
    tag: str = ""  # the call record's tag of this night's scoring; "" : the kind's own


@dataclass(frozen=True)
class Night:
    """A person's measured night: the run through the product, the tasks it mined from their
    sessions, the skill its proposal would install (the starting skill where none), and what its
    held-out scoring measures."""

    run: PersonaRun
    mined: list[Task]
    after_skill: str
    plan: HeldoutPlan | None = None


@dataclass
class Judged:
    """The parts of a row that a kind judges against its key; `calls`: the held-out scoring's, in
    the order they were made."""

    sessions: dict
    mining: dict
    mining_score: dict
    funnel: dict
    night: dict
    heldout: dict
    calls: list[dict]


@dataclass(frozen=True)
class WorkloadKind:
    row_kind: str  # the rows' kind, what `experiment report` renders them by
    schedule_name: str  # the scheduled night's name on the person's machine
    restore: Callable[[Path, Path], Restored]  # (workload, work folder)
    load_keys: Callable[[Path, Restored], dict[str, Any]]  # (key file, restored): person -> key
    machine: Callable[[Restored, str, str, Path], Machine]  # (restored, person, skill, work folder)
    judge: Callable[[WorkloadRecipe, Restored, Any, Night], Judged]
    progress: Callable[[WorkloadRow], str]


def edit_texts(night: dict) -> list[str]:
    """The texts of the edits that landed in the night's rounds."""
    return [str(o["edit"].get("text") or "") for r in night.get("rounds", []) for o in r.get("outcomes", []) if o.get("landed")]


def night_summary(night: dict, after_skill: str, seed_skill: str) -> dict:
    """What a row keeps of the night's report."""
    return {"decision": night.get("decision"), "val_before": night.get("val_before"), "val_after": night.get("val_after"),
            "proposal_id": night.get("proposal_id"), "split": night.get("split") or {},
            "kept_rules": [r.get("edit", {}).get("text", "") for r in night.get("kept_rules", [])],
            "edits_tried": edit_texts(night), "refused": [x for r in night.get("rounds", []) for x in r.get("refused", [])],
            "notes": night.get("notes", []), "skill_changed": after_skill != seed_skill, "after_skill": after_skill}


def heldout_student(recipe: WorkloadRecipe, run: PersonaRun, person: str, cwd: Path) -> tuple[Config, Backend]:
    """The config the held-out scoring runs under (the person's store, the recipe's settings) and
    the recipe's student backend with the person's options."""
    config = load_config(env={}, cwd=cwd).with_overrides({"store.path": str(run.store_path), **recipe.config}, "recipe")
    choice = recipe.student
    return config, backend_for(type(choice)(**{**vars(choice), "options": recipe.options(choice, person)}), config, "student")
