"""The coding workload measured the way the guardrail comparison needs it: a night per night seed,
its held-out requests drawn fresh by a request seed of its own (taken in the held-out ledger,
refused when scored before), scored under both arms: the proposal's guardrails installed as
`adopt` installs them, or its SKILL.md lines only. The whole pipeline runs on one person with
scripted models; the arms' difference is shown on a night whose proposal keeps a finish guard."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.ledger import HeldoutLedger
from skillopt_sleep.experiments.provenance import missing_provenance
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.coding import restore, score_heldout
from skillopt_sleep.experiments.workload.codingarms import ADOPTED, PROSE, arm_enforcement
from skillopt_sleep.experiments.workload.codingfresh import fresh_tasks
from skillopt_sleep.experiments.workload.codingkey import load_coding_key
from skillopt_sleep.experiments.workload.codingnights import arms_by_night, arms_table
from skillopt_sleep.experiments.workload.kind import HeldoutPlan, Night
from skillopt_sleep.experiments.workload.measure import run_workload
from skillopt_sleep.experiments.workload.pipeline import PersonaRun
from skillopt_sleep.experiments.workload.recipe import load_workload_recipe
from skillopt_sleep.guardrails.finish_guard import DATA
from skillopt_sleep.guardrails.gate import KEPT, NO_EFFECT

REPO = Path(__file__).resolve().parent.parent
WORKLOAD = REPO / "experiments" / "workloads" / "coding"
RECIPE = REPO / "experiments" / "recipes" / "coding-guardrails-local.yaml"
# The agent writes a note, then runs `make check` when its skill names it, and when the finish guard
# holds it (the guard names the check once something was edited); else it finishes. The teacher
# proposes nothing.
GUARD_SAYS = "This project asks that `make check` run after the last edit"
NOTE = {"name": "edit", "path": "NOTES.md", "content": "done\n"}
CHECK = {"name": "run", "command": "make check"}
DONE = {"name": "finish", "message": "done"}
RULES = [
    {"match": GUARD_SAYS, "reply": json.dumps({"actions": [CHECK, DONE]})},
    {"match": "<skill>(?:(?!</skill>)[\\s\\S])*make check", "reply": json.dumps({"actions": [NOTE, CHECK, DONE]})},
    {"match": "<skill>", "reply": json.dumps({"actions": [NOTE, DONE]})},
    {"match": "", "reply": json.dumps({"diagnosis": "n/a", "edits": [], "checkable": False, "checks": []})},
]
FINISH = {"kind": "finish_check", "value": "make check"}


def write_recipe(folder: Path, name: str = "coding-arms", request_seed: int = 7100) -> Path:
    script = folder / "literal.json"
    script.write_text(json.dumps(RULES))
    recipe = folder / f"{name}.yaml"
    recipe.write_text(f"""name: {name}
