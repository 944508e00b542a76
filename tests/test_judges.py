"""Judges: rule ops with gbrain semantics, exact/F1, qrels nDCG, the rubric grader through a real
CallRecorder, check descriptions and the regex example generator."""

from __future__ import annotations

import json
import math
import re

import pytest

from skillopt_sleep.backends.base import CompletionRequest
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.tasks.judges import (
    RUBRIC_SCHEMA,
    RubricGrader,
    describe_check,
    describe_judge,
    ndcg_at_k,
    normalize_answer,
    parse_rubric_reply,
    regex_example,
    score_answer,
    token_f1,
    validate_judge,
)
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Check, Judge, Task, ToolCallRecord
from skillopt_sleep.store import Store


def rule_task(*checks: tuple) -> Task:
    return Task(task_id="t1", intent="do it", judge=Judge(kind="rule", checks=[Check(op, arg) for op, arg in checks]))


def score(checks: list[tuple], answer: str, calls: list[ToolCallRecord] | None = None):
    return score_answer(rule_task(*checks), answer, calls or [])


def passes(op: str, arg, answer: str, calls: list[ToolCallRecord] | None = None) -> bool:
    result = score([(op, arg)], answer, calls)
    assert result.error == "", result.error
    return result.hard == 1.0


# ---- rule ops -------------------------------------------------------------------------------


def test_contains_is_case_sensitive_substring():
    assert passes("contains", "Key Risks", "see Key Risks below")
    assert not passes("contains", "Key Risks", "see key risks below")
    result = score([("contains", "Key Risks")], "see key risks below")
    assert "different case" in result.checks[0].detail


def test_not_contains():
    assert passes("not_contains", "TODO", "all done")
    assert not passes("not_contains", "TODO", "left a TODO here")
    assert passes("not_contains", "TODO", "a todo in lower case is allowed")


def test_regex_is_multiline_so_caret_matches_a_later_line():
    answer = "## Verdict\nConfidence: high"
    assert passes("regex", "^Confidence:", answer)
    assert not passes("regex", "^Confidence:", "My Confidence: high")
    assert passes("regex", r"high$", "Confidence: high\nnext line")


def test_regex_benchmark_pattern():
    pattern = r"[Cc]onfidence\s*[:=]"
    assert passes("regex", pattern, "confidence = 0.7")
    assert passes("regex", pattern, "Confidence:medium")
    assert not passes("regex", pattern, "I am confident about this")


@pytest.mark.parametrize(
    "answer, expected",
    [
        ("## Key Risks\n- churn", True),
        ("# Key Risks", True),
        ("###### Key Risks", True),
        ("intro\n### Key Risks   \nbody", True),  # trailing spaces are fine
        ("## Key Risks\t", True),
        ("## key risks", True),  # gbrain compares case-insensitively
        ("####### Key Risks", False),  # seven marks is not a heading
        ("##Key Risks", False),  # a space must follow the marks
        ("## Key Risks and Mitigations", False),  # exact text, not a prefix
        ("## The Key Risks", False),
        ("## Key Risks:", False),
        ("## Key Risks ##", False),  # closing marks are not stripped (as in gbrain)
        ("**Key Risks**", False),
        ("Key Risks\n---------", False),  # setext headings are not ATX heading lines
        ("text mentioning ## Key Risks inline", False),
        ("  ## Key Risks", False),  # the marks must start the line
    ],
)
def test_section_present_heading_text_exactness(answer, expected):
    assert passes("section_present", "Key Risks", answer) is expected


def test_section_present_ignores_marks_in_the_argument_and_lists_found_headings():
    assert passes("section_present", "## Key Risks", "# Key Risks")
    result = score([("section_present", "Key Risks")], "## Summary\n## Risks\ntext")
    assert '"Summary"' in result.checks[0].detail and '"Risks"' in result.checks[0].detail


def test_max_chars_boundary_is_inclusive():
    assert passes("max_chars", 10, "x" * 10)
    assert not passes("max_chars", 10, "x" * 11)
    assert "1 over" in score([("max_chars", 10)], "x" * 11).checks[0].detail
    assert passes("max_chars", 1200, "")


def test_min_chars_boundary_is_inclusive():
    assert passes("min_chars", 5, "12345")
    assert not passes("min_chars", 5, "1234")


def test_tool_called_counts_only_calls_that_did_not_fail():
    ok = ToolCallRecord(name="search", arguments={"query": "pricing"}, result='{"results": []}')
    failed = ToolCallRecord(name="search", arguments={}, error="missing 'query'")
    other = ToolCallRecord(name="read", arguments={"path": "x"})
    assert passes("tool_called", "search", "answer", [ok])
    assert not passes("tool_called", "search", "answer", [failed])
    assert not passes("tool_called", "search", "answer", [other])
    assert not passes("tool_called", "search", "answer", [])
    detail = score([("tool_called", "search")], "a", [failed]).checks[0].detail
    assert "failed" in detail and "missing 'query'" in detail


