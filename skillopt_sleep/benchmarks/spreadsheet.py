"""SpreadsheetBench: the model writes openpyxl code for a spreadsheet instruction; the code runs
in the sandbox (a throwaway folder, no network, bounded time and memory) on each test case's input
workbook, and the output workbook is compared cell by cell with the answer workbook at the answer
position. Soft = share of test cases passed, hard = all of them passed (the benchmark's
online-judge style).

Two modes: `single` (one reply, its code scored) and `multi` (the published multi-round code loop:
each reply's code runs on the first case's input and the model sees what came of it, up to
`max_turns` = 30 replies; the last code it gave is scored on every case; see spreadsheet_rounds).

Items ({id, instruction, spreadsheet_path, instruction_type, answer_position}) come from a
dataset.json (list) or JSONL. Test cases are `<n>_<id>_input.xlsx` / `<n>_<id>_answer.xlsx`
in `<root>/<spreadsheet_path>`. The code reads `input.xlsx` and writes `output.xlsx` in its
working directory. Options: `path` (the dataset file, default: our bundled fixture), `mode`,
`max_turns`, `timeout_s`, `limit`, `allow_unsandboxed` (run the code bare where no sandbox exists;
off by default, so such a machine refuses). Needs openpyxl (`pip install 'skillopt-sleep[experiments]'`).
"""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.benchmarks.coderun import python_runner
from skillopt_sleep.benchmarks.spreadsheet_workbooks import find_cases, make_scorer, parse_position, preview, require_openpyxl
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Judge, Task

STARTING_SKILL = """---
name: spreadsheet-coder
description: Writes Python code with openpyxl that carries out a spreadsheet instruction.
---

# Spreadsheet Coder

Write Python code using openpyxl that does what the instruction asks.
"""


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "timeout_s": 20.0, "limit": None, "mode": "single", "max_turns": 30,
                                  "allow_unsandboxed": False}, "spreadsheet")
    if opts["mode"] not in ("single", "multi"):
        raise BenchmarkError(f"benchmark 'spreadsheet': mode must be single or multi, got {opts['mode']!r}")
    require_openpyxl()
    path = data_path(opts, "spreadsheet", "dataset.json")
    root = path.parent
    tasks, files = [], [path]
    for _, item, where in numbered_items(path, opts["limit"]):
        item_id = str(require(item, "id", where))
        folder = root / str(require(item, "spreadsheet_path", where))
        cases = find_cases(folder, item_id)
        if not cases:
            raise BenchmarkError(f"{where}: no test cases <n>_{item_id}_input.xlsx / _answer.xlsx under {folder}")
        position = str(require(item, "answer_position", where))
        parse_position(position)
        files += [Path(p) for case in cases for p in case]
        intent = (f"{require(item, 'instruction', where)}\n\nWrite Python code with openpyxl that opens "
                  f"'input.xlsx', makes the change, and saves the workbook as 'output.xlsx'. "
                  f"The result is checked at {position}.")
        tasks.append(Task(
            task_id=f"spreadsheet-{item_id}", intent=intent, context=preview(Path(cases[0][0])),
            judge=Judge(kind="rule"), skill="spreadsheet-coder", origin="benchmark",
            meta={"benchmark": "spreadsheet", "answer_position": position, "cases": cases,
                  "instruction_type": item.get("instruction_type", "")},
        ))
    if not tasks:
        raise BenchmarkError(f"{path}: no items")
    runner = python_runner(modules=("openpyxl",), timeout_s=float(opts["timeout_s"]),
                           allow_unsandboxed=bool(opts["allow_unsandboxed"]))
    bench = Benchmark(name="spreadsheet", tasks=tasks, skill_text=STARTING_SKILL, scorer=make_scorer(runner),
                      source=display_source(path), data_hash=hash_files(files), metric="soft")
    if opts["mode"] == "multi":
        from skillopt_sleep.benchmarks.spreadsheet_rounds import rounds_provider

        bench.name = "spreadsheet-multi"
        bench.tool_provider = rounds_provider(runner, int(opts["max_turns"]))
    return bench
