"""Replays enforce what the user's agent enforces: the same deny rules and finish guard, with the
same messages, under the guardrails in force (the user's current ones and a candidate's)."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.guardrails import claude, codex, finish_guard
from skillopt_sleep.guardrails.forms import Guardrail, claude_deny_rules, finish_checks

CLAUDE_CODE = "claude-code"
CODEX = "codex"


@dataclass
class Enforcement:
    """The guardrails a replay is held to, as `agent` applies them. Codex has no rule for a file's
    edits: for Codex those stay prose. The finish guard holds in both, as their Stop hooks do."""

    guardrails: list[Guardrail] = field(default_factory=list)
    agent: str = CLAUDE_CODE

    def refusal(self, name: str, arguments: dict) -> str:
        """Why the agent would not run this action; "" where it would."""
        if name == "run":
            command = str(arguments.get("command") or "")
            if self.agent == CODEX:
                return codex.shell_refusal(command, self.guardrails)
            return claude.bash_refusal(command, claude_deny_rules(self.guardrails))
        if name == "edit" and self.agent == CLAUDE_CODE:
            return claude.edit_refusal(str(arguments.get("path") or ""), claude_deny_rules(self.guardrails))
        return ""

    def finish_hold(self, actions: list[tuple[str, str]]) -> str:
        """What the finish guard tells an agent finishing after `actions`; "" where it may."""
        missing = finish_guard.unmet(actions, finish_checks(self.guardrails))
        return finish_guard.message(missing) if missing else ""
