"""Tools a replay may offer the student (for example a `search` over a brain of pages).

The night asks a task's `ToolEnvironment` for its specs, lets the student call them in a loop,
and records each call so judges such as `tool_called` see what really happened.
"""

from __future__ import annotations

from typing import Callable, Protocol

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.records import Task


class ToolEnvironment(Protocol):
    def specs(self) -> list[ToolSpec]: ...

    def call(self, name: str, arguments: dict) -> str:
        """Run one tool call; raise ValueError for a bad call (reported back to the model)."""
        ...


# A provider may instead return an `environment.Environment`: the task is then an episode.
ToolProvider = Callable[[Task], "ToolEnvironment | None"]


def no_tools(task: Task) -> None:
    return None
