"""added_lines_avoid: no line the change adds matches a pattern (`\\bprint\\(` where the project
logs through its logger). Lines the change keeps or removes are not the agent's doing."""

from __future__ import annotations

from skillopt_sleep.episode import is_cut
from skillopt_sleep.tasks.checks.base import Outcome, clip
from skillopt_sleep.tasks.checks.diff_lines import AddedLinesOp, matching_lines, pattern_text


class AddedLinesAvoid(AddedLinesOp):
    name = "added_lines_avoid"
    summary = "added_lines_avoid / added_lines_contain: no / some line the diff adds matches a regex (arg: e.g. \"\\\\bprint\\\\(\")"
    verb = "add no"

    def evaluate_episode(self, arg, episode):
        if is_cut(episode.diff):
            return Outcome(False, "the change is larger than the judge reads whole, so no line of it can be vouched for")
        hits = matching_lines(arg, episode)
        if hits:
            path, text = hits[0]
            return Outcome(False, f"{path} adds {clip(text.strip(), 80)!r}" + (f" and {len(hits) - 1} more" if len(hits) > 1 else ""))
        return Outcome(True, f"no added line matches `{arg}`")

    def rule(self, arg, context):
        return f"- In code you add or change, never write `{pattern_text(arg)}`; follow how the project's own code does it."
