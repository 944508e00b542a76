"""A night's gates share one false-accept budget: each round's gate (and the slow update's) may use
its share plus what earlier gates left, and every look it takes counts, so a night whose edits do
nothing stages one at most 1 - confidence of the time, not once per gate."""

from __future__ import annotations

import re

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.config import load_config
from skillopt_sleep.experiments import false_accept as study
from skillopt_sleep.night.gate.budget import NightBudget, share_through
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.night.sequencing.settings import GateSettings
from skillopt_sleep.store import Store


def test_the_first_round_gets_most_of_the_budget_and_the_gates_together_all_of_it():
    assert share_through(1, 1) == 1.0
    assert (share_through(1, 2), share_through(2, 2)) == (0.9, 1.0)
    assert [round(share_through(k, 3), 10) for k in (1, 2, 3)] == [0.9, 0.95, 1.0]


def test_a_gate_gets_its_share_and_what_earlier_gates_left_unused():
    budget = NightBudget(total=0.2, gates=2)
    first = budget.next_gate(GateSettings(confidence=0.8))
    assert abs((1 - first.confidence) - 0.2 * 0.9) < 1e-12
    budget.spend(0.12)  # the first gate's looks used less than its share
    second = budget.next_gate(GateSettings(confidence=0.8))
    assert abs((1 - second.confidence) - 0.08) < 1e-12
    budget.spend(0.08)
    # A gate the night did not plan for gets what is left: nothing.
    assert budget.next_gate(GateSettings(confidence=0.8)).confidence == 1.0


def test_the_gates_of_a_real_night_use_at_most_the_budget_together(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    two_gates = 0
    for seed in range(12):
        night = tmp_path / f"night-{seed}"
        skill = night / "jobs" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(study.SKILL, encoding="utf-8")
        config = load_config(cwd=night, env={}, user_file=night / "none.yaml", flags={
            "staging.dir": str(night / "staging"), "night.seed": str(seed), "night.concurrency": "1"})
        with Store(night / "store.db") as store:
            report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=study.job_tasks(12),
                                           student=ScriptedBackend(study.coin_student),
                                           teacher=ScriptedBackend(study.idle_teacher), stage=False))
        gated = [r.gate for r in report.rounds if r.gate.get("mode") == "paired"]
        # Every look counts, the last one of each gate too, whatever it decided.
        assert sum(g["spent"] - (g["size"] if g["undecided"] else 0.0) + g["size"] for g in gated) <= 0.2 + 1e-9
        levels = [float(re.findall(r"needs <= ([0-9.]+)\)", g["arithmetic"])[0]) for g in gated]
        assert levels[0] <= round(0.2 * 0.9, 3)  # the first round's share, not the whole budget
        if len(gated) == 2:
            two_gates += 1
            assert levels[1] <= round(0.2 - gated[0]["spent"] + (gated[0]["size"] if gated[0]["undecided"] else 0.0)
                                      - gated[0]["size"], 3) + 1e-3
    assert two_gates  # some nights did judge a second round


def test_the_move_offered_after_a_gate_meets_that_gates_share_not_the_whole_budget():
    from skillopt_sleep.night.gate.candidate import judge, offer
    from skillopt_sleep.night.replay.samples import SplitScore
    from skillopt_sleep.records import Edit

    rule, move = Edit(op="add", text="- Say it."), Edit(op="add", text="- The rules first.")
    current = {8, 9, 10, 11}  # the tasks passing under the current document (both samples)
    with_rule = current | {0, 1, 2}  # 3 tasks better, 0 worse: p 1/8
    # Higher still (8 tasks better, 4 worse), but a weaker comparison: p 794/4096 = 0.194.
    with_move = set(range(8))

    def replay_with(edits, samples=None, stage="gate"):
        passed = with_move if move in edits else with_rule if rule in edits else current
        per_rollout = {f"t{t}": [float(t in passed) for _ in range(2)] for t in range(12)}
        means = {task: sum(v) / 2 for task, v in per_rollout.items()}
        mean = sum(means.values()) / len(means)
        return SplitScore(mean, mean, mean, means, len(means), per_rollout=per_rollout)

    def offered(settings: GateSettings):
        result = judge(replay_with([]), [rule], replay_with, settings)
        assert result.verdict.accepted
        return offer(result, move, replay_with)

    assert offered(GateSettings(attribution=False))[0]  # the whole budget: 0.194 <= 0.2
    first_round = NightBudget(total=0.2, gates=2).next_gate(GateSettings(attribution=False))
    kept, effect, why = offered(first_round)
    assert not kept and effect > 0 and "does not pass the gate" in why
