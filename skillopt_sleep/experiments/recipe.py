"""Experiment recipes: YAML files that say which benchmark, which models, how many nights, the
split sizes, the gate, and (for sweeps) the grid of cells. Everything is checked on load; an
unknown key is an error naming the file, never silently ignored."""

from __future__ import annotations

import copy
import hashlib
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from skillopt_sleep.benchmarks import benchmark_names
from skillopt_sleep.benchmarks.base import Carve
from skillopt_sleep.config import SCHEMA
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.records import stable_json

TOP_KEYS = {"name", "description", "benchmark", "split", "nights", "gate", "arm", "seed", "student", "teacher",
            "config", "grid", "transfer", "results", "test_seeds", "heldout", "share_baseline",
            "baseline_from", "revision", "independent_nights"}
# With independent nights each night seed gets sampling seeds of its own, this far apart.
SEED_STRIDE = 1000
# An arm of an experiment: which gate decides (the config keys it sets).
ARMS = {"paired": {"gate.enabled": True, "gate.mode": "paired"},
        "strict": {"gate.enabled": True, "gate.mode": "strict"},
        "off": {"gate.enabled": False}}
MODEL_KEYS = {"backend", "model", "max_tokens", "temperature", "options"}
# Grid axes a sweep may vary, each a path into the recipe.
GRID_AXES = {"benchmark.options": ("benchmark", "options"), "gate": ("gate",), "arm": ("arm",), "seed": ("seed",),
             "nights": ("nights",), "teacher.model": ("teacher", "model"), "student.model": ("student", "model"),
             "student.max_tokens": ("student", "max_tokens")}


@dataclass
class ModelChoice:
    backend: str
    model: str = ""
    max_tokens: int | None = None
    temperature: float | None = None
    options: dict = field(default_factory=dict)

    def label(self) -> str:
        return f"{self.backend}:{self.model}" if self.model else self.backend


@dataclass
class Recipe:
    name: str
    benchmark: str
    benchmark_options: dict
    carve: Carve
    nights: int
    gate: bool
    seed: int
    student: ModelChoice
    teacher: ModelChoice
    config: dict
    grid: dict = field(default_factory=dict)
    transfer: dict = field(default_factory=dict)
    results: str = ""
    description: str = ""
    raw: dict = field(default_factory=dict)
    arm: str = ""  # paired | strict | off; "" = as `gate` and the config say
    test_seeds: list[int] = field(default_factory=lambda: [7])
    heldout: str = ""  # a tasks file scored like the test split; "{seed}" etc. filled from the benchmark options
    share_baseline: bool = False  # baseline scores come from one record shared by the cells that ask for it
    baseline_from: str = ""  # another recipe whose shared baselines (same student, split, seeds) these are
    # Names the engine a recipe's cells ran with: after a change to the engine the same settings
    # are new cells, with their own record, rather than the earlier engine's results resumed.
    revision: str = ""
    # Held-out tasks the benchmark itself generates with these options (a request seed no night
    # used), instead of a tasks file.
    heldout_options: dict = field(default_factory=dict)
    # The night seed also deals the val and train tasks (the test split stays), so independent
    # nights differ in what they learn from as well as in the teacher's sampling.
    split_by_seed: bool = False
    # Each night seed deals its own test / val / train, generates its own held-out requests (the
    # held-out generator's seed plus the night seed) and samples the student under its own seeds, so
    # the nights of a cell are separate measurements, as a user's nights are.
    independent_nights: bool = False

    def sampling_seeds(self) -> list[int]:
        """The student's sampling seeds for every scoring of this cell."""
        if not self.independent_nights:
            return list(self.test_seeds)
        return [seed + SEED_STRIDE * (self.seed + 1) for seed in self.test_seeds]

    def cell_heldout_options(self) -> dict:
        """The held-out generating options of this cell: with independent nights its generator's
        seed is the recipe's plus the night seed, a seed of its own."""
        key = generator_seed_key(self.heldout_options)
        if not self.independent_nights or not key:
            return dict(self.heldout_options)
        # Item i is drawn from item_seed + i: nights step by a whole held-out (its size is checked on load).
        step = heldout_size(self.heldout_options, self.benchmark_options) if key == "item_seed" else 1
        return {**self.heldout_options, key: int(self.heldout_options[key]) + self.seed * step}

    def heldout_path(self) -> str:
        return self.heldout.format(**self.benchmark_options) if self.heldout else ""

    def heldout_label(self) -> str:
        """What the held-out is, for a results row: the file, or the benchmark's generating options."""
        if self.heldout_options:
            options = {**self.benchmark_options, **self.cell_heldout_options()}
            return f"{self.benchmark} generated with " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        return self.heldout_path()

    def cell_params(self) -> dict:
        """What makes a cell's result: the identity that sweeps resume by."""
        split = dict(vars(self.carve), **({"by_seed": True} if self.split_by_seed else {}))
        params = {
            "benchmark": self.benchmark, "options": self.benchmark_options, "split": split,
            "nights": self.nights, "gate": self.gate, "seed": self.seed,
            "student": vars(self.student), "teacher": vars(self.teacher), "config": self.config,
        }
        # Keys added later only enter the identity when set, so earlier results keep their ids.
        if self.arm:
            params["arm"] = self.arm
        if self.test_seeds != [7]:
            params["test_seeds"] = self.test_seeds
        if self.heldout:
            params["heldout"] = self.heldout
        if self.heldout_options:
            params["heldout_options"] = self.heldout_options
        if self.revision:
            params["revision"] = self.revision
        if self.independent_nights:
            params["independent_nights"] = True
        return params

    def cell_id(self) -> str:
        return hashlib.sha256(stable_json(self.cell_params()).encode()).hexdigest()[:12]

    def label(self) -> str:
        option_text = ",".join(f"{k}={v}" for k, v in sorted(self.benchmark_options.items()))
        gate = self.arm or ("on" if self.gate else "off")
        return f"{self.benchmark}[{option_text}] gate={gate} seed={self.seed}"


