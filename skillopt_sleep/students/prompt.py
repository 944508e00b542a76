"""What the built-in loop tells the model: short enough for a 0.5B-1.5B model.

The system prompt holds the skill under test, the tools in one line each, and one example
exchange (read, then an edit, then finish), written in the format the model must answer in:
native tool calls, or a JSON object of actions that a schema constrains where the backend decodes
under one. The example runs no check: a small model copies what the example does, so whether
and how to check the work must come from the skill and the request, which a night may change.
"""

from __future__ import annotations

import json

from skillopt_sleep.students.actions import Action
from skillopt_sleep.backends.base import ToolSpec

NATIVE = "native"
JSON = "json"

_STRING = {"type": "string"}
_INTEGER = {"type": "integer"}

TOOL_SPECS = [
    ToolSpec("list", "List a folder of the repository.", {"type": "object", "properties": {"path": _STRING}}),
    ToolSpec("read", "Read a file, or lines start..end of it.",
             {"type": "object", "properties": {"path": _STRING, "start": _INTEGER, "end": _INTEGER}, "required": ["path"]}),
    ToolSpec("search", "Find a regular expression in the repository's files.",
             {"type": "object", "properties": {"pattern": _STRING, "path": _STRING}, "required": ["pattern"]}),
    ToolSpec("edit", "Change a file: replace the exact text `old` with `new`, or write the whole file as `content`.",
             {"type": "object", "properties": {"path": _STRING, "old": _STRING, "new": _STRING, "content": _STRING},
              "required": ["path"]}),
    ToolSpec("run", "Run a shell command in the repository; shows its output and exit code.",
             {"type": "object", "properties": {"command": _STRING}, "required": ["command"]}),
    ToolSpec("finish", "End the task, saying what you did.",
             {"type": "object", "properties": {"message": _STRING}, "required": ["message"]}),
]
# Asked of finish where the loop holds a model to the check it names (LoopLimits.finish_names_check).
CHECKED_HELP = "the command that checked your work after your last change, or none"


def tool_specs(names_check: bool = False) -> list[ToolSpec]:
    if not names_check:
        return list(TOOL_SPECS)
    finish = ToolSpec("finish", "End the task, saying what you did and which command checked it.",
                      {"type": "object", "properties": {"message": _STRING, "checked": {**_STRING, "description": CHECKED_HELP}},
                       "required": ["message", "checked"]})
    return [*TOOL_SPECS[:-1], finish]

# One line per tool as the JSON format writes it; an edit has two forms.
_JSON_TOOLS = [
    ('{"tool": "list", "path": "."}', "list a folder"),
    ('{"tool": "read", "path": "a.py", "start": 1, "end": 80}', "read a file (start and end are optional)"),
    ('{"tool": "search", "pattern": "def main"}', "search the files (a regular expression)"),
    ('{"tool": "edit", "path": "a.py", "old": "exact old text", "new": "new text"}', "replace text in a file"),
    ('{"tool": "edit", "path": "a.py", "content": "the whole file"}', "write a whole file"),
    ('{"tool": "run", "command": "ls -la"}', "run a shell command"),
    ('{"tool": "finish", "message": "what you did"}', "end the task"),
]

_EXAMPLE_REQUEST = 'greet() in hello.py should return "Hello, NAME!".'
_EXAMPLE_FILE = 'def greet(name):\n    return "Hi " + name\n'
_EXAMPLE_TURNS = [
    [Action("read", {"path": "hello.py"})],
    # `old` is the whole line that changes, copied from the file; `new` is what replaces it.
    [Action("edit", {"path": "hello.py", "old": '    return "Hi " + name', "new": '    return f"Hello, {name}!"'})],
    [Action("finish", {"message": 'greet() returns "Hello, NAME!".'})],
]
_EXAMPLE_RESULTS = [
    [_EXAMPLE_FILE.rstrip()],
    ["edited hello.py"],
]


def json_action(action: Action) -> str:
    return json.dumps({"tool": action.name, **action.arguments}, ensure_ascii=False)


def json_actions(actions: list[Action]) -> str:
    return '{"actions": [' + ", ".join(json_action(a) for a in actions) + "]}"


def native_action(action: Action) -> str:
    arguments = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in action.arguments.items())
    return f"{action.name}({arguments})"


