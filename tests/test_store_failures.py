"""Failures of the machine on real files: a read-only store folder, a store another user owns, a
full disk. Each command says in one line which file and what to do, exits non-zero, prints no
traceback, and no model call is paid for that cannot be recorded. The store and the staging
folder are the user's alone.

The read-only folder is a real read-only bind mount and the full disk a real 4 MiB tmpfs (both
need root and the right to mount; the tests skip where that is refused); permission denied is a store
file of mode 0000, opened with root's power to ignore modes dropped (setpriv) when the tests run
as root."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.store import Store
from tests.fakes import FakeOpenAI, text
from tests.test_night_outage import write_night_files

REPO = Path(__file__).resolve().parents[1]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"mount is not permitted here: {done.stderr.strip()}")


@contextlib.contextmanager
def read_only(folder: Path):
    """`folder` made really read-only for this process: a read-only bind mount over itself as
    root, the mode 0500 otherwise."""
    if not IS_ROOT:
        folder.chmod(0o500)
        try:
            yield
        finally:
            folder.chmod(0o700)
        return
    mount("--bind", str(folder), str(folder))
    try:
        mount("-o", "remount,ro,bind", str(folder))
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "4m"):
    folder.mkdir(parents=True, exist_ok=True)
    if not IS_ROOT:
        pytest.skip("a small real file system needs root to mount (/dev/full cannot hold an SQLite store)")
    mount("-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(folder))
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(folder: Path) -> Path:
    """Write a filler file until the file system says ENOSPC: a really full disk."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        chunk = b"\0" * 4096
        try:
            while True:
                out.write(chunk)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def workspace(root: Path) -> dict:
    root.mkdir(parents=True, exist_ok=True)
    skill = write_night_files(root, count=8)
    return {"skill": skill, "tasks": root / "tasks.jsonl", "teacher": root / "teacher.json", "home": root / "home"}


