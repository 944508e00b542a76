"""The night's report.md and its staging folder, and the provenance of every rule the night
considered: its tasks, the sessions they were mined from, the night, the kind of evidence, and
what became of it."""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.shorten import clip, first_line, listed
from skillopt_sleep.errors import StagingError
from skillopt_sleep.guardrails.forms import Guardrail
from skillopt_sleep.guardrails.gate import KEPT
from skillopt_sleep.guardrails.install import planned_files
from skillopt_sleep.night.report.changes import render_changes
from skillopt_sleep.night.report.fates import edit_fates
from skillopt_sleep.paths import default_staging_dir
from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.stage import StagedFile, stage_night
from skillopt_sleep.records import Edit
from skillopt_sleep.store import Store


def _score(split: dict) -> str:
    if not split:
        return "n/a"
    return f"{split.get('score', 0):.3f} (hard {split.get('hard', 0):.2f}, soft {split.get('soft', 0):.2f}, {split.get('n_tasks', 0)} tasks)"


HEADLINES = {
    "accepted": "The gate accepted a change: a proposal is staged for review.",
    "held": "The gate accepted a change, but part of it failed the safety screen: it is held for you (see Notes), "
            "nothing is proposed.",
    "rejected": "The gate rejected every candidate: nothing is proposed.",
    "unverified": "No edit could be verified on held-out tasks: nothing is proposed.",
    "nothing-to-learn": "Nothing to learn tonight: nothing is proposed.",
    "no-new-edit": "Train tasks still fail, but no new edit was found to try: nothing is proposed.",
    "budget-stopped": "The night stopped at a budget cap; run again to resume.",
}


def _considered(report) -> list[tuple[dict, str, str]]:
    """(edit, status, reason) for each rule of the night, the later word about one rule winning."""
    found: dict[str, tuple[dict, str, str]] = {}
    for record in report.rounds:
        for item in record.refused:
            if "op" in item["edit"]:  # not a check that never became a rule
                found[Edit.from_dict(item["edit"]).key()] = (item["edit"], item.get("status", "refused"), item["why"])
        gate = record.gate or {}
        for data in record.chosen:
            found[Edit.from_dict(data).key()] = (data, "tried", f"gate {gate['decision']}: {gate['reason']}" if gate else "")
    kept = "proposed" if report.status == "accepted" else "kept (dry run)" if report.dry_run else "dropped"
    for item in report.kept_rules:
        found[Edit.from_dict(item["edit"]).key()] = (item["edit"], kept, "")
    return list(found.values())


def rule_provenance(store: Store, report) -> list[dict]:
    """Every rule of the night with where it came from; the ledger's word on its status, where
    it has one, wins over the night's own (a rule the gate rejected, one attribution dropped)."""
    recorded = {e.rule_key: e for e in ledger.entries(store, skill_path=report.skill_path, night_id=report.night_id)}
    rules = []
    for data, status, reason in _considered(report):
        edit = Edit.from_dict(data)
        entry = recorded.get(edit.key())
        if entry is not None and status == "tried":
            status, reason = entry.status, entry.reason or reason
        rules.append({"text": edit.summary(), "op": edit.op, "target": edit.target, "source": edit.source,
                      "evidence_kind": edit.evidence_kind, "tasks": list(edit.evidence),
                      "sessions": entry.sessions if entry else ledger.sessions_of(store, edit.evidence),
                      "night": report.night_id, "status": status, "reason": reason})
    return rules


def _rules_section(rules: list[dict]) -> list[str]:
    lines = ["## Rules considered", "Each with its status, where its evidence comes from, its tasks and their sessions.", ""]
    for rule in rules:
        lines.append(f"- [{rule['status']}] {first_line(rule['text'], 200)}")
        lines.append(f"  - provenance: {rule['source']} ({rule['evidence_kind']} evidence); night {rule['night']}; "
                     f"tasks {listed(rule['tasks'], 8) or '-'}; sessions {listed(rule['sessions'], 5) or '-'}")
        if rule["reason"]:
            lines.append(f"  - why: {clip(rule['reason'], 300)}")
    return lines + [""]


def _round_section(record, fates: list) -> list[str]:
    """One round: the teacher's word, each edit with what became of it, and the gate."""
    lines = [f"## Round {record.round}"]
    if record.diagnosis:
        lines.append(f"Teacher's diagnosis: {clip(record.diagnosis, 500)}")
    if record.reflection_error:
        lines.append(f"Teacher reply unusable: {record.reflection_error}")
    lines.append(f"{record.proposed} edit(s) proposed, {len(record.chosen)} chosen within the budget.")
    lines.append("")
    for outcome, fate in zip(record.outcomes, fates):
        edit = outcome["edit"]
        state = "landed" if outcome["landed"] else "skipped"
        lines.append(f"- **{edit['op']}** ({edit.get('source')}, {edit.get('evidence_kind')} evidence, support "
                     f"{edit.get('support')}, {state}: {outcome['reason']}; in the end **{fate.fate}**"
                     f"{': ' + clip(fate.why, 200) if fate.why else ''}): {clip(Edit.from_dict(edit).shown(), 300)}")
        if edit.get("rationale"):
            lines.append(f"  - why: {clip(edit['rationale'], 300)}")
        if edit.get("evidence"):
            lines.append(f"  - evidence: tasks {listed(edit['evidence'], 8)}")
    gate = record.gate
    if gate:
        lines += ["", f"Gate: **{gate['decision']}**: {gate['reason']}.", f"Arithmetic: {gate['arithmetic']}."]
        if gate.get("regressions"):
            lines.append(f"Regressed tasks: {', '.join(gate['regressions'])}")
        if not gate.get("gate_enabled", True):
            lines.append("The gate was disabled for this run (ablation): the candidate was applied regardless.")
    return lines + [""]


