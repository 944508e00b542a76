"""tool_not_called: broken by any attempt to call the tool, failed or not."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext


class ToolNotCalled(CheckOp):
    name = "tool_not_called"
    summary = ""  # listed with tool_called

    def evaluate(self, arg, answer, calls):
        attempts = [c for c in calls if c.name == arg]
        if attempts:
            return Outcome(False, f"`{arg}` was called {len(attempts)} time(s)")
        return Outcome(True, f"`{arg}` was not called")

    def describe(self, arg):
        return f"do not call the `{arg}` tool"

    def rule(self, arg, context: RuleContext):
        return f"- Do not call the `{arg}` tool."