def model_choice(data: Any, where: str) -> ModelChoice:
    if isinstance(data, str):
        backend, _, model = data.partition(":")
        return ModelChoice(backend=backend, model=model)
    if not isinstance(data, dict):
        raise ExperimentError(f"{where}: expected 'backend:model' or a mapping")
    unknown = set(data) - MODEL_KEYS
    if unknown:
        raise ExperimentError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(MODEL_KEYS))}")
    if not data.get("backend"):
        raise ExperimentError(f"{where}: needs 'backend'")
    return ModelChoice(
        backend=str(data["backend"]), model=str(data.get("model") or ""),
        max_tokens=int(data["max_tokens"]) if data.get("max_tokens") is not None else None,
        temperature=float(data["temperature"]) if data.get("temperature") is not None else None,
        options=dict(data.get("options") or {}),
    )


def _int(data: dict, key: str, default: int, where: str, minimum: int = 0) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ExperimentError(f"{where}: '{key}' must be an integer >= {minimum}, got {value!r}")
    return value


def recipe_from_dict(data: dict, where: str = "recipe") -> Recipe:
    if not isinstance(data, dict):
        raise ExperimentError(f"{where}: a recipe is a mapping")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ExperimentError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(TOP_KEYS))}")
    bench = data.get("benchmark")
    if isinstance(bench, str):
        bench = {"name": bench}
    if not isinstance(bench, dict) or bench.get("name") not in benchmark_names():
        raise ExperimentError(f"{where}: 'benchmark.name' must be one of {', '.join(benchmark_names())}")
    split = data.get("split") or {}
    if not isinstance(split, dict) or set(split) - {"test", "val", "train", "salt", "by_seed"}:
        raise ExperimentError(f"{where}: 'split' takes test, val, train, salt and by_seed")
    if not isinstance(split.get("by_seed", False), bool):
        raise ExperimentError(f"{where}: 'split.by_seed' is true or false")
    carve = Carve(test=_int(split, "test", 5, where), val=_int(split, "val", 5, where),
                  train=_int(split, "train", 5, where, 1), salt=str(split.get("salt", "experiment")))
    config = data.get("config") or {}
    if not isinstance(config, dict):
        raise ExperimentError(f"{where}: 'config' is a mapping of dotted config keys")
    for key in config:
        if key not in SCHEMA:
            raise ExperimentError(f"{where}: 'config' has unknown key {key!r}")
    grid = data.get("grid") or {}
    if not isinstance(grid, dict):
        raise ExperimentError(f"{where}: 'grid' maps an axis to a list of values")
    for axis, values in grid.items():
        if axis not in GRID_AXES:
            raise ExperimentError(f"{where}: grid axis {axis!r} unknown; known: {', '.join(sorted(GRID_AXES))}")
        if not isinstance(values, list) or not values:
            raise ExperimentError(f"{where}: grid axis {axis!r} needs a non-empty list")
    if "student" not in data or "teacher" not in data:
        raise ExperimentError(f"{where}: needs 'student' and 'teacher'")
    gate = data.get("gate", True)
    if not isinstance(gate, bool):
        raise ExperimentError(f"{where}: 'gate' is true or false")
    arm = str(data.get("arm") or "")
    if arm and arm not in ARMS:
        raise ExperimentError(f"{where}: 'arm' must be one of {', '.join(ARMS)}")
    if arm:
        gate = arm != "off"
    test_seeds = data.get("test_seeds", [7])
    if not isinstance(test_seeds, list) or not test_seeds or not all(isinstance(s, int) and not isinstance(s, bool) for s in test_seeds):
        raise ExperimentError(f"{where}: 'test_seeds' is a non-empty list of integers")
    heldout = data.get("heldout") or ""
    heldout_options: dict = {}
    if isinstance(heldout, dict):
        if set(heldout) != {"options"} or not isinstance(heldout["options"], dict) or not heldout["options"]:
            raise ExperimentError(f"{where}: 'heldout' is a tasks file, or {{options: {{...}}}}: the benchmark's own "
                                  "tasks generated with these options")
        heldout_options, heldout = dict(heldout["options"]), ""
    elif not isinstance(heldout, str):
        raise ExperimentError(f"{where}: 'heldout' is a tasks file or a mapping with 'options'")
    independent = data.get("independent_nights", False)
    if not isinstance(independent, bool):
        raise ExperimentError(f"{where}: 'independent_nights' is true or false")
    if independent:
        _check_independent(data, heldout, heldout_options, dict(bench.get("options") or {}), where)
    return Recipe(
        name=str(data.get("name") or "experiment"), description=str(data.get("description") or ""),
        benchmark=bench["name"], benchmark_options=dict(bench.get("options") or {}), carve=carve,
        nights=_int(data, "nights", 3, where, 1), gate=gate, seed=_int(data, "seed", 0, where),
        student=model_choice(data["student"], f"{where}: student"), teacher=model_choice(data["teacher"], f"{where}: teacher"),
        config=dict(config), grid=dict(grid), transfer=dict(data.get("transfer") or {}),
        results=str(data.get("results") or ""), raw=copy.deepcopy(data), arm=arm, test_seeds=list(test_seeds),
        heldout=heldout, heldout_options=heldout_options, split_by_seed=bool(split.get("by_seed", False)) or independent,
        independent_nights=independent,
        share_baseline=bool(data.get("share_baseline", False) or data.get("baseline_from")),
        baseline_from=str(data.get("baseline_from") or ""), revision=str(data.get("revision") or ""),
    )


