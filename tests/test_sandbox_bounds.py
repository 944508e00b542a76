"""Bounded on the host: every mount a sandboxed command can write has a size, a copy cannot grow
past its cap (ENOSPC inside where it has a tmpfs of its own, refused commands where it is only
measured), and the host never holds more of a change than it reads."""

from __future__ import annotations

import json
import sys
import tracemalloc

import pytest

from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.episode import CUT_MARK, Episode
from skillopt_sleep.students.base import RepoLimits, StudentSetup, Texts
from skillopt_sleep.students.sandboxed import LoopStudent
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.sandbox import Limits, Workspace, sized, workspace as workspace_module
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.checks import evaluate
from tests.agent_kit import make_repo

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is the Linux sandbox")

# Six files of 20 MiB: 120 MiB in all, past a copy of 64 MiB.
FILL = ("python3 -c \"import os\nfor i in range(6):\n    with open(f'fill{i}.bin', 'wb') as f:\n"
        "        f.write(os.urandom(20 * 1024 * 1024))\"")


@pytest.fixture
def spec(tmp_path):
    return make_repo(tmp_path / "calc")


def test_every_mount_a_command_can_write_has_a_size_and_the_rest_is_read_only(sandbox, spec):
    with Workspace.create(spec, cap_mb=64) as workspace:
        sizes = sandbox.run(workspace, "df -P -k /tmp /dev/shm /home . | tail -n +2", limits=Limits(file_mb=32))
        denied = sandbox.run(workspace, "touch /made-in-root; touch /dev/made-in-dev; touch /etc/x; touch /usr/x; true")
    blocks = {line.split()[-1]: int(line.split()[1]) for line in sizes.output.splitlines()}
    assert blocks["/tmp"] == blocks["/dev/shm"] == blocks["/home"] == 32 * 1024, sizes.output
    if workspace.sized:
        assert blocks[sandbox.inside_path(workspace)] == 64 * 1024
    assert denied.output.count("Read-only file system") >= 2, denied.output


def filler(request: CompletionRequest) -> Completion:
    """Fills the copy past its cap, says whether it can still work, and finishes."""
    plan = [("run", {"command": FILL}), ("run", {"command": "echo still-working"}), ("finish", {"message": "done"})]
    turn = sum(1 for m in request.messages if m.role == "assistant")
    name, args = plan[min(turn, len(plan) - 1)]
    return Completion(text="", tool_calls=[ToolCall(name, args, f"call-{turn}")])


def replay_filler(spec, sandbox, tmp_path):
    task = Task(task_id="fill", intent="fill the disk", judge=Judge(kind="repo"), repo=spec)
    with Store(tmp_path / "store.db") as store:
        setup = StudentSetup(ScriptedBackend(filler), CallRecorder(store, None), temperature=0.0, max_tokens=100,
                             sandbox=sandbox, repo=RepoLimits(max_turns=4, verify_wall_s=60, copy_mb=64))
        return LoopStudent(setup).replay(task, 0, Texts("# skill\n"), 0)


def can_mount(tmp_path) -> bool:
    probe = tmp_path / "probe-mount"
    probe.mkdir()
    if not sized.mount_sized(probe, 16):
        return False
    sized.unmount(probe)
    return True


def test_writing_past_the_copys_cap_fails_inside_with_enospc_and_the_night_goes_on(sandbox, spec, tmp_path):
    if not can_mount(tmp_path):
        pytest.skip("this process may not mount a tmpfs (not root): the copy is measured instead")
    rollout = replay_filler(spec, sandbox, tmp_path)
    fill, after = rollout.episode.commands()
    assert fill.exit_code != 0 and "No space left on device" in fill.output, fill.output
    assert after.exit_code == 0 and "still-working" in after.output  # a failed step, then the episode goes on
    assert rollout.error == "" and rollout.score.error == "" and rollout.episode.finished
    assert [c.op for c in rollout.score.checks] == ["outcome"]  # the repository's own check still ran


def test_where_no_tmpfs_can_be_had_the_copy_is_measured_and_takes_no_command_past_its_cap(sandbox, spec, tmp_path,
                                                                                           monkeypatch):
    monkeypatch.setattr(workspace_module, "mount_sized", lambda folder, size_mb: False)
    rollout = replay_filler(spec, sandbox, tmp_path)
    fill, after = rollout.episode.commands()
    assert fill.exit_code != 0 and "more than its cap of 64 MiB" in fill.output, fill.output
    assert after.exit_code == 1 and "not run" in after.output and "still-working" not in after.output
    assert rollout.error == "" and rollout.episode.finished  # failed steps, not a crash of the night


def test_where_the_copy_is_only_measured_a_command_that_keeps_writing_is_stopped_while_it_runs(sandbox, spec,
                                                                                               monkeypatch):
    monkeypatch.setattr(workspace_module, "mount_sized", lambda folder, size_mb: False)
    endless = ("python3 -c \"import os, time\ni = 0\nwhile True:\n    open(f'part{i}.bin', 'wb').write(os.urandom(4 << 20))"
               "\n    i += 1\n    time.sleep(0.25)\"")  # 16 MiB a second, for ever
    with Workspace.create(spec, cap_mb=64) as workspace:
        run = sandbox.run(workspace, endless, limits=Limits(wall_s=120))
        held = sized.usage_bytes(workspace.path, 1 << 40)
    assert "killed: the copy holds more than its cap of 64 MiB" in run.output, run.output
    assert run.exit_code != 0 and not run.timed_out and run.wall_s < 60
    assert held < (64 + 48) * 1024 * 1024  # past the cap by about what one second writes, never by the wall time's worth


def test_a_huge_change_is_cut_with_a_reason_and_never_held_whole(spec, tmp_path, monkeypatch):
    monkeypatch.setattr(workspace_module, "DIFF_BYTES", 1024 * 1024)
    with Workspace.create(spec, parent=tmp_path / "ws") as workspace:
        line = "print('a line the change adds, one of very many')\n"
        with open(workspace.path / "huge.py", "w") as handle:
            for _ in range(40 * 1024 * 1024 // len(line)):  # 40 MiB of added lines
                handle.write(line)
        tracemalloc.start()
        try:
            diff = workspace.diff()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        names = workspace.changed_files()
    assert diff.endswith(CUT_MARK + "\n") and len(diff) < 1024 * 1024 + len(CUT_MARK) + 2
    assert peak < 6 * 1024 * 1024, peak  # the diff's own 1 MiB, read in pieces; never the 40 MiB
    assert names == ["huge.py"]
    episode = Episode(diff=diff, changed_files=names, finished=True)
    result = evaluate(Check("added_lines_avoid", r"\bnever_written\("), "", [], episode=episode)
    assert not result.passed and "larger than the judge reads" in result.detail
    assert json.dumps(episode.to_dict())  # the record keeps what was read, and says it was cut
