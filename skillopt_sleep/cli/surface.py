"""Where the user typed the command decides how its hints are worded.

Inside Claude Code the user reaches the engine through `/skillopt-sleep ACTION` and may have no
`skillopt-sleep` on PATH, so a hint such as "run `skillopt-sleep ingest`" would name something
they cannot run. The plugin's runner sets SKILLOPT_SLEEP_SURFACE=slash; then every line the
engine writes (its own, its library's messages and its log) names the slash command instead.
Rewriting at the output edge keeps one wording in the code and covers every hint at once.
"""

from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager
from typing import Iterator, Mapping, TextIO

SURFACE_ENV = "SKILLOPT_SLEEP_SURFACE"
SLASH_COMMAND = "/skillopt-sleep"
# What `/skillopt-sleep ACTION` runs (plugin/runners/skillopt-sleep-command and -change list the same).
SLASH_ACTIONS = ("status", "run", "dry-run", "review", "adopt", "reject", "revert", "ingest", "mine", "harvest",
                 "tasks", "skills", "model", "rules", "config", "schedule", "unschedule")
_CLI_HINT = re.compile(r"(?<![\w/.-])skillopt-sleep (?=(?:%s)(?![\w-]))" % "|".join(map(re.escape, SLASH_ACTIONS)))


def slash_wording(text: str) -> str:
    """`skillopt-sleep ingest` -> `/skillopt-sleep ingest`, for the actions the slash command has."""
    return _CLI_HINT.sub(SLASH_COMMAND + " ", text)


class SlashWordedStream:
    """A text stream that rewrites CLI hints as slash-command hints on their way out."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(slash_wording(text))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextmanager
def worded_for_surface(env: Mapping[str, str] | None = None) -> Iterator[None]:
    """While inside, stdout and stderr speak the surface's wording (no change outside the agent)."""
    env = os.environ if env is None else env
    if env.get(SURFACE_ENV) != "slash":
        yield
        return
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SlashWordedStream(saved[0]), SlashWordedStream(saved[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
