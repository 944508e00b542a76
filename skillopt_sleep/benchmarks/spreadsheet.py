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

import importlib.util
import io
import re
import shutil
from datetime import date, datetime
from pathlib import Path
from typing import BinaryIO

from skillopt_sleep.benchmarks.coderun import CodeFolder, PythonRunner, python_runner
from skillopt_sleep.benchmarks.base import Benchmark, data_path, display_source, hash_files, numbered_items, require, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import CheckResult, Judge, Score, Task, ToolCallRecord
from skillopt_sleep.sandbox import SandboxError

STARTING_SKILL = """---
name: spreadsheet-coder
description: Writes Python code with openpyxl that carries out a spreadsheet instruction.
---

# Spreadsheet Coder

Write Python code using openpyxl that does what the instruction asks.
"""
CODE_BLOCK = re.compile(r"```(?:python|py)?\s*\n(.*?)```", re.S | re.I)
PREVIEW_ROWS = 6
INSTALL_HINT = "pip install 'skillopt-sleep[experiments]'"


def require_openpyxl() -> None:
    if importlib.util.find_spec("openpyxl") is None:
        raise BenchmarkError(f"SpreadsheetBench needs openpyxl, which is not installed; install it with: {INSTALL_HINT}")


def extract_code(reply: str) -> str:
    blocks = CODE_BLOCK.findall(reply or "")
    if blocks:
        return max(blocks, key=len)
    return reply or ""


def parse_position(position: str) -> list[tuple[str | None, str]]:
    """"'Sheet 1'!A1:B3,C5" -> [("Sheet 1", "A1:B3"), (None, "C5")]."""
    parts = []
    for piece in position.split(","):
        piece = piece.strip()
        if not piece:
            continue
        if "!" in piece:
            sheet, cells = piece.rsplit("!", 1)
            parts.append((sheet.strip().strip("'\""), cells.strip().replace("$", "")))
        else:
            parts.append((None, piece.replace("$", "")))
    if not parts:
        raise BenchmarkError(f"empty answer position {position!r}")
    return parts


def _comparable(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return round(float(value), 6)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    text = str(value).strip()
    try:
        return round(float(text), 6)
    except ValueError:
        return text


def compare_workbooks(output: Path | BinaryIO, answer: Path, position: str) -> tuple[bool, str]:
    import openpyxl  # optional dependency (the `experiments` extra): imported on use

    try:
        got_book = openpyxl.load_workbook(output, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        return False, f"output workbook unreadable: {exc}"
    want_book = openpyxl.load_workbook(answer, data_only=True)
    for sheet, cells in parse_position(position):
        want_sheet = want_book[sheet] if sheet else want_book.worksheets[0]
        name = want_sheet.title
        if name not in got_book.sheetnames:
            return False, f"sheet {name!r} missing from the output"
        got_sheet = got_book[name]
        for row in want_sheet[cells] if ":" in cells else ((want_sheet[cells],),):
            for cell in row:
                want = _comparable(cell.value)
                got = _comparable(got_sheet[cell.coordinate].value)
                if want != got:
                    return False, f"{name}!{cell.coordinate}: expected {want!r}, got {got!r}"
    return True, "all cells match"


def run_case(code: str, case_input: Path, case_answer: Path, position: str, runner: PythonRunner) -> tuple[bool, str]:
    with CodeFolder() as folder:
        shutil.copyfile(case_input, folder.path / "input.xlsx")
        (folder.path / "solution.py").write_text(code, encoding="utf-8")
        result = runner.run(folder, "solution.py")
        if result.timed_out:
            return False, f"timed out after {runner.limits.wall_s:g}s"
        if result.exit_code != 0:
            last = (result.output.strip().splitlines() or ["no message"])[-1]
            return False, f"code exited {result.exit_code}: {last[:160]}"
        try:
            output = folder.output("output.xlsx")
        except SandboxError as exc:
            return False, f"output.xlsx cannot be read: {exc}"
        if output is None:
            return False, "the code wrote no output.xlsx"
        return compare_workbooks(io.BytesIO(output), case_answer, position)


def score_code(task: Task, code: str, runner: PythonRunner) -> Score:
    """The code run on every test case of the task."""
    cases = task.meta.get("cases", [])
    if not cases:
        return Score(hard=0.0, soft=0.0, error=f"task {task.task_id} has no test cases")
    if not code.strip():
        return Score(hard=0.0, soft=0.0, checks=[CheckResult("cases", len(cases), False, "the reply has no code")])
    results = []
    for number, (case_in, case_answer) in enumerate(cases, 1):
        passed, detail = run_case(code, Path(case_in), Path(case_answer), task.meta["answer_position"], runner)
        results.append(CheckResult(op="case", arg=number, passed=passed, detail=detail))
    passed = sum(r.passed for r in results)
    return Score(hard=float(passed == len(results)), soft=passed / len(results), checks=results)


def make_scorer(runner: PythonRunner):
    def score(task: Task, answer: str, tool_calls: list[ToolCallRecord]) -> Score:
        return score_code(task, extract_code(answer), runner)

    return score


def preview(workbook: Path | BinaryIO) -> str:
    import openpyxl  # optional dependency (the `experiments` extra): imported on use

    book = openpyxl.load_workbook(workbook, data_only=True)
    lines = []
    for sheet in book.worksheets:
        lines.append(f"Sheet {sheet.title!r} ({sheet.max_row} rows x {sheet.max_column} columns):")
        for row in sheet.iter_rows(min_row=1, max_row=min(sheet.max_row, PREVIEW_ROWS)):
            lines.append(" | ".join(f"{c.coordinate}={c.value!r}" for c in row if c.value is not None))
    return "\n".join(lines)


def find_cases(folder: Path, item_id: str) -> list[tuple[str, str]]:
    cases = []
    for case_in in sorted(folder.glob(f"*_{item_id}_input.xlsx")):
        case_answer = case_in.with_name(case_in.name.replace("_input.xlsx", "_answer.xlsx"))
        if case_answer.is_file():
            cases.append((str(case_in), str(case_answer)))
    return cases


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
