"""A hook on a full or read-only disk: the capture goes to the temp folder, or where that fails
too, a marker `status` counts; the agent never sees a failure. Real mounts (root): a full tmpfs,
a read-only bind mount; the tests skip where mounting is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.store import Store
from tests.test_capture_hook import HOOK, PYTHON, STOP, run_hook
from tests.test_store_failures import fill, read_only, small_disk

REPO = Path(__file__).resolve().parents[1]


def status(home: Path, store: Path, tmp: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SKILLOPT_SLEEP_HOME": str(home), "TMPDIR": str(tmp)}
    return subprocess.run([sys.executable, "-m", "skillopt_sleep", "status", "--store", str(store)], env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_full_disk_and_a_read_only_temp_folder_leave_a_marker_status_counts(tmp_path):
    home, tmp, store = tmp_path / "home", tmp_path / "tmp", tmp_path / "store" / "store.db"
    tmp.mkdir()
    Store(store).close()
    with small_disk(home / "data", "64k") as data, read_only(tmp):
        fill(data)
        done = run_hook(home, json.dumps(STOP), "--agent", "claude-code", TMPDIR=str(tmp))
        assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
        assert not (data / capture_hook.SPOOL_NAME).exists() or STOP["session_id"] not in (data / capture_hook.SPOOL_NAME).read_text()
        [marker] = (data / capture_hook.LOST_DIR).iterdir()
        assert os.readlink(marker) == "claude-code/" + STOP["session_id"]
        shown = status(home, store, tmp)
        assert shown.returncode == 0, shown.stderr
        assert "1 session capture(s) could not be written (disk full or read-only) since 20" in shown.stdout
        assert "harvest --all" in shown.stdout
        with Store(store) as opened:  # a harvest brought the session in after all
            opened.insert("sessions", {"id": STOP["session_id"], "agent": "claude-code", "updated_at": "2026-01-01T00:00:00Z"})
        assert "could not be written" not in status(home, store, tmp).stdout


def test_a_read_only_data_folder_keeps_the_capture_in_the_temp_folder_until_ingest(tmp_path):
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    (home / "data").mkdir(parents=True)
    tmp.mkdir()
    store = home / "data" / "store.db"
    Store(store).close()
    with read_only(home / "data"):
        done = run_hook(home, json.dumps(STOP), "--agent", "claude-code", TMPDIR=str(tmp))
        assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
        shown = status(home, store, tmp)
        assert shown.returncode == 0, shown.stderr
        assert "is open for reading only" in shown.stdout
        assert "1 session capture(s) wait in %s" % tmp in shown.stdout and "the next ingest moves them" in shown.stdout
    env = {**os.environ, "PYTHONPATH": str(REPO), "SKILLOPT_SLEEP_HOME": str(home), "TMPDIR": str(tmp)}
    ingest = subprocess.run([sys.executable, "-m", "skillopt_sleep", "ingest"], env=env, capture_output=True, text=True, timeout=120)
    assert ingest.returncode == 0, ingest.stderr
    with Store(store) as opened:
        assert [r[0] for r in opened.query("SELECT session_id FROM captures")] == [STOP["session_id"]]
    assert list(tmp.iterdir()) == [] and "wait in" not in status(home, store, tmp).stdout


AUDIT = r"""
import sys
seen = []
sys.addaudithook(lambda event, args: seen.append((event, args)) if event.startswith(("open", "os.")) else None)
sys.path.insert(0, sys.argv[1])
import hook
hook.run(["--agent", "claude-code", sys.argv[2]])
for event, args in seen:
    print(event, repr(args[0]) if args else "")
"""


def test_the_usual_path_makes_no_call_the_fallback_needs(tmp_path):
    """What the hook does when the spool takes the line, as Python's audit events show it: no
    temp folder, no marker, no extra file."""
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    tmp.mkdir()
    env = {"SKILLOPT_SLEEP_HOME": str(home), "TMPDIR": str(tmp), "HOME": str(tmp_path)}

    def events() -> list[str]:
        done = subprocess.run([PYTHON, "-I", "-S", "-c", AUDIT, str(HOOK.parent), json.dumps(STOP)], env=env,
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        own_modules = ("hook", "bare")  # the hook's own code and bytecode, which the import reads
        return [line for line in done.stdout.splitlines()
                if not any(name in line.split(" ", 1)[-1] for name in own_modules) or "home" in line]

    events()  # the first run makes the data folder
    usual = events()
    touched = [line for line in usual if line.startswith(("open ", "os.mkdir", "os.symlink", "os.rename"))]
    assert any(capture_hook.SPOOL_NAME in line for line in touched), usual
    assert not [line for line in touched if str(tmp) in line or capture_hook.LOST_DIR in line], touched
    assert len([line for line in touched if line.startswith("open ")]) == 1, touched  # the spool, once
    assert list(tmp.iterdir()) == []
