"""Staging, adoption and revert of a night's proposed skill / memory text.

A night never touches the user's files: it writes what it proposes into a folder of its own,
with the manifest written last so a killed night leaves a folder that is visibly incomplete.
`adopt` is the only thing that replaces a live file, and only after checking the user has not
edited it since staging and after backing up its exact bytes; `revert` puts those bytes back.
Both change every file of a proposal or none.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from skillopt_sleep.atomicfile import fsync_dir, write_atomic
from skillopt_sleep.errors import StagingError
from skillopt_sleep.store import Store, utc_now

KINDS = ("skill", "memory")
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
BACKUP_INDEX = "backup.json"
EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()
LOCK_TIMEOUT_S = 60.0


# -- records ------------------------------------------------------------------------------


@dataclass
class StagedFile:
    kind: str  # "skill" | "memory"
    live_path: Path  # the user's real file
    original_text: str  # the live text the night started from
    proposed_text: str


@dataclass
class StageResult:
    stage_dir: Path
    proposal_id: str | None  # None when nothing is proposed (gate rejected / unverified / no change)


@dataclass
class ManifestEntry:
    kind: str
    name: str
    live_path: Path
    proposed: str  # path of the staged text, relative to the stage folder
    original_sha256: str
    proposed_sha256: str


@dataclass
class Manifest:
    path: Path
    night_id: str
    proposal_id: str | None
    accepted: bool
    created_at: str
    files: list[ManifestEntry]


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


# -- small helpers ------------------------------------------------------------------------


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_text(text: str) -> str:
    return sha256_bytes(text.encode("utf-8"))


def read_live_text(path: Path) -> str:
    """A live file's exact text: no newline translation, so CRLF files stay CRLF through a night."""
    return Path(path).read_bytes().decode("utf-8")








def _write_json(path: Path, value: Any) -> None:
    write_atomic(path, (json.dumps(value, indent=2, ensure_ascii=False, default=str) + "\n").encode("utf-8"))


def _read_json_object(text: str | None) -> dict:
    """Parse a JSON object stored by someone else; anything else reads as empty."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _number(value: Any) -> float | None:
    if isinstance(value, dict):  # a split score written as {"hard": .., "soft": .., "score": ..}
        value = value.get("score")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def skill_name(path: Path | str) -> str:
    """`.../skills/brief-writer/SKILL.md` is the skill `brief-writer`; any other file is its stem."""
    path = Path(path)
    if path.name.lower() == "skill.md" and path.parent.name:
        return path.parent.name
    return path.stem


def _check_night_id(night_id: str) -> None:
    if not isinstance(night_id, str) or not night_id.strip() or night_id in (".", "..") \
            or any(sep in night_id for sep in ("/", "\\", "\x00")):
        raise StagingError(f"night id {night_id!r} cannot name a staging folder")


def proposal_id_for(night_id: str) -> str:
    return f"p-{night_id}"


def _split_lines(text: str) -> list[str]:
    # Split on "\n" only: str.splitlines also breaks on U+2028, form feeds and lone "\r", which
    # would make a patch that does not apply to the file.
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def unified_diff(name: str, original: str, proposed: str) -> str:
    out: list[str] = []
    for line in difflib.unified_diff(_split_lines(original), _split_lines(proposed),
                                     fromfile=f"a/{name}", tofile=f"b/{name}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


# -- stage --------------------------------------------------------------------------------


def _exact_texts(file: StagedFile, live_path: Path) -> tuple[str, str]:
    """The night may have read the live file with newline translation (Path.read_text does). When
    the live file is that same text with CRLF endings, stage against its exact text and give the
    proposal CRLF endings too, so adopt checks the real bytes and keeps the user's line endings."""
    original, proposed = file.original_text, file.proposed_text
    try:
        exact = live_path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return original, proposed
    if exact == original or "\r" in original or exact.replace("\r\n", "\n") != original:
        return original, proposed
    if exact.count("\n") == exact.count("\r\n"):
        proposed = proposed.replace("\r\n", "\n").replace("\n", "\r\n")
    return exact, proposed


