"""The files a set of guardrails writes in a project, each merged into what the file holds now:
Claude Code's local settings (deny rules added, nothing else touched), the finish guard's data,
a Codex rules file of its own, the Codex finish guard (its data, and a Stop hook added to the
project's `.codex/hooks.json` that runs the fixed guard script), and OpenCode's permissions. Each file is written only for an agent
the user works with; adopt and revert swap these texts as they swap a skill (with a backup,
restored byte for byte). A file that cannot be read as its format is a clear error, never
overwritten."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

from skillopt_sleep.errors import StagingError
from skillopt_sleep.guardrails import finish_guard
from skillopt_sleep.guardrails.forms import Guardrail, claude_deny_rules, codex_rules, finish_checks, opencode_permission
from skillopt_sleep.guardrails.replay import CLAUDE_CODE, CODEX

OPENCODE = "opencode"
CLAUDE_SETTINGS = Path(".claude") / "settings.local.json"
FINISH_DATA = Path(finish_guard.DATA)
CODEX_RULES = Path(".codex") / "rules" / "skillopt-sleep.rules"
CODEX_FINISH_DATA = Path(finish_guard.CODEX_DATA)
CODEX_HOOKS = Path(".codex") / "hooks.json"
FINISH_GUARD = Path(finish_guard.__file__).resolve()
OPENCODE_CONFIG = Path("opencode.json")


@dataclass(frozen=True)
class GuardrailFile:
    agent: str
    live_path: Path
    original_text: str
    proposed_text: str


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8") if path.is_file() else ""
    except (OSError, UnicodeDecodeError) as exc:
        raise StagingError(f"cannot read {path}: {exc}") from None


def _object(path: Path, text: str) -> dict:
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StagingError(f"{path} is not valid JSON ({exc}); guardrails leave it as it is") from None
    if not isinstance(data, dict):
        raise StagingError(f"{path} holds no JSON object; guardrails leave it as it is")
    return data


def dumped(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def claude_settings(path: Path, text: str, rules: list[str]) -> str:
    data = _object(path, text)
    permissions = data.setdefault("permissions", {})
    if not isinstance(permissions, dict) or not isinstance(permissions.get("deny", []), list):
        raise StagingError(f"{path} has permissions of a shape Claude Code does not read; guardrails leave it as it is")
    deny = permissions.setdefault("deny", [])
    deny += [rule for rule in rules if rule not in deny]
    return dumped(data)


def finish_data(path: Path, text: str, checks: list[str]) -> str:
    data = _object(path, text)
    kept = [c for c in data.get("checks", []) if isinstance(c, str)] if isinstance(data.get("checks"), list) else []
    data["checks"] = kept + [c for c in checks if c not in kept]
    return dumped(data)


def _codex(text: str, rules: str) -> str:
    have = set(text.splitlines())
    added = [line for line in rules.splitlines() if line not in have]
    return text + ("\n" if text and not text.endswith("\n") else "") + "".join(line + "\n" for line in added)


def codex_guard_command(script: Path = FINISH_GUARD) -> str:
    """The Codex Stop hook's command: the fixed guard, standard library only, reading Codex's
    data and rollout. Where the engine has moved away, the hook passes rather than fail: Python
    exits 2 on a missing script, which Codex would read as a hold."""
    quoted = shlex.quote(str(script))
    return f"[ ! -f {quoted} ] || python3 -I -S -B {quoted} --agent {finish_guard.CODEX}"


def codex_hooks(path: Path, text: str, command: str) -> str:
    """`.codex/hooks.json` with the guard's Stop hook added (once), the user's hooks as they are."""
    data = _object(path, text)
    hooks = data.setdefault("hooks", {})
    stop = hooks.setdefault("Stop", []) if isinstance(hooks, dict) else None
    if not isinstance(stop, list):
        raise StagingError(f"{path} has hooks of a shape Codex does not read; guardrails leave it as it is")
    entry = {"hooks": [{"type": "command", "command": command, "timeout": 10}]}
    if entry in stop:
        return text
    stop.append(entry)
    return dumped(data)


def _opencode(path: Path, text: str, permission: dict) -> str:
    data = _object(path, text)
    current = data.setdefault("permission", {})
    if current == "deny":
        return text  # denies everything already
    if isinstance(current, str):
        current = data["permission"] = {"*": current}
    if not isinstance(current, dict):
        raise StagingError(f"{path} has a permission of a shape OpenCode does not read; guardrails leave it as it is")
    for tool, patterns in permission.items():
        mine = current.get(tool)
        if mine == "deny":
            continue
        merged = {"*": mine} if isinstance(mine, str) else dict(mine or {})
        for pattern, decision in patterns.items():
            merged.pop(pattern, None)  # re-added last: OpenCode's last matching rule wins
            merged[pattern] = decision
        current[tool] = merged
    return dumped(data)


def planned_files(project: Path, guardrails: list[Guardrail], agents: set[str]) -> list[GuardrailFile]:
    """The files `guardrails` change in `project` for the `agents` named, as (before, after)."""
    out: list[GuardrailFile] = []

    def plan(agent: str, relative: Path, merge) -> None:
        path = project / relative
        before = _read(path)
        after = merge(path, before)
        if after != before:
            out.append(GuardrailFile(agent, path, before, after))

    if CLAUDE_CODE in agents and claude_deny_rules(guardrails):
        plan(CLAUDE_CODE, CLAUDE_SETTINGS, lambda p, t: claude_settings(p, t, claude_deny_rules(guardrails)))
    if CLAUDE_CODE in agents and finish_checks(guardrails):
        plan(CLAUDE_CODE, FINISH_DATA, lambda p, t: finish_data(p, t, finish_checks(guardrails)))
    if CODEX in agents and codex_rules(guardrails):
        plan(CODEX, CODEX_RULES, lambda p, t: _codex(t, codex_rules(guardrails)))
    if CODEX in agents and finish_checks(guardrails):
        plan(CODEX, CODEX_FINISH_DATA, lambda p, t: finish_data(p, t, finish_checks(guardrails)))
        plan(CODEX, CODEX_HOOKS, lambda p, t: codex_hooks(p, t, codex_guard_command()))
    if OPENCODE in agents and opencode_permission(guardrails):
        plan(OPENCODE, OPENCODE_CONFIG, lambda p, t: _opencode(p, t, opencode_permission(guardrails)))
    return out
