"""tool_not_called: broken by any attempt to call the tool, failed or not."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome


class ToolNotCalled(CheckOp):
    name = "tool_not_called"
    summary = ""  # listed with tool_called
    instruction = "do not call the `{arg}` tool"
    rule_text = "- Do not call the `{arg}` tool."

    def evaluate(self, arg, answer, calls):
        attempts = [c for c in calls if c.name == arg]
        if attempts:
            return Outcome(False, f"`{arg}` was called {len(attempts)} time(s)")
        return Outcome(True, f"`{arg}` was not called")
