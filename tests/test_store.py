import multiprocessing
import sqlite3
import threading

import pytest

from skillopt_sleep.store import Store


def _writer(path: str, worker: int, rows: int) -> None:
    store = Store(path)
    for i in range(rows):
        store.insert("captures", {"agent": "claude-code", "event": "Stop", "session_id": f"w{worker}-{i}",
                                  "captured_at": "2026-01-01T00:00:00Z"})
    store.close()


def test_concurrent_writer_processes_lose_no_rows(tmp_path):
    path = str(tmp_path / "store.db")
    Store(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 60)) for w in range(6)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    store = Store(path)
    assert store.query_one("SELECT COUNT(*) AS n FROM captures")["n"] == 360
    assert store.query_one("PRAGMA integrity_check")[0] == "ok"
    store.close()


def test_wal_mode_and_migrations_applied_once(tmp_path):
    path = tmp_path / "s.db"
    first = Store(path)
    version = first.schema_version()
    first.close()
    second = Store(path)
    assert second.schema_version() == version >= 1
    assert second.query_one("PRAGMA journal_mode")[0] == "wal"
    second.close()


def test_a_store_opened_while_another_process_writes_the_new_file_waits_for_the_switch_to_wal(tmp_path):
    """Workers of a sweep open one new store together. Switching a file to WAL needs it alone, and
    SQLite refuses that switch at once while another holds the write lock (no busy wait): the
    opener must wait and switch it, not fail with 'database is locked'."""
    path = tmp_path / "s.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another opener, part-way through creating the file
    threading.Timer(0.3, other.execute, ("COMMIT",)).start()
    store = Store(path)
    assert store.query_one("PRAGMA journal_mode")[0] == "wal"
    assert store.schema_version() >= 1
    store.close()
    other.close()


def _failing_write(store: Store) -> None:
    """A transaction that inserts a row, then fails."""
    with pytest.raises(sqlite3.OperationalError):
        with store.transaction() as conn:
            conn.execute("INSERT INTO captures (agent, event, captured_at) VALUES ('b', 'Stop', 't')")
            conn.execute("INSERT INTO no_such_table VALUES (1)")


def test_failed_transaction_keeps_earlier_rows(tmp_path):
    store = Store(tmp_path / "s.db")
    store.insert("captures", {"agent": "a", "event": "Stop", "captured_at": "t"})
    _failing_write(store)
    assert [r["agent"] for r in store.query("SELECT agent FROM captures")] == ["a"]
    store.close()


def test_a_migration_numbered_below_one_already_applied_still_runs(tmp_path, monkeypatch):
    from skillopt_sleep import store as store_module
    from skillopt_sleep.store import migrations

    path = tmp_path / "s.db"
    Store(path).close()
    extra = {**migrations.MIGRATIONS, 5: "CREATE TABLE late_arrival (x INTEGER)"}
    monkeypatch.setattr(store_module, "MIGRATIONS", extra)
    reopened = Store(path)
    assert reopened.query_one("SELECT name FROM sqlite_master WHERE name = 'late_arrival'")
    assert 5 in reopened.applied_migrations()
    reopened.close()
    Store(path).close()  # applied once: reopening does not run it again


def _captured(store: Store) -> list[str]:
    return [r["agent"] for r in store.query("SELECT agent FROM captures ORDER BY id")]


def test_grouped_writes_are_committed_together_and_a_failed_one_is_undone_alone(tmp_path):
    store = Store(tmp_path / "s.db")
    with Store(store.path) as reader:
        with store.grouped(seconds=3600):
            store.insert("captures", {"agent": "a", "event": "Stop", "captured_at": "t"})
            _failing_write(store)
            store.insert("captures", {"agent": "c", "event": "Stop", "captured_at": "t"})
            assert _captured(store) == ["a", "c"]  # the group sees its own writes
            assert _captured(reader) == []  # nobody else does before the commit
        assert _captured(reader) == ["a", "c"]
    store.close()


def test_a_group_commits_once_its_window_has_passed(tmp_path):
    store = Store(tmp_path / "s.db")
    with Store(store.path) as reader, store.grouped(seconds=0.0):
        store.insert("captures", {"agent": "a", "event": "Stop", "captured_at": "t"})
        assert _captured(reader) == ["a"]
        assert not store.conn.in_transaction  # the write lock is free for other processes
    store.close()
