"""The report of `experiment transfer` rows: per night, the target's score under the seed skill
(baseline), the skill the source student learned (transferred) and the skill the target learned
itself (direct), on the test split and the held-out; across the nights of one recipe, each arm's
gain over the baseline with the task as the unit, in hard and in soft; and what each source
night kept."""

from __future__ import annotations

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.report_nights import MEASURES, measured, result_cell
from skillopt_sleep.experiments.report_stats import edit_summary, unverified_mark
from skillopt_sleep.experiments.stats import compare_nights

ARMS = ("baseline", "transferred", "direct")


def is_transfer_row(row: dict) -> bool:
    return "transferred" in row and "source_run" in row


def _splits(row: dict) -> dict[str, dict]:
    """{"test": {arm: scored}, "heldout": {arm: scored}}, the held-out where the row has one."""
    out = {"test": {arm: row[arm] for arm in ARMS}}
    held = row.get("heldout") or {}
    if all(held.get(arm) for arm in ARMS):
        out["heldout"] = {arm: held[arm] for arm in ARMS}
    return out


def _share(scored: dict, measure: str) -> str:
    value = scored.get(measure)
    return "–" if value is None else f"{value:.2f}"


def _kept(run: dict) -> list[str]:
    kept = []
    for night in run.get("nights", []):
        for item in night.get("kept_rules", []):
            effect = item.get("effect")
            shown = "" if effect is None else f" ({effect:+.3f} on the gate tasks)"
            kept.append(f"“{edit_summary(item.get('edit', {}), 160)}”{shown}")
    return kept


def _decisions(run: dict) -> str:
    return ", ".join(night.get("decision", "?") for night in run.get("nights", [])) or "–"


def per_night_table(rows: list[dict]) -> str:
    lines = ["| recipe | source → target | night seed | source night | direct night | split | measure | "
             "baseline | transferred | direct |", "|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        for split, arms in _splits(row).items():
            for measure in MEASURES:
                lines.append(f"| {row['recipe']}{unverified_mark(row)} | {row['source']} → {row['target']} | {row.get('seed', 0)} | "
                             f"{_decisions(row['source_run'])} | {_decisions(row['direct_run'])} | {split} | {measure} | "
                             + " | ".join(_share(arms[arm], measure) for arm in ARMS) + " |")
    return "\n".join(lines)


def across_nights_table(rows: list[dict]) -> str:
    """Per recipe with two or more nights: each arm against the baseline, tested by task."""
    lines = ["| recipe | split | measure | arm | nights | Δ over baseline [95% CI], p (unit: task) | Δ per night | "
             "p (unit: night) |", "|---|---|---|---|---|---|---|---|"]
    by_recipe: dict[str, list[dict]] = {}
    for row in rows:
        by_recipe.setdefault(row["recipe"], []).append(row)
    for recipe, group in by_recipe.items():
        if len(group) < 2:
            continue
        for split in ("test", "heldout"):
            for measure, key in MEASURES.items():
                for arm in ("transferred", "direct"):
                    runs = []
                    for row in group:
                        arms = _splits(row).get(split)
                        pair = arms and (measured(arms["baseline"], measure), measured(arms[arm], measure))
                        if pair and None not in pair:
                            runs.append(pair)
                    if len(runs) < 2:
                        continue
                    result = compare_nights(runs, key)
                    lines.append(f"| {recipe}{unverified_mark(group)} | {split} | {measure} | {arm} | {result['nights']} | {result_cell(result)} | "
                                 + ", ".join(f"{d:+.2f}" for d in result["night_deltas"])
                                 + f" | {result['p_nights']:.3f} |")
    return "\n".join(lines) if len(lines) > 2 else ""


def kept_section(rows: list[dict]) -> str:
    out = []
    for row in rows:
        for who, run in (("source", row["source_run"]), ("direct", row["direct_run"])):
            kept = _kept(run)
            out.append(f"- {row['recipe']}, night seed {row.get('seed', 0)}, {who} ({run.get('student', '?')}): "
                       + ("; ".join(kept) if kept else "kept nothing"))
    return "\n".join(out)


def produced_by(rows: list[dict]) -> str:
    out = []
    for row in rows:
        made = row.get("provenance") or {}
        commit = (made.get("commit") or "not recorded")[:12] + (" with uncommitted engine changes" if made.get("dirty") else "")
        learned = (row.get("source_run") or {}).get("final_skill_hash")
        direct = row.get("direct_run") or {}
        # transfer.py takes the direct run's scores for a skill that run has scored, and makes no call
        # (the seed skill last: where the direct night kept nothing, both hashes are the seed skill's).
        scored_by_direct = {direct.get("final_skill_hash"): "the skill the target's own night kept, whose scores it takes",
                            direct.get("initial_skill_hash"): "the seed skill, whose baseline scores it takes"}
        same_as = scored_by_direct.get(learned) if learned else None
        if same_as and not made.get("calls_sent") and not made.get("calls_from_record"):
            scoring = f"the transferred skill is {same_as}"
        else:
            scoring = (f"the target's transferred scoring {made.get('calls_sent', 0)} calls sent, "
                       f"{made.get('calls_from_record', 0)} from an earlier record")
        out.append(f"- {row['recipe']}, night seed {row.get('seed', 0)}: commit {commit}, revision "
                   f"{made.get('revision') or '–'}, {scoring}; finished {row.get('finished_at', '?')}")
    return "\n".join(out)


def render_transfer_markdown(rows: list[dict], title: str) -> str:
    if not rows:
        raise ExperimentError("no transfer rows to report")
    held = sorted({(row.get("heldout") or {}).get("file", "") for row in rows} - {""})
    parts = [f"# {title}", "",
             "Each row is one night seed: a night learns the skill with the source student, the frozen skill is scored "
             "on the target student (transferred), beside the seed skill on the target (baseline) and the skill a night "
             "learned with the target itself (direct). Hard is the share of answers meeting every check, soft the share "
             "of checks met, each the mean over tasks and sampling seeds.", "",
             "## Per night", "", per_night_table(rows), ""]
    across = across_nights_table(rows)
    if across:
        parts += ["## Across nights", "",
                  "Each arm against the baseline on the same tasks and sampling seeds: a task's differences are averaged "
                  "over nights and seeds, the interval resamples tasks and p is an exact one-sided sign-flip test over "
                  "tasks; the last column takes the night as the unit (three nights can never go below 0.125).", "",
                  across, ""]
    if held:
        parts += ["Held-out, generated for the measurement and never seen by a night: " + ", ".join(f"`{f}`" for f in held) + ".", ""]
    parts += ["## What each night kept", "", kept_section(rows), "", "## Provenance", "", produced_by(rows), ""]
    return "\n".join(parts)
