"""SealQA: fact-seeking questions whose retrieved documents conflict, are outdated or are noise,
answered in the same multi-turn tool loop over documents as OfficeQA (glob, read, grep; 24 model
rounds). The benchmark's own grader is a language model judging the answer against the gold one;
here the score is a stricter proxy with no model in it: exact match after SQuAD normalisation
(hard) and token F1 (soft), the best over the acceptable answers.

Items (JSONL or a JSON list, as exported from the published sets: question, answer, optional id)
carry their documents inline (`documents`: texts, or objects with `title` and `text`, as in
LongSeal) or find them in a folder: `<docs>/<id>/` when that exists, else `<docs>/` for every
item. Options: `path` (default our bundled fixture of our own writing), `docs`, `max_turns`, `limit`.
"""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.benchmarks.doctools import DocumentLoop, Documents
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import CheckResult, Judge, Score, Task
from skillopt_sleep.tasks.judges.exact import best_token_f1, normalize_answer

STARTING_SKILL = """---
name: evidence-reader
description: Answers fact-seeking questions from documents that may disagree.
---

# Evidence Reader

Search the documents for the evidence and answer the question.
"""


def score_answer(task: Task, answer: str) -> Score:
    golds = task.judge.answers
    mine = normalize_answer(answer)
    exact = bool(mine) and any(mine == normalize_answer(g) for g in golds)
    f1 = 1.0 if exact else best_token_f1(answer, golds)
    return Score(hard=float(exact), soft=f1, checks=[CheckResult(
        op="exact_match", arg=list(golds), passed=exact, detail=f"answered {answer[:80]!r}: EM {int(exact)}, F1 {f1:.2f}")])


def inline_documents(value, where: str) -> dict[str, str]:
    if not isinstance(value, list):
        raise BenchmarkError(f"{where}: 'documents' must be a list")
    named = {}
    for number, doc in enumerate(value, 1):
        if isinstance(doc, dict):
            text = str(doc.get("text") or doc.get("content") or "")
            title = str(doc.get("title") or "")
            text = f"{title}\n\n{text}" if title else text
        else:
            text = str(doc)
        if not text.strip():
            raise BenchmarkError(f"{where}: document {number} is empty")
        named[f"doc_{number:02d}.txt"] = text
    return named


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "docs": None, "max_turns": 24, "limit": None}, "sealqa")
    path = data_path(opts, "sealqa", "sealqa.jsonl")
    if path.suffix == ".parquet":
        raise BenchmarkError(f"{path}: export the parquet file to JSONL first, for example with "
                             "pandas.read_parquet(p).to_json(out, orient='records', lines=True)")
    shared = Path(opts["docs"]).expanduser() if opts["docs"] else path.parent / "docs"
    tasks, sources = [], {}
    for index, item, where in numbered_items(path, opts["limit"]):
        item_id = str(item.get("id") or index)
        answers = require(item, "answer", where)
        answers = [str(a) for a in answers] if isinstance(answers, list) else [str(answers)]
        if item.get("documents"):
            documents = Documents(inline=inline_documents(item["documents"], where))
        elif (shared / item_id).is_dir():
            documents = Documents(shared / item_id)
        elif shared.is_dir():
            documents = Documents(shared)
        else:
            raise BenchmarkError(f"{where}: no documents (no 'documents' field, and no folder {shared})")
        task_id = f"sealqa-{item_id}"
        sources[task_id] = documents
        tasks.append(Task(task_id=task_id, intent=str(require(item, "question", where)),
                          judge=Judge(kind="exact", answers=answers), skill="evidence-reader", origin="benchmark",
                          meta={"benchmark": "sealqa", "topic": str(item.get("topic") or "")}))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    max_turns = int(opts["max_turns"])
    return Benchmark(name="sealqa", tasks=tasks, skill_text=STARTING_SKILL,
                     tool_provider=lambda task: DocumentLoop(task, sources[task.task_id], score_answer, max_turns),
                     source=display_source(path), data_hash=hash_files([path]), metric="mixed")
