"""Experiments end to end on the personas benchmark with scripted models: the real night, gate,
replay, recorder and store run; only the models are scripted. Each test runs in seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from skillopt_sleep.backends.base import CompletionRequest
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli import main
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.recipe import expand_grid, load_recipe, recipe_from_dict
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.experiments.sweep import read_rows, run_sweep
from skillopt_sleep.experiments.transfer import run_transfer, run_transfers
from skillopt_sleep.experiments.report_transfer import render_transfer_markdown
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.records import text_hash
from skillopt_sleep.store import Store

FENCE_RULE = "Wrap every commit message in a code fence (```)."
PREFIX_RULE = "Write the subject line in Conventional Commits form, like feat: add x."


def base_recipe(**changes) -> dict:
    data = {
        "name": "personas-scripted",
        "benchmark": {"name": "personas", "options": {"family": "programmer"}},
        "split": {"test": 4, "val": 4, "train": 4, "salt": "t"},
        "nights": 2, "gate": True, "seed": 0,
        "student": {"backend": "scripted", "model": "student", "max_tokens": 100},
        "teacher": {"backend": "scripted", "model": "teacher"},
        "config": {"night.rounds": 1, "night.edit_budget": 6, "night.concurrency": 2},
    }
    data.update(changes)
    return data


def literal_student(request: CompletionRequest) -> str:
    """Follows its skill literally: it only knows the two rules the teachers propose."""
    skill = request.system
    reply = "feat: add the change" if "Conventional Commits" in skill else "Added the change."
    return f"```\n{reply}\n```" if "code fence" in skill else reply


def teacher_proposing(rule: str):
    def respond(request: CompletionRequest) -> str:
        return json.dumps({"diagnosis": "the answers miss the house format",
                           "edits": [{"op": "add", "text": rule, "rationale": "every failing answer"}]})
    return respond


@pytest.fixture()
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "store.db")
    yield tmp_path, store
    store.close()


def _run(env, recipe: dict, rule: str):
    tmp_path, store = env
    return run_recipe(recipe_from_dict(recipe), store, tmp_path / "work",
                      student=ScriptedBackend(literal_student, model="student"),
                      teacher=ScriptedBackend(teacher_proposing(rule), model="teacher"),
                      base_config=load_config(env={}, cwd=tmp_path))


def test_gate_rejects_an_edit_that_breaks_the_checks(env):
    result = _run(env, base_recipe(), FENCE_RULE)
    first = result.nights[0]
    assert first.decision == "rejected"
    assert any(FENCE_RULE in e["text"] for e in first.rejected_edits)
    assert not any(FENCE_RULE in e["text"] for n in result.nights for e in n.accepted_edits)
    assert FENCE_RULE not in result.final_skill_text
    assert result.after["score"] == result.baseline["score"]
    assert result.final_skill_hash == result.initial_skill_hash
    assert first.val_after == first.val_before


def test_without_the_gate_the_same_edit_lands_and_hurts_held_out(env):
    result = _run(env, base_recipe(gate=False), FENCE_RULE)
    assert result.nights[0].decision == "accepted"
    assert FENCE_RULE in result.final_skill_text
    assert result.after["score"] < result.baseline["score"]


def test_a_helpful_edit_is_accepted_and_lifts_the_test_split(env):
    result = _run(env, base_recipe(), PREFIX_RULE)
    assert result.nights[0].decision == "accepted"
    assert PREFIX_RULE in result.final_skill_text
    assert result.baseline["hard"] == 0.0 and result.after["hard"] == 1.0
    assert [n.test["hard"] for n in result.nights] == [1.0, 1.0]
    assert result.calls["calls"] > 0 and result.calls["input_tokens"] > 0


def test_test_tasks_are_never_replayed_by_a_night(env):
    tmp_path, store = env
    result = _run(env, base_recipe(), PREFIX_RULE)
    from skillopt_sleep.benchmarks import load_benchmark

    tasks = load_benchmark("personas", {"family": "programmer"}).tasks
    test_intents = {t.intent for t in tasks if t.task_id in set(result.split["test"])}
    def asked(night_pattern: str) -> set[str]:
        rows = store.query("SELECT request_json FROM model_calls WHERE role = 'student' AND night_id LIKE ?", (night_pattern,))
        return {json.loads(r["request_json"])["messages"][0]["content"] for r in rows}
    assert len(test_intents) == 4
    assert asked(f"exp-{result.cell_id}-n%") and not asked(f"exp-{result.cell_id}-n%") & test_intents
    assert asked(f"exp-{result.cell_id}-test") == test_intents


def test_recipe_errors_name_the_problem(tmp_path):
    with pytest.raises(ExperimentError, match="unknown key"):
        recipe_from_dict(base_recipe(nightz=3))
    with pytest.raises(ExperimentError, match="benchmark.name"):
        recipe_from_dict(base_recipe(benchmark={"name": "nope"}))
    with pytest.raises(ExperimentError, match="grid axis"):
        recipe_from_dict(base_recipe(grid={"color": [1]}))
    with pytest.raises(ExperimentError, match="unknown key 'night.roundz'"):
        recipe_from_dict(base_recipe(config={"night.roundz": 1}))
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [unclosed\n")
    with pytest.raises(ExperimentError, match="malformed YAML"):
        load_recipe(bad)


def test_grid_cells_have_distinct_ids_in_order():
    recipe = recipe_from_dict(base_recipe(grid={"gate": [True, False], "benchmark.options": [
        {"family": "programmer"}, {"family": "researcher"}]}))
    cells = expand_grid(recipe)
    assert [(c.gate, c.benchmark_options["family"]) for c in cells] == [
        (True, "programmer"), (True, "researcher"), (False, "programmer"), (False, "researcher")]
    assert len({c.cell_id() for c in cells}) == 4


def test_a_revision_makes_the_same_settings_new_cells_and_leaves_earlier_ids_alone():
    plain = recipe_from_dict(base_recipe())
    assert recipe_from_dict(base_recipe(revision="")).cell_id() == plain.cell_id()  # earlier results keep their ids
    rerun = recipe_from_dict(base_recipe(revision="move-rides-along"))
    assert rerun.cell_id() != plain.cell_id()
    assert recipe_from_dict(base_recipe(revision="move-rides-along", name="other")).cell_id() == rerun.cell_id()


def test_sweep_resumes_by_skipping_finished_cells(env):
    tmp_path, store = env
    recipe = recipe_from_dict(base_recipe(grid={"gate": [True, False]}))
    results = tmp_path / "results.jsonl"
    ran = []

    def run_cell(cell, index, total):
        ran.append(cell.cell_id())
        return run_recipe(cell, store, tmp_path / "work", student=ScriptedBackend(literal_student, model="student"),
                          teacher=ScriptedBackend(teacher_proposing(FENCE_RULE), model="teacher"),
                          base_config=load_config(env={}, cwd=tmp_path))

    rows = run_sweep(recipe, results, run_cell, say=lambda m: None)
    assert len(ran) == 2 and len(rows) == 2
    assert {r["gate"] for r in rows} == {True, False}
    # A kill mid-write leaves a cut line: it is ignored and nothing finished is redone.
    with open(results, "a") as handle:
        handle.write('{"cell_id": "cut sho')
    rows = run_sweep(recipe, results, run_cell, say=lambda m: None)
    assert len(ran) == 2 and len(rows) == 2
    assert len(read_rows(results)) == 2
    # Growing the grid runs only the new cell, and its row lands cleanly after the cut line.
    bigger = recipe_from_dict(base_recipe(grid={"gate": [True, False], "seed": [0, 1]}))
    rows = run_sweep(bigger, results, run_cell, say=lambda m: None)
    assert len(ran) == 4 and len(rows) == 4
    assert all(line.startswith('{"') for line in results.read_text().splitlines())


def prefix_needing_student(request):  # a weaker model: it ignores the fence rule, needs the prefix rule
    return "fix: the change" if "Conventional Commits" in request.system else "Changed it."


def _transfer(env, source_student):
    """One transfer on the scripted personas, from `source_student` to `prefix_needing_student`."""
    tmp_path, store = env
    recipe = recipe_from_dict(base_recipe(transfer={"source": {"backend": "scripted", "model": "src"},
                                                   "target": {"backend": "scripted", "model": "tgt"}}))
    return run_transfer(recipe, store, tmp_path / "work",
                        source=ScriptedBackend(source_student, model="src"),
                        target=ScriptedBackend(prefix_needing_student, model="tgt"),
                        teacher=ScriptedBackend(teacher_proposing(PREFIX_RULE), model="teacher"),
                        base_config=load_config(env={}, cwd=tmp_path))


def test_transfer_carries_the_frozen_skill_and_takes_the_direct_scores_of_the_same_text_without_a_call(env):
    # Both nights keep the one rule the teacher proposes, word for word. (Scoring a transferred
    # skill the direct run has not scored: the persona adapter's held-out transfer test.)
    result = _transfer(env, literal_student)
    assert result.source == "scripted:src" and result.target == "scripted:tgt"
    assert result.baseline["hard"] == 0.0
    assert result.transferred["hard"] == 1.0
    assert result.direct["hard"] == 1.0
    assert result.source_run["final_skill_hash"] == result.direct_run["final_skill_hash"]
    assert result.source_run["final_skill_hash"] != result.direct_run["initial_skill_hash"]
    assert result.transferred == result.direct and result.heldout.get("transferred") == result.heldout.get("direct")
    assert result.provenance["calls_sent"] == 0 and result.provenance["calls_from_record"] == 0
    assert "the transferred skill is the skill the target's own night kept" in render_transfer_markdown(
        [result.to_dict()], "transfer")


def test_a_source_night_that_kept_nothing_transfers_the_seed_skill_scored_once_as_the_baseline(env):
    # The source already answers as the house wants: nothing fails, so its night learns nothing.
    result = _transfer(env, lambda request: "```\nfeat: add the change\n```")
    assert result.source_run["final_skill_hash"] == result.source_run["initial_skill_hash"]
    assert result.transferred == result.baseline and result.transferred["hard"] == 0.0
    assert result.direct["hard"] == 1.0  # the target's own night still learned the rule
    assert result.provenance["calls_sent"] == 0  # the seed skill was not scored on the target twice
    assert "the transferred skill is the seed skill" in render_transfer_markdown([result.to_dict()], "transfer")


def test_transfer_runs_each_night_seed_as_a_row_resumes_and_reports_across_nights(env):
    tmp_path, store = env
    recipe = recipe_from_dict(base_recipe(nights=1, grid={"seed": [0, 1]},
                                          transfer={"source": {"backend": "scripted", "model": "src"},
                                                    "target": {"backend": "scripted", "model": "tgt"}}))
    results = tmp_path / "transfer.jsonl"
    ran = []

    def run_one(cell):
        ran.append(cell.seed)
        return run_transfer(cell, store, tmp_path / "work", source=ScriptedBackend(literal_student, model="src"),
                            target=ScriptedBackend(prefix_needing_student, model="tgt"),
                            teacher=ScriptedBackend(teacher_proposing(PREFIX_RULE), model="teacher"),
                            base_config=load_config(env={}, cwd=tmp_path))

    rows = run_transfers(recipe, results, run_one)
    assert ran == [0, 1] and [r["seed"] for r in rows] == [0, 1]
    assert all(r["recipe"] == "personas-scripted" and r["provenance"]["night_seed"] == r["seed"] for r in rows)
    # Started again: both nights have their rows, so nothing runs again.
    assert len(run_transfers(recipe, results, run_one)) == 2 and ran == [0, 1]
    markdown = render_transfer_markdown(rows, "transfer")
    across = markdown.split("## Across nights", 1)[1]
    line = next(l for l in across.splitlines() if "| test | hard | transferred | 2 |" in l)
    assert "+1.00 [+1.00, +1.00], p 0.0625 (4↑ 0↓ of 4 tasks) | +1.00, +1.00 |" in line
    assert "kept nothing" not in markdown.split("## What each night kept", 1)[1].split("## Provenance")[0]
    # `experiment report` tells transfer rows from a sweep's and writes this report for them.
    assert main(["experiment", "report", str(results)]) == 0
    assert "## Across nights" in (tmp_path / "transfer.md").read_text()


def _scripted_recipe(tmp_path: Path, **changes) -> Path:
    rules = tmp_path / "student.json"
    rules.write_text(json.dumps([{"match": "Conventional Commits", "reply": "feat: add it"}, {"match": "", "reply": "Did it."}]))
    teacher = tmp_path / "teacher.json"
    teacher.write_text(json.dumps([{"match": "", "reply": json.dumps(
        {"diagnosis": "d", "edits": [{"op": "add", "text": PREFIX_RULE, "rationale": "r"}]})}]))
    data = base_recipe(**changes)
    data["student"] = {"backend": "scripted", "model": "s", "options": {"script": str(rules)}}
    data["teacher"] = {"backend": "scripted", "model": "t", "options": {"script": str(teacher)}}
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_cli_run_then_report(env, capsys):
    tmp_path, _ = env
    recipe = _scripted_recipe(tmp_path)
    results = tmp_path / "out" / "personas.jsonl"
    store = tmp_path / "cli.db"
    args = ["experiment", "run", str(recipe), "--results", str(results), "--store", str(store), "--quiet"]
    assert main(args) == 0
    assert "test 0.333 -> 1.000" in capsys.readouterr().out
    assert main(args) == 0  # finished already: nothing runs twice
    assert len(read_rows(results)) == 1
    pytest.importorskip("matplotlib")
    assert main(["experiment", "report", str(results)]) == 0
    markdown = (tmp_path / "out" / "personas.md").read_text()
    assert "| programmer | on |" in markdown and "personas.png" in markdown
    assert (tmp_path / "out" / "personas.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Cells with different teachers read apart in every table.
    row = read_rows(results)[0]
    with open(results, "a") as handle:
        handle.write(json.dumps({**row, "cell_id": "other", "teacher": "scripted:bigger"}) + "\n")
    assert main(["experiment", "report", str(results)]) == 0
    markdown = (tmp_path / "out" / "personas.md").read_text()
    assert "| programmer | on, teacher t |" in markdown and "| programmer | on, teacher bigger |" in markdown


def test_cli_errors_exit_non_zero(env, capsys):
    tmp_path, _ = env
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(base_recipe(nightz=1)))
    assert main(["experiment", "run", str(bad), "--quiet"]) == 2
    assert "unknown key" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["experiment", "report", str(empty)]) == 2
    grid = _scripted_recipe(tmp_path, grid={"gate": [True, False]})
    assert main(["experiment", "run", str(grid), "--quiet", "--store", str(tmp_path / "x.db")]) == 2
    assert "use `experiment sweep`" in capsys.readouterr().err


def test_a_benchmark_scorer_drives_nights_and_test(env):
    """SearchQA's EM/F1 scorer, not the exact judge, decides the gate and the test score."""
    from skillopt_sleep.benchmarks import load_benchmark

    golds = {t.intent: t.judge.answers[0] for t in load_benchmark("searchqa").tasks}
    answer_rule = "End with one line that starts with 'Answer:' and holds only the answer."

    def student(request):
        question = request.messages[0].content.split("\n\nContext:")[0]
        if "starts with 'Answer:'" in request.system:
            return f"From the context.\nAnswer: {golds[question]}"
        return f"I believe the context says {golds[question]} among other things."

    recipe = base_recipe(benchmark={"name": "searchqa"}, split={"test": 3, "val": 3, "train": 3, "salt": "q"})
    tmp_path, store = env
    result = run_recipe(recipe_from_dict(recipe), store, tmp_path / "work", student=ScriptedBackend(student, model="s"),
                        teacher=ScriptedBackend(teacher_proposing(answer_rule), model="t"),
                        base_config=load_config(env={}, cwd=tmp_path))
    assert result.baseline["hard"] == 0.0 and 0.0 < result.baseline["soft"] < 1.0  # F1 partial credit
    assert result.nights[0].decision == "accepted"
    assert result.after["hard"] == 1.0 and result.after["soft"] == 1.0


