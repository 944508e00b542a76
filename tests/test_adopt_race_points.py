"""A save that lands at each point between adopt's (or revert's) check and its write is kept.

`test_adopt_race` spreads saves over the operation at random; here another process, the editor,
saves at chosen points: after the check and before the swap, after the old file is set aside
and compared, between reading a hard-linked file and writing it in place, and through a file it
opened before the swap began. The operation must refuse with one line (the command exits
non-zero), the file must end holding the user's save, the proposal stays as it was, and nothing
is left beside the file."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from skillopt_sleep.cli.main import main
from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals import adopt as adopt_module
from skillopt_sleep.proposals import lease as lease_module
from skillopt_sleep.proposals import revert as revert_module
from skillopt_sleep.proposals import swap as swap_module
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.proposals.revert import revert
from skillopt_sleep.store import Store
from tests.test_adopt_race import SKILL_V1, SKILL_V2, staged_skill

EDITOR = r"""
import json, os, sys
held = None
for line in sys.stdin:
    action, path, text = json.loads(line)
    if action == "in-place":
        with open(path, "w") as handle:
            handle.write(text)
    elif action == "rename":
        with open(path + ".editor-tmp", "w") as handle:
            handle.write(text)
        os.replace(path + ".editor-tmp", path)
    elif action == "open":  # an editor that opened the file earlier and saves through it later
        held = open(path, "r+")
    elif action == "write-open":
        held.seek(0)
        held.write(text)
        held.truncate()
        held.close()
    print(action, flush=True)
"""
LEASES = lease_module.fcntl is not None and hasattr(lease_module.fcntl, "F_SETLEASE")


class Editor:
    """The user's editor in another process: each call saves now and waits until the save is
    done, or, where the save waits on the swap's lease, a moment (the swap goes on meanwhile)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", EDITOR], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.pending = 0

    def __call__(self, action: str, path: Path, text: str = "", wait_s: float = 0.5) -> bool:
        self.process.stdin.write(json.dumps([action, str(path), text]) + "\n")
        self.process.stdin.flush()
        self.pending += 1
        return self.settle(wait_s)

    def settle(self, wait_s: float = 10.0) -> bool:
        """True when every save asked for is done."""
        while self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], wait_s)
            if not ready:
                return False
            self.process.stdout.readline()
            self.pending -= 1
        return True

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture
def editor():
    running = Editor()
    yield running
    running.close()


@dataclass
class Operation:
    name: str
    prepare: Callable[[Store, Path], Path]
    run: Callable[[Store, Path], object]
    module: object  # where its call to replace_all is looked up
    before: str  # the live text the operation checks
    status: str  # the proposal's status, unchanged by a refusal


def adopted(store: Store, tmp_path: Path) -> Path:
    skill = staged_skill(store, tmp_path, 1)
    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    return skill


ADOPT = Operation("adopt", lambda store, tmp_path: staged_skill(store, tmp_path, 1),
                  lambda store, tmp_path: adopt(store, "p-n1", backups_root=tmp_path / "backups"),
                  adopt_module, SKILL_V1, "pending")
REVERT = Operation("revert", adopted, lambda store, tmp_path: revert(store, "p-n1"), revert_module, SKILL_V2, "adopted")
OPERATIONS = [ADOPT, REVERT]


def after(monkeypatch, owner: object, name: str, then: Callable[[], None], *, times: int = 1) -> None:
    """Run `then` right after the first `times` calls of `owner.name` return."""
    original = getattr(owner, name)
    calls = []

    def hooked(*args, **kwargs):
        result = original(*args, **kwargs)
        calls.append(1)
        if len(calls) <= times:
            then()
        return result

    monkeypatch.setattr(owner, name, hooked)


def before(monkeypatch, owner: object, name: str, then: Callable[[], None]) -> None:
    """Run `then` right before the first call of `owner.name`."""
    original = getattr(owner, name)
    calls = []

    def hooked(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            then()
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, hooked)


def refused_and_kept(store: Store, tmp_path: Path, op: Operation, skill: Path, save: str, editor: Editor,
                     *, why: str = "is kept") -> None:
    with pytest.raises(StagingError) as refusal:
        op.run(store, tmp_path)
    assert editor.settle()
    assert "\n" not in str(refusal.value) and why in str(refusal.value), refusal.value
    assert skill.read_text(encoding="utf-8") == save
    assert store.query_one("SELECT status FROM proposals WHERE id = 'p-n1'")["status"] == op.status
    assert sorted(os.listdir(skill.parent)) == sorted(p for p in os.listdir(skill.parent) if ".replaced" not in p
                                                       and ".tmp" not in p)


