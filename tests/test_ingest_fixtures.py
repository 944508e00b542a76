"""The real transcripts in tests/fixtures (written by the real claude and codex CLIs) become the
sessions their scenarios describe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.capture.ingest import IngestOptions, Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.store import Store
from tests.scenario_check import check_scenario, requests_view

FIXTURES = Path(__file__).parent / "fixtures"
MANIFEST = json.loads((FIXTURES / "MANIFEST.json").read_text())
SCENARIOS = MANIFEST["scenarios"]


def ingest(store: Store, entry: dict, **options):
    path = FIXTURES / entry["path"]
    ingestor = Ingestor(store, IngestOptions(**options))
    assert ingestor.ingest_file(str(path), entry["agent"])
    session_id = path.stem[-36:] if entry["agent"] == "codex" else path.stem
    return SessionRepo(store).get(session_id), ingestor.report


def test_the_fixtures_cover_what_the_issue_asks_for():
    shows = " ".join(s for entry in SCENARIOS for s in entry["shows"])
    for needed in ("tool use", "Skill", "correction", "sub-agent", "headless", "replay", "observer"):
        assert needed in shows
    assert {e["agent"] for e in SCENARIOS} == {"claude-code", "codex"}
    for entry in SCENARIOS:
        assert (FIXTURES / entry["path"]).is_file()


@pytest.mark.parametrize("entry", SCENARIOS, ids=[e["name"] for e in SCENARIOS])
def test_each_fixture_yields_its_scenario(store, entry):
    # Every Codex fixture is a `codex exec` run, which is headless: read here as user work.
    session, report = ingest(store, entry, include_headless=entry["agent"] == "codex")
    check_scenario(session, report, entry)


def test_codex_counts_each_turn_once(store):
    for entry in (e for e in SCENARIOS if e["agent"] == "codex"):
        session, _ = ingest(store, entry)
        raw = (FIXTURES / entry["path"]).read_text()
        typed = [json.loads(line) for line in raw.splitlines()]
        user_items = [r for r in typed if r["type"] == "response_item" and r["payload"].get("role") == "user"
                      and not r["payload"]["content"][0]["text"].startswith("<")]
        assert len(user_items) == 2  # the CLI wrote each typed message as a response item ...
        assert session.user_turns == 2  # ... and as an event: counted once
        assert len(session.intents) == 1 and len(session.intents[0].follow_ups) == 1
        assert len(requests_view(session).intents[0].feedback) == 1
        assert session.version and session.model


def test_corrected_answers_keep_the_one_the_user_reacted_to(store):
    session, _ = ingest(store, next(e for e in SCENARIOS if e["name"] == "claude-skill"))
    intent = session.intents[0]
    assert intent.first_answer.startswith("# shop-api 1.4.0") and "Upgrade notes" in intent.first_answer
    assert "Upgrade notes" not in intent.answer and len(intent.answer.splitlines()) <= 8


def test_sub_agent_transcripts_are_not_user_sessions(store):
    entry = next(e for e in SCENARIOS if e["subagent_transcripts"])
    for relative in entry["subagent_transcripts"]:
        path = FIXTURES / relative
        Ingestor(store).ingest_file(str(path), "claude-code")
        assert SessionRepo(store).get(path.stem).excluded == "subagent"


def test_headless_runs_can_be_let_in(store):
    entry = next(e for e in SCENARIOS if e["name"] == "claude-headless")
    session, _ = ingest(store, entry, include_headless=True)
    assert session.excluded == "" and session.intents[0].text == "Summarize the README in one sentence"
    replay, _ = ingest(store, next(e for e in SCENARIOS if e["name"] == "claude-replay"), include_headless=True)
    assert replay.excluded == "replay"  # this project's own replays never are


def test_codex_exec_runs_are_headless(store):
    entry = next(e for e in SCENARIOS if e["agent"] == "codex")
    session, _ = ingest(store, entry)
    assert session.entrypoint == "codex_exec" and session.excluded == "headless"
