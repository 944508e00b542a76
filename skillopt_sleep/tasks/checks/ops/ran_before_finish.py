"""ran_before_finish: after its last edit and before it finished, the agent ran the command and
the last such run passed (exit 0). A check run before the edits proves nothing about them.

Decided from the sandbox's own record of what ran (sandbox/execlog.py), where the episode has one:
the last run of the command must have exited 0 and left the copy as the episode ended; a script
named by its path (`./check.sh`) is recorded as the commit's version of it, run at its place. Only
an episode without a record (made by hand, recorded before there was one) is read from the
transcript."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import Outcome, clip
from skillopt_sleep.tasks.checks.trajectory import CommandOp, executions, finish_index, last_edit_index


class RanBeforeFinish(CommandOp):
    name = "ran_before_finish"
    summary = "ran_before_finish: after the last edit, the command was run and passed before finishing (arg: a command, e.g. \"make check\")"
    instruction = "after your last edit, run `{arg}` and finish only once it passes"
    rule_text = "- After your last change, run `{arg}`; finish only when it passes, and fix what it reports first."

    def evaluate_episode(self, arg, episode):
        ran = executions(arg, episode)
        if ran is not None:
            return self._from_record(arg, ran)
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

    def _from_record(self, arg, ran):
        if not ran:
            return Outcome(False, f"`{arg}` never ran in the sandbox")
        last = ran[-1]
        if not last.current:
            return Outcome(False, f"`{arg}` ran {len(ran)} time(s), never after the last change to the copy")
        if last.exit_code == 0:
            return Outcome(True, f"`{clip(last.command, 80)}` passed after the last change", evidence=last.command)
        return Outcome(False, f"the last run after the last change, `{clip(last.command, 80)}`, exited {last.exit_code}")
