"""What `status` and `review` show: the nights so far, the proposals waiting for review or
revert, incomplete stages, and a proposal's diff and report with the state of each live file.
Reading only: nothing here writes a file or the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from skillopt_sleep import paths
from skillopt_sleep.capture.confine import skipped_links
from skillopt_sleep.capture.spool import losses_text, lost_captures
from skillopt_sleep.capture.unknown import RECORD, stored_unknown
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.layout import (
    DIFF, EMPTY_SHA256, MANIFEST, REPORT_MD, ManifestEntry, find_proposal, has_manifest, live_paths_of, number, pick,
    proposal_manifest, proposal_skill, read_current, read_json_object, sha256_bytes, skill_name, written_path,
)
from skillopt_sleep.proposals.ledger import DECLINED, WITHHELD
from skillopt_sleep.proposals.rulesof import proposal_rules
from skillopt_sleep.screen.ruletext import review_line
from skillopt_sleep.shorten import first_line
from skillopt_sleep.store import Store


UNVERIFIED = "unverified"
HELD = "held"  # night.report.holding.HELD: part of the change failed the safety screen


def unverified_why(gates: list, notes: list, replay_errors: int = 0, replays: int = 0) -> str:
    """Why a night ended unverified, in one line: the gate's own reason in the last round it could
    not judge, else the night's note on its held-out tasks; with the replays that failed."""
    reasons = [g["reason"] for g in gates if isinstance(g, dict) and g.get("decision") == UNVERIFIED
               and isinstance(g.get("reason"), str) and g["reason"]]
    held_out = [n for n in notes if isinstance(n, str) and "held-out" in n]
    why = reasons[-1] if reasons else (held_out[0] if held_out else "no held-out comparison could judge an edit")
    if replay_errors and str(replay_errors) not in why:
        why += f" ({replay_errors} of {replays} replays failed)"
    return why


def _night_row(row: sqlite3.Row) -> dict:
    report = read_json_object(row["report_json"])
    skill = report.get("skill") if isinstance(report.get("skill"), str) else skill_name(row["skill_path"])
    decision = report.get("decision", report.get("status"))
    why = None
    notes = report.get("notes") if isinstance(report.get("notes"), list) else []
    if decision == UNVERIFIED:
        rounds = report.get("rounds") if isinstance(report.get("rounds"), list) else []
        why = unverified_why([r.get("gate") for r in rounds if isinstance(r, dict)], notes,
                             int(number(report.get("replay_errors")) or 0), int(number(report.get("replays")) or 0))
    elif decision == HELD:
        why = next((n for n in notes if isinstance(n, str) and n.startswith("held for you")),
                   "part of the change failed the safety screen")
    return {
        "id": row["id"],
        "started_at": row["started_at"],
        "finished_at": row["finished_at"],
        "status": row["status"],
        "skill": skill,
        "skill_path": row["skill_path"],
        "decision": decision if isinstance(decision, str) else None,
        "val_before": number(report.get("val_before")),
        "val_after": number(report.get("val_after")),
        "why": why,  # for an unverified night: why the gate could not judge; for a held one: what was held
    }


def _proposal_row(row: sqlite3.Row) -> dict:
    summary = read_json_object(row["summary_json"])
    return {
        "id": row["id"],
        "night_id": row["night_id"],
        "status": row["status"],
        "skill": proposal_skill(row),
        "skill_path": row["skill_path"],
        "files": sorted(live_paths_of(row)),
        "stage_dir": row["stage_dir"],
        "stage_complete": has_manifest(Path(row["stage_dir"])),
        "val_before": number(summary.get("val_before")),
        "val_after": number(summary.get("val_after")),
        "created_at": row["created_at"],
        "decided_at": row["decided_at"],
        "backup_dir": summary.get("backup_dir") if isinstance(summary.get("backup_dir"), str) else None,
    }


def incomplete_stages(staging_root: Path) -> list[str]:
    """Stage folders without a manifest: nights killed while staging. Nothing uses them."""
    root = Path(staging_root).expanduser()
    if not root.is_dir():
        return []
    return sorted(str(d) for d in root.iterdir() if d.is_dir() and not (d / MANIFEST).is_file())


def _rows(store: Store, table: str, sql: str) -> list[sqlite3.Row]:
    """`sql` on `table`; nothing where a store read without migrating has no such table yet."""
    if store.missing_migrations and not store.has_table(table):
        return []
    return store.query(sql)


def store_notes(store: Store) -> list[str]:
    """How the store was opened, when it could not be opened as usual."""
    if not store.read_only:
        return []
    notes = [f"The store {store.path} is open for reading only ({store.read_only}); nothing was written."]
    if store.missing_migrations:
        notes.append(f"Its schema is older than this version needs ({len(store.missing_migrations)} migration(s) not "
                     "applied): what the newer tables hold is not shown; make it writable once to upgrade it.")
    return notes


