"""tool_called: a call of the tool that did not fail."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, clip


class ToolCalled(CheckOp):
    name = "tool_called"
    summary = "tool_called / tool_not_called: the tools the answer used (arg: tool name)"
    instruction = "call the `{arg}` tool before answering"
    rule_text = "- Before you answer, call the `{arg}` tool, then answer from what it returns."

    def evaluate(self, arg, answer, calls):
        ok = [c for c in calls if c.name == arg and not c.error]
        if ok:
            return Outcome(True, f"`{arg}` was called {len(ok)} time(s)")
        failed = [c for c in calls if c.name == arg]
        if failed:
            return Outcome(False, f"`{arg}` was attempted {len(failed)} time(s) but every call failed: {clip(failed[0].error, 120)}")
        if calls:
            others = ", ".join(sorted({f"`{c.name}`" for c in calls}))
            return Outcome(False, f"`{arg}` was never called (called instead: {others})")
        return Outcome(False, f"`{arg}` was never called; the answer used no tools")
