"""The wire shapes of the OpenAI APIs: a `CompletionRequest` as a Chat Completions or Responses
body, and a reply body of either as a `Completion`.

- Usage: prompt tokens minus the cached part are input tokens, the cached part is cache-read
  tokens (OpenAI caches long prefixes on its own), completion tokens are output tokens.
"""

from __future__ import annotations

import json
from typing import Any

from skillopt_sleep.backends.base import Completion, CompletionRequest, Image, ToolCall, Usage
from skillopt_sleep.backends.pricing import ModelPrice, priced_completion
from skillopt_sleep.errors import BackendError

APIS = ("chat", "responses")
ENDPOINTS = {"chat": "/v1/chat/completions", "responses": "/v1/responses"}


def is_reasoning_model(model: str) -> bool:
    """o-series and gpt-5 models take no temperature and count reasoning in the token cap."""
    name = model.split("/")[-1].lower()
    return name.startswith(("o1", "o3", "o4", "gpt-5", "gpt-6")) and "chat" not in name


# -- request mapping ----------------------------------------------------------------------
def data_url(image: Image) -> str:
    return f"data:{image.media_type};base64,{image.data}"


def chat_params(request: CompletionRequest, model: str, *, official: bool) -> dict:
    messages: list[dict] = [{"role": "system", "content": request.system}] if request.system else []
    for message in request.messages:
        if message.role == "tool":
            messages.append({"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content})
        elif message.role == "assistant" and message.tool_calls:
            messages.append({
                "role": "assistant",
                "content": message.content or None,
                "tool_calls": [
                    {"id": c.call_id or f"call_{i}", "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
                    for i, c in enumerate(message.tool_calls)
                ],
            })
        elif message.role == "user" and message.images:
            messages.append({"role": "user", "content": [
                {"type": "text", "text": message.content},
                *({"type": "image_url", "image_url": {"url": data_url(image)}} for image in message.images)]})
        elif message.role in ("user", "assistant"):
            messages.append({"role": message.role, "content": message.content})
        else:
            raise BackendError(f"openai: unknown message role {message.role!r}")
    params: dict[str, Any] = {"model": model, "messages": messages}
    reasoning = is_reasoning_model(model)
    # OpenAI itself wants max_completion_tokens; compatible servers still read max_tokens.
    params["max_completion_tokens" if official else "max_tokens"] = request.max_tokens
    if not reasoning:
        params["temperature"] = request.temperature
    if request.seed is not None:
        params["seed"] = request.seed
    if request.tools:
        params["tools"] = [
            {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
            for t in request.tools
        ]
    if request.json_schema:
        params["response_format"] = {"type": "json_schema", "json_schema": {"name": "reply", "schema": request.json_schema, "strict": False}}
    return params


def responses_params(request: CompletionRequest, model: str) -> dict:
    items: list[dict] = []
    for message in request.messages:
        if message.role == "tool":
            items.append({"type": "function_call_output", "call_id": message.tool_call_id, "output": message.content})
        elif message.role == "assistant":
            if message.content:
                items.append({"role": "assistant", "content": message.content})
            for i, call in enumerate(message.tool_calls):
                items.append({"type": "function_call", "call_id": call.call_id or f"call_{i}", "name": call.name,
                              "arguments": json.dumps(call.arguments)})
        elif message.role == "user" and message.images:
            items.append({"role": "user", "content": [
                {"type": "input_text", "text": message.content},
                *({"type": "input_image", "image_url": data_url(image)} for image in message.images)]})
        elif message.role == "user":
            items.append({"role": "user", "content": message.content})
        else:
            raise BackendError(f"openai: unknown message role {message.role!r}")
    params: dict[str, Any] = {"model": model, "input": items, "max_output_tokens": request.max_tokens, "store": False}
    if request.system:
        params["instructions"] = request.system
    if not is_reasoning_model(model):
        params["temperature"] = request.temperature
    if request.tools:
        params["tools"] = [{"type": "function", "name": t.name, "description": t.description, "parameters": t.parameters, "strict": False}
                           for t in request.tools]
    if request.json_schema:
        params["text"] = {"format": {"type": "json_schema", "name": "reply", "schema": request.json_schema, "strict": False}}
    return params


# -- response mapping ---------------------------------------------------------------------
def _usage(prompt: int, cached: int, output: int) -> Usage:
    cached = max(0, min(cached, prompt))
    return Usage(input_tokens=prompt - cached, output_tokens=output, cache_read_tokens=cached)


def completion_from_chat(body: dict, price: ModelPrice | None, *, batch: bool) -> Completion:
    choices = body.get("choices") or []
    if not choices:
        raise BackendError("openai: the reply has no choices")
    choice = choices[0]
    message = choice.get("message") or {}
    calls = []
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        calls.append(ToolCall(name=str(function.get("name", "")), arguments=_arguments(function.get("arguments")), call_id=str(call.get("id", ""))))
    raw = body.get("usage") or {}
    details = raw.get("prompt_tokens_details") or {}
    usage = _usage(int(raw.get("prompt_tokens") or 0), int(details.get("cached_tokens") or 0), int(raw.get("completion_tokens") or 0))
    return priced_completion(price, usage, batch=batch, text=str(message.get("content") or ""), model=str(body.get("model") or ""),
                             tool_calls=calls, stop_reason=str(choice.get("finish_reason") or ""))


def completion_from_response(body: dict, price: ModelPrice | None, *, batch: bool) -> Completion:
    texts, calls = [], []
    for item in body.get("output") or []:
        if item.get("type") == "message":
            texts += [part.get("text", "") for part in item.get("content") or [] if part.get("type") == "output_text"]
        elif item.get("type") == "function_call":
            calls.append(ToolCall(name=str(item.get("name", "")), arguments=_arguments(item.get("arguments")), call_id=str(item.get("call_id", ""))))
    raw = body.get("usage") or {}
    details = raw.get("input_tokens_details") or {}
    usage = _usage(int(raw.get("input_tokens") or 0), int(details.get("cached_tokens") or 0), int(raw.get("output_tokens") or 0))
    incomplete = (body.get("incomplete_details") or {}).get("reason")
    return priced_completion(price, usage, batch=batch, text="".join(texts), model=str(body.get("model") or ""), tool_calls=calls,
                             stop_reason="tool_calls" if calls else (str(incomplete) if incomplete else str(body.get("status") or "")))


def _arguments(raw: Any) -> dict:
    """Tool arguments arrive as a JSON string; a model that writes broken JSON gets its text
    back under "_raw" so the tool environment can report the bad call to it."""
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {"_raw": str(raw)}
    return value if isinstance(value, dict) else {"_raw": str(raw)}
