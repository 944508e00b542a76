"""`experiment workload` on the recorded coding workload, for one person, with a scripted agent
that follows its skill literally (it runs `make check` before finishing only when its skill says
so, and fixes nothing): the repository restored from its bundle with the recorded paths moved,
hooks -> ingest -> mine -> one scheduled night, then the held-out requests replayed as episodes
in the sandbox and judged by the repository with the key's judge patch, and the funnel."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend, rules_responder
from skillopt_sleep.experiments.workload.codingfunnel import coding_funnel, cue, mined_conventions
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.coding import move_paths, restore
from skillopt_sleep.experiments.workload.codingkey import load_coding_key
from skillopt_sleep.experiments.workload.codingmeasure import measure_heldout
from skillopt_sleep.experiments.workload.measure import run_workload
from skillopt_sleep.experiments.workload.recipe import load_workload_recipe
from skillopt_sleep.students.base import RepoLimits, StudentSetup
from skillopt_sleep.students.sandboxed import LoopStudent
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store

REPO = Path(__file__).resolve().parent.parent
WORKLOAD = REPO / "experiments" / "workloads" / "coding"
# Runs `make check` and finishes when its skill names it; else finishes at once. The teacher's
# replies (reflection, anything else) propose nothing.
RULES = [
    {"match": "<skill>(?:(?!</skill>)[\\s\\S])*make check",
     "reply": json.dumps({"actions": [{"name": "run", "command": "make check"}, {"name": "finish", "message": "done"}]})},
    {"match": "<skill>", "reply": json.dumps({"actions": [{"name": "finish", "message": "done"}]})},
    {"match": "", "reply": json.dumps({"diagnosis": "n/a", "edits": [], "checkable": False, "checks": []})},
]
RULE = "\nRun `make check` before you say the work is done.\n"


def write_recipe(folder: Path) -> Path:
    script = folder / "literal.json"
    script.write_text(json.dumps(RULES))
    recipe = folder / "coding-scripted.yaml"
    recipe.write_text(f"""name: coding-scripted