def test_tool_not_called_is_broken_by_any_attempt():
    assert passes("tool_not_called", "search", "answer", [ToolCallRecord(name="read", arguments={})])
    assert not passes("tool_not_called", "search", "a", [ToolCallRecord(name="search", arguments={}, error="boom")])


@pytest.mark.parametrize(
    "answer",
    [
        "I'm sorry, but I can't help with that.",
        "I’m sorry, I cannot provide that information.",  # curly apostrophe
        "Sorry, I can't do that.",
        "I cannot help with this request.",
        "I can't assist with writing that brief.",
        "I am unable to complete this task.",
        "Unfortunately, I cannot answer that.",
        "As an AI language model, I don't have opinions on pricing.",
        "I must decline this request.",
        "**I apologize, but I won't write that.**",
    ],
)
def test_no_refusal_catches_refusal_openings(answer):
    assert not passes("no_refusal", None, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "## Recommendation: ship the free tier",
        "I'm sorry to hear about the outage. Here is the plan: restart the workers.",
        "I can't stress enough how much the free tier matters.",
        "Here is why I cannot recommend option A: it costs too much.",
        "Sorrowful as it is, the numbers say cut burn.",
        "Icannot is not a word, and this is an answer.",
    ],
)
def test_no_refusal_passes_answers_that_merely_contain_refusal_words(answer):
    assert passes("no_refusal", None, answer)


def test_no_refusal_fails_an_empty_answer():
    result = score([("no_refusal", None)], "   ")
    assert result.hard == 0.0 and "empty" in result.checks[0].detail


def test_soft_is_fraction_passed_and_hard_needs_all():
    checks = [("section_present", "Key Risks"), ("regex", r"[Cc]onfidence\s*[:=]"), ("max_chars", 5)]
    result = score(checks, "## Key Risks\nConfidence: low")
    assert result.hard == 0.0
    assert result.soft == pytest.approx(2 / 3)
    assert [c.passed for c in result.checks] == [True, True, False]
    assert [c.op for c in result.failed] == ["max_chars"]
    full = score(checks[:2], "## Key Risks\nConfidence: low")
    assert (full.hard, full.soft, full.error) == (1.0, 1.0, "")


# ---- checks that cannot be evaluated ---------------------------------------------------------


@pytest.mark.parametrize(
    "check, fragment",
    [
        (("regex", "[Cc]onfidence("), "bad regex"),
        (("frobnicate", "x"), "unknown op 'frobnicate'"),
        (("max_chars", "1200"), "expects a number"),
        (("max_chars", True), "expects a number"),
        (("max_chars", -1), "non-negative"),
        (("contains", 5), "expects a string"),
        (("tool_called", None), "expects a string"),
        (("contains", ""), "non-empty"),
        (("section_present", "##"), "empty"),
        (("no_refusal", "search"), "takes no argument"),
    ],
)
def test_unevaluable_check_is_an_error_never_a_silent_pass_or_zero(check, fragment):
    result = score([check, ("contains", "x")], "x marks the spot")
    assert result.hard == 0.0 and result.soft == 0.0
    assert fragment in result.error
    assert "check 1" in result.error and check[0] in result.error
    assert not result.checks[0].passed
    assert result.checks[0].detail.startswith("cannot evaluate")
    assert result.checks[1].passed  # the good check is still reported


def test_unknown_op_suggests_the_closest_known_op():
    result = score([("max_char", 10)], "short")
    assert "did you mean 'max_chars'" in result.error


def test_rule_judge_without_checks_is_an_error():
    result = score([], "anything")
    assert result.error and result.hard == 0.0


def test_unknown_judge_kind_is_an_error():
    task = Task(task_id="t", intent="x", judge=Judge(kind="vibes"))
    assert "unknown judge kind" in score_answer(task, "a", []).error


# ---- validate_judge ------------------------------------------------------------------------------


def test_validate_judge_accepts_the_benchmark_judges():
    judge = {"kind": "rule", "checks": [{"op": "section_present", "arg": "Key Risks"}, {"op": "regex", "arg": "[Cc]onfidence\\s*[:=]"}]}
    assert validate_judge(judge) == []
    assert validate_judge(Judge(kind="qrels", expected_slugs=["topics/a"], k=5)) == []
    assert validate_judge(Judge(kind="exact", answers=["Paris"])) == []
    assert validate_judge(Judge(kind="rubric", rubric="mentions the deadline")) == []


