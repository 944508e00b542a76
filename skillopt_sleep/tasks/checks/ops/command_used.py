"""command_used: some command the agent ran names this tool ("pnpm" for a pnpm project); from the
sandbox's record of what ran where the episode has one (see ran_before_finish)."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import Outcome
from skillopt_sleep.tasks.checks.trajectory import CommandOp, executions, runs


class CommandUsed(CommandOp):
    name = "command_used"
    summary = ""  # listed with command_avoided
    instruction = "use `{arg}` for this repository's commands"
    rule_text = "- Use `{arg}` for this repository's commands."

    def evaluate_episode(self, arg, episode):
        ran = executions(arg, episode)
        if ran is not None:
            if ran:
                return Outcome(True, f"ran `{arg}` {len(ran)} time(s)", evidence=ran[0].command)
            return Outcome(False, f"`{arg}` never ran in the sandbox")
        hits = self.matching(arg, episode)
        if hits:
            return Outcome(True, f"ran `{arg}` {len(hits)} time(s)", evidence=hits[0].command)
        ran = len(runs(episode))
        return Outcome(False, f"`{arg}` was never run" + (f" ({ran} other command(s) were)" if ran else " (no command ran at all)"))
