"""SearchQA: items {id, question, context, answers}; scored by SQuAD-normalised exact match
(hard) and token F1 (soft) against the best of the acceptable answers.

Options: `path` (JSONL or JSON list of the user's copy, default: our bundled fixture),
`limit` (first N items). The reply's answer is its last `Answer:` line when it has one,
else the whole reply: the skill decides how the model reports its answer.
"""

from __future__ import annotations

import re

from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.tasks.judges import best_token_f1, normalize_answer
from skillopt_sleep.records import CheckResult, Judge, Score, Task, ToolCallRecord

STARTING_SKILL = """---
name: search-qa
description: Answers a question from the search results given as context.
---

# Search QA

Read the search results in the context and answer the question.
"""
ANSWER_LINE = re.compile(r"^\s*(?:final\s+)?answer\s*[:：]\s*(.+?)\s*$", re.I | re.M)


def extract_answer(reply: str) -> str:
    lines = ANSWER_LINE.findall(reply or "")
    return lines[-1] if lines else (reply or "").strip()


def score(task: Task, answer: str, tool_calls: list[ToolCallRecord]) -> Score:
    golds = task.judge.answers
    if not golds:
        return Score(hard=0.0, soft=0.0, error=f"task {task.task_id} has no acceptable answers")
    prediction = extract_answer(answer)
    mine = normalize_answer(prediction)
    exact = any(mine and mine == normalize_answer(g) for g in golds)
    f1 = 1.0 if exact else best_token_f1(prediction, golds)
    detail = f"extracted {prediction[:80]!r}: EM {int(exact)}, F1 {f1:.2f}"
    return Score(hard=float(exact), soft=f1, checks=[
        CheckResult(op="exact_match", arg=list(golds), passed=exact, detail=detail),
    ])


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "limit": None}, "searchqa")
    path = data_path(opts, "searchqa", "sample.jsonl")
    tasks = []
    for _, item, where in numbered_items(path, opts["limit"]):
        answers = require(item, "answers", where)
        if isinstance(answers, str):
            answers = [answers]
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            raise BenchmarkError(f"{where}: 'answers' must be a list of strings")
        context = item.get("context", "")
        if isinstance(context, list):
            context = "\n".join(str(c) for c in context)
        tasks.append(Task(
            task_id=f"searchqa-{require(item, 'id', where)}", intent=str(require(item, "question", where)),
            context=str(context), judge=Judge(kind="exact", answers=answers), skill="search-qa",
            origin="benchmark", meta={"benchmark": "searchqa"},
        ))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    return Benchmark(name="searchqa", tasks=tasks, skill_text=STARTING_SKILL, scorer=score,
                     source=display_source(path), data_hash=hash_files([path]), metric="mixed")
