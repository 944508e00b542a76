"""Pick a backend and model for a role from what this machine has, and say why.

Order: an explicit `<role>.base_url` (an OpenAI-compatible server the user named) first, then
ANTHROPIC_API_KEY, OPENAI_API_KEY, a logged-in Claude Code (its credentials file or login
record, checked offline), a logged-in Codex, an OpenAI-compatible server answering on a
well-known local port (Ollama, LM Studio, llama.cpp, vLLM), and last the embedded local model.
A configured `<role>.model` narrows the choice to backends that can serve it (claude-* to
Anthropic / Claude Code, gpt-* / o* to OpenAI / Codex).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from skillopt_sleep.config import Config
from skillopt_sleep.errors import ConfigError

# Cheap defaults per backend and role: the student replays many tasks, the teacher reflects
# and judges a few times a night and needs to be stronger.
DEFAULT_MODELS: dict[str, dict[str, str]] = {
    "anthropic": {"student": "claude-haiku-5-5", "teacher": "claude-sonnet-5-5"},
    "openai": {"student": "gpt-4.1-mini", "teacher": "gpt-4.1"},
    "claude-code": {"student": "haiku", "teacher": "sonnet"},
    "codex": {"student": "gpt-6.2-sol", "teacher": "gpt-6.2-astra"},
}
LOCAL_SERVER_PORTS = ((11434, "Ollama"), (1234, "LM Studio"), (8080, "llama.cpp server"), (8000, "vLLM"))
_ANTHROPIC_MODEL = re.compile(r"^(claude|haiku|sonnet|opus)", re.I)
_OPENAI_MODEL = re.compile(r"^(gpt|o\d|codex|chatgpt)", re.I)


def default_model(backend: str, role: str) -> str:
    try:
        models = DEFAULT_MODELS[backend]
    except KeyError:
        raise ConfigError(f"backend {backend!r} has no default model; name one with --set {role}.model=...") from None
    return models.get(role) or models["student"]


@dataclass
class AutoChoice:
    name: str
    model: str
    why: str
    options: dict = field(default_factory=dict)  # extra backend options (a detected server's base_url)


def claude_login_evidence(env: Mapping[str, str], home: Path) -> str | None:
    """Why we believe `claude` is logged in, or None. Offline: reads its files, never the network."""
    if env.get("CLAUDE_CODE_OAUTH_TOKEN"):
        return "CLAUDE_CODE_OAUTH_TOKEN is set"
    config_dir = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else home / ".claude"
    credentials = config_dir / ".credentials.json"
    data = _read_json(credentials)
    if isinstance(data, dict) and isinstance(data.get("claudeAiOauth"), dict) and data["claudeAiOauth"].get("accessToken"):
        return f"a Claude login in {credentials}"
    # On macOS the token sits in the keychain; the login record names the account.
    state = _read_json(home / ".claude.json")
    if isinstance(state, dict) and isinstance(state.get("oauthAccount"), dict) and state["oauthAccount"]:
        return f"a Claude login recorded in {home / '.claude.json'}"
    return None


def codex_login_evidence(env: Mapping[str, str], home: Path) -> str | None:
    codex_home = Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
    auth = _read_json(codex_home / "auth.json")
    if isinstance(auth, dict) and (auth.get("tokens") or auth.get("OPENAI_API_KEY")):
        return f"a Codex login in {codex_home / 'auth.json'}"
    return None


def _read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def probe_local_server(port: int, timeout_s: float = 0.4) -> list[str] | None:
    """Model ids an OpenAI-compatible server on 127.0.0.1:port lists, or None if nothing answers."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=timeout_s) as reply:
            data = json.loads(reply.read().decode("utf-8"))
    except (OSError, ValueError, urllib.error.URLError):
        return None
    models = [str(m.get("id")) for m in (data.get("data") or []) if isinstance(m, dict) and m.get("id")]
    return models


def choose(
    config: Config,
    role: str,
    *,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
    probe: Callable[[int], list[str] | None] = probe_local_server,
    which: Callable[[str], str | None] = shutil.which,
) -> AutoChoice:
    env = os.environ if env is None else env
    home = home or Path.home()
    section = config.section(role)
    model = section.get("model") or ""
    base_url = section.get("base_url")
    wants_anthropic = bool(model) and bool(_ANTHROPIC_MODEL.match(model))
    wants_openai = bool(model) and bool(_OPENAI_MODEL.match(model))
    allow_anthropic = not model or wants_anthropic
    allow_openai = not model or wants_openai

    def pick(name: str, why: str, **options) -> AutoChoice:
        chosen = model or default_model(name, role)
        return AutoChoice(name, chosen, f"{role}: {name}:{chosen} (auto: {why})", options)

    if base_url:
        if not model:
            raise ConfigError(f"{role}.base_url is set to {base_url}; also set {role}.model to the model that server serves")
        return AutoChoice("openai", model, f"{role}: openai:{model} at {base_url} (auto: {role}.base_url is set)")
    if allow_anthropic and env.get("ANTHROPIC_API_KEY"):
        return pick("anthropic", "ANTHROPIC_API_KEY is set")
    if allow_openai and env.get("OPENAI_API_KEY"):
        return pick("openai", "OPENAI_API_KEY is set")
    if allow_anthropic:
        evidence = claude_login_evidence(env, home)
        if evidence:
            return pick("claude-code", evidence)
    if allow_openai:
        evidence = codex_login_evidence(env, home)
        if evidence and which("codex"):
            return pick("codex", evidence)
    if not wants_anthropic:
        for port, product in LOCAL_SERVER_PORTS:
            served = probe(port)
            if served is None:
                continue
            if model and model not in served:
                continue
            chosen = model or (served[0] if served else "")
            if not chosen:
                continue
            url = f"http://127.0.0.1:{port}/v1"
            return AutoChoice("openai", chosen, f"{role}: openai:{chosen} at {url} (auto: a {product}-style server answers there)",
                              {"base_url": url})
    if model and (wants_anthropic or wants_openai):
        provider = "Anthropic" if wants_anthropic else "OpenAI"
        raise ConfigError(
            f"{role}.model is {model!r}, a {provider} model, but no {provider} key or login was found; "
            f"set {'ANTHROPIC_API_KEY' if wants_anthropic else 'OPENAI_API_KEY'} or name a backend with --{role}"
        )
    return AutoChoice("local", model, f"{role}: local{':' + model if model else ''} (auto: no API key, login or local server found)")


def choose_backend(config: Config, role: str) -> tuple[str, str, str]:
    """(backend name, model, why) for `role`; see `choose` for the extra options."""
    choice = choose(config, role)
    return choice.name, choice.model, choice.why
