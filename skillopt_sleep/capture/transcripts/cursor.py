"""Cursor agent transcripts (the `cursor-agent` / `agent` CLI and the editor's agent chats):
`~/.cursor/projects/<workspace slug>/agent-transcripts/<id>.jsonl` (the CLI) or `<id>/<id>.jsonl`
(the editor), a sub-agent's under `<id>/subagents/`. CURSOR_CONFIG_DIR moves ~/.cursor.

Cursor publishes no schema for these files. What is read here follows the layout as described by
tools that read them (one JSON object a line, `{"role": "user"|"assistant", "message":
{"content": [blocks]}}`, `text` and `tool_use` blocks as Anthropic's API has them, the user's
words wrapped in `<user_query>` and sometimes preceded by a `<timestamp>`). No real Cursor was run
to write this project's fixtures: they are hand-written in that format.

The files hold no tool results, no model, no cwd and no times: the cwd is the workspace folder
whose slug (the path without its leading '/', every other character but letters and digits made
'-') names the project folder, found on disk; the session's time is a `<timestamp>` when one
parses, else the file's mtime. Nothing in them tells a headless `agent -p` run from a terminal
session, so every session counts as the user's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.transcripts.claude import summarize_input
from skillopt_sleep.capture.transcripts.common import DecodedParser, SessionBuilder, as_dict, as_list, as_str

AGENT = "cursor"
TRANSCRIPTS_FOLDER = "agent-transcripts"
_TIMESTAMP = lazy(r"^\s*<timestamp>(.*?)</timestamp>\s*", re.S)
_USER_QUERY = lazy(r"<user_query>\s*(.*?)\s*</user_query>", re.S)
MAX_WALK_DIRS = 2000  # resolving a slug lists at most this many folders


def workspace_slug(directory: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", directory.lstrip("/"))


def workspace_of(slug: str, root: str = "/") -> str:
    """The existing folder whose slug is `slug` ('' if none): the slug is lossy, so the folders on
    disk decide where each '-' was a '/'."""
    budget = [MAX_WALK_DIRS]

    def walk(folder: str, rest: str) -> str:
        if not rest:
            return folder
        budget[0] -= 1
        if budget[0] < 0:
            return ""
        try:
            names = sorted(e.name for e in os.scandir(folder) if e.is_dir())
        except OSError:
            return ""
        for name in names:
            part = workspace_slug(name)
            if rest == part or rest.startswith(part + "-"):
                found = walk(os.path.join(folder, name), rest[len(part) + 1:])
                if found:
                    return found
        return ""

    return walk(root, slug)


def transcript_workspace(path: str | Path) -> str:
    """The workspace folder a transcript's path names by its slug ('' if not found on disk)."""
    parts = Path(path).parts
    return workspace_of(parts[parts.index(TRANSCRIPTS_FOLDER) - 1]) if TRANSCRIPTS_FOLDER in parts[1:] else ""


def user_words(text: str) -> tuple[str, str]:
    """(what the user typed, the timestamp Cursor put before it or '')."""
    stamp = _TIMESTAMP.match(text)
    rest = text[stamp.end():] if stamp else text
    query = _USER_QUERY.search(rest)
    return (query.group(1) if query else rest.strip()), (stamp.group(1).strip() if stamp else "")


class CursorParser(DecodedParser):
    agent = AGENT

    def __init__(self, builder: SessionBuilder, *, include_headless: bool = False, path: str = ""):
        super().__init__(builder, include_headless=include_headless, path=path)
        self.path = path
        if "subagents" in Path(path).parts:
            builder.session.exclude("subagent")
        builder.set_meta(cwd=transcript_workspace(path))

    def feed(self, record: dict) -> bool:
        role = as_str(record.get("role"))
        blocks = [as_dict(b) for b in as_list(as_dict(record.get("message")).get("content"))]
        texts = "\n".join(as_str(b.get("text")) for b in blocks if b.get("type") == "text")
        b = self.builder
        if role == "user":
            words, stamp = user_words(texts)
            b.seen_at(stamp)
            b.user_text(words, stamp)
        elif role == "assistant":
            b.assistant_text(texts)
            for block in blocks:
                if block.get("type") == "tool_use":
                    name, arguments = as_str(block.get("name")), block.get("input")
                    b.tool_call(as_str(block.get("id")), name, summarize_input(name, arguments),
                                trace=edit_trace(arguments))
        else:
            return False
        return True

    def finish(self) -> None:
        if not self.builder.session.started_at:
            try:
                self.builder.seen_at(os.stat(self.path).st_mtime)  # Cursor writes no times of its own
            except OSError:
                pass
        super().finish()
