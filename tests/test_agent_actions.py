"""Reading what models really write as actions, and telling placeholder text from real text."""

from __future__ import annotations

import pytest

from skillopt_sleep.students.actions import Action, from_tool_calls, parse_actions
from skillopt_sleep.students.placeholders import placeholder_reason
from skillopt_sleep.students.prompt import action_schema, json_actions
from skillopt_sleep.backends.base import ToolCall


def test_an_actions_object_gives_its_actions_in_order():
    reply = '{"actions": [{"tool": "read", "path": "a.py"}, {"tool": "run", "command": "make check"}]}'
    assert parse_actions(reply) == [Action("read", {"path": "a.py"}), Action("run", {"command": "make check"})]


def test_several_objects_one_after_another_are_several_actions():
    reply = ('I will read it first.\n{"tool": "read", "arguments": {"path": "a.py"}}\n'
             '{"tool": "edit", "arguments": {"path": "a.py", "old": "x", "new": "y"}}\nthen finish')
    assert [a.name for a in parse_actions(reply)] == ["read", "edit"]


def test_other_tool_and_argument_names_become_ours():
    reply = ('[{"name": "read_file", "args": {"file_path": "b.py", "start_line": 3}},'
             ' {"action": "bash", "cmd": "pytest -q"}, {"tool": "str_replace", "file": "b.py",'
             ' "old_str": "1", "new_str": "2"}, {"done": "fixed"}]')
    assert parse_actions(reply) == [
        Action("read", {"path": "b.py", "start": 3}),
        Action("run", {"command": "pytest -q"}),
        Action("edit", {"path": "b.py", "old": "1", "new": "2"}),
        Action("finish", {"message": "fixed"}),
    ]


def test_broken_json_is_repaired_and_a_cut_off_list_keeps_what_is_whole():
    # A regex copied into a string (\s is no JSON escape) and a reply cut off mid-action.
    reply = '{"actions": [{"tool": "search", "pattern": "def\\s+add"}, {"tool": "run", "command": "make che'
    actions = parse_actions(reply)
    assert actions[0] == Action("search", {"pattern": "def\\s+add"})
    assert actions[1].name == "run"


def test_a_fenced_block_is_read_before_the_prose_around_it():
    reply = 'Plan: {not json}\n```json\n{"tool": "list", "path": "src"}\n```\n'
    assert parse_actions(reply) == [Action("list", {"path": "src"})]


def test_openai_style_function_objects_and_string_arguments():
    reply = '{"type": "function", "function": {"name": "run", "arguments": "{\\"command\\": \\"ls\\"}"}}'
    assert parse_actions(reply) == [Action("run", {"command": "ls"})]


@pytest.mark.parametrize("reply", ["", "I have fixed the bug.", '{"thought": "hmm"}', "[1, 2, 3]"])
def test_a_reply_with_no_action_gives_none(reply):
    assert parse_actions(reply) == []


def test_native_calls_keep_their_ids_and_an_unknown_tool_keeps_its_name():
    calls = [ToolCall("Bash", {"command": "ls"}, "c1"), ToolCall("teleport", {"to": "x"}, "c2")]
    assert from_tool_calls(calls) == [Action("run", {"command": "ls"}, "c1"), Action("teleport", {"to": "x"}, "c2")]


def test_the_json_format_written_by_the_prompt_reads_back():
    actions = [Action("edit", {"path": "a.py", "content": 'print("hi")\n'}), Action("finish", {"message": "ok"})]
    assert parse_actions(json_actions(actions)) == actions


def test_the_action_schema_names_every_tool_and_bounds_the_turn():
    schema = action_schema(4)
    items = schema["properties"]["actions"]
    assert items["maxItems"] == 4 and items["minItems"] == 1
    names = [alt["properties"]["tool"]["const"] for alt in items["items"]["oneOf"]]
    assert names == ["list", "read", "search", "edit", "edit", "run", "finish"]


@pytest.mark.parametrize("text", ["...", "\u2026", "<content>", "<the full file>", "{content}", "the full file content here",
                                  "TODO: fill", "def f():\n    ...\n", "x = 1\n# ... rest of the file unchanged\n",
                                  "a = 2\n// existing code\n"])
def test_placeholder_text_is_named(text):
    assert placeholder_reason(text) != ""


@pytest.mark.parametrize("text", ["def add(a, b):\n    return a + b\n", "[]", "{}", "# TODO: handle negative numbers\nx = 1\n",
                                  "print('...')\n", "x = [1, 2, 3]  # three items\n"])
def test_real_text_is_not_a_placeholder(text):
    assert placeholder_reason(text) == ""


def test_a_line_the_file_already_has_is_its_own():
    existing = "class P(Protocol):\n    def f(self) -> int:\n        ...\n"
    assert placeholder_reason(existing.replace("int", "str"), existing) == ""
