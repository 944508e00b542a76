"""Read the conversation out of a request body, whatever the API: Anthropic Messages, OpenAI
Chat Completions or OpenAI Responses. Used by responders to match on prompt text and to tell
whether a tool result has come back yet, and by the fakes to estimate token counts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.fakes.http import FakeRequest


def _body(request: "FakeRequest") -> dict:
    return request.json if isinstance(request.json, dict) else {}


def _blocks_text(content: Any) -> str:
    """Text of a content field that is a string or a list of typed blocks / parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        content = [content]
    parts: list[str] = []
    for block in content if isinstance(content, list) else []:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict):
            kind = block.get("type", "")
            if "text" in block and isinstance(block["text"], str):
                parts.append(block["text"])
            elif kind == "tool_result":
                parts.append(_blocks_text(block.get("content")))
            elif kind == "tool_use":
                parts.append(json.dumps(block.get("input", {})))
    return "\n".join(p for p in parts if p)


def system_text(request: "FakeRequest") -> str:
    body = _body(request)
    if "instructions" in body or ("input" in body and "messages" not in body):  # Responses API
        texts = [str(body.get("instructions") or "")]
        items = body.get("input")
        if isinstance(items, list):
            texts += [_blocks_text(i.get("content")) for i in items if isinstance(i, dict) and i.get("role") in ("system", "developer")]
        return "\n".join(t for t in texts if t)
    if "system" in body:  # Anthropic
        return _blocks_text(body.get("system"))
    messages = body.get("messages") or []
    return "\n".join(_blocks_text(m.get("content")) for m in messages if isinstance(m, dict) and m.get("role") in ("system", "developer"))


def _items(request: "FakeRequest") -> list[dict]:
    body = _body(request)
    items = body.get("messages")
    if items is None:
        items = body.get("input")
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    return [i for i in items or [] if isinstance(i, dict)]


def prompt_text(request: "FakeRequest") -> str:
    parts = [system_text(request)]
    for item in _items(request):
        if item.get("role") in ("system", "developer"):
            continue
        if item.get("type") == "function_call_output":
            parts.append(str(item.get("output", "")))
        elif item.get("type") == "function_call":
            parts.append(str(item.get("arguments", "")))
        else:
            parts.append(_blocks_text(item.get("content")))
            for call in item.get("tool_calls") or []:
                parts.append(str((call.get("function") or {}).get("arguments", "")))
    return "\n".join(p for p in parts if p)


def last_user_text(request: "FakeRequest") -> str:
    for item in reversed(_items(request)):
        if item.get("role") != "user":
            continue
        content = item.get("content")
        if isinstance(content, list):
            texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") in ("text", "input_text")]
            if texts:
                return "\n".join(texts)
            continue  # a user turn that only carries tool results
        return _blocks_text(content)
    return ""


def tool_results(request: "FakeRequest") -> list[str]:
    results: list[str] = []
    for item in _items(request):
        if item.get("type") == "function_call_output":  # Responses
            output = item.get("output", "")
            results.append(output if isinstance(output, str) else _blocks_text(output))
        elif item.get("role") == "tool":  # Chat Completions
            results.append(_blocks_text(item.get("content")))
        elif isinstance(item.get("content"), list):  # Anthropic
            for block in item["content"]:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    results.append(_blocks_text(block.get("content")))
    return results


def tool_names(request: "FakeRequest") -> list[str]:
    names = []
    for tool in _body(request).get("tools") or []:
        if not isinstance(tool, dict):
            continue
        name = tool.get("name") or (tool.get("function") or {}).get("name")
        if name:
            names.append(str(name))
    return names


def estimate_tokens(value: Any) -> int:
    """About four characters a token, the usual rule of thumb for English and code."""
    if value is None:
        return 0
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (len(text) + 3) // 4