def _check_independent(data: dict, heldout: str, heldout_options: dict, benchmark_options: dict, where: str) -> None:
    """Independent nights need a student that samples (else its seeds change nothing) and a
    held-out each night can generate afresh (a fixed file would be the same held-out every night)."""
    student = data.get("student")
    temperature = student.get("temperature") if isinstance(student, dict) else None
    if not isinstance(temperature, (int, float)) or isinstance(temperature, bool) or temperature <= 0:
        raise ExperimentError(f"{where}: 'independent_nights' needs a student temperature above 0, so its "
                              "sampling seeds change its answers")
    if heldout:
        raise ExperimentError(f"{where}: 'independent_nights' generates each night's held-out: give 'heldout' as "
                              "{options: {request_seed: N, ...}}, not a tasks file")
    if heldout_options and not generator_seed_key(heldout_options):
        raise ExperimentError(f"{where}: 'independent_nights' needs the held-out generator's seed "
                              f"({' or '.join('heldout.options.' + k for k in GENERATOR_SEED_KEYS)}), the base of "
                              "each night's own seed")
    if generator_seed_key(heldout_options) == "item_seed" and not heldout_size(heldout_options, benchmark_options):
        raise ExperimentError(f"{where}: 'independent_nights' with 'heldout.options.item_seed' needs the held-out's "
                              "'tasks': item i is drawn from the seed plus i, so each night's seed steps by that many")


# The option that seeds a benchmark's generator of held-out requests: one seed draws all the
# requests (`request_seed`), or item i is drawn from the seed plus i (`item_seed`, reasoning-gym).
GENERATOR_SEED_KEYS = ("request_seed", "item_seed")


def generator_seed_key(options: dict) -> str:
    return next((key for key in GENERATOR_SEED_KEYS if key in options), "")


def heldout_size(heldout_options: dict, benchmark_options: dict) -> int:
    """How many requests a generated held-out has (its own 'tasks', else the benchmark's); 0 when
    neither says and the benchmark's default decides."""
    return int(heldout_options.get("tasks") or benchmark_options.get("tasks") or 0)


def load_recipe(path: Path) -> Recipe:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ExperimentError(f"cannot read recipe {path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ExperimentError(f"{path}: malformed YAML: {exc}") from None
    return recipe_from_dict(data, str(path))


def expand_grid(recipe: Recipe) -> list[Recipe]:
    """One recipe per grid cell (the recipe itself when there is no grid), in grid order."""
    if not recipe.grid:
        return [recipe]
    axes = list(recipe.grid)
    cells = []
    for values in itertools.product(*(recipe.grid[a] for a in axes)):
        data = copy.deepcopy(recipe.raw)
        data.pop("grid", None)
        for axis, value in zip(axes, values):
            path = GRID_AXES[axis]
            target = data
            for step in path[:-1]:
                if isinstance(target.get(step), str):
                    target[step] = {"name": target[step]} if step == "benchmark" else _split_model(target[step])
                target = target.setdefault(step, {})
            target[path[-1]] = value
        cells.append(recipe_from_dict(data, f"{recipe.name} cell {dict(zip(axes, values))}"))
    return cells


def _split_model(text: str) -> dict:
    backend, _, model = text.partition(":")
    return {"backend": backend, "model": model}


def pick_cell(recipe: Recipe, options: dict) -> Recipe:
    """The first cell whose benchmark options include `options` (a recipe without a grid is its
    own cell)."""
    cells = expand_grid(recipe)
    for cell in cells:
        if all(str(cell.benchmark_options.get(k)) == str(v) for k, v in options.items()):
            return cell
    choices = sorted({",".join(f"{k}={v}" for k, v in c.benchmark_options.items()) for c in cells})
    raise ExperimentError(f"no cell of {recipe.name} has benchmark options {options}; choose from: {'; '.join(choices)}")