def cli(files: dict, *args: str, without_root_powers: bool = False) -> subprocess.CompletedProcess:
    """`skillopt-sleep ARGS` in a new process. `without_root_powers`: as root, drop the capabilities
    that let root ignore file modes (setpriv), so a mode really refuses as it would for a user."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "SKILLOPT_SLEEP_HOME": str(files["home"]), "OPENAI_API_KEY": "sk-test"}
    prefix: list[str] = []
    if without_root_powers and IS_ROOT:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("setpriv is not installed: root would ignore the file's mode")
        prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]
    return subprocess.run([*prefix, sys.executable, "-m", "skillopt_sleep", *args], env=env, capture_output=True,
                          text=True, timeout=120)


def night_args(files: dict, store: Path, student_url: str = "http://127.0.0.1:9/v1") -> list[str]:
    return ["run", "--quiet", "--skill", str(files["skill"]), "--store", str(store), "--tasks-file", str(files["tasks"]),
            "--student", "openai:fake-student", "--teacher", "scripted", "--set", f"student.base_url={student_url}",
            "--set", "calls.max_retries=0", "--set", "night.concurrency=1", "--set", "calls.concurrency=1",
            "--set", f"scripted.script={files['teacher']}", "--set", f"staging.dir={files['home'] / 'staging'}"]


def assert_one_clear_line(done: subprocess.CompletedProcess, path: Path, advice: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("skillopt-sleep: error: ") and str(path) in line and advice in line, line


def test_a_read_only_store_folder_gets_one_line_for_run_and_ingest(tmp_path):
    files = workspace(tmp_path / "work")
    folder = tmp_path / "store"
    folder.mkdir()
    Store(folder / "store.db").close()
    with read_only(folder):
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")  # really read-only
        for args in (["ingest"], night_args(files, folder / "store.db")[1:]):
            command = args if args[0] == "ingest" else ["run", *args]
            done = cli(files, *command, "--store", str(folder / "store.db"))
            assert_one_clear_line(done, folder / "store.db", "writable by this user")


def staged_store(root: Path, store: Path) -> Path:
    """A store with one night and its pending proposal staged under `root`."""
    from skillopt_sleep.proposals.stage import StagedFile, stage_night

    skill = root / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text("# s\n")
    with Store(store) as opened:
        opened.insert("nights", {"id": "n1", "skill_path": str(skill), "status": "accepted", "seed": 1,
                                 "config_json": "{}", "started_at": "2026-01-01T00:00:00Z"})
        stage_night(opened, root / "staging", "n1", [StagedFile("skill", skill, "# s\n", "# s\n- new\n")], {},
                    "report", accepted=True)
    return skill


def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_status_and_review_read_a_store_on_a_read_only_mount(tmp_path):
    files = workspace(tmp_path / "work")
    folder = tmp_path / "store"
    folder.mkdir()
    staged_store(tmp_path / "work", folder / "store.db")
    before = snapshot(folder)
    with read_only(folder):
        shown = cli(files, "status", "--store", str(folder / "store.db"))
        assert shown.returncode == 0, shown.stderr
        assert "n1" in shown.stdout and "Pending proposals (1" in shown.stdout
        assert f"The store {folder / 'store.db'} is open for reading only" in shown.stdout
        assert "older than this version" not in shown.stdout
        reviewed = cli(files, "review", "--store", str(folder / "store.db"))
        assert reviewed.returncode == 0, reviewed.stderr
        assert "from night n1" in reviewed.stdout and "- new" in reviewed.stdout and "open for reading only" in reviewed.stdout
        as_json = cli(files, "status", "--json", "--store", str(folder / "store.db"))
        assert json.loads(as_json.stdout)["store"]["read_only"]
    assert snapshot(folder) == before  # nothing written, no -wal or -shm left


def test_a_read_only_store_with_unapplied_changes_and_an_older_schema_says_so(tmp_path):
    """-wal frames but no -shm on a read-only disk: SQLite can only open the file as immutable,
    which leaves the -wal out; and one migration this version has is missing."""
    files = workspace(tmp_path / "work")
    source, folder = tmp_path / "source", tmp_path / "store"
    folder.mkdir()
    with Store(source / "store.db") as writer:
        newest = max(writer.applied_migrations())
        writer.execute("DELETE FROM schema_migrations WHERE number = ?", (newest,))
        writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        writer.conn.execute("PRAGMA wal_autocheckpoint=0")
        writer.insert("nights", {"id": "n-in-wal", "skill_path": "s", "status": "accepted", "seed": 1,
                                 "config_json": "{}", "started_at": "2026-01-01T00:00:00Z"})
        for name in ("store.db", "store.db-wal"):
            shutil.copy(source / name, folder / name)
    with read_only(folder):
        shown = cli(files, "status", "--store", str(folder / "store.db"))
    assert shown.returncode == 0, shown.stderr
    assert "bytes in store.db-wal, are not shown" in shown.stdout and "n-in-wal" not in shown.stdout
    assert "older than this version needs (1 migration(s) not applied)" in shown.stdout


def test_an_immutable_store_file_is_read_by_status(tmp_path):
    files = workspace(tmp_path / "work")
    store = tmp_path / "store" / "store.db"
    staged_store(tmp_path / "work", store)
    lock = subprocess.run(["chattr", "+i", str(store)], capture_output=True, text=True) if shutil.which("chattr") else None
    if lock is None or lock.returncode != 0:
        pytest.skip(f"chattr +i is not available on this file system: {lock.stderr.strip() if lock else 'no chattr'}")
    try:
        shown = cli(files, "status", "--store", str(store))
    finally:
        subprocess.run(["chattr", "-i", str(store)], check=True)
    assert shown.returncode == 0, shown.stderr
    assert "is open for reading only" in shown.stdout and "n1" in shown.stdout


def test_a_store_file_this_user_may_not_open_gets_one_line_and_nothing_changes(tmp_path):
    files = workspace(tmp_path / "work")
    store = tmp_path / "data" / "store.db"
    Store(store).close()
    before = store.read_bytes()
    store.chmod(0o000)
    try:
        for command in (["status"], ["ingest"], night_args(files, store)):
            done = cli(files, *command, "--store", str(store), without_root_powers=True)
            assert_one_clear_line(done, store, "writable by this user")
    finally:
        store.chmod(0o600)
    assert store.read_bytes() == before


def test_a_full_disk_stops_before_any_paid_call(tmp_path):
    files = workspace(tmp_path / "work")
    with small_disk(tmp_path / "disk") as disk, FakeOpenAI() as server:
        server.respond_with(lambda request: text("Answer."))
        store = disk / "store.db"
        Store(store).close()
        fill(disk)
        for command in (["status"], ["ingest"], night_args(files, store, server.base_url)):
            done = cli(files, *command, "--store", str(store))
            if command[0] == "status" and done.returncode == 0:
                continue  # reading needs no room where SQLite could map its index file
            assert_one_clear_line(done, store, "free some space")
        assert server.model_requests() == []  # nothing was paid for


def test_a_disk_that_fills_mid_night_stops_the_night_at_the_first_unrecorded_call(tmp_path):
    files = workspace(tmp_path / "work")
    with small_disk(tmp_path / "disk") as disk, FakeOpenAI() as server:
        store = disk / "store.db"
        answered = []

        def student(request):
            answered.append(request)
            if len(answered) == 3:
                fill(disk)  # the disk fills while the third call is out
            return text("Answer.")

        server.respond_with(student)
        done = cli(files, *night_args(files, store, server.base_url))
        assert_one_clear_line(done, store, "free some space")
        assert "could not be recorded, so nothing more is sent" in done.stderr
        (disk / "filler").unlink()
        with Store(store) as opened:
            recorded = opened.query_one("SELECT COUNT(*) FROM model_calls")[0]
    assert len(server.model_requests()) == 3 and recorded == 2  # the night stopped at the call it could not record


def test_the_store_and_the_staging_folder_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    from skillopt_sleep import paths
    from skillopt_sleep.proposals.stage import StagedFile, stage_night

    with Store() as store:
        store.insert("nights", {"id": "n1", "skill_path": "s", "status": "accepted", "seed": 1, "config_json": "{}",
                                "started_at": "2026-01-01T00:00:00Z"})
        for suffix in ("", "-wal", "-shm"):
            assert stat.S_IMODE(os.stat(f"{paths.default_db_path()}{suffix}").st_mode) == 0o600, suffix
        assert stat.S_IMODE(paths.data_dir().stat().st_mode) == 0o700
        skill = tmp_path / "SKILL.md"
        skill.write_text("# s\n")
        result = stage_night(store, paths.default_staging_dir(), "n1", [StagedFile("skill", skill, "# s\n", "# s\n- new\n")],
                             {}, "report", accepted=True)
    for folder in (paths.default_staging_dir(), result.stage_dir):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