def status_data(store: Store, *, staging_root: Path | None = None, data_dir: Path | None = None) -> dict:
    nights = [_night_row(r) for r in _rows(store, "nights",
        "SELECT id, skill_path, status, started_at, finished_at, report_json FROM nights "
        "ORDER BY started_at DESC, rowid DESC")]
    pending = [_proposal_row(r) for r in _rows(store, "proposals",
        "SELECT * FROM proposals WHERE status = 'pending' ORDER BY created_at DESC, rowid DESC")]
    adopted = [_proposal_row(r) for r in _rows(store, "proposals",
        "SELECT * FROM proposals WHERE status = 'adopted' ORDER BY decided_at DESC, rowid DESC")]
    losses = lost_captures(store, data_dir or paths.data_dir())
    links = skipped_links(store) if not store.missing_migrations or store.has_table("skipped_links") else []
    return {
        "store": {"path": str(store.path), "read_only": store.read_only, "missing_migrations": store.missing_migrations},
        "capture_losses": {"lost": losses.lost, "lost_since": losses.lost_since, "waiting": losses.waiting,
                           "waiting_since": losses.waiting_since, "waiting_in": losses.waiting_in,
                           "lines": losses_text(losses)},
        "nights": nights,
        "pending": pending,
        "adopted": adopted,
        "incomplete_stages": incomplete_stages(staging_root) if staging_root is not None else [],
        "skipped_links": [{"path": link.path, "target": link.target, "agent": link.agent} for link in links],
        "unknown": [{"agent": u.agent, "kind": u.kind, "name": u.name, "count": u.count, "last_seen": u.last_seen}
                    for u in stored_unknown(store)],
    }


def _held_out(before: float | None, after: float | None) -> str:
    if before is None and after is None:
        return "-"
    return f"{_score(before)} -> {_score(after)}"


def _score(value: float | None) -> str:
    return "?" if value is None else f"{value:.2f}"


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in rows]


def status_text(store: Store, *, staging_root: Path | None = None, max_nights: int = 20,
                data_dir: Path | None = None) -> str:
    data = status_data(store, staging_root=staging_root, data_dir=data_dir)
    lines: list[str] = store_notes(store) + data["capture_losses"]["lines"]
    if lines:
        lines.append("")
    nights = data["nights"]
    if not nights:
        lines.append("No nights yet.")
    else:
        lines.append(f"Nights ({len(nights)}, newest first):")
        rows = [["ID", "STARTED (UTC)", "STATUS", "SKILL", "DECISION", "HELD-OUT"]]
        for n in nights[:max_nights]:
            rows.append([n["id"], n["started_at"] or "-", n["status"] or "-", n["skill"] or "-",
                         n["decision"] or "-", _held_out(n["val_before"], n["val_after"])])
        lines += _table(rows)
        if len(nights) > max_nights:
            lines.append(f"  ... and {len(nights) - max_nights} older (status --json lists all)")
        for decision, heading in ((UNVERIFIED, "Unverified nights (the gate could not judge their edits; nothing was proposed):"),
                                  (HELD, "Held nights (part of the change failed the safety screen; nothing was proposed):")):
            listed = [n for n in nights[:max_nights] if n["why"] and n["decision"] == decision]
            if listed:
                lines.append(heading)
                lines += [f"  {n['id']}: {n['why']}" for n in listed]
    lines.append("")
    if not data["pending"]:
        lines.append("No pending proposals.")
    else:
        skills = sorted({p["skill"] for p in data["pending"]})
        lines.append(f"Pending proposals ({len(data['pending'])}, {len(skills)} skill(s)):")
        for skill in skills:
            lines.append(f"  skill {skill}:")
            for p in (p for p in data["pending"] if p["skill"] == skill):
                lines.append(f"    {p['id']}  held-out {_held_out(p['val_before'], p['val_after'])}  (night {p['night_id']})")
                lines.append(f"      stage: {p['stage_dir']}")
                if p["stage_complete"]:
                    lines.append(f"      review: skillopt-sleep review {p['id']}   adopt: skillopt-sleep adopt {p['id']}")
                else:
                    lines.append(f"      incomplete stage (no {MANIFEST}): ignored, cannot be adopted")
    if data["adopted"]:
        lines.append("")
        lines.append("Adopted (can be reverted):")
        for p in data["adopted"]:
            lines.append(f"  {p['id']}  {p['skill']}  adopted {p['decided_at']}   revert: skillopt-sleep revert {p['id']}")
    if data["incomplete_stages"]:
        lines.append("")
        lines.append(f"Incomplete stages (no {MANIFEST}; their nights were interrupted; ignored):")
        lines += [f"  {d}" for d in data["incomplete_stages"]]
    if data["skipped_links"]:
        lines.append("")
        lines.append(f"Links in the agents' history folders, never followed ({len(data['skipped_links'])}):")
        lines += [f"  {link['path']} -> {link['target']}" for link in data["skipped_links"]]
    if data["unknown"]:
        lines.append("")
        lines.append("Written by the agents, known to no reader here (skipped; a newer skillopt-sleep may read them):")
        lines += [f"  {u['agent']}  {'record type' if u['kind'] == RECORD else 'hook field'} {u['name']}: {u['count']}, "
                  f"last {u['last_seen']}" for u in data["unknown"]]
    return "\n".join(lines)


