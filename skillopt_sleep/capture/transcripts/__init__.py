"""Transcript parsers, one per agent, sharing the session builder in `common`."""

from __future__ import annotations

from skillopt_sleep.capture.transcripts.claude import ClaudeParser
from skillopt_sleep.capture.transcripts.codex import CodexParser
from skillopt_sleep.capture.transcripts.copilot import CopilotParser
from skillopt_sleep.capture.transcripts.cursor import CursorParser
from skillopt_sleep.capture.transcripts.opencode import OpenCodeParser
from skillopt_sleep.capture.transcripts.pi import PiParser
from skillopt_sleep.capture.transcripts.vscode import VscodeCopilotParser

PARSERS = {parser.agent: parser for parser in (ClaudeParser, CodexParser, CopilotParser, PiParser, OpenCodeParser, CursorParser,
                                               VscodeCopilotParser)}
AGENTS = tuple(PARSERS)

__all__ = ["AGENTS", "PARSERS", "ClaudeParser", "CodexParser", "CopilotParser", "CursorParser", "OpenCodeParser", "PiParser",
           "VscodeCopilotParser"]
