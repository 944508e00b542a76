"""ALFWorld adapter on the real TextWorld PDDL engine with ALFWorld's domain, grammar and wrappers:
the bundled games of our own, a user's folder in the downloaded layout, episodes won and lost, and
an experiment run with scripted models. Skips without the `alfworld` extra."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("textworld", reason="the alfworld extra is not installed")
pytest.importorskip("alfworld", reason="the alfworld extra is not installed")

from skillopt_sleep.backends.recorder import CallRecorder  # noqa: E402
from skillopt_sleep.backends.scripted import ScriptedBackend  # noqa: E402
from skillopt_sleep.benchmarks import load_benchmark  # noqa: E402
from skillopt_sleep.benchmarks.alfworld_games import read_game  # noqa: E402
from skillopt_sleep.benchmarks.base import bundled_dir  # noqa: E402
from skillopt_sleep.config import load_config  # noqa: E402
from skillopt_sleep.errors import BenchmarkError  # noqa: E402
from skillopt_sleep.experiments.recipe import recipe_from_dict  # noqa: E402
from skillopt_sleep.experiments.run import run_recipe  # noqa: E402
from tests.replay_kit import replay_answers  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402

RULE = "- Plan the whole task before the first command and follow the plan."


def walkthrough(task) -> list[str]:
    """The planner's commands for the task's game (TextWorld asks Fast Downward)."""
    import textworld
    from alfworld.agents.environment.alfred_tw_env import AlfredDemangler
    from textworld.envs import PddlEnv

    env = AlfredDemangler(PddlEnv(textworld.EnvInfos(policy_commands=True)))
    env.load(read_game(Path(task.meta["trial"])))
    plan = list(env.reset().policy_commands)
    env.close()
    return plan


def planning_student(plans: dict[str, list[str]], *, needs_rule: bool):
    """Plays the planner's commands (when its skill has the rule, if it needs one), else looks around."""
    def respond(request):
        if needs_rule and RULE not in request.system:
            return "Action: look"
        plan = next(p for intent, p in plans.items() if request.messages[0].content.startswith(intent))
        done = sum(1 for m in request.messages if m.role == "assistant")
        return f"I will do the next step.\nAction: {plan[min(done, len(plan) - 1)]}"
    return ScriptedBackend(respond, model="student")


def test_bundled_games_keep_the_native_splits():
    bench = load_benchmark("alfworld")
    by_split = {s: sum(t.meta["alfworld_split"] == s for t in bench.tasks) for s in ("train", "valid_seen", "valid_unseen")}
    assert by_split == {"train": 12, "valid_seen": 4, "valid_unseen": 4}
    assert {t.split for t in bench.tasks if t.meta["alfworld_split"] == "valid_unseen"} == {"test"}
    assert bench.metric == "hard" and bench.source.startswith("skillopt_sleep")


def test_an_episode_is_won_by_the_right_commands_and_lost_by_looking_around(store):
    bench = load_benchmark("alfworld", {"splits": ["valid_seen"]})
    task = bench.tasks[0]
    plans = {task.intent: walkthrough(task)}
    [won] = replay_answers([task], bench.skill_text + RULE, planning_student(plans, needs_rule=True),
                         CallRecorder(store, "alf"), tool_provider=bench.tool_provider)
    assert won.score.hard == 1.0 and won.episode.finished and won.episode.turns == len(plans[task.intent])
    first_seen = won.episode.steps[1].output
    assert "Admissible commands:" in first_seen  # the game's answer and what it admits now
    [lost] = replay_answers([task], bench.skill_text, planning_student(plans, needs_rule=True), CallRecorder(store, "alf2"),
                          tool_provider=load_benchmark("alfworld", {"splits": ["valid_seen"], "max_steps": 3}).tool_provider)
    assert lost.score.hard == 0.0 and "turn limit (3)" in lost.episode.error
    assert "not won after 3 command(s)" == lost.score.checks[0].detail


def test_a_users_folder_in_the_downloaded_layout_is_read_and_unsolvable_games_left_out(tmp_path):
    source = next((bundled_dir("alfworld") / "json_2.1.1" / "train").glob("*/*/traj_data.json")).parent
    for number, solvable in ((1, True), (2, False)):
        trial = tmp_path / "json_2.1.1" / "valid_unseen" / f"pick_and_place_simple-Mug-None-Shelf-{number}" / "trial_T1"
        trial.mkdir(parents=True)
        shutil.copy(source / "traj_data.json", trial / "traj_data.json")
        (trial / "game.tw-pddl").write_text(json.dumps({**read_game(source), "solvable": solvable}))
    bench = load_benchmark("alfworld", {"path": str(tmp_path)})
    assert [t.task_id for t in bench.tasks] == ["alfworld-valid_unseen-pick_and_place_simple-Mug-None-Shelf-1-trial_T1"]
    assert bench.source == str(tmp_path)
    env = bench.tool_provider(bench.tasks[0])
    assert "Your task is to:" in env.observe()
    env.close()


def test_a_wrong_layout_is_a_one_line_error(tmp_path):
    (tmp_path / "train").mkdir()
    with pytest.raises(BenchmarkError, match=r"not an ALFWorld data folder \(no json_2.1.1 folder\)") as caught:
        load_benchmark("alfworld", {"path": str(tmp_path)})
    assert "\n" not in str(caught.value)
    broken = tmp_path / "json_2.1.1" / "train" / "pick_and_place_simple-Mug-None-Shelf-1" / "trial_T1"
    broken.mkdir(parents=True)
    (broken / "traj_data.json").write_text("{}")
    (broken / "game.tw-pddl").write_text(json.dumps({"solvable": True, "grammar": "g"}))
    bench = load_benchmark("alfworld", {"path": str(tmp_path)})
    with pytest.raises(BenchmarkError, match="missing pddl_domain, pddl_problem"):
        bench.tool_provider(bench.tasks[0])


def test_experiment_run_on_alfworld_with_scripted_models(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    bench = load_benchmark("alfworld", {"max_steps": 10})  # the planner needs at most 8 commands here
    plans = {task.intent: walkthrough(task) for task in bench.tasks}
    assert len(plans) == len(bench.tasks)
    teacher = ScriptedBackend(lambda request: json.dumps({"diagnosis": "it only looked around", "edits": [
        {"op": "add", "text": RULE, "rationale": "no plan"}]}), model="teacher")
    recipe = recipe_from_dict({
        "name": "alfworld-scripted", "benchmark": {"name": "alfworld", "options": {"max_steps": 10}},
        "split": {"test": 4, "val": 4, "train": 4, "salt": "t"}, "nights": 1, "gate": True, "seed": 0,
        "student": {"backend": "scripted", "model": "student"}, "teacher": {"backend": "scripted", "model": "teacher"},
        "config": {"night.rounds": 1, "night.concurrency": 2},
    })
    with Store(tmp_path / "store.db") as store:
        result = run_recipe(recipe, store, tmp_path / "work", student=planning_student(plans, needs_rule=True),
                            teacher=teacher, bench=bench, base_config=load_config(env={}, cwd=tmp_path))
    assert result.baseline["hard"] == 0.0 and result.after["hard"] == 1.0
    assert result.nights[0].decision == "accepted" and RULE in result.final_skill_text
