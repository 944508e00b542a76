"""ran_before_finish: after its last edit and before it finished, the agent ran the command and
the last such run passed (exit 0). A check run before the edits proves nothing about them."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import Outcome, clip
from skillopt_sleep.tasks.checks.trajectory import CommandOp, finish_index, last_edit_index


class RanBeforeFinish(CommandOp):
    name = "ran_before_finish"
    summary = "ran_before_finish: after the last edit, the command was run and passed before finishing (arg: a command, e.g. \"make check\")"
    instruction = "after your last edit, run `{arg}` and finish only once it passes"
    rule_text = "- After your last change, run `{arg}`; finish only when it passes, and fix what it reports first."

    def evaluate_episode(self, arg, episode):
        after, end = last_edit_index(episode), finish_index(episode)
        matching = self.matching(arg, episode)
        if not matching:
            return Outcome(False, f"`{arg}` was never run")
        window = [r for r in matching if after < r.index < end]
        if not window:
            where = "after the last edit" if after >= 0 else "before finishing"
            return Outcome(False, f"`{arg}` ran {len(matching)} time(s), never {where}")
        last = window[-1]
        if last.exit_code == 0:
            return Outcome(True, f"`{clip(last.command, 80)}` passed after the last edit", evidence=last.command)
        status = "never returned" if last.exit_code is None else f"exited {last.exit_code}"
        return Outcome(False, f"the last run after the last edit, `{clip(last.command, 80)}`, {status}")
