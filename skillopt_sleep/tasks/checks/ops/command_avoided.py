"""command_avoided: no command the agent ran names this tool ("npm" where the project uses
pnpm); words stand alone, so `pnpm install` does not run `npm`."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import Outcome, clip
from skillopt_sleep.tasks.checks.trajectory import CommandOp


class CommandAvoided(CommandOp):
    name = "command_avoided"
    summary = "command_avoided / command_used: a tool the agent's commands must never / must run (arg: a command word, e.g. \"npm\")"
    instruction = "never run `{arg}` in this repository"
    rule_text = "- Do not run `{arg}` in this repository; use the tool the project itself uses for that job."

    def evaluate_episode(self, arg, episode):
        hits = self.matching(arg, episode)
        if hits:
            return Outcome(False, f"ran `{clip(hits[0].command, 80)}`" + (f" and {len(hits) - 1} more like it" if len(hits) > 1 else ""))
        return Outcome(True, f"no command ran `{arg}`")
