"""What an edit added and took out, read from each agent's edit tool input: call names and line
fingerprints, kept on the session and never the code itself."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.capture.edit_traces import NO_TRACE, edit_trace, line_print
from skillopt_sleep.capture.sessions import ToolUse
from skillopt_sleep.capture.transcripts.codex import patch_trace, patches

OLD = 'def f(x):\n    return x\n'
NEW = 'def f(x):\n    print("f", x)\n    return x\n'


@pytest.mark.parametrize("data", [
    {"file_path": "a.py", "old_string": OLD, "new_string": NEW},  # Claude Code Edit
    {"file_path": "a.py", "edits": [{"old_string": OLD, "new_string": NEW}]},  # Claude Code MultiEdit
    {"path": "a.py", "old_str": OLD, "new_str": NEW},  # Copilot CLI edit
    {"filePath": "a.py", "oldString": OLD, "newString": NEW},  # OpenCode edit
    {"path": "a.py", "oldText": OLD, "newText": NEW},  # pi edit
])
def test_each_agents_edit_input_gives_the_call_it_added(data):
    trace = edit_trace(data)
    assert trace.added_calls == ("print",) and trace.removed_calls == ()
    assert trace.added_lines == (line_print('    print("f", x)'),) and trace.removed_lines == ()


def test_a_new_files_content_is_all_added_and_a_call_made_less_often_is_taken_out():
    assert edit_trace({"file_path": "b.js", "content": "log(a);\nrun(b);\n"}).added_calls == ("log", "run")
    fewer = edit_trace({"old_string": "log(1)\nlog(2)\n", "new_string": "log(1)\n"})
    assert fewer.removed_calls == ("log",) and fewer.added_calls == ()


def test_a_codex_patch_gives_its_plus_and_minus_lines():
    patch = ("*** Begin Patch\n*** Update File: web/view.mjs\n@@\n-  console.log(\"v\", v);\n   render(v);\n"
             "+  trace(v);\n*** End Patch\n")
    trace = patch_trace(patches({"type": "custom_tool_call", "name": "apply_patch", "input": patch}))
    assert trace.removed_calls == ("console.log",) and trace.added_calls == ("trace",)
    assert trace.removed_lines == (line_print('console.log("v", v);'),)


def test_tools_that_edit_nothing_have_no_trace():
    assert edit_trace({"command": "rm -rf build && make"}) == NO_TRACE
    assert edit_trace("not a patch") == NO_TRACE and edit_trace(["a list"]) == NO_TRACE
    assert patch_trace(patches({"type": "function_call", "name": "shell", "arguments": '{"command": ["ls"]}'})) is NO_TRACE


def test_the_session_keeps_names_and_fingerprints_only_and_reads_them_back():
    secret_line = 'token = fetch_token("sk-live-0123456789abcdef")'
    tool = ToolUse("Edit", "a.py", trace=edit_trace({"old_string": "", "new_string": secret_line}))
    stored = json.dumps(tool.to_dict())
    assert "sk-live" not in stored and "token =" not in stored and "fetch_token" in stored
    assert ToolUse.from_dict(json.loads(stored)) == tool
    assert "added_calls" not in ToolUse("Bash", "ls").to_dict()  # nothing stored for other tools
