"""The Markdown of any results file, by the kind of its rows: transfer, workload, coding workload,
or experiment cells. One place, so the report a person reads and the figures the docs cite are
rendered alike."""

from __future__ import annotations

from skillopt_sleep.experiments.report import render_markdown
from skillopt_sleep.experiments.report_stats import name_teachers
from skillopt_sleep.experiments.report_transfer import is_transfer_row, render_transfer_markdown


def row_kind(rows: list[dict]) -> str:
    if is_transfer_row(rows[0]):
        return "transfer"
    return rows[0].get("kind") or "cells"


def markdown_for(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    kind = row_kind(rows)
    if kind == "transfer":
        return render_transfer_markdown(rows, title)
    if kind in ("workload", "coding-workload"):
        from skillopt_sleep.experiments.workload.report import render_workload_markdown

        return render_workload_markdown(rows, title, chart_name)
    return render_markdown(name_teachers(rows), title, chart_name)
