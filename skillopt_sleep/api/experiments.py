"""Benchmark experiments from recipe files: a recipe's cells run as nights on a benchmark, swept
over seeds (here or on a Ray cluster), a skill scored, a learned skill carried to another model,
a workload measured; and their reports and charts."""

from __future__ import annotations

from skillopt_sleep.experiments.chart import write_chart
from skillopt_sleep.experiments.ledger import LEDGER_NAME, HeldoutLedger
from skillopt_sleep.experiments.recipe import load_recipe, pick_cell
from skillopt_sleep.experiments.report import write_report
from skillopt_sleep.experiments.report_any import markdown_for, row_kind
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.experiments.score import score_skill
from skillopt_sleep.experiments.sweep import append_row, read_rows, run_sweep
from skillopt_sleep.experiments.sweep_ray import CellJob, run_sweep_ray
from skillopt_sleep.experiments.transfer import run_transfer, run_transfers
from skillopt_sleep.experiments.workload.measure import run_workload, workload_row_kind
from skillopt_sleep.experiments.workload.recipe import load_workload_recipe
from skillopt_sleep.experiments.workload.report import chart_panels as workload_chart_panels
from skillopt_sleep.experiments.workload.report import chart_title as workload_chart_title
from skillopt_sleep.experiments.workload.report import is_workload_row

__all__ = [
    "LEDGER_NAME", "CellJob", "HeldoutLedger", "append_row", "is_workload_row", "load_recipe", "load_workload_recipe",
    "markdown_for", "pick_cell", "read_rows", "row_kind", "run_recipe", "run_sweep", "run_sweep_ray", "run_transfer",
    "run_transfers", "run_workload", "score_skill", "workload_chart_panels", "workload_chart_title", "workload_row_kind",
    "write_chart", "write_report",
]

