"""Cursor agent transcripts. Cursor cannot run here and publishes no schema for these files, so
the fixtures in tests/fixtures/cursor/ are HAND-WRITTEN in the layout that tools reading Cursor's
transcripts describe; no real Cursor wrote them (see skillopt_sleep/capture/transcripts/cursor.py).
They become sessions, are found by harvest under each project's slug and mine into tasks; a
broken line costs only itself. A Cursor transcript does not record whether a run was headless,
so no Cursor session can be told apart as one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor, session_id_for
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.capture.transcripts.cursor import user_words, workspace_of, workspace_slug
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.scenario_check import check_correction, check_scenario, load_manifest

FIXTURES = Path(__file__).parent / "fixtures" / "cursor"
MANIFEST, SCENARIOS = load_manifest("cursor")
RECORDED_ROOT = "/tmp/skillopt-fixture/work"


@pytest.fixture
def work(tmp_path) -> Path:
    """The fixtures' projects made real under tmp_path, and ~/.cursor holding their transcripts
    under those projects' slugs (Cursor names a project's folder after its path)."""
    work = tmp_path / "work"
    for project in ("shop-api", "billing"):
        (work / project).mkdir(parents=True)
        source = FIXTURES / "projects" / workspace_slug(f"{RECORDED_ROOT}/{project}")
        shutil.copytree(source, tmp_path / "home" / ".cursor" / "projects" / workspace_slug(str(work / project)))
    return work


def placed(work: Path, entry: dict) -> tuple[str, str]:
    """Where a scenario's transcript and project are in `work`'s home."""
    relative = Path(entry["path"]).relative_to("cursor/projects")
    recorded_slug, rest = relative.parts[0], Path(*relative.parts[1:])
    project = work / Path(entry["cwd"]).name
    assert recorded_slug == workspace_slug(entry["cwd"])
    return str(work.parent / "home" / ".cursor" / "projects" / workspace_slug(str(project)) / rest), str(project)


def ingest(store: Store, work: Path, name: str):
    entry = SCENARIOS[name]
    path, project = placed(work, entry)
    ingestor = Ingestor(store, IngestOptions())
    assert ingestor.ingest_file(path, "cursor")
    return SessionRepo(store).get(session_id_for(path, "cursor")), ingestor.report, dict(entry, cwd=project)


def test_the_manifest_says_the_fixtures_are_hand_written():
    assert MANIFEST["made_by"] == "hand-written" and "No real Cursor was run" in MANIFEST["note"]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_fixture_yields_its_scenario(store, work, name):
    session, report, entry = ingest(store, work, name)
    check_scenario(session, report, entry)
    assert session.agent == "cursor"


def test_a_correction_keeps_prompts_tools_and_final_answer(store, work):
    session, _, _ = ingest(store, work, "cursor-correction")
    check_correction(session, tool_name="Shell")


def test_harvest_then_mine_makes_a_task_from_the_correction(store, work):
    homes = Homes.from_env({"HOME": str(work.parent / "home")})
    report = harvest(store, homes, IngestOptions(projects=[str(work / "shop-api")]), ("cursor",))
    # the CLI's and the editor's sessions; the billing folder is ruled out by its slug, the
    # sub-agent's transcript is not a session of its own
    assert report.sessions == 2 and report.files == 2
    HeuristicMiner(store).run()
    tasks = TaskRepo(store).list()
    assert [t.intent for t in tasks] == ["install the dependencies for this project"]
    assert [c.to_dict() for c in tasks[0].judge.checks] == [{"op": "contains", "arg": "pnpm"}]


def test_harvest_follows_cursor_config_dir(tmp_path, work):
    moved = tmp_path / "cursor-config"
    shutil.move(str(work.parent / "home" / ".cursor"), moved)
    with Store(tmp_path / "moved.db") as store:
        report = harvest(store, Homes.from_env({"HOME": str(tmp_path), "CURSOR_CONFIG_DIR": str(moved)}), IngestOptions(), ("cursor",))
    assert report.sessions == 3


def test_a_broken_line_costs_only_itself(store, work):
    path, _ = placed(work, SCENARIOS["cursor-billing"])
    lines = Path(path).read_text().splitlines(keepends=True)
    Path(path).write_text(lines[0] + '{"role":"assistant","message":{"content":[{"type":"te\n' + "".join(lines[1:]))
    ingestor = Ingestor(store, IngestOptions())
    assert ingestor.ingest_file(path, "cursor")
    assert ingestor.report.skipped == {"truncated_line": 1}
    session = SessionRepo(store).get(session_id_for(path, "cursor"))
    assert session.intents[0].answer == "The tests could not run: there is no tests folder."


def test_the_user_words_are_taken_out_of_cursors_wrapping():
    assert user_words("<timestamp>Tuesday</timestamp>\n<user_query>\nfix the build\n</user_query>") == ("fix the build", "Tuesday")
    assert user_words("plain words") == ("plain words", "")


def test_a_slug_is_resolved_against_the_folders_on_disk(tmp_path):
    (tmp_path / "my-app" / "web").mkdir(parents=True)
    (tmp_path / "my").mkdir()
    assert workspace_of(workspace_slug(str(tmp_path / "my-app" / "web"))) == str(tmp_path / "my-app" / "web")
    assert workspace_of(workspace_slug(str(tmp_path / "gone"))) == ""