@dataclass
class _Prepared:
    kind: str
    name: str
    live_path: Path
    original: str
    proposed: str

    @property
    def relative(self) -> str:
        return f"proposed/{self.kind}/{self.name}"


def _prepare(file: StagedFile) -> _Prepared:
    if file.kind not in KINDS:
        raise StagingError(f"staged file kind must be one of {', '.join(KINDS)}, got {file.kind!r}")
    if not isinstance(file.original_text, str) or not isinstance(file.proposed_text, str):
        raise StagingError(f"staged texts for {file.live_path} must be str")
    live_path = Path(os.path.abspath(Path(file.live_path).expanduser()))
    if not live_path.name:
        raise StagingError(f"staged file {file.live_path!r} has no file name")
    original, proposed = _exact_texts(file, live_path)
    return _Prepared(file.kind, live_path.name, live_path, original, proposed)


def _proposal_status(store: Store, proposal_id: str) -> str | None:
    row = store.query_one("SELECT status FROM proposals WHERE id = ?", (proposal_id,))
    return None if row is None else str(row["status"])


def _live_paths_of(row: sqlite3.Row) -> set[str]:
    summary = _read_json_object(row["summary_json"])
    paths = {str(f.get("live_path")) for f in summary.get("files", []) if isinstance(f, dict) and f.get("live_path")}
    return paths or {str(row["skill_path"])}


def _same_files(paths: set[str]) -> set[str]:
    # A skill reached through a symlink and through its target is one file.
    return {os.path.realpath(p) for p in paths}