def test_progress_lines_carry_time_and_stage():
    import io

    from skillopt_sleep.cli.progress import Progress

    stream = io.StringIO()
    progress = Progress(stream)
    progress.stage("cell 1/2 advisor gate=on")
    progress.status("replaying 4 tasks")
    progress.event("night 1/3: accepted")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert all(line.startswith("[") and "Z +0:00:0" in line and "cell 1/2 advisor gate=on: " in line for line in lines)
    assert lines[1].endswith("night 1/3: accepted")
    quiet = io.StringIO()
    Progress(quiet, quiet=True).event("x")
    assert quiet.getvalue() == ""


def test_cli_score_sets_a_hand_written_skill_beside_the_seed(env, capsys):
    tmp_path, _ = env
    recipe = _scripted_recipe(tmp_path, grid={"benchmark.options": [{"family": "programmer"}]})
    store = tmp_path / "score.db"
    seed_skill = tmp_path / "seed.md"
    seed_skill.write_text(load_benchmark("personas", {"family": "programmer"}).skill_text)
    written = tmp_path / "hand.md"
    written.write_text(seed_skill.read_text() + "\n" + PREFIX_RULE + "\n")
    results = tmp_path / "scores.jsonl"
    means = {}
    for skill in (seed_skill, written):
        assert main(["experiment", "score", str(recipe), str(skill), "--option", "family=programmer",
                     "--store", str(store), "--results", str(results), "--quiet"]) == 0
        means[skill.name] = json.loads(capsys.readouterr().out)["test"]["mean"]
    assert means["hand.md"] == 1.0 and means["seed.md"] < 1.0
    assert [row["skill_hash"] for row in read_rows(results)] == [text_hash(p.read_text())[:12] for p in (seed_skill, written)]
    assert main(["experiment", "score", str(recipe), str(written), "--option", "family=nobody", "--quiet",
                 "--store", str(store)]) == 2
    assert "choose from: family=programmer" in capsys.readouterr().err
    assert main(["experiment", "score", str(recipe), str(written), "--heldout-only", "--quiet", "--store", str(store)]) == 2
    assert "no held-out file" in capsys.readouterr().err


