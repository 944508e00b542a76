"""LiveMathematicianBench: theorem-grounded multiple choice. Choices are shuffled per item with
a seed (so position carries no signal), relabelled A, B, C, ...; the reply's chosen label is
extracted and compared with the correct one.

Items: the monthly release's objects ({no, paper_link, theorem, sketch, theorem_type,
mcq: {question, choices, answer}}) or flat ones ({id, question, choices, answer}); `choices`
is a list or a {label: text} map; `answer` is the correct label or the correct choice's text.
Options: `path` (the user's JSON/JSONL, default: our bundled fixture), `shuffle_seed`, `limit`.
"""

from __future__ import annotations

import random
import re

from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import CheckResult, Judge, Score, Task, ToolCallRecord

STARTING_SKILL = """---
name: theorem-mcq
description: Answers multiple-choice questions about research mathematics.
---

# Theorem Questions

Think about the mathematics of the question and discuss which statements could hold.
"""
LABELS = "ABCDEFGHIJ"
# Most explicit forms first; the last resort is a lone label on the final line.
LABEL_PATTERNS = [
    re.compile(r"\\boxed\{\s*\(?([A-J])\)?\s*\}"),
    re.compile(r"(?:final\s+)?answer\s*(?:is|:)?\s*[:\-]?\s*\**\(?([A-J])\)?\**(?![A-Za-z])", re.I),
    re.compile(r"(?:option|choice)\s+\(?([A-J])\)?(?![A-Za-z])", re.I),
]
LONE_LABEL = re.compile(r"^\W*\(?([A-J])\)?\W*$")


def extract_label(reply: str, n_choices: int) -> str | None:
    valid = LABELS[:n_choices]
    for pattern in LABEL_PATTERNS:
        found = [m.upper() for m in pattern.findall(reply or "") if m.upper() in valid]
        if found:
            return found[-1]
    lines = [line for line in (reply or "").strip().splitlines() if line.strip()]
    if lines:
        match = LONE_LABEL.match(lines[-1].strip())
        if match and match.group(1) in valid:
            return match.group(1)
    return None


def score(task: Task, answer: str, tool_calls: list[ToolCallRecord]) -> Score:
    correct = task.meta.get("correct_label")
    n = int(task.meta.get("n_choices", 0))
    if not correct or not n:
        return Score(hard=0.0, soft=0.0, error=f"task {task.task_id} lacks its correct label")
    chosen = extract_label(answer, n)
    if chosen is None:
        return Score(hard=0.0, soft=0.0, checks=[CheckResult("choice", correct, False, "no choice label found in the reply")])
    passed = chosen == correct
    return Score(hard=float(passed), soft=float(passed),
                 checks=[CheckResult("choice", correct, passed, f"chose {chosen}, correct {correct}")])


def _choices(raw, where: str) -> tuple[list[str], dict[str, str]]:
    if isinstance(raw, dict):
        labels = list(raw)
        return [str(raw[k]) for k in labels], {str(k).strip().upper(): str(raw[k]) for k in labels}
    if isinstance(raw, list) and raw:
        return [str(c) for c in raw], {LABELS[i]: str(c) for i, c in enumerate(raw)}
    raise BenchmarkError(f"{where}: 'choices' must be a non-empty list or a label-to-text map")


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "shuffle_seed": 0, "limit": None}, "livemath")
    path = data_path(opts, "livemath", "sample.json")
    tasks = []
    for index, item, where in numbered_items(path, opts["limit"]):
        mcq = item.get("mcq") if isinstance(item.get("mcq"), dict) else item
        item_id = str(item.get("id", item.get("no", index)))
        texts, by_label = _choices(require(mcq, "choices", where), where)
        if len(texts) > len(LABELS):
            raise BenchmarkError(f"{where}: at most {len(LABELS)} choices")
        gold = str(require(mcq, "answer", where)).strip()
        gold_text = by_label.get(gold.strip("() .").upper(), gold)
        if gold_text not in texts:
            raise BenchmarkError(f"{where}: the answer {gold!r} is neither a choice label nor a choice's text")
        order = list(range(len(texts)))
        random.Random(f"{opts['shuffle_seed']}:{item_id}").shuffle(order)
        shuffled = [texts[i] for i in order]
        correct = LABELS[shuffled.index(gold_text)]
        listing = "\n".join(f"({LABELS[i]}) {text}" for i, text in enumerate(shuffled))
        tasks.append(Task(
            task_id=f"livemath-{item_id}", intent=f"{require(mcq, 'question', where)}\n\nChoices:\n{listing}",
            judge=Judge(kind="exact", answers=[correct]), skill="theorem-mcq", origin="benchmark",
            meta={"benchmark": "livemath", "correct_label": correct, "n_choices": len(shuffled),
                  "theorem_type": item.get("theorem_type", ""), "paper_link": item.get("paper_link", "")},
        ))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    return Benchmark(name="livemath", tasks=tasks, skill_text=STARTING_SKILL, scorer=score,
                     source=display_source(path), data_hash=hash_files([path]), metric="hard")
