"""Transcript parsers, one per agent, sharing the session builder in `common`."""

from __future__ import annotations

from skillopt_sleep.capture.transcripts.claude import ClaudeParser
from skillopt_sleep.capture.transcripts.codex import CodexParser

PARSERS = {ClaudeParser.agent: ClaudeParser, CodexParser.agent: CodexParser}
AGENTS = tuple(PARSERS)

__all__ = ["AGENTS", "PARSERS", "ClaudeParser", "CodexParser"]