def test_validate_judge_lists_every_problem():
    judge = Judge(kind="rule", checks=[Check("regex", "(unclosed"), Check("nope", 1), Check("max_chars", "ten")])
    problems = validate_judge(judge)
    assert len(problems) == 3
    assert problems[0].startswith("check 1 (regex)") and "bad regex" in problems[0]
    assert "unknown op" in problems[1]
    assert "expects a number" in problems[2]


def test_validate_judge_other_kinds():
    assert validate_judge({"kind": "mystery"})
    assert validate_judge(Judge(kind="exact"))
    assert "empty once normalised" in validate_judge(Judge(kind="exact", answers=["The"]))[0]
    assert validate_judge(Judge(kind="rubric", rubric="  "))
    assert validate_judge(Judge(kind="qrels", expected_slugs=[]))
    assert validate_judge(Judge(kind="qrels", expected_slugs=["topics/a"], k=0))
    assert validate_judge({"kind": "rule", "checks": ["not an object"]})


# ---- exact judge and SQuAD metrics ---------------------------------------------------------------


def test_normalize_answer_is_squad_style():
    assert normalize_answer("The  Eiffel Tower!") == "eiffel tower"
    assert normalize_answer("an Apple, a day") == "apple day"
    assert normalize_answer("theatre") == "theatre"  # articles only as whole words


def test_exact_judge_matches_any_answer_after_normalisation():
    task = Task(task_id="q", intent="capital?", judge=Judge(kind="exact", answers=["Paris", "City of Paris"]))
    hit = score_answer(task, "  the city of paris. ", [])
    assert (hit.hard, hit.soft, hit.error) == (1.0, 1.0, "")
    miss = score_answer(task, "Paris, France", [])
    assert (miss.hard, miss.soft) == (0.0, 0.0)
    assert "token F1" in miss.checks[0].detail


def test_exact_judge_without_answers_is_an_error():
    assert score_answer(Task(task_id="q", intent="x", judge=Judge(kind="exact")), "x", []).error


def test_token_f1():
    assert token_f1("Paris", "paris") == 1.0
    assert token_f1("Paris France", "Paris") == pytest.approx(2 / 3)  # p=1/2, r=1
    assert token_f1("London", "Paris") == 0.0
    assert token_f1("", "") == 1.0
    assert token_f1("the", "Paris") == 0.0
    assert token_f1("new york new york", "new york") == pytest.approx(2 * 0.5 * 1 / 1.5)


# ---- qrels judge ----------------------------------------------------------------------------------


def search_call(*slugs: str, query: str = "q", error: str = "") -> ToolCallRecord:
    result = json.dumps({"results": [{"slug": s, "title": s, "snippet": "..."} for s in slugs]})
    return ToolCallRecord(name="search", arguments={"query": query}, result="" if error else result, error=error)


def qrels_task(expected: list[str], k: int = 5) -> Task:
    return Task(task_id="r", intent="find it", judge=Judge(kind="qrels", expected_slugs=expected, k=k))


def test_ndcg_at_k():
    assert ndcg_at_k(["a", "b"], {"a"}, 5) == 1.0
    assert ndcg_at_k(["x", "a"], {"a"}, 5) == pytest.approx(1 / math.log2(3))
    assert ndcg_at_k(["x", "y", "a"], {"a"}, 2) == 0.0
    # two relevant, one found at rank 1: DCG 1, ideal 1 + 1/log2(3)
    assert ndcg_at_k(["a", "x"], {"a", "b"}, 5) == pytest.approx(1 / (1 + 1 / math.log2(3)))
    # ideal DCG is capped at k hits
    assert ndcg_at_k(["a"], {"a", "b", "c"}, 1) == 1.0


def test_qrels_hard_needs_expected_slug_in_top_k_and_soft_is_best_ndcg():
    task = qrels_task(["topics/pricing"], k=3)
    calls = [search_call("topics/a", "topics/b", "topics/c", "topics/pricing", query="bad"),
             search_call("topics/x", "topics/pricing", query="better")]
    result = score_answer(task, "answer", calls)
    assert result.hard == 1.0
    assert result.soft == pytest.approx(1 / math.log2(3))
    assert "call 2" in result.checks[0].detail and "rank 2" in result.checks[0].detail


def test_qrels_miss_outside_top_k():
    result = score_answer(qrels_task(["topics/pricing"], k=2), "a", [search_call("topics/a", "topics/b", "topics/pricing")])
    assert (result.hard, result.soft, result.error) == (0.0, 0.0, "")
    assert "top 2" in result.checks[0].detail


