"""Where each agent keeps its history, from the environment as the agents themselves read it."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

# VS Code's product folders: stable and Insiders (a portable install has a folder of its own).
VSCODE_PRODUCTS = ("Code", "Code - Insiders")


@dataclass
class Homes:
    claude: Path  # the folder holding `projects/`
    codex: Path  # CODEX_HOME
    copilot: Path | None = None  # COPILOT_HOME
    pi_sessions: Path | None = None  # pi's sessions folder
    opencode_data: Path | None = None  # OpenCode's data folder, holding opencode.db
    cursor: Path | None = None  # the folder holding Cursor's `projects/`
    vscode: tuple[Path, ...] = ()  # VS Code's `User` folders: a portable install's, stable's, Insiders'

    @classmethod
    def from_env(cls, env: dict | None = None, platform: str = sys.platform) -> "Homes":
        env = os.environ if env is None else env
        home = Path(env.get("HOME") or Path.home())
        claude = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"
        codex = Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
        copilot = Path(env["COPILOT_HOME"]) if env.get("COPILOT_HOME") else home / ".copilot"
        pi_agent = Path(env["PI_CODING_AGENT_DIR"]) if env.get("PI_CODING_AGENT_DIR") else home / ".pi" / "agent"
        pi_sessions = Path(env["PI_CODING_AGENT_SESSION_DIR"]) if env.get("PI_CODING_AGENT_SESSION_DIR") else pi_agent / "sessions"
        data_home = Path(env["XDG_DATA_HOME"]) if env.get("XDG_DATA_HOME") else home / ".local" / "share"
        cursor = Path(env["CURSOR_CONFIG_DIR"]) if env.get("CURSOR_CONFIG_DIR") else home / ".cursor"
        return cls(claude=claude, codex=codex, copilot=copilot, pi_sessions=pi_sessions,
                   opencode_data=data_home / "opencode", cursor=cursor, vscode=vscode_users(env, home, platform))

    def history_folders(self) -> list[Path]:
        """The folders whose files are the agents' own: nothing outside them is read."""
        folders = [self.claude / "projects", self.codex / "sessions", self.codex / "archived_sessions"]
        folders += [self.copilot / "session-state"] if self.copilot else []
        folders += [self.pi_sessions] if self.pi_sessions else []
        folders += [self.opencode_data] if self.opencode_data else []
        folders += [self.cursor / "projects"] if self.cursor else []
        for user in self.vscode:
            folders += [user / "workspaceStorage", user / "globalStorage" / "emptyWindowChatSessions"]
        return folders


def vscode_users(env, home: Path, platform: str) -> tuple[Path, ...]:
    """VS Code's `User` folders, found as VS Code finds its user data folder: a portable install
    keeps it in `$VSCODE_PORTABLE/user-data` (VSCODE_PORTABLE names the install's `data` folder);
    otherwise `<application data>/<product>`, the application data folder being VSCODE_APPDATA,
    else %APPDATA% on Windows, ~/Library/Application Support on macOS, $XDG_CONFIG_HOME
    (~/.config) elsewhere. A `--user-data-dir` given to VS Code on its command line is not seen."""
    users = [Path(env["VSCODE_PORTABLE"]) / "user-data" / "User"] if env.get("VSCODE_PORTABLE") else []
    if env.get("VSCODE_APPDATA"):
        app_data = Path(env["VSCODE_APPDATA"])
    elif platform == "win32":
        app_data = Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        app_data = home / "Library" / "Application Support"
    else:
        app_data = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else home / ".config"
    return tuple(users + [app_data / product / "User" for product in VSCODE_PRODUCTS])
