"""OfficeQA: questions over a folder of office documents (the U.S. Treasury Bulletins, parsed to
text), answered in a multi-turn tool loop with the published tool set (glob, read, grep; see
doctools) and turn limit (24 model rounds), scored as published: exact match after OfficeQA's
normalisation (hard) and token F1 (soft). The normalisation lowercases, drops thousands commas and
punctuation other than the number characters . - %, and drops the unit words million(s),
billion(s), dollar(s) and nominal.

The data is the benchmark's CSV (columns uid, question, answer, source_files, difficulty; a JSON
list with the same keys also works) and its documents folder. Options: `path` (the CSV, default
our bundled fixture of our own documents), `docs` (the documents folder; default: beside the CSV,
`treasury_bulletins_parsed` or `docs`, its `transformed` subfolder where it has one), `max_turns`,
`limit`.
"""

from __future__ import annotations

import csv
import re
import string
from pathlib import Path

from skillopt_sleep.benchmarks.base import (Benchmark, data_path, display_source, hash_files, read_records, require,
                                            take_options)
from skillopt_sleep.benchmarks.doctools import DocumentLoop, Documents
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import CheckResult, Judge, Score, Task
from skillopt_sleep.tasks.judges.exact import token_f1

STARTING_SKILL = """---
name: office-analyst
description: Answers questions from office documents by searching and reading them.
---

# Office Analyst

Find the documents that hold the answer, read the relevant part, and answer the question.
"""
KEEP = set("0123456789.-%")
UNIT_WORDS = re.compile(r"\b(?:millions?|billions?|dollars?|nominal)\b")
DOC_FOLDERS = ("treasury_bulletins_parsed", "docs")


def normalize(text: str) -> str:
    text = (text or "").lower().strip().replace(",", "")
    text = "".join(ch for ch in text if ch not in string.punctuation or ch in KEEP)
    return " ".join(UNIT_WORDS.sub(" ", text).split())


def score_answer(task: Task, answer: str) -> Score:
    gold = task.judge.answers[0]
    exact = bool(normalize(answer)) and normalize(answer) == normalize(gold)
    f1 = 1.0 if exact else token_f1(normalize(answer), normalize(gold))
    return Score(hard=float(exact), soft=f1, checks=[CheckResult(
        op="exact_match", arg=gold, passed=exact, detail=f"answered {answer[:80]!r}: EM {int(exact)}, F1 {f1:.2f}")])


def read_items(path: Path) -> list[dict]:
    if path.suffix.lower() != ".csv":
        return read_records(path)
    if not path.is_file():
        raise BenchmarkError(f"benchmark data file not found: {path}")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    missing = {"uid", "question", "answer"} - set(rows[0] if rows else {})
    if missing:
        raise BenchmarkError(f"{path}: not OfficeQA's CSV layout (missing column(s) {', '.join(sorted(missing))}; "
                             "expected uid, question, answer, source_files, difficulty)")
    return rows


def docs_folder(opts: dict, path: Path) -> Path:
    if opts["docs"]:
        folder = Path(opts["docs"]).expanduser()
    else:
        folder = next((path.parent / name for name in DOC_FOLDERS if (path.parent / name).is_dir()), path.parent / "docs")
    if (folder / "transformed").is_dir():
        folder = folder / "transformed"
    if not folder.is_dir() or not any(p.is_file() for p in folder.rglob("*")):
        raise BenchmarkError(f"OfficeQA documents folder not found or empty: {folder} (the option docs names it)")
    return folder


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "docs": None, "max_turns": 24, "limit": None}, "officeqa")
    path = data_path(opts, "officeqa", "officeqa.csv")
    items = read_items(path)[: int(opts["limit"])] if opts["limit"] else read_items(path)
    folder = docs_folder(opts, path)
    tasks = []
    for index, item in enumerate(items, 1):
        where = f"{path}: item {index}"
        uid = str(item.get("uid") or require(item, "id", where))
        answer = str(require(item, "answer", where) if "answer" in item else require(item, "ground_truth", where))
        tasks.append(Task(
            task_id=f"officeqa-{uid}", intent=str(require(item, "question", where)),
            judge=Judge(kind="exact", answers=[answer]), skill="office-analyst", origin="benchmark",
            meta={"benchmark": "officeqa", "difficulty": str(item.get("difficulty") or item.get("category") or "")},
        ))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    documents = Documents(folder)
    max_turns = int(opts["max_turns"])
    return Benchmark(name="officeqa", tasks=tasks, skill_text=STARTING_SKILL,
                     tool_provider=lambda task: DocumentLoop(task, documents, score_answer, max_turns),
                     source=display_source(path), data_hash=hash_files([path]), metric="mixed")