def test_qrels_slugs_compare_without_md_suffix():
    assert score_answer(qrels_task(["topics/pricing"]), "a", [search_call("topics/pricing.md")]).hard == 1.0


def test_qrels_without_search_call_explains():
    result = score_answer(qrels_task(["topics/pricing"]), "from memory", [ToolCallRecord(name="read", arguments={})])
    assert (result.hard, result.soft, result.error) == (0.0, 0.0, "")
    assert "no `search` call" in result.checks[0].detail


def test_qrels_failed_searches_score_zero_with_reason():
    result = score_answer(qrels_task(["topics/pricing"]), "a", [search_call(error="bad arguments")])
    assert result.hard == 0.0 and result.error == ""
    assert "failed" in result.checks[0].detail


def test_qrels_unreadable_search_result_is_an_error():
    call = ToolCallRecord(name="search", arguments={"query": "q"}, result="<html>oops</html>")
    result = score_answer(qrels_task(["topics/pricing"]), "a", [call])
    assert "not JSON" in result.error and result.hard == 0.0


# ---- rubric grader through a real CallRecorder -------------------------------------------------------


def rubric_task() -> Task:
    return Task(task_id="rb", intent="Summarise the incident", judge=Judge(kind="rubric", rubric="Names the root cause."))


def grade(store: Store, reply: str, answer: str = "The root cause was a full disk.") -> tuple:
    seen: list[CompletionRequest] = []

    def responder(request: CompletionRequest) -> str:
        seen.append(request)
        return reply

    grader = RubricGrader(CallRecorder(store, night_id=None), ScriptedBackend(responder, model="teacher"))
    calls = [ToolCallRecord(name="search", arguments={"query": "incident"}, result='{"results": []}')]
    return score_answer(rubric_task(), answer, calls, rubric_grader=grader), seen


def test_rubric_grader_scores_and_records_the_call(store):
    result, seen = grade(store, '{"score": 0.75, "passed": true, "rationale": "Names the full disk."}')
    assert (result.hard, result.soft, result.error) == (1.0, 0.75, "")
    assert result.rationale == "Names the full disk."
    request = seen[0]
    assert request.json_schema == RUBRIC_SCHEMA
    assert "Names the root cause." in request.messages[0].content
    assert "The root cause was a full disk." in request.messages[0].content
    assert 'search({"query": "incident"})' in request.messages[0].content
    rows = store.query("SELECT role, model, response_json FROM model_calls")
    assert [(r["role"], r["model"]) for r in rows] == [("judge", "teacher")]
    assert "0.75" in rows[0]["response_json"]


def test_rubric_grader_reads_json_wrapped_in_prose_and_fences(store):
    reply = 'Here is my grade:\n```json\n{"score": 0.2, "passed": false, "rationale": "misses \\s the cause",}\n```\nThanks!'
    result, _ = grade(store, reply)
    assert (result.hard, result.soft, result.error) == (0.0, 0.2, "")
    assert "misses" in result.rationale


def test_rubric_grader_unparseable_reply_is_an_error(store):
    result, _ = grade(store, "I think it is pretty good overall.")
    assert result.error and "no JSON object" in result.error
    assert (result.hard, result.soft) == (0.0, 0.0)


@pytest.mark.parametrize(
    "reply, fragment",
    [
        ('{"score": 7, "passed": true, "rationale": "x"}', "outside 0..1"),
        ('{"score": "high", "passed": true, "rationale": "x"}', "not a number"),
        ('{"score": 0.5, "rationale": "x"}', "'passed'"),
    ],
)
def test_rubric_grader_rejects_bad_fields(store, reply, fragment):
    result, _ = grade(store, reply)
    assert fragment in result.error


def test_rubric_grade_is_cached_by_the_recorder(store):
    backend = ScriptedBackend(lambda request: '{"score": 1, "passed": true, "rationale": "ok"}')
    grader = RubricGrader(CallRecorder(store, night_id=None), backend)
    for _ in range(2):
        assert score_answer(rubric_task(), "same answer", [], rubric_grader=grader).hard == 1.0
    assert backend.calls == 1


def test_rubric_without_grader_is_an_error():
    result = score_answer(rubric_task(), "answer", [])
    assert "needs a grader" in result.error


@pytest.mark.parametrize(
    "reply, hard, soft",
    [
        ('{"score": 1, "passed": "true", "rationale": "ok"}', 1.0, 1.0),
        ('Grade: {"score": "0.4", "passed": false, "rationale": "thin"} -- done', 0.0, 0.4),
        ('[{"score": 0.9, "passed": true, "rationale": "good"}]', 1.0, 0.9),
    ],
)
def test_parse_rubric_reply_tolerates_what_models_write(reply, hard, soft):
    result = parse_rubric_reply(reply, "rubric")
    assert (result.hard, result.soft, result.error) == (hard, soft, "")


