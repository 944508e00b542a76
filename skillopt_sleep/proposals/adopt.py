"""Adopt a pending proposal: the only step that replaces a user's live file.

Every check runs before anything is written: the staged text is what was staged, each live
file is still the text the night started from, and what the staged text adds passes the same
safety screen as a proposed rule (`screened`). Then the exact bytes about to be replaced are
backed up, and each file is swapped only if it still holds those bytes at that moment (see
`swap`), so a save made while adopt runs is kept and adopt refuses. All files or none change.
A file keeps its mode, owner and hard links; one the user made read-only is refused.

`only` adopts part of a proposal: the files are rebuilt from the live text with only the named
rules (`partial`), and go through the same checks, backup, screen and swap; the rules left out
are recorded as rejected unless `reject_rest` is False. Rules the user rejected before are left
out of a plain adopt the same way.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.atomicfile import write_atomic, write_json_atomic
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.layout import (
    BACKUP_INDEX, EMPTY_SHA256, ManifestEntry, pick, proposal_manifest, read_current, read_json_object, sha256_bytes,
    written_path,
)
from skillopt_sleep.proposals.notice import write_notice
from skillopt_sleep.proposals.reject import declined_keys, remember
from skillopt_sleep.proposals.rulesof import ProposalRule, Rebuild, proposal_rules, select
from skillopt_sleep.proposals.screened import refuse_unscreened
from skillopt_sleep.proposals.swap import AdoptLock, Replacement, missing_dirs, read_only_reason, replace_all, undo
from skillopt_sleep.store import Store, utc_now



@dataclass
class AdoptedFile:
    kind: str
    live_path: Path
    backup_path: Path | None  # None when the file did not exist before (revert deletes it)
    created: bool


@dataclass
class AdoptResult:
    proposal_id: str
    night_id: str
    backup_dir: Path
    files: list[AdoptedFile]
    notes: list[str] = field(default_factory=list)
    adopted_rules: list[ProposalRule] = field(default_factory=list)  # only when part of the proposal was adopted
    left_out: list[ProposalRule] = field(default_factory=list)
    rejected_rest: bool = False  # the rules left out were recorded as rejected


@dataclass
class _Part:
    adopted: list[ProposalRule]
    left_out: list[ProposalRule]


def _part(store: Store, row: sqlite3.Row, only: list[str] | None) -> _Part | None:
    """The rules to adopt when not all of them: those named, else all the user has not rejected."""
    declined = declined_keys(store, row["night_id"])
    if not only and not declined:
        return None
    rules = proposal_rules(row)
    chosen = select(rules, only, row["id"]) if only else [r for r in rules if r.key not in declined]
    if not chosen:
        raise StagingError(f"every rule of proposal {row['id']} was rejected; nothing is left to adopt")
    if len(chosen) == len(rules):
        return None  # all of them: the staged text itself
    return _Part(chosen, [r for r in rules if r not in chosen])


def backup_dir_for(backups_root: Path, proposal_id: str) -> Path:
    return Path(backups_root) / proposal_id


def _checked_replacement(entry: ManifestEntry, stage_dir: Path, proposal_id: str,
                         backup_dir: Path, rebuilt: bytes | None = None) -> tuple[Replacement, dict]:
    """The swap for one manifest entry and its backup record, after checking the staged text (or
    taking `rebuilt`, the text of part of the proposal) and that the live file has not changed
    since staging."""
    staged_path = stage_dir / entry.proposed
    try:
        proposed = staged_path.read_bytes()
    except OSError as exc:
        raise StagingError(f"staged file {staged_path} cannot be read: {exc}") from None
    if sha256_bytes(proposed) != entry.proposed_sha256:
        raise StagingError(f"staged file {staged_path} was modified after staging; refusing to adopt it")
    proposed = proposed if rebuilt is None else rebuilt
    target = written_path(entry.live_path)
    current, mode, owner = read_current(target)
    refused = read_only_reason(target, mode) if current is not None else None
    if refused:
        raise StagingError(f"{entry.live_path} {refused}; adopt leaves it as it is (make it writable to adopt "
                           f"proposal {proposal_id})")
    if current is None and entry.original_sha256 != EMPTY_SHA256:
        raise StagingError(f"{entry.live_path} no longer exists (it was there when proposal {proposal_id} "
                           "was staged); refusing to adopt")
    if current is not None and sha256_bytes(current) != entry.original_sha256:
        hint = (f"; an earlier interrupted adopt left a backup at {backup_dir}"
                if (backup_dir / BACKUP_INDEX).is_file() else "")
        raise StagingError(f"{entry.live_path} changed since proposal {proposal_id} was staged; refusing to "
                           "adopt so your edit is kept (rerun the night to build on the new text)" + hint)
    make_dirs = missing_dirs(target.parent) if current is None else []
    record = {
        "kind": entry.kind,
        "name": entry.name,
        "live_path": str(entry.live_path),
        "written_path": str(target),
        "existed": current is not None,
        "sha256": sha256_bytes(current) if current is not None else None,
        "size": len(current) if current is not None else 0,
        "mode": mode,
        "owner": list(owner) if owner else None,
        "backup": f"{entry.kind}/{entry.name}" if current is not None else None,
        "proposed_sha256": sha256_bytes(proposed),  # what revert expects to find
        "created_dirs": [str(d) for d in make_dirs],
    }
    replacement = Replacement(str(entry.live_path), target, expected=current, new=proposed, new_mode=mode,
                              new_owner=owner, old_mode=mode, old_owner=owner, make_dirs=make_dirs)
    return replacement, record


def _write_backup(backup_dir: Path, row: sqlite3.Row, stage_dir: Path,
                  replacements: list[Replacement], records: list[dict]) -> None:
    """Back up the exact bytes each swap expects to replace, and the index revert reads."""
    try:
        backup_dir.mkdir(parents=True, exist_ok=True)
        for replacement, record in zip(replacements, records):
            if record["backup"]:
                path = backup_dir / record["backup"]
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, replacement.expected or b"", mode=0o600)
        write_json_atomic(backup_dir / BACKUP_INDEX, {"proposal_id": row["id"], "night_id": row["night_id"],
                                               "created_at": utc_now(), "stage_dir": str(stage_dir),
                                               "files": records})
    except OSError as exc:
        raise StagingError(f"cannot write the backup under {backup_dir}: {exc}; no file was changed") from None


def adopt(store: Store, proposal_id: str | None = None, *, backups_root: Path, skill: str | None = None,
          only: list[str] | None = None, reject_rest: bool = True,
          rebuild: Rebuild | None = None) -> AdoptResult:
    """Apply a pending proposal (the newest of `skill` when no id is given) to the live files, or
    only the rules `only` names, after the safety screen has judged what it would write; `rebuild`
    writes part of a proposal (`api` always passes the night's)."""
    backups_root = Path(backups_root).expanduser()
    with AdoptLock(backups_root):
        row, notes = pick(store, proposal_id, "pending", "adopt", skill)
        manifest = proposal_manifest(row)
        stage_dir = Path(row["stage_dir"])
        backup_dir = backup_dir_for(backups_root, row["id"])
        part = _part(store, row, only)
        files = manifest.files
        if part is not None:
            if rebuild is None:
                raise StagingError(f"part of proposal {row['id']} cannot be adopted here: nothing to rebuild its files")
            rebuilt = rebuild(files, part.adopted, row["id"])
            # A file the chosen rules leave as it is stays out of the adoption.
            files = [e for e in files if rebuilt[str(e.live_path)] != read_current(written_path(e.live_path))[0]]
            if not files:
                raise StagingError(f"the rules chosen of proposal {row['id']} change no file; nothing to adopt")
            checked = [_checked_replacement(e, stage_dir, row["id"], backup_dir, rebuilt[str(e.live_path)]) for e in files]
        else:
            checked = [_checked_replacement(entry, stage_dir, row["id"], backup_dir) for entry in files]
        replacements = [replacement for replacement, _ in checked]
        records = [record for _, record in checked]
        refuse_unscreened(store, row["night_id"], [entry.kind for entry in files], replacements,
                          doing=f"adopt proposal {row['id']}")
        _write_backup(backup_dir, row, stage_dir, replacements, records)

        replace_all(replacements, doing=f"proposal {row['id']} was being adopted")
        try:
            summary = read_json_object(row["summary_json"])
            summary["backup_dir"] = str(backup_dir)
            with store.transaction() as conn:
                cursor = conn.execute(
                    "UPDATE proposals SET status = 'adopted', decided_at = ?, summary_json = ? "
                    "WHERE id = ? AND status = 'pending'",
                    (utc_now(), json.dumps(summary), row["id"]),
                )
                if cursor.rowcount != 1:
                    raise StagingError(f"proposal {row['id']} stopped being pending while it was adopted")
                keys = [r.key for r in part.adopted] if part is not None else None
                conn.execute("UPDATE rules SET status = 'adopted', updated_at = ? WHERE night_id = ? AND status = 'proposed'"
                             + (f" AND rule_key IN ({', '.join('?' * len(keys))})" if keys is not None else ""),
                             (utc_now(), row["night_id"], *(keys or [])))
        except (sqlite3.Error, StagingError) as exc:
            undo(replacements, failure=f"cannot record the adoption of {row['id']}: {exc}")
        if part is not None:
            _leave_out(store, row, part.left_out, reject_rest)
        write_notice(store)
        adopted = [AdoptedFile(entry.kind, entry.live_path, backup_dir / r["backup"] if r["backup"] else None,
                               not r["existed"]) for entry, r in zip(files, records)]
        result = AdoptResult(row["id"], row["night_id"], backup_dir, adopted, notes)
        if part is not None:
            result.adopted_rules, result.left_out, result.rejected_rest = part.adopted, part.left_out, reject_rest
        return result


def _leave_out(store: Store, row: sqlite3.Row, left_out: list[ProposalRule], reject_rest: bool) -> None:
    """The rules not adopted: rejected (remembered by later nights), or only marked as left out."""
    if reject_rest:
        declined = declined_keys(store, row["night_id"])
        remember(store, row["night_id"], row["id"], [r.edit for r in left_out if r.key not in declined])
        return
    with store.transaction() as conn:
        conn.executemany("UPDATE rules SET status = 'dropped', reason = ?, updated_at = ? WHERE night_id = ? "
                         "AND rule_key = ? AND status = 'proposed'",
                         [(f"left out of adopt --only ({row['id']}); not rejected", utc_now(), row["night_id"], r.key)
                          for r in left_out])
