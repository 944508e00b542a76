"""added_lines_contain: some line the change adds matches a pattern (a call of the project's
logger where the fix reports something)."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import Outcome, clip
from skillopt_sleep.tasks.checks.diff_lines import AddedLinesOp, matching_lines, pattern_text


class AddedLinesContain(AddedLinesOp):
    name = "added_lines_contain"
    summary = ""  # listed with added_lines_avoid
    verb = "add a"

    def evaluate_episode(self, arg, episode):
        hits = matching_lines(arg, episode)
        if hits:
            path, text = hits[0]
            return Outcome(True, f"{path} adds {clip(text.strip(), 80)!r}", evidence=f"{path}: {text.strip()}")
        return Outcome(False, f"no added line matches `{arg}`")

    def rule(self, arg, context):
        return f"- Where your change needs it, write `{pattern_text(arg)}` as the project's own code does."
