"""A user saving the skill while adopt or revert runs never loses that save.

Another process plays the editor: on cue it waits a random moment, then saves the live file,
either in place (truncate and write, as many editors do) or by writing a temp file and renaming
it over the skill (as others do). Meanwhile this process adopts (or reverts) a proposal for that
file. Either the operation finished before the save (which then overwrote its text), or it
refused; in both cases the file must end holding the user's save.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.proposals.revert import revert
from skillopt_sleep.proposals.stage import StagedFile, stage_night
from skillopt_sleep.store import Store

TRIALS = 200
SKILL_V1 = "# Brief writer\n\nWrite a brief.\n"
SKILL_V2 = SKILL_V1 + "\n## Format\n\nEnd with a section titled Key Risks.\n"

EDITOR = r"""
import json, os, sys, time
for line in sys.stdin:
    path, delay, style, text = json.loads(line)
    time.sleep(delay)
    saved_at = time.monotonic()
    if style == "rename":
        temp = path + ".editor-tmp"
        with open(temp, "w") as handle:
            handle.write(text)
        os.replace(temp, path)
    else:
        with open(path, "w") as handle:
            handle.write(text)
    print(saved_at, flush=True)
"""


@pytest.fixture
def tmp_path(tmp_path):
    """A folder in memory where there is one: every stage and adopt syncs its files to disk, which
    on a disk would make 200 trials take a quarter of a minute. The race is the same."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="adopt-race-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def staged_skill(store: Store, tmp_path: Path, n: int) -> Path:
    skill = tmp_path / "skills" / f"s{n}" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL_V1, encoding="utf-8")
    store.insert("nights", {"id": f"n{n}", "skill_path": str(skill), "status": "finished", "seed": 1,
                            "config_json": "{}", "started_at": "2025-01-01T03:30:00.000000Z"})
    stage_night(store, tmp_path / "staging", f"n{n}", [StagedFile("skill", skill, SKILL_V1, SKILL_V2)],
                {"val_before": 0.2, "val_after": 0.6}, "# Night\n", accepted=True)
    return skill


@dataclass
class Race:
    """One operation raced by saves: how to prepare a trial, run it, and what a refusal leaves."""

    name: str
    prepare: Callable[[Store, Path, int], Path]  # a fresh live file, ready for the operation
    run: Callable[[Store, int, Path], object]
    done: str  # the proposal's status after the operation
    refused: str  # its status after a refusal
    save_after: str  # the live text the user's save builds on


def adopted_skill(store: Store, tmp_path: Path, n: int) -> Path:
    skill = staged_skill(store, tmp_path, n)
    adopt(store, f"p-n{n}", backups_root=tmp_path / "backups")
    return skill


ADOPT = Race("adopt", staged_skill, lambda store, n, backups: adopt(store, f"p-n{n}", backups_root=backups),
             "adopted", "pending", SKILL_V1)
REVERT = Race("revert", adopted_skill, lambda store, n, backups: revert(store, f"p-n{n}"),
              "reverted", "adopted", SKILL_V2)


def timed(race: Race, store: Store, n: int, backups: Path) -> tuple[float, float, str | None]:
    started = time.monotonic()
    try:
        race.run(store, n, backups)
        refusal = None
    except StagingError as exc:
        refusal = str(exc)
    return started, time.monotonic(), refusal


@pytest.mark.parametrize("race, trials", [(ADOPT, 200), (REVERT, 100)], ids=["adopt", "revert"])
def test_a_save_made_while_adopt_or_revert_runs_is_never_lost(store, tmp_path, race, trials):
    backups = tmp_path / "backups"
    rng = random.Random(7)
    # How long one operation takes here, to spread the saves over it.
    race.prepare(store, tmp_path, 0)
    started, ended, refusal = timed(race, store, 0, backups)
    assert refusal is None
    span = ended - started

    editor = subprocess.Popen([sys.executable, "-c", EDITOR], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    lost, done, refused, during = [], 0, 0, 0
    try:
        for n in range(1, trials + 1):
            skill = race.prepare(store, tmp_path, n)
            save = race.save_after + f"My own rule {n}.\n"
            style = "rename" if n % 2 else "in-place"
            editor.stdin.write(json.dumps([str(skill), rng.uniform(0, 1.5 * span), style, save]) + "\n")
            editor.stdin.flush()
            started, ended, refusal = timed(race, store, n, backups)
            saved_at = float(editor.stdout.readline())
            during += started <= saved_at <= ended

            if skill.read_text(encoding="utf-8") != save:
                lost.append((n, style, refusal))
            status = store.query_one("SELECT status FROM proposals WHERE id = ?", (f"p-n{n}",))["status"]
            if refusal is None:
                done += 1
                assert status == race.done
            else:
                refused += 1
                assert status == race.refused
                assert "\n" not in refusal and ("is kept" in refusal or "would discard" in refusal), refusal
            # Any backup holds exactly what adopt replaced (or would have): the night's starting text.
            backup = backups / f"p-n{n}" / "skill" / "SKILL.md"
            if refusal is None or backup.exists():
                assert backup.read_text(encoding="utf-8") == SKILL_V1
            assert os.listdir(skill.parent) == ["SKILL.md"]  # nothing set aside or half-written is left
    finally:
        editor.stdin.close()
        editor.wait(timeout=30)
    print(f"{race.name}, {trials} trials: {done} done, {refused} refused, {during} saves landed inside "
          f"{race.name}, {len(lost)} lost")
    assert lost == []
    assert done and refused and during >= 5  # the saves really raced the operation


def test_revert_refuses_when_the_file_was_saved_since_adopt(store, tmp_path):
    skill = staged_skill(store, tmp_path, 1)
    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    save = SKILL_V2 + "Saved after adopting.\n"
    skill.write_text(save, encoding="utf-8")
    with pytest.raises(StagingError, match="was edited after proposal p-n1 was adopted"):
        revert(store, "p-n1")
    assert skill.read_text(encoding="utf-8") == save
    assert revert(store, "p-n1", force=True).files[0].saved_edit.read_text(encoding="utf-8") == save
    assert skill.read_text(encoding="utf-8") == SKILL_V1
    assert os.listdir(skill.parent) == ["SKILL.md"]
