"""path_untouched: the change leaves every file matching a glob alone ("generated/**"), read as
a .gitignore line: it matches from any folder down unless it starts with "/"."""

from __future__ import annotations

from skillopt_sleep.episode import is_cut
from skillopt_sleep.tasks.checks.base import CheckOp, Outcome
from skillopt_sleep.tasks.checks.trajectory import glob_matches


class PathUntouched(CheckOp):
    name = "path_untouched"
    summary = "path_untouched: no changed file matches a glob (arg: e.g. \"generated/**\")"
    needs_episode = True
    instruction = "change no file matching `{arg}`"
    rule_text = "- Never edit files under `{arg}`; change whatever they are made from instead."

    def problem(self, arg):
        problem = super().problem(arg)
        if problem:
            return problem
        return None if arg.strip("/*") else f"glob {arg!r} matches every file"

    def evaluate_episode(self, arg, episode):
        if is_cut(episode.changed_files):
            return Outcome(False, "the change touches more files than the judge reads, so none can be vouched for")
        touched = [f for f in episode.changed_files if glob_matches(f, arg)]
        if touched:
            shown = ", ".join(touched[:3]) + (f" and {len(touched) - 3} more" if len(touched) > 3 else "")
            return Outcome(False, f"changed {shown}")
        return Outcome(True, f"no changed file matches `{arg}` ({len(episode.changed_files)} changed)")
