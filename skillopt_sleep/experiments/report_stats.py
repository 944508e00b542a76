"""The statistical sections of an experiment report: per cell, the hard score before and after
with 95% intervals, the paired comparison per sampling seed with raw counts, the same on the
recipe's own held-out, and each kept rule with its measured effect."""

from __future__ import annotations

from skillopt_sleep.experiments.provenance import verified
from skillopt_sleep.records import Edit


def series_name(row: dict) -> str:
    """The task set of a cell: the benchmark option that names it, else the benchmark."""
    options = row.get("benchmark", {}).get("options", {})
    return str(options.get("seed") or options.get("family") or row.get("benchmark", {}).get("name", "?"))


def unverified_mark(rows: list[dict] | dict) -> str:
    """" (unverified)" after a row's name where it (or any of a group) cannot be traced to what
    produced it: provenance missing or incomplete, or an engine with uncommitted changes."""
    group = rows if isinstance(rows, list) else [rows]
    return "" if all(verified(row) for row in group) else " (unverified)"


def viewed_mark(row: dict) -> str:
    """" (viewed)" where a held-out had been scored before this row: not a headline figure."""
    return " (viewed)" if (row.get("heldout") or {}).get("viewed") else ""


def arm_of(row: dict) -> str:
    """The arm of the cell: paired | strict | off, or on | off for rows from before arms, with the
    teacher where the report sets teachers side by side (see `name_teachers`)."""
    arm = row.get("arm") or ("on" if row.get("gate") else "off")
    return f"{arm}, teacher {row['teacher_shown']}" if row.get("teacher_shown") else arm


def name_teachers(rows: list[dict]) -> list[dict]:
    """When the cells had different teachers, each row says which (as `teacher_shown`)."""
    if len({row.get("teacher", "") for row in rows}) < 2:
        return rows
    return [{**row, "teacher_shown": row.get("teacher", "").partition(":")[2] or row.get("teacher", "")} for row in rows]


def _mean(summary: dict) -> str:
    low, high = summary.get("ci95", [0, 0])
    return f"{summary.get('mean', 0):.2f} [{low:.2f}, {high:.2f}] ({summary.get('passed', 0)}/{summary.get('units', 0)})"


def _paired(paired: dict) -> str:
    low, high = paired.get("ci95", [0, 0])
    seeds = "; ".join(f"seed {s['seed']}: {s['before']} → {s['after']}, p {s['p']:.3f}" for s in paired.get("per_seed", []))
    # Rows written before the test went by task flipped (task, seed) units: the table says which.
    unit = paired.get("unit", "task × seed")
    counted = f", {paired['tasks_better']}↑ {paired['tasks_worse']}↓ of {paired['tasks']} tasks" if "tasks" in paired else ""
    return f"{paired.get('delta', 0):+.2f} [{low:+.2f}, {high:+.2f}], p {paired.get('p', 1):.4f} (unit: {unit}{counted}) | {seeds}"


def stats_table(rows: list[dict], key: str) -> str:
    """key "test" reads row["test_stats"]; key "heldout" reads row["heldout"]["stats"]."""
    lines = ["| task set | arm | hard before [95% CI] (passed/units) | hard after [95% CI] | paired Δ [95% CI], p | per seed |",
             "|---|---|---|---|---|---|"]
    shown = 0
    for row in sorted(rows, key=lambda r: (series_name(r), arm_of(r))):
        stats = row.get("test_stats") if key == "test" else (row.get("heldout") or {}).get("stats")
        if not stats:
            continue
        delta, seeds = _paired(stats["paired"]).split(" | ", 1)
        marks = unverified_mark(row) + (viewed_mark(row) if key == "heldout" else "")
        lines.append(f"| {series_name(row)}{marks} | {arm_of(row)} | {_mean(stats['baseline'])} | {_mean(stats['after'])} | {delta} | {seeds} |")
        shown += 1
    return "\n".join(lines) if shown else ""


def edit_summary(edit: dict, limit: int) -> str:
    """An edit of a results row on one line, named as the ledger names it."""
    # A fence inside a list item would swallow the rest of the Markdown.
    return " ".join(Edit.from_dict(edit).summary().replace("`" * 3, "'''").split())[:limit]


def kept_rules_section(rows: list[dict]) -> str:
    out = []
    for row in sorted(rows, key=lambda r: (series_name(r), arm_of(r), r.get("seed", 0))):
        for night in row.get("nights", []):
            for item in night.get("kept_rules", []):
                edit = item.get("edit", {})
                text = edit_summary(edit, 200)
                effect = item.get("effect")
                shown = "n/a" if effect is None else f"{effect:+.3f}"
                out.append(f"- {series_name(row)}, {arm_of(row)}, night seed {row.get('seed', 0)}, night {night['night']}: effect {shown} on the gate tasks "
                           f"({edit.get('source', '')}): “{text}”")
    return "\n".join(out) if out else "No rule was kept."


def cost_table(rows: list[dict]) -> str:
    lines = ["| task set | arm | calls sent (from record) | tokens in / out | wall s |", "|---|---|---|---|---|"]
    for row in sorted(rows, key=lambda r: (series_name(r), arm_of(r))):
        calls = row.get("calls", {})
        lines.append(f"| {series_name(row)} | {arm_of(row)} | {int(calls.get('calls', 0))} ({int(calls.get('cached', 0))}) | "
                     f"{int(calls.get('input_tokens', 0))} / {int(calls.get('output_tokens', 0))} | {row.get('wall_s', 0):.0f} |")
    return "\n".join(lines)


def stats_sections(rows: list[dict]) -> list[str]:
    parts = []
    test = stats_table(rows, "test")
    if test:
        parts += ["## Test split: hard score over tasks × sampling seeds", "",
                  "Each task is scored under both skills with the same sampling seeds. The unit of the interval and of "
                  "the test is the task: a task's differences are averaged over its seeds, the interval resamples tasks, "
                  "and p is an exact one-sided sign-flip test over tasks. The counts are (task, seed) pairs.", "", test, ""]
    heldout = stats_table(rows, "heldout")
    if heldout:
        files = sorted({(r.get("heldout") or {}).get("file", "") for r in rows} - {""})
        parts += ["## Our own held-out (new topics, varied wording, intent checks)", "",
                  "Never seen by a night or an engine prompt: " + ", ".join(f"`{f}`" for f in files) + ".", "",
                  heldout, ""]
    if test or heldout:
        parts += ["## Kept rules and their measured effect", "", kept_rules_section(rows), "",
                  "## Cost", "", cost_table(rows), ""]
    return parts
