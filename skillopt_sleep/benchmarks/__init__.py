"""Benchmark adapters behind one interface (see `base.Benchmark`). Modules load lazily so that
an adapter's optional dependency (openpyxl for SpreadsheetBench) matters only when it is used."""

from __future__ import annotations

import importlib
from typing import Any

from skillopt_sleep.benchmarks.base import Benchmark, Carve, carve_splits
from skillopt_sleep.errors import BenchmarkError

ADAPTERS: dict[str, str] = {
    "gbrain": "skillopt_sleep.benchmarks.gbrain:load",
    "personas": "skillopt_sleep.benchmarks.personas:load",
    "searchqa": "skillopt_sleep.benchmarks.searchqa:load",
    "livemath": "skillopt_sleep.benchmarks.livemath:load",
    "spreadsheet": "skillopt_sleep.benchmarks.spreadsheet:load",
}


def load_benchmark(name: str, options: dict[str, Any] | None = None) -> Benchmark:
    target = ADAPTERS.get(name)
    if target is None:
        raise BenchmarkError(f"unknown benchmark {name!r}; known: {', '.join(sorted(ADAPTERS))}")
    module_name, func = target.split(":")
    return getattr(importlib.import_module(module_name), func)(dict(options or {}))


__all__ = ["ADAPTERS", "Benchmark", "Carve", "carve_splits", "load_benchmark"]
