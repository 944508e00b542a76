"""The strict text format a small local model speaks: the conversation rendered for any GGUF
chat template, the JSON schema a tool turn must follow, and the reply read back as a tool call
or an answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from skillopt_sleep.backends.base import CompletionRequest, Message, ToolCall, ToolSpec
from skillopt_sleep.errors import BackendError


def _arguments_schema(tool: ToolSpec) -> dict:
    schema = dict(tool.parameters or {})
    schema.setdefault("type", "object")
    if schema.get("properties") and "additionalProperties" not in schema:
        schema["additionalProperties"] = False  # a small model otherwise invents extra keys
    return schema


def tool_turn_schema(tools: list[ToolSpec], answer_schema: dict | None = None) -> dict:
    """Exactly one tool call of a known tool with valid arguments, or a final answer."""
    alternatives = [
        {
            "type": "object",
            "properties": {"tool": {"const": tool.name}, "arguments": _arguments_schema(tool)},
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        }
        for tool in tools
    ]
    alternatives.append({
        "type": "object",
        "properties": {"answer": answer_schema or {"type": "string"}},
        "required": ["answer"],
        "additionalProperties": False,
    })
    return {"oneOf": alternatives}


def _argument_hint(tool: ToolSpec) -> str:
    properties = (tool.parameters or {}).get("properties") or {}
    if not properties:
        return "{}"
    fields = ", ".join(f'"{name}": {spec.get("type", "value")}' for name, spec in properties.items())
    return "{" + fields + "}"


def tool_protocol(tools: list[ToolSpec], answer_is_json: bool) -> str:
    # Measured on the 0.5B: it takes whichever option is listed first, whatever its skill says
    # (and so does its own chat template's tool format). Tools come first: a task offers a
    # tool to be used.
    lines = ["", "Tools you can call:"]
    for tool in tools:
        lines.append(f"- {tool.name}: {tool.description.strip()} Arguments: {_argument_hint(tool)}")
    answer = '{"answer": <the final answer as the requested JSON>}' if answer_is_json else '{"answer": "<your final answer>"}'
    lines += [
        "",
        "Reply with exactly one JSON object and nothing else: either",
        '{"tool": "<tool name>", "arguments": {...}} to call a tool, or',
        f"{answer} when you are done.",
        "After a tool call you receive its result and may call another tool or answer.",
    ]
    return "\n".join(lines)


# Measured on the 0.5B: a neutral "another call or an answer" made it answer the literal word
# "search" or repeat the call; pointing it at the result makes it answer from it.
AFTER_RESULT_WITH_TOOLS = (
    'Use this result to answer the question above. Reply {"answer": "<your complete answer>"}, '
    "or call a tool again only if the result did not help."
)
AFTER_RESULT_NO_TOOLS = "No more tool calls are possible now. Reply with your final answer."


def _tool_call_json(call: ToolCall) -> str:
    return json.dumps({"tool": call.name, "arguments": call.arguments}, ensure_ascii=False)


def _tool_result_text(message: Message, names: dict[str, str]) -> str:
    name = names.get(message.tool_call_id, "tool")
    return f"Result of the {name} call:\n{message.content}"


def render_messages(request: CompletionRequest) -> list[dict]:
    """The request as chat messages any GGUF chat template accepts: system first, then strictly
    alternating user/assistant turns; tool calls and results become plain text of our format."""
    system = request.system
    if request.tools:
        system = (system + "\n" if system else "") + tool_protocol(request.tools, request.json_schema is not None)
    names = {c.call_id: c.name for m in request.messages for c in m.tool_calls}
    turns: list[dict] = []
    for message in request.messages:
        if message.role == "assistant":
            parts = [message.content] if message.content and not message.tool_calls else []
            parts += [_tool_call_json(c) for c in message.tool_calls]
            role, content = "assistant", "\n".join(parts)
        elif message.role == "tool":
            role, content = "user", _tool_result_text(message, names)
        elif message.role == "user":
            role, content = "user", message.content
        else:
            raise BackendError(f"local backend: unknown message role {message.role!r}")
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"] += "\n\n" + content
        else:
            turns.append({"role": role, "content": content})
    if turns and request.messages and request.messages[-1].role == "tool":
        turns[-1]["content"] += "\n\n" + (AFTER_RESULT_WITH_TOOLS if request.tools else AFTER_RESULT_NO_TOOLS)
    messages = [{"role": "system", "content": system}] if system else []
    return messages + turns


@dataclass
class ParsedTurn:
    text: str
    tool_calls: list[ToolCall]
    stop_reason: str


def _salvage_answer(raw: str) -> str | None:
    """The answer string of a reply cut off by max_tokens, e.g. `{"answer": "Yes, because`."""
    head = raw.lstrip()
    prefix = '{"answer":'
    if not head.replace(" ", "").startswith(prefix):
        return None
    body = head[head.index(":") + 1:].lstrip()
    if not body.startswith('"'):
        return None
    body = body[1:]
    for cut in range(len(body), max(len(body) - 8, -1), -1):  # drop a half-written escape
        try:
            return json.loads('"' + body[:cut] + '"', strict=False)
        except ValueError:
            continue
    return None


def parse_tool_turn(raw: str, finish_reason: str, prior_calls: int) -> ParsedTurn:
    try:
        value = json.loads(raw, strict=False)  # the grammar allows raw newlines inside strings
    except ValueError:
        salvaged = _salvage_answer(raw) if finish_reason == "length" else None
        if salvaged is not None:
            return ParsedTurn(text=salvaged, tool_calls=[], stop_reason="length")
        return ParsedTurn(text=raw, tool_calls=[], stop_reason=finish_reason or "error")
    if isinstance(value, dict) and "tool" in value:
        call = ToolCall(name=str(value["tool"]), arguments=dict(value.get("arguments") or {}), call_id=f"call-{prior_calls + 1}")
        return ParsedTurn(text="", tool_calls=[call], stop_reason="tool_use")
    if isinstance(value, dict) and "answer" in value:
        answer = value["answer"]
        text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        return ParsedTurn(text=text, tool_calls=[], stop_reason=finish_reason or "stop")
    return ParsedTurn(text=raw, tool_calls=[], stop_reason=finish_reason or "stop")


def normalise_json(raw: str) -> str:
    """Strict JSON text for a schema-constrained reply (raw newlines in strings re-escaped)."""
    try:
        return json.dumps(json.loads(raw, strict=False), ensure_ascii=False)
    except ValueError:
        return raw  # cut off by max_tokens: the caller sees stop_reason "length"
