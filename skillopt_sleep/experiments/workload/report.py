"""The Markdown report of a workload run: mining yield, precision / recall against the answer
key, where each preference is lost, the held-out share meeting the preferences before and after,
and what it cost."""

from __future__ import annotations

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.report_stats import unverified_mark


def _ci(stats: dict) -> str:
    low, high = stats.get("ci95", [0, 0])
    return f"{stats.get('mean', 0):.2f} [{low:.2f}, {high:.2f}]"


def yield_table(rows: list[dict]) -> str:
    lines = ["| persona | learning sessions (hook rows) | sessions mined | intents (trivial) | tasks (with checks) | "
             "distinct checks | precision | recall | missed |", "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        mining, score = row["mining"], row["mining_score"]
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {row['sessions']['learning']} ({row['sessions']['hook_rows']}) | "
                     f"{mining.get('sessions', 0)} | {mining.get('intents', 0)} ({mining.get('trivial', 0)}) | "
                     f"{mining.get('tasks_written', 0)} ({mining.get('tasks_with_checks', 0)}) | {score['checks']} | "
                     f"{score['precision']:.2f} | {score['recall']:.2f} | {', '.join(score['missed']) or '–'} |")
    return "\n".join(lines)


def funnel_table(rows: list[dict]) -> str:
    lines = ["| persona | planted | mined as a check | proposed by the night | kept by the gate | night |",
             "|---|---|---|---|---|---|"]
    for row in rows:
        f = row["funnel"]
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {len(f['planted'])} | {len(f['mined'])} | {len(f['proposed'])} | "
                     f"{len(f['kept'])} | {row['night']['decision']} |")
    return "\n".join(lines)


def heldout_table(rows: list[dict]) -> str:
    lines = ["| persona | held-out requests × seeds | baseline mean [95% CI] | after mean [95% CI] | paired Δ [95% CI] | p | "
             "calls sent (cached) | tokens | wall s |", "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        stats, calls = row["heldout"]["stats"], row["calls"]
        paired = stats["paired"]
        tokens = int(calls.get("input_tokens", 0)) + int(calls.get("output_tokens", 0))
        wall = sum(v for k, v in row["wall_s"].items() if k != "total")
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {row['heldout']['n_tasks']} × {len(row['test_seeds'])} | {_ci(stats['baseline'])} | "
                     f"{_ci(stats['after'])} | {paired['delta']:+.2f} [{paired['ci95'][0]:+.2f}, {paired['ci95'][1]:+.2f}] | "
                     f"{paired['p']:.3f} | {int(calls.get('calls', 0))} ({int(calls.get('cached', 0))}) | {tokens} | {wall:.1f} |")
    return "\n".join(lines)


def chart_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    """One panel: per persona, the held-out share meeting the preferences before and after the night."""
    stats = {row["persona"]: row["heldout"]["stats"] for row in rows}
    return {"held-out requests meeting the preferences": {
        persona: [s["baseline"]["mean"], s["after"]["mean"]] for persona, s in stats.items()}}


def render_workload_markdown(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    if not rows:
        raise ExperimentError("no finished personas to report")
    unmatched = [f"- {row['persona']}: " + "; ".join(row["mining_score"]["unmatched"]) for row in rows
                 if row["mining_score"]["unmatched"]]
    kept = [f"- {row['persona']}: " + " / ".join(" ".join(t.split())[:140] for t in row["night"]["kept_rules"])
            for row in rows if row["night"]["kept_rules"]]
    return "\n".join([
        f"# {title}", "",
        f"Student `{rows[0]['student']}`, teacher `{rows[0]['teacher']}`, held-out sampling seeds {rows[0]['test_seeds']}.", "",
        "## Mining yield and accuracy against the answer key", "",
        "Precision: the share of distinct mined checks that recover a planted preference. Recall: the share of "
        "planted preferences with at least one such check.", "", yield_table(rows), "",
        "Mined checks that match no preference:", "", "\n".join(unmatched) or "none", "",
        "## Where preferences are lost", "", funnel_table(rows), "",
        "## Held-out requests meeting the preferences without a correction", "",
        "Requests of the weeks no night saw, scored with the answer key's checks (hard pass), under the starting "
        "skill and under the skill the night's proposal would install.", "", heldout_table(rows), "",
        *([f"![held-out share before and after the night]({chart_name})", ""] if chart_name else []),
        "## Rules the proposals carry", "", "\n".join(kept) or "none", "",
    ])
