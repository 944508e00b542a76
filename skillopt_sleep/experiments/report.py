"""`experiment report`: Markdown tables of a results JSONL (one row per cell) and a chart of the
held-out test score per night per cell, written next to each other."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.chart import write_chart
from skillopt_sleep.experiments.report_nights import nights_section
from skillopt_sleep.experiments.report_stats import arm_of as _gate
from skillopt_sleep.experiments.report_stats import edit_summary
from skillopt_sleep.experiments.report_stats import name_teachers
from skillopt_sleep.experiments.report_stats import series_name as _series_name
from skillopt_sleep.experiments.report_stats import stats_sections, unverified_mark
from skillopt_sleep.experiments.provenance import missing_provenance


def _f(value) -> str:
    return "–" if value is None else f"{value:.2f}"


def _by_series(rows: list[dict]) -> list[dict]:
    """Rows in table order: by task set, gate on before off, then seed."""
    return sorted(rows, key=lambda r: (_series_name(r), not r.get("gate"), r.get("seed", 0)))


def _table(columns: list[str], body: list[str]) -> str:
    return "\n".join(["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns), *body])


def _tokens(calls: dict) -> int:
    return int(calls.get("input_tokens", 0)) + int(calls.get("output_tokens", 0))


def _accepted_nights(row: dict) -> str:
    nights = row.get("nights", [])
    return f"{sum(1 for n in nights if n.get('decision') == 'accepted')}/{len(nights)}"


def summary_table(rows: list[dict]) -> str:
    lines = []
    for row in _by_series(rows):
        vals = "; ".join(f"{_f(n.get('val_before'))}→{_f(n.get('val_after'))}" for n in row.get("nights", []))
        calls = row.get("calls", {})
        lines.append(
            f"| {_series_name(row)}{unverified_mark(row)} | {_gate(row)} | "
            f"{_f(row['baseline'].get('score'))} → {_f(row['after'].get('score'))} | "
            f"{_f(row['baseline'].get('hard'))} → {_f(row['after'].get('hard'))} | {vals} | {_accepted_nights(row)} | "
            f"{int(calls.get('calls', 0))} ({int(calls.get('cached', 0))}) | {_tokens(calls)} | "
            f"{calls.get('cost_usd', 0):.4f} | {row.get('wall_s', 0):.0f} |"
        )
    return _table(["task set", "gate", "test baseline → after (score)", "hard", "val per night (before → after)",
                   "nights accepted", "calls sent (cached)", "tokens sent", "cost $", "wall s"], lines)


def nights_table(rows: list[dict]) -> str:
    lines = []
    for row in _by_series(rows):
        for night in row.get("nights", []):
            lines.append(
                f"| {_series_name(row)}{unverified_mark(row)} | {_gate(row)} | {night['night']} | {night['decision']} | "
                f"{_f(night.get('val_before'))} → {_f(night.get('val_after'))} | "
                f"{_f(night['test'].get('score'))} ({_f(night['test'].get('hard'))}) | {len(night.get('accepted_edits', []))} | "
                f"{len(night.get('rejected_edits', []))} | {len(night.get('reflection_errors', []))} | "
                f"{int(night.get('calls', {}).get('calls', 0))} | {night.get('wall_s', 0):.0f} |"
            )
    return _table(["task set", "gate", "night", "decision", "val before → after", "test score (hard)", "edits accepted",
                   "edits rejected", "reflection errors", "calls", "wall s"], lines)


def accepted_edits_section(rows: list[dict]) -> str:
    out = []
    for row in rows:
        for night in row.get("nights", []):
            # The rules the final document kept (attribution may have left some landed edits out).
            kept = [item["edit"] for item in night.get("kept_rules", [])] or night.get("accepted_edits", [])
            for edit in kept:
                text = edit_summary(edit, 160)
                out.append(f"- {_series_name(row)}, gate {_gate(row)}, night {night['night']}: "
                           f"`{edit.get('op')}` ({edit.get('source', '')}) “{text}”")
    return "\n".join(out) if out else "No edit was accepted."


def provenance(rows: list[dict]) -> str:
    seen = set()
    lines = []
    for row in rows:
        bench = row.get("benchmark", {})
        key = (bench.get("name"), bench.get("data_hash"))
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"- {bench.get('name')}: data sha256 {str(bench.get('data_hash', ''))[:16]}…, "
                     f"initial skill {row.get('initial_skill_hash')}, split test {len(row['split']['test'])} / "
                     f"val {len(row['split']['val'])} / train {len(row['split']['train'])}")
    first = rows[0]
    sampling = sorted({s for r in rows for s in r.get("test_seeds", [])})
    lines.append(f"- student `{first.get('student')}`, teacher `{first.get('teacher')}`, night seeds "
                 f"{sorted({r.get('seed') for r in rows})}, sampling seeds {sampling}, nights per run "
                 f"{len(first.get('nights', []))}")
    for role, digest in sorted((first.get("model_sha256") or {}).items()):
        lines.append(f"- {role} weights sha256 {digest}")
    lines += produced_by(rows)
    return "\n".join(lines)


def produced_by(rows: list[dict]) -> list[str]:
    """Per row: the commit and engine revision it ran with, its night seeds, and how many of its
    calls were answered from an earlier record (rows from before this was recorded say so)."""
    lines = []
    for row in _by_series(rows):
        made = row.get("provenance")
        missing = missing_provenance(row)
        if not made:
            lines.append(f"- {_series_name(row)}, {_gate(row)}, seed {row.get('seed')}: unverified, commit not recorded")
            continue
        commit = (made.get("commit") or "unknown")[:12] + (" with uncommitted engine changes" if made.get("dirty") else "")
        lines.append(f"- {_series_name(row)}, {_gate(row)}, night seed {made.get('night_seed')} "
                     f"(nights {', '.join(str(s) for s in made.get('night_seeds', []))}): commit {commit}, "
                     f"revision {made.get('revision') or '–'}, sampling seeds {made.get('sampling_seeds', '–')}, "
                     f"calls {made.get('calls_sent', 0)} sent, {made.get('calls_from_record', 0)} from an earlier record"
                     + (f"; unverified: lacks {', '.join(missing)}" if missing else "")
                     + ("; unverified: uncommitted engine changes" if made.get("dirty") else ""))
    return lines


def render_markdown(rows: list[dict], title: str, chart_name: str | None) -> str:
    if not rows:
        raise ExperimentError("no finished cells to report")
    parts = [f"# {title}", "", "Held-out test score (never replayed by a night) before the first night and after the last; "
             "score is the gate metric, hard is the share of test tasks passing every check.", "",
             summary_table(rows), ""]
    if chart_name:
        parts += [f"![held-out score per night]({chart_name})", ""]
    parts += stats_sections(rows)
    parts += nights_section(rows)
    parts += ["## Per night", "", nights_table(rows), "", "## Accepted edits", "", accepted_edits_section(rows), "",
              "## Provenance", "", provenance(rows), ""]
    return "\n".join(parts)


def chart_panels(rows: list[dict]) -> dict[str, dict[str, list[float]]]:
    """{"gate on": {"advisor seed 0": [baseline, night 1, ...]}, "gate off": {...}}"""
    panels: dict[str, dict[str, list[float]]] = defaultdict(dict)
    for row in sorted(rows, key=lambda r: (not r.get("gate"), _series_name(r), r.get("seed", 0))):
        name = f"{_series_name(row)} seed {row.get('seed')}"
        panels[f"gate {_gate(row)}"][name] = (
            [row["baseline"].get("score", 0.0)] + [n["test"].get("score", 0.0) for n in row.get("nights", [])])
    return dict(panels)


def write_report(rows: list[dict], out_dir: Path, stem: str, title: str) -> list[Path]:
    """The Markdown report and the chart; the chart needs matplotlib (the `experiments` extra)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = name_teachers(rows)
    chart = out_dir / f"{stem}.png"
    write_chart(chart_panels(rows), chart, title=f"{title}: held-out score per night")
    markdown = out_dir / f"{stem}.md"
    markdown.write_text(render_markdown(rows, title, chart.name), encoding="utf-8")
    return [markdown, chart]
