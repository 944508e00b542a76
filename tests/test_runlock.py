"""The night lock across real processes: no two nights overlap, a refused one names the holder,
and the lock of a dead night is taken over."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from skillopt_sleep.night import runlock
from skillopt_sleep.errors import NightLockedError
from skillopt_sleep.records import Check, Judge, Task

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def lock_file(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    return tmp_path / "store.db.night.lock"


def spawn(code: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


HOLD = """
import sys, time
from skillopt_sleep.night import runlock
with runlock.night_lock(sys.argv[1], command="holder"):
    print("held", flush=True)
    sys.stdin.readline() if len(sys.argv) < 3 else time.sleep(float(sys.argv[2]))
"""

NIGHT = """
import os, sys, time
from skillopt_sleep.night import runlock
lock, journal = sys.argv[1], sys.argv[2]
def note(word):
    fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.write(fd, f"{word} {os.getpid()}\\n".encode()); os.close(fd)
with runlock.night_lock(lock, wait_s=60):
    note("start"); time.sleep(0.4); note("end")
"""


def test_two_concurrent_nights_run_one_after_the_other(lock_file, tmp_path):
    journal = tmp_path / "journal.txt"
    nights = [spawn(NIGHT, str(lock_file), str(journal)) for _ in range(3)]
    for night in nights:
        assert night.wait(timeout=60) == 0, night.stderr.read()
    events = journal.read_text().split("\n")[:-1]
    assert len(events) == 6
    # Every start is followed by the end of the same process: no night began inside another.
    for start, end in zip(events[::2], events[1::2]):
        assert start.split()[0] == "start" and end.split()[0] == "end"
        assert start.split()[1] == end.split()[1]
    assert not runlock.holder_path(lock_file).exists()


def test_a_second_night_is_refused_with_the_holders_pid(lock_file):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(lock_file)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(NightLockedError) as refused:
            with runlock.night_lock(lock_file):
                pytest.fail("entered a lock another process holds")
        message = str(refused.value)
        assert message.startswith("another night is running (pid ")
        assert f"pid {holder.pid} since " in message
        assert refused.value.holder.command == "holder"
        assert refused.value.exit_code != 0
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    with runlock.night_lock(lock_file) as held:  # free again once the holder is done
        assert held.holder.pid == os.getpid() and held.took_over_from is None


def test_waiting_gives_up_after_the_timeout(lock_file):
    holder = spawn(HOLD, str(lock_file), "30")
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(NightLockedError):
            with runlock.night_lock(lock_file, wait_s=0.5):
                pass
    finally:
        holder.kill()
        holder.wait()


def test_the_lock_of_a_killed_night_is_taken_over(lock_file):
    holder = spawn(HOLD, str(lock_file), "60")
    assert holder.stdout.readline().strip() == "held"
    dead_pid = holder.pid
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert runlock.read_holder(lock_file).pid == dead_pid  # its record is left behind
    with runlock.night_lock(lock_file) as held:
        assert held.took_over_from is not None and held.took_over_from.pid == dead_pid
        assert runlock.read_holder(lock_file).pid == os.getpid()
    assert runlock.read_holder(lock_file) is None


ORPHAN = """
import os, sys, time
from skillopt_sleep.night import runlock
with runlock.night_lock(sys.argv[1]):
    child = os.fork()
    if child == 0:              # a worker that outlives the night, still holding the descriptor
        time.sleep(60); os._exit(0)
    print("held", child, flush=True)
    os._exit(0)                 # the night itself dies without cleaning up
