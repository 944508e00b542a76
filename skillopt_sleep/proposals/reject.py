"""The user's no: a rejected rule is remembered per skill, and a later night holds back any rule
the gate would take for the same one - the same edit key, the same text once case, spacing and
list marks are set aside, or the same check behind it - unless its evidence is of another kind
than the rejected rule's (new evidence, not the same hypothesis again)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.layout import pick
from skillopt_sleep.proposals.ledger import DECLINED
from skillopt_sleep.proposals.notice import write_notice
from skillopt_sleep.proposals.rulesof import ProposalRule, proposal_rules, select
from skillopt_sleep.records import Edit, stable_json
from skillopt_sleep.store import Store, utc_now

# A whole proposal can be rejected while waiting, or after it was reverted.
REJECTABLE = ("pending", "reverted")

_MARK = re.compile(r"^(?:[-*+]|\d+[.)])\s+")


def normalised(text: str) -> str:
    """The rule's words as the gate would read them: case, spacing, a list mark and the final
    full stop make no other rule."""
    return _MARK.sub("", " ".join(text.lower().split())).rstrip(" .;")


def skill_key(skill_path: str) -> str:
    # Nights record the skill as they were given it; one file is one skill however it is spelled.
    return str(Path(skill_path).expanduser().resolve())


@dataclass
class Rejection:
    rule_key: str
    skill_path: str
    text_norm: str
    check: str
    evidence_kind: str
    text: str
    proposal_id: str
    created_at: str

    def same_rule(self, edit: Edit) -> bool:
        return (edit.key() == self.rule_key or normalised(edit.summary()) == self.text_norm
                or bool(edit.check and edit.check == self.check))


@dataclass
class RejectResult:
    proposal_id: str
    night_id: str
    rules: list[ProposalRule]
    whole: bool  # the proposal itself was rejected, not only some of its rules


def rejections(store: Store, skill_path: str) -> list[Rejection]:
    if not store.has_table("user_rejections"):
        return []  # an older store read without migrating
    rows = store.query("SELECT * FROM user_rejections WHERE skill_path = ? ORDER BY created_at",
                       (skill_key(skill_path),))
    return [Rejection(r["rule_key"], r["skill_path"], r["text_norm"], r["rule_check"], r["evidence_kind"],
                      Edit.from_dict(json.loads(r["edit_json"])).summary(), r["proposal_id"], r["created_at"])
            for r in rows]


def held_back(edit: Edit, known: list[Rejection]) -> Rejection | None:
    """The rejection that keeps `edit` from being proposed, if any: a rule the user rejected, met
    again on evidence of the same kind."""
    return next((r for r in known if r.same_rule(edit) and r.evidence_kind == edit.evidence_kind), None)


def remember(store: Store, night_id: str, proposal_id: str, edits: list[Edit]) -> None:
    """Record `edits` of night `night_id` as rejected by the user, in the rejections and the ledger."""
    night = store.query_one("SELECT skill_path FROM nights WHERE id = ?", (night_id,))
    if night is None:
        raise StagingError(f"night {night_id} is not in the store; cannot record a rejection")
    now = utc_now()
    with store.transaction() as conn:
        for edit in edits:
            conn.execute(
                "INSERT OR REPLACE INTO user_rejections (rule_key, skill_path, text_norm, rule_check, evidence_kind, "
                "edit_json, proposal_id, night_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (edit.key(), skill_key(night["skill_path"]), normalised(edit.summary()), edit.check, edit.evidence_kind,
                 stable_json(edit.to_dict()), proposal_id, night_id, now))
        # The ledger keeps what happened before (a reverted rule stays reverted); a rule still
        # waiting in its proposal is declined.
        conn.executemany("UPDATE rules SET status = ?, reason = ?, updated_at = ? WHERE night_id = ? AND rule_key = ? "
                         "AND status = 'proposed'",
                         [(DECLINED, f"you rejected it ({proposal_id})", now, night_id, edit.key()) for edit in edits])


def declined_keys(store: Store, night_id: str) -> set[str]:
    """The rules of night `night_id` the user has rejected (a plain adopt leaves them out)."""
    rows = store.query("SELECT rule_key FROM user_rejections WHERE night_id = ?", (night_id,))
    return {r["rule_key"] for r in rows}


def reject(store: Store, proposal_id: str | None = None, *, skill: str | None = None,
           rules: list[str] | None = None) -> RejectResult:
    """Reject a proposal (the newest pending one of `skill` when no id is given), or only the
    `rules` of it named as review numbers them. A rejected proposal can no longer be adopted; a
    proposal with some rules rejected stays pending, and adopting it leaves those rules out."""
    row = _rejectable(store, proposal_id, skill)
    known = proposal_rules(row)
    chosen = select(known, rules, row["id"]) if rules else known
    remember(store, row["night_id"], row["id"], [r.edit for r in chosen])
    declined = declined_keys(store, row["night_id"])
    whole = all(r.key in declined for r in known)
    if whole and row["status"] == "pending":
        store.execute("UPDATE proposals SET status = 'rejected', decided_at = ? WHERE id = ? AND status = 'pending'",
                      (utc_now(), row["id"]))
        write_notice(store)
    return RejectResult(row["id"], row["night_id"], chosen, whole)


def reject_reverted(store: Store, proposal_id: str) -> RejectResult:
    """Reject the rules a reverted proposal had adopted (all of it, or the part `adopt --only` took)."""
    row = store.query_one("SELECT * FROM proposals WHERE id = ?", (proposal_id,))
    if row is None or row["status"] != "reverted":
        raise StagingError(f"proposal {proposal_id} is not reverted; only a reverted proposal's rules are rejected so")
    reverted = {r["rule_key"] for r in store.query("SELECT rule_key FROM rules WHERE night_id = ? AND status = 'reverted'",
                                                   (row["night_id"],))}
    chosen = [r for r in proposal_rules(row) if r.key in reverted]
    remember(store, row["night_id"], row["id"], [r.edit for r in chosen])
    return RejectResult(row["id"], row["night_id"], chosen, whole=True)


def _rejectable(store: Store, proposal_id: str | None, skill: str | None):
    if proposal_id is None:
        return pick(store, None, "pending", "reject", skill)[0]
    row = store.query_one("SELECT * FROM proposals WHERE id = ?", (proposal_id,))
    if row is None or row["status"] not in REJECTABLE:
        # pick says what is wrong in the words the other verbs use
        return pick(store, proposal_id, "pending", "reject", skill)[0]
    return row
