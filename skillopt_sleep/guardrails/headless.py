"""The guardrails a headless replay is held to, written where the user's own agent reads them,
so the agent itself enforces them in the replay as it would in the user's session.

Claude Code: the deny rules and the finish guard (the same fixed script, as a Stop hook) in the
copy's project settings, `.claude/settings.json`, since the headless CLI reads user and project
settings only; the guard's data where the guard looks for it. Codex: the rules file in the fresh
CODEX_HOME the replay makes, as `$CODEX_HOME/rules/`, and the finish guard as a Stop hook of that
home's `hooks.json`: Codex reads a project's own `.codex/` only once the user has trusted the
project, and a fresh home holds no such trust. The guard's data goes in the copy, where the guard
looks for it; the replay runs the hook it wrote itself without Codex's review
(`--dangerously-bypass-hook-trust`) and keeps a rollout for the guard to read (no `--ephemeral`:
it lands in the sandbox's throwaway home). The texts are those adoption writes, merged into what
the copy holds."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Callable

from skillopt_sleep.errors import StagingError
from skillopt_sleep.guardrails import finish_guard
from skillopt_sleep.guardrails.forms import Guardrail, claude_deny_rules, codex_rules, finish_checks
# The guard is shown read-only in the sandbox, at its own path.
from skillopt_sleep.guardrails.install import FINISH_GUARD, claude_settings, codex_guard_command, codex_hooks, dumped, finish_data

CLAUDE_PROJECT_SETTINGS = Path(".claude") / "settings.json"
CODEX_RULES_FILE = "skillopt-sleep.rules"

Merge = Callable[[str], str]  # the text the copy holds there ("" where none) -> the text the replay reads


def guard_command() -> str:
    """The Stop hook's command inside the sandbox: the fixed guard, standard library only."""
    return f"python3 -I -S -B {shlex.quote(str(FINISH_GUARD))}"


def _with_stop_hook(text: str) -> str:
    data = json.loads(text)
    hooks = data.setdefault("hooks", {})
    stop = hooks.setdefault("Stop", []) if isinstance(hooks, dict) else None
    if not isinstance(stop, list):
        raise StagingError(f"{CLAUDE_PROJECT_SETTINGS} has hooks of a shape Claude Code does not read")
    stop.append({"hooks": [{"type": "command", "command": guard_command()}]})
    return dumped(data)


def claude_files(guardrails: list[Guardrail]) -> dict[str, Merge]:
    """The files in the copy, relative to its root, that hold Claude Code to `guardrails`."""
    rules, checks = claude_deny_rules(guardrails), finish_checks(guardrails)
    if not rules and not checks:
        return {}

    def settings(text: str) -> str:
        merged = claude_settings(CLAUDE_PROJECT_SETTINGS, text, rules)
        return _with_stop_hook(merged) if checks else merged

    files = {CLAUDE_PROJECT_SETTINGS.as_posix(): settings}
    if checks:
        files[Path(finish_guard.DATA).as_posix()] = lambda text: finish_data(Path(finish_guard.DATA), text, checks)
    return files


def guard_mounts(guardrails: list[Guardrail]) -> tuple[Path, ...]:
    """What the sandbox shows for the guard to run: its folder, where there is a check to hold to."""
    return (FINISH_GUARD.parent,) if finish_checks(guardrails) else ()


def codex_files(guardrails: list[Guardrail]) -> dict[str, Merge]:
    """The files in the copy that hold Codex to `guardrails`: the finish guard's data."""
    checks = finish_checks(guardrails)
    if not checks:
        return {}
    data = Path(finish_guard.CODEX_DATA)
    return {data.as_posix(): lambda text: finish_data(data, text, checks)}


def codex_flags(guardrails: list[Guardrail]) -> list[str]:
    """`codex exec`'s flags for the replay: a rollout kept and the replay's own hook run where the
    finish guard holds it, else no rollout at all."""
    return ["--dangerously-bypass-hook-trust"] if finish_checks(guardrails) else ["--ephemeral"]


def codex_home_lines(guardrails: list[Guardrail], codex_home: str) -> list[str]:
    """Shell lines that write the rules file, and the finish guard's hook, into the replay's fresh
    CODEX_HOME."""
    rules, lines = codex_rules(guardrails), []
    if rules:
        lines += [f"mkdir -p {codex_home}/rules",
                  f"printf '%s' {shlex.quote(rules)} > {codex_home}/rules/{CODEX_RULES_FILE}"]
    if finish_checks(guardrails):
        hooks = codex_hooks(Path("hooks.json"), "", codex_guard_command(FINISH_GUARD))
        lines += [f"mkdir -p {codex_home}", f"printf '%s' {shlex.quote(hooks)} > {codex_home}/hooks.json"]
    return lines
