"""Workload recipes: which recorded workload, which personas, which student and teacher, the
night's settings and the sampling seeds the held-out requests are scored under."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import ModelChoice, model_choice

KEYS = {"name", "description", "kind", "workload", "personas", "student", "teacher", "config", "test_seeds",
        "seed", "llm_mining", "results"}
KINDS = ("persona", "coding")


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
    )


def _kind(data: dict, path: Path) -> str:
    kind = str(data.get("kind") or "persona")
    if kind not in KINDS:
        raise ExperimentError(f"{path}: 'kind' must be one of {', '.join(KINDS)}, got {kind!r}")
    return kind