def stage_night(store: Store, staging_root: Path, night_id: str, files: list[StagedFile],
                report: dict, report_md: str, accepted: bool) -> StageResult:
    """Write `staging_root/<night_id>/` and, when the gate accepted a change, a pending proposal.

    The proposal row and the manifest are committed together: the row is inserted, the manifest
    written, then the transaction commits, so a pending proposal always has a complete stage."""
    _check_night_id(night_id)
    stage_dir = Path(staging_root).expanduser() / night_id
    prepared = [_prepare(f) for f in files]
    changed = [p for p in prepared if p.original != p.proposed]
    names = [p.name for p in changed]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise StagingError(f"two staged files share the name {duplicates[0]!r}; the diff could not tell them apart")

    proposal_id = proposal_id_for(night_id) if accepted and changed else None
    # A resumed night stages again into the same folder; that folder is the record of a decided
    # proposal, so it is never rewritten.
    earlier_status = _proposal_status(store, proposal_id_for(night_id))
    if earlier_status not in (None, "pending"):
        raise StagingError(f"night {night_id} already has proposal {proposal_id_for(night_id)} ({earlier_status}); "
                           "a decided proposal is never re-staged")

    try:
        stage_dir.mkdir(parents=True, exist_ok=True)
        # A re-staged night (resumed after a kill) starts clean: without its manifest the folder
        # reads as incomplete until this call finishes, and stale proposed files cannot linger.
        (stage_dir / MANIFEST).unlink(missing_ok=True)
        shutil.rmtree(stage_dir / "proposed", ignore_errors=True)
        for p in changed:
            target = stage_dir / p.relative
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, p.proposed.encode("utf-8"))
        diff = "".join(unified_diff(p.name, p.original, p.proposed) for p in changed)
        write_atomic(stage_dir / "diff.patch", diff.encode("utf-8"))
        write_atomic(stage_dir / "report.md", report_md.encode("utf-8"))
        _write_json(stage_dir / "report.json", report)
    except OSError as exc:
        raise StagingError(f"cannot write the stage folder {stage_dir}: {exc}") from None

    manifest = {
        "format": MANIFEST_FORMAT,
        "night_id": night_id,
        "proposal_id": proposal_id,
        "accepted": bool(accepted),
        "created_at": utc_now(),
        "files": [
            {
                "kind": p.kind,
                "name": p.name,
                "live_path": str(p.live_path),
                "proposed": p.relative,
                "original_sha256": sha256_text(p.original),
                "proposed_sha256": sha256_text(p.proposed),
            }
            for p in changed
        ],
        "unchanged": [str(p.live_path) for p in prepared if p.original == p.proposed],
    }
    if proposal_id is None:
        try:
            with store.transaction() as conn:
                # This night proposed something on an earlier try but not on this one.
                conn.execute("UPDATE proposals SET status = 'superseded', decided_at = ? "
                             "WHERE id = ? AND status = 'pending'", (utc_now(), proposal_id_for(night_id)))
                _write_json(stage_dir / MANIFEST, manifest)
        except OSError as exc:
            raise StagingError(f"cannot write {stage_dir / MANIFEST}: {exc}") from None
        return StageResult(stage_dir, None)

    skill_files = [p for p in changed if p.kind == "skill"]
    headline = (skill_files or changed)[0]
    summary = {
        "skill": report.get("skill") if isinstance(report.get("skill"), str) else skill_name(headline.live_path),
        "val_before": _number(report.get("val_before")),
        "val_after": _number(report.get("val_after")),
        "decision": report.get("decision", report.get("status")),
        "files": [{"kind": p.kind, "live_path": str(p.live_path)} for p in changed],
    }
    new_paths = _same_files({str(p.live_path) for p in changed})
    now = utc_now()
    try:
        with store.transaction() as conn:
            existing = conn.execute("SELECT status FROM proposals WHERE id = ?", (proposal_id,)).fetchone()
            if existing is None:
                conn.execute(
                    "INSERT INTO proposals (id, night_id, skill_path, stage_dir, status, summary_json, created_at)"
                    " VALUES (?, ?, ?, ?, 'pending', ?, ?)",
                    (proposal_id, night_id, str(headline.live_path), str(stage_dir), json.dumps(summary), now),
                )
            elif existing["status"] == "pending":
                conn.execute(
                    "UPDATE proposals SET skill_path = ?, stage_dir = ?, summary_json = ?, created_at = ? WHERE id = ?",
                    (str(headline.live_path), str(stage_dir), json.dumps(summary), now, proposal_id),
                )
            else:
                raise StagingError(f"night {night_id} already has proposal {proposal_id} ({existing['status']})")
            older = conn.execute(
                "SELECT id, skill_path, summary_json FROM proposals WHERE status = 'pending' AND id != ?",
                (proposal_id,),
            ).fetchall()
            for row in older:
                if _same_files(_live_paths_of(row)) & new_paths:
                    conn.execute("UPDATE proposals SET status = 'superseded', decided_at = ? WHERE id = ?",
                                 (now, row["id"]))
            _write_json(stage_dir / MANIFEST, manifest)
    except sqlite3.IntegrityError as exc:
        (stage_dir / MANIFEST).unlink(missing_ok=True)
        raise StagingError(f"cannot record proposal {proposal_id}: night {night_id} is not in the store ({exc})") from None
    except OSError as exc:
        raise StagingError(f"cannot write {stage_dir / MANIFEST}: {exc}") from None
    return StageResult(stage_dir, proposal_id)


# -- manifests ----------------------------------------------------------------------------


def has_manifest(stage_dir: Path) -> bool:
    return (Path(stage_dir) / MANIFEST).is_file()


