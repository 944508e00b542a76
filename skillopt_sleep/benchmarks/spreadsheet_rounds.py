"""SpreadsheetBench's multi-round code loop as an environment episode.

Each reply's code block runs in the sandbox on a fresh copy of the first test case's input, and
the model is shown what came of it: the exit status, the end of what the code printed, and the
first rows of the output.xlsx it wrote (its own output, never the answer workbook). A reply with
no code block after code has run ends the episode, as does the turn limit (30, as published).
The last code the model gave is the solution, scored on every test case.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.benchmarks.coderun import CodeFolder, PythonRunner
from skillopt_sleep.benchmarks.spreadsheet_workbooks import CODE_BLOCK, preview, score_code
from skillopt_sleep.students.environment import Action
from skillopt_sleep.records import Score, Task
from skillopt_sleep.sandbox import SandboxError
from skillopt_sleep.shorten import cut

PROTOCOL = ("Work in rounds. In each reply give the whole program in one ```python code block. It runs in a folder "
            "holding input.xlsx (a copy of the first test workbook), and you will see what it printed and the first "
            "rows of the output.xlsx it saved. Fix it until it is right; then reply without a code block to finish. "
            "Your last program is run on every test workbook.")
OUTPUT_CHARS = 1500


class SpreadsheetRounds:
    def __init__(self, task: Task, runner: PythonRunner, max_turns: int):
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        self.task, self.runner, self.max_turns = task, runner, max_turns
        self.code = ""
        self.finished = False

    def tools(self) -> list[ToolSpec]:
        return []

    def observe(self) -> str:
        return PROTOCOL

    def act(self, action: Action) -> str:
        blocks = CODE_BLOCK.findall(action.text or "")
        if not blocks:
            if self.code:
                self.finished = True
                return "Finished: your last program is the solution."
            return "Your reply has no ```python code block, and no program has run yet. Give the whole program."
        self.code = max(blocks, key=len)
        return self.run_once(self.code)

    def run_once(self, code: str) -> str:
        with CodeFolder() as folder:
            shutil.copyfile(Path(self.task.meta["cases"][0][0]), folder.path / "input.xlsx")
            (folder.path / "solution.py").write_text(code, encoding="utf-8")
            result = self.runner.run(folder, "solution.py")
            status = (f"timed out after {self.runner.limits.wall_s:g}s" if result.timed_out
                      else f"exit status {result.exit_code}")
            lines = [f"The program ran: {status}."]
            if result.output.strip():
                lines += ["Output:", cut(result.output[-OUTPUT_CHARS:], OUTPUT_CHARS)]
            lines.append(_saved(folder))
        return "\n".join(lines)

    def done(self) -> bool:
        return self.finished

    def score(self) -> Score:
        return score_code(self.task, self.code, self.runner)

    def close(self) -> None:
        return None


def rounds_provider(runner: PythonRunner, max_turns: int):
    """The benchmark's tool provider: a fresh episode for each sample of a task."""
    return lambda task: SpreadsheetRounds(task, runner, max_turns)


def _saved(folder: CodeFolder) -> str:
    """What the program saved, as the model sees it."""
    try:
        output = folder.output("output.xlsx")
    except SandboxError as exc:
        return f"output.xlsx cannot be read: {exc}"
    if output is None:
        return "No output.xlsx was saved."
    try:
        return "output.xlsx:\n" + preview(io.BytesIO(output))
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        return f"output.xlsx cannot be read: {exc}"
