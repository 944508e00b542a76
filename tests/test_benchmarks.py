"""Benchmark adapters: loaders read the real schemas, scorers score like the benchmarks do."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skillopt_sleep.benchmarks import Carve, carve_splits, load_benchmark
from skillopt_sleep.benchmarks.base import bundled_dir
from skillopt_sleep.benchmarks.gbrain import SEED_ALIASES
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.tasks.judges import score_answer
from skillopt_sleep.records import Judge, Task, ToolCallRecord


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))


# -- gbrain ----------------------------------------------------------------------------------

@pytest.mark.parametrize("folder,alias", sorted(SEED_ALIASES.items()))
def test_gbrain_seed_loads_by_folder_or_alias(folder, alias):
    by_folder = load_benchmark("gbrain", {"seed": folder})
    by_alias = load_benchmark("gbrain", {"seed": alias})
    assert len(by_folder.tasks) == 15
    assert [t.task_id for t in by_folder.tasks] == [t.task_id for t in by_alias.tasks]
    assert by_folder.tasks[0].task_id == f"gbrain-{alias}-bm-001"
    assert by_folder.data_hash == by_alias.data_hash and len(by_folder.data_hash) == 64
    assert by_folder.skill_text.startswith("---")


def test_gbrain_unknown_seed_and_option_are_errors():
    with pytest.raises(BenchmarkError, match="unknown gbrain seed"):
        load_benchmark("gbrain", {"seed": "nope"})
    with pytest.raises(BenchmarkError, match="unknown option"):
        load_benchmark("gbrain", {"sed": "advisor"})
    with pytest.raises(BenchmarkError, match="unknown benchmark"):
        load_benchmark("gbrian")


def test_only_the_search_seed_offers_a_tool():
    quick = load_benchmark("gbrain", {"seed": "quick-answerer"})
    assert all(t.tools == ["search"] for t in quick.tasks)
    assert quick.tool_provider(quick.tasks[0]) is not None
    brief = load_benchmark("gbrain", {"seed": "brief-writer"})
    assert brief.tool_provider(brief.tasks[0]) is None


def test_brain_search_ranks_each_tasks_own_page_first():
    bench = load_benchmark("gbrain", {"seed": "quick-answerer"})
    env = bench.tool_provider(bench.tasks[0])
    assert [s.name for s in env.specs()] == ["search"]
    for task in bench.tasks:
        topic = task.intent.removeprefix("Answer: should we decide ").rstrip(".")
        results = json.loads(env.call("search", {"query": topic}))["results"]
        assert 1 <= len(results) <= 5
        assert set(results[0]) >= {"slug", "title", "snippet"}
        assert results[0]["slug"].startswith("topics/")
        assert results[0]["title"].lower().rstrip(".") == topic.lower(), task.task_id
        scores = [r["score"] for r in results]
        assert scores == sorted(scores, reverse=True)


def test_search_results_satisfy_the_qrels_judge_and_tool_check():
    bench = load_benchmark("gbrain", {"seed": "quick-answerer"})
    env = bench.tool_provider(bench.tasks[0])
    query = "should a marketplace subsidize supply or demand first"
    call = ToolCallRecord(name="search", arguments={"query": query}, result=env.call("search", {"query": query}))
    qrels = Task(task_id="h", intent=query, judge=Judge(kind="qrels", expected_slugs=[
        "topics/if-a-marketplace-should-subsidize-supply-or-demand-first"], k=5))
    assert score_answer(qrels, "answer", [call]).hard == 1.0
    wrong = Task(task_id="h2", intent=query, judge=Judge(kind="qrels", expected_slugs=["topics/not-a-page"], k=5))
    assert score_answer(wrong, "answer", [call]).hard == 0.0
    assert score_answer(bench.tasks[7], "from memory", []).hard == 0.0
    assert score_answer(bench.tasks[7], "grounded", [call]).hard == 1.0


def test_bad_search_calls_are_reported_to_the_model():
    bench = load_benchmark("gbrain", {"seed": "quick-answerer"})
    env = bench.tool_provider(bench.tasks[0])
    with pytest.raises(ValueError, match="non-empty"):
        env.call("search", {"query": "  "})
    with pytest.raises(ValueError, match="unknown tool"):
        env.call("Answer: should we ship", {"query": "x"})
    assert json.loads(env.call("search", {"query": "zzzz qqqq"})) == {"results": []}


def test_gbrain_reads_a_users_copy_and_names_bad_lines(tmp_path):
    root = tmp_path / "skillopt-v1"
    shutil.copytree(bundled_dir("gbrain-skillopt-v1", "seed-no-verdict"), root / "seed-no-verdict")
    assert len(load_benchmark("gbrain", {"seed": "advisor", "path": str(root)}).tasks) == 15
    with open(root / "seed-no-verdict" / "benchmark.jsonl", "a") as handle:
        handle.write('{"task_id": "bm-016", "task": "x", "judge": {"kind": "rule", "checks": [{"op"\n')
    with pytest.raises(BenchmarkError, match=r"benchmark.jsonl:16: malformed JSON"):
        load_benchmark("gbrain", {"seed": "advisor", "path": str(root)})
    with pytest.raises(BenchmarkError, match="no SKILL.md"):
        load_benchmark("gbrain", {"seed": "brief-writer", "path": str(root)})


def test_gbrain_rule_checks_score_like_gbrain():
    advisor = load_benchmark("gbrain", {"seed": "advisor"}).tasks[0]
    assert score_answer(advisor, "Recommendation: ship it.\nConfidence: high", []).hard == 1.0
    half = score_answer(advisor, "Recommendation: ship it.", [])
    assert (half.hard, half.soft) == (0.0, 0.5)
    verbose = load_benchmark("gbrain", {"seed": "thorough-analyst"}).tasks[0]
    assert score_answer(verbose, "x" * 1200, []).hard == 1.0
    assert score_answer(verbose, "x" * 1201, []).hard == 0.0


# -- splits ----------------------------------------------------------------------------------

def test_carve_is_deterministic_disjoint_and_sized():
    tasks = load_benchmark("gbrain", {"seed": "advisor"}).tasks
    first = carve_splits(tasks, Carve(test=5, val=4, train=3, salt="s"))
    again = carve_splits(list(reversed(tasks)), Carve(test=5, val=4, train=3, salt="s"))
    assert [(t.task_id, t.split) for t in first] == [(t.task_id, t.split) for t in again]
    counts = {s: [t.task_id for t in first if t.split == s] for s in ("test", "val", "train")}
    assert {k: len(v) for k, v in counts.items()} == {"test": 5, "val": 4, "train": 3}
    assert len({i for ids in counts.values() for i in ids}) == 12
    other = carve_splits(tasks, Carve(test=5, val=4, train=3, salt="other"))
    assert [t.task_id for t in other if t.split == "test"] != counts["test"]
    assert all(t.split == "" for t in tasks)  # the benchmark's own tasks are not mutated
    with pytest.raises(BenchmarkError, match="asks for 16 tasks"):
        carve_splits(tasks, Carve(test=6, val=5, train=5))


# -- personas --------------------------------------------------------------------------------

@pytest.mark.parametrize("family", ["programmer", "researcher", "analyst"])
def test_personas_families_load_with_checkable_tasks(family):
    bench = load_benchmark("personas", {"family": family})
    assert len(bench.tasks) >= 10
    assert "house" not in bench.skill_text.lower()
    for task in bench.tasks:
        assert task.judge.checks or task.judge.answers


def test_personas_checks_tell_good_from_bad_answers():
    prog = load_benchmark("personas", {"family": "programmer"}).tasks[0]
    assert score_answer(prog, "feat(deploy): add a --dry-run flag", []).hard == 1.0
    assert score_answer(prog, "Added a dry-run flag to the deploy script.", []).hard == 0.0
    assert score_answer(prog, "```\nfeat: add flag\n```", []).hard == 0.0
    res = load_benchmark("personas", {"family": "researcher"}).tasks[0]
    assert score_answer(res, "## Summary\nBM25 is enough.\n## Why it matters\nLess memory.", []).hard == 1.0
    ana = load_benchmark("personas", {"family": "analyst"}).tasks[0]
    assert score_answer(ana, "200", []).hard == 1.0
    assert score_answer(ana, "The total is 200 because 120 + 45 + 35 = 200.", []).hard == 0.0
    with pytest.raises(BenchmarkError, match="unknown persona family"):
        load_benchmark("personas", {"family": "chef"})


# -- SearchQA --------------------------------------------------------------------------------

def test_searchqa_em_and_f1():
    bench = load_benchmark("searchqa")
    task = next(t for t in bench.tasks if t.task_id == "searchqa-q3")
    assert task.context and "Castell" in task.context
    exact = bench.scorer(task, "Answer: mira castell.", [])
    assert (exact.hard, exact.soft) == (1.0, 1.0)
    partial = bench.scorer(task, "I think it was Castell", [])
    assert partial.hard == 0.0 and 0.0 < partial.soft < 1.0
    last_line = bench.scorer(task, "Answer: unsure\nLet me check.\nAnswer: Mira Castell", [])
    assert last_line.hard == 1.0
    assert bench.scorer(task, "no idea", []).soft == 0.0


def test_searchqa_users_copy_needs_the_schema(tmp_path):
    good = tmp_path / "qa.jsonl"
    good.write_text(json.dumps({"id": 1, "question": "q?", "context": ["a", "b"], "answers": "x"}) + "\n")
    bench = load_benchmark("searchqa", {"path": str(good)})
    assert bench.tasks[0].judge.answers == ["x"] and bench.tasks[0].context == "a\nb"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": 1, "question": "q?"}) + "\n")
    with pytest.raises(BenchmarkError, match="missing field 'answers'"):
        load_benchmark("searchqa", {"path": str(bad)})
    with pytest.raises(BenchmarkError, match="not found"):
        load_benchmark("searchqa", {"path": str(tmp_path / "missing.jsonl")})


# -- LiveMathematicianBench ------------------------------------------------------------------

def test_livemath_shuffles_per_item_with_a_seed():
    one = load_benchmark("livemath", {"shuffle_seed": 1})
    same = load_benchmark("livemath", {"shuffle_seed": 1})
    other = load_benchmark("livemath", {"shuffle_seed": 2})
    assert [t.intent for t in one.tasks] == [t.intent for t in same.tasks]
    assert [t.intent for t in one.tasks] != [t.intent for t in other.tasks]
    # The fixture's correct choice is always listed first; shuffling must move it around.
    assert len({t.meta["correct_label"] for t in one.tasks}) > 1
    for task in one.tasks:
        label = task.meta["correct_label"]
        line = next(l for l in task.intent.splitlines() if l.startswith(f"({label})"))
        source = json.loads((bundled_dir("livemath", "sample.json")).read_text())
        item = next(i for i in source if f"livemath-{i['no']}" == task.task_id)
        assert line[4:] == item["mcq"]["choices"]["A"]


def test_livemath_label_extraction_and_scoring():
    bench = load_benchmark("livemath", {"shuffle_seed": 3})
    task = bench.tasks[0]
    right = task.meta["correct_label"]
    wrong = next(l for l in "ABCDE" if l != right)
    for reply in (f"The answer is ({right}).", f"\\boxed{{{right}}}", f"Reasoning...\nAnswer: {right}", f"...\n{right}"):
        assert bench.scorer(task, reply, []).hard == 1.0, reply
    assert bench.scorer(task, f"Answer: {wrong}", []).hard == 0.0
    missing = bench.scorer(task, "It depends on the group.", [])
    assert missing.hard == 0.0 and "no choice label" in missing.checks[0].detail


def test_livemath_flat_items_and_bad_answers(tmp_path):
    flat = tmp_path / "flat.jsonl"
    flat.write_text(json.dumps({"id": "x1", "question": "1+1?", "choices": ["2", "3"], "answer": "2"}) + "\n")
    task = load_benchmark("livemath", {"path": str(flat)}).tasks[0]
    assert task.meta["n_choices"] == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "x1", "question": "1+1?", "choices": ["2", "3"], "answer": "7"}) + "\n")
    with pytest.raises(BenchmarkError, match="neither a choice label"):
        load_benchmark("livemath", {"path": str(bad)})
