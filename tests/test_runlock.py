"""The night lock across real processes: no two nights overlap, a refused one names the holder,
and the lock of a dead night is taken over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from skillopt_sleep.schedule import runlock
from skillopt_sleep.errors import NightLockedError

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
from skillopt_sleep.schedule import runlock
with runlock.night_lock(sys.argv[1], command="holder"):
    print("held", flush=True)
    sys.stdin.readline() if len(sys.argv) < 3 else time.sleep(float(sys.argv[2]))
"""

NIGHT = """
import os, sys, time
from skillopt_sleep.schedule import runlock
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
from skillopt_sleep.schedule import runlock
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


def test_default_lock_sits_next_to_the_store(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    assert runlock.lock_path_for() == tmp_path / "home" / "data" / "store.db.night.lock"
    assert runlock.lock_path_for(tmp_path / "x" / "my.db") == tmp_path / "x" / "my.db.night.lock"
