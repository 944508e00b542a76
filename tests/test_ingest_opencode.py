"""OpenCode: the real CLI's SQLite history in tests/fixtures/opencode/ (written by
tests/fixtures/make_agent_fixtures.py, committed as the SQL that rebuilds the database) becomes
sessions, is found by harvest and mines into tasks; `opencode run` sessions are not mined; a
locked or broken database is passed over with a warning and costs nothing already stored."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.scenario_check import check_correction, check_scenario, load_manifest, said

FIXTURES = Path(__file__).parent / "fixtures" / "opencode"
MANIFEST, SCENARIOS = load_manifest("opencode")
SHOP = "/tmp/skillopt-fixture/work/shop-api"


@pytest.fixture
def home(tmp_path) -> Path:
    """A HOME whose ~/.local/share/opencode/opencode.db is the recorded database."""
    database = tmp_path / "home" / ".local" / "share" / "opencode" / "opencode.db"
    database.parent.mkdir(parents=True)
    with closing(sqlite3.connect(database)) as conn:
        conn.executescript((FIXTURES / "opencode.sql").read_text())
    return tmp_path / "home"


def database(home: Path) -> Path:
    return home / ".local" / "share" / "opencode" / "opencode.db"


def ingest(store: Store, home: Path, **options):
    ingestor = Ingestor(store, IngestOptions(**options))
    ingestor.ingest_file(str(database(home)), "opencode")
    return ingestor.report


def stored_ids(store: Store) -> set[str]:
    return {row["id"] for row in store.query("SELECT id FROM sessions")}


def test_the_fixture_was_recorded_by_the_real_cli():
    assert MANIFEST["version"].startswith("1.") and {"opencode-correction", "opencode-headless"} <= set(SCENARIOS)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_recorded_session_yields_its_scenario(store, home, name):
    report = ingest(store, home)
    entry = SCENARIOS[name]
    session = SessionRepo(store).get(entry["session"])
    check_scenario(session, report, entry)
    assert session.agent == "opencode" and session.model == "gpt-5-mini" and session.version.startswith("1.")
    if entry["expect"].get("tool_errors"):
        assert "No such file or directory" in session.intents[0].tools[0].error


def test_a_correction_keeps_prompts_tools_and_final_answer(store, home):
    ingest(store, home)
    check_correction(SessionRepo(store).get(SCENARIOS["opencode-correction"]["session"]), tool_name="bash")


def test_harvest_then_mine_makes_a_task_from_the_correction(store, home):
    report = harvest(store, Homes.from_env({"HOME": str(home)}), IngestOptions(projects=[SHOP]), ("opencode",))
    assert report.sessions == 2 and report.out_of_scope == 1  # the billing session is in another project
    HeuristicMiner(store).run()
    tasks = TaskRepo(store).list()
    assert [t.intent for t in tasks] == ["install the dependencies for this project"]  # not the headless run
    assert [c.to_dict() for c in tasks[0].judge.checks] == [{"op": "contains", "arg": "pnpm"}]
    assert {s["agent"] for s in tasks[0].meta["sources"]} == {"opencode"}


def test_harvest_follows_xdg_data_home(store, tmp_path, home):
    moved = tmp_path / "data"
    moved.mkdir()
    database(home).parent.rename(moved / "opencode")
    homes = Homes.from_env({"HOME": str(home), "XDG_DATA_HOME": str(moved)})
    assert harvest(store, homes, IngestOptions(), ("opencode",)).sessions == 3


def test_opencode_run_sessions_are_not_mined_unless_let_in(store, tmp_path, home):
    ingest(store, home)
    headless = SessionRepo(store).get(SCENARIOS["opencode-headless"]["session"])
    assert headless.excluded == "headless" and headless.entrypoint == "run"
    with Store(tmp_path / "other.db") as other:
        ingest(other, home, include_headless=True)
        let_in = SessionRepo(other).get(SCENARIOS["opencode-headless"]["session"])
    # `opencode run` stored the words it was given in quotes; the intent is what was typed.
    assert let_in.excluded == "" and let_in.intents[0].text == "Summarize the README in one sentence"


def test_an_unchanged_database_is_not_read_again_and_a_grown_session_is(store, home):
    ingest(store, home)
    assert ingest(store, home).unchanged == 1
    correction = SCENARIOS["opencode-correction"]["session"]
    with closing(sqlite3.connect(database(home))) as conn, conn:  # OpenCode adds a turn
        conn.execute("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES "
                     "('msg_zz_new', ?, 1896295900000, 1896295900000, '{\"role\":\"user\",\"time\":{\"created\":1896295900000}}')",
                     (correction,))
        conn.execute("INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES "
                     "('prt_zz_new', 'msg_zz_new', ?, 1896295900000, 1896295900000, '{\"type\":\"text\",\"text\":\"Now add a lint script\"}')",
                     (correction,))
        conn.execute("UPDATE session SET time_updated = 1896295900000 WHERE id = ?", (correction,))
    report = ingest(store, home)
    assert report.sessions == 1  # only the session that changed
    assert said(SessionRepo(store).get(correction))[-1] == "Now add a lint script"


def test_a_locked_database_is_passed_over_with_a_warning(store, home, caplog):
    ingest(store, home)
    before = SessionRepo(store).get(SCENARIOS["opencode-correction"]["session"])
    Path(str(database(home))).touch()  # changed on disk, so it is opened again
    with closing(sqlite3.connect(database(home), isolation_level=None)) as writer:
        writer.execute("BEGIN EXCLUSIVE")  # OpenCode in the middle of writing
        with caplog.at_level(logging.WARNING):
            report = ingest(store, home)
        writer.execute("ROLLBACK")
    assert report.skipped == {"unreadable_database": 1}
    assert [r.getMessage().count("\n") for r in caplog.records if "not read" in r.getMessage()] == [0]
    assert SessionRepo(store).get(before.id).intents == before.intents


def test_a_partial_database_loses_nothing_stored_and_is_never_written(store, home, caplog):
    ingest(store, home)
    stored = stored_ids(store)
    data = database(home).read_bytes()
    database(home).write_bytes(data[: len(data) // 3])  # cut short, as by a crash or a copy
    digest = hashlib.sha256(database(home).read_bytes()).hexdigest()
    with caplog.at_level(logging.WARNING):
        report = ingest(store, home)
    assert report.skipped == {"unreadable_database": 1} and "opencode history" in caplog.text
    assert stored_ids(store) == stored and len(stored) == 3
    assert hashlib.sha256(database(home).read_bytes()).hexdigest() == digest
