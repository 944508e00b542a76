"""Point the real `claude` and `codex` CLIs at a fake server, isolated from the user's files."""

from __future__ import annotations

import os
from pathlib import Path

from tests.agent_clis import claude_cli_path, node_cli_path  # noqa: F401 (claude_cli_path: re-exported by tests.fakes)
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.openai_server import FakeOpenAI

REPO_ROOT = Path(__file__).resolve().parents[2]


def codex_cli_path() -> Path | None:
    """codex as pinned in locks/agents.txt (or the drift check's newest), else PATH."""
    return node_cli_path("codex")


def claude_env(fake: FakeAnthropic, home: Path) -> dict[str, str]:
    """Environment for a claude run against `fake` with `home` as an empty HOME."""
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE_"))}
    env.update(fake.env())
    env.update({"HOME": str(home), "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"})
    return env


def write_codex_config(fake: FakeOpenAI, codex_home: Path, *, extra_toml: str = "") -> Path:
    """A config.toml whose default provider is `fake` over the Responses API."""
    codex_home.mkdir(parents=True, exist_ok=True)
    config = codex_home / "config.toml"
    config.write_text(
        'model_provider = "fake"\n'
        f"{extra_toml}\n"
        "[model_providers.fake]\n"
        'name = "fake"\n'
        f'base_url = "{fake.base_url}"\n'
        'wire_api = "responses"\n'
        'env_key = "OPENAI_API_KEY"\n',
        encoding="utf-8",
    )
    return config


def codex_env(fake: FakeOpenAI, home: Path, *, extra_toml: str = "") -> dict[str, str]:
    """Environment for a codex run against `fake`: HOME=home, CODEX_HOME=home/.codex."""
    codex_home = home / ".codex"
    write_codex_config(fake, codex_home, extra_toml=extra_toml)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "CODEX_"))}
    env.update({"HOME": str(home), "CODEX_HOME": str(codex_home), "OPENAI_API_KEY": fake.api_key or "sk-dummy"})
    return env