def system_prompt(skill_text: str, action_format: str, memory_text: str = "", names_check: bool = False) -> str:
    lines = ["You are a coding agent working in a copy of a repository. Follow the skill below.", "",
             "<skill>", skill_text.strip(), "</skill>"]
    if memory_text.strip():
        lines += ["", "<memory>", memory_text.strip(), "</memory>"]
    lines.append("")
    if action_format == JSON:
        lines.append('Reply with one JSON object {"actions": [...]} holding one or more actions; they run in order:')
        tools = _JSON_TOOLS if not names_check else [
            *_JSON_TOOLS[:-1], ('{"tool": "finish", "message": "what you did", "checked": "' + CHECKED_HELP + '"}', "end the task")]
        lines += [f"- {form}  {what}" for form, what in tools]
    else:
        lines.append("Use the tools list, read, search, edit, run and finish; several calls in one turn run in order.")
    lines += [
        "Read a file before you edit it. In an edit, `old` is the exact lines that change, copied from the file.",
        "Write real file text, never placeholders such as \"...\".",
        "Call finish when the work is done." + (" In finish, name the command that checked your work." if names_check else ""),
        "",
        "Example:",
        f"Request: {_EXAMPLE_REQUEST}",
    ]
    render = json_actions if action_format == JSON else (lambda actions: "; ".join(native_action(a) for a in actions))
    for index, turn in enumerate(_EXAMPLE_TURNS):
        lines.append(f"You: {render(turn)}")
        if index < len(_EXAMPLE_RESULTS):
            lines.append("Result: " + " | ".join(r.replace("\n", "\\n") for r in _EXAMPLE_RESULTS[index]))
    return "\n".join(lines)


def first_message(request: str, context: str, listing: str, skill: str = "") -> str:
    """The request, what it comes with, the files, and (`skill`) the skill said again last: a
    small model follows what it read last far more than a system prompt it read first."""
    parts = [f"Request: {request.strip()}"]
    if context.strip():
        parts += ["", f"Context:\n{context.strip()}"]
    if listing:
        parts += ["", f"Files at the top of the repository:\n{listing}"]
    if skill.strip():
        parts += ["", f"Follow your skill while you do this:\n{skill.strip()}"]
    return "\n".join(parts)


def confirm_message(skill: str) -> str:
    """What the model hears when its first finish is held: its skill, and a second chance."""
    return ("Before you finish, read your skill again. If it asks for something you have not done yet, "
            f"do it now; otherwise call finish again.\n\n{skill.strip()}")


def unchecked_message(command: str) -> str:
    """What the model hears when it names a check that has not run since its last change."""
    return (f"You named `{command}` as the check of your work, but it has not run since your last change. "
            "Run it now; then finish.")


def results_message(results: list[tuple[Action, str]], skipped: list[Action], note: str = "") -> str:
    """One turn's tool results, in the order the actions were written (JSON format)."""
    blocks = [f"Result of {_label(action)}:\n{shown}" for action, shown in results]
    blocks += [f"Not run: {_label(action)} (an earlier action ended the turn)" for action in skipped]
    if note:
        blocks.append(note)
    return "\n\n".join(blocks)


def _label(action: Action) -> str:
    target = action.arguments.get("path") or action.arguments.get("command") or action.arguments.get("pattern") or ""
    return f"{action.name} {str(target)[:80]}".rstrip()


def action_schema(max_actions: int, names_check: bool = False) -> dict:
    """The JSON format as a schema, for backends that decode under one: each action is one of
    the tools with its own arguments (an edit either replaces or writes)."""
    def tool(name: str, properties: dict, required: list[str]) -> dict:
        return {"type": "object", "properties": {"tool": {"const": name}, **properties},
                "required": ["tool", *required], "additionalProperties": False}

    alternatives = [
        tool("list", {"path": _STRING}, []),
        tool("read", {"path": _STRING, "start": _INTEGER, "end": _INTEGER}, ["path"]),
        tool("search", {"pattern": _STRING, "path": _STRING}, ["pattern"]),
        tool("edit", {"path": _STRING, "old": _STRING, "new": _STRING}, ["path", "old", "new"]),
        tool("edit", {"path": _STRING, "content": _STRING}, ["path", "content"]),
        tool("run", {"command": _STRING}, ["command"]),
        tool("finish", {"message": _STRING, "checked": _STRING}, ["message", "checked"]) if names_check
        else tool("finish", {"message": _STRING}, ["message"]),
    ]
    return {"type": "object",
            "properties": {"actions": {"type": "array", "items": {"oneOf": alternatives}, "minItems": 1, "maxItems": max_actions}},
            "required": ["actions"], "additionalProperties": False}
