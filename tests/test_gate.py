from skillopt_sleep.night.gate.verdict import ACCEPT, REJECT, UNVERIFIED, attained_size, judge_candidate, judge_paired, tasks_needed


def test_strict_improvement_accepts_with_arithmetic():
    verdict = judge_candidate({"a": 0.0, "b": 0.5}, {"a": 1.0, "b": 0.5})
    assert verdict.decision == ACCEPT
    assert verdict.current_score == 0.25 and verdict.candidate_score == 0.75
    assert "+0.500" in verdict.arithmetic and "2 held-out" in verdict.arithmetic


def test_tie_rejects():
    verdict = judge_candidate({"a": 0.5, "b": 0.5}, {"a": 1.0, "b": 0.0})
    assert verdict.decision == REJECT and "tie" in verdict.reason


def test_worse_rejects():
    assert judge_candidate({"a": 1.0}, {"a": 0.0}).decision == REJECT


def test_compares_only_shared_task_ids():
    # A candidate scored on an easier extra task must not gain from it.
    verdict = judge_candidate({"a": 0.0, "b": 0.0}, {"a": 0.0, "b": 0.0, "easy": 1.0})
    assert verdict.decision == REJECT and verdict.task_ids == ["a", "b"]


def test_too_few_held_out_tasks_is_unverified_and_never_accepts():
    verdict = judge_candidate({"a": 0.0}, {"a": 1.0}, min_tasks=2)
    assert verdict.decision == UNVERIFIED and not verdict.accepted
    assert judge_candidate({}, {}).decision == UNVERIFIED


def test_no_regression_rejects_a_mean_gain_that_breaks_one_task():
    current = {"a": 1.0, "b": 0.0, "c": 0.0}
    candidate = {"a": 0.5, "b": 1.0, "c": 1.0}
    assert judge_candidate(current, candidate).decision == ACCEPT
    verdict = judge_candidate(current, candidate, no_regression=True)
    assert verdict.decision == REJECT and verdict.regressions == ["a"]


def test_min_delta_demands_a_margin():
    assert judge_candidate({"a": 0.5}, {"a": 0.55}, min_delta=0.1).decision == REJECT
    assert judge_candidate({"a": 0.5}, {"a": 0.7}, min_delta=0.1).decision == ACCEPT


def test_gate_module_is_self_contained():
    import ast
    from pathlib import Path

    import skillopt_sleep.night.gate.verdict as gate

    tree = ast.parse(Path(gate.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(name and name.startswith("skillopt_sleep") for name in imported)


def test_a_paired_look_that_could_never_accept_an_idle_edit_spends_none_of_the_budget():
    # Two wins of eight pairs: the best p two signs can reach is 0.25, so at 0.2 this look cannot
    # accept an edit that does nothing and a further look keeps the whole 0.2.
    verdict = judge_paired({"a": [0.0, 0.0], "b": [0.0, 0.0], "c": [1.0, 1.0], "d": [1.0, 1.0]},
                           {"a": [1.0, 0.0], "b": [1.0, 0.0], "c": [1.0, 1.0], "d": [1.0, 1.0]})
    assert verdict.decision == REJECT and verdict.undecided and verdict.p_value == 0.25 and verdict.size == 0.0
    assert attained_size([1.0] * 8, 0.2) == 37 / 256  # P(at least 6 of 8 signs positive)
    # Budget spent by earlier looks raises the bar: three tasks better, p 0.125, passes at 0.2,
    # not with 0.1 spent.
    three = ({t: [0.0, 0.0] for t in "abc"}, {t: [1.0, 0.0] for t in "abc"})
    assert judge_paired(*three).decision == ACCEPT and judge_paired(*three).p_value == 0.125
    assert judge_paired(*three, spent=0.1).undecided


def test_the_gate_counts_tasks_not_samples():
    # Three better samples of one task are one task's gain: p 1/2, never an acceptance.
    one_task = judge_paired({"a": [0.0] * 3, "b": [0.0] * 3, "c": [1.0] * 3},
                            {"a": [1.0] * 3, "b": [0.0] * 3, "c": [1.0] * 3})
    assert one_task.decision == REJECT and one_task.p_value == 0.5
    # Each task's samples are averaged first: a task half better counts as one better task.
    mixed = judge_paired({t: [0.0, 0.0] for t in "abcd"}, {"a": [1.0, 0.0], "b": [0.0, 1.0], "c": [1.0, 1.0], "d": [1.0, 0.0]})
    assert mixed.decision == ACCEPT and mixed.p_value == 1 / 16


def test_with_two_tasks_nothing_can_be_accepted_at_the_default_level():
    # With n tasks no sign-flip over tasks goes below 1/2^n: two tasks reach 0.25 at best.
    verdict = judge_paired({"a": [0.0] * 5, "b": [0.0] * 5}, {"a": [1.0] * 5, "b": [1.0] * 5})
    assert verdict.decision == UNVERIFIED and "needs at least 3" in verdict.reason
    assert tasks_needed(0.2) == 3 and tasks_needed(0.25) == 2 and tasks_needed(0.05) == 5


def test_a_loss_is_never_undecided():
    verdict = judge_paired({"a": [1.0, 1.0], "b": [1.0, 0.0], "c": [0.0, 0.0]}, {"a": [0.0, 1.0], "b": [1.0, 0.0], "c": [0.0, 0.0]})
    assert verdict.decision == REJECT and not verdict.undecided
