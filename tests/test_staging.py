"""Staging, adopt, revert, status and review over real files and a real SQLite store."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from skillopt_sleep.cli import main
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.proposals.layout import MANIFEST, read_live_text, sha256_bytes
from skillopt_sleep.proposals.review import review_text, status_data, status_text
from skillopt_sleep.proposals.revert import revert
from skillopt_sleep.proposals.stage import StagedFile, stage_night
from skillopt_sleep.store import Store

SKILL_V1 = "---\nname: brief-writer\ndescription: writes briefs\n---\n# Brief writer\n\nWrite a brief.\n"
SKILL_V2 = SKILL_V1 + "\n## Format\n\nEnd with a section titled Key Risks.\n"


@pytest.fixture
def home(data_home) -> Path:
    return data_home


def add_night(store: Store, night_id: str, skill_path: Path, *, report_json: str | None = None,
              started_at: str = "2025-01-01T03:30:00.000000Z", status: str = "finished") -> None:
    store.insert("nights", {
        "id": night_id, "skill_path": str(skill_path), "status": status, "seed": 1, "config_json": "{}",
        "report_json": report_json, "started_at": started_at,
    })


def make_skill(tmp_path: Path, name: str = "brief-writer", data: bytes = SKILL_V1.encode(), mode: int = 0o644) -> Path:
    path = tmp_path / "skills" / name / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, mode)
    return path


def stage(store, tmp_path, night_id, files, *, accepted=True, report=None, started_at="2025-01-01T03:30:00.000000Z"):
    report = {"skill": "brief-writer", "val_before": 0.2, "val_after": 0.6, "decision": "accepted"} \
        if report is None else report
    add_night(store, night_id, files[0].live_path, report_json=json.dumps(report), started_at=started_at)
    return stage_night(store, tmp_path / "staging", night_id, files, report, f"# Night {night_id}\n\nHeld-out 0.2 -> 0.6\n",
                       accepted)


def proposal_status(store, proposal_id):
    return store.query_one("SELECT status FROM proposals WHERE id = ?", (proposal_id,))["status"]


# -- stage ----------------------------------------------------------------------------------


def test_stage_writes_proposed_files_diff_reports_and_manifest(store, tmp_path):
    skill = make_skill(tmp_path)
    result = stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])

    assert result.proposal_id == "p-n1"
    assert result.stage_dir == tmp_path / "staging" / "n1"
    assert (result.stage_dir / "proposed" / "skill" / "SKILL.md").read_text(encoding="utf-8") == SKILL_V2
    assert json.loads((result.stage_dir / "report.json").read_text())["val_after"] == 0.6
    assert (result.stage_dir / "report.md").read_text().startswith("# Night n1")
    manifest = json.loads((result.stage_dir / MANIFEST).read_text())
    assert manifest["proposal_id"] == "p-n1"
    [entry] = manifest["files"]
    assert entry["live_path"] == str(skill)
    assert entry["original_sha256"] == sha256_bytes(SKILL_V1.encode())
    assert entry["proposed_sha256"] == sha256_bytes(SKILL_V2.encode())
    diff = (result.stage_dir / "diff.patch").read_text()
    assert diff.startswith("--- a/SKILL.md\n+++ b/SKILL.md\n")
    assert "+End with a section titled Key Risks.\n" in diff
    # Staging never writes the live file.
    assert skill.read_text(encoding="utf-8") == SKILL_V1
    row = store.query_one("SELECT * FROM proposals WHERE id = 'p-n1'")
    assert row["status"] == "pending"
    assert json.loads(row["summary_json"])["skill"] == "brief-writer"
    # No temp files are left behind by the atomic writes.
    assert not [p for p in result.stage_dir.rglob("*.tmp")]


@pytest.mark.skipif(shutil.which("git") is None, reason="git applies the staged diff")
@pytest.mark.parametrize("original, proposed", [
    ("line one\nline two", "line one\nline two changed"),
    ("a\r\nb\r\n", "a\r\nb\r\nc\r\n"),
    ("Überschrift\n— Gedankenstrich\u2028same line\n", "Überschrift\n— Gedankenstrich\u2028same line\nnew ✓\n"),
])
def test_staged_diff_applies_to_the_original(store, tmp_path, original, proposed):
    skill = make_skill(tmp_path, data=original.encode())
    result = stage(store, tmp_path, "n1", [StagedFile("skill", skill, original, proposed)])
    work = tmp_path / "apply"
    work.mkdir()
    (work / "SKILL.md").write_bytes(original.encode())
    subprocess.run(["git", "apply", "--whitespace=nowarn", str(result.stage_dir / "diff.patch")],
                   cwd=work, check=True, capture_output=True)
    assert (work / "SKILL.md").read_bytes() == proposed.encode()


def test_rejected_or_unchanged_night_stages_no_proposal(store, tmp_path):
    skill = make_skill(tmp_path)
    rejected = stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)], accepted=False)
    unchanged = stage(store, tmp_path, "n2", [StagedFile("skill", skill, SKILL_V1, SKILL_V1)], accepted=True)
    assert rejected.proposal_id is None and unchanged.proposal_id is None
    assert json.loads((rejected.stage_dir / MANIFEST).read_text())["proposal_id"] is None
    assert (rejected.stage_dir / "proposed" / "skill" / "SKILL.md").read_text() == SKILL_V2  # kept for inspection
    assert json.loads((unchanged.stage_dir / MANIFEST).read_text())["files"] == []
    assert store.query("SELECT * FROM proposals") == []
    with pytest.raises(StagingError, match="no pending proposal"):
        adopt(store, backups_root=tmp_path / "backups")


def test_stage_refuses_bad_input(store, tmp_path):
    skill = make_skill(tmp_path)
    with pytest.raises(StagingError, match="kind"):
        stage(store, tmp_path, "n1", [StagedFile("agents", skill, SKILL_V1, SKILL_V2)])
    with pytest.raises(StagingError, match="cannot name a staging folder"):
        stage_night(store, tmp_path / "staging", "../evil", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)], {}, "", True)
    # A night the store does not know cannot own a proposal; its folder stays incomplete.
    with pytest.raises(StagingError, match="not in the store"):
        stage_night(store, tmp_path / "staging", "ghost", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)], {}, "", True)
    assert not (tmp_path / "staging" / "ghost" / MANIFEST).exists()


def test_restaging_a_pending_night_keeps_one_proposal_and_a_decided_one_is_never_rewritten(store, tmp_path):
    skill = make_skill(tmp_path)
    first = stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])
    again = stage_night(store, tmp_path / "staging", "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2 + "more\n")],
                        {}, "again\n", True)
    assert again.proposal_id == first.proposal_id
    assert len(store.query("SELECT * FROM proposals")) == 1
    adopt(store, backups_root=tmp_path / "backups")
    with pytest.raises(StagingError, match="never re-staged"):
        stage_night(store, tmp_path / "staging", "n1", [StagedFile("skill", skill, SKILL_V1, "x")], {}, "x", True)
    assert (first.stage_dir / "report.md").read_text() == "again\n"


# -- adopt / revert ---------------------------------------------------------------------------


@pytest.mark.parametrize("original, proposed, mode", [
    ("no trailing newline", "no trailing newline, still none", 0o644),
    ("windows\r\nline endings\r\n", "windows\r\nline endings\r\nadded\r\n", 0o600),
    ("Ünïcödé — 日本語 ✓\n", "Ünïcödé — 日本語 ✓\n\n## Neu\nÄnderung ☃\n", 0o754),
])
def test_adopt_then_revert_restores_exact_bytes_and_mode(store, tmp_path, original, proposed, mode):
    original_bytes = original.encode("utf-8")
    skill = make_skill(tmp_path, data=original_bytes, mode=mode)
    text = read_live_text(skill)
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, text, proposed)])

    result = adopt(store, backups_root=tmp_path / "backups")
    assert result.proposal_id == "p-n1"
    assert skill.read_bytes() == proposed.encode("utf-8")
    assert skill.stat().st_mode & 0o7777 == mode
    [adopted] = result.files
    assert adopted.backup_path == tmp_path / "backups" / "p-n1" / "skill" / "SKILL.md"
    assert adopted.backup_path.read_bytes() == original_bytes
    index = json.loads((tmp_path / "backups" / "p-n1" / "backup.json").read_text())
    assert index["files"][0]["sha256"] == sha256_bytes(original_bytes)
    assert index["files"][0]["mode"] == mode
    row = store.query_one("SELECT status, decided_at FROM proposals WHERE id = 'p-n1'")
    assert row["status"] == "adopted" and row["decided_at"]

    reverted = revert(store)
    assert [f.action for f in reverted.files] == ["restored"]
    assert skill.read_bytes() == original_bytes
    assert skill.stat().st_mode & 0o7777 == mode
    assert proposal_status(store, "p-n1") == "reverted"
    with pytest.raises(StagingError, match="no adopted proposal"):
        revert(store)


def test_crlf_file_read_with_newline_translation_keeps_its_line_endings(store, tmp_path):
    original = b"# Skill\r\n\r\nRule one.\r\n"
    skill = make_skill(tmp_path, data=original)
    translated = skill.read_text(encoding="utf-8")  # what Path.read_text gives a night: LF only
    assert "\r" not in translated
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, translated, translated + "Rule two.\n")])
    adopt(store, backups_root=tmp_path / "backups")
    assert skill.read_bytes() == b"# Skill\r\n\r\nRule one.\r\nRule two.\r\n"
    revert(store)
    assert skill.read_bytes() == original


def test_adopt_refuses_when_the_live_file_changed_after_staging(store, tmp_path):
    skill = make_skill(tmp_path)
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])
    user_edit = SKILL_V1 + "My own rule.\n"
    skill.write_text(user_edit, encoding="utf-8")

    with pytest.raises(StagingError) as info:
        adopt(store, backups_root=tmp_path / "backups")
    assert str(skill) in str(info.value) and "changed since" in str(info.value)
    assert skill.read_text(encoding="utf-8") == user_edit
    assert proposal_status(store, "p-n1") == "pending"
    assert not (tmp_path / "backups" / "p-n1" / "backup.json").exists()


def test_adopt_refuses_a_corrupt_manifest_or_tampered_stage(store, tmp_path):
    skill = make_skill(tmp_path)
    result = stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])
    manifest = result.stage_dir / MANIFEST
    good = manifest.read_bytes()

    manifest.write_text("{not json", encoding="utf-8")
    with pytest.raises(StagingError, match="corrupt"):
        adopt(store, "p-n1", backups_root=tmp_path / "backups")
    manifest.write_bytes(good)
    (result.stage_dir / "proposed" / "skill" / "SKILL.md").write_text("something else", encoding="utf-8")
    with pytest.raises(StagingError, match="modified after staging"):
        adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert skill.read_text(encoding="utf-8") == SKILL_V1
    assert proposal_status(store, "p-n1") == "pending"


def test_revert_refuses_after_a_post_adopt_edit_unless_forced(store, tmp_path):
    skill = make_skill(tmp_path)
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])
    adopt(store, backups_root=tmp_path / "backups")
    edited = SKILL_V2 + "Edited after adopting.\n"
    skill.write_text(edited, encoding="utf-8")

    with pytest.raises(StagingError, match="--force"):
        revert(store, "p-n1")
    assert skill.read_text(encoding="utf-8") == edited
    assert proposal_status(store, "p-n1") == "adopted"

    result = revert(store, "p-n1", force=True)
    assert skill.read_text(encoding="utf-8") == SKILL_V1
    [reverted] = result.files
    assert reverted.saved_edit is not None and reverted.saved_edit.read_text(encoding="utf-8") == edited
    assert proposal_status(store, "p-n1") == "reverted"


def test_new_memory_file_created_by_adopt_is_deleted_by_revert(store, tmp_path):
    skill = make_skill(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    memory = project / ".claude" / "CLAUDE.md"  # neither the file nor its folder exists yet
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V1),
                                  StagedFile("memory", memory, "", "# Memory\n\nRun the tests first.\n")])

    result = adopt(store, backups_root=tmp_path / "backups")
    [created] = result.files  # the unchanged skill is not part of the proposal
    assert created.created and created.backup_path is None
    assert memory.read_text(encoding="utf-8") == "# Memory\n\nRun the tests first.\n"
    assert skill.read_text(encoding="utf-8") == SKILL_V1

    result = revert(store)
    assert [f.action for f in result.files] == ["deleted"]
    assert not memory.exists()
    assert not (project / ".claude").exists()  # the folder adopt made is gone too
    assert project.is_dir()


def test_multi_file_adopt_changes_all_files_or_none(store, tmp_path):
    skill = make_skill(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    memory = project / "sub" / "CLAUDE.md"
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2),
                                  StagedFile("memory", memory, "", "# Memory\n")])
    # The memory file's folder is taken by a plain file: the second write fails after the first landed.
    (project / "sub").write_text("in the way", encoding="utf-8")

    with pytest.raises(StagingError) as info:
        adopt(store, backups_root=tmp_path / "backups")
    assert str(memory) in str(info.value) and "no file was changed" in str(info.value)
    assert skill.read_bytes() == SKILL_V1.encode()
    assert (project / "sub").read_text(encoding="utf-8") == "in the way"
    assert proposal_status(store, "p-n1") == "pending"

    (project / "sub").unlink()
    adopt(store, backups_root=tmp_path / "backups")
    assert skill.read_text(encoding="utf-8") == SKILL_V2
    assert memory.read_text(encoding="utf-8") == "# Memory\n"
    revert(store)
    assert skill.read_bytes() == SKILL_V1.encode() and not memory.exists()


def test_adopt_writes_through_a_symlinked_skill(store, tmp_path):
    real = tmp_path / "dotfiles" / "SKILL.md"
    real.parent.mkdir()
    real.write_text(SKILL_V1, encoding="utf-8")
    link = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    stage(store, tmp_path, "n1", [StagedFile("skill", link, SKILL_V1, SKILL_V2)])
    adopt(store, backups_root=tmp_path / "backups")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == SKILL_V2
    revert(store)
    assert link.is_symlink() and real.read_text(encoding="utf-8") == SKILL_V1


def test_newer_pending_proposal_supersedes_older_ones_for_the_same_file(store, tmp_path):
    skill = make_skill(tmp_path)
    other = make_skill(tmp_path, "advisor")
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)], started_at="2025-01-01T03:30:00Z")
    stage(store, tmp_path, "n2", [StagedFile("skill", other, SKILL_V1, SKILL_V2)], started_at="2025-01-02T03:30:00Z")
    stage(store, tmp_path, "n3", [StagedFile("skill", skill, SKILL_V1, SKILL_V2 + "x\n")], started_at="2025-01-03T03:30:00Z")

    assert proposal_status(store, "p-n1") == "superseded"
    assert proposal_status(store, "p-n2") == "pending"
    assert proposal_status(store, "p-n3") == "pending"
    with pytest.raises(StagingError, match="superseded"):
        adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert skill.read_text(encoding="utf-8") == SKILL_V1


def test_incomplete_stages_are_ignored_and_reported(store, tmp_path):
    skill = make_skill(tmp_path)
    other = make_skill(tmp_path, "advisor")
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)], started_at="2025-01-01T03:30:00Z")
    broken = stage(store, tmp_path, "n2", [StagedFile("skill", other, SKILL_V1, SKILL_V2)],
                   started_at="2025-01-02T03:30:00Z")
    (broken.stage_dir / MANIFEST).unlink()  # as if the night died before its manifest landed
    killed = tmp_path / "staging" / "n3" / "proposed" / "skill"  # a killed night with no row at all
    killed.mkdir(parents=True)
    (killed / "SKILL.md").write_text("half", encoding="utf-8")

    text = status_text(store, staging_root=tmp_path / "staging")
    assert "incomplete stage" in text and str(tmp_path / "staging" / "n3") in text
    data = status_data(store, staging_root=tmp_path / "staging")
    assert {p["id"]: p["stage_complete"] for p in data["pending"]} == {"p-n1": True, "p-n2": False}
    with pytest.raises(StagingError, match="incomplete"):
        adopt(store, "p-n2", backups_root=tmp_path / "backups")
    with pytest.raises(StagingError, match="incomplete"):
        review_text(store, "p-n2")

    result = adopt(store, backups_root=tmp_path / "backups")  # the newest complete one
    assert result.proposal_id == "p-n1"
    assert any("p-n2" in note for note in result.notes)
    assert other.read_text(encoding="utf-8") == SKILL_V1


# -- status / review ---------------------------------------------------------------------------


def test_status_reads_report_json_defensively(store, tmp_path):
    skill = make_skill(tmp_path)
    add_night(store, "broken", skill, report_json="{not json", started_at="2025-01-01T03:30:00Z")
    add_night(store, "listy", skill, report_json="[1, 2]", started_at="2025-01-02T03:30:00Z")
    add_night(store, "running", skill, report_json=None, started_at="2025-01-03T03:30:00Z", status="running")
    add_night(store, "odd", skill, report_json=json.dumps({"val_before": "high", "val_after": True, "decision": 3}),
              started_at="2025-01-04T03:30:00Z")
    add_night(store, "good", skill, started_at="2025-01-05T03:30:00Z", report_json=json.dumps(
        {"val_before": {"hard": 0.0, "soft": 0.4, "score": 0.2}, "val_after": 0.75, "decision": "accepted"}))

    nights = {n["id"]: n for n in status_data(store)["nights"]}
    assert [n["id"] for n in status_data(store)["nights"]] == ["good", "odd", "running", "listy", "broken"]
    assert nights["good"]["val_before"] == 0.2 and nights["good"]["val_after"] == 0.75
    assert nights["good"]["decision"] == "accepted" and nights["good"]["skill"] == "brief-writer"
    for name in ("broken", "listy", "running", "odd"):
        assert nights[name]["val_before"] is None and nights[name]["val_after"] is None
        assert nights[name]["decision"] is None
    text = status_text(store)
    assert "0.20 -> 0.75" in text and "running" in text and "No pending proposals." in text


def test_status_and_review_show_pending_proposal_and_never_write_live_files(store, tmp_path):
    skill = make_skill(tmp_path)
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)])
    before = (skill.read_bytes(), skill.stat().st_mtime_ns)

    text = status_text(store, staging_root=tmp_path / "staging")
    assert "p-n1" in text and "brief-writer" in text and "0.20 -> 0.60" in text and str(tmp_path / "staging" / "n1") in text
    review = review_text(store)
    assert "+End with a section titled Key Risks." in review
    assert "# Night n1" in review and "unchanged since staging" in review
    skill.write_text(SKILL_V1 + "edit\n", encoding="utf-8")
    assert "CHANGED since staging" in review_text(store, "p-n1")
    skill.write_bytes(before[0])
    os.utime(skill, ns=(before[1], before[1]))
    status_text(store)
    review_text(store)
    assert (skill.read_bytes(), skill.stat().st_mtime_ns) == before


# -- CLI --------------------------------------------------------------------------------------


def test_cli_status_review_adopt_revert(store, tmp_path, capsys):
    skill = make_skill(tmp_path)
    memory = tmp_path / "project" / "CLAUDE.md"
    memory.parent.mkdir()
    stage(store, tmp_path, "n1", [StagedFile("skill", skill, SKILL_V1, SKILL_V2),
                                  StagedFile("memory", memory, "", "# Memory\n")])
    common = ["--store", str(tmp_path / "store.db"), "--set", f"staging.dir={tmp_path / 'staging'}",
              "--project", str(tmp_path)]

    assert main(["status", *common]) == 0
    assert "p-n1" in capsys.readouterr().out
    assert main(["status", "--json", *common]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["id"] for p in data["pending"]] == ["p-n1"]

    assert main(["review", *common]) == 0
    assert "+End with a section titled Key Risks." in capsys.readouterr().out

    assert main(["adopt", *common]) == 0
    out = capsys.readouterr().out
    backup = Path(os.environ["SKILLOPT_SLEEP_HOME"]) / "data" / "backups" / "p-n1" / "skill" / "SKILL.md"
    assert f"replaced {skill}; previous text backed up at {backup}" in out
    assert f"created {memory}" in out and "skillopt-sleep revert p-n1" in out
    assert backup.read_text(encoding="utf-8") == SKILL_V1
    assert skill.read_text(encoding="utf-8") == SKILL_V2 and memory.exists()

    assert main(["adopt", *common]) == 2
    assert "no pending proposal to adopt" in capsys.readouterr().err

    skill.write_text(SKILL_V2 + "mine\n", encoding="utf-8")
    assert main(["revert", "p-n1", *common]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["revert", "p-n1", "--force", *common]) == 0
    out = capsys.readouterr().out
    assert f"restored {skill}" in out and f"deleted {memory}" in out and "your edited version was saved at" in out
    assert skill.read_text(encoding="utf-8") == SKILL_V1 and not memory.exists()

    assert main(["review", "nope", *common]) == 2
    assert "no proposal 'nope'" in capsys.readouterr().err
