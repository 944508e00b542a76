"""Benchmark adapters behind one interface (see `base.Benchmark`), found by name in the
`skillopt_sleep.benchmarks` entry-point group. An adapter is imported only when it is used, so
its optional dependency (openpyxl for SpreadsheetBench) matters only then."""

from __future__ import annotations

from typing import Any

from skillopt_sleep.backends.entrypoints import ExtensionGroup
from skillopt_sleep.benchmarks.base import Benchmark, Carve, carve_splits
from skillopt_sleep.errors import BenchmarkError

# An entry is a loader that takes an options dict and returns a Benchmark.
BENCHMARKS = ExtensionGroup("skillopt_sleep.benchmarks", "benchmark", BenchmarkError)


def benchmark_names() -> list[str]:
    return BENCHMARKS.names()


def load_benchmark(name: str, options: dict[str, Any] | None = None) -> Benchmark:
    return BENCHMARKS.load(name)(dict(options or {}))


__all__ = ["Benchmark", "Carve", "benchmark_names", "carve_splits", "load_benchmark"]
