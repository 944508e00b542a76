"""What Codex decides under the `prefix_rule(..., decision="forbidden")` rules guardrails write,
and the words it says. `codex execpolicy check` is the authority (the parity test asks it):
a rule matches a command whose first words are its pattern, word for word, the program as
written (a path to it is another word). The replay loop splits a shell line into its simple
commands, as Codex does for the scripts it runs, and stops the line where any is forbidden."""

from __future__ import annotations

import json
import shlex

from skillopt_sleep.guardrails.forms import COMMAND, Guardrail
from skillopt_sleep.guardrails.shell import pipeline_parts, simple_commands


def _debug(text: str) -> str:
    """A string as Rust's Debug shows it, as Codex's error does."""
    return json.dumps(text, ensure_ascii=False)


def rejected(command: str, justification: str) -> str:
    """Codex's words for a shell line its rules forbid, as the model reads them."""
    inner = f"`/bin/bash -lc {shlex.quote(command)}` rejected: {justification}"
    return f"exec_command failed: CreateProcess {{ message: {_debug(f'Rejected({_debug(inner)})')} }}"


def forbidding(words: list[str], guardrails: list[Guardrail]) -> Guardrail | None:
    """The first guardrail whose rule forbids the command `words`, else None."""
    for g in guardrails:
        pattern = g.words()
        if g.kind == COMMAND and words[: len(pattern)] == pattern:
            return g
    return None


def shell_refusal(command: str, guardrails: list[Guardrail]) -> str:
    """The message for a shell line, "" where Codex's rules let it run."""
    for part in pipeline_parts(command):
        for simple in simple_commands(part):
            found = forbidding(simple, guardrails)
            if found is not None:
                return rejected(command, found.reason())
    return ""