def _live_state(entry: ManifestEntry) -> str:
    current, _, _ = read_current(written_path(entry.live_path))
    if current is None:
        return "does not exist yet; adopt creates it" if entry.original_sha256 == EMPTY_SHA256 \
            else "MISSING since staging; adopt will refuse"
    digest = sha256_bytes(current)
    if digest == entry.original_sha256:
        return "unchanged since staging"
    if digest == entry.proposed_sha256:
        return "already holds the proposed text"
    return "CHANGED since staging; adopt will refuse"


# A rule in the document the night ended with: its last word, whatever an edit of the same text met before.
FINAL = ("adopted", "reverted", "proposed", "accepted", "probation")


def one_per_rule(entries: list[ledger.LedgerEntry]) -> list[ledger.LedgerEntry]:
    """One entry per rule text and night: two edits that say the same (added at two places, or
    first rejected and then kept in other company) read as one rule with its final status."""
    chosen: dict[tuple[str, str], ledger.LedgerEntry] = {}
    for entry in entries:  # oldest first: a later word replaces an earlier one
        key = (entry.night_id, " ".join(entry.text.split()))
        earlier = chosen.get(key)
        if earlier is None or earlier.status not in FINAL or entry.status in FINAL:
            chosen[key] = entry
    return [entry for entry in entries if chosen.get((entry.night_id, " ".join(entry.text.split()))) is entry]


def numbered_rules(row: sqlite3.Row, rules: list[ledger.LedgerEntry]) -> list[str]:
    """The proposal's rules by the number and key `adopt --only` and `reject --rule` take."""
    try:
        numbered = proposal_rules(row)
    except StagingError:
        return []  # a stage without its report: the diff below still shows the change
    if not numbered:
        return []
    status = {e.rule_key: e.status for e in rules}
    lines = ["", f"Rules of this proposal (adopt part: skillopt-sleep adopt {row['id']} --only N...; "
                 f"say no: skillopt-sleep reject {row['id']} --rule N...):"]
    for rule in numbered:
        effect = "" if rule.effect is None else f"  effect {rule.effect:+.3f}"
        said = status.get(rule.key, "")
        mark = " (rejected by you)" if said == DECLINED else f" ({said})" if said and said != "proposed" else ""
        lines.append(f"  {rule.number}. [{rule.key[:8]}] {review_line(first_line(rule.edit.summary(), 100))}{effect}{mark}")
    return lines


def review_text(store: Store, proposal_id: str | None = None, skill: str | None = None) -> str:
    """The staged diff and report of the newest pending proposal (of `skill`), or of the one named."""
    if proposal_id is None:
        row, notes = pick(store, None, "pending", "review", skill)
    else:
        row = find_proposal(store, proposal_id)
        notes = []
    notes = notes + store_notes(store)
    manifest = proposal_manifest(row)
    stage_dir = Path(row["stage_dir"])
    try:
        diff = (stage_dir / DIFF).read_text(encoding="utf-8")
        report_md = (stage_dir / REPORT_MD).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StagingError(f"stage {stage_dir} is damaged: {exc}") from None
    lines = [f"Proposal {row['id']} ({row['status']}) from night {row['night_id']}, staged {row['created_at']}",
             f"Stage: {stage_dir}", "Files:"]
    lines += [f"  {e.kind:<6}  {e.live_path}  ({_live_state(e)})" for e in manifest.files]
    lines += [f"Note: {note}" for note in notes]
    if row["status"] == "pending":
        lines.append(f"Adopt with: skillopt-sleep adopt {row['id']}")
    rules = one_per_rule(ledger.entries(store, night_id=row["night_id"]))
    lines += numbered_rules(row, rules)
    stopped = [e for e in rules if e.status in ledger.NOT_TRIED]
    if stopped:
        lines += ["", "Rules this night refused or held for review (never tried):", ledger.render(stopped)]
    withheld = [e for e in rules if e.status == WITHHELD]
    if withheld:
        lines += ["", "Rules held back because you rejected them before (not proposed again):", ledger.render(withheld)]
    lines += ["", f"=== {DIFF} ===", diff.rstrip("\n"), "", "=== rules of this night (ledger) ===",
              ledger.render([e for e in rules if e.status not in ledger.NOT_TRIED and e.status != WITHHELD]),
              "", f"=== {REPORT_MD} ===", report_md.rstrip("\n")]
    return "\n".join(lines) + "\n"

