"""Workload recipes: which recorded workload, which personas, which student and teacher, the
night's settings and the sampling seeds the held-out requests are scored under."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import SEED_STRIDE, ModelChoice, model_choice

KEYS = {"name", "description", "kind", "workload", "personas", "student", "teacher", "config", "test_seeds",
        "seed", "llm_mining", "results", "night_seeds", "heldout", "independent_nights", "guardrails"}
KINDS = ("persona", "coding")
ARMS = ("adopted", "prose")  # the night's guardrails installed as adopt installs them, or its SKILL.md lines only


@dataclass
class WorkloadRecipe:
    name: str
    workload: Path
    student: ModelChoice
    teacher: ModelChoice
    personas: list[str] = field(default_factory=list)  # empty: every persona of the answer key
    config: dict = field(default_factory=dict)  # dotted config keys for the night and the scoring
    test_seeds: list[int] = field(default_factory=lambda: [0, 1, 2])
    seed: int = 0  # the night's sampling seed
    llm_mining: bool = False
    results: str = ""
    description: str = ""
    kind: str = "persona"  # persona: text sessions (answerkey); coding: repo sessions (codingkey)
    night_seeds: list[int] = field(default_factory=list)  # one night per seed, each a row; empty: `seed` alone
    # Fresh held-out requests (coding): {request_seed: N, requests: K}; empty: the key's own list.
    heldout: dict = field(default_factory=dict)
    # Each night seed draws its own requests (request_seed + night seed) and samples under its own seeds.
    independent_nights: bool = False
    arms: list[str] = field(default_factory=list)  # `guardrails`: each night measured under each arm

    def nights(self) -> list[int]:
        return list(self.night_seeds) or [self.seed]

    def with_nights(self, night_seeds: list[int]) -> "WorkloadRecipe":
        """The recipe with these night seeds in place of its own: a night whose held-out scoring
        was cut short keeps its request seed taken in the ledger, so a further seed stands in for it."""
        if not self.night_seeds:
            raise ExperimentError(f"recipe {self.name} has no night_seeds: a night seed can only replace one of them")
        return replace(self, night_seeds=list(night_seeds))

    def for_night(self, night_seed: int) -> "WorkloadRecipe":
        """The recipe of one night: its seed is the night's."""
        return replace(self, seed=night_seed)

    def request_seed(self) -> int | None:
        """The seed this night's fresh held-out requests are drawn by; None: the key's own list."""
        if not self.heldout:
            return None
        base = int(self.heldout["request_seed"])
        return base + self.seed if self.independent_nights else base

    def sampling_seeds(self) -> list[int]:
        """The student's seeds for this night's held-out scoring, a set of its own per independent night."""
        if not self.independent_nights:
            return list(self.test_seeds)
        return [seed + SEED_STRIDE * (self.seed + 1) for seed in self.test_seeds]

    def night_cell(self, persona: str) -> str:
        """The night's measurement of one person: what the held-out ledger records it by."""
        return f"{self.name}/{persona}" + (f"/night-{self.seed}" if self.night_seeds else "")

    def cell_id(self, persona: str, arm: str = "") -> str:
        """One row: the night's measurement under one arm."""
        return self.night_cell(persona) + (f"/{arm}" if arm else "")

    def night_args(self, persona: str) -> list[str]:
        """The CLI flags that give `skillopt-sleep run` this recipe's models and settings."""
        args = ["--student", self.student.label(), "--teacher", self.teacher.label(), "--set", f"night.seed={self.seed}"]
        for role, choice in (("student", self.student), ("teacher", self.teacher)):
            for key in ("max_tokens", "temperature"):
                if getattr(choice, key) is not None:
                    args += ["--set", f"{role}.{key}={getattr(choice, key)}"]
            for key, value in self.options(choice, persona).items():
                args += ["--set", f"{choice.backend}.{key}={value}"]
        for key, value in self.config.items():
            args += ["--set", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
        return args

    @staticmethod
    def options(choice: ModelChoice, persona: str) -> dict:
        """A model's options with `{persona}` filled in (the scripted models are per persona), and
        a file named relative to where the recipe runs made absolute: the verbs run elsewhere."""
        filled = {k: v.format(persona=persona) if isinstance(v, str) else v for k, v in choice.options.items()}
        return {k: str(Path(v).resolve()) if isinstance(v, str) and Path(v).is_file() else v for k, v in filled.items()}


def load_workload_recipe(path: Path) -> WorkloadRecipe:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ExperimentError(f"cannot read recipe {path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ExperimentError(f"{path}: malformed YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ExperimentError(f"{path}: a recipe is a mapping")
    unknown = set(data) - KEYS
    if unknown:
        raise ExperimentError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(KEYS))}")
    for key in ("name", "workload", "student", "teacher"):
        if not data.get(key):
            raise ExperimentError(f"{path}: needs '{key}'")
    seeds = data.get("test_seeds", [0, 1, 2])
    if not isinstance(seeds, list) or not seeds or not all(isinstance(s, int) for s in seeds):
        raise ExperimentError(f"{path}: 'test_seeds' must be a non-empty list of integers")
    return WorkloadRecipe(
        name=str(data["name"]), workload=Path(data["workload"]), student=model_choice(data["student"], f"{path}: student"),
        teacher=model_choice(data["teacher"], f"{path}: teacher"), personas=list(data.get("personas") or []),
        config=dict(data.get("config") or {}), test_seeds=seeds, seed=int(data.get("seed", 0)),
        llm_mining=bool(data.get("llm_mining", False)), results=str(data.get("results") or ""),
        description=str(data.get("description") or ""), kind=_kind(data, path),
        night_seeds=_ints(data, "night_seeds", path), heldout=_heldout(data, path),
        independent_nights=_independent(data, path), arms=_arms(data, path),
    )