kind: coding
workload: {WORKLOAD}
personas: [maya]
student: {{backend: scripted, model: literal, options: {{script: {script}}}}}
teacher: {{backend: scripted, model: teacher, options: {{script: {script}}}}}
test_seeds: [0, 1]
seed: 3
config: {{night.rounds: 1, night.concurrency: 1, repo.max_turns: 4, repo.verify_wall_s: 120}}
""")
    return recipe


@pytest.fixture(scope="module")
def row(tmp_path_factory, sandbox_available) -> dict:
    folder = tmp_path_factory.mktemp("coding-run")
    recipe = load_workload_recipe(write_recipe(folder))
    (measured,) = run_workload(recipe, folder / "work")
    return measured.to_dict()


@pytest.fixture(scope="module")
def sandbox_available():
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox

    try:
        return find_sandbox()
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox: {exc}")


def test_the_sessions_reach_the_store_and_mining_says_what_it_made(row):
    assert row["kind"] == "coding-workload" and row["persona"] == "maya"
    assert row["sessions"]["learning"] == 6 and row["sessions"]["hook_rows"] >= 6
    mining = row["mining"]
    assert mining["sessions"] == 6 and mining["repo_tasks"] >= 1
    # Every session is a repo task or has a reason, and the repo tasks start where the hook saw them.
    assert mining["repo_tasks"] + sum(mining["no_repo_task"].values()) == 6, mining
    assert mining["repo_found_by"] == ["hook"] and "make check" in mining["repo_verification"]


def test_the_funnel_only_loses_conventions(row):
    funnel = row["funnel"]
    assert funnel["planted"] == ["make-check", "test-with-fix", "logger"]
    assert set(funnel["kept"]) <= set(funnel["proposed"]) <= set(funnel["mined"]) <= set(funnel["planted"])
    assert set(funnel["mined"]) == set(row["mining_score"]["carriers"])


def test_held_out_episodes_are_judged_by_the_repository_in_the_sandbox(row):
    heldout = row["heldout"]
    assert heldout["n_tasks"] == 3 and heldout["errors"] == 0
    assert heldout["episodes_judged"] == 3 * 2 * 2  # requests x seeds x (before, after)
    baseline = heldout["arms"]["baseline"][0]
    # The agent fixed nothing: the judge's own tests, applied after the episode, fail `make check`
    # (which passes at the commit without them).
    assert all(not parts["outcome make check"] for parts in baseline["checks"].values())
    assert all("outcome `make check`: exit 2" in why and ("FAIL: test_" in why or "ERROR: test_" in why)
               for why in baseline["failed"].values()), baseline["failed"]
    # It finished without running the check and added no test; it printed nothing either.
    assert baseline["checks"]["maya-csv-bad-count"] == {"outcome make check": False, "ran_before_finish make check": False,
                                                        "test_added": False, "added_lines_avoid \\bprint\\(": True}
    stats = heldout["stats"]
    assert stats["outcome"]["baseline"]["units"] == 6 and stats["convention"]["baseline"]["mean"] == pytest.approx(1 / 9, abs=1e-3)


def test_report_verb_renders_the_coding_rows(row, tmp_path):
    results = tmp_path / "c.jsonl"
    results.write_text(json.dumps(row) + "\n")
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "report", str(results)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    markdown = (tmp_path / "c.md").read_text()
    assert "Where the conventions are lost" in markdown and "| maya | 3 × 2 | convention |" in markdown.replace(" (unverified)", "")
    assert (tmp_path / "c.png").read_bytes().startswith(b"\x89PNG")


def test_a_skill_that_names_the_check_raises_the_convention_rate(tmp_path, sandbox_available):
    """The measurement sees a change of skill: the literal agent runs `make check` under a skill that
    says so, which its held-out trajectories and convention rate show."""
    repos = restore(WORKLOAD, tmp_path / "work").repos
    key = load_coding_key(WORKLOAD / KEY, repos)["maya"]
    seed = (tmp_path / "work" / "sessions" / "maya" / "home" / ".claude" / "skills" / "tally-dev" / "SKILL.md").read_text()
    with Store(tmp_path / "store.db") as store:
        def student_for(recorder):
            return LoopStudent(StudentSetup(ScriptedBackend(rules_responder(RULES)), recorder, temperature=0.0,
                                            max_tokens=200, sandbox=sandbox_available,
                                            repo=RepoLimits(max_turns=4, verify_wall_s=120)))

        heldout, calls = measure_heldout(key.heldout, {"baseline": seed, "after": seed + RULE}, student_for, store, [0],
                                         {c.id: c.checks for c in key.conventions}, tag="t")
    convention = heldout["stats"]["convention"]
    assert convention["baseline"]["mean"] == pytest.approx(1 / 9, abs=1e-3)
    assert convention["after"]["mean"] == pytest.approx((2 / 3 + 1 / 2 + 1 / 2) / 3, abs=1e-3)
    assert convention["paired"]["tasks_better"] == 3 and heldout["trajectory_changed"] == [t.task_id for t in key.heldout]
    assert heldout["conventions"]["after"]["make-check"] == {"passed": 3, "of": 3, "rate": 1.0}
    assert calls["baseline"]["calls"] == 3 and calls["after"]["calls"] == 3  # one reply per episode, none shared


def test_the_funnel_counts_conventions_by_their_checks_and_rules_by_what_they_name():
    key = load_coding_key(WORKLOAD / KEY, {name: Path("/nonexistent") for name in ("maya", "jonas", "priya", "noor")})["priya"]
    task = Task(task_id="t", intent="x", judge=Judge(kind="repo", checks=[Check("path_untouched", "generated/**")]),
                repo=key.heldout[0].repo)
    carried = mined_conventions([task], key)
    assert carried == {"generated-untouched": ["t"]}
    funnel = coding_funnel(key, list(carried), ["Never edit files under generated/ by hand."], "# skill\n", "# skill\n")
    assert funnel == {"planted": ["generated-untouched", "make-check", "logger"], "mined": ["generated-untouched"],
                      "proposed": ["generated-untouched"], "kept": []}
    assert cue(Check("added_lines_avoid", "\\bprint\\(")) == r"\bprint\b"
    assert re.search(cue(Check("command_avoided", "npm")), "never run npm") and not re.search(cue(Check("command_avoided", "npm")), "use pnpm")


def test_recorded_paths_move_whole(tmp_path):
    (tmp_path / "a.jsonl").write_text('{"cwd": "/old/root/maya/tally", "other": "/old/root-x/y", "root": "/old/root"}\n')
    (tmp_path / "r.bundle").write_bytes(b"/old/root/maya")
    assert move_paths(tmp_path, "/old/root", "/new") == 1
    assert (tmp_path / "a.jsonl").read_text() == '{"cwd": "/new/maya/tally", "other": "/old/root-x/y", "root": "/new"}\n'
    assert (tmp_path / "r.bundle").read_bytes() == b"/old/root/maya"


def test_a_verb_that_runs_past_its_time_is_one_line_saying_how_to_resume(tmp_path):
    import sys

    from skillopt_sleep.errors import ExperimentError
    from skillopt_sleep.experiments.workload.pipeline import _run

    with pytest.raises(ExperimentError) as caught:
        _run([sys.executable, "-c", "import time; time.sleep(30)"], tmp_path, {}, "scheduled-run", timeout_s=0.5)
    said = str(caught.value)
    assert "\n" not in said and said.startswith("`skillopt-sleep scheduled-run` ran past") and "resume" in said


@pytest.mark.parametrize("code, goes_on", [(6, True), (7, True), (5, False), (1, False)])
def test_a_night_held_or_unverified_is_its_outcome_and_failed_replays_stop_the_measurement(tmp_path, code, goes_on):
    """A person with too few tasks for the gate gets an unverified night: that is what the night
    decided, and the measurement records it and goes on; replays that failed are the machine's."""
    import sys

    from skillopt_sleep.errors import ExperimentError
    from skillopt_sleep.experiments.workload.pipeline import scheduled_night
    from skillopt_sleep.store import Store

    store_path = tmp_path / "store.db"
    with Store(store_path) as store:
        store.execute("INSERT INTO nights (id, skill_path, status, seed, config_json, report_json, started_at) "
                      "VALUES ('n1', 's', 'unverified', 0, '{}', ?, '2026-12-06T00:00:00Z')",
                      ('{"decision": "unverified"}',))
    schedule = {"argv": [sys.executable, "-c", f"import sys; sys.exit({code})"], "env": {}}
    if goes_on:
        assert scheduled_night(schedule, tmp_path, store_path) == {"decision": "unverified"}
    else:
        with pytest.raises(ExperimentError, match=f"exited {code}"):
            scheduled_night(schedule, tmp_path, store_path)
