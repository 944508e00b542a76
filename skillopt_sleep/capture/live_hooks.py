"""Install the capture hook into the agents that offer a hook or plugin mechanism of their own,
so their sessions are recorded as they end, as the Claude Code and Codex plugins record theirs.

- GitHub Copilot CLI: a hooks file in its user-level hooks folder, `$COPILOT_HOME/hooks/`
  (~/.copilot/hooks), running the hook on `agentStop` (each finished turn, naming the session's
  events.jsonl) and `sessionEnd`.
- OpenCode: a plugin in `$XDG_CONFIG_HOME/opencode/plugins/` (~/.config) that runs the hook in the
  background when a session goes idle.
- pi: this project's extension in `$PI_CODING_AGENT_DIR/extensions/` (~/.pi/agent), which also
  marks headless runs, running the hook in the background when a session shuts down.

The plugin and extension are shipped as package data with an empty `CAPTURE` command line; the
installed copy gets the command of this installation's hook. Cursor keeps its hooks in one file
shared with the user's own (`~/.cursor/hooks.json`); its sessions are read by `harvest` only.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from skillopt_sleep.atomicfile import write_text_atomic
from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.errors import SkilloptError

COPILOT, OPENCODE, PI = "copilot", "opencode", "pi"
LIVE_AGENTS = (COPILOT, OPENCODE, PI)
COPILOT_EVENTS = ("agentStop", "sessionEnd")
HOOK_TIMEOUT_S = 30
FILE_NAMES = {COPILOT: "skillopt-sleep.json", OPENCODE: "skillopt-sleep.js", PI: "skillopt-sleep.ts"}
# The line of the shipped plugin / extension that the installed copy fills in.
CAPTURE_LINE = re.compile(r"^const CAPTURE(?P<type>: string\[\])? = \[\];", re.MULTILINE)


class HookInstallError(SkilloptError):
    """A live capture hook could not be written or removed."""


@dataclass(frozen=True)
class HookChange:
    agent: str
    path: Path
    action: str  # installed, updated, unchanged, removed, absent

    def render(self) -> str:
        return f"{self.agent}: {self.action} {self.path}"


def hook_command(agent: str, *extra: str) -> list[str]:
    """How the agent runs this installation's hook: its interpreter, isolated (stdlib only)."""
    entry = Path(capture_hook.__file__).resolve().with_name("hook_entry.py")
    return [os.path.realpath(sys.executable), "-I", "-S", str(entry), "--agent", agent, *extra]


def _home(env) -> Path:
    return Path(env.get("HOME") or Path.home())


def target_path(agent: str, env=None) -> Path:
    env = os.environ if env is None else env
    if agent == COPILOT:
        home = Path(env[capture_hook.COPILOT_HOME_ENV]) if env.get(capture_hook.COPILOT_HOME_ENV) else _home(env) / ".copilot"
        return home / "hooks" / FILE_NAMES[agent]
    if agent == OPENCODE:
        config = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else _home(env) / ".config"
        return config / "opencode" / "plugins" / FILE_NAMES[agent]
    if agent == PI:
        agent_dir = Path(env["PI_CODING_AGENT_DIR"]) if env.get("PI_CODING_AGENT_DIR") else _home(env) / ".pi" / "agent"
        return agent_dir / "extensions" / FILE_NAMES[agent]
    raise HookInstallError(f"no live capture for {agent!r}; these agents have one: {', '.join(LIVE_AGENTS)}")


def copilot_hooks() -> str:
    """Copilot's hooks file. camelCase events get camelCase payloads, which name no event, so the
    command line does."""
    hooks = {event: [{"type": "command", "bash": shlex.join(hook_command(COPILOT, "--event", event)),
                      "timeoutSec": HOOK_TIMEOUT_S}]
             for event in COPILOT_EVENTS}
    return json.dumps({"version": 1, "hooks": hooks}, indent=2) + "\n"


def shipped_plugin(agent: str) -> str:
    """The plugin or extension as the package ships it (with an empty CAPTURE)."""
    return resources.files("skillopt_sleep").joinpath("data", "agent_plugins", agent, FILE_NAMES[agent]).read_text(encoding="utf-8")


def filled_plugin(agent: str) -> str:
    text = shipped_plugin(agent)
    if len(CAPTURE_LINE.findall(text)) != 1:
        raise HookInstallError(f"the shipped {agent} plugin has no single `const CAPTURE = [];` line to fill in")
    command = json.dumps(hook_command(agent))
    return CAPTURE_LINE.sub(lambda m: f"const CAPTURE{m.group('type') or ''} = {command};", text, count=1)


def rendered(agent: str) -> str:
    return copilot_hooks() if agent == COPILOT else filled_plugin(agent)


def install(agent: str, env=None) -> HookChange:
    path = target_path(agent, env)
    wanted = rendered(agent)
    try:
        before = path.read_text(encoding="utf-8") if path.is_file() else None
        if before == wanted:
            return HookChange(agent, path, "unchanged")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, wanted)
    except OSError as exc:
        raise HookInstallError(f"could not write {path}: {exc.strerror or exc}") from None
    return HookChange(agent, path, "installed" if before is None else "updated")


def uninstall(agent: str, env=None) -> HookChange:
    path = target_path(agent, env)
    try:
        path.unlink()
    except FileNotFoundError:
        return HookChange(agent, path, "absent")
    except OSError as exc:
        raise HookInstallError(f"could not remove {path}: {exc.strerror or exc}") from None
    return HookChange(agent, path, "removed")


def installed(agent: str, env=None) -> HookChange:
    """Whether the agent's hook is there and runs this installation's hook."""
    path = target_path(agent, env)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return HookChange(agent, path, "absent")
    return HookChange(agent, path, "installed" if text == rendered(agent) else "out of date")