def _kind(data: dict, path: Path) -> str:
    kind = str(data.get("kind") or "persona")
    if kind not in KINDS:
        raise ExperimentError(f"{path}: 'kind' must be one of {', '.join(KINDS)}, got {kind!r}")
    return kind


def _ints(data: dict, key: str, path: Path) -> list[int]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ExperimentError(f"{path}: '{key}' must be a list of integers")
    if len(set(value)) != len(value):
        raise ExperimentError(f"{path}: '{key}' names a seed twice")
    return value


def _heldout(data: dict, path: Path) -> dict:
    heldout = data.get("heldout")
    if heldout is None:
        return {}
    if data.get("kind") != "coding":
        raise ExperimentError(f"{path}: 'heldout' draws fresh requests for kind coding only")
    if not isinstance(heldout, dict) or set(heldout) != {"request_seed", "requests"} or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in heldout.values()) or heldout["requests"] < 1:
        raise ExperimentError(f"{path}: 'heldout' is {{request_seed: N, requests: K}} with integers, K at least 1")
    return dict(heldout)


def _independent(data: dict, path: Path) -> bool:
    """Independent nights draw each night's held-out afresh: they need `heldout` and a student that
    samples; several nights on one request seed would score one held-out again and are refused."""
    independent = data.get("independent_nights", False)
    if not isinstance(independent, bool):
        raise ExperimentError(f"{path}: 'independent_nights' is true or false")
    if independent and not data.get("heldout"):
        raise ExperimentError(f"{path}: 'independent_nights' needs 'heldout: {{request_seed: N, requests: K}}', the "
                              "base of each night's own request seed")
    student = data.get("student")
    temperature = student.get("temperature") if isinstance(student, dict) else None
    if independent and (not isinstance(temperature, (int, float)) or temperature <= 0):
        raise ExperimentError(f"{path}: 'independent_nights' needs a student temperature above 0, so its sampling "
                              "seeds change its answers")
    if data.get("heldout") and len(data.get("night_seeds") or []) > 1 and not independent:
        raise ExperimentError(f"{path}: several night seeds on one request seed would score one held-out again: "
                              "set 'independent_nights: true'")
    return independent


def _arms(data: dict, path: Path) -> list[str]:
    value = data.get("guardrails")
    if value is None:
        return []
    if data.get("kind") != "coding":
        raise ExperimentError(f"{path}: 'guardrails' arms are for kind coding only")
    arms = [value] if isinstance(value, str) else value
    if not isinstance(arms, list) or not arms or any(a not in ARMS for a in arms) or len(set(arms)) != len(arms):
        raise ExperimentError(f"{path}: 'guardrails' is {' or '.join(ARMS)}, or a list of both")
    return list(arms)
