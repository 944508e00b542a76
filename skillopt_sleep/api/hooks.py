"""The live capture hooks this package writes itself (GitHub Copilot CLI's hooks, the OpenCode
plugin, the pi extension): installed, removed or looked at, one agent at a time. Claude Code and
Codex get theirs from their plugins."""

from __future__ import annotations

from skillopt_sleep.capture import live_hooks

LIVE_AGENTS = live_hooks.LIVE_AGENTS
HOOK_ACTIONS = {"install": live_hooks.install, "uninstall": live_hooks.uninstall, "status": live_hooks.installed}


def live_hook(action: str, agent: str) -> live_hooks.HookChange:
    """Install, remove or look at the live capture hook of one agent (`action`: a HOOK_ACTIONS key)."""
    return HOOK_ACTIONS[action](agent)