def load_manifest(stage_dir: Path) -> Manifest:
    path = Path(stage_dir) / MANIFEST
    if not path.is_file():
        raise StagingError(f"stage {stage_dir} is incomplete: it has no {MANIFEST} (its night was interrupted "
                           "before staging finished); rerun the night")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise StagingError(f"{path} is corrupt: {exc}") from None

    def corrupt(why: str) -> StagingError:
        return StagingError(f"{path} is corrupt: {why}")

    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        raise corrupt(f"expected a manifest object of format {MANIFEST_FORMAT}")
    if not isinstance(data.get("files"), list) or not isinstance(data.get("night_id"), str):
        raise corrupt("'night_id' or 'files' missing")
    entries = []
    for i, item in enumerate(data["files"]):
        if not isinstance(item, dict):
            raise corrupt(f"files[{i}] is not an object")
        fields = {k: item.get(k) for k in ("kind", "name", "live_path", "proposed", "original_sha256", "proposed_sha256")}
        if any(not isinstance(v, str) or not v for v in fields.values()):
            raise corrupt(f"files[{i}] lacks one of {', '.join(fields)}")
        if fields["kind"] not in KINDS:
            raise corrupt(f"files[{i}] has unknown kind {fields['kind']!r}")
        relative = Path(fields["proposed"])
        if relative.is_absolute() or ".." in relative.parts:
            raise corrupt(f"files[{i}] points outside the stage folder")
        for key in ("original_sha256", "proposed_sha256"):
            if len(fields[key]) != 64 or any(c not in "0123456789abcdef" for c in fields[key]):
                raise corrupt(f"files[{i}].{key} is not a sha256")
        entries.append(ManifestEntry(fields["kind"], fields["name"], Path(fields["live_path"]), fields["proposed"],
                                     fields["original_sha256"], fields["proposed_sha256"]))
    proposal_id = data.get("proposal_id")
    return Manifest(path, data["night_id"], proposal_id if isinstance(proposal_id, str) else None,
                    bool(data.get("accepted")), str(data.get("created_at", "")), entries)


def _proposal_manifest(row: sqlite3.Row) -> Manifest:
    manifest = load_manifest(Path(row["stage_dir"]))
    if manifest.proposal_id != row["id"]:
        raise StagingError(f"{manifest.path} belongs to proposal {manifest.proposal_id!r}, not {row['id']}")
    if not manifest.files:
        raise StagingError(f"{manifest.path} lists no files for proposal {row['id']}")
    return manifest


# -- choosing a proposal ------------------------------------------------------------------


def _pick(store: Store, proposal_id: str | None, wanted: str, action: str) -> tuple[sqlite3.Row, list[str]]:
    """The named proposal (which must be `wanted`), or the newest `wanted` one. Without an id,
    pending proposals whose stage has no manifest are skipped, and the notes say so."""
    notes: list[str] = []
    if proposal_id is not None:
        row = store.query_one("SELECT * FROM proposals WHERE id = ?", (proposal_id,))
        if row is None:
            raise StagingError(f"no proposal {proposal_id!r}; `skillopt-sleep status` lists them")
        if row["status"] != wanted:
            raise StagingError(f"proposal {proposal_id} is {row['status']}; only a {wanted} proposal can be {action}ed")
        return row, notes
    order = "decided_at DESC, rowid DESC" if wanted == "adopted" else "created_at DESC, rowid DESC"
    for row in store.query(f"SELECT * FROM proposals WHERE status = ? ORDER BY {order}", (wanted,)):
        if wanted == "pending" and not has_manifest(Path(row["stage_dir"])):
            notes.append(f"ignored proposal {row['id']}: its stage {row['stage_dir']} is incomplete (no {MANIFEST})")
            continue
        return row, notes
    raise StagingError(f"no {wanted} proposal to {action}" + "".join(f"; {note}" for note in notes))


class _Locked:
    """One adopt or revert at a time per backups folder, across processes."""

    def __init__(self, backups_root: Path):
        backups_root.mkdir(parents=True, exist_ok=True)
        self.lock = FileLock(str(backups_root / ".adopt.lock"), timeout=LOCK_TIMEOUT_S)

    def __enter__(self) -> None:
        try:
            self.lock.acquire()
        except Timeout:
            raise StagingError(f"another adopt or revert holds {self.lock.lock_file}; try again when it ends") from None

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


