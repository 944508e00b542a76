"""`claude -p` as a headless student: the skill at `.claude/skills/<name>/SKILL.md` in the copy,
where Claude Code reads a project's skills, and the memory under test as the user memory
(`~/.claude/CLAUDE.md`) of the sandbox's fresh HOME, where Claude Code reads a user's memory.

The CLI holds placeholders of the API key or token (keys.py); the relay adds the real one to the
Messages requests it forwards, and forwards nothing else. The CLI runs with a cheap model, only the file and shell tools (its Bash is the sandbox's), a
permission mode that never prompts, its own turn limit, user and project settings only (the
user's are the sandbox's fresh HOME, never the real user's hooks or settings) and no session written
(but in that fresh HOME where the finish guard under test reads the session's transcript).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from skillopt_sleep.students.forward import Route
from skillopt_sleep.students.headless import agent_cli_limits
from skillopt_sleep.students.keys import placeholders
from skillopt_sleep.students.streams import claude_episode, json_lines
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.capture.markers import REPLAY_ENV, REPLAY_MARKER
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import BackendError
from skillopt_sleep.sandbox import Limits
from skillopt_sleep.config import default
from skillopt_sleep.guardrails.forms import Guardrail, finish_checks
from skillopt_sleep.guardrails.headless import Merge, claude_files, guard_mounts

CLAUDE_TOOLS = "Read,Edit,Write,Bash,Glob,Grep,Skill"
CLAUDE_HOME = "$HOME/.claude"  # in the sandbox's fresh HOME
MESSAGES_PATHS = ("/v1/messages", "/v1/messages/count_tokens")  # all the relay forwards, each a POST


@dataclass
class HeadlessClaude:
    """How to start the CLI: its path, the model, and where the model API is."""

    cli: Path
    model: str
    base_url: str = "https://api.anthropic.com"
    api_env: dict[str, str] = field(default_factory=dict)  # ANTHROPIC_API_KEY or a token the CLI reads
    max_turns: int = default("repo.max_turns")
    output_chars: int = 2000
    limits: Limits = field(default_factory=agent_cli_limits)
    name: str = "claude-headless"
    keeps_turn_limit: bool = True  # --max-turns
    guardrails: tuple[Guardrail, ...] = ()  # what the replay holds the CLI to, in its own settings

    def skill_path(self, skill_name: str) -> str:
        return f".claude/skills/{skill_name}/SKILL.md"

    def copy_files(self) -> dict[str, Merge]:
        return claude_files(list(self.guardrails))

    def mounts(self) -> tuple[Path, ...]:
        return (self.cli.resolve().parent, *guard_mounts(list(self.guardrails)))

    def env(self, inside_base_url: str) -> dict[str, str]:
        return {**placeholders(self.api_env), "ANTHROPIC_BASE_URL": inside_base_url, REPLAY_ENV: "1",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_MAX_RETRIES": "0"}

    def route(self) -> Route:
        prefix = urlsplit(self.base_url).path.rstrip("/")
        credentials = {}
        if self.api_env.get("ANTHROPIC_API_KEY"):
            credentials["x-api-key"] = self.api_env["ANTHROPIC_API_KEY"]
        token = self.api_env.get("ANTHROPIC_AUTH_TOKEN") or self.api_env.get("CLAUDE_CODE_OAUTH_TOKEN")
        if token:
            credentials["authorization"] = f"Bearer {token}"
        return Route(self.base_url, frozenset(("POST", prefix + path) for path in MESSAGES_PATHS), credentials)

    def command(self, prompt: str, memory_text: str, inside_start: str, inside_base_url: str) -> str:
        # The real path: a link to it (a linked environment, say) leads nowhere inside the sandbox.
        cli = [str(self.cli.resolve()), "-p", prompt, "--output-format", "stream-json", "--verbose", "--model", self.model,
               "--tools", CLAUDE_TOOLS, "--allowedTools", CLAUDE_TOOLS, "--permission-mode", "acceptEdits",
               "--max-turns", str(self.max_turns), "--setting-sources", "user,project", "--append-system-prompt", REPLAY_MARKER]
        if not finish_checks(list(self.guardrails)):
            # The finish guard reads the session's transcript; it stays in the sandbox's fresh HOME.
            cli.append("--no-session-persistence")
        if not memory_text.strip():
            return shlex.join(cli)
        return "\n".join([f"mkdir -p {CLAUDE_HOME}", f"printf '%s\\n' {shlex.quote(memory_text)} > {CLAUDE_HOME}/CLAUDE.md",
                          shlex.join(cli)])

    def read(self, output: str, inside_root: str) -> tuple[Episode, Usage, float]:
        final = next((e for e in reversed(json_lines(output)) if e.get("type") == "result"), None)
        if final is None:
            tail = "\n".join(output.strip().splitlines()[-5:]) or "no output"
            raise BackendError(f"claude -p gave no result in the sandbox: {tail}")
        if final.get("is_error") and _api_failure(str(final.get("result") or "")):
            raise BackendError(f"claude -p could not reach its model: {final.get('result')}")
        raw = final.get("usage") or {}
        usage = Usage(input_tokens=int(raw.get("input_tokens") or 0), output_tokens=int(raw.get("output_tokens") or 0),
                      cache_read_tokens=int(raw.get("cache_read_input_tokens") or 0),
                      cache_write_tokens=int(raw.get("cache_creation_input_tokens") or 0))
        return claude_episode(output, self.output_chars, inside_root), usage, float(final.get("total_cost_usd") or 0.0)


def _api_failure(message: str) -> bool:
    lowered = message.lower()
    return any(word in lowered for word in ("api error", "authentication", "invalid api key", "connection error",
                                            "unable to connect", "credit balance"))