def render_markdown(report) -> str:
    lines = [
        f"# skillopt-sleep night {report.night_id}",
        "",
        HEADLINES.get(report.status, report.status),
        "",
    ]
    if report.errors_exceeded:
        lines += [f"**Unverified: {report.error_line()}.** A failed replay is no evidence about the text; "
                  "run the night again once the backend is healthy.", ""]
    lines += [
        f"- skill: `{report.skill_path}`",
        f"- student: {report.students}; teacher: {report.teachers}; seed {report.seed}" + (" (resumed)" if report.resumed else ""),
        f"- tasks: {len(report.split.get('train', []))} train, {len(report.split.get('val', []))} held-out"
        + (f", {report.split.get('test_held_out')} test never replayed" if report.split.get("test_held_out") else ""),
        f"- train before: {_score(report.train_before)}",
        f"- held-out before: {_score(report.val_before)}",
        f"- held-out after: {_score(report.val_after)}",
        "",
    ]
    fates = edit_fates(report)
    for record in report.rounds:
        lines += _round_section(record, fates.pop(0))
    if report.rules:
        lines += _rules_section(report.rules)
    lines += render_changes(report.changes)
    lines += render_guardrails(getattr(report, "guardrails", []))
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


def render_guardrails(verdicts: list[dict]) -> list[str]:
    """Each guardrail in the agents' own syntax, with what it did alone on the held-out tasks."""
    if not verdicts:
        return []
    lines = ["## Guardrails", "Each judged alone on the held-out repo tasks (convention check and outcome, "
             "passed without -> with it):"]
    for v in verdicts:
        rail = Guardrail.from_dict(v["guardrail"])
        if rail is None:
            continue
        n, before, after = v["convention"]
        o, o_before, o_after = v["outcome"]
        lines.append(f"- {rail.reason()} ({v['check']}): convention {before}/{n} -> {after}/{n}, outcome "
                     f"{o_before}/{o} -> {o_after}/{o}; {v['fate']}")
        claude = v.get("claude_code", {})
        lines += [f"  - Claude Code `permissions.deny`: `{rule}`" for rule in claude.get("deny", [])]
        lines += [f"  - Claude Code finish guard checks: `{check}`" for check in claude.get("finish_checks", [])]
        lines += [f"  - Codex rules: `{line}`" for line in str(v.get("codex") or "").splitlines()]
        lines += [f"  - Codex finish guard (a Stop hook in `.codex/hooks.json`, run once you trust it in Codex's "
                  f"`/hooks`) checks: `{check}`"
                  for check in v.get("codex_finish_checks", [])]
    lines.append("")
    return lines


def guardrail_files(verdicts: list[dict]) -> list[StagedFile]:
    """The files the kept guardrails change in their project, staged beside the skill."""
    kept = [v for v in verdicts if v.get("fate") == KEPT and v.get("project")]
    files = []
    for project in dict.fromkeys(v["project"] for v in kept):
        mine = [v for v in kept if v["project"] == project]
        rails = [g for v in mine if (g := Guardrail.from_dict(v["guardrail"])) is not None]
        agents = {a for v in mine for a in v.get("agents", [])}
        files += [StagedFile("guardrail", f.live_path, f.original_text, f.proposed_text)
                  for f in planned_files(Path(project), rails, agents)]
    return files


def stage_report(inputs, report, staging_dir: str | None) -> None:
    files = [StagedFile("skill", Path(inputs.skill_path), report.original_skill_text, report.final_skill_text)]
    if inputs.memory_path is not None:
        files.append(StagedFile("memory", Path(inputs.memory_path), report.original_memory_text, report.final_memory_text))
    try:
        files += guardrail_files(report.guardrails)
    except StagingError as exc:  # the skill's proposal still stands; the user's file stays as it is
        report.notes.append(f"guardrails not staged: {exc}")
    root = Path(staging_dir).expanduser() if staging_dir else default_staging_dir()
    result = stage_night(inputs.store, root, report.night_id, files, report.to_dict(), render_markdown(report),
                         accepted=report.status == "accepted")
    report.stage_dir = str(result.stage_dir)
    report.proposal_id = result.proposal_id