def test_a_recipe_may_reuse_another_recipes_baselines_but_only_the_same_measurement(env):
    tmp_path, store = env
    first = tmp_path / "first.yaml"
    first.write_text(yaml.safe_dump(base_recipe(share_baseline=True, nights=1)))
    student = ScriptedBackend(literal_student, model="student")

    def run(recipe):
        before = student.calls
        result = run_recipe(recipe, store, tmp_path / "work", student=student,
                            teacher=ScriptedBackend(teacher_proposing(FENCE_RULE), model="teacher"),
                            base_config=load_config(env={}, cwd=tmp_path))
        return result, student.calls - before

    first_result, _ = run(load_recipe(first))
    # Another night setting, the same seed skill, student, split and seeds: the baseline comes from the record.
    night_settings = {"night.rounds": 2, "night.edit_budget": 6}
    second, second_calls = run(recipe_from_dict(base_recipe(nights=1, config=night_settings, baseline_from=str(first))))
    # The default rollouts spelled out: another cell, with a baseline of its own.
    alone, alone_calls = run(recipe_from_dict(base_recipe(nights=1, config={**night_settings, "night.rollouts": 2})))
    assert second.baseline == first_result.baseline == alone.baseline
    assert alone_calls - second_calls == len(second.split["test"])  # only the baseline's replays were spared
    other_student = base_recipe(nights=1, baseline_from=str(first))
    other_student["student"] = {**other_student["student"], "max_tokens": 50}
    with pytest.raises(ExperimentError, match="another student"):
        run(recipe_from_dict(other_student))


