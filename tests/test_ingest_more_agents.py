"""GitHub Copilot CLI and pi: the real CLIs' session files in tests/fixtures/<agent>/ (written by
tests/fixtures/make_agent_fixtures.py) become sessions, are found by harvest, and mine into tasks;
their headless runs are not mined."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor, session_id_for
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.scenario_check import check_correction, check_scenario

FIXTURES = Path(__file__).parent / "fixtures"
AGENTS = ("copilot", "pi")
SCENARIOS = [e for agent in AGENTS for e in json.loads((FIXTURES / agent / "MANIFEST.json").read_text())["scenarios"]]
SHOP = "/tmp/skillopt-fixture/work/shop-api"


def scenario(name: str) -> dict:
    return next(e for e in SCENARIOS if e["name"] == name)


def ingest(store: Store, entry: dict, **options):
    path = str(FIXTURES / entry["path"])
    ingestor = Ingestor(store, IngestOptions(**options))
    assert ingestor.ingest_file(path, entry["agent"])
    return SessionRepo(store).get(session_id_for(path, entry["agent"])), ingestor.report


def homes_with_fixtures(tmp_path: Path) -> Homes:
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "copilot", home / ".copilot")
    shutil.copytree(FIXTURES / "pi", home / ".pi" / "agent")
    env = {"HOME": str(home)}
    return Homes.from_env(env)


def test_each_agent_has_a_user_session_and_a_headless_run():
    for agent in AGENTS:
        names = {e["name"] for e in SCENARIOS if e["agent"] == agent}
        assert {f"{agent}-correction", f"{agent}-headless"} <= names


@pytest.mark.parametrize("name", [e["name"] for e in SCENARIOS])
def test_each_fixture_yields_its_scenario(store, name):
    entry = scenario(name)
    session, report = ingest(store, entry)
    check_scenario(session, report, entry)
    assert session.agent == entry["agent"] and session.model == "gpt-5-mini"
    if entry["expect"].get("tool_errors"):
        assert "No such file or directory" in session.intents[0].tools[0].error


@pytest.mark.parametrize("agent", AGENTS)
def test_a_correction_keeps_prompts_and_final_answer(store, agent):
    session, _ = ingest(store, scenario(f"{agent}-correction"))
    check_correction(session)


@pytest.mark.parametrize("agent", AGENTS)
def test_harvest_then_mine_makes_a_task_from_the_correction(store, tmp_path, agent):
    report = harvest(store, homes_with_fixtures(tmp_path), IngestOptions(projects=[SHOP]), (agent,))
    assert report.sessions == sum(1 for e in SCENARIOS if e["agent"] == agent and e["cwd"] == SHOP)
    assert report.out_of_scope == 1  # the billing session, ruled out by its first line's cwd
    HeuristicMiner(store).run()
    tasks = TaskRepo(store).list()
    assert [t.intent for t in tasks] == ["install the dependencies for this project"]
    assert [c.to_dict() for c in tasks[0].judge.checks] == [{"op": "contains", "arg": "pnpm"}]
    assert tasks[0].outcome == "corrected" and {s["agent"] for s in tasks[0].meta["sources"]} == {agent}


@pytest.mark.parametrize("agent", AGENTS)
def test_headless_runs_are_not_mined_unless_let_in(store, tmp_path, agent):
    session, _ = ingest(store, scenario(f"{agent}-headless"))
    assert session.excluded == "headless"
    HeuristicMiner(store).run()
    assert TaskRepo(store).list() == []
    with Store(tmp_path / "other.db") as other:
        let_in, _ = ingest(other, scenario(f"{agent}-headless"), include_headless=True)
    assert let_in.excluded == "" and let_in.intents[0].text == "Summarize the README in one sentence"


def test_pi_replays_are_never_let_in(store):
    replay, _ = ingest(store, scenario("pi-replay"), include_headless=True)
    assert replay.excluded == "replay"


def test_harvest_finds_each_agents_history_where_it_is_moved_to(tmp_path):
    home = tmp_path / "home"
    homes = Homes.from_env({"HOME": str(home), "COPILOT_HOME": str(tmp_path / "cp"), "PI_CODING_AGENT_DIR": str(tmp_path / "pi")})
    assert (homes.copilot, homes.pi_sessions) == (tmp_path / "cp", tmp_path / "pi" / "sessions")
    moved = Homes.from_env({"HOME": str(home), "PI_CODING_AGENT_SESSION_DIR": str(tmp_path / "s")})
    assert (moved.copilot, moved.pi_sessions) == (home / ".copilot", tmp_path / "s")
