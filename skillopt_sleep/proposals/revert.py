"""Revert an adopted proposal: put back the exact bytes adopt replaced, from its backup folder.

Each live file must still be what adopt wrote, when checked and again at the moment it is
swapped (see `swap`); otherwise revert refuses and the user's text stays. What the backup puts
back must be the text the night started from, or pass the same safety screen as a rule. `--force` reverts an
edited file anyway, after saving the edited text next to the backup. All files or none change.
A file keeps its mode, owner and hard links; one the user made read-only is refused, forced or not.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillopt_sleep.atomicfile import write_atomic
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.layout import BACKUP_INDEX, pick, read_current, read_json_object, sha256_bytes
from skillopt_sleep.proposals.notice import write_notice
from skillopt_sleep.proposals.screened import refuse_unscreened
from skillopt_sleep.proposals.swap import AdoptLock, Replacement, read_only_reason, replace_all, undo
from skillopt_sleep.store import Store, utc_now


@dataclass
class RevertedFile:
    kind: str
    live_path: Path
    action: str  # "restored" | "deleted"
    saved_edit: Path | None = None  # where a forced revert kept the user's post-adopt text


@dataclass
class RevertResult:
    proposal_id: str
    night_id: str
    backup_dir: Path
    files: list[RevertedFile]


def _load_backup(backup_dir: Path) -> dict:
    path = backup_dir / BACKUP_INDEX
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StagingError(f"the backup index {path} is missing; cannot revert") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise StagingError(f"the backup index {path} is corrupt: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list) or not data["files"]:
        raise StagingError(f"the backup index {path} is corrupt: no files listed")
    for i, record in enumerate(data["files"]):
        if not isinstance(record, dict) or not all(isinstance(record.get(k), str) for k in
                                                   ("kind", "name", "live_path", "written_path", "proposed_sha256")):
            raise StagingError(f"the backup index {path} is corrupt: files[{i}] is incomplete")
        if record.get("existed") and not (isinstance(record.get("backup"), str) and isinstance(record.get("sha256"), str)):
            raise StagingError(f"the backup index {path} is corrupt: files[{i}] names no backup")
    return data


def _owner(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return value[0], value[1]
    return None


def _read_backup(backup_dir: Path, record: dict) -> bytes:
    backup_path = backup_dir / record["backup"]
    try:
        original = backup_path.read_bytes()
    except OSError as exc:
        raise StagingError(f"backup {backup_path} cannot be read: {exc}; nothing was reverted") from None
    if sha256_bytes(original) != record["sha256"]:
        raise StagingError(f"backup {backup_path} is damaged (sha256 differs from when it was taken); "
                           "nothing was reverted")
    return original


def revert(store: Store, proposal_id: str | None = None, *, force: bool = False, skill: str | None = None) -> RevertResult:
    """Put back the exact bytes an adopted proposal (the newest of `skill` when no id is given) replaced,
    after the safety screen has judged what it would write.

    Refuses when a live file is no longer the adopted text (the user edited it since) unless
    `force`; a forced revert first saves that edited text next to the backup."""
    row, _ = pick(store, proposal_id, "adopted", "revert", skill)
    summary = read_json_object(row["summary_json"])
    if not isinstance(summary.get("backup_dir"), str):
        raise StagingError(f"proposal {row['id']} records no backup folder; cannot revert")
    backup_dir = Path(summary["backup_dir"])
    with AdoptLock(backup_dir.parent):
        fresh = store.query_one("SELECT status FROM proposals WHERE id = ?", (row["id"],))
        if fresh is None or fresh["status"] != "adopted":
            raise StagingError(f"proposal {row['id']} is no longer adopted")
        index = _load_backup(backup_dir)
        stamp = utc_now().replace(":", "").replace("-", "").replace(".", "")
        saved_root = backup_dir / f"edited-before-revert-{stamp}"

        replacements: list[Replacement] = []
        reverted: list[RevertedFile] = []
        to_save: list[tuple[Path, bytes]] = []
        for record in index["files"]:
            label, target = record["live_path"], Path(record["written_path"])
            current, mode, owner = read_current(target)
            refused = read_only_reason(target, mode) if current is not None else None
            if refused:
                raise StagingError(f"{label} {refused}; revert leaves it as it is (make it writable to revert "
                                   f"proposal {row['id']})")
            edited = current is None or sha256_bytes(current) != record["proposed_sha256"]
            if edited and not force:
                what = "was deleted" if current is None else "was edited"
                raise StagingError(f"{label} {what} after proposal {row['id']} was adopted; revert would discard "
                                   "that. Rerun with --force to restore the backup anyway (your version is saved "
                                   "next to the backup)")
            saved = None
            if edited and current is not None:
                saved = saved_root / record["kind"] / record["name"]
                to_save.append((saved, current))
            if record.get("existed"):
                new_mode = record["mode"] if isinstance(record.get("mode"), int) else None
                replacements.append(Replacement(label, target, expected=current,
                                                new=_read_backup(backup_dir, record), new_mode=new_mode,
                                                new_owner=_owner(record.get("owner")), old_mode=mode, old_owner=owner))
                reverted.append(RevertedFile(record["kind"], Path(label), "restored", saved))
            else:
                created = [Path(d) for d in record.get("created_dirs") or [] if isinstance(d, str)]
                replacements.append(Replacement(label, target, expected=current, new=None, new_mode=None,
                                                new_owner=None, old_mode=mode, old_owner=owner, remove_dirs=created))
                reverted.append(RevertedFile(record["kind"], Path(label), "deleted", saved))

        refuse_unscreened(store, row["night_id"], [record["kind"] for record in index["files"]], replacements,
                          doing=f"revert proposal {row['id']}")
        try:
            for path, data in to_save:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, data, mode=0o600)
        except OSError as exc:
            raise StagingError(f"cannot save your edited text under {saved_root}: {exc}; nothing was reverted") from None

        replace_all(replacements, doing=f"proposal {row['id']} was being reverted")
        try:
            with store.transaction() as conn:
                conn.execute("UPDATE proposals SET status = 'reverted', decided_at = ? WHERE id = ?",
                             (utc_now(), row["id"]))
                conn.execute("UPDATE rules SET status = 'reverted', updated_at = ? WHERE night_id = ? AND status = 'adopted'",
                             (utc_now(), row["night_id"]))
        except sqlite3.Error as exc:
            undo(replacements, failure=f"cannot record the revert of {row['id']}: {exc}")
        write_notice(store)
        return RevertResult(row["id"], row["night_id"], backup_dir, reverted)