def test_parse_rubric_reply_needs_a_score_field():
    assert "no JSON object with a score" in parse_rubric_reply('{"verdict": "good"}').error


# ---- descriptions and the regex example generator -----------------------------------------------------


def test_describe_check_for_each_op():
    assert describe_check(Check("section_present", "Key Risks")) == (
        'include a Markdown heading line whose text is exactly "Key Risks" (for example "## Key Risks")'
    )
    assert describe_check(Check("max_chars", 1200)) == "keep the whole answer under 1200 characters"
    assert describe_check(Check("tool_called", "search")) == "call the `search` tool before answering"
    regex = describe_check(Check("regex", r"[Cc]onfidence\s*[:=]"))
    assert "`[Cc]onfidence\\s*[:=]`" in regex and 'for example "Confidence:"' in regex
    assert '"TODO"' in describe_check(Check("not_contains", "TODO"))
    assert "Disclaimer" in describe_check(Check("contains", "Disclaimer"))
    assert "at least 300" in describe_check(Check("min_chars", 300))
    assert "do not call the `shell` tool" == describe_check(Check("tool_not_called", "shell"))
    assert "refuse" in describe_check(Check("no_refusal", None))


def test_describe_check_says_when_a_check_is_invalid():
    assert "cannot be evaluated" in describe_check(Check("regex", "(oops"))
    assert "cannot be evaluated" in describe_check(Check("bogus", 1))


def test_describe_check_handles_other_judges_results_without_leaking_answers():
    qrels = describe_check(Check("qrels", {"expected_slugs": ["topics/secret-page"], "k": 5}))
    assert "`search`" in qrels and "secret-page" not in qrels
    exact = describe_check(Check("exact", ["Paris"]))
    assert "Paris" not in exact
    assert "root cause" in describe_check(Check("rubric", "Names the root cause."))
    assert describe_judge(rubric_task().judge) == ["satisfy this rubric: Names the root cause."]


@pytest.mark.parametrize(
    "pattern, expected",
    [
        (r"[Cc]onfidence\s*[:=]", "Confidence:"),
        (r"[Rr]ecommendation\s*[:=]", "Recommendation:"),
        (r"^Confidence:\s+(high|medium|low)\b", "Confidence: high"),
        (r"colou?r", "color"),
        (r"\d{3}-\d{2,4}", "111-11"),
        (r"(?:Pros|Cons): \w+", "Pros: a"),
        (r"(?P<word>TL;DR)\.?", "TL;DR"),
        (r"(?i)key risks", "key risks"),
        (r"\$\d+(\.\d\d)?", "$1"),
        (r"[^\s]+@example\.com", "a@example.com"),
        (r"Score: [1-5]/5", "Score: 1/5"),
    ],
)
def test_regex_example_generates_a_verified_literal(pattern, expected):
    example = regex_example(pattern)
    assert example == expected
    assert re.search(pattern, example, re.M)


@pytest.mark.parametrize(
    "pattern",
    [
        r"foo(?=bar)",  # lookahead
        r"(a)\1",  # back-reference
        r"(?<!x)y",  # lookbehind
        r"a^b",  # impossible: the generator's guess fails verification
        r"x*",  # only the empty string is needed: no useful example
        r"[[:alpha:]]",  # POSIX class syntax
        r"(unclosed",  # not a regex at all
        r"\p{L}",
    ],
)
def test_regex_example_returns_none_beyond_its_reach(pattern):
    example = regex_example(pattern)
    assert example is None or re.search(pattern, example, re.M)
    if pattern in (r"foo(?=bar)", r"(a)\1", r"(?<!x)y", r"a^b", r"(unclosed", r"[[:alpha:]]"):
        assert example is None


def test_regex_examples_always_match_their_pattern():
    patterns = [
        r"^#{2} Summary$", r"\bDecision\b:\s*(yes|no)", r"[A-Z]{2,3}-\d+", r"(foo|bar)+baz", r"\s*-\s+\w+",
        r"[.]{3}", r"a{2}b{0,1}c{1,}", r"\x41\u0042", r"[\w.-]+", r"(?x) a b c", r"(?m)^end$", r"[^a-z]",
    ]
    for pattern in patterns:
        example = regex_example(pattern)
        assert example is None or re.search(pattern, example, re.M), (pattern, example)
    assert regex_example(r"^#{2} Summary$") == "## Summary"
