"""The headless form of a student backend that is itself a user's agent: the claude-code backend
becomes `claude -p`, the codex backend `codex exec`, with the backend's CLI, model, API address
and key. What stops one (no CLI, no key the sandboxed CLI can carry) is said in one line."""

from __future__ import annotations

import os
from pathlib import Path

from skillopt_sleep.students.claude import HeadlessClaude
from skillopt_sleep.students.codex import HeadlessCodex
from skillopt_sleep.students.headless import HeadlessAgent
from skillopt_sleep.backends.base import Backend

HEADLESS_BACKENDS = ("claude-code", "codex")
CLAUDE_KEYS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")


def headless_student(student: Backend, *, max_turns: int) -> tuple[HeadlessAgent | None, str]:
    """The headless agent for `student`, or None and why not."""
    if student.name == "claude-code":
        return _claude(student, max_turns)
    if student.name == "codex":
        return _codex(student, max_turns)
    return None, f"the {student.name} backend is not an agent CLI (headless students: {', '.join(HEADLESS_BACKENDS)})"


def _setting(student: Backend, name: str) -> str:
    return str(getattr(student, "extra_env", {}).get(name) or os.environ.get(name) or "")


def _claude(student: Backend, max_turns: int) -> tuple[HeadlessAgent | None, str]:
    from skillopt_sleep.backends.claude_code import bundled_cli

    configured = getattr(student, "cli_path", None)
    cli = Path(configured) if configured else bundled_cli()
    if cli is None or not cli.is_file():
        return None, "the claude CLI is missing"
    base_url = _setting(student, "ANTHROPIC_BASE_URL") or "https://api.anthropic.com"
    keys = {name: _setting(student, name) for name in CLAUDE_KEYS if _setting(student, name)}
    if not keys and base_url.startswith("https:"):
        # A subscription login lives in the user's home, which the sandbox never shows.
        return None, f"claude -p in the sandbox needs an API key or token in the environment ({', '.join(CLAUDE_KEYS)})"
    return HeadlessClaude(cli=cli, model=student.model, base_url=base_url,
                          api_env=keys or {"ANTHROPIC_API_KEY": "no-key-needed-by-this-server"}, max_turns=max_turns), ""


def _codex(student: Backend, max_turns: int) -> tuple[HeadlessAgent | None, str]:
    cli = getattr(student, "codex", None)
    if cli is None or not Path(cli).is_file():
        return None, "the codex CLI is missing"
    base_url = getattr(student, "base_url", None) or "https://api.openai.com/v1"
    key = _setting(student, "OPENAI_API_KEY")
    if not key and base_url.startswith("https:"):
        # A ChatGPT login lives in the user's home, which the sandbox never shows.
        return None, "codex exec in the sandbox needs OPENAI_API_KEY in the environment"
    return HeadlessCodex(cli=Path(cli), model=student.model, base_url=base_url,
                         api_env={"OPENAI_API_KEY": key} if key else {}, max_turns=max_turns), ""
