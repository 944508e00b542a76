"""Every figure docs/results.md and the README's "Measured" paragraph state is what the committed
result files say.

A figure is a decimal or a count written N/M (3/108), signed or not; a model size (0.5B) is a name,
a figure after ≥, ≤, < or > is a target, and counts in words ("8 of 8") and bare integers are not
parsed. A figure is found in a text when the text writes it (not as the head of a longer number) or
holds a number within half a unit of its last place (0.7883 is 0.79). A figure is looked up anywhere
in its evidence, not beside its name, so this catches figures no file holds, not a figure swapped
with another the same file holds.

README "Measured" and the results headline: each clause links rows (`experiments/results/<stem>`),
each figure is in the report rendered now from them (`markdown_for`), a clause whose rows lack
provenance says "unverified", and a headline stands only on verified rows scored on an unviewed,
ledgered held-out.

The rest of docs/results.md, read as paragraphs, list items (a nested item on its own) and table
rows; a clause's evidence is what it links, a file in experiments/results named by path or bare name:
  - a report or rows file whose `<stem>.jsonl` holds rows a report renders: that report, rendered
    now, and the figures `derived_figures` takes from the rows (the one place for what a report
    does not print);
  - any other result file (a bench's JSONL such as corrections-reader.jsonl, a script's JSON or the
    Markdown it wrote such as coding-funnel-noor.md or false-accept.md, a report of rows scored
    alone, kind "score"): the file's text.
A clause that links nothing takes the links of the list item it sits in, else of its section's
intro (what the section says before its first list item, tables included). Where none of those
links a file, the clause or that intro must name the command that printed the figures, backquoted
(`python bench/...` or `python experiments/...`): the speed benches write no rows. A sentence that
says "(not reproducible from the committed rows)" is marked as such and its figures are not looked
up. The section under "## Headline" is checked by the stricter rule above instead.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

import pytest

from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.provenance import verified
from skillopt_sleep.experiments.report_any import markdown_for, row_kind
from skillopt_sleep.experiments.sweep import read_rows

REPO = Path(__file__).resolve().parents[1]
# A decimal or a count (3/108), signed or not, a sentence's full stop after it allowed.
FIGURE = re.compile(r"(?<![\w.])[+\-−]?\d+(?:\.\d+|/\d+)(?!\w|\.\d)")
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


@lru_cache(maxsize=None)
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
        assert all(ledgered(row) for row in rows), f"{stem}: a held-out outside the ledger"


def ledgered(row: dict) -> bool:
    """The row says its held-out was claimed in the ledger, or the ledger holds its cell's claim of
    that held-out (transfer rows written before they said so)."""
    heldout = row.get("heldout") or {}
    if heldout.get("ledger"):
        return True
    claims = HeldoutLedger(REPO / "experiments" / "results" / "heldout-ledger.jsonl").entries()
    return any(e.cell_id == row.get("cell_id") and e.heldout == heldout.get("file") for e in claims)


def test_the_readme_keeps_its_first_two_commands():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert lines[3].startswith("bash scripts/demo.sh") and lines[4].startswith("bash scripts/test.sh")


# --- The rest of docs/results.md (the rule is in the module docstring) ---------------------------

RESULTS = REPO / "experiments" / "results"
NOT_REPRODUCIBLE = "(not reproducible from the committed rows)"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`*])")
RESULT_FILE = re.compile(r"(?<![\w.-])(?:experiments/results/)?([\w.-]+\.(?:md|jsonl|json))(?![\w.-])")
COMMAND = re.compile(r"`python (?:bench|experiments)/[\w/.-]+\.py[^`]*`")
TARGET = re.compile(r"(?<!-)[≥≤<>]\s*$")
NUMBER = re.compile(r"(?<![\w.])[+\-−]?\d+(?:\.\d+)?(?!\w|\.\d)")


@dataclass
class Clause:
    section: str
    text: str
    parent: str  # the list item a nested item sits in, else ""
    intro: list = field(default_factory=list)  # the section's blocks before its first list item, shared

    @property
    def intro_text(self) -> str:
        return "\n".join(block.text for block in self.intro)


def doc_clauses() -> list[Clause]:
    """Paragraphs, list items (each nested item on its own) and table rows outside the headline."""
    text = (REPO / "docs" / "results.md").read_text(encoding="utf-8")
    clauses: list[Clause] = []
    section, intro, in_list, current = "", [], False, None
    parents: dict[int, Clause] = {}
    for line in text.splitlines():
        item = re.match(r"^(\s*)- ", line)
        if line.startswith("#"):
            section, intro, in_list, current = line, [], False, None
        elif not line.strip() or re.fullmatch(r"\|[\s|:-]+\|", line.strip()):
            current = None
        elif item:
            depth = len(item.group(1))
            in_list = True
            parent = next((parents[d].text for d in sorted(parents, reverse=True) if d < depth), "")
            current = Clause(section, line, parent, intro)
            parents = {d: c for d, c in parents.items() if d < depth} | {depth: current}
            clauses.append(current)
        elif current is not None and not line.startswith("|"):
            current.text += "\n" + line
        else:
            current = Clause(section, line, "", intro)
            clauses.append(current)
            intro += [] if in_list else [current]
            current = None if line.startswith("|") else current
    return [clause for clause in clauses if clause.section != "## Headline"]


def measures(text: str) -> list[str]:
    return [m.group().replace("−", "-") for m in FIGURE.finditer(text) if not TARGET.search(text[: m.start()])]


def linked_files(text: str) -> list[str]:
    return [name for name in dict.fromkeys(RESULT_FILE.findall(text)) if (RESULTS / name).is_file()]


def row_stem(name: str) -> str | None:
    """The stem whose rows a report renders, when the named file is that report or the rows; rows
    of skills scored alone (kind "score") have no renderer, so their file's text is the evidence."""
    path = RESULTS / f"{name.rsplit('.', 1)[0]}.jsonl"
    first = path.read_text(encoding="utf-8").split("\n", 1)[0] if path.is_file() else ""
    if '"cell_id"' not in first or row_kind([json.loads(first)]) == "score":
        return None
    return path.stem


