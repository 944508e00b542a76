"""The product's own path on the recorded persona workload: the hooks' rows → `ingest` → `mine`
→ `run` with scripted models, measured against the answer key. The sessions were written by the
real `claude` and `codex` CLIs (experiments/workloads/generate.py); nothing here reads the key
except the measurement."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.experiments.workload.answerkey import load_key, score_mining
from skillopt_sleep.experiments.workload.measure import run_workload
from skillopt_sleep.experiments.workload.recipe import load_workload_recipe
from skillopt_sleep.experiments.workload.report import render_workload_markdown
from skillopt_sleep.records import Check, Judge, Task

REPO = Path(__file__).resolve().parent.parent
RECIPE = REPO / "experiments" / "recipes" / "workload-scripted.yaml"
KEY = REPO / "experiments" / "workloads" / "answer-key.json"


@pytest.fixture(scope="module")
def rows(tmp_path_factory, request):
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.chdir(REPO)  # the recipe's paths are relative to the repository
    request.addfinalizer(monkeypatch.undo)
    recipe = load_workload_recipe(RECIPE)
    return [row.to_dict() for row in run_workload(recipe, tmp_path_factory.mktemp("workload"))]


def test_every_learning_session_is_captured_and_mined(rows):
    assert [r["persona"] for r in rows] == ["programmer", "researcher", "analyst"]
    for row in rows:
        assert row["sessions"]["hook_rows"] >= row["sessions"]["learning"]
        assert row["mining"]["sessions"] == row["sessions"]["learning"]  # held-out weeks never reach the store
        assert row["mining"]["tasks_with_checks"] >= 3


def test_mined_checks_recover_the_planted_preferences(rows):
    matched = sum(r["mining_score"]["matched"] for r in rows)
    checks = sum(r["mining_score"]["checks"] for r in rows)
    recovered = sum(len(r["mining_score"]["recovered"]) for r in rows)
    planted = sum(len(r["funnel"]["planted"]) for r in rows)
    assert matched / checks >= 0.5, [r["mining_score"]["unmatched"] for r in rows]
    assert recovered / planted >= 0.6, [r["mining_score"]["missed"] for r in rows]
    programmer = next(r for r in rows if r["persona"] == "programmer")
    assert {"pnpm", "logging"} <= set(programmer["mining_score"]["recovered"])


def test_the_nights_proposal_carries_the_recovered_preferences(rows):
    for row in rows:  # each stage can only lose preferences
        funnel = row["funnel"]
        assert set(funnel["kept"]) <= set(funnel["proposed"]) <= set(funnel["mined"]) <= set(funnel["planted"])
    programmer = next(r for r in rows if r["persona"] == "programmer")
    assert programmer["night"]["decision"] == "accepted" and programmer["night"]["proposal_id"], programmer["night"]
    assert {"pnpm", "logging"} <= set(programmer["funnel"]["proposed"])
    assert "pnpm" in programmer["funnel"]["kept"] and "pnpm" in programmer["night"]["after_skill"]


def test_held_out_requests_meet_more_preferences_after_the_night(rows):
    for row in rows:
        stats = row["heldout"]["stats"]
        assert stats["baseline"]["units"] == row["heldout"]["n_tasks"] * 3  # three sampling seeds
        assert stats["after"]["mean"] >= stats["baseline"]["mean"], (row["persona"], stats)
    programmer = next(r for r in rows if r["persona"] == "programmer")["heldout"]["stats"]
    assert programmer["after"]["mean"] > programmer["baseline"]["mean"] and programmer["paired"]["wins"] > 0
    markdown = render_workload_markdown(rows, "workload-scripted")
    assert "| programmer |" in markdown.replace(" (unverified)", "") and "precision" in markdown


def test_report_verb_renders_workload_rows(rows, tmp_path):
    results = tmp_path / "w.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "report", str(results)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    markdown = (tmp_path / "w.md").read_text()
    assert "Where preferences are lost" in markdown and "(w.png)" in markdown
    assert (tmp_path / "w.png").read_bytes().startswith(b"\x89PNG")


def test_workload_verb_resumes_keeping_the_personas_already_measured(rows, tmp_path):
    """A run stopped after two personas goes on with the third; the first two rows stay as they were.
    The work folder is given relative to where the verb runs, as a user types it."""
    results = tmp_path / "w.jsonl"
    earlier = "".join(json.dumps(r) + "\n" for r in rows[:2])
    results.write_text(earlier + '{"cell_id": "workload-scripted/ana')  # the third row cut by a kill
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "workload", str(RECIPE), "-q",
                           "--results", str(results), "--work-dir", os.path.relpath(tmp_path / "work", REPO)],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "1 row(s) measured, 2 kept" in done.stdout
    text = results.read_text()
    assert text.startswith(earlier)
    assert [json.loads(line)["persona"] for line in text.splitlines()] == ["programmer", "researcher", "analyst"]


def test_mining_score_counts_matches_and_misses():
    analyst = load_key(KEY)["analyst"]
    tasks = [Task(task_id="a", intent="x", judge=Judge(kind="rule", checks=[Check("section_present", "Risks"),
                                                                            Check("contains", "percentages")])),
             Task(task_id="b", intent="y", judge=Judge(kind="rule", checks=[Check("section_present", "Risks")]))]
    score = score_mining(tasks, analyst)
    assert (score.checks, score.matched, score.recovered) == (2, 1, ["risks-section"])
    assert score.precision == 0.5 and score.recall == pytest.approx(1 / 3)
    assert score.unmatched == ["contains 'percentages'"]


def test_every_kind_a_recipe_may_name_has_a_pipeline_kind():
    from skillopt_sleep.experiments.workload.measure import KINDS
    from skillopt_sleep.experiments.workload.recipe import KINDS as RECIPE_KINDS

    assert sorted(KINDS) == sorted(RECIPE_KINDS)
