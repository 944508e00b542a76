"""SpreadsheetBench's workbooks: the code a reply gives, run in the sandbox on a test case's input
workbook, and the output compared cell by cell with the answer workbook at the answer position;
a preview of a workbook's first rows for the model. The loader (spreadsheet.py) and the
multi-round loop (spreadsheet_rounds.py) both use these."""

from __future__ import annotations

import importlib.util
import io
import re
import shutil
from datetime import date, datetime
from pathlib import Path
from typing import BinaryIO

from skillopt_sleep.benchmarks.coderun import CodeFolder, PythonRunner
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import CheckResult, Score, Task, ToolCallRecord
from skillopt_sleep.sandbox import SandboxError


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
