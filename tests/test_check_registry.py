"""The check registry: every op is one module in tasks/checks/ops, and judges, descriptions,
student rules, mining's schema and feedback all find a new op from that one file."""

from __future__ import annotations

import textwrap

import pytest

from skillopt_sleep.capture.stated_rules import Rule, extract_rules
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.tasks import candidates, checks, llm_miner
from skillopt_sleep.tasks.checks import ops, registry
from skillopt_sleep.tasks.judges import describe_check, score_answer, validate_judge

NEW_OP = textwrap.dedent('''
    from skillopt_sleep.tasks.checks.base import CheckOp, Outcome


    class EndsWith(CheckOp):
        name = "ends_with"
        summary = "ends_with: the answer's last characters (arg: string)"

        def evaluate(self, arg, answer, calls):
            ok = answer.rstrip().endswith(arg)
            return Outcome(ok, "ends as asked" if ok else "ends otherwise", evidence=arg if ok else "")

        def describe(self, arg):
            return f"end the answer with {arg!r}"

        def rule(self, arg, context):
            return f"- End every answer with {arg!r}."

        def from_feedback(self, kind, value, unit):
            return value if kind == "sign_off" else None
''')


@pytest.fixture
def extra_op(tmp_path):
    folder = tmp_path / "more_ops"
    folder.mkdir()
    (folder / "ends_with.py").write_text(NEW_OP)
    ops.__path__.append(str(folder))
    registry._ops.cache_clear()
    yield
    ops.__path__.remove(str(folder))
    registry._ops.cache_clear()


def task(*check_list: Check) -> Task:
    return Task(task_id="t1", intent="write it", judge=Judge(kind="rule", checks=list(check_list)))


def test_a_new_op_in_one_module_is_judged_described_ruled_and_offered_to_the_miner(extra_op):
    check = Check("ends_with", "-- bye")
    assert validate_judge(Judge(kind="rule", checks=[check])) == []
    assert score_answer(task(check), "hello\n-- bye").hard == 1.0
    assert score_answer(task(check), "hello").hard == 0.0
    assert describe_check(check) == "end the answer with '-- bye'"
    assert checks.student_rule(check) == "- End every answer with '-- bye'."
    assert "ends_with" in llm_miner.teacher_schema()["properties"]["checks"]["items"]["properties"]["op"]["enum"]
    assert "ends_with: the answer's last characters" in llm_miner.teacher_system()
    assert checks.check_from_feedback("sign_off", "-- bye") == check


def test_without_the_module_the_op_is_unknown_and_named_as_such():
    problems = validate_judge(Judge(kind="rule", checks=[Check("ends_with", "x")]))
    assert problems and "unknown op 'ends_with'" in problems[0] and "contains" in problems[0]
    score = score_answer(task(Check("ends_with", "x")), "x")
    assert score.hard == 0.0 and "unknown op" in score.error


def test_every_builtin_op_describes_itself_and_validates_its_argument():
    samples = {"contains": "pnpm", "not_contains": "npm", "regex": r"[Cc]onfidence\s*[:=]", "section_present": "Key Risks",
               "max_chars": 1200, "min_chars": 100, "tool_called": "search", "tool_not_called": "search", "no_refusal": None,
               # over a repo task's episode
               "ran_before_finish": "make check", "command_avoided": "npm", "command_used": "pnpm",
               "path_untouched": "generated/**", "test_added": None, "added_lines_avoid": r"\bprint\(",
               "added_lines_contain": r"\blogger\.", "dependency_set_unchanged": "package.json",
               "generator_run": {"command": "make gen", "path": "generated/**"}}
    # Ops that benchmark adapters add through entry points are tested with their adapters.
    assert set(checks.op_names()) - set(registry.EXTENSION_OPS.names()) == set(samples)
    for name, arg in samples.items():
        check = Check(name, arg)
        assert checks.check_problem(check) is None, name
        assert not describe_check(check).startswith("("), name
        assert checks.student_rule(check).startswith("- "), name
    assert "expects a number" in checks.check_problem(Check("max_chars", "lots"))


def test_feedback_words_become_checks_through_the_registry():
    rules = extract_rules("no, use pnpm, don't use npm, and keep it under 20 lines")
    got = candidates.checks_from_rules(rules)
    assert Check("contains", "pnpm") in got and Check("max_chars", 20 * 80) in got
    # "npm" is part of the required "pnpm": forbidding it would contradict the user.
    assert Check("not_contains", "npm") not in got


@pytest.mark.parametrize("kind,value", [
    ("use", "the"), ("use", "it"), ("avoid", "a"), ("avoid", "R"), ("use", "this one"), ("section", "Them"), ("use", ""),
])
def test_function_words_and_fragments_never_become_checks(kind, value):
    assert checks.check_from_feedback(kind, value) is None


def test_generic_words_in_a_correction_make_no_check():
    assert candidates.checks_from_rules(extract_rules("no, use the same one, and put it in its own section")) == []
    assert candidates.checks_from_rules(extract_rules("switch to the ruff linter")) == [Check("contains", "ruff")]


def test_a_first_line_bound_checks_only_the_first_line():
    [check] = candidates.checks_from_rules(extract_rules("the title is too long, keep it under 30 characters"))
    assert check.op == "regex" and checks.check_problem(check) is None
    body = "x" * 200
    assert checks.evaluate(check, "docs: explain the cache\n\n" + body, []).passed
    assert not checks.evaluate(check, "docs: explain how the cache is warmed at startup\n", []).passed
    # Stated as the bound it is, never as the pattern or a sample match of it.
    assert checks.student_rule(check).startswith("- Keep the first line under ") and "\\A" not in checks.student_rule(check)
    assert "first line" in describe_check(check)


def test_checks_one_implies_are_dropped():
    rules = [Rule("avoid", "bar graphs"), Rule("avoid", "bar"), Rule("use", "line"), Rule("use", "line graphs")]
    got = candidates.checks_from_rules(rules)
    assert Check("not_contains", "bar") in got and Check("not_contains", "bar graphs") not in got  # the shorter ban says more
    assert Check("contains", "line graphs") in got and Check("contains", "line") not in got  # the longer need says more


def test_a_passing_check_reports_the_text_that_satisfied_it():
    answer = "Intro\n\nConfidence: high, the numbers agree\n\n## Key Risks\n- churn\n- cost\n"
    regex = checks.evaluate(Check("regex", r"[Cc]onfidence\s*[:=]"), answer, [])
    section = checks.evaluate(Check("section_present", "Key Risks"), answer, [])
    assert regex.evidence == "Confidence: high, the numbers agree"
    assert section.evidence.startswith("## Key Risks\n- churn")
