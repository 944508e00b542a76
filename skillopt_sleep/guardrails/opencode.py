"""What OpenCode decides for a shell line under the `permission.bash` patterns guardrails write
(each simple command of the line as written, its own spacing kept, matched against the patterns
with `*` for any run of characters and `?` for one; a denied one stops the line: `git  push`
with two spaces is not `git push` to OpenCode). The
parity test holds it to the real CLI; OpenCode's own message lists every rule it weighed,
defaults included, so only the decision is emulated."""

from __future__ import annotations

import re

from skillopt_sleep.guardrails.forms import Guardrail, opencode_permission
from skillopt_sleep.guardrails.shell import raw_commands


def _wildcard(pattern: str) -> re.Pattern:
    return re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern), re.S)


def bash_denied(command: str, guardrails: list[Guardrail]) -> bool:
    patterns = [_wildcard(p) for p, decision in opencode_permission(guardrails).get("bash", {}).items() if decision == "deny"]
    return any(p.fullmatch(simple) for simple in raw_commands(command) for p in patterns)
