"""The slow update: every N nights of a skill, distil the rules that several nights kept and the
user adopted (with a positive measured effect) into the skill's consolidated region, and move
them out of the managed region. The result is one more candidate: screened as a rule is (the
ledger's text is not the live file's), judged on the held-out tasks like any other edit and kept
only if the gate accepts it."""

from __future__ import annotations

from skillopt_sleep.night.sequencing.rounds import Documents, NightContext, RoundRecord, RoundsOutcome, judged_against, load_rejected
from skillopt_sleep.screen.docscreen import screen_change
from skillopt_sleep.screen.provenance import user_provenance
from skillopt_sleep.night.propose.skilldoc import (
    CONSOLIDATED_BEGIN, CONSOLIDATED_END, consolidated_block_span, managed_span,
)
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Edit
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.similarity import jaccard, tokens

SOURCE = "slow-update"
MIN_RULES = 2  # one adopted rule is not yet something several nights learned
NEAR_DUPLICATE = 0.8


def is_due(store: Store, skill_path: str, every: int, night_id: str) -> bool:
    """True on every `every`-th finished night of this skill, counting tonight."""
    if every <= 0:
        return False
    done = store.query_one(
        "SELECT COUNT(*) AS n FROM nights WHERE skill_path = ? AND id != ? "
        "AND status NOT IN ('dry-run', 'running', 'stopped')", (skill_path, night_id))["n"]
    return (int(done) + 1) % every == 0


def rules_to_consolidate(store: Store, skill_path: str) -> list[ledger.LedgerEntry]:
    """Adopted skill rules that paid, newest record of each, near-duplicates merged (the larger
    effect stays), largest effect first."""
    latest: dict[str, ledger.LedgerEntry] = {}
    for entry in ledger.entries(store, skill_path=skill_path):
        latest[entry.rule_key] = entry  # entries come oldest first
    pool = [e for e in latest.values() if e.status == "adopted" and (e.effect or 0) > 0
            and e.source != SOURCE and e.target == "skill" and e.text.strip()]
    pool.sort(key=lambda e: (-(e.effect or 0), e.created_at))
    kept: list[ledger.LedgerEntry] = []
    for entry in pool:
        if all(jaccard(tokens(entry.text), tokens(other.text)) < NEAR_DUPLICATE for other in kept):
            kept.append(entry)
    return kept


def consolidated_text(rules: list[ledger.LedgerEntry], max_chars: int) -> str:
    lines: list[str] = []
    for rule in rules:
        block = rule.text.strip()
        if len("\n".join(lines + [block])) > max_chars:
            break
        lines.append(block)
    return "\n".join(lines)


def with_consolidated(text: str, body: str, moved: list[str]) -> str:
    """`text` with its consolidated region holding `body`, and each of `moved` taken out of the
    managed region where it stands verbatim (user text elsewhere is left as it is)."""
    region = managed_span(text)
    for rule in moved:
        block = rule.strip("\n")
        if region is None:
            break
        at = text.find(block, region.start, region.end)
        if at < 0:
            continue
        end = at + len(block)
        end += 1 if text[end:end + 1] == "\n" else 0
        text = text[:at] + text[end:]
        region = managed_span(text)
    block = f"{CONSOLIDATED_BEGIN}\n{body.strip()}\n{CONSOLIDATED_END}\n"
    existing = consolidated_block_span(text)
    if existing is not None:
        return text[:existing.start] + block + text[existing.end:]
    if region is None:
        return (text if text.endswith("\n") or not text else text + "\n") + ("\n" if text else "") + block
    begin_line = text.rfind("\n", 0, region.start - 1) + 1  # the consolidated block goes above the managed one
    return text[:begin_line] + block + "\n" + text[begin_line:]


def gates_tonight(store: Store, skill_path: str, every: int, night_id: str) -> int:
    """1 when the slow update will be judged tonight (it is due, with rules to consolidate), else 0:
    its gate takes a share of the night's false-accept budget (night/gate/budget.py)."""
    return int(is_due(store, skill_path, every, night_id) and len(rules_to_consolidate(store, skill_path)) >= MIN_RULES)


def consolidate_if_due(ctx: NightContext, outcome: RoundsOutcome) -> RoundsOutcome:
    """Try the slow update on the night's final document; on acceptance it becomes the document."""
    if not is_due(ctx.store, ctx.skill_path, ctx.settings.slow_update_every, ctx.night_id):
        return outcome
    rules = rules_to_consolidate(ctx.store, ctx.skill_path)
    if len(rules) < MIN_RULES:
        ctx.notes.append(f"slow update due, but {len(rules)} adopted rule(s) with a positive effect; "
                         f"it needs {MIN_RULES}")
        return outcome
    body = consolidated_text(rules, ctx.settings.limits.max_edit_chars * 2)
    edit = Edit(op="replace", text=body, source=SOURCE, support=len(rules),
                rationale=f"consolidates {len(rules)} adopted rules from nights "
                          f"{', '.join(sorted({r.night_id for r in rules}))}",
                evidence=sorted({t for r in rules for t in r.tasks}))
    record = RoundRecord(len(ctx.records) + 1, 1, [edit.to_dict()], [], {}, diagnosis="slow update")
    ctx.records.append(record)
    if edit.key() in {e.key() for e in load_rejected(ctx.store, ctx.skill_path)}:
        ctx.notes.append("slow update: this consolidation was rejected before; not tried again")
        return outcome
    base: Documents = outcome.docs
    moved = [r.text for r in rules]
    held = screen_change("skill", base.skill, with_consolidated(base.skill, body, moved), memory=base.memory,
                         own=base.skill + "\n" + base.memory, provenance=user_provenance(ctx.store, ctx.train + ctx.val))
    if held:
        for item in held:
            ctx.notes.append(f"slow update held for you, not tried: {item.line()}")
            ctx.ledger(item.edit, item.status, reason=item.why)
        record.refused = [{"edit": item.edit.to_dict(), "status": item.status, "why": item.why} for item in held]
        return outcome

    def document(edits: list[Edit]) -> Documents:
        return Documents(with_consolidated(base.skill, body, moved), base.memory, base.has_memory) if edits else base

    replay_with = ctx.scorer(document)
    record.outcomes = [{"edit": edit.to_dict(), "landed": True, "reason": "consolidated region rewritten"}]
    result = ctx.judge([edit], outcome.current_val, replay_with)
    record.gate = result.gate_record
    outcome.decisions.append(result.verdict.decision)
    ctx.say(f"slow update: gate {result.verdict.decision}: {result.verdict.arithmetic}")
    if result.applied:
        effect = result.attribution.effects.get(edit.key()) if result.attribution else None
        outcome.keep(document([edit]), result.score, [(edit, effect)])
    elif result.rejected:
        judged_against(ctx.store, ctx.skill_path, ctx.night_id, [edit], result, ctx.settings.gate)
    return outcome
