"""Where the agent CLIs the tests drive for real are: the versions pinned in locks/, or, for the
drift check (scripts/drift.sh), the newest releases it installed into a scratch folder.

SKILLOPT_TEST_CLAUDE names a `claude` executable; SKILLOPT_TEST_NODE_AGENTS a folder
whose node_modules/.bin holds codex, copilot, opencode and pi. Unset: the claude bundled in the
installed claude-agent-sdk and the npm prefix scripts/test.sh fills from locks/agents.txt.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLAUDE_ENV = "SKILLOPT_TEST_CLAUDE"  # not SKILLOPT_SLEEP_*: the engine reads those as its config
NODE_AGENTS_ENV = "SKILLOPT_TEST_NODE_AGENTS"
PINNED_NODE_AGENTS = REPO / ".cache" / "agents"
# Record types and hook fields the tests plant to see them counted: the drift check leaves them out.
PLANTED = "planted"


def claude_cli_path() -> Path:
    """The claude CLI: the drift check's, else the one bundled in the claude-agent-sdk wheel."""
    chosen = os.environ.get(CLAUDE_ENV)
    if chosen:
        return Path(chosen)
    import claude_agent_sdk

    path = Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
    if not path.is_file():
        raise FileNotFoundError(f"claude-agent-sdk has no bundled CLI at {path}")
    return path


def node_bin() -> Path:
    """The folder holding the npm agents' executables."""
    return Path(os.environ.get(NODE_AGENTS_ENV) or PINNED_NODE_AGENTS) / "node_modules" / ".bin"


def node_cli_path(name: str) -> Path | None:
    """An npm agent's executable (codex, copilot, opencode, pi), else the one on PATH, else None.
    The drift check never falls back to PATH: it tests what it installed."""
    local = node_bin() / name
    if local.is_file():
        return local
    if os.environ.get(NODE_AGENTS_ENV):
        return None
    found = shutil.which(name)
    return Path(found) if found else None


def missing(name: str) -> str:
    """Why a test that drives `name` is skipped."""
    return f"{name} CLI not installed (scripts/test.sh installs the version pinned in locks/)"