def test_a_replay_the_machine_could_not_produce_is_asked_again_never_scored_as_a_wrong_answer(env, tmp_path):
    from skillopt_sleep.errors import BackendError

    clean = _run(env, base_recipe(), PREFIX_RULE)
    tasks = {t.task_id: t.intent for t in load_benchmark("personas", {"family": "programmer"}).tasks}
    test_intents = {tasks[i] for i in sorted(clean.split["test"])[:2]}  # two of the four
    seen: dict[str, int] = {}

    def student_timing_out(times: int):
        def respond(request):
            asked = request.messages[0].content
            seen[asked + request.system] = seen.get(asked + request.system, 0) + 1
            if asked in test_intents and seen[asked + request.system] <= times:
                raise BackendError("local model: no complete reply within 300s (calls.timeout_s)")
            return literal_student(request)
        return respond

    def run(times: int, folder: str):
        seen.clear()
        with Store(tmp_path / f"{folder}.db") as store:
            return run_recipe(recipe_from_dict(base_recipe()), store, tmp_path / folder,
                              student=ScriptedBackend(student_timing_out(times), model="student"),
                              teacher=ScriptedBackend(teacher_proposing(PREFIX_RULE), model="teacher"),
                              base_config=load_config(env={}, cwd=tmp_path))

    once = run(1, "once")  # two test answers time out once: asked again, scored as the clean run
    assert (once.baseline["hard"], once.after["hard"]) == (clean.baseline["hard"], clean.after["hard"]) == (0.0, 1.0)
    assert once.baseline["replay_errors"] == once.after["replay_errors"] == 0
    with pytest.raises(ExperimentError, match="failed twice"):
        run(2, "twice")  # a missing answer is never a score of zero
