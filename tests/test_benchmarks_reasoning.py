"""Reasoning tasks: one reasoning-gym family generated from a seed and judged by the family's own
verifier through the `verified_answer` op; one item's answer never becomes a rule."""

from __future__ import annotations

import pytest

pytest.importorskip("reasoning_gym", reason="the reasoning-gym package is in the test extra")

from skillopt_sleep.benchmarks import load_benchmark  # noqa: E402
from skillopt_sleep.benchmarks.verified_answer import final_answer  # noqa: E402
from skillopt_sleep.errors import BenchmarkError  # noqa: E402
from skillopt_sleep.records import Check  # noqa: E402
from skillopt_sleep.tasks.checks import check_problem, describe, literal, student_rule  # noqa: E402
from skillopt_sleep.tasks.judges.rule import score_rule  # noqa: E402

LEGS = {"ant": 6, "bee": 6, "beetle": 6, "bird": 2, "butterfly": 6, "cat": 4, "chicken": 2, "cockroach": 6, "cow": 4,
        "crab": 10, "cricket": 6, "deer": 4, "dog": 4, "duck": 2, "elephant": 4, "firefly": 6, "flatworm": 0,
        "giraffe": 4, "grasshopper": 6, "horse": 4, "human": 2, "insect": 6, "jellyfish": 0, "leech": 0, "lion": 4,
        "lobster": 10, "praying mantis": 6, "scorpion": 8, "sea slug": 0, "sheep": 4, "shrimp": 10, "snake": 0,
        "spider": 8, "starfish": 5, "tiger": 4, "wasp": 6, "woodlouse": 14}


def worked_answer(intent: str) -> str:
    """Counts the legs the way a skill could say to: each kind, its legs, times how many, summed."""
    question = intent.split("if you have ", 1)[1].split("?", 1)[0]
    total, lines = 0, []
    for part in question.split(", "):
        count, name = part.split(" ", 1)
        kind = next(k for k in sorted(LEGS, key=len, reverse=True) if name.startswith(k))
        total += int(count) * LEGS[kind]
        lines.append(f"{count} x {LEGS[kind]} legs ({kind})")
    return "\n".join(lines) + f"\nAnswer: {total}"


def test_the_family_is_found_by_name_and_its_verifier_decides():
    bench = load_benchmark("reasoning", {"tasks": 12})
    assert len(bench.tasks) == 12 and bench.metric == "hard"
    for task in bench.tasks:
        check = task.judge.checks[0]
        assert check_problem(check) is None and "Answer: <the answer alone>" in task.intent
        assert score_rule([check], worked_answer(task.intent), []).hard == 1.0
        wrong = int(check.arg["answer"]) + 2
        assert score_rule([check], f"Answer: {wrong}", []).checks[0].detail == f'final answer "{wrong}" is wrong'
    assert score_rule([bench.tasks[0].judge.checks[0]], "I cannot tell.", []).checks[0].detail == "the reply gives no final answer"


def test_one_items_answer_is_shown_to_the_teacher_but_never_a_rule():
    check = load_benchmark("reasoning", {"tasks": 1}).tasks[0].judge.checks[0]
    assert check.arg["answer"] in describe(check)
    assert student_rule(check) == "" and literal(check) == check.arg["answer"]


def test_a_seed_no_night_used_gives_other_items_and_a_bad_config_is_named():
    first = [t.intent for t in load_benchmark("reasoning", {"tasks": 20}).tasks]
    again = [t.intent for t in load_benchmark("reasoning", {"tasks": 20}).tasks]
    fresh = [t.intent for t in load_benchmark("reasoning", {"tasks": 20, "item_seed": 9001}).tasks]
    assert first == again and len(set(first) & set(fresh)) < 3
    with pytest.raises(BenchmarkError, match="refuses"):
        load_benchmark("reasoning", {"tasks": 3, "config": {"min_animals": 5, "max_animals": 2}})
    assert "outside" in check_problem(Check("verified_answer", {"dataset": "leg_counting", "seed": 0, "size": 3,
                                                                "index": 7, "config": {}}))


@pytest.mark.parametrize("reply, given", [("2 x 4\nAnswer: **8**.", "8"), ("<answer>12</answer>", "12"),
                                          ("so the total is 30", "30"), ("no number here", None)])
def test_the_final_answer_is_read_from_the_answer_line_the_tags_or_the_last_number(reply, given):
    assert final_answer(reply) == given


def test_the_adapters_ops_are_found_through_the_entry_points_and_never_taught_to_mining():
    from skillopt_sleep.tasks.checks import op_names, op_summaries

    assert {"verified_answer", "verified_instruction"} <= set(op_names())
    assert not any(line.startswith("verified_") for line in op_summaries(episode=True))
