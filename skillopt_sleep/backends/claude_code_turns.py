"""What the Claude Code backend reads and writes around a CLI run: the transcript a resumed
conversation starts from, the usage the CLI reports per turn and per run, and what an error
result means.
"""

from __future__ import annotations

import json
from typing import Any

from skillopt_sleep.backends.base import Completion, Message, Usage
from skillopt_sleep.backends.pricing import PriceTable, cost_or_zero
from skillopt_sleep.backends.retry import Failure, classify_status
from skillopt_sleep.errors import AuthError, BackendError, ConfigError, ModelNotFoundError, QuotaError

PROVIDER = "claude-code"
LOGIN_HINT = "run `claude` once and log in (or set ANTHROPIC_API_KEY)"


def classify_result(result: Any, assistant_error: str | None, model: str) -> Failure:
    """What an error ResultMessage means (the CLI reports the API status and an error kind)."""
    text = str(getattr(result, "result", "") or "") or "; ".join(getattr(result, "errors", None) or []) or str(getattr(result, "subtype", ""))
    status = getattr(result, "api_error_status", None)
    if assistant_error == "authentication_failed":
        return Failure(False, text, error=AuthError(f"claude-code: {text}; {LOGIN_HINT}"))
    if assistant_error == "billing_error":
        return Failure(False, text, error=QuotaError(f"claude-code: the account is out of credit or usage: {text}"))
    if assistant_error == "model_not_found":
        return Failure(False, text, error=ModelNotFoundError(f"claude-code does not know model {model!r}: {text}"))
    if assistant_error in ("rate_limit", "server_error") and status is None:
        return Failure(True, f"claude-code: {text}")
    if status is not None:
        return classify_status(provider=PROVIDER, model=model, status=int(status), message=text, key_hint="your Claude login")
    subtype = str(getattr(result, "subtype", ""))
    if subtype.startswith("error_max_turns"):
        return Failure(False, text, error=BackendError(f"claude-code: the reply needed more turns than allowed ({text})"))
    return Failure(False, text, error=BackendError(f"claude-code failed: {text}"))


def classify_exception(exc: Exception, stderr: list[str]) -> Failure:
    """What an exception out of the SDK means; the CLI's last stderr lines say more."""
    from claude_agent_sdk import CLINotFoundError, ProcessError  # optional SDK (the `claude` extra): imported on use

    tail = " | ".join(line.strip() for line in stderr[-3:] if line.strip())
    said = f" (stderr: {tail})" if tail else ""
    if isinstance(exc, CLINotFoundError):
        return Failure(False, str(exc), error=ConfigError(f"claude-code: the claude CLI was not found: {exc}"))
    if isinstance(exc, ProcessError):
        return Failure(True, f"claude-code: the CLI exited with {exc.exit_code}: {exc}{said}")
    return Failure(True, f"claude-code: {type(exc).__name__}: {exc}{said}")


def render_transcript(messages: list[Message]) -> str:
    """A conversation as one prompt, for turns that have no live session to continue."""
    if len(messages) == 1 and messages[0].role == "user":
        return messages[0].content
    lines = ["Earlier turns of this conversation:"]
    for message in messages:
        if message.role == "user":
            lines.append(f"User: {message.content}")
        elif message.role == "assistant":
            if message.content:
                lines.append(f"Assistant: {message.content}")
            for call in message.tool_calls:
                lines.append(f"Assistant called tool {call.name} with {json.dumps(call.arguments, ensure_ascii=False)}")
        elif message.role == "tool":
            lines.append(f"Tool result: {message.content}")
    lines.append("Continue as the assistant: call a tool if you still need one, otherwise give the final answer.")
    return "\n".join(lines)


def usage_from_cli(raw: dict | None) -> Usage:
    raw = raw or {}
    return Usage(
        input_tokens=int(raw.get("input_tokens") or 0),
        output_tokens=int(raw.get("output_tokens") or 0),
        cache_read_tokens=int(raw.get("cache_read_input_tokens") or 0),
        cache_write_tokens=int(raw.get("cache_creation_input_tokens") or 0),
    )


def usage_left(total: Usage, used: Usage) -> Usage:
    return Usage(
        input_tokens=max(0, total.input_tokens - used.input_tokens),
        output_tokens=max(0, total.output_tokens - used.output_tokens),
        cache_read_tokens=max(0, total.cache_read_tokens - used.cache_read_tokens),
        cache_write_tokens=max(0, total.cache_write_tokens - used.cache_write_tokens),
    )


def final_completion(result: Any, reported: Usage, reported_cost: float, prices: PriceTable, model: str) -> Completion:
    """The last turn of a run: what the result reports beyond the turns already returned."""
    usage = usage_left(usage_from_cli(result.usage), reported)
    if result.total_cost_usd is not None:
        cost = max(0.0, float(result.total_cost_usd) - reported_cost)
    else:
        cost = cost_or_zero(prices.lookup(model), usage)
    text = json.dumps(result.structured_output, ensure_ascii=False) if result.structured_output is not None else (result.result or "")
    models = list((result.model_usage or {}).keys())
    return Completion(text=text, usage=usage, cost_usd=cost, model=models[0] if models else model,
                      stop_reason=str(result.stop_reason or result.subtype or ""))
