"""Codex backend: `codex exec --json --ephemeral --sandbox read-only --skip-git-repo-check
-C <temp dir> -m MODEL -` with the prompt on stdin.

Each run gets a temporary CODEX_HOME (and HOME) holding only a link to the user's `auth.json`
(so a ChatGPT or API-key login works) and a generated config.toml: the user's own config,
hooks, notify programs, AGENTS.md and skills are not loaded, `--ephemeral` writes no rollout,
and `REPLAY_ENV=1` plus `REPLAY_MARKER` at the top of the prompt mark the run as a replay.
With a base URL the config points a provider at it (Responses API) with codex's own retries
off, so ours are the only ones.

Usage comes from the `turn.completed` event, the answer from the last agent message, failures
from `turn.failed` / `error` events. Codex runs its own agent loop with its own tools, so the
replay's ToolSpecs cannot be offered: a tool replay is an error here, not a silent tool-less run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from skillopt_sleep.backends.auto import default_model
from skillopt_sleep.backends.base import Completion, CompletionRequest, Message, Usage
from skillopt_sleep.backends.core import BackendCore
from skillopt_sleep.backends.jsonlines import json_lines
from skillopt_sleep.backends.pricing import ModelPrice, PriceTable, cost_or_zero
from skillopt_sleep.backends.retry import (ClassifiedFailure, Failure, RetryPolicy, classify_status,
                                           policy_from_options, retry_classified)
from skillopt_sleep.errors import AuthError, BackendError, ConfigError, ModelNotFoundError, QuotaError
from skillopt_sleep.capture.markers import REPLAY_ENV, REPLAY_MARKER

PROVIDER = "codex"
LOGIN_HINT = "run `codex login` (or set OPENAI_API_KEY)"
_STATUS = re.compile(r"status:?\s+(\d{3})\b", re.I)
_TRANSIENT = ("high demand", "overloaded", "timed out", "timeout", "connection", "stream disconnected", "temporarily",
              "try again")
_MODEL_MISSING = re.compile(r"model\b.*\b(does not exist|not found|not supported|unknown)|model_not_found|^model: ", re.I)


def find_codex(explicit: str | None = None) -> Path | None:
    """The codex executable: the configured path (`codex.path`), else the one on PATH."""
    if explicit:
        return Path(explicit).expanduser()
    found = shutil.which("codex")
    return Path(found) if found else None


def classify_message(message: str, model: str) -> Failure:
    """Codex reports API failures as text; the HTTP status is in it when there was one."""
    lowered = message.lower()
    status_match = _STATUS.search(message)
    status = int(status_match.group(1)) if status_match else None
    if "quota" in lowered or "billing" in lowered or "usage limit" in lowered or "credits" in lowered:
        return Failure(False, message, error=QuotaError(f"codex: the account is out of quota or credit: {message}"))
    if status in (401, 403) or "not logged in" in lowered or "unauthorized" in lowered or "api key" in lowered:
        return Failure(False, message, error=AuthError(f"codex: {message}; {LOGIN_HINT}"))
    if _MODEL_MISSING.search(message):
        return Failure(False, message, error=ModelNotFoundError(f"codex does not know model {model!r}: {message}"))
    if status is not None:
        return classify_status(provider=PROVIDER, model=model, status=status, message=message, key_hint=LOGIN_HINT)
    if any(marker in lowered for marker in _TRANSIENT):
        return Failure(True, f"codex: {message}")
    return Failure(False, message, error=BackendError(f"codex failed: {message}"))


def render_prompt(request: CompletionRequest) -> str:
    parts = [REPLAY_MARKER]
    if request.system:
        parts += ["<instructions>", request.system, "</instructions>", ""]
    if len(request.messages) == 1 and request.messages[0].role == "user":
        parts.append(request.messages[0].content)
    else:
        parts.append(_transcript(request.messages))
    return "\n".join(parts)


def _transcript(messages: list[Message]) -> str:
    lines = ["Conversation so far:"]
    for message in messages:
        label = {"user": "User", "assistant": "Assistant"}.get(message.role, "Tool result")
        lines.append(f"{label}: {message.content}")
    lines.append("Reply as the assistant.")
    return "\n".join(lines)


def parse_events(stdout: str) -> tuple[list[dict], str | None]:
    """The JSONL events codex printed, and the first failure message among them."""
    events, failure = json_lines(stdout), None
    for event in events:
        if failure is None and event.get("type") == "turn.failed":
            failure = str((event.get("error") or {}).get("message") or "turn failed")
        elif failure is None and event.get("type") == "error":
            failure = str(event.get("message") or "error")
    return events, failure


def completion_from_events(events: list[dict], model: str, price: ModelPrice | None) -> Completion:
    text = ""
    for event in events:
        item = event.get("item") or {}
        if event.get("type") == "item.completed" and item.get("type") == "agent_message":
            text = str(item.get("text") or "")
    usage = Usage()
    for event in events:
        if event.get("type") == "turn.completed":
            raw = event.get("usage") or {}
            prompt = int(raw.get("input_tokens") or 0)
            cached = min(prompt, int(raw.get("cached_input_tokens") or 0))
            written = min(prompt - cached, int(raw.get("cache_write_input_tokens") or 0))
            usage.add(Usage(input_tokens=prompt - cached - written, output_tokens=int(raw.get("output_tokens") or 0),
                            cache_read_tokens=cached, cache_write_tokens=written))
    return Completion(text=text, usage=usage, cost_usd=cost_or_zero(price, usage), model=model, stop_reason="completed")


class CodexBackend(BackendCore):
    name = "codex"
    supports_tools = False

    def __init__(
        self,
        model: str,
        codex: Path,
        *,
        policy: RetryPolicy,
        timeout_s: float,
        base_url: str | None = None,
        auth_home: Path | None = None,
        env: dict[str, str] | None = None,
        concurrency: int = 4,
        structured_output: bool = True,
        price: ModelPrice | None = None,
    ) -> None:
        super().__init__(model, policy=policy, timeout_s=timeout_s, concurrency=concurrency, cost_known=price is not None)
        self.codex = codex
        self.base_url = base_url
        self.auth_home = auth_home
        self.extra_env = dict(env or {})
        self.structured_output = structured_output
        self.price = price
        self._slots = threading.BoundedSemaphore(concurrency)

    def complete(self, request: CompletionRequest) -> Completion:
        if request.tools:
            raise ConfigError(
                "the codex backend cannot offer a replay's tools (codex runs its own tools); "
                "use claude-code, anthropic, openai or local as the student for tool tasks"
            )
        return retry_classified(lambda: self._run(request), policy=self.policy, log=self.retries, what="codex exec")

    def _run(self, request: CompletionRequest) -> Completion:
        with self._slots, tempfile.TemporaryDirectory(prefix="skillopt-codex-") as scratch:
            root = Path(scratch)
            workdir, home = root / "work", root / "home"
            workdir.mkdir()
            codex_home = self._codex_home(home)
            command = [str(self.codex), "exec", "--json", "--ephemeral", "--sandbox", "read-only", "--skip-git-repo-check",
                       "-C", str(workdir), "-m", self.model]
            if request.json_schema and self.structured_output:
                schema = root / "schema.json"
                schema.write_text(json.dumps(request.json_schema), encoding="utf-8")
                command += ["--output-schema", str(schema)]
            command.append("-")
            env = {**os.environ, **self.extra_env, "HOME": str(home), "CODEX_HOME": str(codex_home), REPLAY_ENV: "1"}
            try:
                done = subprocess.run(command, input=render_prompt(request), capture_output=True, text=True,
                                      timeout=self.timeout_s, env=env, cwd=workdir)
            except subprocess.TimeoutExpired:
                raise ClassifiedFailure(Failure(True, f"codex: no reply within {self.timeout_s:.0f}s")) from None
            except OSError as exc:
                raise ConfigError(f"codex: cannot run {self.codex}: {exc}") from None
        events, failure = parse_events(done.stdout)
        if failure is not None:
            raise ClassifiedFailure(classify_message(failure, self.model))
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
            raise ClassifiedFailure(classify_message(f"exit status {done.returncode}: {tail}", self.model))
        if not any(e.get("type") == "turn.completed" for e in events):
            raise ClassifiedFailure(Failure(True, "codex: the run ended without turn.completed"))
        return completion_from_events(events, self.model, self.price)

    def _codex_home(self, home: Path) -> Path:
        codex_home = home / ".codex"
        codex_home.mkdir(parents=True)
        source = self.auth_home / "auth.json" if self.auth_home else None
        if source is not None and source.exists():
            (codex_home / "auth.json").symlink_to(source)
        lines = []
        if self.base_url:
            lines += [
                'model_provider = "skillopt"',
                "[model_providers.skillopt]",
                'name = "skillopt-sleep"',
                f"base_url = {json.dumps(self.base_url)}",
                'wire_api = "responses"',
                'env_key = "OPENAI_API_KEY"',
                "request_max_retries = 0",
                "stream_max_retries = 0",
            ]
        (codex_home / "config.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return codex_home

    def preflight(self) -> None:
        if not self.codex.exists():
            raise ConfigError(f"codex: {self.codex} does not exist")
        if self.base_url or os.environ.get("OPENAI_API_KEY") or self.extra_env.get("OPENAI_API_KEY"):
            return
        if self.auth_home is None or not (self.auth_home / "auth.json").exists():
            raise AuthError(f"codex: no Codex login found; {LOGIN_HINT}")

    def close(self) -> None:
        """Nothing stays open between runs."""


def create(model: str, options: dict) -> CodexBackend:
    codex = find_codex(options.get("path") or options.get("codex_path"))
    if codex is None:
        raise ConfigError("the codex backend needs the codex CLI: npm install -g @openai/codex, or set codex.path")
    if not codex.exists():
        raise ConfigError(f"codex.path points to {codex}, which does not exist")
    env = {str(k): str(v) for k, v in (options.get("env") or {}).items()}
    if options.get("api_key"):
        env["OPENAI_API_KEY"] = str(options["api_key"])
    base_url = options.get("base_url") or None
    if base_url and "OPENAI_API_KEY" not in env and not os.environ.get("OPENAI_API_KEY"):
        env["OPENAI_API_KEY"] = "no-key-needed-by-this-server"
    user_home = Path(os.environ["CODEX_HOME"]) if os.environ.get("CODEX_HOME") else Path.home() / ".codex"
    model = model or default_model("codex", options.get("role") or "student")
    return CodexBackend(
        model,
        codex,
        policy=policy_from_options(options),
        timeout_s=float(options.get("timeout_s") or 300.0),
        base_url=base_url,
        auth_home=Path(options["auth_home"]) if options.get("auth_home") else user_home,
        env=env,
        concurrency=int(options.get("concurrency") or 4),
        structured_output=bool(options.get("structured_output", True)),
        price=PriceTable.load(options.get("prices_file")).lookup(model),
    )
