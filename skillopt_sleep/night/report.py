"""The night's report.md and its staging folder."""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.config import Config
from skillopt_sleep.paths import default_staging_dir
from skillopt_sleep.proposals.stage import StagedFile, stage_night


def _score(split: dict) -> str:
    if not split:
        return "n/a"
    return f"{split.get('score', 0):.3f} (hard {split.get('hard', 0):.2f}, soft {split.get('soft', 0):.2f}, {split.get('n_tasks', 0)} tasks)"


HEADLINES = {
    "accepted": "The gate accepted a change: a proposal is staged for review.",
    "rejected": "The gate rejected every candidate: nothing is proposed.",
    "unverified": "No edit could be verified on held-out tasks: nothing is proposed.",
    "nothing-to-learn": "Nothing to learn tonight: nothing is proposed.",
    "no-new-edit": "Train tasks still fail, but no new edit was found to try: nothing is proposed.",
    "budget-stopped": "The night stopped at a budget cap; run again to resume.",
}


def render_markdown(report) -> str:
    lines = [
        f"# skillopt-sleep night {report.night_id}",
        "",
        HEADLINES.get(report.status, report.status),
        "",
        f"- skill: `{report.skill_path}`",
        f"- student: {report.students}; teacher: {report.teachers}; seed {report.seed}" + (" (resumed)" if report.resumed else ""),
        f"- tasks: {len(report.split.get('train', []))} train, {len(report.split.get('val', []))} held-out"
        + (f", {report.split.get('test_held_out')} test never replayed" if report.split.get("test_held_out") else ""),
        f"- train before: {_score(report.train_before)}",
        f"- held-out before: {_score(report.val_before)}",
        f"- held-out after: {_score(report.val_after)}",
        "",
    ]
    for record in report.rounds:
        lines.append(f"## Round {record.round}")
        if record.diagnosis:
            lines.append(f"Teacher's diagnosis: {record.diagnosis.strip()[:500]}")
        if record.reflection_error:
            lines.append(f"Teacher reply unusable: {record.reflection_error}")
        lines.append(f"{record.proposed} edit(s) proposed, {len(record.chosen)} chosen within the budget.")
        lines.append("")
        for outcome in record.outcomes:
            edit = outcome["edit"]
            state = "landed" if outcome["landed"] else "skipped"
            body = (edit.get("text") or edit.get("anchor") or "").strip().replace("\n", " ")
            lines.append(f"- **{edit['op']}** ({edit.get('source')}, support {edit.get('support')}, {state}: {outcome['reason']}): {body[:300]}")
            if edit.get("rationale"):
                lines.append(f"  - why: {edit['rationale'][:300]}")
            if edit.get("evidence"):
                lines.append(f"  - evidence: tasks {', '.join(edit['evidence'][:8])}")
        gate = record.gate
        if gate:
            lines += ["", f"Gate: **{gate['decision']}**: {gate['reason']}.", f"Arithmetic: {gate['arithmetic']}."]
            if gate.get("regressions"):
                lines.append(f"Regressed tasks: {', '.join(gate['regressions'])}")
            if not gate.get("gate_enabled", True):
                lines.append("The gate was disabled for this run (ablation): the candidate was applied regardless.")
        lines.append("")
    if report.notes:
        lines.append("## Notes")
        lines += [f"- {note}" for note in report.notes]
        lines.append("")
    calls = report.calls
    if calls:
        lines += [
            "## Cost",
            f"{calls.get('calls', 0)} model calls sent, {calls.get('cached', 0)} answered from the record; "
            f"{calls.get('input_tokens', 0)} input / {calls.get('output_tokens', 0)} output tokens; "
            f"${calls.get('cost_usd', 0):.4f}; {report.wall_s:.1f} s wall.",
            "",
        ]
    return "\n".join(lines)


def stage_report(inputs, report, config: Config) -> None:
    files = [StagedFile("skill", Path(inputs.skill_path), report.original_skill_text, report.final_skill_text)]
    if inputs.memory_path is not None:
        files.append(StagedFile("memory", Path(inputs.memory_path), report.original_memory_text, report.final_memory_text))
    root = Path(config["staging.dir"]).expanduser() if config["staging.dir"] else default_staging_dir()
    result = stage_night(inputs.store, root, report.night_id, files, report.to_dict(), render_markdown(report),
                         accepted=report.status == "accepted")
    report.stage_dir = str(result.stage_dir)
    report.proposal_id = result.proposal_id
