"""Every figure the README's "Measured" paragraph and docs/results.md's headline state is found in
the report rendered now from the rows its clause links, and a clause whose rows cannot be traced
to what produced them says "unverified"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skillopt_sleep.experiments.provenance import verified
from skillopt_sleep.experiments.report_any import markdown_for
from skillopt_sleep.experiments.sweep import read_rows

REPO = Path(__file__).resolve().parents[1]
# A decimal or a count (3/108), signed or not; a model size (0.5B, 1.5B) is a name, not a figure.
FIGURE = re.compile(r"(?<![\w.])[+\-−]?\d+(?:\.\d+|/\d+)(?![\w.])")
ROWS_LINK = re.compile(r"experiments/results/([\w.-]+)\.(?:md|jsonl)")


def figures(text: str) -> list[str]:
    return [f.replace("−", "-") for f in FIGURE.findall(text)]


def measured_clauses() -> list[tuple[str, str]]:
    """(what precedes the clause in its paragraph, the clause)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    parts = next(line for line in readme.splitlines() if line.startswith("**Measured**")).split(";")
    return [(";".join(parts[:i]), c) for i, c in enumerate(parts) if c.strip()]


def headline_clauses() -> list[tuple[str, str]]:
    text = (REPO / "docs" / "results.md").read_text(encoding="utf-8")
    section = text.split("## Headline", 1)[1].split("\n## ", 1)[0]
    return [("", item) for item in re.split(r"\n- ", section)[1:]]


def rendered(stem: str) -> tuple[str, list[dict]]:
    rows = read_rows(REPO / "experiments" / "results" / f"{stem}.jsonl")
    assert rows, f"{stem}.jsonl has no rows"
    return markdown_for(rows, stem), rows


@pytest.mark.parametrize("before, clause", measured_clauses() + headline_clauses())
def test_every_stated_figure_is_in_the_report_of_the_rows_its_clause_links(before, clause):
    stated = figures(clause)
    if not stated:
        return
    stems = ROWS_LINK.findall(clause)
    assert stems, f"figures {stated} without rows: {clause.strip()[:120]}"
    reports = [rendered(stem) for stem in stems]
    text = "\n".join(markdown for markdown, _ in reports)
    missing = [f for f in stated if f not in text]
    assert not missing, f"{missing} are in no report of {stems}: {clause.strip()[:120]}"
    rows = [row for _, group in reports for row in group]
    if not all(verified(row) for row in rows):
        assert "unverified" in before + clause, f"rows without provenance, not called unverified: {clause[:120]}"


@pytest.mark.parametrize("clause", [c for _, c in headline_clauses()])
def test_a_headline_stands_only_on_verified_rows_scored_on_a_held_out_nobody_had_seen(clause):
    for stem in ROWS_LINK.findall(clause):
        _, rows = rendered(stem)
        assert all(verified(row) for row in rows), f"{stem}: a row without full provenance in the headline"
        assert not any((row.get("heldout") or {}).get("viewed") for row in rows), f"{stem}: a viewed held-out"
        assert all((row.get("heldout") or {}).get("ledger") for row in rows), f"{stem}: a held-out outside the ledger"


def test_the_readme_keeps_its_first_two_commands():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert lines[3].startswith("bash scripts/demo.sh") and lines[4].startswith("bash scripts/test.sh")
