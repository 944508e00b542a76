"""Which tool calls of a captured session wrote files: the agents' edit tools, and a shell
command that applied a patch (Codex's `apply_patch` through `exec_command`)."""

from __future__ import annotations

import re

from skillopt_sleep.capture.sessions import ToolUse
from skillopt_sleep.capture.transcripts.common import SHELL_TOOLS

# The agents' tools that write files (Claude Code, Codex's apply_patch, and the others').
EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch", "edit", "write", "create",
                        "str_replace_editor", "str_replace_based_edit_tool", "write_file", "edit_file", "replace"})
_PATCH_COMMAND = re.compile(r"^(?:cd\s+\S+\s*&&\s*)?apply_patch\b")


def is_edit(tool: ToolUse) -> bool:
    """A tool call that wrote files: an edit tool, or a shell command that applied a patch."""
    if tool.error:
        return False
    return tool.name in EDIT_TOOLS or (tool.name in SHELL_TOOLS and bool(tool.paths)
                                      and bool(_PATCH_COMMAND.match(tool.summary.lstrip())))