# -- replacing live files, all or none -----------------------------------------------------


@dataclass
class _Replacement:
    label: str  # the user's path, for messages
    target: Path  # the real file written (a symlinked skill is written through its link)
    new: bytes | None  # None: the file must not exist afterwards
    new_mode: int | None
    new_owner: tuple[int, int] | None
    old: bytes | None  # what to put back if a later file fails (None: it did not exist)
    old_mode: int | None
    old_owner: tuple[int, int] | None
    make_dirs: list[Path] = field(default_factory=list)  # folders to create first, outermost first
    remove_dirs: list[Path] = field(default_factory=list)  # folders to remove after deleting, if empty


def _read_current(target: Path) -> tuple[bytes | None, int | None, tuple[int, int] | None]:
    """The live file's bytes, mode and owner; None for a file that does not exist."""
    try:
        data = target.read_bytes()
        stat = target.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None, None, None
    except IsADirectoryError:
        raise StagingError(f"{target} is a directory, not a file") from None
    except OSError as exc:
        raise StagingError(f"cannot read {target}: {exc}") from None
    return data, stat.st_mode & 0o7777, (stat.st_uid, stat.st_gid)


def _missing_dirs(folder: Path) -> list[Path]:
    missing: list[Path] = []
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return list(reversed(missing))


def _remove_empty_dirs(folders: list[Path]) -> None:
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            # Not empty (the user put something there) or already gone: leave it.
            return


def _put(target: Path, data: bytes | None, mode: int | None, owner: tuple[int, int] | None,
         make_dirs: list[Path], remove_dirs: list[Path]) -> None:
    if data is None:
        if os.path.lexists(target):
            target.unlink()
            fsync_dir(target.parent)
        _remove_empty_dirs(remove_dirs)
        return
    for folder in make_dirs:
        folder.mkdir(exist_ok=True)
    write_atomic(target, data, mode=mode, owner=owner)


def _replace_all(replacements: list[_Replacement]) -> None:
    """Apply every replacement or, when one fails, undo those already done and raise."""
    done: list[_Replacement] = []
    for rep in replacements:
        try:
            _put(rep.target, rep.new, rep.new_mode, rep.new_owner, rep.make_dirs, rep.remove_dirs)
        except OSError as exc:
            failure = f"cannot write {rep.label}: {exc}"
            break
        done.append(rep)
    else:
        return
    _undo(done, failure=failure)


def _undo(done: list[_Replacement], *, failure: str) -> None:
    """Put back what `done` replaced, newest first, then raise naming the original failure."""
    problems = []
    for rep in reversed(done):
        try:
            # The inverse step: folders the forward step made are removed, ones it removed remade.
            _put(rep.target, rep.old, rep.old_mode, rep.old_owner, rep.remove_dirs, rep.make_dirs)
        except OSError as exc:
            problems.append(f"{rep.label}: {exc}")
    if problems:
        raise StagingError(f"{failure}; restoring the files already changed also failed ({'; '.join(problems)}): "
                           "the previous texts are in the backup folder")
    restored = ", ".join(rep.label for rep in done)
    raise StagingError(f"{failure}; no file was changed" + (f" (put back {restored})" if restored else ""))


# -- adopt --------------------------------------------------------------------------------


def _backup_dir(backups_root: Path, proposal_id: str) -> Path:
    return Path(backups_root) / proposal_id


