"""Stage a night's proposal: `staging_root/<night_id>/` with the proposed files, a unified diff,
report.md / report.json and, written last, the manifest, so a killed night leaves a folder that
is visibly incomplete. A night never touches the user's files; only adopt does."""

from __future__ import annotations

import difflib
import json
import os
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.atomicfile import write_atomic, write_json_atomic
from skillopt_sleep.errors import StagingError
from skillopt_sleep.paths import private_dir
from skillopt_sleep.proposals.layout import (
    DIFF, KINDS, MANIFEST, MANIFEST_FORMAT, REPORT_JSON, REPORT_MD, live_paths_of, number, proposal_id_for,
    sha256_text, skill_name, written_path,
)
from skillopt_sleep.proposals.notice import write_notice
from skillopt_sleep.store import Store, utc_now


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


def _check_night_id(night_id: str) -> None:
    if not isinstance(night_id, str) or not night_id.strip() or night_id in (".", "..") \
            or any(sep in night_id for sep in ("/", "\\", "\x00")):
        raise StagingError(f"night id {night_id!r} cannot name a staging folder")


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


def _same_files(paths: set[str]) -> set[str]:
    # A skill reached through a symlink and through its target is one file.
    return {str(written_path(Path(p))) for p in paths}


def _write_stage_files(stage_dir: Path, changed: list[_Prepared], report: dict, report_md: str) -> None:
    try:
        private_dir(stage_dir)  # proposals quote the user's sessions: for the user's eyes alone
        # A re-staged night (resumed after a kill) starts clean: without its manifest the folder
        # reads as incomplete until staging finishes, and stale proposed files cannot linger.
        (stage_dir / MANIFEST).unlink(missing_ok=True)
        shutil.rmtree(stage_dir / "proposed", ignore_errors=True)
        for p in changed:
            target = stage_dir / p.relative
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, p.proposed.encode("utf-8"))
        diff = "".join(unified_diff(p.name, p.original, p.proposed) for p in changed)
        write_atomic(stage_dir / DIFF, diff.encode("utf-8"))
        write_atomic(stage_dir / REPORT_MD, report_md.encode("utf-8"))
        write_json_atomic(stage_dir / REPORT_JSON, report)
    except OSError as exc:
        raise StagingError(f"cannot write the stage folder {stage_dir}: {exc}") from None


def _manifest(night_id: str, proposal_id: str | None, accepted: bool, prepared: list[_Prepared]) -> dict:
    return {
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
            for p in prepared if p.original != p.proposed
        ],
        "unchanged": [str(p.live_path) for p in prepared if p.original == p.proposed],
    }


def _summary(report: dict, changed: list[_Prepared], headline: _Prepared) -> dict:
    return {
        "skill": report.get("skill") if isinstance(report.get("skill"), str) else skill_name(headline.live_path),
        "val_before": number(report.get("val_before")),
        "val_after": number(report.get("val_after")),
        "decision": report.get("decision", report.get("status")),
        "files": [{"kind": p.kind, "live_path": str(p.live_path)} for p in changed],
    }


def _record_pending(conn: sqlite3.Connection, proposal_id: str, night_id: str, stage_dir: Path,
                    headline: _Prepared, summary: dict, changed: list[_Prepared]) -> None:
    """Insert or refresh the pending proposal row, and supersede older pending ones that touch
    the same files."""
    now = utc_now()
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
    new_paths = _same_files({str(p.live_path) for p in changed})
    older = conn.execute("SELECT id, skill_path, summary_json FROM proposals WHERE status = 'pending' AND id != ?",
                         (proposal_id,)).fetchall()
    for row in older:
        if _same_files(live_paths_of(row)) & new_paths:
            conn.execute("UPDATE proposals SET status = 'superseded', decided_at = ? WHERE id = ?", (now, row["id"]))


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
    earlier = store.query_one("SELECT status FROM proposals WHERE id = ?", (proposal_id_for(night_id),))
    if earlier is not None and earlier["status"] != "pending":
        raise StagingError(f"night {night_id} already has proposal {proposal_id_for(night_id)} ({earlier['status']}); "
                           "a decided proposal is never re-staged")

    _write_stage_files(stage_dir, changed, report, report_md)
    manifest = _manifest(night_id, proposal_id, accepted, prepared)
    try:
        with store.transaction() as conn:
            if proposal_id is None:
                # This night proposed something on an earlier try but not on this one.
                conn.execute("UPDATE proposals SET status = 'superseded', decided_at = ? "
                             "WHERE id = ? AND status = 'pending'", (utc_now(), proposal_id_for(night_id)))
            else:
                headline = ([p for p in changed if p.kind == "skill"] or changed)[0]
                _record_pending(conn, proposal_id, night_id, stage_dir, headline,
                                _summary(report, changed, headline), changed)
            write_json_atomic(stage_dir / MANIFEST, manifest)
    except sqlite3.IntegrityError as exc:
        (stage_dir / MANIFEST).unlink(missing_ok=True)
        raise StagingError(f"cannot record proposal {proposal_id}: night {night_id} is not in the store ({exc})") from None
    except OSError as exc:
        raise StagingError(f"cannot write {stage_dir / MANIFEST}: {exc}") from None
    write_notice(store)  # what the next session start announces
    return StageResult(stage_dir, proposal_id)
