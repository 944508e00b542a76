"""Read the actions a model asked for, whatever shape it wrote them in.

Small models write their whole plan in one turn (several JSON objects, a list, an
`{"actions": [...]}` object), call tools by other names (`read_file`, `bash`, `str_replace`),
name arguments their own way (`file`, `cmd`, `old_str`), put the arguments beside the tool name
instead of under `arguments`, or break the JSON. All of these become the same `Action`s; a reply
with nothing usable gives none, and the loop asks again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import json_repair

from skillopt_sleep.backends.base import ToolCall

TOOL_NAMES = ("list", "read", "search", "edit", "run", "finish")

_TOOL_ALIASES = {
    "ls": "list", "list_files": "list", "list_dir": "list", "list_directory": "list", "dir": "list",
    "read_file": "read", "cat": "read", "open": "read", "view": "read", "open_file": "read", "view_file": "read",
    "grep": "search", "find": "search", "search_files": "search", "rg": "search",
    "write": "edit", "write_file": "edit", "replace": "edit", "edit_file": "edit", "str_replace": "edit",
    "create": "edit", "create_file": "edit", "patch": "edit",
    "bash": "run", "shell": "run", "exec": "run", "execute": "run", "run_command": "run", "command": "run",
    "terminal": "run", "sh": "run",
    "done": "finish", "submit": "finish", "answer": "finish", "final": "finish", "final_answer": "finish", "stop": "finish",
}
_ARGUMENT_ALIASES = {
    "path": ("path", "file", "filename", "file_path", "filepath", "dir", "directory", "folder"),
    "start": ("start", "start_line", "line_start", "from", "first"),
    "end": ("end", "end_line", "line_end", "to", "last"),
    "pattern": ("pattern", "query", "regex", "q", "text", "term"),
    "old": ("old", "old_text", "old_str", "old_string", "search", "find", "before", "original"),
    "new": ("new", "new_text", "new_str", "new_string", "replace", "replacement", "after"),
    "content": ("content", "contents", "file_text", "code", "body", "data"),
    "command": ("command", "cmd", "script", "shell"),
    "checked": ("checked", "checked_with", "check", "verified_with", "verification"),
    "message": ("message", "summary", "answer", "result", "text", "reason"),
}
_TOOL_ARGUMENTS = {
    "list": ("path",),
    "read": ("path", "start", "end"),
    "search": ("pattern", "path"),
    "edit": ("path", "old", "new", "content"),
    "run": ("command",),
    "finish": ("message", "checked"),
}
_NAME_KEYS = ("tool", "name", "action", "function", "tool_name", "type")
_ARGUMENT_KEYS = ("arguments", "args", "parameters", "params", "input")
_FENCE = re.compile(r"```[A-Za-z]*\s*(.*?)```", re.S)


@dataclass
class Action:
    name: str
    arguments: dict = field(default_factory=dict)
    call_id: str = ""  # the native tool call's id, which its result must answer


def canonical_tool(name: object) -> str:
    """Our tool name for what the model called it ("" when it is none of ours)."""
    key = str(name or "").strip().lower().replace("-", "_").replace(" ", "_")
    key = key.rsplit(".", 1)[-1]  # functions.read, tools.run
    if key in TOOL_NAMES:
        return key
    return _TOOL_ALIASES.get(key, "")


def normalise_arguments(tool: str, arguments: dict) -> dict:
    """The tool's own argument names, from whichever alias the model used; the first alias
    present wins. Arguments the tool does not take are dropped."""
    out: dict = {}
    for name in _TOOL_ARGUMENTS.get(tool, ()):
        for alias in _ARGUMENT_ALIASES[name]:
            if alias in arguments and arguments[alias] is not None:
                out[name] = arguments[alias]
                break
    return out


def from_tool_calls(calls: list[ToolCall]) -> list[Action]:
    """Native tool calls as actions; a call of an unknown tool keeps its name, so the loop can
    say so to the model."""
    actions = []
    for call in calls:
        tool = canonical_tool(call.name)
        arguments = call.arguments if isinstance(call.arguments, dict) else _as_dict(call.arguments)
        actions.append(Action(tool or call.name, normalise_arguments(tool, arguments) if tool else dict(arguments), call.call_id))
    return actions


def parse_actions(text: str) -> list[Action]:
    """Every action in a reply, in the order written."""
    actions: list[Action] = []
    for value in _json_values(text or ""):
        actions.extend(_actions_in(value))
    return actions


def _as_dict(value: object) -> dict:
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value.strip():
        parsed = json_repair.loads(value)
        if isinstance(parsed, dict):
            return parsed
    return {}


def _actions_in(value: object) -> list[Action]:
    if isinstance(value, list):
        return [action for item in value for action in _actions_in(item)]
    if not isinstance(value, dict):
        return []
    for key in ("actions", "tool_calls", "calls", "steps"):
        if isinstance(value.get(key), list):
            return _actions_in(value[key])
    action = _one_action(value)
    return [action] if action is not None else []


def _one_action(value: dict) -> Action | None:
    for key in _NAME_KEYS:
        tool = canonical_tool(value.get(key)) if isinstance(value.get(key), str) else ""
        if tool:
            nested = next((value[k] for k in _ARGUMENT_KEYS if k in value), None)
            arguments = _as_dict(nested) if nested is not None else {k: v for k, v in value.items() if k != key}
            return Action(tool, normalise_arguments(tool, arguments))
        if key == "function" and isinstance(value.get(key), dict):  # {"function": {"name": ..., "arguments": ...}}
            return _one_action(value[key])
    if len(value) == 1:  # {"read": {"path": "a.py"}}
        (name, arguments), = value.items()
        tool = canonical_tool(name)
        if tool and isinstance(arguments, dict):
            return Action(tool, normalise_arguments(tool, arguments))
        if tool == "finish" and isinstance(arguments, str):
            return Action("finish", {"message": arguments})
    return None


def _json_values(text: str) -> list[object]:
    """The JSON values in a reply: those in code fences if there are any, else those in the
    whole text, each read strictly where it can be and repaired where it cannot."""
    fenced = [m.group(1) for m in _FENCE.finditer(text)]
    sources = fenced or [text]
    values: list[object] = []
    for source in sources:
        values.extend(_scan(source))
    if not values and fenced:
        values = _scan(text)
    return values


_DECODER = json.JSONDecoder(strict=False)  # raw newlines inside strings are common and harmless


def _scan(source: str) -> list[object]:
    values: list[object] = []
    position = 0
    while True:
        starts = [p for p in (source.find("{", position), source.find("[", position)) if p >= 0]
        if not starts:
            return values
        start = min(starts)
        try:
            value, end = _DECODER.raw_decode(source, start)
        except json.JSONDecodeError:
            # json-repair reads every value left in the text (several come back as one list,
            # which _actions_in flattens as it would a list the model wrote).
            repaired = json_repair.loads(source[start:])
            if isinstance(repaired, (dict, list)) and repaired:
                values.append(repaired)
            return values
        if isinstance(value, (dict, list)):
            values.append(value)
        position = end