def adopt(store: Store, proposal_id: str | None = None, *, backups_root: Path) -> AdoptResult:
    """Apply a pending proposal (the newest when no id is given) to the live files."""
    backups_root = Path(backups_root).expanduser()
    with _Locked(backups_root):
        row, notes = _pick(store, proposal_id, "pending", "adopt")
        manifest = _proposal_manifest(row)
        stage_dir = Path(row["stage_dir"])
        backup_dir = _backup_dir(backups_root, row["id"])
        earlier = backup_dir / BACKUP_INDEX

        records: list[dict] = []
        replacements: list[_Replacement] = []
        adopted: list[AdoptedFile] = []
        # Every check runs before anything is written.
        for entry in manifest.files:
            staged_path = stage_dir / entry.proposed
            try:
                proposed = staged_path.read_bytes()
            except OSError as exc:
                raise StagingError(f"staged file {staged_path} cannot be read: {exc}") from None
            if sha256_bytes(proposed) != entry.proposed_sha256:
                raise StagingError(f"staged file {staged_path} was modified after staging; refusing to adopt it")
            target = Path(os.path.realpath(entry.live_path))
            current, mode, owner = _read_current(target)
            if current is None and entry.original_sha256 != EMPTY_SHA256:
                raise StagingError(f"{entry.live_path} no longer exists (it was there when proposal {row['id']} "
                                   "was staged); refusing to adopt")
            if current is not None and sha256_bytes(current) != entry.original_sha256:
                hint = f"; an earlier interrupted adopt left a backup at {backup_dir}" if earlier.is_file() else ""
                raise StagingError(f"{entry.live_path} changed since proposal {row['id']} was staged; refusing to "
                                   "adopt so your edit is kept (rerun the night to build on the new text)" + hint)
            backup_path = backup_dir / entry.kind / entry.name if current is not None else None
            make_dirs = _missing_dirs(target.parent) if current is None else []
            records.append({
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
                "proposed_sha256": entry.proposed_sha256,
                "created_dirs": [str(d) for d in make_dirs],
            })
            replacements.append(_Replacement(str(entry.live_path), target, proposed, mode, owner,
                                             current, mode, owner, make_dirs=make_dirs))
            adopted.append(AdoptedFile(entry.kind, entry.live_path, backup_path, current is None))

        try:
            backup_dir.mkdir(parents=True, exist_ok=True)
            for replacement, record in zip(replacements, records):
                if record["backup"]:
                    path = backup_dir / record["backup"]
                    path.parent.mkdir(parents=True, exist_ok=True)
                    write_atomic(path, replacement.old or b"", mode=0o600)
            _write_json(earlier, {"proposal_id": row["id"], "night_id": row["night_id"], "created_at": utc_now(),
                                  "stage_dir": str(stage_dir), "files": records})
        except OSError as exc:
            raise StagingError(f"cannot write the backup under {backup_dir}: {exc}; no file was changed") from None

        _replace_all(replacements)
        try:
            summary = _read_json_object(row["summary_json"])
            summary["backup_dir"] = str(backup_dir)
            with store.transaction() as conn:
                cursor = conn.execute(
                    "UPDATE proposals SET status = 'adopted', decided_at = ?, summary_json = ? "
                    "WHERE id = ? AND status = 'pending'",
                    (utc_now(), json.dumps(summary), row["id"]),
                )
                if cursor.rowcount != 1:
                    raise StagingError(f"proposal {row['id']} stopped being pending while it was adopted")
        except (sqlite3.Error, StagingError) as exc:
            _undo(replacements, failure=f"cannot record the adoption of {row['id']}: {exc}")
        return AdoptResult(row["id"], row["night_id"], backup_dir, adopted, notes)


# -- revert -------------------------------------------------------------------------------


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


