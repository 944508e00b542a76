"""Sessions that used two different skills become two nights, two proposals, decided one skill at
a time; unresolvable skill names are reported, never guessed."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.capture.harvest import claude_slug
from skillopt_sleep.cli import main
from skillopt_sleep.config import load_config
from skillopt_sleep.night.sequencing.skillnights import NightRequest, run_skill_nights
from skillopt_sleep.proposals import ledger
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.skills import resolve_skill
from skillopt_sleep.tasks.skilluse import plan_nights
from skillopt_sleep.tasks.taskstore import TaskRepo

FIXTURES = Path(__file__).parent / "fixtures"
SKILL_FIXTURE = FIXTURES / "claude/projects/-tmp-skillopt-fixture-work-shop-api/4808501f-94a6-475d-9a87-70302f1cfee5.jsonl"
FIXTURE_ID = "4808501f-94a6-475d-9a87-70302f1cfee5"
FIXTURE_CWD = "/tmp/skillopt-fixture/work/shop-api"
FIXTURE_INTENT = "Write release notes for version 1.4.0"
RULE = "- Keep every answer to at most 5 lines."


def skill_text(name: str) -> str:
    return f"---\nname: {name}\ndescription: Writes {name}\n---\n\n# {name}\n\nWrite it well.\n"


def session_copy(projects_dir: Path, project: Path, skill: str, intent: str) -> None:
    """The real release-notes session, as if it had run in `project`, used `skill` and asked `intent`."""
    session_id = str(uuid.uuid4())
    text = SKILL_FIXTURE.read_text(encoding="utf-8")
    text = text.replace(FIXTURE_ID, session_id).replace(FIXTURE_CWD, str(project)).replace(FIXTURE_INTENT, intent)
    text = text.replace('"skill": "release-notes"', f'"skill": "{skill}"').replace('"skill":"release-notes"', f'"skill":"{skill}"')
    path = projects_dir / claude_slug(str(project)) / f"{session_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def obedient_student(request) -> str:
    """Short answers only when its skill says so; the user asked for under 8 lines (640 characters)."""
    if "at most 5 lines" in request.system:
        return "# Notes\n- one\n- two"
    return "\n".join(f"line {i}: " + "a long sentence that repeats itself " * 2 for i in range(12))


def rule_teacher(request) -> str:
    return json.dumps({"diagnosis": "answers run long", "edits": [{"op": "add", "text": RULE, "rationale": "the user asks for short"}]})


@pytest.fixture
def world(tmp_path, monkeypatch):
    home, project = tmp_path / "home", tmp_path / "work" / "shop"
    project.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    monkeypatch.chdir(project)
    release = project / ".claude" / "skills" / "release-notes" / "SKILL.md"  # a project skill
    docs = home / ".claude" / "skills" / "api-docs" / "SKILL.md"  # a user skill
    for path, name in ((release, "release-notes"), (docs, "api-docs")):
        path.parent.mkdir(parents=True)
        path.write_text(skill_text(name))
    for i in range(8):
        session_copy(home / ".claude" / "projects", project, "release-notes", f"Write release notes for version {i}.{i + 3}.{i * 7}")
        session_copy(home / ".claude" / "projects", project, "api-docs", f"Document endpoint number {i} of the orders api v{i * 11}")
    session_copy(home / ".claude" / "projects", project, "no-such-skill", "Write a haiku about invoices and taxes")
    return home, project, release, docs


def test_two_skills_two_nights_two_proposals_decided_one_at_a_time(world, capsys):
    home, project, release, docs = world
    assert main(["harvest", "--json"]) == 0  # the sessions already on disk, of this project (cwd)
    assert main(["mine", "--json"]) == 0
    capsys.readouterr()

    assert main(["skills", "--json"]) == 0
    listed = {item["name"]: item for item in json.loads(capsys.readouterr().out)}
    assert Path(listed["release-notes"]["path"]) == release and Path(listed["api-docs"]["path"]) == docs
    assert listed["no-such-skill"]["path"] is None and listed["no-such-skill"]["problem"].startswith("missing")

    config = load_config(cwd=project, env={}, flags={"night.seed": "3", "night.rounds": "1", "memory.recall_k": "0"},
                         user_file=project / "none.yaml")
    with Store() as store:
        plan = plan_nights(store, TaskRepo(store).list(), None)
        assert sorted(n.names[0] for n in plan.nights) == ["api-docs", "release-notes"]
        assert [r.name for r in plan.unresolved] == ["no-such-skill"]
        request = NightRequest(config, store, ScriptedBackend(obedient_student), ScriptedBackend(rule_teacher), project)
        result = run_skill_nights(request, plan, None)
    assert [r.status for r in result.reports] == ["accepted", "accepted"]
    assert {Path(r.skill_path) for r in result.reports} == {release, docs}

    assert main(["status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert sorted(p["skill"] for p in status["pending"]) == ["api-docs", "release-notes"]
    assert main(["adopt"]) == 2  # two skills wait: adopt names one, it never picks for the user
    assert "name one" in capsys.readouterr().err

    assert main(["adopt", "release-notes"]) == 0
    assert RULE in release.read_text() and docs.read_text() == skill_text("api-docs")
    with Store() as store:
        night = next(r.night_id for r in result.reports if Path(r.skill_path) == release)
        assert {e.text: e.status for e in ledger.entries(store, night_id=night)}[RULE] == "adopted"
    assert main(["revert", "--skill-name", "release-notes"]) == 0
    assert release.read_text() == skill_text("release-notes") and docs.read_text() == skill_text("api-docs")

    capsys.readouterr()
    assert main(["status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert [p["skill"] for p in status["pending"]] == ["api-docs"] and status["adopted"] == []
    with Store() as store:
        assert {e.text: e.status for e in ledger.entries(store, night_id=night)}[RULE] == "reverted"


def test_a_plugin_skill_resolves_to_its_installed_version_and_duplicates_are_ambiguous(tmp_path):
    home, project = tmp_path / "home", tmp_path / "work"
    cache = home / ".claude" / "plugins" / "cache" / "market" / "tools"
    for version in ("1.0.0", "1.1.0"):
        (cache / version / "skills" / "lint" / "SKILL.md").parent.mkdir(parents=True)
        (cache / version / "skills" / "lint" / "SKILL.md").write_text(skill_text("lint"))
    assert resolve_skill("tools:lint", str(project), home).problem.startswith("ambiguous")
    registry = home / ".claude" / "plugins" / "installed_plugins.json"
    registry.write_text(json.dumps({"version": 2, "plugins": {"tools@market": [{"installPath": str(cache / "1.1.0")}]}}))
    assert resolve_skill("tools:lint", str(project), home).path == cache / "1.1.0" / "skills" / "lint" / "SKILL.md"

    for root in (project / ".agents" / "skills", home / ".codex" / "skills"):
        (root / "review" / "SKILL.md").parent.mkdir(parents=True)
        (root / "review" / "SKILL.md").write_text(skill_text("review"))
    both = resolve_skill("review", str(project), home)
    assert both.path is None and both.problem.startswith("ambiguous") and len(both.candidates) == 2
    assert resolve_skill("../etc", str(project), home).problem