"""


def test_a_lock_kept_by_the_orphan_of_a_dead_night_is_taken_over(lock_file):
    night = spawn(ORPHAN, str(lock_file))
    word, orphan = night.stdout.readline().split()
    assert word == "held"
    night.wait()
    try:
        assert runlock.pid_alive(int(orphan))
        with runlock.night_lock(lock_file) as held:
            assert held.took_over_from.pid == night.pid
        # The orphan still runs but no longer blocks anyone.
        with runlock.night_lock(lock_file) as again:
            assert again.took_over_from is None
    finally:
        os.kill(int(orphan), signal.SIGKILL)


def test_the_holding_thread_may_reenter_but_another_thread_may_not(lock_file):
    outcome: list[str] = []

    def other_thread():
        try:
            with runlock.night_lock(lock_file):
                outcome.append("entered")
        except NightLockedError as exc:
            outcome.append(str(exc))

    with runlock.night_lock(lock_file) as outer:
        with runlock.night_lock(lock_file) as inner:
            assert inner.nested and inner.holder == outer.holder
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
        assert runlock.read_holder(lock_file) == outer.holder  # the nested exit kept the record
    assert outcome and outcome[0].startswith(f"another night is running (pid {os.getpid()} since")


def test_one_lock_per_skill_file_whatever_the_store_or_the_path_to_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    other = tmp_path / "skills" / "advisor" / "SKILL.md"
    for path in (skill, other):
        path.parent.mkdir(parents=True)
        path.write_text("# skill\n")
    link = tmp_path / "linked-skill"
    link.symlink_to(skill.parent, target_is_directory=True)

    lock = runlock.lock_path_for(skill)
    assert lock.parent == tmp_path / "home" / "data" / "locks"
    assert runlock.lock_path_for(link / "SKILL.md") == lock  # the same file reached through a symlink
    assert runlock.lock_path_for(other) != lock
    with runlock.night_lock(lock):  # a night on one skill does not hold up a night on another
        with runlock.night_lock(runlock.lock_path_for(other)) as held:
            assert not held.nested


RULES = [{"match": "edits", "reply": json.dumps({"diagnosis": "n/a", "edits": []})}, {"match": "", "reply": "Brief."}]


def night_command(skill: Path, store: Path, tmp_path: Path, delay_s: float) -> list[str]:
    """`skillopt-sleep run` on scripted models whose every call takes `delay_s`."""
    return [sys.executable, "-m", "skillopt_sleep", "run", "--quiet", "--skill", str(skill), "--store", str(store),
            "--tasks-file", str(tmp_path / "tasks.jsonl"), "--student", "scripted", "--teacher", "scripted",
            "--set", f"scripted.script={tmp_path / 'rules.json'}", "--set", f"scripted.delay_s={delay_s}",
            "--set", "night.concurrency=1", "--set", f"staging.dir={tmp_path / 'staging'}"]


def test_two_nights_on_one_skill_from_two_stores_do_not_run_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    skill = tmp_path / "skills" / "brief-writer" / "SKILL.md"
    other = tmp_path / "skills" / "advisor" / "SKILL.md"
    for path in (skill, other):
        path.parent.mkdir(parents=True)
        path.write_text("# skill\n\nWrite a brief.\n")
    tasks = [Task(task_id=f"t{i}", intent=f"Write a brief on topic {i}.",
                  judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(8)]
    (tmp_path / "tasks.jsonl").write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tasks))
    (tmp_path / "rules.json").write_text(json.dumps(RULES))
    # A slow night (each model call takes two seconds) on the first store; it is stopped at the end.
    first = subprocess.Popen(night_command(skill, tmp_path / "a.db", tmp_path, delay_s=2), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        holder, deadline = None, time.monotonic() + 60
        while first.poll() is None and time.monotonic() < deadline:
            holder = runlock.read_holder(runlock.lock_path_for(skill))
            if holder is not None and holder.pid == first.pid:
                break
            time.sleep(0.05)
        assert first.poll() is None, first.communicate()
        assert holder is not None and holder.pid == first.pid, "the first night never took its skill file's lock"
        # The same skill file, another store: refused while the first night runs.
        second = subprocess.run(night_command(skill, tmp_path / "b.db", tmp_path, delay_s=0), env=env,
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == NightLockedError.exit_code, second.stderr
        assert f"another night is running (pid {first.pid} since " in second.stderr
        # Another skill file in that other store is not held up.
        third = subprocess.run(night_command(other, tmp_path / "b.db", tmp_path, delay_s=0), env=env,
                               capture_output=True, text=True, timeout=120)
        assert third.returncode == 0, third.stderr
        assert first.poll() is None  # all this happened while the first night ran
    finally:
        first.terminate()
        first.wait(timeout=30)


HOLD_SKILL = """
import sys
from skillopt_sleep.night import runlock
with runlock.skill_lock(sys.argv[1], command="holder"):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_hard_linked_skill_is_one_file_to_the_lock(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "a" / "SKILL.md"
    skill.parent.mkdir()
    skill.write_text("# skill\n")
    twin = tmp_path / "b" / "SKILL.md"
    twin.parent.mkdir()
    os.link(skill, twin)
    assert runlock.lock_path_for(twin) != runlock.lock_path_for(skill)  # two paths ...
    assert runlock.identity_lock_path_for(twin) == runlock.identity_lock_path_for(skill)  # ... one file
    holder = subprocess.Popen([sys.executable, "-c", HOLD_SKILL, str(skill)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert holder.stdout.readline().strip() == "held", holder.stderr.read()
        other = subprocess.run([sys.executable, "-c", HOLD_SKILL, str(twin)], input="\n", capture_output=True,
                               text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
        assert other.returncode != 0 and "held" not in other.stdout
        assert f"another night is running (pid {holder.pid} since" in other.stderr
        with pytest.raises(NightLockedError):  # and in this process too, through the path of the link
            with runlock.skill_lock(twin):
                pass
    finally:
        holder.communicate("\n", timeout=30)
    with runlock.skill_lock(twin) as held:  # free once the holder is done
        assert held.holder.pid == os.getpid()


def test_a_skill_replaced_by_a_new_inode_keeps_its_path_lock(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    skill = tmp_path / "SKILL.md"
    skill.write_text("# skill\n")
    with runlock.skill_lock(skill):
        replacement = tmp_path / "new.md"
        replacement.write_text("# saved by an editor\n")
        os.replace(replacement, skill)  # another inode now, the same path
        other = subprocess.run([sys.executable, "-c", HOLD_SKILL, str(skill)], input="\n", capture_output=True,
                               text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
        assert other.returncode != 0 and "another night is running" in other.stderr