def revert(store: Store, proposal_id: str | None = None, *, force: bool = False) -> RevertResult:
    """Put back the exact bytes an adopted proposal (the newest when no id is given) replaced.

    Refuses when a live file is no longer the adopted text (the user edited it since) unless
    `force`; a forced revert first saves that edited text next to the backup."""
    row, _ = _pick(store, proposal_id, "adopted", "revert")
    summary = _read_json_object(row["summary_json"])
    if not isinstance(summary.get("backup_dir"), str):
        raise StagingError(f"proposal {row['id']} records no backup folder; cannot revert")
    backup_dir = Path(summary["backup_dir"])
    with _Locked(backup_dir.parent):
        fresh = store.query_one("SELECT status FROM proposals WHERE id = ?", (row["id"],))
        if fresh is None or fresh["status"] != "adopted":
            raise StagingError(f"proposal {row['id']} is no longer adopted")
        index = _load_backup(backup_dir)
        stamp = utc_now().replace(":", "").replace("-", "").replace(".", "")
        saved_root = backup_dir / f"edited-before-revert-{stamp}"

        replacements: list[_Replacement] = []
        reverted: list[RevertedFile] = []
        to_save: list[tuple[Path, bytes]] = []
        for record in index["files"]:
            label, target = record["live_path"], Path(record["written_path"])
            current, mode, owner = _read_current(target)
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
                backup_path = backup_dir / record["backup"]
                try:
                    original = backup_path.read_bytes()
                except OSError as exc:
                    raise StagingError(f"backup {backup_path} cannot be read: {exc}; nothing was reverted") from None
                if sha256_bytes(original) != record["sha256"]:
                    raise StagingError(f"backup {backup_path} is damaged (sha256 differs from when it was taken); "
                                       "nothing was reverted")
                new_mode = record["mode"] if isinstance(record.get("mode"), int) else None
                replacements.append(_Replacement(label, target, original, new_mode, _owner(record.get("owner")),
                                                 current, mode, owner))
                reverted.append(RevertedFile(record["kind"], Path(label), "restored", saved))
            else:
                created = [Path(d) for d in record.get("created_dirs") or [] if isinstance(d, str)]
                replacements.append(_Replacement(label, target, None, None, None, current, mode, owner,
                                                 make_dirs=[], remove_dirs=created))
                reverted.append(RevertedFile(record["kind"], Path(label), "deleted", saved))

        try:
            for path, data in to_save:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, data, mode=0o600)
        except OSError as exc:
            raise StagingError(f"cannot save your edited text under {saved_root}: {exc}; nothing was reverted") from None

        _replace_all(replacements)
        try:
            with store.transaction() as conn:
                conn.execute("UPDATE proposals SET status = 'reverted', decided_at = ? WHERE id = ?",
                             (utc_now(), row["id"]))
        except sqlite3.Error as exc:
            _undo(replacements, failure=f"cannot record the revert of {row['id']}: {exc}")
        return RevertResult(row["id"], row["night_id"], backup_dir, reverted)


# -- status and review ----------------------------------------------------------------------


def _night_row(row: sqlite3.Row) -> dict:
    report = _read_json_object(row["report_json"])
    skill = report.get("skill") if isinstance(report.get("skill"), str) else skill_name(row["skill_path"])
    decision = report.get("decision", report.get("status"))
    return {
        "id": row["id"],
        "started_at": row["started_at"],
        "finished_at": row["finished_at"],
        "status": row["status"],
        "skill": skill,
        "skill_path": row["skill_path"],
        "decision": decision if isinstance(decision, str) else None,
        "val_before": _number(report.get("val_before")),
        "val_after": _number(report.get("val_after")),
    }