def derived_figures(rows: list[dict]) -> list[str]:
    """Figures the rows hold that no report prints: a held-out arm's passes over its episodes as a
    count (the coding workload's report prints the rate 0.00 of "3 × 3", the text says 0/9)."""
    stats = [(row.get("heldout") or {}).get("stats") or {} for row in rows]
    metrics = [metric for figures in stats for metric in figures.values() if isinstance(metric, dict)]
    arms = [arm for metric in metrics for arm in metric.values() if isinstance(arm, dict)]
    return [f"{arm['passed']}/{arm['units']}" for arm in arms if {"passed", "units"} <= arm.keys()]


def evidence(names: list[str]) -> str:
    texts = []
    for name in names:
        stem = row_stem(name)
        if stem:
            markdown, rows = rendered(stem)
            texts += [markdown, *derived_figures(rows)]
        else:
            texts.append((RESULTS / name).read_text(encoding="utf-8"))
    return "\n".join(texts)


def found(figure: str, text: str) -> bool:
    """Written as stated (not as the head of a longer number), or a number in the text within half a
    unit of the figure's last place (0.7883 is 0.79; 0.955, itself rounded, is 0.95 or 0.96)."""
    if re.search(rf"(?<![\w.]){re.escape(figure)}(?!\w|\.\d)", text):
        return True
    if "/" in figure:
        return False
    half = Decimal(5).scaleb(-len(figure.partition(".")[2]) - 1)
    target = Decimal(figure)
    for number in NUMBER.findall(text.replace("−", "-")):
        value = Decimal(number)
        if abs(value - target) <= half or (figure[0].isdigit() and abs(abs(value) - target) <= half):
            return True
    return False


@pytest.mark.parametrize(
    "clause", [c for c in doc_clauses() if measures(c.text)], ids=lambda c: c.text.strip()[:50]
)
def test_every_figure_outside_the_headline_is_in_what_its_clause_links(clause):
    sentences = SENTENCE_END.split(" ".join(clause.text.split()))
    stated = [f for sentence in sentences if NOT_REPRODUCIBLE not in sentence for f in measures(sentence)]
    names = linked_files(clause.text) or linked_files(clause.parent) or linked_files(clause.intro_text)
    if not names:
        command = COMMAND.search(clause.text + clause.intro_text)
        assert command, f"figures with no rows and no command: {clause.text[:120]}"
        return
    text = evidence(names)
    missing = [f for f in stated if not found(f, text)]
    assert not missing, f"{missing} are in none of {names}: {clause.text.strip()[:160]}"


def test_the_clause_reader_sees_every_table_row_and_nested_item():
    clauses = doc_clauses()
    assert any(c.text.startswith("| behaviour + pattern, no model | correction recall") for c in clauses)
    nested = next(c for c in clauses if c.text.lstrip().startswith("- maya"))
    assert "coding-workload-local.md" in nested.parent
    speed = next(c for c in clauses if c.text.startswith("- First ingest: redaction"))
    assert "`python bench/mining.py" in speed.intro_text and not speed.parent
    assert not any(c.section == "## Headline" for c in clauses)


def test_a_figure_is_found_rounded_but_not_near():
    assert found("+0.08", "effect +0.083") and found("0.79", '"correction recall": 0.7883')
    assert found("0.95", "0.955") and found("0.96", "0.955") and found("0.0156", "p 0.0156 (6↑")
    assert not found("0.93", '"correction recall": 0.9197') and not found("-0.08", "effect +0.083")
    assert not found("0.99", "0.9951") and not found("3/10", "3/108") and not found("0.5", "the 0.5B")
    assert measures("recall 0.95 (target ≥ 0.9)") == ["0.95"]
