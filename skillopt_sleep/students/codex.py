"""`codex exec` as a headless student: the skill at `.agents/skills/<name>/SKILL.md` in the copy,
where Codex finds a repository's skills (it lists them to the model by name and description), and
the memory under test as the AGENTS.md of a CODEX_HOME made fresh in the sandbox's HOME.

The API key stays with the relay, which adds it to the Responses requests it forwards; codex holds
a placeholder (keys.py). That CODEX_HOME holds only a config whose one model provider is the relay (Responses API, its
retries off: a failure is the record's to keep), so the user's config, login, hooks, notify
programs and skills are never used; `--ephemeral` writes no rollout to be harvested back (where the
finish guard holds the replay, the rollout it reads lands in that throwaway home instead).
Codex keeps no turn limit of its own, so the egress keeps it (turnbound.py).

Codex's own sandbox for `workspace-write` is bubblewrap, which needs a new user namespace; ours
allows none inside it (--disable-userns), so there every command would fail, and the legacy
Landlock mode is deprecated and could not write the copy either. So codex runs in its
`danger-full-access` mode INSIDE our bubblewrap, which is the boundary: only the copy writable,
no network but the relay, no view of the user's home.
"""

from __future__ import annotations

import json
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from skillopt_sleep.students.forward import Route
from skillopt_sleep.students.headless import agent_cli_limits
from skillopt_sleep.students.keys import placeholder
from skillopt_sleep.students.streams import codex_episode
from skillopt_sleep.students.turnbound import TURN_LIMIT_MESSAGE
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.codex_cli import classify_message, completion_from_events, parse_events
from skillopt_sleep.backends.pricing import PriceTable
from skillopt_sleep.capture.markers import REPLAY_ENV, REPLAY_MARKER
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import BackendError
from skillopt_sleep.sandbox import Limits
from skillopt_sleep.config import default
from skillopt_sleep.guardrails.forms import Guardrail
from skillopt_sleep.guardrails.headless import Merge, codex_files, codex_flags, codex_home_lines, guard_mounts

CODEX_HOME = "$HOME/.codex"  # in the sandbox's fresh HOME
API_PATHS = ("/responses", "/chat/completions")  # below the base URL: all the relay forwards, each a POST
NO_KEY = "no-key-needed-by-this-server"  # what codex sends to a local server that wants none
# Codex's runtime maps far more address space than it touches.


@dataclass
class HeadlessCodex:
    """How to start the CLI: its path (the npm launcher or the native binary), the model, and
    where the model API is (the root a Responses client takes, with /v1)."""

    cli: Path
    model: str
    base_url: str = "https://api.openai.com/v1"
    api_env: dict[str, str] = field(default_factory=dict)  # OPENAI_API_KEY
    max_turns: int = default("repo.max_turns")
    output_chars: int = 2000
    limits: Limits = field(default_factory=agent_cli_limits)
    name: str = "codex-headless"
    keeps_turn_limit: bool = False
    guardrails: tuple[Guardrail, ...] = ()  # what the replay holds the CLI to, as rules in its fresh home

    def skill_path(self, skill_name: str) -> str:
        return f".agents/skills/{skill_name}/SKILL.md"

    def copy_files(self) -> dict[str, Merge]:
        return codex_files(list(self.guardrails))  # its rules and hooks go in its fresh home, with its config

    def mounts(self) -> tuple[Path, ...]:
        """The npm install the launcher and its native binary live in (the launcher finds the
        binary through node's module resolution), and node where it is not a system install."""
        real = self.cli.resolve()
        modules = next((p for p in real.parents if p.name == "node_modules"), None)
        folders = [modules or real.parent]
        node = shutil.which("node")
        if modules is not None and node:
            node_bin = Path(node).resolve().parent
            if not any(node_bin == Path(root) or Path(root) in node_bin.parents for root in ("/usr", "/bin")):
                folders.append(node_bin)
        return (*folders, *guard_mounts(list(self.guardrails)))

    def env(self, inside_base_url: str) -> dict[str, str]:
        key = self.api_env.get("OPENAI_API_KEY")
        return {"OPENAI_API_KEY": placeholder(key) if key else NO_KEY, REPLAY_ENV: "1"}

    def route(self) -> Route:
        prefix = urlsplit(self.base_url).path.rstrip("/")
        key = self.api_env.get("OPENAI_API_KEY")
        return Route(self.base_url, frozenset(("POST", prefix + path) for path in API_PATHS),
                     {"authorization": f"Bearer {key}"} if key else {})

    def config(self, inside_base_url: str) -> str:
        return "\n".join([
            'model_provider = "skillopt"',
            'web_search = "disabled"',
            "[model_providers.skillopt]",
            'name = "skillopt-sleep"',
            f"base_url = {json.dumps(inside_base_url)}",
            'wire_api = "responses"',
            'env_key = "OPENAI_API_KEY"',
            "request_max_retries = 0",
            "stream_max_retries = 0",
        ]) + "\n"

    def command(self, prompt: str, memory_text: str, inside_start: str, inside_base_url: str) -> str:
        lines = [f"mkdir -p {CODEX_HOME}", f"printf '%s' {shlex.quote(self.config(inside_base_url))} > {CODEX_HOME}/config.toml"]
        if memory_text.strip():
            lines.append(f"printf '%s\\n' {shlex.quote(memory_text)} > {CODEX_HOME}/AGENTS.md")
        lines += codex_home_lines(list(self.guardrails), CODEX_HOME)
        # The real path: a link to it (npm's .bin, a linked cache) may lead nowhere inside the sandbox.
        cli = [str(self.cli.resolve()), "exec", "--json", *codex_flags(list(self.guardrails)), "--skip-git-repo-check",
               "--sandbox", "danger-full-access", "-C", inside_start, "-m", self.model, "-"]
        lines.append(f"export CODEX_HOME={CODEX_HOME}")
        lines.append(f"printf '%s\\n' {shlex.quote(f'{REPLAY_MARKER}{chr(10)}{prompt}')} | {shlex.join(cli)}")
        return "\n".join(lines)

    def read(self, output: str, inside_root: str) -> tuple[Episode, Usage, float]:
        events, failure = parse_events(output)
        if failure is not None and TURN_LIMIT_MESSAGE not in failure:
            classified = classify_message(failure, self.model)
            raise classified.error or BackendError(f"codex could not reach its model: {failure}")
        if not any(e.get("type") in ("turn.completed", "turn.failed") for e in events):
            tail = "\n".join(output.strip().splitlines()[-5:]) or "no output"
            raise BackendError(f"codex exec gave no result in the sandbox: {tail}")
        episode = codex_episode(output, self.output_chars, inside_root)
        if failure is not None:
            episode.error = f"codex reached the turn limit ({self.max_turns} model calls)"
        spent = completion_from_events(events, self.model, PriceTable.load().lookup(self.model))
        return episode, spent.usage, spent.cost_usd