def _proposal_row(row: sqlite3.Row) -> dict:
    summary = _read_json_object(row["summary_json"])
    skill = summary.get("skill") if isinstance(summary.get("skill"), str) else skill_name(row["skill_path"])
    return {
        "id": row["id"],
        "night_id": row["night_id"],
        "status": row["status"],
        "skill": skill,
        "skill_path": row["skill_path"],
        "files": sorted(_live_paths_of(row)),
        "stage_dir": row["stage_dir"],
        "stage_complete": has_manifest(Path(row["stage_dir"])),
        "val_before": _number(summary.get("val_before")),
        "val_after": _number(summary.get("val_after")),
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


def status_data(store: Store, *, staging_root: Path | None = None) -> dict:
    nights = [_night_row(r) for r in store.query(
        "SELECT id, skill_path, status, started_at, finished_at, report_json FROM nights "
        "ORDER BY started_at DESC, rowid DESC")]
    pending = [_proposal_row(r) for r in store.query(
        "SELECT * FROM proposals WHERE status = 'pending' ORDER BY created_at DESC, rowid DESC")]
    adopted = [_proposal_row(r) for r in store.query(
        "SELECT * FROM proposals WHERE status = 'adopted' ORDER BY decided_at DESC, rowid DESC")]
    return {
        "nights": nights,
        "pending": pending,
        "adopted": adopted,
        "incomplete_stages": incomplete_stages(staging_root) if staging_root is not None else [],
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


def status_text(store: Store, *, staging_root: Path | None = None, max_nights: int = 20) -> str:
    data = status_data(store, staging_root=staging_root)
    lines: list[str] = []
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
    lines.append("")
    if not data["pending"]:
        lines.append("No pending proposals.")
    else:
        lines.append(f"Pending proposals ({len(data['pending'])}):")
        for p in data["pending"]:
            lines.append(f"  {p['id']}  {p['skill']}  held-out {_held_out(p['val_before'], p['val_after'])}"
                         f"  (night {p['night_id']})")
            lines.append(f"    stage: {p['stage_dir']}")
            if p["stage_complete"]:
                lines.append(f"    review: skillopt-sleep review {p['id']}   adopt: skillopt-sleep adopt {p['id']}")
            else:
                lines.append(f"    incomplete stage (no {MANIFEST}): ignored, cannot be adopted")
    if data["adopted"]:
        lines.append("")
        lines.append("Adopted (can be reverted):")
        for p in data["adopted"]:
            lines.append(f"  {p['id']}  {p['skill']}  adopted {p['decided_at']}   revert: skillopt-sleep revert {p['id']}")
    if data["incomplete_stages"]:
        lines.append("")
        lines.append(f"Incomplete stages (no {MANIFEST}; their nights were interrupted; ignored):")
        lines += [f"  {d}" for d in data["incomplete_stages"]]
    return "\n".join(lines)


def _live_state(entry: ManifestEntry) -> str:
    current, _, _ = _read_current(Path(os.path.realpath(entry.live_path)))
    if current is None:
        return "does not exist yet; adopt creates it" if entry.original_sha256 == EMPTY_SHA256 \
            else "MISSING since staging; adopt will refuse"
    digest = sha256_bytes(current)
    if digest == entry.original_sha256:
        return "unchanged since staging"
    if digest == entry.proposed_sha256:
        return "already holds the proposed text"
    return "CHANGED since staging; adopt will refuse"


def review_text(store: Store, proposal_id: str | None = None) -> str:
    """The staged diff and report of the newest pending proposal, or of the one named."""
    if proposal_id is None:
        row, notes = _pick(store, None, "pending", "review")
    else:
        row = store.query_one("SELECT * FROM proposals WHERE id = ?", (proposal_id,))
        if row is None:
            raise StagingError(f"no proposal {proposal_id!r}; `skillopt-sleep status` lists them")
        notes = []
    manifest = _proposal_manifest(row)
    stage_dir = Path(row["stage_dir"])
    try:
        diff = (stage_dir / "diff.patch").read_text(encoding="utf-8")
        report_md = (stage_dir / "report.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StagingError(f"stage {stage_dir} is damaged: {exc}") from None
    lines = [f"Proposal {row['id']} ({row['status']}) from night {row['night_id']}, staged {row['created_at']}",
             f"Stage: {stage_dir}", "Files:"]
    lines += [f"  {e.kind:<6}  {e.live_path}  ({_live_state(e)})" for e in manifest.files]
    lines += [f"Note: {note}" for note in notes]
    if row["status"] == "pending":
        lines.append(f"Adopt with: skillopt-sleep adopt {row['id']}")
    lines += ["", "=== diff.patch ===", diff.rstrip("\n"), "", "=== report.md ===", report_md.rstrip("\n")]
    return "\n".join(lines) + "\n"