kind: coding
workload: {WORKLOAD}
personas: [maya]
student: {{backend: scripted, model: literal, temperature: 0.7, options: {{script: {script}}}}}
teacher: {{backend: scripted, model: teacher, options: {{script: {script}}}}}
test_seeds: [0]
night_seeds: [4]
independent_nights: true
heldout: {{request_seed: {request_seed}, requests: 2}}
guardrails: [adopted, prose]
config: {{night.rounds: 1, night.concurrency: 1, repo.max_turns: 4, repo.verify_wall_s: 120}}
""")
    return recipe


@pytest.fixture(scope="module")
def measured(tmp_path_factory, sandbox):
    folder = tmp_path_factory.mktemp("coding-arms")
    ledger = HeldoutLedger(folder / "heldout-ledger.jsonl")
    recipe = load_workload_recipe(write_recipe(folder))
    rows = [row.to_dict() for row in run_workload(recipe, folder / "work", ledger=ledger)]
    return folder, ledger, rows


def test_each_arm_of_the_night_is_a_row_with_its_request_seed_and_provenance(measured):
    _, _, rows = measured
    assert [(r["cell_id"], r["arm"], r["night_seed"], r["request_seed"]) for r in rows] == [
        ("coding-arms/maya/night-4/adopted", ADOPTED, 4, 7104), ("coding-arms/maya/night-4/prose", PROSE, 4, 7104)]
    for row in rows:
        assert missing_provenance(row) == [] and row["provenance"]["night_seeds"] == [4]
        assert row["provenance"]["sampling_seeds"] == row["test_seeds"] == [5000]  # the night's own sampling seeds
        heldout = row["heldout"]
        assert heldout["request_seed"] == 7104 and heldout["arm"] == row["arm"] and not heldout["viewed"]
        assert heldout["label"] == "coding-fresh maya generated with request_seed=7104, requests=2"
        assert heldout["n_tasks"] == 2 and heldout["errors"] == 0 and heldout["episodes_judged"] == 2 * 2
        assert all(t.startswith("maya-fresh7104-") for t in heldout["task_ids"])
    assert rows[0]["heldout"]["task_ids"] == rows[1]["heldout"]["task_ids"]  # both arms score the same requests


def test_the_fresh_held_out_is_in_the_ledger_once_and_a_second_cell_is_refused(measured):
    folder, ledger, _ = measured
    (entry,) = ledger.entries()
    assert entry.cell_id == "coding-arms/maya/night-4" and "request_seed=7104" in entry.heldout
    again = load_workload_recipe(write_recipe(folder, "coding-arms-again", request_seed=7100))
    with pytest.raises(ExperimentError, match="was scored before"):
        run_workload(again, folder / "again", ledger=ledger)


def test_the_recipe_is_ready_to_run():
    recipe = load_workload_recipe(RECIPE)
    assert recipe.kind == "coding" and recipe.arms == [ADOPTED, PROSE] and len(recipe.nights()) >= 3
    assert recipe.independent_nights and recipe.heldout["requests"] >= 1
    assert recipe.student.backend == recipe.teacher.backend == "local"
    seeds = [recipe.for_night(s).request_seed() for s in recipe.nights()]
    assert len(set(seeds)) == len(seeds)
    # No other cell has scored its requests: the ledger holds them only for this recipe's own nights.
    ledger = HeldoutLedger(REPO / "experiments" / "results" / "heldout-ledger.jsonl")
    mine = {recipe.for_night(s).night_cell(p) for s in recipe.nights() for p in ("maya", "jonas", "priya", "noor")}
    assert not [e for e in ledger.entries() if e.heldout.startswith("coding-fresh") and e.cell_id not in mine
                and any(f"request_seed={s}," in e.heldout for s in seeds)]


def test_a_night_seed_given_on_the_command_line_replaces_the_recipes_and_draws_its_own_requests():
    recipe = load_workload_recipe(RECIPE).with_nights([4])
    assert recipe.nights() == [4]
    night = recipe.for_night(4)
    assert night.request_seed() == recipe.heldout["request_seed"] + 4
    assert night.cell_id("maya", ADOPTED).endswith("/maya/night-4/adopted")


def test_a_night_seed_for_a_recipe_of_one_night_is_refused_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "workload",
                           str(REPO / "experiments" / "recipes" / "workload-scripted.yaml"), "-q", "--night-seed", "4",
                           "--results", str(tmp_path / "w.jsonl")], capture_output=True, text=True, cwd=REPO)
    assert done.returncode != 0 and not (tmp_path / "w.jsonl").exists()
    assert "has no night_seeds" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("bad, message", [
    ("heldout: {request_seed: 1}", "request_seed: N, requests: K"),
    ("guardrails: enforced", "adopted or prose"),
    ("night_seeds: [1, 2]\nheldout: {request_seed: 1, requests: 2}", "independent_nights"),
    ("independent_nights: true", "needs 'heldout"),
])
def test_recipe_keys_are_refused_when_malformed(tmp_path, bad, message):
    path = tmp_path / "r.yaml"
    path.write_text(f"name: r\nkind: coding\nworkload: w\nstudent: {{backend: scripted, model: m, temperature: 0.5}}\n"
                    f"teacher: {{backend: scripted, model: m}}\n{bad}\n")
    with pytest.raises(ExperimentError, match=message):
        load_workload_recipe(path)


def _night(kept: bool) -> dict:
    return {"proposal_id": "p1", "guardrails": [{"guardrail": FINISH, "check": "ran_before_finish 'make check'",
                                                 "fate": KEPT if kept else NO_EFFECT, "agents": ["claude-code"]}]}


def test_the_adopted_arm_installs_the_kept_guardrails_in_a_copy_and_reads_them_back(tmp_path):
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.local.json").write_text('{"permissions": {"deny": ["Bash(curl:*)"]}}')
    before = (project / ".claude" / "settings.local.json").read_text()
    held, installed = arm_enforcement(ADOPTED, project, tmp_path / "copy", _night(kept=True))
    assert installed == [FINISH] and json.loads((tmp_path / "copy" / DATA).read_text())["checks"] == ["make check"]
    assert {(g.kind, g.value) for g in held.guardrails} == {("command", "curl"), ("finish_check", "make check")}
    assert (project / ".claude" / "settings.local.json").read_text() == before and not (project / DATA).exists()
    prose, nothing = arm_enforcement(PROSE, project, tmp_path / "other", _night(kept=True))
    assert nothing == [] and [(g.kind, g.value) for g in prose.guardrails] == [("command", "curl")]
    dropped, none = arm_enforcement(ADOPTED, project, tmp_path / "third", _night(kept=False))
    assert none == [] and [g.kind for g in dropped.guardrails] == ["command"]
    assert arm_enforcement(ADOPTED, project, tmp_path / "4", {**_night(kept=True), "proposal_id": None})[1] == []


def test_the_adopted_finish_guard_holds_the_replayed_agent_where_prose_does_not(tmp_path, sandbox):
    repos = restore(WORKLOAD, tmp_path / "work").repos
    key = load_coding_key(WORKLOAD / KEY, repos)["maya"]
    recipe = load_workload_recipe(write_recipe(tmp_path))
    skill = (tmp_path / "work" / "sessions" / "maya" / "home" / ".claude" / "skills" / "tally-dev" / "SKILL.md").read_text()
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    run = PersonaRun("maya", home, tmp_path / "SKILL.md", skill, night=_night(kept=True))
    tasks = fresh_tasks(key, 9, 2)
    rates = {}
    for arm in (ADOPTED, PROSE):
        plan = HeldoutPlan(seeds=[0], tasks=tasks, arm=arm, request_seed=9, tag="arms")
        heldout, _ = score_heldout(recipe, key, Night(run, [], skill, plan))
        rates[arm] = heldout["conventions"]["after"]["make-check"]["rate"]
        assert heldout["conventions"]["baseline"]["make-check"]["rate"] == 0.0  # the skill alone names no check
    assert rates == {ADOPTED: 1.0, PROSE: 0.0}


def _arm_row(night: int, arm: str, before: float, after: float) -> dict:
    def scored(value: float) -> list[dict]:
        return [{"seed": 0, "per_task_convention": {"a": value, "b": value}, "per_task_outcome": {"a": 1.0, "b": 1.0}}]

    return {"persona": "maya", "night_seed": night, "arm": arm,
            "heldout": {"arms": {"baseline": scored(before), "after": scored(after)}}}


def test_the_arms_are_compared_with_the_night_as_the_unit():
    rows = [_arm_row(n, arm, 0.2, after) for n, gains in ((1, (0.9, 0.4)), (2, (0.8, 0.2)), (3, (1.0, 0.3)))
            for arm, after in zip((ADOPTED, PROSE), gains)]
    convention = arms_by_night(rows)["maya"]["convention"]
    assert convention[ADOPTED]["nights"] == 3 and convention[ADOPTED]["night_delta"] == pytest.approx(0.7)
    assert convention[PROSE]["night_deltas"] == [0.2, 0.0, 0.1]
    versus = convention["adopted - prose"]
    assert versus["night_deltas"] == [0.5, 0.6, 0.7] and versus["night_ci95"][0] > 0 and versus["p_nights"] == 0.125  # the least 3 nights can give
    assert arms_by_night(rows)["all"]["outcome"]["adopted - prose"]["night_delta"] == 0.0
    assert "| maya | convention | adopted - prose | 3 | +0.60 [+0.35, +0.85] |" in arms_table(rows)


def test_the_report_verb_renders_the_arms(measured, tmp_path):
    _, _, rows = measured
    results = tmp_path / "arms.jsonl"
    results.write_text("".join(json.dumps(row) + "\n" for row in rows))
    done = subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "report", str(results)],
                          capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    markdown = (tmp_path / "arms.md").read_text()
    assert "## Guardrails or prose, by night" in markdown and "| maya | convention | adopted - prose | 1 |" in markdown
    assert "maya night 4 (requests 7104), adopted" in markdown


def test_the_workload_verb_keeps_finished_rows_and_reads_the_ledger_beside_the_results(measured, tmp_path):
    folder, ledger, rows = measured
    results = tmp_path / "arms.jsonl"
    results.write_text("".join(json.dumps(row) + "\n" for row in rows))

    def verb(recipe: Path):
        return subprocess.run([sys.executable, "-m", "skillopt_sleep", "experiment", "workload", str(recipe), "-q",
                               "--results", str(results), "--work-dir", str(tmp_path / "work")], capture_output=True,
                              text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})

    done = verb(write_recipe(folder))
    assert done.returncode == 0, done.stderr
    assert "0 row(s) measured, 2 kept" in done.stdout  # both arms of the night, by their cell ids
    (tmp_path / "heldout-ledger.jsonl").write_text(ledger.path.read_text())
    refused = verb(write_recipe(tmp_path, "coding-arms-other"))
    assert refused.returncode != 0 and "was scored before" in refused.stderr


def test_a_row_names_the_weights_of_the_packaged_local_models_it_ran_on():
    from skillopt_sleep.backends.localmodel import known_models
    from skillopt_sleep.experiments.provenance import known_weights
    from skillopt_sleep.experiments.recipe import ModelChoice

    recipe = load_workload_recipe(RECIPE)
    digest = known_models()["qwen2.5-coder-1.5b"].sha256
    assert known_weights({"student": recipe.student, "teacher": recipe.teacher}) == {"student": digest, "teacher": digest}
    # A scripted model has no weights; a local model loaded from a path the recipe names has no known digest.
    assert known_weights({"student": ModelChoice("scripted", "literal"),
                          "teacher": ModelChoice("local", "qwen2.5-coder-1.5b", options={"model_path": "/m.gguf"})}) == {}
