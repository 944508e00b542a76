"""A night run from Claude Code's terminal UI can be watched while it runs: the real `claude` in a
pseudo-terminal with the plugin loaded, against a loopback fake model; the user types
`/skillopt-sleep:skillopt-sleep run`, the model issues the Bash command the skill gives it, and the
night's student (a loopback OpenAI-compatible server) holds the night inside its first stage. The
UI shows a running command's output only in its verbose view: after Ctrl+O the stage lines are on
the emulated screen while the night is still held, so they were streamed, not printed at its end."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.fakes import FakeAnthropic, FakeOpenAI, claude_env, text, tool_use
from tests.fixtures.tui import TuiSession, trust_project
from tests.test_e2e_plugin import cli_or_skip
from tests.test_night_outage import write_night_files
from tests.test_progress_pipe import HeldStudent, night_arguments

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
COMMAND = PLUGIN / "runners" / "skillopt-sleep-command"
CTRL_O = "\x0f"  # Claude Code's verbose view
FIRST_STAGE = "replay starts (0/14)"  # the train replay of write_night_files' 7 train tasks, 2 samples each


def lines_counted(screen: str) -> int:
    """The output lines the compact view counts for the running command ("(4s · 5 lines)"), also
    where the terminal wrapped the count onto the next row ("(3m 59s · 5" / "lines)"), as a long
    command line makes it."""
    counts = re.findall(r"·\s+(\d+)\s+lines?\)", screen)
    return int(counts[-1]) if counts else 0


def test_in_the_tui_verbose_view_the_nights_stage_lines_show_while_it_runs(tmp_path):
    pytest.importorskip("pyte", reason="pyte (the test extra, pinned in locks/python.txt) is not installed")
    claude = cli_or_skip()
    project, home = tmp_path / "proj", tmp_path / "user"
    project.mkdir()
    skill = write_night_files(project)
    plugin_data = home / ".claude" / "plugins" / "data" / "skillopt-sleep-inline"
    student = HeldStudent(delay_s=0.02)
    with FakeAnthropic() as model, FakeOpenAI() as night_model:
        night_model.respond_with(student)
        # What the skill tells the model to run for `/skillopt-sleep run`, with this night's options.
        line = " ".join([f'"{COMMAND}"', "--plugin-data", f'"{plugin_data}"',
                         *night_arguments(project, skill, night_model.base_url)])
        model.respond_with(lambda request: text("The night ended.") if request.tool_results else
                           tool_use("Bash", {"command": line, "description": "Run a night", "timeout": 600000}))
        env = {k: v for k, v in claude_env(model, home).items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update(SKILLOPT_SLEEP_HOME=str(tmp_path / "sk"), SKILLOPT_SLEEP_PYTHON=sys.executable, OPENAI_API_KEY="sk-test")
        trust_project(home, project, api_key=env["ANTHROPIC_API_KEY"])
        # Default (manual) mode: the skill's own allow rule lets its runner through unasked.
        with TuiSession(claude, ["--model", "claude-haiku-4-5", "--plugin-dir", str(PLUGIN)], project, env, model) as tui:
            try:
                tui.press("/skillopt-sleep:skillopt-sleep run")
                tui.wait_for_screen(lambda screen: "skillopt-sleep run" in screen, 10)
                tui.press("\r")
                # The night is held in its first stage (the student has not answered); the compact
                # view counts the lines the command wrote so far, and shows none of them. The night's
                # start (reading the data, building its tasks) is slow on a loaded machine: wait for it.
                compact = tui.wait_for_screen(lambda screen: lines_counted(screen) >= 4 and night_model.model_requests(), 240)
                assert FIRST_STAGE not in compact, compact
                tui.press(CTRL_O)
                verbose = tui.wait_for_screen(lambda screen: FIRST_STAGE in screen, 30)
                assert "Showing detailed transcript" in verbose and not student.release.is_set()
                assert "replay 14/14" not in verbose and ": accepted" not in verbose  # the night is still inside it
                assert verbose.count(FIRST_STAGE) == 1
            finally:
                student.release.set()
            done = tui.wait_for_screen(lambda screen: "The night ended." in screen, 120)
            assert re.search(r"replay 14/14, elapsed \d+:\d\d:\d\d", done) or ": accepted" in done, done
