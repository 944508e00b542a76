"""`skillopt-sleep hooks install | uninstall | status --agent copilot|opencode|pi|all`: the live capture
hooks of the agents whose hooks or plugins this package writes itself (Claude Code and Codex get
theirs from their plugins)."""

from __future__ import annotations

from skillopt_sleep.api.hooks import HOOK_ACTIONS, LIVE_AGENTS, live_hook


def register(sub, parent) -> None:
    p = sub.add_parser("hooks", parents=[parent],
                       help="record GitHub Copilot CLI, OpenCode or pi sessions as they end (install their hook or plugin)")
    p.add_argument("action", choices=tuple(HOOK_ACTIONS))
    p.add_argument("--agent", required=True, choices=LIVE_AGENTS + ("all",))
    p.set_defaults(func=run_hooks)


def run_hooks(args) -> int:
    agents = LIVE_AGENTS if args.agent == "all" else (args.agent,)
    for agent in agents:
        print(live_hook(args.action, agent).render())
    return 0
