"""What a night's staging folder holds and how it is read back, shared by stage, review, adopt
and revert: the manifest (written last, so a folder without one is an interrupted night), the
backup index adopt leaves, and how a proposal is chosen from the store."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillopt_sleep.errors import StagingError
from skillopt_sleep.store import Store

KINDS = ("skill", "memory", "guardrail")
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
BACKUP_INDEX = "backup.json"
DIFF = "diff.patch"
REPORT_MD = "report.md"
REPORT_JSON = "report.json"
EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


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


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_text(text: str) -> str:
    return sha256_bytes(text.encode("utf-8"))


def read_live_text(path: Path) -> str:
    """A live file's exact text: no newline translation, so CRLF files stay CRLF through a night."""
    return Path(path).read_bytes().decode("utf-8")


def read_current(target: Path) -> tuple[bytes | None, int | None, tuple[int, int] | None]:
    """A live file's bytes, mode and owner; None for a file that does not exist."""
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


def read_json_object(text: str | None) -> dict:
    """Parse a JSON object stored by someone else; anything else reads as empty."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def number(value: Any) -> float | None:
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


def proposal_id_for(night_id: str) -> str:
    return f"p-{night_id}"


def live_paths_of(row: sqlite3.Row) -> set[str]:
    """The live files a proposal row touches (its headline skill when the summary lists none)."""
    summary = read_json_object(row["summary_json"])
    paths = {str(f.get("live_path")) for f in summary.get("files", []) if isinstance(f, dict) and f.get("live_path")}
    return paths or {str(row["skill_path"])}


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


def proposal_manifest(row: sqlite3.Row) -> Manifest:
    """The manifest of a proposal row's stage, checked to belong to that proposal."""
    manifest = load_manifest(Path(row["stage_dir"]))
    if manifest.proposal_id != row["id"]:
        raise StagingError(f"{manifest.path} belongs to proposal {manifest.proposal_id!r}, not {row['id']}")
    if not manifest.files:
        raise StagingError(f"{manifest.path} lists no files for proposal {row['id']}")
    return manifest


def written_path(live_path: Path) -> Path:
    """The file adopt really writes: a skill reached through a symlink is written through it."""
    return Path(os.path.realpath(live_path))


# -- choosing a proposal ------------------------------------------------------------------


def find_proposal(store: Store, proposal_id: str) -> sqlite3.Row:
    row = store.query_one("SELECT * FROM proposals WHERE id = ?", (proposal_id,))
    if row is None:
        raise StagingError(f"no proposal {proposal_id!r}; `skillopt-sleep status` lists them")
    return row


def proposal_skill(row: sqlite3.Row) -> str:
    """The skill a proposal row is for: its summary's name, else its headline file's."""
    summary = read_json_object(row["summary_json"])
    return summary["skill"] if isinstance(summary.get("skill"), str) else skill_name(row["skill_path"])


def split_target(store: Store, value: str | None) -> tuple[str | None, str | None]:
    """(proposal id, skill name) for what a user typed after review / adopt / revert: a skill
    name when some proposal is for that skill and none has that id, else a proposal id."""
    if value is None:
        return None, None
    if store.query_one("SELECT 1 FROM proposals WHERE id = ?", (value,)) is not None:
        return value, None
    if any(proposal_skill(row) == value for row in store.query("SELECT skill_path, summary_json FROM proposals")):
        return None, value
    return value, None


def pick(store: Store, proposal_id: str | None, wanted: str, action: str,
         skill: str | None = None) -> tuple[sqlite3.Row, list[str]]:
    """The named proposal (which must be `wanted`), or the newest `wanted` one of `skill`. Without
    an id or a skill, the `wanted` proposals must all be of one skill: two skills are never
    decided at once by accident. Pending proposals whose stage has no manifest are skipped, and
    the notes say so."""
    notes: list[str] = []
    if proposal_id is not None:
        row = find_proposal(store, proposal_id)
        if row["status"] != wanted:
            raise StagingError(f"proposal {proposal_id} is {row['status']}; only a {wanted} proposal can be {action}ed")
        if skill is not None and proposal_skill(row) != skill:
            raise StagingError(f"proposal {proposal_id} is for skill {proposal_skill(row)!r}, not {skill!r}")
        return row, notes
    order = "decided_at DESC, rowid DESC" if wanted == "adopted" else "created_at DESC, rowid DESC"
    usable: list[sqlite3.Row] = []
    for row in store.query(f"SELECT * FROM proposals WHERE status = ? ORDER BY {order}", (wanted,)):
        if wanted == "pending" and not has_manifest(Path(row["stage_dir"])):
            notes.append(f"ignored proposal {row['id']}: its stage {row['stage_dir']} is incomplete (no {MANIFEST})")
            continue
        usable.append(row)
    if skill is not None:
        usable = [row for row in usable if proposal_skill(row) == skill]
    skills = sorted({proposal_skill(row) for row in usable})
    if len(skills) > 1:
        raise StagingError(f"{wanted} proposals exist for {len(skills)} skills ({', '.join(skills)}); name one: "
                           f"skillopt-sleep {action} --skill-name NAME")
    if usable:
        return usable[0], notes
    for_skill = f" for skill {skill!r}" if skill is not None else ""
    raise StagingError(f"no {wanted} proposal{for_skill} to {action}" + "".join(f"; {note}" for note in notes))
