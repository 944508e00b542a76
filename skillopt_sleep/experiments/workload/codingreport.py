"""The coding workload's report from its rows: what mining made of the recorded sessions, where
the planted conventions are lost (planted -> mined -> proposed -> kept), and the held-out outcome
and convention rates before and after the night, with intervals and the paired test."""

from __future__ import annotations

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.report_stats import unverified_mark


def _ci(stats: dict) -> str:
    low, high = stats.get("ci95", [0, 0])
    return f"{stats.get('mean', 0):.2f} [{low:.2f}, {high:.2f}]"


def _delta(paired: dict) -> str:
    return f"{paired['delta']:+.2f} [{paired['ci95'][0]:+.2f}, {paired['ci95'][1]:+.2f}]"


def mining_table(rows: list[dict]) -> str:
    lines = ["| person | sessions (hook rows) | repo tasks | sessions without one, and why | mined repo checks | "
             "checks testing no convention |", "|---|---|---|---|---|---|"]
    for row in rows:
        mining = row["mining"]
        why = "; ".join(f"{reason} ({n})" for reason, n in mining.get("no_repo_task", {}).items()) or "–"
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {row['sessions']['learning']} ({row['sessions']['hook_rows']}) | "
                     f"{mining.get('repo_tasks', 0)} | {why} | {', '.join(mining.get('repo_checks', [])) or '–'} | "
                     f"{', '.join(row['mining_score']['unmatched']) or '–'} |")
    return "\n".join(lines)


def funnel_table(rows: list[dict]) -> str:
    lines = ["| person | planted | mined as a check | proposed by the night | kept | night | lost at mining |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        f = row["funnel"]
        lost = [c for c in f["planted"] if c not in f["mined"]]
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {len(f['planted'])} | {len(f['mined'])} | {len(f['proposed'])} | "
                     f"{len(f['kept'])} | {row['night']['decision']} | {', '.join(lost) or '–'} |")
    return "\n".join(lines)


def heldout_table(rows: list[dict]) -> str:
    lines = ["| person | requests × seeds | rate | before [95% CI] | after [95% CI] | paired Δ [95% CI] | p | "
             "episodes judged (errors) |", "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        heldout = row["heldout"]
        for rate in ("outcome", "convention"):
            stats = heldout["stats"][rate]
            lines.append(f"| {row['persona']}{unverified_mark(row)} | {heldout['n_tasks']} × {len(row['test_seeds'])} | {rate} | "
                         f"{_ci(stats['baseline'])} | {_ci(stats['after'])} | {_delta(stats['paired'])} | "
                         f"{stats['paired']['p']:.3f} | {heldout['episodes_judged']} ({heldout['errors']}) |")
    return "\n".join(lines)


def chart_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    """Two panels, outcome and convention rate: per person, before and after the night."""
    return {f"held-out {rate} rate": {row["persona"]: [row["heldout"]["stats"][rate]["baseline"]["mean"],
                                                       row["heldout"]["stats"][rate]["after"]["mean"]] for row in rows}
            for rate in ("outcome", "convention")}


def render_coding_markdown(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    if not rows:
        raise ExperimentError("no finished persons to report")
    kept = [f"- {row['persona']}: " + " / ".join(" ".join(t.split())[:140] for t in row["night"]["kept_rules"])
            for row in rows if row["night"]["kept_rules"]]
    changed = [f"- {row['persona']}: {', '.join(row['heldout']['trajectory_changed'])}" for row in rows
               if row["heldout"]["trajectory_changed"]]
    return "\n".join([
        f"# {title}", "",
        f"Agent `{rows[0]['student']}`, teacher `{rows[0]['teacher']}`, held-out sampling seeds {rows[0]['test_seeds']}, "
        f"episodes in the `{rows[0]['heldout'].get('sandbox', '?')}` sandbox.", "",
        "## What mining made of the recorded sessions", "", mining_table(rows), "",
        "## Where the conventions are lost", "",
        "Planted: conventions the users corrected in the recorded weeks. Mined: a repo task carries one of the "
        "convention's checks. Proposed: a rule the night tried names it. Kept: the proposal's skill names it.", "",
        funnel_table(rows), "",
        "## Held-out requests before and after the night", "",
        "Week-4 requests no night saw, each an agent episode in a sandboxed copy of the repository at its commit. "
        "Outcome: the repository's own check passes once the judge's tests are applied. Convention: the share of the "
        "request's convention checks that pass. Intervals are bootstrap intervals over requests (the unit; a request's "
        "seeds are averaged first); p is the paired sign-flip test by request.", "", heldout_table(rows), "",
        *([f"![held-out rates before and after the night]({chart_name})", ""] if chart_name else []),
        "Held-out requests whose trajectory changed under the proposal:", "", "\n".join(changed) or "none", "",
        "## Rules the proposals carry", "", "\n".join(kept) or "none", "",
    ])