@pytest.mark.parametrize("style", ["in-place", "rename"])
@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_a_save_between_the_check_and_the_swap_is_kept(store, tmp_path, monkeypatch, editor, op, style):
    skill = op.prepare(store, tmp_path)
    save = op.before + "My own rule.\n"
    before(monkeypatch, op.module, "replace_all", lambda: editor(style, skill, save))
    refused_and_kept(store, tmp_path, op, skill, save, editor)


@pytest.mark.parametrize("style", ["in-place", "rename"])
@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_a_save_after_the_old_file_is_set_aside_is_kept(store, tmp_path, monkeypatch, editor, op, style):
    skill = op.prepare(store, tmp_path)
    save = op.before + "My own rule.\n"
    after(monkeypatch, swap_module, "_set_aside", lambda: editor(style, skill, save))
    refused_and_kept(store, tmp_path, op, skill, save, editor)


@pytest.mark.skipif(not LEASES, reason="no write leases on this system")
@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_a_save_waiting_to_open_the_file_goes_first(store, tmp_path, monkeypatch, editor, op):
    """The editor starts to open the file after it was compared and before it moves: its open
    waits, the swap steps back, and the save lands in the file at the path."""
    skill = op.prepare(store, tmp_path)
    save = op.before + "My own rule.\n"
    before(monkeypatch, os, "rename", lambda: editor("in-place", skill, save, wait_s=0.3))
    refused_and_kept(store, tmp_path, op, skill, save, editor)


@pytest.mark.skipif(not LEASES, reason="no write leases on this system")
@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_a_file_another_program_holds_open_is_refused(store, tmp_path, monkeypatch, editor, op, capsys):
    """The editor opened the file before the swap and saves through that descriptor after it:
    the swap cannot see such a save coming, so it refuses; the command fails in one line."""
    skill = op.prepare(store, tmp_path)
    save = op.before + "My own rule.\n"
    editor("open", skill)
    if op is ADOPT:
        assert main(["adopt", "p-n1", "--store", str(tmp_path / "store.db")]) != 0
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "open in another program" in err
    refused_and_kept(store, tmp_path, op, skill, op.before, editor, why="open in another program")
    editor("write-open", skill, save)
    assert skill.read_text(encoding="utf-8") == save
    skill.write_text(op.before, encoding="utf-8")  # closed again: nothing stands in the way
    op.run(store, tmp_path)
    assert skill.read_text(encoding="utf-8") == (SKILL_V2 if op is ADOPT else SKILL_V1)


@pytest.mark.skipif(not LEASES, reason="no write leases on this system")
@pytest.mark.parametrize("style", ["in-place", "rename"])
@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_a_save_between_reading_and_writing_a_hard_linked_file_is_kept(store, tmp_path, monkeypatch, editor, op,
                                                                         style):
    skill = op.prepare(store, tmp_path)
    other = tmp_path / "other-name.md"
    os.link(skill, other)
    save = op.before + "My own rule.\n"
    after(monkeypatch, swap_module, "_read_fd", lambda: editor(style, skill, save, wait_s=0.3))
    refused_and_kept(store, tmp_path, op, skill, save, editor)
    # An in-place save wrote the one file both names share; a rename gave the path a new file.
    assert other.read_text(encoding="utf-8") == (save if style == "in-place" else op.before)
    if style == "in-place":
        assert os.stat(other).st_ino == os.stat(skill).st_ino


def test_without_a_lease_a_save_during_an_in_place_write_is_noticed(store, tmp_path, monkeypatch, editor):
    """Where no lease can be had, a save that lands while a hard-linked file is written in place
    is seen when the file is read again: the save stays and adopt refuses."""
    monkeypatch.setattr(lease_module, "_possible", lambda: False)
    skill = staged_skill(store, tmp_path, 1)
    os.link(skill, tmp_path / "other-name.md")
    save = SKILL_V1 + "My own rule.\n"
    after(monkeypatch, swap_module, "_write_fd", lambda: editor("in-place", skill, save))
    refused_and_kept(store, tmp_path, ADOPT, skill, save, editor)
