"""adopt and revert keep what the user made of the live file: its hard links (every name still
shows one file), its mode, and a read-only SKILL.md (0444) is refused with one line, unchanged."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skillopt_sleep.cli.main import main
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.proposals.revert import revert
from skillopt_sleep.proposals.swap import LiveFileChanged, Replacement, swap
from skillopt_sleep.store import Store
from tests.test_adopt_race import SKILL_V1, SKILL_V2, staged_skill


def status_of(store: Store, proposal_id: str) -> str:
    return store.query_one("SELECT status FROM proposals WHERE id = ?", (proposal_id,))["status"]


def test_adopt_and_revert_keep_a_hard_link(store, tmp_path):
    skill = staged_skill(store, tmp_path, 1)
    twin = tmp_path / "elsewhere" / "SKILL.md"  # the user's second name for the same file
    twin.parent.mkdir()
    os.link(skill, twin)
    inode = skill.stat().st_ino

    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert skill.read_text(encoding="utf-8") == twin.read_text(encoding="utf-8") == SKILL_V2
    assert skill.stat().st_ino == twin.stat().st_ino == inode and skill.stat().st_nlink == 2

    revert(store, "p-n1")
    assert skill.read_text(encoding="utf-8") == twin.read_text(encoding="utf-8") == SKILL_V1
    assert skill.stat().st_ino == twin.stat().st_ino == inode and skill.stat().st_nlink == 2
    assert sorted(os.listdir(skill.parent)) == ["SKILL.md"]  # no temp or set-aside file left


def test_a_hard_linked_file_that_changed_is_not_overwritten(tmp_path):
    live = tmp_path / "SKILL.md"
    live.write_text("saved by the user\n")
    os.link(live, tmp_path / "twin.md")
    with pytest.raises(LiveFileChanged):
        swap(Replacement("SKILL.md", live, expected=SKILL_V1.encode(), new=SKILL_V2.encode(), new_mode=None,
                         new_owner=None, old_mode=None, old_owner=None))
    assert (tmp_path / "twin.md").read_text() == live.read_text() == "saved by the user\n"


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o664])
def test_adopt_and_revert_keep_the_mode(store, tmp_path, mode):
    skill = staged_skill(store, tmp_path, 1)
    os.chmod(skill, mode)
    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert stat.S_IMODE(skill.stat().st_mode) == mode and skill.read_text(encoding="utf-8") == SKILL_V2
    revert(store, "p-n1")
    assert stat.S_IMODE(skill.stat().st_mode) == mode and skill.read_text(encoding="utf-8") == SKILL_V1


def fingerprint(path: Path) -> tuple:
    st = path.stat()
    return path.read_bytes(), stat.S_IMODE(st.st_mode), st.st_ino, st.st_mtime_ns


def test_adopt_refuses_a_read_only_skill(store, tmp_path, capsys):
    skill = staged_skill(store, tmp_path, 1)
    os.chmod(skill, 0o444)
    before = fingerprint(skill)
    with pytest.raises(StagingError, match=r"is read-only \(mode 0444\); adopt leaves it as it is"):
        adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert fingerprint(skill) == before and status_of(store, "p-n1") == "pending"
    # The command says it in one line and fails.
    assert main(["adopt", "p-n1", "--store", str(tmp_path / "store.db")]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "read-only (mode 0444)" in err and str(skill) in err
    assert fingerprint(skill) == before and status_of(store, "p-n1") == "pending"


def test_revert_refuses_a_skill_made_read_only_after_adopting(store, tmp_path):
    skill = staged_skill(store, tmp_path, 1)
    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    os.chmod(skill, 0o444)
    before = fingerprint(skill)
    for force in (False, True):
        with pytest.raises(StagingError, match=r"is read-only \(mode 0444\); revert leaves it as it is"):
            revert(store, "p-n1", force=force)
        assert fingerprint(skill) == before and status_of(store, "p-n1") == "adopted"
    os.chmod(skill, 0o644)  # writable again: revert goes ahead
    revert(store, "p-n1")
    assert skill.read_text(encoding="utf-8") == SKILL_V1
