"""The Markdown report and chart panels of a workload run, by its rows' kind. Persona rows
(`workload`): mining yield, precision / recall against the answer key, where each preference is
lost, the held-out share meeting the preferences before and after, and what it cost. Coding rows
(`coding-workload`): what mining made of the recorded sessions, where the planted conventions
are lost (planted -> mined -> proposed -> kept), and the held-out outcome and convention rates
before and after the night, with intervals and the paired test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.codingnights import arms_table
from skillopt_sleep.experiments.report_stats import unverified_mark


def _ci(stats: dict) -> str:
    low, high = stats.get("ci95", [0, 0])
    return f"{stats.get('mean', 0):.2f} [{low:.2f}, {high:.2f}]"


def _delta(paired: dict) -> str:
    return f"{paired['delta']:+.2f} [{paired['ci95'][0]:+.2f}, {paired['ci95'][1]:+.2f}]"


def _kept_rules(rows: list[dict]) -> str:
    return "\n".join(f"- {row['persona']}: " + " / ".join(" ".join(t.split())[:140] for t in row["night"]["kept_rules"])
                     for row in rows if row["night"]["kept_rules"]) or "none"


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


def funnel_table(rows: list[dict], who: str, kept: str, lost_at_mining: bool = False) -> str:
    """Per person, how many planted items each stage still carries (and, asked, those lost at mining)."""
    lines = [f"| {who} | planted | mined as a check | proposed by the night | {kept} | night |"
             + (" lost at mining |" if lost_at_mining else ""), "|---|---|---|---|---|---|" + ("---|" if lost_at_mining else "")]
    for row in rows:
        f = row["funnel"]
        lost = ", ".join(c for c in f["planted"] if c not in f["mined"]) or "–"
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {len(f['planted'])} | {len(f['mined'])} | {len(f['proposed'])} | "
                     f"{len(f['kept'])} | {row['night']['decision']} |" + (f" {lost} |" if lost_at_mining else ""))
    return "\n".join(lines)


def preference_heldout_table(rows: list[dict]) -> str:
    lines = ["| persona | held-out requests × seeds | baseline mean [95% CI] | after mean [95% CI] | paired Δ [95% CI] | p | "
             "calls sent (cached) | tokens | wall s |", "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        stats, calls = row["heldout"]["stats"], row["calls"]
        paired = stats["paired"]
        tokens = int(calls.get("input_tokens", 0)) + int(calls.get("output_tokens", 0))
        wall = sum(v for k, v in row["wall_s"].items() if k != "total")
        lines.append(f"| {row['persona']}{unverified_mark(row)} | {row['heldout']['n_tasks']} × {len(row['test_seeds'])} | {_ci(stats['baseline'])} | "
                     f"{_ci(stats['after'])} | {_delta(paired)} | "
                     f"{paired['p']:.3f} | {int(calls.get('calls', 0))} ({int(calls.get('cached', 0))}) | {tokens} | {wall:.1f} |")
    return "\n".join(lines)


def preference_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    """One panel: per persona, the held-out share meeting the preferences before and after the night."""
    stats = {row["persona"]: row["heldout"]["stats"] for row in rows}
    return {"held-out requests meeting the preferences": {
        persona: [s["baseline"]["mean"], s["after"]["mean"]] for persona, s in stats.items()}}


def render_persona_markdown(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    if not rows:
        raise ExperimentError("no finished personas to report")
    unmatched = [f"- {row['persona']}: " + "; ".join(row["mining_score"]["unmatched"]) for row in rows
                 if row["mining_score"]["unmatched"]]
    return "\n".join([
        f"# {title}", "",
        f"Student `{rows[0]['student']}`, teacher `{rows[0]['teacher']}`, held-out sampling seeds {rows[0]['test_seeds']}.", "",
        "## Mining yield and accuracy against the answer key", "",
        "Precision: the share of distinct mined checks that recover a planted preference. Recall: the share of "
        "planted preferences with at least one such check.", "", yield_table(rows), "",
        "Mined checks that match no preference:", "", "\n".join(unmatched) or "none", "",
        "## Where preferences are lost", "", funnel_table(rows, "persona", "kept by the gate"), "",
        "## Held-out requests meeting the preferences without a correction", "",
        "Requests of the weeks no night saw, scored with the answer key's checks (hard pass), under the starting "
        "skill and under the skill the night's proposal would install.", "", preference_heldout_table(rows), "",
        *([f"![held-out share before and after the night]({chart_name})", ""] if chart_name else []),
        "## Rules the proposals carry", "", _kept_rules(rows), "",
    ])


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


def _who(row: dict) -> str:
    """The person, with the night and the arm where the recipe ran several."""
    night = f" night {row['night_seed']} (requests {row['request_seed']})" if row.get("request_seed") is not None else ""
    return row["persona"] + night + (f", {row['arm']}" if row.get("arm") else "")


def rate_heldout_table(rows: list[dict]) -> str:
    lines = ["| person | requests × seeds | rate | before [95% CI] | after [95% CI] | paired Δ [95% CI] | p | "
             "episodes judged (errors) |", "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        heldout = row["heldout"]
        for rate in ("outcome", "convention"):
            stats = heldout["stats"][rate]
            lines.append(f"| {_who(row)}{unverified_mark(row)} | {heldout['n_tasks']} × {len(row['test_seeds'])} | {rate} | "
                         f"{_ci(stats['baseline'])} | {_ci(stats['after'])} | {_delta(stats['paired'])} | "
                         f"{stats['paired']['p']:.3f} | {heldout['episodes_judged']} ({heldout['errors']}) |")
    return "\n".join(lines)


def rate_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    """Two panels, outcome and convention rate: per person, before and after the night."""
    return {f"held-out {rate} rate": {_who(row): [row["heldout"]["stats"][rate]["baseline"]["mean"],
                                                       row["heldout"]["stats"][rate]["after"]["mean"]] for row in rows}
            for rate in ("outcome", "convention")}


def render_coding_markdown(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    if not rows:
        raise ExperimentError("no finished persons to report")
    changed = [f"- {_who(row)}: {', '.join(row['heldout']['trajectory_changed'])}" for row in rows
               if row["heldout"]["trajectory_changed"]]
    return "\n".join([
        f"# {title}", "",
        f"Agent `{rows[0]['student']}`, teacher `{rows[0]['teacher']}`, held-out sampling seeds {rows[0]['test_seeds']}, "
        f"episodes in the `{rows[0]['heldout'].get('sandbox', '?')}` sandbox.", "",
        "## What mining made of the recorded sessions", "", mining_table(rows), "",
        "## Where the conventions are lost", "",
        "Planted: conventions the users corrected in the recorded weeks. Mined: a repo task carries one of the "
        "convention's checks. Proposed: a rule the night tried names it. Kept: the proposal's skill names it.", "",
        funnel_table(rows, "person", "kept", lost_at_mining=True), "",
        "## Held-out requests before and after the night", "",
        "Week-4 requests no night saw, each an agent episode in a sandboxed copy of the repository at its commit. "
        "Outcome: the repository's own check passes once the judge's tests are applied. Convention: the share of the "
        "request's convention checks that pass. Intervals are bootstrap intervals over requests (the unit; a request's "
        "seeds are averaged first); p is the paired sign-flip test by request.", "", rate_heldout_table(rows), "",
        *([f"![held-out rates before and after the night]({chart_name})", ""] if chart_name else []),
        "Held-out requests whose trajectory changed under the proposal:", "", "\n".join(changed) or "none", "",
        *(["## Guardrails or prose, by night", "",
           "Each night's proposal scored twice on the night's own fresh requests: `adopted`, its guardrails installed as "
           "`adopt` installs them and its SKILL.md lines; `prose`, the lines alone. The unit is the night: each night's "
           "mean difference over its requests and seeds, a 95% t interval over nights, the sign-flip test by night.", "",
           arms_table(rows), ""] if any(row.get("arm") for row in rows) else []),
        "## Rules the proposals carry", "", _kept_rules(rows), "",
    ])


@dataclass(frozen=True)
class RowReport:
    panels: Callable[[list[dict]], dict[str, dict[str, list[float]]]]
    render: Callable[[list[dict], str, str | None], str]
    chart_title: str  # after the report's title


REPORTS = {
    "workload": RowReport(preference_panels, render_persona_markdown, "held-out share meeting the preferences"),
    "coding-workload": RowReport(rate_panels, render_coding_markdown, "held-out rates"),
}


def is_workload_row(row: dict) -> bool:
    return row.get("kind") in REPORTS


def _report_for(rows: list[dict]) -> RowReport:
    if not rows:
        raise ExperimentError("no finished persons to report")
    return REPORTS[rows[0].get("kind")]


def chart_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    return _report_for(rows).panels(rows)


def chart_title(rows: list[dict]) -> str:
    return _report_for(rows).chart_title


def render_workload_markdown(rows: list[dict], title: str, chart_name: str | None = None) -> str:
    return _report_for(rows).render(rows, title, chart_name)
